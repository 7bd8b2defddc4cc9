"""What a user sees from `memaudit ls`, `show`, `trace`, `log`, `review --list`,
`verify` and `verify --content` on six providers' stores — Hermes, Mnemosyne, Holographic,
mem0, LangGraph, Basic Memory — written by the real packages
(tests/fixtures/providers/<system>/, copied into tmp_path), before and after each
package's own delete.

What each store holds, and what survives each package's own delete, comes from the
system's NOTES.md. The Store-level details live in test_<system>.py; this file checks
what a user sees from `memaudit ...`.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters.hermes import entry_id
from memaudit.errors import ExitCode
from memaudit.sidecar import sidecar_path
from tests.adapters.conftest import TOKEN, provider_ids

SIX = ("mem0", "langgraph", "basic_memory", "hermes", "mnemosyne", "holographic")

# Where each store is, inside a fixture variant folder: what a user passes to --db.
STORE = {
    "mem0": "",
    "langgraph": "store.db",
    "basic_memory": "",
    "hermes": "hermes_home",
    "mnemosyne": "hermes_home/mnemosyne/data/mnemosyne.db",
    "holographic": "memory_store.db",
}

# `ls --json --limit 0` counts (NOTES.md scenarios): before and after the package's delete.
COUNTS = {
    "mem0": (8, 7),  # 8 adds; Memory.delete removes the point
    "langgraph": (9, 8),  # 9 puts; store.delete
    "basic_memory": (8, 7),  # 8 observations in 6 notes; delete-note drops the vault note's one
    "hermes": (11, 10),  # 5 MEMORY.md + 2 USER.md entries + 4 pending; remove drops entry 4
    "mnemosyne": (10, 9),  # 7 working + 2 episodic + 1 pending; forget drops the working row
    "holographic": (8, 7),  # facts 1..8; remove_fact(7)
}

NEVER = "A walrus named Bartholomew audits the lighthouse ledger every Tuesday."
MNEMO = provider_ids("mnemosyne")
MNEMO_SUMMARY = "def196e789c74437"  # sleep()'s episodic summary of the 6 user memories
MEM0 = provider_ids("mem0")
HERMES = provider_ids("hermes")


def store_of(provider, system: str, variant: str = "before") -> Path:
    folder = provider(system, variant)
    return folder / STORE[system] if STORE[system] else folder


def as_json(result) -> dict | list:
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


# -- adapters: listing, detection, forcing, unknown stores ----------------------------


def test_adapters_lists_the_six_with_capabilities_and_what_they_were_tested_against(cli):
    rows = {r["name"]: r for r in as_json(cli("adapters", "--json"))["adapters"]}
    assert {name: rows[name]["capabilities"] for name in SIX} == {
        "mem0": ["history", "layers", "lineage", "read"],
        "langgraph": ["layers", "lineage", "read"],
        "basic_memory": ["layers", "lineage", "read"],
        "hermes": ["layers", "queue", "read"],
        "mnemosyne": ["history", "layers", "lineage", "read"],
        "holographic": ["layers", "lineage", "read"],
    }
    for name in SIX:
        # each names the package version and the committed fixture it was checked on
        assert f"tests/fixtures/providers/{name}" in rows[name]["tested_against"]
        assert any(ch.isdigit() for ch in rows[name]["tested_against"])


@pytest.mark.parametrize(
    ("system", "where"),
    [
        ("mem0", ""),
        ("mem0", "history.db"),
        ("mem0", "qdrant"),
        ("langgraph", ""),
        ("langgraph", "store.db"),
        ("basic_memory", ""),
        ("basic_memory", "config/memory.db"),
        ("hermes", "hermes_home"),
        ("hermes", "hermes_home/memories"),
        ("hermes", "hermes_home/memories/MEMORY.md"),
        ("mnemosyne", "hermes_home"),
        ("mnemosyne", "hermes_home/mnemosyne/data/mnemosyne.db"),
        ("holographic", ""),
        ("holographic", "memory_store.db"),
    ],
)
def test_detect_ranks_the_right_adapter_first(provider, cli, system, where):
    path = provider(system) / where if where else provider(system)
    result = cli("adapters", "--detect", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    ranked = [(r["name"], r["detect_score"]) for r in as_json(result)["adapters"]]
    assert ranked[0][0] == system and ranked[0][1] > ranked[1][1]
    # and that is what --db opens
    opened = cli("ls", "--json", "--limit", "0", db=path)
    assert opened.exit_code == 0, opened.stderr
    assert len(as_json(opened)) == COUNTS[system][0]


@pytest.mark.parametrize("system", SIX)
def test_adapter_option_forces_one(provider, cli, system):
    path = store_of(provider, system)
    forced = cli("--adapter", system, "ls", "--json", "--limit", "0", db=path)
    assert forced.exit_code == 0, forced.stderr
    assert len(as_json(forced)) == COUNTS[system][0]
    wrong = "langgraph" if system != "langgraph" else "mem0"
    refused = cli("--adapter", wrong, "ls", db=path)
    assert refused.exit_code != 0
    assert refused.stderr.startswith("Error: ") and "Traceback" not in refused.stderr


def test_a_folder_or_file_of_none_of_these_types_is_not_a_store_i_know(tmp_path, cli):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "MEMORY.md").write_text("a markdown file, but not in a HERMES_HOME")
    other = tmp_path / "app.db"
    other.write_bytes(b"SQLite format 3\x00" + bytes(4096))
    for location in (folder, folder / "MEMORY.md", other):
        for args in (("ls",), ("adapters", "--detect", str(location), "--json")):
            result = cli(*args, db=location) if args == ("ls",) else cli(*args)
            assert result.exit_code == ExitCode.ERROR, (args, location)
            assert "not a memory store I know" in result.stderr
            tried = result.stderr.split("tried:", 1)[1]
            assert all(name in tried for name in SIX)


# -- ls, show, trace on each store ------------------------------------------------------


@pytest.mark.parametrize("system", SIX)
def test_ls_returns_every_memory_before_and_after_the_packages_delete(provider, cli, system):
    before, after = COUNTS[system]
    rows = as_json(cli("ls", "--json", "--limit", "0", db=store_of(provider, system)))
    assert len(rows) == before == len({r["id"] for r in rows})
    assert any(TOKEN in r["content"] for r in rows)
    gone = as_json(
        cli("ls", "--json", "--limit", "0", db=store_of(provider, system, "after_delete"))
    )
    assert len(gone) == after
    # what is left of the token in a listed memory is only in a derived copy (Mnemosyne's
    # episodic summary) or a pending replace that quotes it (Hermes), never the original
    leftovers = {r["id"] for r in gone if TOKEN in r["content"]}
    assert leftovers <= {MNEMO_SUMMARY}


def _basic_memory_summary(cli, root: Path) -> str:
    rows = as_json(cli("ls", "--json", "--limit", "0", db=root))
    return next(r["id"] for r in rows if r["scope"] == "main/summaries/packaging-summary")


# system -> (memory, provenance shown, flag for what the store does not record)
SHOW = {
    "mem0": (
        MEM0["summary"],
        # metadata.kind says summary; metadata.derived_from is its lineage (issue 17)
        [
            "summary",
            "agent:ops-bot/run:run-2026-11-01",
            "metadata.derived_from",
            f"← summarizes {MEM0['poetry']}",
        ],
        "⚑ store does not record: derivation",
    ),
    "langgraph": (
        "users.alice.summaries/packaging-summary",
        [
            "summary",
            "users.alice.summaries",
            "value.kind",
            "← summarizes users.alice.memories/pkg-uv",
        ],
        "⚑ store does not record: history",
    ),
    "basic_memory": (
        None,  # its id carries a checksum: looked up by scope
        ["summaries/Packaging Summary.md", "derived from Project Packaging", "← derived"],
        "⚑ store does not record: author",
    ),
    "hermes": (
        entry_id("user", "User's editor is VS Code"),
        ["memories/USER.md#2", "user profile (USER.md)"],
        "⚑ store does not record: timestamps",
    ),
    "mnemosyne": (
        MNEMO["token"],
        ["user_statement", "user:alice", "s-2026-11-01", f"→ {MNEMO_SUMMARY} (summarizes)"],
        "⚑ store does not record: a source reference",
    ),
    "holographic": (
        "5",
        ["summary", "source read from", "← summarizes 3", "← summarizes 4"],
        "⚑ store does not record: source column",
    ),
}


@pytest.mark.parametrize("system", SIX)
def test_show_displays_the_provenance_kept_and_flags_what_is_missing(provider, cli, system):
    path = store_of(provider, system)
    memory_id, shown, flag = SHOW[system]
    memory_id = memory_id or _basic_memory_summary(cli, path)
    result = cli("show", memory_id, db=path)
    assert result.exit_code == 0, result.stderr
    for text in shown:
        assert text in result.stdout, text
    assert flag in result.stdout
    data = as_json(cli("show", memory_id, "--json", db=path))
    assert data["id"] == memory_id
    assert any(f.startswith("store does not record: ") for f in data["flags"])


def _parents(trace: dict, child: str) -> dict[str, str]:
    return {e["parent_id"]: e["relation"] for e in trace["edges"] if e["child_id"] == child}


def test_trace_mnemosyne_summary_rests_on_the_working_memories(provider, cli):
    db = store_of(provider, "mnemosyne")
    data = as_json(cli("trace", MNEMO_SUMMARY, "--json", db=db))
    assert data["lineage_supported"] is True
    working = {MNEMO[k] for k in ("user_pref", "poetry", "uv", "stale_bun", "token", "editor")}
    assert _parents(data, MNEMO_SUMMARY) == dict.fromkeys(working, "summarizes")
    assert data["summary_depth"] == 1
    down = as_json(cli("trace", MNEMO["token"], "--down", "--json", db=db))
    assert _parents(down, MNEMO_SUMMARY) == {MNEMO["token"]: "summarizes"}


def test_trace_mnemosyne_after_forget_shows_the_summary_resting_on_a_missing_memory(provider, cli):
    db = store_of(provider, "mnemosyne", "after_delete")
    data = as_json(cli("trace", MNEMO_SUMMARY, "--json", db=db))
    missing = {n["id"]: n["missing"] for n in data["nodes"] if n["missing"]}
    assert missing == {MNEMO["token"]: "unknown id"}
    assert [f["kind"] for f in data["findings"]] == ["missing_source"]
    text = cli("trace", MNEMO_SUMMARY, db=db).stdout
    assert f"✝ {MNEMO['token']}" in text


def test_trace_mem0_follows_the_callers_metadata_and_log_keeps_the_history(provider, cli):
    """Issue 17: a caller's ``metadata.derived_from`` (and ``kind``) is what mem0 records
    about origin, so it is lineage; the ADD/UPDATE history stays in `log` and `show`."""
    folder = store_of(provider, "mem0")
    summary = as_json(cli("trace", MEM0["summary"], "--up", "--json", db=folder))
    assert summary["lineage_supported"] is True
    assert _parents(summary, MEM0["summary"]) == {
        MEM0["poetry"]: "summarizes",
        MEM0["uv"]: "summarizes",
    }
    focus = next(n for n in summary["nodes"] if n["id"] == MEM0["summary"])
    assert (focus["source_type"], focus["trust_tier"]) == ("summary", "T4")
    log = as_json(cli("log", "--memory", MEM0["editor"], "--json", db=folder))
    assert [e["action"] for e in log] == ["add", "update"]
    text = cli("trace", MEM0["editor"], db=folder)
    assert text.exit_code == 0 and "its own evidence" in text.stdout  # a user statement


@pytest.mark.parametrize(
    ("system", "memory_id", "history"),
    [("hermes", entry_id("memory", "The project moved from poetry to uv"), False)],
)
def test_trace_on_stores_without_lineage_says_so(provider, cli, system, memory_id, history):
    data = as_json(cli("trace", memory_id, "--json", db=store_of(provider, system)))
    assert data["lineage_supported"] is False and data["history_supported"] is history
    assert (
        f"the {system} adapter's stores do not record what a memory was derived from"
        in (data["note"])
    )


def test_trace_basic_memory_derived_note_rests_on_its_source_notes_observations(provider, cli):
    root = store_of(provider, "basic_memory")
    summary = _basic_memory_summary(cli, root)
    data = as_json(cli("trace", summary, "--json", db=root))
    parents = _parents(data, summary)
    assert len(parents) == 2 and set(parents.values()) == {"derived"}
    assert {p.split("#")[0] for p in parents} == {"main/projects/project-packaging"}
    contents = {n["id"]: n["content"] for n in data["nodes"]}
    assert {contents[p] for p in parents} == {
        "The project uses poetry for packaging #poetry",
        "The project moved from poetry to uv #uv",
    }


def test_trace_holographic_summary_from_its_derived_from_tag(provider, cli):
    data = as_json(cli("trace", "5", "--json", db=store_of(provider, "holographic")))
    assert _parents(data, "5") == {"3": "summarizes", "4": "summarizes"}


# -- verify --content after each package's own delete -----------------------------------

# NOTES.md "Observed residue": layer -> residue rows `verify --content TOKEN` must report
# after the package's delete. Every other probed layer must be clean.
AFTER_DELETE = {
    ("mem0", "after_delete"): {"history": 2, "history.db bytes": 2},  # ADD + DELETE rows
    # the vector row is an orphan (listed apart, see ORPHANS), not found text
    ("langgraph", "after_delete"): {},
    ("langgraph", "after_delete_secure_delete_off"): {"store.db bytes": 1},
    ("basic_memory", "after_delete"): {"fts search_index": 1},  # terms in segments
    ("hermes", "after_delete"): {
        "pending records": 2,  # the staged replace: summary + payload.old_text
        "transcripts": 2,  # state.db messages 1 (content) and 2 (tool_calls)
        "transcript index copy messages_fts": 2,
        "transcript index copy messages_fts_trigram": 2,
        "transcript index messages_fts": 2,
        "transcript index messages_fts_trigram": 1,
        "transcript raw bytes": 6,
    },
    ("mnemosyne", "after_delete"): {
        "episodic summaries": 1,  # sleep()'s summary quotes the sentence
        "gists": 1,
        "fts_episodes": 2,
        "fts_working": 1,  # no longer searchable, still in the segments
        "raw bytes": 2,  # episodic_memory.content, gists.text
    },
    ("holographic", "after_delete"): {"entities": 1, "facts_fts": 1, "raw bytes": 2},
    # copied while the store was open: the main file alone still has the fact (WAL unapplied)
    ("holographic", "after_delete_open_wal"): {"entities": 1, "facts_fts": 1, "raw bytes": 4},
}
# The layer each package's delete did clean (dirty before, clean after).
PRIMARY = {
    "mem0": {"qdrant points", "qdrant storage bytes"},
    "langgraph": {"store"},
    "basic_memory": {"markdown files", "observation", "note_content", "search_index_content"},
    "hermes": {"memory files"},
    "mnemosyne": {"working memory", "legacy memories", "fts_working copy"},
    "holographic": {"facts"},
}
# Orphans: traces of a deleted item that cannot be tied to the text (listed apart).
ORPHANS = {
    ("langgraph", "after_delete"): {"store_vectors": 1},  # the vector row outlives its item
    ("langgraph", "after_delete_secure_delete_off"): {"store_vectors": 1},
}
# Layers memaudit says it cannot probe (not claimed clean). Since issue 16 every layer of
# these six stores is probed: sqlite-vec tables through their shadow tables, Holographic's
# banks by recomputing them from the facts.
UNPROBED: dict[str, set[str]] = {}


def verify(cli, path: Path, text: str = TOKEN) -> tuple[int, dict[str, dict]]:
    result = cli("verify", "--content", text, "--json", db=path)
    data = as_json(result)
    layers = {layer["layer"]: layer for layer in data["layers"]}
    assert data["clean"] is all(la["clean"] for la in layers.values())
    return result.exit_code, layers


def dirty_layers(layers: dict[str, dict]) -> dict[str, int]:
    return {name: len(la["residue"]) for name, la in layers.items() if la["residue"]}


def orphan_layers(layers: dict[str, dict]) -> dict[str, int]:
    return {name: len(la["orphans"]) for name, la in layers.items() if la["orphans"]}


@pytest.mark.parametrize(("system", "variant"), list(AFTER_DELETE), ids="/".join)
def test_verify_reports_what_the_packages_delete_left_and_nothing_else(
    provider, cli, system, variant
):
    code, layers = verify(cli, store_of(provider, system, variant))
    # found text; or (LangGraph, secure_delete on) only an orphan vector, which might be it
    found = AFTER_DELETE[(system, variant)]
    assert code == (ExitCode.RESIDUE if found else ExitCode.UNVERIFIED)
    assert dirty_layers(layers) == AFTER_DELETE[(system, variant)]
    assert orphan_layers(layers) == ORPHANS.get((system, variant), {})
    assert {n for n, la in layers.items() if not la["probed"]} == UNPROBED.get(system, set())
    for name, layer in layers.items():
        if name not in AFTER_DELETE[(system, variant)] and not layer["orphans"]:
            assert layer["clean"] is True, name


@pytest.mark.parametrize("system", SIX)
@pytest.mark.parametrize("variant", ["before", "after_delete"])
def test_a_never_stored_text_is_found_nowhere_and_every_layer_is_probed(
    provider, cli, system, variant
):
    """A text that was never stored is found in no layer; on these six stores
    every layer is probed, so the answer is clean — except LangGraph after its delete,
    whose orphan vector might be it (listed as an orphan, never as found)."""
    code, layers = verify(cli, store_of(provider, system, variant), NEVER)
    assert dirty_layers(layers) == {}
    assert {n for n, la in layers.items() if not la["probed"]} == set()
    orphans = orphan_layers(layers)
    assert orphans == ORPHANS.get((system, variant), {})
    assert code == (ExitCode.UNVERIFIED if orphans else ExitCode.OK)
    for name in PRIMARY[system]:
        assert layers[name]["clean"] is True, name


@pytest.mark.parametrize("system", SIX)
def test_before_the_delete_the_primary_layers_hold_the_token(provider, cli, system):
    code, layers = verify(cli, store_of(provider, system))
    assert code == ExitCode.RESIDUE
    for name in PRIMARY[system]:
        assert layers[name]["residue"], name
    # what the delete left was there before it, except LangGraph's vector row, which
    # becomes residue only when its store row is gone (an orphan)
    left = set(AFTER_DELETE[(system, "after_delete")])
    if system == "langgraph":
        # the vector row is there, but its item too: not an orphan yet
        assert layers["store_vectors"]["clean"] is True
    assert left <= set(dirty_layers(layers))


def test_verify_text_output_says_not_checked_rather_than_clean(provider, cli):
    """A sqlite-vec table whose shadow tables are not all there cannot be read without
    the extension: the table says "not checked", and the last line never says RESIDUE
    when nothing was found."""
    db = store_of(provider, "mnemosyne", "after_delete")
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE vec_working_info")
    result = cli("verify", "--content", NEVER, db=db)
    assert result.exit_code == ExitCode.UNVERIFIED  # nothing found, one layer not probed
    line = next(ln for ln in result.stdout.splitlines() if ln.strip().startswith("vec_working"))
    assert "not checked" in line
    assert "RESIDUE" not in result.stdout
    data = as_json(cli("verify", "--content", NEVER, "--json", db=db))
    n = len(data["layers"])
    assert (
        f"UNVERIFIED: nothing found in {n - 1} layers; 1 layer could not be checked: "
        "vec_working" in result.stdout
    )
    assert "vec_working: " in result.stdout and "sqlite-vec loaded" in result.stdout
    assert data["verdict"] == "unverified" and data["found"] == {} and data["orphans"] == []
    assert list(data["not_checked"]) == ["vec_working"]
    (report,) = [la for la in data["layers"] if la["layer"] == "vec_working"]
    assert report["probed"] is False and "vec_working_info" in report["checked"]


def test_mnemosyne_facts_keep_a_fragment_found_by_probing_for_it(provider, cli):
    """NOTES.md: forget() leaves facts and consolidated_facts whose object is 'ZEBRA'
    (regex extraction cut the token). They do not hold the whole token, so the probe
    for TOKEN reports them clean; probing for the fragment finds them."""
    db = store_of(provider, "mnemosyne", "after_delete")
    _, whole = verify(cli, db)
    assert whole["facts"]["clean"] and whole["consolidated facts"]["clean"]
    _, fragment = verify(cli, db, "ZEBRA")
    assert sorted(r["where"] for r in fragment["facts"]["residue"]) == [
        f"facts.object [fact_id=fact_{MNEMO['token']}_0]",
        f"facts.object [fact_id=fact_{MNEMO_SUMMARY}_1]",
    ]
    assert len(fragment["consolidated facts"]["residue"]) == 1
    assert fragment["fts_facts"]["residue"]


def test_verify_id_on_a_foreign_store_finds_rows_still_naming_the_forgotten_memory(provider, cli):
    """After Mnemosyne's own forget() the token's id is gone from working memory, but
    the fact extracted from it (object 'ZEBRA', which the whole-token probe cannot see),
    its gist, the merged fact and sleep()'s summary still name it."""
    gone = MNEMO["token"]
    db = store_of(provider, "mnemosyne", "after_delete")
    result = cli("verify", gone, "--json", db=db)
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    layers = {la["layer"]: la for la in as_json(result)["layers"]}
    assert sorted(r["where"] for r in layers["facts"]["residue"]) == [
        f"facts.fact_id [fact_id=fact_{gone}_0]",
        f"facts.source_msg_id [fact_id=fact_{gone}_0]",
    ]
    assert layers["consolidated facts"]["residue"] and layers["gists"]["residue"]
    assert [r["where"] for r in layers["episodic summaries"]["residue"]] == [
        f"episodic_memory.summary_of [id={MNEMO_SUMMARY}]"
    ]
    assert layers["working memory"]["clean"] and layers["legacy memories"]["clean"]
    # before the delete the memory itself is there too
    before = {
        la["layer"]: la
        for la in as_json(cli("verify", gone, "--json", db=store_of(provider, "mnemosyne")))[
            "layers"
        ]
    }
    assert before["working memory"]["residue"]
    # an id nothing names is clean everywhere (every layer, the vec0 ones included, probed)
    result = cli("verify", "0123456789abcdef", "--json", db=db)
    assert result.exit_code == ExitCode.OK
    assert all(la["clean"] for la in as_json(result)["layers"])
    # id and text in one pass: the fact found by id, the summary by both
    both = as_json(cli("verify", gone, "--content", TOKEN, "--json", db=db))
    matches = {r["match"] for la in both["layers"] for r in la["residue"]}
    assert "id" in matches and len(matches) > 1


