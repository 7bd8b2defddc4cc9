"""Injected instructions (the signal engine is ``memaudit.injection``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from memaudit.audit.finding import Result
from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity


def detect_injected_instruction(ctx: Ctx) -> None:
    from memaudit import injection

    # One part of the rows (``ctx.part``) is chosen by the text's length: identical texts,
    # judged once, fall in the same part, and every row in exactly one.
    where: str = ""
    params: tuple[int, ...] = ()
    if ctx.part is not None:
        i, k = ctx.part
        where, params = " AND coalesce(length(content), 0) % ? = ?", (k, i)
    # The parts of one audit write to one file: each waits for the others' writes.
    kept = injection.Judgements.open(enabled=ctx.remember, wait=2.0 if ctx.part is None else 30.0)
    try:
        found = injection.scan(
            ctx.rows(
                "SELECT id, source_type, source_ref, status, derived, {role}, content "
                "FROM memories WHERE status IN ('active', 'pending')" + where,
                params,
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


def joined(pieces: list[Result], cap: int) -> Result:
    """The result of the whole check from its parts' (``Ctx.part``): what one run over
    every row reports. Each part lists its first ``cap`` findings in memory-id order, as
    one run lists them, and counts them all."""
    out = Result(
        pieces[0].detector,
        checked=all(p.checked for p in pieces),
        why_unchecked=next((p.why_unchecked for p in pieces if p.why_unchecked), ""),
    )
    listed = sorted((f for p in pieces for f in p.findings), key=lambda f: f.memory_ids)
    out.findings = listed[:cap] if cap else listed
    for p in pieces:
        for severity, n in p.counts.items():
            out.counts[severity] += n
        out.causes.update(p.causes)
        out.seconds += p.seconds
    kept = [p.stats["judgements"] for p in pieces if "judgements" in p.stats]
    if kept:
        out.stats["judgements"] = {
            # a text is in one part only: its counts add up
            "reused": sum(k["reused"] for k in kept),
            "judged": sum(k["judged"] for k in kept),
            # used by every part, or the run says it was not (and why)
            "file": kept[0]["file"] if all(k["file"] == kept[0]["file"] for k in kept) else None,
            "not_used": next((k["not_used"] for k in kept if k["not_used"]), None),
        }
    return out


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
