"""Issue 17: `questions --json` on each provider fixture answers from that provider's own
configuration and store: no answer cites another provider, and every evidence line
names a field, table or file of that store or of its configuration."""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path

import pytest

from tests.adapters.conftest import PROVIDERS

# What a user passes to --db, inside each fixture's before/ folder.
STORE = {
    "mem0": "",
    "langgraph": "store.db",
    "basic_memory": "config",
    "hermes": "hermes_home",
    "mnemosyne": "hermes_home",
    "holographic": "memory_store.db",
    "byterover": "hermes_home",
    "claude_code": "project",
    "claude_mem": ".claude-mem",
    "openmemory": "",
    "server_memory": "memory.jsonl",
    "openclaw": "tar",  # an archived home (before.tar.gz)
    "letta": "tar",
    "always_on": "lifecycle_relatives/always_on/memory.db",  # the relatives' own folder
    "consolidating": "lifecycle_relatives/memory_db/memory.db",
}
# Names that identify a provider (or Hermes' built-in memory) in an evidence line.
NAMES = {
    "mem0": ["mem0", "qdrant"],
    "langgraph": ["langgraph", "sqlitestore", "store_vectors"],
    "basic_memory": ["basic memory", "basic_memory", "write_note", "search_index"],
    "hermes": ["memory.md", "user.md", "built-in"],
    "mnemosyne": ["mnemosyne", "sleep()", "working_memory"],
    "holographic": ["holographic", "fact_store", "hermes-memory-store"],
    "byterover": ["byterover", "curate", "context tree"],
    "hindsight": ["hindsight", "memory_units"],
    "honcho": ["honcho", "deriver"],
    "claude_code": ["claude code", "automemoryenabled", "claude.md"],
    "claude_mem": ["claude-mem", "claude_mem", "chroma"],
    "openmemory": ["openmemory", "add_memories"],
    "server_memory": ["server_memory", "memory.jsonl", "read_graph"],
    "openclaw": ["openclaw", "dreams.md"],
    "letta": ["letta"],
    "always_on": ["always_on"],
    "consolidating": ["consolidating store"],
}
# Fields, tables and files of each store or its configuration (any one per line).
OWN = {
    "mem0": ["history.db", "memory.add", "memory.search", "payload", "mem0"],
    "langgraph": ["store", "put()", "delete()", "sqlitestore"],
    "basic_memory": ["config.json", "memory.db", "note", "search_index", "basic_memory"],
    "hermes": ["config.yaml", "memory.md", "hermes", "memory.write_approval", "pending/"],
    "mnemosyne": ["config.yaml", "pending/memory", "mnemosyne", "sync_turn", "sleep"],
    "holographic": ["config.yaml", "memory_store.db", "facts", "holographic"],
    "byterover": ["byterover", "curate", "context tree", "brv"],
    "hindsight": ["memory_units", "retain()", "hindsight", "banks.config"],
    "honcho": ["documents", "deriver", "honcho"],
    "claude_code": [
        "settings.json",
        "automemoryenabled",
        "memory.md",
        "claude_code store",
        "history.jsonl",
    ],
    "claude_mem": ["settings.json", "claude_mem", "claude-mem", "tool_uses", "chroma"],
    "openmemory": ["openmemory", "add_memories", "mem0", "qdrant"],
    "server_memory": ["memory.jsonl", "memory_file_path", "server_memory", "read_graph"],
    "openclaw": ["openclaw", "memory.md", "dreams.md"],
    "letta": ["letta", "settings.json", "system/", "git"],
    "always_on": ["always_on store", "memory.db"],
    "consolidating": ["consolidating store", "memory.db"],
}


def check(system: str, data: dict) -> None:
    answers = data["answers"]
    assert len(answers) == 11
    others = [n for s, names in NAMES.items() if s != system for n in names]
    # Mnemosyne is a Hermes plugin: its gate key lives in HERMES_HOME/config.yaml, and its
    # own names (working_memory) are not another provider's; keep only true foreigners.
    for a in answers:
        for line in a["evidence"]:
            low = line.lower()
            foreign = [n for n in others if n in low and n not in OWN[system]]
            assert not foreign, (system, a["id"], line)
            assert any(token in low for token in OWN[system]), (system, a["id"], line)
        if a["answer"] != "unknown":
            assert a["evidence"], (system, a["id"])


@pytest.mark.parametrize("system", sorted(STORE))
def test_questions_cite_only_the_providers_own_store_and_config(
    provider, cli, monkeypatch, tmp_path, system
) -> None:
    where = STORE[system]
    if where == "tar":
        root = tmp_path / system
        with tarfile.open(PROVIDERS / system / "before.tar.gz") as tar:
            tar.extractall(root, filter="data")
        db = root
    elif where.startswith("lifecycle_relatives/"):
        _, variant, name = where.split("/")
        db = provider("lifecycle_relatives", variant) / name
    else:
        root = provider(system)
        db = root / where if where else root
    if system == "byterover":
        monkeypatch.setenv("BRV_DATA_DIR", str(root / "brv-data"))
    if system == "claude_code":
        monkeypatch.setenv("HOME", str(root / "home"))
        monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    result = cli("questions", "--json", db=db)
    assert result.exit_code == 0, result.stderr
    check(system, json.loads(result.stdout))


def test_mnemosyne_is_not_answered_with_hermes_built_in_memory(provider, cli) -> None:
    data = json.loads(cli("questions", "--json", db=provider("mnemosyne") / "hermes_home").stdout)
    text = json.dumps(data)
    assert "built-in only" not in text and "MEMORY.md" not in text
    gate = {a["id"]: a for a in data["answers"]}["gate_bypass"]
    assert gate["answer"] == "yes" and "mnemosyne_apply_pending" in gate["evidence"][0]


def test_inspect_reflects_the_layers_actually_probed(provider, cli, tmp_path: Path) -> None:
    def inspect(db: Path) -> dict:
        answers = json.loads(cli("questions", "--json", db=db).stdout)["answers"]
        return next(a for a in answers if a["id"] == "inspect")

    whole = inspect(provider("basic_memory", "lineage") / "config")
    assert whole["answer"] == "yes" and "markdown files" in whole["evidence"][0]
    # the index alone (its recorded project path is another machine's): the notes are not
    # probed, and it says so
    alone = tmp_path / "index-only" / "config"
    shutil.copytree(PROVIDERS / "basic_memory" / "before" / "config", alone)
    answer = inspect(alone)
    assert answer["answer"] == "partly"
    assert "not checked: markdown files" in answer["evidence"][0]


def test_pg_providers_questions(cli, hindsight_before, honcho_url) -> None:
    for system, url in (("hindsight", hindsight_before), ("honcho", honcho_url)):
        result = cli("questions", "--json", db=url)
        assert result.exit_code == 0, result.stderr
        check(system, json.loads(result.stdout))
