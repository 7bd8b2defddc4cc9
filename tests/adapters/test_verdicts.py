"""Issue 16, done when: on stores the real packages wrote (tests/fixtures/providers), a
never-stored text is `clean` where every layer can be probed and `unverified` — never
`residue` — elsewhere; the text the provider's own delete was asked to remove is
`residue` exactly where it survived. Each adapter's verdict, exit code and JSON fields
(`verdict`, `found`, `not_checked`, `orphans`, the per-layer list) are asserted.

The expected `found` maps are the NOTES.md "what the delete leaves" of each fixture
(the same numbers the adapters' own tests assert layer by layer).
"""

from __future__ import annotations

import json
import shutil
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit.errors import ExitCode
from tests.adapters.conftest import PROVIDERS, TOKEN
from tests.conftest import receipt_words

NEVER = "A walrus named Bartholomew audits the lighthouse ledger every Tuesday."

# system -> (fixture folder, store inside a variant folder, the variants: before, after)
WHERE: dict[str, tuple[str, str, str, str]] = {
    "mem0": ("mem0", "", "before", "after_delete"),
    "langgraph": ("langgraph", "store.db", "before", "after_delete"),
    "basic_memory": ("basic_memory", "", "before", "after_delete"),
    "hermes": ("hermes", "hermes_home", "before", "after_delete"),
    "mnemosyne": (
        "mnemosyne",
        "hermes_home/mnemosyne/data/mnemosyne.db",
        "before",
        "after_delete",
    ),
    "holographic": ("holographic", "memory_store.db", "before", "after_delete"),
    "openclaw": ("openclaw", "", "before", "after_delete"),
    "letta_code": ("letta", "", "before", "after_delete"),
    "openmemory": ("openmemory", "", "before", "after_delete"),
    "byterover": ("byterover", "hermes_home", "before", "after_delete"),
    "claude_code": ("claude_code", "project", "before", "after_delete"),
    "claude_mem": ("claude_mem", ".claude-mem", "before", "after_delete"),
    "server_memory": ("server_memory", "", "before", "after_delete"),
    "always_on": ("lifecycle_relatives", "always_on", "memory.db", "memory_after_delete.db"),
    "consolidating": ("lifecycle_relatives", "memory_db", "memory.db", "memory_after_delete.db"),
}
SERVERS = {
    "hindsight": ("hindsight_before", "hindsight_after"),
    "honcho": ("honcho_url", "honcho_after"),
}


@pytest.fixture
def locate(tmp_path: Path, monkeypatch, request) -> Callable[[str, str], str]:
    """``locate(system, "before" | "after")``: a private copy of the store the real
    package wrote, as a user passes it to --db (a server store: its URL)."""

    def where(system: str, when: str) -> str:
        if system in SERVERS:
            return str(request.getfixturevalue(SERVERS[system][when == "after"]))
        folder, inside, before, after = WHERE[system]
        variant = before if when == "before" else after
        src = PROVIDERS / folder
        if folder == "lifecycle_relatives":
            dst = tmp_path / system / when / variant
            dst.parent.mkdir(parents=True)
            shutil.copyfile(src / inside / variant, dst)
            return str(dst)
        dst = tmp_path / system / when
        if (src / f"{variant}.tar.gz").exists():
            dst.mkdir(parents=True)
            with tarfile.open(src / f"{variant}.tar.gz") as tar:
                tar.extractall(dst, filter="data")
        else:
            shutil.copytree(src / variant, dst)
        if system == "byterover":  # brv's own override of its data directory
            monkeypatch.setenv("BRV_DATA_DIR", str(dst / "brv-data"))
        if system == "claude_code":  # Claude Code's home, as it ran
            monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
            monkeypatch.setenv("HOME", str(dst / "home"))
        return str(dst / inside) if inside else str(dst)

    return where


