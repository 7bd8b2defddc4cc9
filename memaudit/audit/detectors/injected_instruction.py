"""Injected instructions (the signal engine is ``memaudit.injection``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity

if TYPE_CHECKING:
    from memaudit.injection.judgements import Judgements
    from memaudit.injection.second_judge import SecondJudge


def detect_injected_instruction(ctx: Ctx) -> None:
    from memaudit import injection
    from memaudit.injection import prefilter_kept

    # Set here, where the check runs: a large ledger's audit runs it in a spawned
    # process, which does not share the command's settings (``audit --no-cache``).
    prefilter_kept.ENABLED = ctx.remember
    kept = injection.Judgements.open(enabled=ctx.remember)
    select = "SELECT id, source_type, source_ref, status, derived, {role}, content FROM memories"
    judge = _second_judge(ctx, select.replace("{role}", ctx.role), kept)
    try:
        found = injection.scan(
            ctx.rows(select + " WHERE +status IN ('active', 'pending')")
            if judge is None
            else judge.rows(),
            injection.Thresholds.from_policy(ctx.policy),
            ancestors=(lambda mid: graph_ancestor_types(ctx.conn, mid)) if ctx.has_edges else None,
            approved=_approved_ids(ctx) if ctx.has_events else None,
            judgements=kept,
            judge=judge,
        )
    finally:
        if judge is not None:
            judge.close()
        kept.close()
    # How many texts were judged here and how many judgements an earlier run kept: an
    # audit says what it checked now (``audit --no-cache`` judges every text again).
    ctx.result.stats["judgements"] = kept.stats()
    if judge is not None and judge.there:
        ctx.result.stats["second_process"] = judge.stats()
    for hit in sorted(found, key=lambda f: f.memory_id):
        if ctx.full:
            ctx.count(Severity(hit.assessment.severity or "low"))
            continue
        ctx.add(
            Severity(hit.assessment.severity or "low"),
            [hit.memory_id],
            hit.evidence(),
            hit.suggestion(),
            **{k: v for k, v in hit.assessment.to_dict().items() if k != "severity"},
        )


def _second_judge(ctx: Ctx, select: str, kept: Judgements) -> SecondJudge | None:
    """A second process for a first run's texts (``injection.second_judge``), where one
    may pay and forking is safe: the ledger's own file (not a typed copy), at least
    ``MIN_SEQS`` rows, more than one CPU, Linux and one thread; None keeps the single
    query."""
    import os

    from memaudit.conflicts.parallel import can_fork
    from memaudit.injection import second_judge

    go = second_judge.wanted()
    view = ctx.store.sql_view() if ctx.store is not None else None
    if go is False or view is None or view.file is None or view.conn is not ctx.conn:
        return None
    if not can_fork():  # (Linux, one thread: not in the TUI's worker thread)
        return None
    if go is None:
        (top,) = ctx.conn.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchone()
        if (os.cpu_count() or 1) < 2 or not isinstance(top, int) or top < second_judge.MIN_SEQS:
            return None
    return second_judge.SecondJudge(ctx.conn, view.file, select, ctx.role, kept, go=go)


def graph_ancestor_types(conn: sqlite3.Connection, memory_id: str) -> set[str]:
    from memaudit.graph import ancestor_types

    return ancestor_types(conn, memory_id)


def _approved_ids(ctx: Ctx) -> Callable[[list[str]], set[str]]:
    """Which of some memory ids a person approved or promoted (one query per batch)."""

    def approved(ids: list[str]) -> set[str]:
        out: set[str] = set()
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            out |= {
                r[0]
                for r in ctx.rows(
                    f"SELECT DISTINCT memory_id FROM events WHERE action IN ('approve', 'promote') "
                    f"AND memory_id IN ({marks})",
                    chunk,
                )
            }
        return out

    return approved