def test_verify_all_needs_memaudits_tombstones(provider, cli):
    result = cli("verify", "--all", db=store_of(provider, "mnemosyne", "after_delete"))
    assert result.exit_code == ExitCode.UNSUPPORTED, result.stdout


# -- Hermes: the approval queue through the CLI --------------------------------------------


def test_hermes_reject_and_approve_are_kept_in_the_sidecar_and_shown_by_log(provider, cli):
    home = store_of(provider, "hermes")
    pending = home / "pending" / "memory"
    # no history of its own and nothing recorded yet: log says so
    empty = cli("log", db=home)
    assert empty.exit_code == ExitCode.UNSUPPORTED and "history" in empty.stderr

    rejected = cli("reject", HERMES["replace_token_bg"], "--reason", "holds a secret", db=home)
    assert rejected.exit_code == 0, rejected.stderr
    assert not (pending / f"{HERMES['replace_token_bg']}.json").exists()
    approved = cli("approve", HERMES["add_summary"], HERMES["remove_bun"], db=home)
    assert approved.exit_code == 0, approved.stderr
    assert sorted(p.stem for p in pending.iterdir()) == [HERMES["replace_editor"]]

    result = cli("log", "--json", db=home)
    assert result.exit_code == 0, result.stderr
    events = [(e["action"], e["memory_id"]) for e in as_json(result) if e["memory_id"]]
    assert events == [
        ("reject", HERMES["replace_token_bg"]),
        ("approve", HERMES["add_summary"]),
        ("approve", HERMES["remove_bun"]),
    ]
    sidecar = sidecar_path(str(home))
    assert str(sidecar) in result.stderr  # says where memaudit's records are
    assert not str(sidecar).startswith(str(home))  # never inside HERMES_HOME
    reject = as_json(cli("log", "--action", "reject", "--json", db=sidecar))
    assert [(e["memory_id"], e["reason"], e["actor"]) for e in reject] == [
        (HERMES["replace_token_bg"], "holds a secret", "tester")
    ]
    assert TOKEN not in json.dumps(reject)  # the decision, not the content
    # the store reflects it: the add is an entry now, the Bun.js entry is gone
    rows = as_json(cli("ls", "--json", "--limit", "0", db=home))
    contents = {r["content"] for r in rows if r["status"] == "active"}
    assert "Summary: packaging is uv now; poetry is obsolete." in contents
    assert not any("Bun.js" in c for c in contents)