# The server stores need the throwaway PostgreSQL server, asked for at run time
# (``locate``), so the conftest's fixture rule cannot see it: marked slow here.
SYSTEMS = [*WHERE, *(pytest.param(s, marks=pytest.mark.slow) for s in SERVERS)]


def verify(cli, location: str, text: str) -> tuple[int, dict]:
    result = cli("verify", "--content", text, "--json", db=location)
    assert "Traceback" not in result.stderr, result.stderr
    return result.exit_code, json.loads(result.stdout)


# What each package's own delete left of the token: layer -> places (found).
AFTER_DELETE: dict[str, dict[str, int]] = {
    "mem0": {"history": 2, "history.db bytes": 2},  # ADD and DELETE rows
    "langgraph": {},  # only its vector row: an orphan (see ORPHANS), not found text
    "basic_memory": {"fts search_index": 1},  # terms in old index segments
    "hermes": {
        "pending records": 2,
        "transcripts": 2,
        "transcript index copy messages_fts": 2,
        "transcript index copy messages_fts_trigram": 2,
        "transcript index messages_fts": 2,
        "transcript index messages_fts_trigram": 1,
        "transcript raw bytes": 6,
    },
    "mnemosyne": {
        "episodic summaries": 1,
        "gists": 1,
        "fts_episodes": 2,
        "fts_working": 1,
        "raw bytes": 2,
    },
    "holographic": {"entities": 1, "facts_fts": 1, "raw bytes": 2},
    "openclaw": {"FTS terms": 1, "recall records": 2, "state db bytes": 2},
    "letta_code": {
        "git objects": 1,
        "backup memory-backup-20261201-201704 files": 1,
        "backup memory-backup-20261201-201704 git objects": 1,
    },
    "openmemory": {
        "memories": 1,
        "openmemory.db bytes": 1,
        "mem0 history": 2,
        "mem0 history.db bytes": 2,
        "mem0 qdrant points": 2,
        "mem0 qdrant storage bytes": 2,
    },
    "byterover": {"_index.md summaries": 3, "review backups": 1, "curate log": 3},
    "claude_code": {"transcripts": 7},
    "claude_mem": {
        "session summaries": 1,
        "user prompts": 1,
        "sessions": 1,
        "tool uses": 1,
        "observations_fts index": 1,
        "session_summaries_fts index": 2,
        "user_prompts_fts index": 2,
        "claude-mem.db bytes": 6,
        "Chroma documents": 4,
        "Chroma full-text index": 1,
        "Chroma full-text copy": 4,
        "Chroma embeddings queue": 4,
        "chroma.sqlite3 bytes": 20,
    },
    "server_memory": {},  # its delete rewrites memory.jsonl: nothing left anywhere
    "always_on": {"consolidations": 1, "memory_after_delete.db bytes": 1},
    "consolidating": {"consolidations": 1, "memory_after_delete.db bytes": 1},
    # PostgreSQL: the rows; the WAL (shared by every database of the test server, so
    # its count varies) is checked apart
    "hindsight": {"documents": 1, "chunks": 1, "audit_log": 1, "llm_requests": 5},
    "honcho": {
        "documents": 1,
        "documents (soft-deleted)": 1,
        "messages": 1,
        "message_embeddings": 1,
        "queue": 1,
        "peers": 1,
    },
}
# Orphans after the delete: traces of a deleted item that cannot be tied to a text.
ORPHANS = {"langgraph": ["store_vectors"], "openclaw": ["embedding cache"]}
# Layers that cannot be probed on these stores, whatever is looked for.
NOT_CHECKED = {"claude_mem": ["Chroma vectors (HNSW)"]}
# On a server: raw files whose pages may not be on disk until the next checkpoint.
MAYBE_NOT_CHECKED = {"hindsight": {"data files"}, "honcho": {"data files"}}
RAW = {"WAL segments", "data files"}


