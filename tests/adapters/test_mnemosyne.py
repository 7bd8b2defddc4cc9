"""The Mnemosyne adapter on databases written by mnemosyne-memory 3.15.1.

Facts asserted here come from tests/fixtures/providers/mnemosyne/NOTES.md.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from memaudit.adapters import open_store
from memaudit.model import Relation
from memaudit.store import Needle

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "mnemosyne"
IDS = json.loads((FIX / "ids.json").read_text())
TOKEN = "ZEBRA-7731-QUOKKA"
SUMMARY = "def196e789c74437"
ASSISTANT_SUMMARY = "bd0bd576498eaa6d"


def db_copy(tmp_path: Path, which: str = "before") -> Path:
    home = tmp_path / which / "hermes_home"
    shutil.copytree(FIX / which / "hermes_home", home)
    return home / "mnemosyne" / "data" / "mnemosyne.db"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_adapters_lists_mnemosyne(cli) -> None:
    rows = {r["name"]: r for r in json.loads(cli("adapters", "--json").stdout)["adapters"]}
    assert rows["mnemosyne"]["capabilities"] == ["history", "layers", "lineage", "read"]
    assert "mnemosyne-memory 3.15.1" in rows["mnemosyne"]["tested_against"]


def test_file_is_detected_and_adapter_can_be_forced(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    res = cli("adapters", "--detect", str(db), "--json")
    scores = {r["name"]: r["detect_score"] for r in json.loads(res.stdout)["adapters"]}
    assert max(scores, key=lambda n: scores[n]) == "mnemosyne"
    assert scores["holographic"] == 0.0 and scores["native"] == 0.0
    assert cli("--adapter", "mnemosyne", "ls", db=db).exit_code == 0
    assert cli("--adapter", "hermes", "ls", db=db).exit_code != 0


def test_ls_json_maps_every_memory(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    rows = {r["id"]: r for r in json.loads(cli("ls", "--json", "--limit", "0", db=db).stdout)}
    # 7 working + 2 episodic summaries + 1 staged write in HERMES_HOME/pending/memory
    assert len(rows) == 10
    assert rows[IDS["user_pref"]]["source_type"] == "user_statement"
    assert rows[IDS["user_pref"]]["trust_tier"] == "T1"
    assert rows[IDS["user_pref"]]["created_by"] == "user:alice"
    assert rows[IDS["assistant_claim"]]["source_type"] == "inference"  # veracity inferred
    assert rows[IDS["assistant_claim"]]["confidence"] == 0.7  # Mnemosyne's weight
    assert rows[IDS["poetry"]]["status"] == "superseded"
    assert rows[IDS["poetry"]]["superseded_by"] == IDS["uv"]
    assert rows[IDS["stale_bun"]]["status"] == "expired"
    assert rows[IDS["stale_bun"]]["expires_at"] == "2025-03-01T00:00:00Z"
    assert rows[IDS["uv"]]["access_count"] == 1  # recall_count
    assert rows[SUMMARY]["source_type"] == "summary" and rows[SUMMARY]["derived"]
    assert rows[SUMMARY]["extra"]["trust_tier (mnemosyne)"] == "STATED"
    pending = rows[IDS["pending"]["remember"]["pending_id"]]
    assert pending["status"] == "pending"
    assert pending["source_type"] == "assistant_message"


def test_after_forget_the_working_row_is_gone(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path, "after_delete")
    rows = {r["id"] for r in json.loads(cli("ls", "--json", "--limit", "0", db=db).stdout)}
    assert len(rows) == 9
    assert IDS["token"] not in rows and SUMMARY in rows


def test_show_has_provenance_and_flags(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    data = json.loads(cli("show", SUMMARY, "--json", db=db).stdout)
    assert {e["parent_id"] for e in data["parents"]} == {
        IDS[k] for k in ("user_pref", "poetry", "uv", "stale_bun", "token", "editor")
    }
    assert all(e["relation"] == "summarizes" for e in data["parents"])
    assert any("trust_tier evidence" in f for f in data["flags"])
    user = json.loads(cli("show", IDS["token"], "--json", db=db).stdout)
    assert [e["child_id"] for e in user["children"]] == [SUMMARY]


def test_edges_follow_summary_of(tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    with open_store(str(db)) as store:
        edges = store.edges()
    assert len(edges) == 7
    assert all(e.relation is Relation.SUMMARIZES for e in edges)
    assert [e.parent_id for e in edges if e.child_id == ASSISTANT_SUMMARY] == [
        IDS["assistant_claim"]
    ]


def test_provider_config_reads_both_configs(tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    with open_store(str(db)) as store:
        cfg = store.provider_config()
    assert cfg["memory.write_approval"]["value"] is True
    assert cfg["memory.provider"]["value"] == "mnemosyne"
    assert cfg["mnemosyne.auto_sleep_enabled"]["source"].endswith("data/config.yaml")


def test_read_only_open_changes_nothing(cli, tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    home = db.parents[2]
    before = snapshot(home)
    for args in (("ls", "--json"), ("stats",), ("show", SUMMARY)):
        assert cli(*args, db=db).exit_code == 0
    with open_store(str(db)) as store:
        for layer in store.layers():
            if layer.checked:
                layer.probe(Needle(ids=[IDS["token"]], content=TOKEN))
    assert snapshot(home) == before


def test_probes_report_what_forget_left(tmp_path: Path) -> None:
    db = db_copy(tmp_path, "after_delete")
    tid = IDS["token"]
    with open_store(str(db)) as store:
        layers = store.layers()
        found = {la.name: la.probe(Needle(ids=[tid], content=TOKEN)) for la in layers if la.checked}
        unchecked = {la.name for la in layers if not la.checked}
    # forget() cleaned these
    for clean in (
        "working memory",
        "legacy memories",
        "embeddings (json)",
        "annotations",
        "fts_working copy",
        "pending records",
        "memory events",  # empty in this version's run: nothing was ever written
    ):
        assert found[clean] == [], clean
    # and left these
    assert {(r.where, r.match) for r in found["episodic summaries"]} == {
        (f"episodic_memory.content [id={SUMMARY}]", "contains text"),
        (f"episodic_memory.summary_of [id={SUMMARY}]", "id"),
    }
    assert {r.where for r in found["gists"]} >= {f"gists.text [id=gist_{tid}]"}
    assert f"facts.source_msg_id [fact_id=fact_{tid}_0]" in {r.where for r in found["facts"]}
    assert len(found["consolidated facts"]) == 1
    assert {r.where for r in found["graph edges"]} == {
        "graph_edges.source [id=3]",
        "graph_edges.target [id=3]",
    }
    assert {r.match for r in found["fts_episodes"]} == {
        "term (searchable)",
        "term in index segment",
    }
    # fts_working: no longer searchable, but the terms stay in its segments
    assert [r.match for r in found["fts_working"]] == ["term in index segment"]
    assert len([r for r in found["raw bytes"] if r.detail == "text 1"]) == 2
    # the sqlite-vec tables, read through their shadow tables: forget() deleted the
    # vector (sqlite-vec 0.1.9 zeroed its slot), no vector lost its row
    for vec in ("vec_working", "vec_episodes", "vec_facts"):
        assert found[vec] == [], vec
    assert unchecked == set()


def test_before_forget_the_working_row_holds_the_token(tmp_path: Path) -> None:
    db = db_copy(tmp_path)
    with open_store(str(db)) as store:
        (layer,) = [la for la in store.layers() if la.name == "working memory"]
        hits = layer.probe(Needle(ids=[IDS["token"]], content=TOKEN))
    assert {r.match for r in hits} == {"id", "contains text"}
