"""The native ledger's schema, versioned with ``sqlite_utils.Migrations``.

Migrations are applied on every open, so a store written by an older memaudit is
brought up to date the moment a newer one opens it (each migration in one
transaction, recorded in ``_sqlite_migrations``). Never edit a released migration:
add a new one.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

from memaudit.ledger import active_set
from memaudit.ledger.versions import META_TABLE, MIGRATION_SET, MIGRATIONS
from memaudit.sqlite_driver import FTS_SECURE_DELETE

migrations = Migrations(MIGRATION_SET)


@migrations()
def m001_initial(db: Database) -> None:
    db.execute(f"CREATE TABLE {META_TABLE} (key TEXT PRIMARY KEY, value TEXT)")
    db.execute(f"INSERT INTO {META_TABLE} VALUES ('format', 'memaudit-ledger')")
    db.execute(
        """
        CREATE TABLE memories (
            seq INTEGER PRIMARY KEY,  -- stable rowid for the FTS index (VACUUM keeps it)
            id TEXT NOT NULL UNIQUE,
            content TEXT NOT NULL,
            summary TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            source_type TEXT NOT NULL,
            source_ref TEXT,
            confidence REAL,
            importance REAL,
            scope TEXT,
            status TEXT NOT NULL,
            validation TEXT NOT NULL DEFAULT 'unvalidated',
            validated_by TEXT,
            validated_at TEXT,
            derived INTEGER NOT NULL DEFAULT 0,
            superseded_by TEXT,
            contradicted_by TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            created_by TEXT,
            last_accessed TEXT,
            access_count INTEGER NOT NULL DEFAULT 0,
            decay_score REAL NOT NULL DEFAULT 1.0,
            expires_at TEXT,
            content_hash TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX idx_memories_status_created ON memories(status, created_at)")
    db.execute("CREATE INDEX idx_memories_source_type ON memories(source_type)")
    db.execute("CREATE INDEX idx_memories_content_hash ON memories(content_hash)")
    db.execute("CREATE INDEX idx_memories_source_ref ON memories(source_ref)")
    db.execute(
        """
        CREATE TABLE edges (
            child_id TEXT NOT NULL REFERENCES memories(id),
            parent_id TEXT NOT NULL,
            relation TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (child_id, parent_id)
        ) WITHOUT ROWID
        """
    )
    db.execute("CREATE INDEX idx_edges_parent ON edges(parent_id, child_id)")
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            memory_id TEXT,
            reason TEXT,
            detail TEXT NOT NULL DEFAULT '{}'
        )
        """
    )
    db.execute("CREATE INDEX idx_events_memory ON events(memory_id)")
    db.execute("CREATE INDEX idx_events_action_at ON events(action, at)")
    # The log is append-only: history that can be edited proves nothing.
    db.execute(
        """
        CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END
        """
    )
    db.execute(
        """
        CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END
        """
    )
    db.execute(
        """
        CREATE TABLE embeddings (
            memory_id TEXT PRIMARY KEY REFERENCES memories(id),
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BLOB NOT NULL
        )
        """
    )
    db.execute(
        """
        CREATE TABLE tombstones (
            memory_id TEXT PRIMARY KEY,
            status TEXT NOT NULL,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            reason TEXT,
            salt TEXT NOT NULL,
            fingerprints TEXT NOT NULL
        )
        """
    )
    # Full-text index over the content, kept in sync by triggers. External content:
    # the text lives once, in memories; the index holds terms (which is why forget
    # must rebuild it — FTS5 keeps a deleted document's terms in old segments).
    db.execute(
        """
        CREATE VIRTUAL TABLE memories_fts USING fts5(
            content, summary, tags, content='memories', content_rowid='seq'
        )
        """
    )
    db.execute(
        """
        CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
          INSERT INTO memories_fts(rowid, content, summary, tags)
          VALUES (new.seq, new.content, new.summary, new.tags);
        END
        """
    )
    db.execute(
        """
        CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
          INSERT INTO memories_fts(memories_fts, rowid, content, summary, tags)
          VALUES ('delete', old.seq, old.content, old.summary, old.tags);
        END
        """
    )
    db.execute(
        """
        CREATE TRIGGER memories_au AFTER UPDATE OF content, summary, tags ON memories BEGIN
          INSERT INTO memories_fts(memories_fts, rowid, content, summary, tags)
          VALUES ('delete', old.seq, old.content, old.summary, old.tags);
          INSERT INTO memories_fts(rowid, content, summary, tags)
          VALUES (new.seq, new.content, new.summary, new.tags);
        END
        """
    )


@migrations()
def m002_profile_policy_versions(db: Database) -> None:
    """0.1: user-model entries, the policy table, pinning and optimistic versions."""
    db.execute("ALTER TABLE memories ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE memories ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
    db.execute(
        """
        CREATE TABLE profile (
            id TEXT PRIMARY KEY,
            subject TEXT NOT NULL,
            trait TEXT NOT NULL,
            value TEXT NOT NULL,
            memory_id TEXT REFERENCES memories(id),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX idx_profile_memory ON profile(memory_id)")
    db.execute("CREATE TABLE policy (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        "CREATE INDEX idx_memories_decay ON memories(status, pinned, last_accessed, created_at)"
    )
    db.execute(
        "CREATE INDEX idx_memories_expires ON memories(expires_at) WHERE expires_at IS NOT NULL"
    )


@migrations()
def m003_conflict_pairs(db: Database) -> None:
    """0.1: candidate contradictions and what a person decided about each pair.

    ``a_id < b_id``. status: ``disputed`` (in the review queue), ``kept`` (both hold:
    --keep-both), ``resolved`` (one superseded the other). No foreign keys: a sidecar
    ledger records pairs of a foreign store's ids. Evidence names slots and values,
    never whole content.
    """
    db.execute(
        """
        CREATE TABLE conflict_pairs (
            a_id TEXT NOT NULL,
            b_id TEXT NOT NULL,
            status TEXT NOT NULL,
            score REAL,
            slot TEXT,
            evidence TEXT NOT NULL DEFAULT '[]',
            found_at TEXT NOT NULL,
            found_by TEXT NOT NULL,
            decided_by TEXT,
            decided_at TEXT,
            reason TEXT,
            PRIMARY KEY (a_id, b_id)
        ) WITHOUT ROWID
        """
    )
    db.execute("CREATE INDEX idx_conflict_pairs_b ON conflict_pairs(b_id, a_id)")
    db.execute("CREATE INDEX idx_conflict_pairs_status ON conflict_pairs(status)")


@migrations()
def m004_decay_reference_index(db: Database) -> None:
    """0.1: decay finds the memories to archive by index range scans, not full scans.

    Per access count, ``score < threshold`` is ``coalesce(last_accessed, created_at) <
    cutoff``: one range of this index (``memaudit.decay.REF_EXPR`` must stay the
    identical expression, or SQLite will not use it). It replaces m002's decay index.
    """
    db.execute(
        "CREATE INDEX idx_memories_decay_ref ON memories"
        "(status, pinned, access_count, coalesce(last_accessed, created_at))"
    )
    db.execute("DROP INDEX IF EXISTS idx_memories_decay")


def apply(db: Database) -> list[str]:
    """Apply pending migrations; return the names applied."""
    names = [m.name for m in migrations.pending(db)]
    migrations.apply(db)
    return names


def applied_names(db: Database) -> list[str]:
    return [m.name for m in migrations.applied(db)]


def latest() -> str:
    return migrations._migrations[-1].name


@migrations()
def m005_fts_secure_delete(db: Database) -> None:
    """Deleted and edited content leaves the FTS5 index at once, not at the next merge
    (needs SQLite 3.42+; see memaudit/sqlite_driver.py — without it forget merges the
    index instead)."""
    if FTS_SECURE_DELETE:
        db.execute("INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1)")


def fts_secure_delete_on(conn: object) -> bool:
    """Is FTS5 secure-delete enabled on this ledger's index?"""
    try:
        row = conn.execute(  # type: ignore[attr-defined]
            "SELECT v FROM memories_fts_config WHERE k = 'secure-delete'"
        ).fetchone()
    except Exception:
        return False
    return bool(row and int(row[0]))


@migrations()
def m006_events_refuse_replace(db: Database) -> None:
    """The event log stays append-only against ``INSERT OR REPLACE`` too.

    REPLACE deletes the conflicting row without firing ``events_no_delete`` (delete
    triggers run on REPLACE only with ``recursive_triggers`` on), so an existing event
    could be rewritten by inserting over its id. An insert that names an id already
    in the log is refused before conflict resolution starts.
    """
    db.execute(
        """
        CREATE TRIGGER events_no_replace BEFORE INSERT ON events
        WHEN NEW.id IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
        BEGIN SELECT RAISE(ABORT, 'events are append-only'); END
        """
    )


@migrations()
def m007_forget_requests(db: Database) -> None:
    """0.2: agents' requests to forget a memory, waiting for a person (``memaudit mcp``).

    A request names the memory and the agent's reason; it leaves the table when a person
    dismisses it, or with the memory itself (``ON DELETE CASCADE``: forget and reject
    remove it, and the reason with it — a reason may quote what is being forgotten,
    which is why it lives here and not in the append-only ``events``). The scope index
    serves the knowledge-graph profile, which keeps an entity's name there.
    """
    db.execute(
        """
        CREATE TABLE forget_requests (
            id TEXT PRIMARY KEY,
            memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
            reason TEXT NOT NULL,
            requested_by TEXT NOT NULL,
            requested_at TEXT NOT NULL
        )
        """
    )
    db.execute("CREATE INDEX idx_forget_requests_memory ON forget_requests(memory_id)")
    db.execute("CREATE INDEX idx_memories_scope ON memories(scope)")


@migrations()
def m008_active_set_token(db: Database) -> None:
    """The active-set token (``memaudit.ledger.active_set``): replaced by triggers on
    every write that can change what the review listing's searches read, so that the
    searches the write gate asked are read, not asked again, while it is unchanged. A
    read-only open does without it (``versions.READERS_MAY_SKIP``)."""
    for statement in active_set.CREATE:
        db.execute(statement)


# Opening a ledger reads its pending migrations from ``versions`` (no sqlite-utils):
# the two lists must be the same.
if [m.name for m in migrations._migrations] != list(MIGRATIONS):
    raise RuntimeError("memaudit.ledger.versions.MIGRATIONS does not list schema's migrations")
