"""Injected instructions (the signal engine is ``memaudit.injection``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity


def detect_injected_instruction(ctx: Ctx) -> None:
    from memaudit import injection
    from memaudit.injection import prefilter_kept

    # Set here, where the check runs: a large ledger's audit runs it in a spawned
    # process, which does not share the command's settings (``audit --no-cache``).
    prefilter_kept.ENABLED = ctx.remember
    kept = injection.Judgements.open(enabled=ctx.remember)
    try:
        found = injection.scan(
            ctx.rows(
                "SELECT id, source_type, source_ref, status, derived, {role}, content "
                "FROM memories WHERE +status IN ('active', 'pending')"
            ),
            injection.Thresholds.from_policy(ctx.policy),
            ancestors=(lambda mid: graph_ancestor_types(ctx.conn, mid)) if ctx.has_edges else None,
            approved=_approved_ids(ctx) if ctx.has_events else None,
            judgements=kept,
        )
    finally:
        kept.close()
    # How many texts were judged here and how many judgements an earlier run kept: an
    # audit says what it checked now (``audit --no-cache`` judges every text again).
    ctx.result.stats["judgements"] = kept.stats()
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
