"""Carrying out a plan: one transaction with secure_delete on, the FTS purge, the
WAL checkpoint, and the verification of every layer. The rows are written by the
ledger (``memaudit.ledger.removal``)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memaudit import reasons, redaction, tombkey
from memaudit.errors import Conflict, MemauditError
from memaudit.forget.layers import native_layers
from memaudit.forget.planning import ForgetPlan, _names, ledger_state, plan
from memaudit.forget.quoting import memory_text
from memaudit.ledger import Ledger, bulk, removal
from memaudit.ledger.removal import purge_fts as purge_fts  # bench_forget times it here
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
    texts = [memory_text(m) for m in bulk.memories(ledger, list(memory_ids)).values()]
    _check_reason_texts(ledger, texts, reason)


def _check_reason_texts(ledger: Ledger, texts: Sequence[str], reason: str | None) -> None:
    if not reason:
        return
    frequency, total = reasons.ledger_frequency(ledger.conn)
    reasons.check(reason, texts, what="forgotten", frequency=frequency, total=total)


def _same_state(before: tuple[Any, int, int], now: tuple[Any, int, int]) -> bool:
    """The same connection, and no commit by another nor row written by this one."""
    return before[0] is now[0] and before[1:] == now[1:]


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
    with ledger.transaction():
        # What was shown must still be what happens: plan again under the write lock and
        # compare (a memory changed, or a new one quotes what goes: a different plan) —
        # unless nothing was written since the plan read the ledger on this connection
        # (the plan reads every row; a forget at 1M would read them three times).
        unchanged = the_plan.read_state is not None and _same_state(
            the_plan.read_state, ledger_state(ledger)
        )
        if not unchanged and (
            plan(ledger, the_plan.requested, whole=the_plan.whole).to_dict() != the_plan.to_dict()
        ):
            raise Conflict(STALE_PLAN)
        rebuilt = _write_rebuilding_index(ledger, the_plan, reason, who, key)
        fts_purge = purge_fts(ledger)
        if rebuilt:
            fts_purge = f"index rebuilt from the rows (it did not match them), then {fts_purge}"
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


def _write_rebuilding_index(
    ledger: Ledger,
    the_plan: ForgetPlan,
    reason: str | None,
    who: str,
    key: tombkey.TombKey | None,
) -> bool:
    """Write the plan (the caller holds the transaction); True if the FTS index had to
    be rebuilt from the rows first.

    The FTS triggers delete a row's terms as the row says they are: an index that does
    not hold them (a writer that bypassed the triggers, a hostile store) makes SQLite
    report corruption, and no forget could go through. So the writes are undone, the
    index is rebuilt from the rows themselves, and they are written again; a second
    failure is real damage and goes up."""
    try:
        with ledger.transaction():  # a savepoint: undone as one if the index refuses
            _write_plan(ledger, the_plan, reason, who, key)
        return False
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") != "SQLITE_CORRUPT":
            raise
    ledger.conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
    _write_plan(ledger, the_plan, reason, who, key)
    return True


def _write_plan(
    ledger: Ledger,
    the_plan: ForgetPlan,
    reason: str | None,
    who: str,
    key: tombkey.TombKey | None,
) -> None:
    going = set(the_plan.forget_ids())
    if the_plan.profile:
        removal.delete_profile_entries(ledger, the_plan.profile)
    for item in the_plan.forget:
        memory = ledger.require(item.id)
        removal.erase(ledger, item.id)
        removal.write_tombstone(
            ledger,
            memory,
            Status.FORGOTTEN,
            reason,
            who,
            key,
            the_plan.purged_by.get(item.id, []),
        )
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
    removal.redact(
        ledger,
        [(i.id, i.new_content or redaction.MARK, i.new_summary) for i in the_plan.redact],
    )
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