# -- audit and questions on each store --------------------------------------------------


@pytest.mark.parametrize("variant", ["before", "after_delete"])
@pytest.mark.parametrize("system", SIX)
def test_audit_and_questions_run_on_each_store(provider, cli, system, variant):
    path = store_of(provider, system, variant)
    audit = cli("audit", "--json", db=path)
    assert audit.exit_code in (ExitCode.OK, ExitCode.FINDINGS), audit.stderr
    assert isinstance(as_json(audit), dict)
    questions = cli("questions", "--json", db=path)
    assert questions.exit_code in (ExitCode.OK, ExitCode.FINDINGS), questions.stderr
    answers = as_json(questions)["answers"]
    assert len(answers) == 11 and all(a["answer"] for a in answers)


@pytest.mark.parametrize("system", ["hermes", "mnemosyne"])
def test_questions_reads_the_hermes_config(provider, cli, system):
    path = store_of(provider, system)
    home = path if system == "hermes" else path.parents[2]  # mnemosyne/data/mnemosyne.db
    config = home / "config.yaml"
    data = as_json(cli("questions", "--json", db=path))
    gate = next(a for a in data["answers"] if a["id"] == "approval_gate")
    # Mnemosyne's provider stages its remember tools only (sync_turn and sleep write
    # directly), so its gate covers part of what it writes.
    assert gate["answer"] == ("yes" if system == "hermes" else "partly")
    assert any(f"memory.write_approval = True ({config})" in e for e in gate["evidence"])
    # turned off in the file: the answer follows it
    config.write_text(config.read_text().replace("write_approval: true", "write_approval: false"))
    data = as_json(cli("questions", "--json", db=path))
    gate = next(a for a in data["answers"] if a["id"] == "approval_gate")
    assert gate["answer"] == "no"
    assert any(str(config) in e for e in gate["evidence"])


def test_review_list_shows_the_hermes_pending_records(provider, cli):
    home = provider("hermes") / "hermes_home"
    staged = sorted(p.stem for p in (home / "pending" / "memory").glob("*.json"))
    result = cli("review", "--list", "--json", db=home)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert sorted(item["id"] for item in data["items"]) == staged
    assert data["summary"]["total"] == len(staged) == 4
    pending = json.loads(cli("ls", "--status", "pending", "--json", db=home).stdout)
    assert {m["id"] for m in pending} == set(staged)
