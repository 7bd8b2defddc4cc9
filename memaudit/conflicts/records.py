"""What memaudit records about pairs (``conflict_pairs``): decided pairs, disputed
candidates staged for review, and the stage hook that finds them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from memaudit import storejson
from memaudit.conflicts.candidate import ConflictCandidate, pair_key
from memaudit.conflicts.search import find
from memaudit.conflicts.text import LEXICON, features
from memaudit.ledger import Ledger
from memaudit.model import Memory
from memaudit.store import Capability

if TYPE_CHECKING:
    from memaudit.store import Store


def decided_pairs_of(store: Store) -> set[tuple[str, str]]:
    """``decided_pairs`` of a store's records; none for a store that keeps no records."""
    if not store.has(Capability.RESOLVE):
        return set()
    return decided_pairs(store.records(writable=False))


def decided_pairs(records: Ledger | None) -> set[tuple[str, str]]:
    """Pairs a person already settled (kept apart, or resolved)."""
    if records is None:
        return set()
    rows = records.conn.execute(
        "SELECT a_id, b_id FROM conflict_pairs WHERE status IN ('kept', 'resolved')"
    )
    return {(a, b) for a, b in rows}


def record_resolved(
    records: Ledger, new_id: str, old_id: str, *, actor: str, reason: str | None
) -> None:
    """A person decided: ``new_id`` supersedes ``old_id`` (the pair is no longer open)."""
    upsert(
        records,
        None,
        new_id,
        old_id,
        "resolved",
        actor=actor,
        found_by="resolve",
        reason=reason,
        decided=True,
    )


def upsert(
    records: Ledger,
    cand: ConflictCandidate | None,
    a: str,
    b: str,
    status: str,
    *,
    actor: str,
    found_by: str,
    reason: str | None = None,
    decided: bool = False,
) -> None:
    x, y = pair_key(a, b)
    now = records.now()
    records.conn.execute(
        "INSERT INTO conflict_pairs(a_id, b_id, status, score, slot, evidence, found_at, "
        "found_by, decided_by, decided_at, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(a_id, b_id) DO UPDATE SET status = excluded.status, "
        "score = coalesce(excluded.score, score), slot = coalesce(excluded.slot, slot), "
        "evidence = CASE WHEN excluded.evidence = '[]' THEN evidence ELSE excluded.evidence END, "
        "decided_by = excluded.decided_by, decided_at = excluded.decided_at, "
        "reason = excluded.reason",
        (
            x,
            y,
            status,
            cand.score if cand else None,
            cand.slot if cand else None,
            json.dumps(cand.evidence if cand else []),
            now,
            found_by,
            actor if decided else None,
            now if decided else None,
            reason,
        ),
    )


def stage(
    store: Store, candidates: Iterable[ConflictCandidate], *, actor: str
) -> list[ConflictCandidate]:
    """Record candidates as ``disputed`` pairs in the review queue (nothing superseded).

    On a native ledger both memories' validation becomes ``disputed`` too."""
    records = store.records(writable=True)
    assert records is not None
    staged = []
    with records.transaction():
        decided = decided_pairs(records)
        for cand in candidates:
            if cand.pair in decided:
                continue
            upsert(
                records,
                cand,
                cand.newer_id,
                cand.older_id,
                "disputed",
                actor=actor,
                found_by="conflicts",
            )
            records.log(
                "dispute",
                cand.newer_id,
                actor=actor,
                reason=f"candidate contradiction with {cand.older_id} ({cand.slot})",
                detail={"with": cand.older_id, "score": cand.score, "slot": cand.slot},
            )
            if store.has(Capability.VALIDATION):
                store.mark_disputed(cand.newer_id, cand.older_id)
            cand.status = "disputed"
            staged.append(cand)
    return staged


def candidates_for(records: Ledger | None, memory_id: str) -> list[dict[str, Any]]:
    """Open (disputed) candidates involving ``memory_id`` — what a reviewer should see
    next to a pending item."""
    if records is None:
        return []
    rows = records.conn.execute(
        "SELECT a_id, b_id, score, slot, evidence, found_at, found_by FROM conflict_pairs "
        "WHERE status = 'disputed' AND (a_id = ? OR b_id = ?) ORDER BY score DESC",
        (memory_id, memory_id),
    ).fetchall()
    return [
        {
            "other_id": b if a == memory_id else a,
            "score": score,
            "slot": slot,
            "evidence": storejson.loads(evidence or "[]"),
            "found_at": found_at,
            "found_by": found_by,
            "verdict": "candidate",
        }
        for a, b, score, slot, evidence, found_at, found_by in rows
    ]


def disputed_sides(records: Ledger | None) -> dict[str, list[str]]:
    """Every open (disputed) candidate, as memory id → the other side's ids (both ways):
    ``candidates_for`` of every memory at once."""
    out: dict[str, list[str]] = {}
    if records is None:
        return out
    rows = records.conn.execute("SELECT a_id, b_id FROM conflict_pairs WHERE status = 'disputed'")
    for a, b in rows:
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return out


def check_staged(ledger: Ledger, memory_ids: Sequence[str], *, actor: str) -> int:
    """The stage hook: compare newly staged memories with active ones that name a value
    of the same slot (found through the FTS index), and record candidates with the
    pending item. Caller holds the transaction. Returns how many were recorded."""
    found = 0
    for mid in memory_ids:
        memory = ledger.get(mid)
        if memory is None:
            continue
        feats = features(memory.content)
        if not feats.values and not feats.changes:
            continue
        forms = {f for slot in feats.values for f in LEXICON.get(slot, {})}
        forms |= {v for slot, vals in feats.values.items() if slot == "timezone" for v in vals}
        forms |= {c.old for c in feats.changes if c.old}  # who still says the old value
        terms = [" ".join(re.findall(r"[^\W_]+", f)) for f in forms]
        query = " OR ".join(f'"{t}"' for t in terms if t)
        if not query:
            continue
        # The newest written, driven from the index (LIMIT stops the walk early; a
        # common slot matches tens of thousands of memories on a large store).
        # Only what the comparison reads (id, text, scope, age): a full row each would
        # cost more than the comparison itself.
        others = ledger.conn.execute(
            "SELECT memories.id, memories.content, memories.scope, memories.created_at "
            "FROM memories_fts CROSS JOIN memories "
            "ON memories.seq = memories_fts.rowid WHERE memories_fts MATCH ? "
            "AND memories.status = 'active' AND memories.id <> ? "
            "ORDER BY memories_fts.rowid DESC LIMIT 500",
            (query, mid),
        ).fetchall()
        if not others:
            continue
        pool = [
            memory,
            *(
                Memory(id=str(i), content=str(c or ""), scope=s, created_at=t)
                for i, c, s, t in others
            ),
        ]
        decided = decided_pairs(ledger)
        for cand in find(pool, only={mid}, exclude=decided):
            upsert(
                ledger,
                cand,
                cand.newer_id,
                cand.older_id,
                "disputed",
                actor=actor,
                found_by="stage",
            )
            ledger.log(
                "dispute",
                mid,
                actor=actor,
                reason=f"candidate contradiction with {cand.other(mid)} ({cand.slot})",
                detail={"with": cand.other(mid), "score": cand.score, "slot": cand.slot},
            )
            found += 1
    return found
