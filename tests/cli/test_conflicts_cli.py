"""Candidate contradictions, and supersession only after a person's validation."""

from __future__ import annotations

import json
import re
from pathlib import Path

from memaudit import conflicts
from memaudit.ledger import Ledger

PACKAGE = Path(conflicts.__file__).resolve().parent.parent  # memaudit/


def _status(cli, db) -> dict[str, str]:
    return {m["id"]: m["status"] for m in json.loads(cli("ls", "--json", db=db).stdout)}


def test_poetry_uv_is_a_candidate_not_a_verdict(cli, sample) -> None:
    db = sample("poetry_uv")
    result = cli("conflicts", db=db)
    assert result.exit_code == 0
    assert "candidate" in result.stdout
    data = json.loads(cli("conflicts", "--json", db=db).stdout)["candidates"]
    pair = next(c for c in data if {c["newer_id"], c["older_id"]} == {"pkg-uv", "pkg-poetry"})
    assert pair["newer_id"] == "pkg-uv" and pair["slot"] == "package manager"
    assert pair["verdict"].startswith("candidate")
    assert any("poetry" in e for e in pair["evidence"])
    assert _status(cli, db)["pkg-poetry"] == "active"  # found, not superseded


def test_resolve_supersedes_with_a_validation_event(cli, sample) -> None:
    db = sample("poetry_uv")
    dry = cli("resolve", "pkg-uv", "--supersedes", "pkg-poetry", "--dry-run", db=db)
    assert dry.exit_code == 0 and _status(cli, db)["pkg-poetry"] == "active"
    result = cli(
        "--actor", "alice", "resolve", "pkg-uv", "--supersedes", "pkg-poetry",
        "--reason", "moved to uv", db=db,
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    old = json.loads(cli("show", "pkg-poetry", "--json", db=db).stdout)
    assert old["status"] == "superseded"
    assert old["superseded_by"] == "pkg-uv" and old["contradicted_by"] == "pkg-uv"
    assert old["validation"] == "validated" and old["validated_by"] == "alice"
    event = next(e for e in old["events"] if e["action"] == "supersede")
    assert event["actor"] == "alice" and event["reason"] == "moved to uv"
    assert old["content"] == "The project uses poetry for packaging."  # not deleted
    remaining = json.loads(cli("conflicts", "--json", db=db).stdout)["candidates"]
    assert all("pkg-poetry" not in (c["newer_id"], c["older_id"]) for c in remaining)


def test_pair_differing_by_scope_can_be_kept(cli, sample) -> None:
    db = sample("poetry_uv")
    data = json.loads(cli("conflicts", "--json", db=db).stdout)["candidates"]
    pair = next(c for c in data if {c["newer_id"], c["older_id"]} == {"db-prod", "db-dev"})
    assert pair["scope_differs"] is True
    assert any("scopes differ" in e for e in pair["evidence"])
    refused = cli("resolve", "db-prod", "db-dev", "--keep-both", db=db)
    assert refused.exit_code == 2 and "--reason" in refused.stderr  # a usage error (issue 22)
    kept = cli("resolve", "db-prod", "db-dev", "--keep-both", "--reason", "prod vs dev", db=db)
    assert kept.exit_code == 0, kept.stderr
    assert _status(cli, db)["db-prod"] == "active" and _status(cli, db)["db-dev"] == "active"
    again = json.loads(cli("conflicts", "--json", db=db).stdout)["candidates"]
    assert all({c["newer_id"], c["older_id"]} != {"db-prod", "db-dev"} for c in again)


def test_stage_records_disputed_pairs_without_superseding(cli, sample) -> None:
    db = sample("poetry_uv")
    assert cli("conflicts", "--stage", db=db).exit_code == 0
    with Ledger.open(db) as led:
        seen = conflicts.candidates_for(led, "pkg-poetry")
        assert [c["other_id"] for c in seen] == ["pkg-uv"]
        assert led.require("pkg-poetry").validation.value == "disputed"
    assert _status(cli, db)["pkg-poetry"] == "active"


def test_a_newly_staged_memory_carries_its_candidates(cli, sample) -> None:
    db = sample("poetry_uv")
    line = json.dumps(
        {"id": "pkg-pdm", "content": "Actually the project uses pdm for packaging now.",
         "source_type": "user_statement"}
    )  # fmt: skip
    result = cli("stage", input=line + "\n", db=db)
    assert result.exit_code == 0, result.stderr
    with Ledger.open(db) as led:
        others = {c["other_id"] for c in conflicts.candidates_for(led, "pkg-pdm")}
        assert led.require("pkg-pdm").status.value == "pending"
    assert others == {"pkg-poetry", "pkg-uv"}
    assert _status(cli, db)["pkg-poetry"] == "active"


def test_unrelated_memories_are_not_candidates() -> None:
    from memaudit.model import Memory

    ms = [
        Memory("a", "The user edits code in Neovim.", created_at="2026-01-01T00:00:00Z"),
        Memory("b", "The database is PostgreSQL 15.", created_at="2026-01-02T00:00:00Z"),
        Memory("c", "Deploys go out on Tuesdays.", created_at="2026-01-03T00:00:00Z"),
    ]
    assert conflicts.find(ms) == []


def test_no_code_path_supersedes_without_validation() -> None:
    """Every write of status 'superseded' lives in the resolve path."""
    writers = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text()
        if re.search(r"status\s*=\s*'superseded'", text):
            writers.add(path.relative_to(PACKAGE).as_posix())
    assert writers == {"conflicts/resolve.py", "adapters/lifecycle.py"}
    text = (PACKAGE / "conflicts" / "resolve.py").read_text()
    # ... and there, only inside supersede_native, which writes validated_by with it.
    block = text[text.index("def supersede_native") :]
    assert "validation = 'validated', validated_by = ?" in block
    assert text.count("store.supersede(") == 1  # only resolve_supersede calls the adapter
