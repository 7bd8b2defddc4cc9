"""The event log cannot be rewritten, and an older ledger is never migrated by a
command that only reads."""

from __future__ import annotations

import json

import pytest

from memaudit.ledger import Ledger
from memaudit.sqlite_driver import sqlite3
from tests.conftest import file_bytes
from tests.hostile import corpus_files as cf

REWRITES = [
    "INSERT OR REPLACE INTO events(id, at, actor, action) VALUES (1, 'x', 'mallory', 'rewritten')",
    "REPLACE INTO events(id, at, actor, action) VALUES (1, 'x', 'mallory', 'rewritten')",
    "INSERT INTO events(id, at, actor, action) VALUES (1, 'x', 'mallory', 'rewritten') "
    "ON CONFLICT(id) DO UPDATE SET action = 'rewritten'",
    "UPDATE events SET action = 'rewritten' WHERE id = 1",
    "DELETE FROM events WHERE id = 1",
]


def _events(path) -> list[tuple]:
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT * FROM events ORDER BY id").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("sql", REWRITES)
def test_no_statement_rewrites_an_event(sql, ledger_path):
    db = ledger_path  # a ledger made now: event 1 is its "init"
    before = _events(db)
    assert before[0][0] == 1
    conn = sqlite3.connect(str(db))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute(sql)
    conn.close()
    assert _events(db) == before


def test_appending_still_works(ledger_path):
    conn = sqlite3.connect(str(ledger_path))
    conn.execute("INSERT INTO events(at, actor, action) VALUES ('t', 'alice', 'note')")
    conn.commit()
    conn.close()
    assert _events(ledger_path)[-1][2:4] == ("alice", "note")


def test_an_old_ledger_is_refused_by_reads_and_updated_by_migrate(tmp_path, cli):
    db = cf.copy_store("old_ledger", tmp_path)
    before = file_bytes(db)
    # Before the migration, REPLACE rewrites history: the hole m006 closes.
    conn = sqlite3.connect(str(db))
    conn.execute("SAVEPOINT probe")
    conn.execute(REWRITES[0])
    assert conn.execute("SELECT action FROM events WHERE id = 1").fetchone() == ("rewritten",)
    conn.execute("ROLLBACK TO probe")
    conn.close()
    assert file_bytes(db) == before
    for argv in (["ls"], ["show", "old-1"], ["log"], ["audit"], ["stats"]):
        r = cli(*argv, db=db)
        assert r.exit_code == 1, (argv, r.stderr)
        assert "needs migration" in r.stderr and f"memaudit migrate --db {db}" in r.stderr
        assert file_bytes(db) == before, argv
    dry = cli("migrate", "--dry-run", "--json", db=db)
    assert json.loads(dry.stdout)["pending"] == [
        "m006_events_refuse_replace",
        "m007_forget_requests",
        "m008_active_set_token",
    ]
    assert file_bytes(db) == before
    done = cli("migrate", db=db)
    assert done.exit_code == 0 and "m006_events_refuse_replace" in done.stdout
    assert cli("migrate", db=db).stdout.strip() == "up to date: nothing to migrate"
    kept = _events(db)
    assert kept[0][2:5] == ("alice", "approve", "old-1")
    conn = sqlite3.connect(str(db))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        conn.execute(REWRITES[0])
    conn.close()
    assert _events(db) == kept
    r = cli("ls", "--json", db=db)
    assert r.exit_code == 0 and json.loads(r.stdout)[0]["id"] == "old-1"


def test_a_foreign_store_with_a_ledger_marker_is_not_a_ledger(tmp_path, cli):
    """A LangGraph store holding a ``memaudit_meta`` table: read as LangGraph, never
    migrated into a ledger."""
    db = cf.copy_store("langgraph_marker", tmp_path)
    before = file_bytes(db)
    r = cli("stats", "--json", db=db)
    assert r.exit_code == 0 and json.loads(r.stdout)["adapter"] == "langgraph"
    forced = cli("--adapter", "native", "ls", db=db)
    assert forced.exit_code == 1 and "not a memaudit ledger" in forced.stderr
    assert file_bytes(db) == before
    with pytest.raises(Exception, match="not a memaudit ledger"):
        Ledger.open(db, readonly=False)
    assert file_bytes(db) == before
