"""Writes to the native ledger's rows that are not the write gate's own: policy
values, the gate's flags, and the validation marks of conflict pairs. Each function
takes the ledger; the write ones run inside the caller's transaction unless they say
otherwise. (The gate's inserts and status changes are in ``memaudit.review``; erasing
a memory and its tombstone in ``memaudit.ledger.tombstones``.)"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memaudit.policy import coerce

if TYPE_CHECKING:
    from memaudit.ledger.store import Ledger


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
