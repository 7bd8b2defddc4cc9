"""Injected instructions (the signal engine is ``memaudit.injection``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from memaudit.audit.finding import Result
from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity

# Split in two parts (``Ctx.part``; the audit of a large ledger runs them in two
# processes), rows are shared out by their text's length: every row in one part, the
# rows of one text in the same part (each distinct text is still analysed once). Part 0
# takes the lengths whose remainder by ``PART_MODULUS`` is below ``PART_ZERO`` (at 1M
# about that share of the work: it runs alone, part 1 after the text detectors).
PART_MODULUS = 20
PART_ZERO = 12
_PARTS = (
    f"AND coalesce(length(content), 0) % {PART_MODULUS} < {PART_ZERO}",
    f"AND coalesce(length(content), 0) % {PART_MODULUS} >= {PART_ZERO}",
)


def detect_injected_instruction(ctx: Ctx) -> None:
    from memaudit import injection

    part = "" if ctx.part is None else _PARTS[ctx.part]
    found = injection.scan(
        ctx.rows(
            "SELECT id, source_type, source_ref, status, derived, {role}, content FROM memories "
            f"WHERE status IN ('active', 'pending') {part}"
        ),
        injection.Thresholds.from_policy(ctx.policy),
        ancestors=(lambda mid: graph_ancestor_types(ctx.conn, mid)) if ctx.has_edges else None,
        approved=_approved_ids(ctx) if ctx.has_events else None,
    )
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


def join_injection_parts(parts: list[Result], cap: int) -> Result:
    """The parts' results as one run over every row makes it: the counts added, the
    findings in memory-id order (as the detector adds them), the first ``cap`` listed
    (0: all; each part listed its own first ``cap``, so these are among them)."""
    out = Result(parts[0].detector, seconds=sum(r.seconds for r in parts))
    for r in parts:
        for severity, n in r.counts.items():
            out.counts[severity] += n
        out.causes.update(r.causes)
        out.stats.update(r.stats)
        out.checked = out.checked and r.checked
        out.why_unchecked = out.why_unchecked or r.why_unchecked
    found = sorted((f for r in parts for f in r.findings), key=lambda f: f.memory_ids[0])
    out.findings = found[:cap] if cap else found
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
