"""Removing a memory from the native ledger: every row that holds it (``erase``) and
the tombstone that says it was there (``write_tombstone``). The two writes ``reject``
and ``forget`` share; both run inside the caller's transaction."""

from __future__ import annotations

import json

from memaudit import fingerprint, tombkey
from memaudit.ledger.store import Ledger
from memaudit.model import Memory, Status


def erase(ledger: Ledger, memory_id: str) -> None:
    """Remove one memory from every table of the ledger (caller holds the transaction).

    Children that were derived from it keep existing but lose the edge; the caller
    decides what else happens to them.
    """
    conn = ledger.conn
    conn.execute("DELETE FROM embeddings WHERE memory_id = ?", (memory_id,))
    conn.execute("DELETE FROM profile WHERE memory_id = ?", (memory_id,))
    conn.execute("DELETE FROM edges WHERE child_id = ? OR parent_id = ?", (memory_id, memory_id))
    conn.execute("DELETE FROM conflict_pairs WHERE a_id = ? OR b_id = ?", (memory_id, memory_id))
    conn.execute("DELETE FROM memories WHERE id = ?", (memory_id,))


def write_tombstone(
    ledger: Ledger,
    memory: Memory,
    status: Status,
    reason: str | None,
    actor: str,
    key: tombkey.TombKey | None = None,
) -> None:
    """Who, when, why, and keyed prints of the text (never the text): see tombkey."""
    key = key or tombkey.load(create=True)
    assert key is not None
    salt = f"{fingerprint.KEYED_ALGO}:{key.id}"
    text = memory.content + ("\n" + memory.summary if memory.summary else "")
    prints = fingerprint.fingerprints_with(fingerprint.key_hasher(key.secret), text)
    ledger.conn.execute(
        "INSERT OR REPLACE INTO tombstones(memory_id, status, at, actor, reason, salt, "
        "fingerprints) VALUES (?,?,?,?,?,?,?)",
        (
            memory.id,
            status.value,
            ledger.now(),
            actor,
            reason,
            salt,
            json.dumps(prints),
        ),
    )
