"""The lifecycle store's relatives: the always-on memory agent and the memory.db
that extends it (stores built with their own SQL statements)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.model import Relation
from memaudit.store import Capability, Needle
from tests.adapters.conftest import PROVIDERS, TOKEN, dirty, residue

TOKEN_UUID = "4f1c2a0e-1b7e-4c55-9a70-1d3f3f0c0a03"
CONS_UUID = "consolidation:9b2e8d11-5c3a-4f0e-8e21-0c6a7e5d2b01"


@pytest.fixture
def db(tmp_path):
    def copy(system: str, name: str = "memory.db") -> Path:
        dst = tmp_path / system / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PROVIDERS / "lifecycle_relatives" / system / name, dst)
        return dst

    return copy


def _ls(cli, location):
    result = cli("ls", "--json", "--limit", "0", db=location)
    assert result.exit_code == 0, result.stderr
    return {r["id"]: r for r in json.loads(result.stdout)}


def test_always_on_detected_and_mapped(db, cli):
    rows = _ls(cli, db("always_on"))
    assert len(rows) == 5  # 4 memories + 1 consolidation
    hint = rows["3"]
    assert hint["content"] == f"Staging deploy passphrase hint is {TOKEN}."
    assert hint["source_type"] == "summary" and hint["trust_tier"] == "T4"
    assert hint["extra"]["raw_text"].endswith(f"is {TOKEN}.")
    assert hint["importance"] == 0.9 and hint["tags"] == ["deploy", "secrets"]
    assert hint["created_at"] == "2026-10-01T09:03:00Z"
    assert rows["1"]["source_ref"] == "notes.md"
    cons = rows["consolidation:1"]
    assert cons["source_type"] == "inference" and cons["summary"].startswith("Tooling moved")
    with open_store(str(db("always_on"))) as store:
        assert store.adapter_name == "always_on"
        assert store.has(Capability.LINEAGE) and not store.has(Capability.DECAY)


def test_always_on_consolidation_lineage(db):
    with open_store(str(db("always_on"))) as store:
        parents = {(e.parent_id, e.relation) for e in store.edges(["consolidation:1"])}
    assert parents == {("1", Relation.INFERS), ("2", Relation.INFERS), ("3", Relation.INFERS)}


def test_always_on_residue_after_its_delete(db):
    with open_store(str(db("always_on", "memory_after_delete.db"))) as store:
        assert store.get("3") is None
        cons = store.require("consolidation:1")
        assert cons.extra["consolidates memories that no longer exist"] == ["3"]
        found = dirty(store, Needle(["3"], TOKEN))
        rows = residue(store, Needle(["3"], TOKEN))
    # delete_memory removes the row only: the consolidation keeps the text and the id,
    # and the other memories' connections still point at it.
    assert {"memories", "consolidations"} <= set(found)
    assert ("consolidations.summary [rowid=1]", "contains text") in rows["consolidations"]
    assert ("memories.connections [rowid=2]", "id") in rows["memories"]


def test_memory_db_detected_and_mapped(db, cli):
    rows = _ls(cli, db("memory_db"))
    assert len(rows) == 5
    hint = rows[TOKEN_UUID]
    assert hint["source_ref"] == "inbox/deploy.md" and hint["source_type"] == "summary"
    assert hint["extra"]["ingested from file"] == "inbox/deploy.md"
    assert rows[CONS_UUID]["content"] == "Packaging moved to uv; recheck deploy notes."
    with open_store(str(db("memory_db"))) as store:
        assert store.adapter_name == "consolidating"
        assert {e.parent_id for e in store.edges([CONS_UUID])} == {
            "4f1c2a0e-1b7e-4c55-9a70-1d3f3f0c0a01",
            "4f1c2a0e-1b7e-4c55-9a70-1d3f3f0c0a02",
            TOKEN_UUID,
        }


def test_memory_db_residue_after_delete(db):
    with open_store(str(db("memory_db", "memory_after_delete.db"))) as store:
        assert store.get(TOKEN_UUID) is None
        found = dirty(store, Needle([TOKEN_UUID], TOKEN))
    assert {"consolidations", "processed_files"} <= set(found)
    assert "memories" not in found


def test_lifecycle_store_is_not_claimed():
    # Each relative is claimed by its own adapter only, never by the article's one.
    from memaudit.adapters import detect, load_registry

    for system, name in (("always_on", "always_on"), ("memory_db", "consolidating")):
        location = str(PROVIDERS / "lifecycle_relatives" / system / "memory.db")
        scores = {n: s for s, n in detect(location, load_registry())}
        assert max(scores, key=lambda n: scores[n]) == name
        assert scores["lifecycle"] == 0


def test_reading_leaves_the_file_alone(db, cli):
    path = db("always_on")
    before = path.read_bytes()
    _ls(cli, path)
    with open_store(str(path)) as store:
        residue(store, Needle(["3"], TOKEN))
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["memory.db"]


def test_adapters_say_what_they_were_tested_against(cli):
    result = cli("adapters", "--json")
    assert result.exit_code == 0
    said = {a["name"]: a["tested_against"] for a in json.loads(result.stdout)["adapters"]}
    assert "not by `brv curate` itself" in said["byterover"]
    assert "not written by the agent itself" in said["always_on"]
    assert "not written by the system itself" in said["consolidating"]


@pytest.mark.parametrize(
    ("system", "layers"),
    [("always_on", {"consolidations"}), ("memory_db", {"consolidations"})],
)
def test_verify_content_after_their_delete(db, cli, system, layers):
    result = cli("verify", "--content", TOKEN, "--json", db=db(system, "memory_after_delete.db"))
    assert result.exit_code == 3, result.stderr
    found = {x["layer"] for x in json.loads(result.stdout)["layers"] if not x["clean"]}
    assert layers <= found and "memories" not in found
