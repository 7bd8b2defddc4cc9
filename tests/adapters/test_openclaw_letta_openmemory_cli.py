"""OpenClaw, Letta Code and OpenMemory through the CLI, on
stores their own packages wrote (tests/fixtures/providers/<system>/, see each NOTES.md),
before and after each package's own delete of the memory holding the token."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.errors import ExitCode
from memaudit.store import Needle
from tests.adapters.conftest import TOKEN, provider_ids, residue, snapshot

THREE = ("openclaw", "letta_code", "openmemory")
NEVER = "NEVER-STORED-5150-WOMBAT"
OM = provider_ids("openmemory")
AGENT = "agent-local-demo"


def as_json(result):
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


def verify(cli, path: Path, *args: str) -> tuple[int, dict[str, dict]]:
    result = cli("verify", *args, "--json", db=path)
    data = as_json(result)
    return result.exit_code, {la["layer"]: la for la in data["layers"]}


def dirty(layers: dict[str, dict]) -> dict[str, int]:
    return {n: len(la["residue"]) for n, la in layers.items() if la["residue"]}


def orphaned(layers: dict[str, dict]) -> dict[str, int]:
    return {n: len(la["orphans"]) for n, la in layers.items() if la["orphans"]}


# -- detection: a home folder picks the right adapter --------------------------------


@pytest.mark.parametrize(
    ("system", "where"),
    [
        ("openclaw", ""),
        ("openclaw", ".openclaw"),
        ("openclaw", ".openclaw/workspace"),
        ("openclaw", ".openclaw/agents/main/agent/openclaw-agent.sqlite"),
        ("letta_code", ""),
        ("letta_code", ".letta"),
        ("letta_code", f".letta/lc-local-backend/memfs/{AGENT}"),
        ("openmemory", ""),
        ("openmemory", "openmemory.db"),
    ],
)
def test_detect_ranks_the_right_adapter_first_and_explains(home, cli, system, where):
    path = home(system) / where if where else home(system)
    ranked = as_json(cli("adapters", "--detect", str(path), "--json"))["adapters"]
    assert ranked[0]["name"] == system and ranked[0]["detect_score"] > ranked[1]["detect_score"]
    assert cli("ls", "--json", "--limit", "0", db=path).exit_code == 0


# -- ls / show / trace ----------------------------------------------------------------

COUNTS = {"openclaw": (10, 9), "letta_code": (6, 5), "openmemory": (8, 7)}


@pytest.mark.parametrize("system", THREE)
def test_ls_before_and_after_the_packages_delete(home, cli, system):
    before, after = COUNTS[system]
    rows = as_json(cli("ls", "--json", "--limit", "0", db=home(system)))
    assert len(rows) == before == len({r["id"] for r in rows})
    assert any(TOKEN in r["content"] for r in rows)
    gone = as_json(cli("ls", "--json", "--limit", "0", db=home(system, "after_delete")))
    assert len(gone) == after
    assert not any(TOKEN in r["content"] for r in gone)


def test_openclaw_show_gives_path_line_range_and_index_provenance(home, cli):
    root = home("openclaw")
    rows = as_json(cli("ls", "--json", "--limit", "0", db=root))
    gateway = next(r for r in rows if r["content"].startswith("Keep the gateway on loopback"))
    assert gateway["id"].startswith("MEMORY.md#") and gateway["source_ref"] == "MEMORY.md:L4"
    data = as_json(cli("show", gateway["id"], "--json", db=root))
    assert data["importance"] == 9.0 and data["scope"] == "curated"
    assert data["extra"]["origin class"] == "agent" and data["source_type"] == "inference"
    assert data["extra"]["triggers"] == "gateway setup, network safety"
    token = next(r for r in rows if TOKEN in r["content"])
    shown = as_json(cli("show", token["id"], "--json", db=root))
    assert shown["source_ref"] == "memory/2026-11-30.md:L4"
    assert shown["extra"]["chunk lines"] == "1-6"
    assert shown["access_count"] == 1  # one `openclaw memory search` recalled that chunk
    assert any(f.startswith("store does not record: ") for f in shown["flags"])


def test_letta_show_and_trace_give_the_commit_history(home, cli):
    root = home("letta_code", "after_delete")
    data = as_json(cli("show", f"{AGENT}:reference/project.md", "--json", db=root))
    assert data["content"] == "The project moved from poetry to uv."
    assert data["summary"] == "Project facts" and data["version"] == 2
    assert data["extra"]["committed by"] == f"{AGENT} <{AGENT}@letta.com>"
    system = as_json(cli("show", f"{AGENT}:system/human.md", "--json", db=root))
    assert system["scope"] == "system (always in context)" and system["pinned"] is True
    trace = as_json(cli("trace", f"{AGENT}:reference/project.md", "--json", db=root))
    assert trace["lineage_supported"] is False and trace["history_supported"] is True
    assert [(e["action"], e["reason"]) for e in trace["events"]] == [
        ("add", "memory: project packaging"),
        ("update", "memory: packaging changed"),
    ]
    log = as_json(cli("log", "--json", db=root))
    deleted = [e for e in log if e["memory_id"] == f"{AGENT}:reference/staging-vault.md"]
    assert [e["action"] for e in deleted] == ["add", "delete"]


def test_openmemory_show_states_apps_and_status_history(home, cli):
    root = home("openmemory", "after_delete")
    editor = as_json(cli("show", OM["editor"], "--json", db=root))
    assert editor["status"] == "archived" and editor["extra"]["state"] == "paused"
    assert editor["created_by"] == "claude" and editor["tags"] == ["preferences"]
    assert editor["source_type"] == "unknown" and editor["scope"] == "user:alice"
    trace = as_json(cli("trace", OM["poetry"], "--json", db=root))
    assert [e["action"] for e in trace["events"]] == ["active", "archived"]
    gone = cli("show", OM["token"], db=root)
    assert gone.exit_code == ExitCode.ERROR and "no memory with id" in gone.stderr


# -- verify --content after each package's own delete -----------------------------------

# NOTES.md "what the delete leaves": the layers that still hold the token, and how many
# residue rows each reports. Every other probed layer must be clean.
AFTER_DELETE = {
    "openclaw": {
        "FTS terms": 1,  # the deleted chunk's terms stay in memory_index_chunks_fts_data
        "recall records": 2,  # the recall record's snippet and its concept tag
        "state db bytes": 2,
    },
    "letta_code": {
        "git objects": 1,  # the blob, in 3 reachable commits
        "backup memory-backup-*": 0,  # placeholder, replaced below (name has a time)
    },
    "openmemory": {
        "memories": 1,  # the soft-deleted row keeps its full text
        "openmemory.db bytes": 1,
        "mem0 history": 2,  # mem0's ADD row and its DELETE row (old_memory)
        "mem0 history.db bytes": 2,
        "mem0 qdrant points": 2,  # the point stayed (see NOTES): payload data + lemmatized
        "mem0 qdrant storage bytes": 2,
    },
}
NOT_CHECKED: dict[str, set[str]] = {"openclaw": set(), "letta_code": set(), "openmemory": set()}
# Orphans (listed apart, never as found): the embedding cache keeps the vector of the
# chunk the delete re-indexed, keyed by the old chunk text's SHA-256.
ORPHANS = {"openclaw": {"embedding cache": 1}}


def expected_after(system: str, layers: dict[str, dict]) -> dict[str, int]:
    want = dict(AFTER_DELETE[system])
    if system == "letta_code":
        del want["backup memory-backup-*"]
        backups = [n for n in layers if n.startswith("backup memory-backup-")]
        assert len(backups) == 2  # its files and its git objects
        want.update(dict.fromkeys(backups, 1))
    return want


@pytest.mark.parametrize("system", THREE)
def test_verify_content_after_the_delete_lists_exactly_the_layers_that_keep_it(home, cli, system):
    code, layers = verify(cli, home(system, "after_delete"), "--content", TOKEN)
    assert code == ExitCode.RESIDUE
    assert dirty(layers) == expected_after(system, layers)
    assert {n for n, la in layers.items() if not la["probed"]} == NOT_CHECKED[system]
    assert orphaned(layers) == ORPHANS.get(system, {})


def test_letta_residue_names_the_commits_that_still_hold_the_deleted_text(home, cli):
    _, layers = verify(cli, home("letta_code", "after_delete"), "--content", TOKEN)
    [row] = layers["git objects"]["residue"]
    assert row["where"].startswith("blob ") and "as reference/staging-vault.md" in row["detail"]
    # added in "staging notes", carried by the four commits after it (packaging, editor,
    # team chat, chat decision), gone in the delete: five commits named
    assert row["detail"].count(",") == 4 and "unreachable" not in row["detail"]


@pytest.mark.parametrize("system", THREE)
def test_before_the_delete_the_primary_layer_holds_the_token(home, cli, system):
    primary = {"openclaw": "markdown", "letta_code": "memory files", "openmemory": "memories"}
    code, layers = verify(cli, home(system), "--content", TOKEN)
    assert code == ExitCode.RESIDUE and layers[primary[system]]["residue"]
    if system == "openclaw":
        assert layers["chunks"]["residue"] and layers["vectors"]["residue"]


@pytest.mark.parametrize("system", THREE)
@pytest.mark.parametrize("variant", ["before", "after_delete"])
def test_a_never_stored_text_is_found_nowhere(home, cli, system, variant):
    code, layers = verify(cli, home(system, variant), "--content", NEVER)
    assert dirty(layers) == {}
    unprobed = {n for n, la in layers.items() if not la["probed"]}
    assert unprobed == NOT_CHECKED[system]
    orphans = orphaned(layers)
    assert orphans == (ORPHANS.get(system, {}) if variant == "after_delete" else {})
    if hasattr(ExitCode, "UNVERIFIED"):  # the three-verdict exit code, where it exists
        assert code == (ExitCode.UNVERIFIED if unprobed or orphans else ExitCode.OK)
    else:  # before them, anything not proven gone made the verdict RESIDUE (issue 16)
        assert code == (ExitCode.RESIDUE if unprobed or orphans else ExitCode.OK)


def test_verify_id_finds_what_openmemorys_soft_delete_kept(home, cli):
    code, layers = verify(cli, home("openmemory", "after_delete"), OM["token"])
    assert code == ExitCode.RESIDUE
    held = dirty(layers)
    assert {"memories", "status history", "access logs", "categories", "mem0 history"} <= set(held)


@pytest.mark.parametrize(
    ("system", "memory"),
    [("letta_code", f"{AGENT}:reference/staging-vault.md"), ("openclaw", None)],
)
def test_verify_id_on_the_other_two(home, cli, system, memory):
    root = home(system)
    if memory is None:
        rows = as_json(cli("ls", "--json", "--limit", "0", db=root))
        memory = next(r["id"] for r in rows if TOKEN in r["content"])
    code, layers = verify(cli, root, memory)
    assert code == ExitCode.RESIDUE
    assert layers["markdown" if system == "openclaw" else "memory files"]["residue"]


# -- audit and questions ---------------------------------------------------------------


@pytest.mark.parametrize("system", THREE)
def test_audit_runs(home, cli, system):
    result = cli("audit", "--json", db=home(system))
    assert result.exit_code in (0, ExitCode.FINDINGS), result.stderr
    assert "findings" in as_json(result)


QUESTIONS = {
    "openclaw": ("openclaw.memory.search.provider", "openai-compatible"),
    "letta_code": ("letta.reflectionTrigger", "step-count"),
    "openmemory": ("openmemory.mem0.vector_store.provider", "qdrant"),
}


@pytest.mark.parametrize("system", THREE)
def test_questions_answer_from_the_stores_own_config(home, cli, system):
    data = as_json(cli("questions", "--json", db=home(system)))
    answers = {a["id"]: a for a in data["answers"]}
    key, value = QUESTIONS[system]
    evidence = " ".join(e for a in answers.values() for e in a["evidence"])
    assert key in evidence and repr(value) in evidence
    assert answers["auto_write"]["answer"] != "unknown"


# -- read-only: every byte of the store is the same afterwards ----------------------------


@pytest.mark.parametrize("system", THREE)
def test_reading_leaves_the_store_byte_identical(home, cli, system):
    root = home(system, "after_delete")
    before = snapshot(root)
    for args in (("ls",), ("stats",), ("audit",), ("questions",), ("log",)):
        cli(*args, db=root)
    cli("verify", "--content", TOKEN, db=root)
    assert snapshot(root) == before


# -- hostile stores ------------------------------------------------------------------------


def test_openclaw_does_not_follow_a_symlink_out_of_the_workspace(home, tmp_path):
    root = home("openclaw", "after_delete")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"- {TOKEN} lives outside the store\n")
    (root / ".openclaw" / "workspace" / "memory" / "link").symlink_to(outside)
    store = open_store(str(root))
    assert not any(TOKEN in m.content for m in store.memories())
    found = residue(store, Needle(content=TOKEN))
    assert found["markdown"] == []
    markdown = next(la for la in store.layers() if la.name == "markdown")
    assert markdown.checked is False and "symlink" in markdown.why_unchecked


def test_letta_refuses_a_git_dir_that_borrows_objects_from_elsewhere(home):
    root = home("letta_code", "after_delete")
    repo = root / ".letta" / "lc-local-backend" / "memfs" / AGENT / "memory"
    (repo / ".git" / "objects" / "info" / "alternates").write_text("/etc\n")
    store = open_store(str(root))
    layer = next(la for la in store.layers() if la.name == "git objects")
    assert layer.checked is False and "alternates" in layer.why_unchecked
