"""The Holographic adapter on memory_store.db files written by hermes-agent 0.19.0.

Facts asserted here come from tests/fixtures/providers/holographic/NOTES.md.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from memaudit.adapters import open_store
from memaudit.model import Edge, Relation
from memaudit.store import Needle

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "holographic"
TOKEN = "ZEBRA-7731-QUOKKA"


def db_copy(tmp_path: Path, which: str = "before") -> Path:
    shutil.copytree(FIX / which, tmp_path / which)
    return tmp_path / which / "memory_store.db"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_adapters_lists_holographic(cli) -> None:
    rows = {r["name"]: r for r in json.loads(cli("adapters", "--json").stdout)["adapters"]}
    assert rows["holographic"]["capabilities"] == ["layers", "lineage", "read"]


def test_file_is_detected_and_adapter_can_be_forced(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    res = cli("adapters", "--detect", str(db), "--json")
    scores = {r["name"]: r["detect_score"] for r in json.loads(res.stdout)["adapters"]}
    assert max(scores, key=lambda n: scores[n]) == "holographic"
    assert scores["mnemosyne"] == 0.0
    assert cli("--adapter", "holographic", "ls", db=db).exit_code == 0
    assert cli("--adapter", "mnemosyne", "ls", db=db).exit_code != 0


def test_ls_json_maps_facts(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    rows = {r["id"]: r for r in json.loads(cli("ls", "--json", db=db).stdout)}
    assert sorted(rows, key=int) == [str(i) for i in range(1, 9)]
    assert rows["4"]["confidence"] == 0.55 and rows["4"]["extra"]["helpful_count"] == 1
    assert rows["3"]["access_count"] == 1  # retrieval_count
    assert rows["2"]["source_type"] == "assistant_message"  # from its source:assistant tag
    assert rows["1"]["source_type"] == "user_statement"
    assert rows["5"]["source_type"] == "summary" and rows["5"]["derived"]
    assert rows["7"]["extra"]["entities"] == TOKEN
    assert rows["1"]["created_at"].endswith("Z")


def test_show_flags_the_missing_provenance(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    data = json.loads(cli("show", "5", "--json", db=db).stdout)
    assert sorted(e["parent_id"] for e in data["parents"]) == ["3", "4"]
    assert any("source column" in f for f in data["flags"])
    assert any("lineage column" in f for f in data["flags"])


def test_edges_come_from_derived_from_tags(tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    with open_store(str(db)) as store:
        edges = store.edges()
        assert [(e.child_id, e.parent_id) for e in store.edges(["4"])] == [("5", "4")]
    assert [(e.child_id, e.parent_id, e.relation) for e in edges] == [
        ("5", "3", Relation.SUMMARIZES),
        ("5", "4", Relation.SUMMARIZES),
    ]
    assert all(isinstance(e, Edge) for e in edges)


def test_provider_config_reports_plugin_defaults(tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    with open_store(str(db)) as store:
        cfg = store.provider_config()
    assert cfg["plugins.hermes-memory-store.auto_extract"]["value"] is False
    assert "provider default" in cfg["plugins.hermes-memory-store.auto_extract"]["source"]


def test_read_only_open_changes_nothing(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    before = snapshot(db.parent)
    for args in (("ls", "--json"), ("stats",), ("show", "7")):
        assert cli(*args, db=db).exit_code == 0
    with open_store(str(db)) as store:
        for layer in store.layers():
            layer.probe(Needle(ids=["7"], content=TOKEN))
    assert snapshot(db.parent) == before  # not even an empty -wal/-shm


def test_probes_report_what_remove_fact_left(tmp_path: Path) -> None:
    db = db_copy(tmp_path, "after_delete")
    with open_store(str(db)) as store:
        assert len(store.memories()) == 7
        layers = store.layers()
        needle = Needle(content=f'The staging vault passphrase hint is "{TOKEN}"')
        found = {la.name: la.probe(needle) for la in layers if la.checked}
        by_token = {la.name: la.probe(Needle(content=TOKEN)) for la in layers if la.checked}
        unchecked = {la.name for la in layers if not la.checked}
    assert found["facts"] == [] and by_token["facts"] == []
    # the orphan entity keeps the token as its name
    assert [(r.where, r.match) for r in found["entities"]] == [
        ("entities.name [entity_id=1]", "term")
    ]
    assert [r.match for r in by_token["entities"]] == ["exact text"]
    # FTS5: not searchable any more, still in the segments
    assert [r.match for r in by_token["facts_fts"]] == ["term in index segment"]
    # raw bytes: the entity row and its index entry
    assert len(by_token["raw bytes"]) == 2
    # the banks were rebuilt by remove_fact (numpy present): they sum exactly the facts
    # still there, so they are probed and hold nothing of the removed fact
    assert found["memory banks"] == [] and by_token["memory banks"] == []
    assert unchecked == set()


def test_open_wal_copy_is_read_through_its_wal_and_not_modified(tmp_path: Path) -> None:
    db = db_copy(tmp_path, "after_delete_open_wal")
    main_and_wal = {n: b for n, b in snapshot(db.parent).items() if not n.endswith("-shm")}
    with open_store(str(db)) as store:
        assert len(store.memories()) == 7  # the WAL's delete is seen
        raw = next(la for la in store.layers() if la.name == "raw bytes")
        hits = raw.probe(Needle(content=TOKEN))
    # the main file alone is still the pre-delete database: 4 copies of the token
    assert len([h for h in hits if "memory_store.db @" in h.where]) == 4
    after = {n: b for n, b in snapshot(db.parent).items() if not n.endswith("-shm")}
    assert after == main_and_wal