def _consistent(code: int, data: dict) -> None:
    """The JSON's fields agree with each other and with the exit code."""
    verdict = data["verdict"]
    assert code == {"clean": ExitCode.OK, "residue": ExitCode.RESIDUE}.get(
        verdict, ExitCode.UNVERIFIED
    )
    assert data["clean"] is (verdict == "clean")
    layers = {la["layer"]: la for la in data["layers"]}
    assert {n for n, la in layers.items() if la["verdict"] == "residue"} == set(data["found"])
    assert {n for n, la in layers.items() if not la["probed"]} == set(data["not_checked"])
    assert {o["layer"] for o in data["orphans"]} == {n for n, la in layers.items() if la["orphans"]}
    for name, count in data["found"].items():
        assert len([r for r in layers[name]["residue"] if not r["warning"]]) == count
    for name, why in data["not_checked"].items():
        assert layers[name]["verdict"] == "unverified" and why
    if verdict == "residue":
        assert data["found"]
    elif verdict == "unverified":
        assert not data["found"] and (data["not_checked"] or data["orphans"])
    else:
        assert not data["found"] and not data["not_checked"] and not data["orphans"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_never_stored_text_is_clean_or_unverified_never_residue(locate, cli, system, when):
    code, data = verify(cli, locate(system, when), NEVER)
    _consistent(code, data)
    assert data["found"] == {}
    orphans = sorted({o["layer"] for o in data["orphans"]})
    assert orphans == (ORPHANS.get(system, []) if when == "after" else [])
    unchecked = set(data["not_checked"])
    allowed = MAYBE_NOT_CHECKED.get(system, set())
    assert (
        set(NOT_CHECKED.get(system, [])) <= unchecked <= set(NOT_CHECKED.get(system, [])) | allowed
    )
    expected = "unverified" if (orphans or NOT_CHECKED.get(system)) else None
    if expected:
        assert data["verdict"] == expected
    elif unchecked:  # a server whose pages are not all on disk yet: said, never clean
        assert data["verdict"] == "unverified"
    else:
        assert data["verdict"] == "clean" and code == ExitCode.OK


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_providers_deleted_text_is_residue_exactly_where_it_survived(locate, cli, system):
    code, data = verify(cli, locate(system, "after"), TOKEN)
    _consistent(code, data)
    found = dict(data["found"])
    if system in SERVERS:
        assert found.pop("WAL segments", 0) >= 1  # the delete itself is in the WAL
        found.pop("data files", None)  # dead tuples, once a checkpoint wrote them
    assert found == AFTER_DELETE[system]
    assert sorted({o["layer"] for o in data["orphans"]}) == ORPHANS.get(system, [])
    if AFTER_DELETE[system]:
        assert data["verdict"] == "residue" and code == ExitCode.RESIDUE
    elif ORPHANS.get(system):  # LangGraph: only the orphan vector, which might be it
        assert data["verdict"] == "unverified" and code == ExitCode.UNVERIFIED
    else:  # the MCP memory server's delete leaves nothing
        assert data["verdict"] == "clean" and code == ExitCode.OK


@pytest.mark.parametrize(
    ("system", "verdict"), [("mem0", "RESIDUE"), ("claude_mem", "UNVERIFIED"), ("mem0", "CLEAN")]
)
def test_the_last_line_says_the_verdict_in_words(locate, cli, system, verdict):
    text = TOKEN if verdict == "RESIDUE" else NEVER
    result = cli("verify", "--content", text, db=locate(system, "after"))
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith(f"{verdict}: ")
    words = " ".join(result.stdout.split())
    if verdict == "RESIDUE":
        assert "found in 2 of" in last and "history (2)" in words
    elif verdict == "UNVERIFIED":
        assert "nothing found in" in last and "1 layer could not be checked" in words
        # each layer not checked: why, on its own line above the verdict
        assert "Chroma vectors (HNSW): HNSW files hold only vectors" in words
    else:
        assert last.endswith("every one probed")


def test_an_orphan_keyed_by_the_id_is_that_items_residue(locate, cli):
    """LangGraph after its own delete: a text search cannot tie the orphan vector to
    the text (unverified); `verify ID` with the deleted item's id finds it (residue)."""
    store = locate("langgraph", "after")
    code, data = verify(cli, store, TOKEN)
    assert (code, data["verdict"]) == (ExitCode.UNVERIFIED, "unverified")
    [orphan] = data["orphans"]
    result = cli("verify", orphan["orphan"], "--json", db=store)
    by_id = json.loads(result.stdout)
    assert result.exit_code == ExitCode.RESIDUE and by_id["verdict"] == "residue"
    assert by_id["found"]["store_vectors"] == 1 and by_id["orphans"] == []


def test_a_store_without_layers_gets_no_verdict(cli, tmp_path):
    """The article's lifecycle schema keeps no layers memaudit can probe: exit 6, not a
    verdict it cannot back."""
    import sqlite3

    from tests.adapters.test_lifecycle import ARTICLE_EVENTS, ARTICLE_MEMORIES

    path = tmp_path / "agent_memory.db"
    with sqlite3.connect(path) as conn:
        conn.execute(ARTICLE_MEMORIES)
        conn.execute(ARTICLE_EVENTS)
    conn.close()
    result = cli("verify", "--content", NEVER, db=path)
    assert result.exit_code == ExitCode.UNSUPPORTED and "layers" in result.stderr


def test_a_receipt_proves_what_a_providers_own_delete_left(locate, cli, tmp_path):
    """mem0 after its own delete: the receipt says residue and where, names the text
    only by a salted fingerprint, and records the store's files (unchanged before and
    after: verify only reads); `receipt verify` checks it, then sees a later change."""
    from memaudit import receipt

    store = Path(locate("mem0", "after"))
    out = tmp_path / "mem0.json"
    result = cli(
        "verify", "--content", TOKEN, "--receipt", out, "--reason", "erasure request #12",
        db=store,
    )  # fmt: skip
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    raw = out.read_text()
    for piece in (TOKEN, "QUOKKA", "quokka"):  # letters no digest or signature holds
        assert piece not in raw
    # The number is looked for outside the digests, salts and signature: random hex or
    # base64 holds "7731" now and then (a flaky test, not a leak).
    assert "7731" not in receipt_words(raw)
    body = json.loads(raw)["receipt"]
    assert body["store"]["adapter"] == "mem0"
    assert body["verification"]["verdict"] == "residue"
    assert body["verification"]["found"] == AFTER_DELETE["mem0"]
    assert body["request"]["reason"] == "erasure request #12"
    fp = body["request"]["text"]
    assert receipt.text_fingerprint(TOKEN, fp["salt"]) == fp  # whoever holds the text can check
    files = body["store"]["files"]
    assert files and all(f["before"] == f["after"] for f in files)
    assert cli("receipt", "verify", out).exit_code == ExitCode.OK
    (store / "added.txt").write_text("x")
    changed = json.loads(cli("receipt", "verify", out, "--json").stdout)
    assert changed["store"] == "changed" and changed["store_detail"] == ["new: added.txt"]


@pytest.mark.slow  # the PostgreSQL server
def test_a_receipt_on_a_server_store_names_the_server(locate, cli, tmp_path):
    out = tmp_path / "hindsight.json"
    result = cli("verify", "--content", TOKEN, "--receipt", out, db=locate("hindsight", "after"))
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    body = json.loads(out.read_text())["receipt"]
    server = body["store"]["server"]
    assert server["database"] == "hindsight_after" and server["system_identifier"]
    assert "***" in body["store"]["location"] and "s3cret" not in out.read_text()
    checked = cli("receipt", "verify", out)
    assert checked.exit_code == ExitCode.UNVERIFIED and "a server store" in checked.stdout
