"""The canonical rows as SQL (``Store.sql_view``): detectors and ``questions`` read
every store with the same queries, over the native ledger's table shapes. The native
ledger is its own view; a store without SQL of its own is copied, through the ``Store``
protocol, into an in-memory SQLite database with those shapes (``mirror``)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memaudit.fingerprint import content_hash

if TYPE_CHECKING:
    from memaudit.store import Store


@dataclass(slots=True, frozen=True)
class SqlView:
    """A connection whose tables have the native ledger's shapes."""

    conn: sqlite3.Connection
    # The provider's role field (assistant, user, ...) is the column ``memories.role``;
    # the native ledger has none (its source types say it).
    role_column: bool = False
    # A file another process can open read-only to see the same rows (the native
    # ledger: the audit runs some detectors in a second process); None: in memory.
    file: str | None = None
    # Values read as another type than their column's ("memories.content": 2), when
    # the view is a typed copy of a ledger that held them (``ledger.typed_view``).
    mistyped: tuple[tuple[str, int], ...] = ()

    @property
    def owned(self) -> bool:
        """The view's own connection (an in-memory copy), closed with it."""
        return self.file is None


# -- foreign stores: an in-memory copy with the ledger's table shapes ----------

_MIRROR_SCHEMA = """
CREATE TABLE memories (
    seq INTEGER PRIMARY KEY, id TEXT UNIQUE, content TEXT, source_type TEXT, status TEXT,
    derived INTEGER, confidence REAL, importance REAL, validation TEXT, superseded_by TEXT,
    contradicted_by TEXT, created_at TEXT, updated_at TEXT, last_accessed TEXT,
    access_count INTEGER, decay_score REAL, pinned INTEGER, source_ref TEXT,
    content_hash TEXT, role TEXT, created_by TEXT, scope TEXT
);
CREATE TABLE edges (child_id TEXT, parent_id TEXT, relation TEXT, created_at TEXT);
CREATE INDEX edges_child ON edges(child_id);
CREATE INDEX edges_parent ON edges(parent_id);
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT, actor TEXT, action TEXT,
    memory_id TEXT, reason TEXT, detail TEXT);
CREATE INDEX events_memory ON events(memory_id);
CREATE TABLE profile (id TEXT, subject TEXT, trait TEXT, value TEXT, memory_id TEXT);
CREATE TABLE tombstones (memory_id TEXT, at TEXT);
"""


def mirror(store: Store, *, lineage: bool, history: bool) -> sqlite3.Connection:
    """Copy what the store exposes through the protocol into an in-memory database:
    its memories, and its edges and events when it records them."""

    conn = sqlite3.connect(":memory:")
    conn.executescript(_MIRROR_SCHEMA)
    rows = []
    for m in store.memories():
        role = m.extra.get("role") or m.extra.get("author_type")
        rows.append(
            (
                m.id,
                m.content,
                m.source_type.value,
                m.status.value,
                int(m.derived),
                m.confidence,
                m.importance,
                m.validation.value,
                m.superseded_by,
                m.contradicted_by,
                m.created_at or "",
                m.updated_at or m.created_at or "",
                m.last_accessed,
                m.access_count,
                m.decay_score,
                int(m.pinned),
                m.source_ref,
                content_hash(m.content),
                str(role) if role is not None else None,
                m.scope,
            )
        )
    conn.executemany(
        "INSERT OR IGNORE INTO memories(id, content, source_type, status, derived, confidence, "
        "importance, validation, superseded_by, contradicted_by, created_at, updated_at, "
        "last_accessed, access_count, decay_score, pinned, source_ref, content_hash, role, scope) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )
    if lineage:
        conn.executemany(
            "INSERT INTO edges VALUES (?,?,?,?)",
            [(e.child_id, e.parent_id, e.relation.value, e.created_at) for e in store.edges()],
        )
    if history:
        conn.executemany(
            "INSERT INTO events(at, actor, action, memory_id, reason, detail) VALUES (?,?,?,?,?,?)",
            [
                (e.at, e.actor, e.action, e.memory_id, e.reason, json.dumps(e.detail, default=str))
                for e in store.events()
            ],
        )
    return conn
