"""Carrying out a plan: one transaction with secure_delete on, the FTS purge, the
WAL checkpoint, and the verification of every layer."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memaudit import fingerprint, reasons, redaction, tombkey
from memaudit.errors import Conflict, MemauditError
from memaudit.forget.layers import native_layers
from memaudit.forget.planning import ForgetPlan, PlanItem, _memories, _names, plan
from memaudit.forget.quoting import (
    _EACH,
    _chunks,
    memory_text,
)
from memaudit.ledger import Ledger, removal, schema
from memaudit.model import Status
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Needle
from memaudit.verification import Verification, verify_layers

STALE_PLAN = (
    "the store changed while you were deciding; nothing forgotten — plan the forget "
    "again to see what it would do now"
)


@dataclass(slots=True, kw_only=True)
class ForgetResult(Verification):
    """A forget's verification (``by_id_only``: purged memories with no sentence of
    substance, text too common to look for, checked by id only), with the plan it
    carried out and what the purge did."""

    plan: ForgetPlan
    checkpoint: tuple[int, int, int] | None
    fts_purge: str

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.verdict_dict(),
            "plan": self.plan.to_dict(),
            "fts_purge": self.fts_purge,
            "wal_checkpoint": list(self.checkpoint) if self.checkpoint else None,
            "checked_by_id_only": self.by_id_only,
            "layers": [r.to_dict() for r in self.reports],
        }


def check_reason(ledger: Ledger, memory_ids: Sequence[str], reason: str | None) -> None:
    """Refuse (exit 8) a reason that repeats what these memories say (``reasons``)."""
    texts = [memory_text(m) for m in _memories(ledger, list(memory_ids)).values()]
    _check_reason_texts(ledger, texts, reason)


def _check_reason_texts(ledger: Ledger, texts: Sequence[str], reason: str | None) -> None:
    if not reason:
        return
    frequency, total = reasons.ledger_frequency(ledger.conn)
    reasons.check(reason, texts, what="forgotten", frequency=frequency, total=total)


def apply(
    ledger: Ledger, the_plan: ForgetPlan, *, reason: str | None = None, actor: str | None = None
) -> ForgetResult:
    """Carry out a plan in one transaction, purge, and verify every layer."""
    _check_reason_texts(ledger, list(the_plan.texts.values()), reason)
    who = actor or ledger.actor
    conn = ledger.conn
    key = tombkey.load(create=True)
    # memaudit does not rely on how SQLite was built: deleted cells and freed pages
    # are overwritten with zeros on this connection.
    conn.execute("PRAGMA secure_delete = ON")
    if conn.execute("PRAGMA secure_delete").fetchone()[0] != 1:
        raise MemauditError("SQLite refused PRAGMA secure_delete=ON; nothing forgotten")
    going = set(the_plan.forget_ids())
    with ledger.transaction():
        # What was shown must still be what happens: plan again under the write lock and
        # compare (a memory changed, or a new one quotes what goes: a different plan).
        if plan(ledger, the_plan.requested, whole=the_plan.whole).to_dict() != the_plan.to_dict():
            raise Conflict(STALE_PLAN)
        if the_plan.profile:
            conn.execute(
                f"DELETE FROM profile WHERE id IN {_EACH}", (json.dumps(the_plan.profile),)
            )
        for item in the_plan.forget:
            memory = ledger.require(item.id)
            removal.erase(ledger, item.id)
            removal.write_tombstone(ledger, memory, Status.FORGOTTEN, reason, who, key)
            ledger.log(
                "forget",
                item.id,
                actor=who,
                reason=reason,
                detail={
                    "why": item.why,
                    "category": item.category,
                    "requested": item.id in the_plan.requested,
                    "version": memory.version,
                    "source_type": memory.source_type.value,
                    "embedding": item.id in the_plan.embeddings,
                },
            )
        _redact(ledger, the_plan.redact)
        for item in the_plan.redact:
            ledger.log(
                "redact",
                item.id,
                actor=who,
                reason="quoted a forgotten memory",
                detail={
                    "quoted": item.sources,
                    "sentences_removed": item.removed,
                    "from_status": item.status,
                    "version": item.version + 1,
                },
            )
        for item in [*the_plan.redact, *the_plan.unlinked]:
            lost = [p for p in item.parents if p in going]
            if lost:  # the edges went with the forgotten memories; the log keeps them
                ledger.log(
                    "edge_removed",
                    item.id,
                    actor=who,
                    reason=f"source {_names(lost)} was forgotten",
                    detail={"lost_sources": lost},
                )
        if the_plan.profile:
            ledger.log(
                "profile_removed", None, actor=who, reason=reason, detail={"ids": the_plan.profile}
            )
        fts_purge = purge_fts(conn)
    checkpoint = checkpoint_wal(conn, ledger.busy_timeout)
    needle = Needle(
        ids=the_plan.forget_ids(),
        content=None,
        more_content=the_plan.purged,
        as_stored=True,
        purged=True,
    )
    verification = verify_layers(native_layers(ledger), needle)
    return ForgetResult(
        reports=verification.reports,
        by_id_only=the_plan.by_id_only,
        plan=the_plan,
        checkpoint=checkpoint,
        fts_purge=fts_purge,
    )


def _redact(ledger: Ledger, items: Sequence[PlanItem]) -> None:
    """Write the redacted texts (new version, back to pending; their vectors go).

    One UPDATE per chunk, in rowid order: FTS5 writes its pending changes out (a new
    index segment; with secure-delete, a seek per term and segment) at the start of
    every statement that changes it and whenever a write goes back to a lower rowid,
    so one statement per memory left a segment per memory behind.
    """
    if not items:
        return
    conn = ledger.conn
    ids = json.dumps([i.id for i in items])
    conn.execute(f"DELETE FROM embeddings WHERE memory_id IN {_EACH}", (ids,))
    seq_of = dict(conn.execute(f"SELECT id, seq FROM memories WHERE id IN {_EACH}", (ids,)))
    rows = sorted((seq_of[i.id], i.new_content or redaction.MARK, i.new_summary) for i in items)
    now = ledger.now()
    for part in _chunks(rows):
        conn.execute(
            "UPDATE memories SET content = r.column2, summary = r.column3, "
            "content_hash = r.column4, status = 'pending', updated_at = ?, "
            "version = version + 1 "
            f"FROM (VALUES {','.join(['(?,?,?,?)'] * len(part))}) AS r "
            "WHERE memories.seq = r.column1",
            [now] + [v for seq, c, s in part for v in (seq, c, s, fingerprint.content_hash(c))],
        )


def purge_fts(conn: sqlite3.Connection) -> str:
    """Make sure no FTS5 segment keeps a deleted document's terms.

    With FTS5 ``secure-delete`` on (SQLite 3.42+, enabled by migration m005) the delete
    itself removed them in place, so nothing is left to do. Without it the only way is
    to merge the whole index into one segment (``optimize``), whose cost grows with the
    index (benchmarks/bench_forget.py measures both).
    """
    if schema.fts_secure_delete_on(conn):
        return "secure-delete"
    conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
    return "optimize"


def checkpoint_wal(conn: sqlite3.Connection, timeout: float = 5.0) -> tuple[int, int, int] | None:
    """Copy the WAL into the file and truncate it, so no old frame survives.

    A TRUNCATE checkpoint holds the write lock while it waits for readers: with the
    busy handler on, an agent writing at the same time would wait behind it for the
    whole timeout and fail. So each try does not wait, and writers get in between
    tries, until ``timeout``; a checkpoint that never completes leaves old frames,
    which the WAL layer of the verification then reports.
    """
    deadline = time.monotonic() + timeout
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            row = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if not row or row[0] == 0 or time.monotonic() >= deadline:
                break
            time.sleep(0.01)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return (int(row[0]), int(row[1]), int(row[2])) if row else None
