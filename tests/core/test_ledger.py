import stat
from pathlib import Path

import pytest
from sqlite_utils import Database

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.errors import NeedsMigration, NotAStore, StoreBusy
from memaudit.ledger import Ledger, schema
from memaudit.model import MemoryFilter, SourceType
from memaudit.review import Candidate
from memaudit.sqlite_driver import sqlite3
from tests.conftest import file_bytes

NOW = "2026-11-30T12:00:00Z"
TABLES = {
    "memories",
    "edges",
    "events",
    "embeddings",
    "memories_fts",
    "profile",
    "tombstones",
    "policy",
}


def tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def test_init_creates_every_table_in_wal_mode_owner_only(ledger_path: Path) -> None:
    assert tables(ledger_path) >= TABLES
    assert stat.S_IMODE(ledger_path.stat().st_mode) == 0o600
    conn = sqlite3.connect(ledger_path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_init_syncs_the_built_file_before_linking_it_into_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is built with its syncs off (nobody sees it yet), so it is synced whole
    before it gets its name; the opened ledger syncs its commits again."""
    import os

    calls: list[tuple[str, str]] = []
    real_fsync, real_link = os.fsync, os.link

    def fsync(fd: int) -> None:
        calls.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def link(src: str | Path, dst: str | Path) -> None:
        calls.append(("link", str(src)))
        real_link(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "link", link)
    path = tmp_path / "new.db"
    ledger = Ledger.init(path)
    try:
        assert ledger.conn.execute("PRAGMA synchronous").fetchone()[0] > 0
    finally:
        ledger.close()
    built = [name for kind, name in calls if kind == "link"]
    assert len(built) == 1 and ".new.db.init-" in built[0]
    assert ("fsync", built[0]) in calls[: calls.index(("link", built[0]))]
    assert tables(path) >= TABLES


def test_connection_settings(ledger: Ledger) -> None:
    assert ledger.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert ledger.conn.execute("PRAGMA busy_timeout").fetchone()[0] > 0
    assert ledger.conn.execute("PRAGMA secure_delete").fetchone()[0] == 1


def test_events_refuse_update_and_delete_through_sql(ledger: Ledger) -> None:
    review.stage(ledger, Candidate("The user likes tea.", SourceType.USER_STATEMENT))
    before = ledger.conn.execute("SELECT * FROM events ORDER BY id").fetchall()
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        ledger.conn.execute("UPDATE events SET actor = 'mallory'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        ledger.conn.execute("DELETE FROM events")
    # A second, raw connection cannot do it either.
    raw = sqlite3.connect(ledger.path)
    with pytest.raises(sqlite3.IntegrityError):
        raw.execute("DELETE FROM events WHERE id = 1")
    raw.close()
    assert ledger.conn.execute("SELECT * FROM events ORDER BY id").fetchall() == before


def test_fts_follows_insert_edit_and_reject(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("Deploys run on Fridays.", SourceType.USER_STATEMENT))
    assert [m.id for m in ledger.query(MemoryFilter(search="fridays"))] == [staged.id]
    review.edit(ledger, staged.id, "Deploys run on Mondays.")
    assert ledger.query(MemoryFilter(search="fridays")) == []
    assert [m.id for m in ledger.query(MemoryFilter(search="mondays"))] == [staged.id]
    review.reject(ledger, staged.id, "not true")
    assert ledger.query(MemoryFilter(search="mondays")) == []


def test_search_text_with_fts_syntax_is_taken_literally(ledger: Ledger) -> None:
    review.stage(ledger, Candidate('He said "AND" OR NOT: x*', SourceType.USER_STATEMENT))
    assert len(ledger.query(MemoryFilter(search='"AND" OR NOT: x*'))) == 1


def test_blank_store_gets_latest_schema(ledger_path: Path) -> None:
    db = Database(ledger_path)
    assert schema.applied_names(db) == [m.name for m in schema.migrations._migrations]


def test_previous_schema_migrates_on_open_keeping_data(tmp_path: Path) -> None:
    """A ledger written by memaudit before m002 (no profile/policy/pinned/version)."""
    path = tmp_path / "old.db"
    db = Database(path)
    db.execute("PRAGMA journal_mode=WAL")
    schema.migrations.apply(db, stop_before="m002_profile_policy_versions")
    db.execute(
        "INSERT INTO memories(id, content, source_type, status, created_at, updated_at, content_hash) "
        "VALUES ('old-1', 'Old memory about Bun.js', 'user_statement', 'active', "
        "'2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'b2:x')"
    )
    db.conn.commit()
    assert "profile" not in tables(path)
    db.conn.close()

    # Reading never migrates: the file is left exactly as it was, with a way forward.
    before = file_bytes(path)
    with pytest.raises(NeedsMigration, match=r"needs migration.*memaudit migrate"):
        Ledger.open(path, clock=fixed_clock(NOW))
    assert file_bytes(path) == before and "profile" not in tables(path)

    with Ledger.open(path, readonly=False, clock=fixed_clock(NOW)) as ledger:
        memory = ledger.require("old-1")
        assert memory.content == "Old memory about Bun.js"
        assert memory.version == 1 and memory.pinned is False
        assert ledger.policy().route(SourceType.INFERENCE) == "transient"
        assert [m.id for m in ledger.query(MemoryFilter(search="bun"))] == ["old-1"]
        assert [e.action for e in ledger.events()] == ["migrate"]
    assert {"profile", "policy"} <= tables(path)


def test_not_a_ledger(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes(x)")
    conn.commit()
    conn.close()
    with pytest.raises(NotAStore, match="not a memaudit ledger"):
        Ledger.open(other)
    with pytest.raises(NotAStore, match="no such store"):
        Ledger.open(tmp_path / "missing.db")
    assert not (tmp_path / "missing.db").exists()


def test_locked_store_waits_then_says_busy(ledger_path: Path) -> None:
    holder = sqlite3.connect(ledger_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with (
            Ledger.open(ledger_path, readonly=False, busy_timeout=0.2) as ledger,
            pytest.raises(StoreBusy, match="locked"),
        ):
            review.stage(ledger, Candidate("x y z", SourceType.USER_STATEMENT))
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_pending_migrations_read_without_sqlite_utils_agree_with_it(tmp_path: Path) -> None:
    """``versions.pending`` (what a read-only open asks) answers as sqlite-utils'
    ``Migrations.pending`` does, on a fresh ledger, an old one and a non-ledger."""
    from memaudit.ledger import versions

    assert [m.name for m in schema.migrations._migrations] == list(versions.MIGRATIONS)
    path = tmp_path / "l.db"
    Ledger.init(path).close()
    conn = sqlite3.connect(path)
    try:

        def theirs() -> list[str]:
            return [m.name for m in schema.migrations.pending(Database(conn))]

        assert versions.pending(conn) == theirs() == []
        conn.execute("DELETE FROM _sqlite_migrations WHERE name IN ('m004_decay_reference_index',"
                     " 'm007_forget_requests')")  # fmt: skip
        assert (
            versions.pending(conn)
            == theirs()
            == [
                "m004_decay_reference_index",
                "m007_forget_requests",
            ]
        )
        conn.execute("UPDATE _sqlite_migrations SET migration_set = 'other'")
        assert versions.pending(conn) == theirs() == list(versions.MIGRATIONS)
        conn.execute("DROP TABLE _sqlite_migrations")
        assert versions.pending(conn) == theirs() == list(versions.MIGRATIONS)
    finally:
        conn.close()
