"""The SQL of the native ledger's rows that its callers write: the write gate's inserts
and status changes (``memaudit.review`` decides, these write), accesses, pins, links,
profile entries and embeddings, decay's events and restores, policy values, the gate's
flags, and the validation marks of conflict pairs. Each function takes the ledger and
runs inside the caller's transaction unless it says otherwise. (Erasing a memory and
writing its tombstone are in ``memaudit.ledger.removal``.)"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, Protocol

from memaudit import fingerprint
from memaudit.model import Relation, SourceType, Status
from memaudit.policy import coerce

if TYPE_CHECKING:
    from memaudit.ledger.store import Ledger


def has_memory(ledger: Ledger, memory_id: str) -> bool:
    row = ledger.conn.execute("SELECT 1 FROM memories WHERE id = ?", (memory_id,))
    return row.fetchone() is not None


def has_tombstone(ledger: Ledger, memory_id: str) -> bool:
    row = ledger.conn.execute("SELECT 1 FROM tombstones WHERE memory_id = ?", (memory_id,))
    return row.fetchone() is not None


class Written(Protocol):
    """What a new row takes from a candidate or a memory: the fields both have."""

    content: str
    summary: str | None
    tags: list[str]
    source_type: SourceType
    source_ref: str | None
    confidence: float | None
    importance: float | None
    scope: str | None
    expires_at: str | None


def insert_memory(
    ledger: Ledger,
    memory_id: str,
    what: Written,
    *,
    status: Status,
    derived: bool,
    created_at: str,
    updated_at: str,
    created_by: str | None,
    version: int = 1,
) -> None:
    """One new row of ``memories`` (its content hash computed here)."""
    ledger.conn.execute(
        "INSERT INTO memories(id, content, summary, tags, source_type, source_ref, confidence, "
        "importance, scope, status, derived, created_at, updated_at, created_by, expires_at, "
        "content_hash, version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            memory_id,
            what.content,
            what.summary,
            json.dumps(what.tags),
            what.source_type.value,
            what.source_ref,
            what.confidence,
            what.importance,
            what.scope,
            status.value,
            int(derived),
            created_at,
            updated_at,
            created_by,
            what.expires_at,
            fingerprint.content_hash(what.content),
            version,
        ),
    )


def add_edge(
    ledger: Ledger,
    child_id: str,
    parent_id: str,
    relation: Relation,
    created_at: str,
    *,
    existing: Literal["refuse", "replace", "keep"] = "refuse",
) -> None:
    """One lineage edge; ``existing`` says what an edge already there does: raise
    (``refuse``), take the new relation and time (``replace``) or stay (``keep``)."""
    verb = {"refuse": "INSERT", "replace": "INSERT OR REPLACE", "keep": "INSERT OR IGNORE"}
    ledger.conn.execute(
        f"{verb[existing]} INTO edges(child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
        (child_id, parent_id, relation.value, created_at),
    )


def mark_derived(ledger: Ledger, memory_id: str) -> None:
    ledger.conn.execute("UPDATE memories SET derived = 1 WHERE id = ?", (memory_id,))


def set_status(ledger: Ledger, memory_id: str, status: Status) -> None:
    """A new status, as a new version (approve, unapprove)."""
    ledger.conn.execute(
        "UPDATE memories SET status = ?, updated_at = ?, version = version + 1 WHERE id = ?",
        (status.value, ledger.now(), memory_id),
    )


def set_content(ledger: Ledger, memory_id: str, content: str) -> None:
    """New content (and its hash), as a new version (edit)."""
    ledger.conn.execute(
        "UPDATE memories SET content = ?, content_hash = ?, updated_at = ?, "
        "version = version + 1 WHERE id = ?",
        (content, fingerprint.content_hash(content), ledger.now(), memory_id),
    )


def set_pinned(ledger: Ledger, memory_id: str, pinned: bool) -> None:
    ledger.conn.execute(
        "UPDATE memories SET pinned = ?, version = version + 1 WHERE id = ?",
        (int(pinned), memory_id),
    )


def count_accesses(ledger: Ledger, memory_ids: Sequence[str]) -> dict[str, int]:
    """One more access for each memory, now; the new counts of those that exist."""
    marks = ",".join("?" * len(memory_ids))
    ledger.conn.execute(
        "UPDATE memories SET access_count = access_count + 1, last_accessed = ? "
        f"WHERE id IN ({marks})",
        [ledger.now(), *memory_ids],
    )
    rows = ledger.conn.execute(
        f"SELECT id, access_count FROM memories WHERE id IN ({marks})", list(memory_ids)
    )
    return {mid: count for mid, count in rows}


def restore_active(ledger: Ledger, memory_id: str, *, clear_expiry: bool) -> None:
    """Back to active, idle from now (access count unchanged), as a new version; with
    ``clear_expiry`` its ``expires_at`` goes too."""
    now = ledger.now()
    ledger.conn.execute(
        "UPDATE memories SET status = 'active', last_accessed = ?, updated_at = ?, "
        "expires_at = CASE WHEN ? THEN NULL ELSE expires_at END, version = version + 1 "
        "WHERE id = ?",
        (now, now, clear_expiry, memory_id),
    )


def drop_tombstone(ledger: Ledger, memory_id: str) -> None:
    """The content is back (an undone rejection): its tombstone goes."""
    ledger.conn.execute("DELETE FROM tombstones WHERE memory_id = ?", (memory_id,))


def insert_profile(
    ledger: Ledger, profile_id: str, subject: str, trait: str, value: str, memory_id: str | None
) -> None:
    now = ledger.now()
    ledger.conn.execute(
        "INSERT INTO profile(id, subject, trait, value, memory_id, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?,?)",
        (profile_id, subject, trait, value, memory_id, now, now),
    )


def put_embedding(ledger: Ledger, memory_id: str, vector: bytes, model: str, dim: int) -> None:
    ledger.conn.execute(
        "INSERT OR REPLACE INTO embeddings(memory_id, model, dim, vector) VALUES (?,?,?,?)",
        (memory_id, model, dim, vector),
    )


def append_events(
    ledger: Ledger, at: str, actor: str, events: Iterable[tuple[str, str | None, str | None, str]]
) -> None:
    """Many events at once (action, memory id, reason, JSON detail), all at ``at`` by
    ``actor``: what ``Ledger.log`` writes one by one."""
    ledger.conn.executemany(
        "INSERT INTO events(at, actor, action, memory_id, reason, detail) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(at, actor, action, mid, reason, detail) for action, mid, reason, detail in events],
    )


def set_policy(ledger: Ledger, key: str, value: object, *, actor: str | None = None) -> object:
    """Store one policy value and log the change (one transaction); returns the value it
    replaces."""
    parsed = coerce(key, value)
    old = ledger.policy().get(key)
    with ledger.transaction():
        ledger.conn.execute(
            "INSERT OR REPLACE INTO policy(key, value) VALUES (?, ?)", (key, json.dumps(parsed))
        )
        ledger.log("policy", actor=actor, detail={"key": key, "old": old, "new": parsed})
    return old


def flagged_pending(ledger: Ledger) -> set[str]:
    """Pending memories the write gate flagged when they were staged (``flag`` events:
    injected instructions), in one indexed query."""
    return {
        r[0]
        for r in ledger.conn.execute(
            "SELECT DISTINCT e.memory_id FROM events AS e JOIN memories AS m "
            "ON m.id = e.memory_id WHERE e.action = 'flag' AND m.status = 'pending'"
        )
    }


def mark_disputed(ledger: Ledger, newer_id: str, older_id: str) -> None:
    """Both memories of a candidate contradiction are disputed, unless already judged."""
    ledger.conn.execute(
        "UPDATE memories SET validation = 'disputed' WHERE id IN (?, ?) "
        "AND validation = 'unvalidated'",
        (newer_id, older_id),
    )


def mark_validated(ledger: Ledger, memory_ids: Sequence[str], *, actor: str) -> None:
    """A person validated these memories (a new version of each)."""
    now = ledger.now()
    for mid in memory_ids:
        ledger.conn.execute(
            "UPDATE memories SET validation = 'validated', validated_by = ?, "
            "validated_at = ?, version = version + 1 WHERE id = ?",
            (actor, now, mid),
        )
