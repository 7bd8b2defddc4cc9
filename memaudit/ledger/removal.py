"""Removing a memory from the native ledger: every row that holds it (``erase``) and
the tombstone that says it was there (``write_tombstone``), the two writes ``reject``
and ``forget`` share; and what else a forget writes (profile entries, redacted texts,
the FTS purge). All run inside the caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from memaudit import fingerprint, tombkey
from memaudit.ledger import schema
from memaudit.ledger.bulk import EACH, chunks
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
    purged: Collection[str] | None = None,
) -> None:
    """Who, when, why, and keyed prints of the text (never the text): see tombkey.

    ``purged`` (the sentences, normalised, of a forget's purged ones that this memory
    holds): their prints, and its whole text's when there is one, are listed under
    ``purged`` — no memory may hold them after the forget, whatever its dates say
    (``verify``). Without it (a reject) the tombstone has no ``purged`` list."""
    key = key or tombkey.load(create=True)
    assert key is not None
    salt = f"{fingerprint.KEYED_ALGO}:{key.id}"
    text = memory.content + ("\n" + memory.summary if memory.summary else "")
    hasher = fingerprint.key_hasher(key.secret)
    prints = fingerprint.fingerprints_with(hasher, text)
    if purged is not None:
        prints["purged"] = sorted(
            {hasher(p) for p in purged} | set(prints["full"] if purged else [])
        )
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


def delete_profile_entries(ledger: Ledger, profile_ids: Sequence[str]) -> None:
    ledger.conn.execute(f"DELETE FROM profile WHERE id IN {EACH}", (json.dumps(list(profile_ids)),))


def redact(ledger: Ledger, texts: Sequence[tuple[str, str, str | None]]) -> None:
    """Write redacted texts (memory id, content, summary): each a new version, back to
    pending, its vector gone.

    One UPDATE per chunk, in rowid order: FTS5 writes its pending changes out (a new
    index segment; with secure-delete, a seek per term and segment) at the start of
    every statement that changes it and whenever a write goes back to a lower rowid,
    so one statement per memory left a segment per memory behind.
    """
    if not texts:
        return
    conn = ledger.conn
    ids = json.dumps([mid for mid, _, _ in texts])
    conn.execute(f"DELETE FROM embeddings WHERE memory_id IN {EACH}", (ids,))
    seq_of = dict(conn.execute(f"SELECT id, seq FROM memories WHERE id IN {EACH}", (ids,)))
    rows = sorted((seq_of[mid], content, summary) for mid, content, summary in texts)
    now = ledger.now()
    for part in chunks(rows):  # 4 variables a row: well under SQLite's limit
        conn.execute(
            "UPDATE memories SET content = r.column2, summary = r.column3, "
            "content_hash = r.column4, status = 'pending', updated_at = ?, "
            "version = version + 1 "
            f"FROM (VALUES {','.join(['(?,?,?,?)'] * len(part))}) AS r "
            "WHERE memories.seq = r.column1",
            [now] + [v for seq, c, s in part for v in (seq, c, s, fingerprint.content_hash(c))],
        )


def purge_fts(ledger: Ledger) -> str:
    """Make sure no FTS5 segment keeps a deleted document's terms.

    With FTS5 ``secure-delete`` on (SQLite 3.42+, enabled by migration m005) the delete
    itself removed them in place, so nothing is left to do. Without it the only way is
    to merge the whole index into one segment (``optimize``), whose cost grows with the
    index (benchmarks/bench_forget.py measures both).
    """
    if schema.fts_secure_delete_on(ledger.conn):
        return "secure-delete"
    ledger.conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
    return "optimize"
