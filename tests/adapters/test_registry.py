"""`memaudit adapters`, detection, --adapter, and the 'not a store I know' message."""

from __future__ import annotations

import json
import sqlite3

import pytest

from memaudit.adapters import detect, load_registry

MINE = {"mem0", "langgraph", "basic_memory"}


def test_adapters_lists_each_with_capabilities(cli):
    result = cli("adapters", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    rows = {a["name"]: a for a in (data["adapters"] if isinstance(data, dict) else data)}
    assert set(rows) >= MINE
    assert set(rows["mem0"]["capabilities"]) == {"read", "history", "lineage", "layers"}
    assert set(rows["langgraph"]["capabilities"]) == {"read", "lineage", "layers"}
    assert set(rows["basic_memory"]["capabilities"]) == {"read", "lineage", "layers"}
    for name in MINE:
        assert "forget" not in rows[name]["capabilities"]  # not every layer is reachable
        assert "tests/fixtures/providers" in rows[name]["tested_against"]
    assert not load_registry().broken


@pytest.mark.parametrize(
    ("system", "where", "expected"),
    [
        ("mem0", "", "mem0"),
        ("mem0", "history.db", "mem0"),
        ("mem0", "qdrant/collection/memaudit/storage.sqlite", "mem0"),
        ("langgraph", "", "langgraph"),
        ("langgraph", "store.db", "langgraph"),
        ("basic_memory", "", "basic_memory"),
        ("basic_memory", "config", "basic_memory"),
        ("basic_memory", "config/memory.db", "basic_memory"),
    ],
)
def test_each_store_is_detected_from_its_path(provider, system, where, expected):
    path = provider(system) / where if where else provider(system)
    score, name = detect(str(path))[0]
    assert name == expected and score > 0
    others = [s for s, n in detect(str(path)) if n != expected]
    assert all(s < score for s in others)


def test_adapter_option_forces_one(provider, cli):
    folder = provider("langgraph")
    forced = cli("--adapter", "mem0", "ls", db=folder / "store.db")
    assert forced.exit_code != 0
    assert "mem0" in forced.stderr and "Traceback" not in forced.stderr
    ok = cli("--adapter", "langgraph", "ls", "--json", db=folder / "store.db")
    assert ok.exit_code == 0 and len(json.loads(ok.stdout)) == 9


def test_unknown_folder_and_file_say_what_was_tried(tmp_path, cli):
    folder = tmp_path / "random"
    folder.mkdir()
    (folder / "notes.txt").write_text("hello")
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t(x)")
    conn.close()
    for location in (folder, other):
        result = cli("ls", db=location)
        assert result.exit_code != 0
        assert "not a memory store I know" in result.stderr
        for name in MINE:
            assert name in result.stderr
