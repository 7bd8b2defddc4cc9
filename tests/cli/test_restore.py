"""`memaudit restore` and `resolve --undo`: lifecycle changes undone by a person, logged
(issue 22)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

NOW = "2026-11-30T12:00:00Z"


def _row(db: Path, mid: str) -> dict[str, Any]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        return dict(conn.execute("SELECT * FROM memories WHERE id = ?", (mid,)).fetchone())


def _last_event(db: Path, mid: str) -> tuple[str, str, str | None, dict[str, Any]]:
    with sqlite3.connect(db) as conn:
        action, actor, reason, detail = conn.execute(
            "SELECT action, actor, reason, detail FROM events WHERE memory_id = ? ORDER BY id DESC",
            (mid,),
        ).fetchone()
    return action, actor, reason, json.loads(detail)


def _decayed(cli: Any, sample: Any) -> Path:
    db = sample("bun_investigation")
    done = cli("--now", NOW, "decay", db=db)
    assert done.exit_code == 0, done.output
    assert _row(db, "bun-1")["status"] == "archived"
    assert _row(db, "sprint-goal")["status"] == "expired"
    return db


def test_restore_brings_archived_and_expired_back_and_logs_it(cli: Any, sample: Any) -> None:
    db = _decayed(cli, sample)
    expires = _row(db, "sprint-goal")["expires_at"]
    out = cli(
        "--now", NOW, "restore", "bun-1", "sprint-goal", "--reason", "still in use", "--json", db=db
    )
    assert out.exit_code == 0, out.output
    assert [r["from"] for r in json.loads(out.stdout)] == ["archived", "expired"]
    for mid in ("bun-1", "sprint-goal"):
        assert _row(db, mid)["status"] == "active"
    action, actor, reason, detail = _last_event(db, "sprint-goal")
    assert (action, actor, reason) == ("restore", "tester", "still in use")
    assert detail["from"] == "expired"
    assert detail["expires_at"] == expires  # what was cleared is kept in the log
    assert _row(db, "sprint-goal")["expires_at"] is None
    # the next decay run at the same time does not undo the restore
    again = cli("--now", NOW, "decay", "--dry-run", "--json", db=db)
    assert {c["id"] for c in json.loads(again.stdout)["changes"]}.isdisjoint(
        {"bun-1", "sprint-goal"}
    )


def test_restore_dry_run_changes_nothing(cli: Any, sample: Any) -> None:
    db = _decayed(cli, sample)
    before = db.read_bytes()
    out = cli("restore", "bun-1", "--dry-run", db=db)
    assert out.exit_code == 0, out.output
    assert "would restore bun-1" in out.stdout
    assert db.read_bytes() == before


def test_restore_refuses_a_memory_that_is_not_archived_or_expired(cli: Any, sample: Any) -> None:
    db = _decayed(cli, sample)
    before = db.read_bytes()
    out = cli("restore", "bun-1", "ci-node", db=db)  # ci-node is active: nothing restored
    assert out.exit_code == 1
    assert "nothing restored" in out.output
    assert db.read_bytes() == before
    assert cli("restore", "nope", db=db).exit_code == 1


def test_resolve_undo_unsupersedes_and_logs(cli: Any, sample: Any) -> None:
    db = sample("stale_lockin")
    done = cli(
        "resolve", "deploy-gha", "--supersedes", "deploy-jenkins", "--reason", "moved", db=db
    )
    assert done.exit_code == 0, done.output
    assert _row(db, "deploy-jenkins")["status"] == "superseded"
    undo = cli("resolve", "--undo", "deploy-jenkins", "--reason", "wrong call", db=db)
    assert undo.exit_code == 0, undo.output
    row = _row(db, "deploy-jenkins")
    assert (row["status"], row["superseded_by"], row["validation"]) == (
        "active",
        None,
        "unvalidated",
    )
    action, _actor, reason, detail = _last_event(db, "deploy-jenkins")
    assert (action, reason, detail["superseded_by"]) == ("unsupersede", "wrong call", "deploy-gha")
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT status FROM conflict_pairs").fetchall() == [("disputed",)]
    # decided again, then undone again: each step is an event
    assert cli("resolve", "deploy-gha", "--supersedes", "deploy-jenkins", db=db).exit_code == 0


def test_resolve_undo_refuses_what_is_not_superseded(cli: Any, sample: Any) -> None:
    db = sample("stale_lockin")
    before = db.read_bytes()
    out = cli("resolve", "--undo", "deploy-jenkins", db=db)
    assert out.exit_code == 1
    assert "not superseded" in out.output
    assert cli("resolve", "--undo", "a", "b", db=db).exit_code == 2
    assert cli("resolve", "--undo", "a", "--keep-both", "--reason", "x", db=db).exit_code == 2
    assert db.read_bytes() == before
