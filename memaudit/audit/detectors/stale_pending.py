"""Stale pending: an approval queue nobody reads is no gate."""

from __future__ import annotations

from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity
from memaudit.suggestion import command


def detect_stale_pending(ctx: Ctx) -> None:
    ctx.need_fields("created_at")
    days = float(ctx.policy.get("stale_pending_days"))
    cutoff = ctx.cutoff(days)
    for mid, created, st in ctx.rows(
        "SELECT id, created_at, source_type FROM memories WHERE status = 'pending' "
        "AND created_at != '' AND created_at < ? ORDER BY created_at, id",
        (cutoff,),
    ):
        if ctx.full:
            ctx.count(Severity.MEDIUM)
            continue
        from memaudit.clock import age_days

        age = age_days(created, ctx.now) or 0.0
        ctx.add(
            Severity.MEDIUM,
            [mid],
            f"{mid} ({st}) has waited {age:.0f} days for review since {created}; the policy "
            f"allows {days:g} (stale_pending_days): a queue nobody reads is no gate",
            f"memaudit review  (or: {command('approve', mid)} / {command('reject', mid, flags='-r REASON')})",
            age_days=round(age, 1),
        )
