"""Stale lock-in: an old, important memory a newer one contradicts, or that nobody
has retrieved for months, still held as important and fresh as the day it was written."""

from __future__ import annotations

from collections.abc import Callable

from memaudit.audit.view import (
    Ctx,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command


def detect_stale_lockin(ctx: Ctx) -> None:
    ctx.need_fields("importance", "created_at")
    days = float(ctx.policy.get("audit.stale_lockin_days"))
    high = ctx.high_importance()
    sql = """
        SELECT o.id, o.importance, o.created_at, n.id, n.created_at, n.content
        FROM memories o
        JOIN memories n ON n.id = coalesce(o.contradicted_by, o.superseded_by)
        WHERE o.status = 'active' AND o.importance >= ? AND o.created_at < ?
          AND n.created_at > o.created_at AND n.status IN ('active', 'pending')
        ORDER BY o.created_at, o.id
    """
    seen = set()
    for old, imp, created, new, new_created, new_content in ctx.rows(sql, (high, ctx.cutoff(days))):
        seen.add(old)
        ctx.add(
            Severity.HIGH,
            [old, new],
            f"{old} (importance {ctx.importance_text(imp)}, since {created}) is still active though the newer "
            f"{new} ({new_created}, “{short(new_content, 50)}”) contradicts it: it is "
            "retrieved as fresh and as important as the day it was written",
            command("resolve", new, supersedes=old),
            importance=imp,
            contradicted_by=new,
        )
    # Contradiction candidates from the conflicts module, once it is installed.
    finder = _conflict_finder()
    if finder is not None:
        for old, new, reason in finder(ctx, days, high):
            if old in seen:
                continue
            ctx.add(
                Severity.HIGH,
                [old, new],
                f"{old} is old, important and still active though the newer {new} may "
                f"contradict it ({reason})",
                command("resolve", new, supersedes=old),
                contradicted_by=new,
            )


# Candidate search loads the active memories as objects; above this many it would
# dominate the audit's time and memory, so only the recorded columns are read.
CONFLICT_POOL_MAX = 200_000


def _conflict_finder() -> Callable[[Ctx, float, float], list[tuple[str, str, str]]] | None:
    """Contradiction *candidates* from ``memaudit.conflicts`` (blocking by slot and
    subject) for old, important, active memories; pairs a person kept apart or
    resolved are skipped."""
    return _lockin_candidates


def _lockin_candidates(ctx: Ctx, days: float, high: float) -> list[tuple[str, str, str]]:
    from memaudit import conflicts
    from memaudit.model import MemoryFilter, Status

    store = ctx.store
    if store is None:
        return []
    old = [
        r[0]
        for r in ctx.rows(
            "SELECT id FROM memories WHERE status = 'active' AND importance >= ? "
            "AND created_at < ?",
            (high, ctx.cutoff(days)),
        )
    ]
    if not old:
        return []
    (active,) = next(ctx.rows("SELECT count(*) FROM memories WHERE status = 'active'"))
    if active > CONFLICT_POOL_MAX:
        ctx.result.stats["conflict_candidates"] = (
            f"not searched: {active} active memories (more than {CONFLICT_POOL_MAX}); "
            "recorded contradictions only"
        )
        return []
    try:
        records = store.records(writable=False)
    except Exception:  # stores without RESOLVE have no decisions to honour
        records = None
    pool = store.memories(MemoryFilter(statuses=[Status.ACTIVE]))
    found = conflicts.find(pool, only=set(old), exclude=conflicts.decided_pairs(records))
    olds = set(old)
    return [
        (
            c.older_id,
            c.newer_id,
            f"{c.slot}: {', '.join(c.older_values)} → {', '.join(c.newer_values)}",
        )
        for c in found
        if c.older_id in olds and not c.scope_differs
    ]


# A stored decay score below this says the store already lets the memory fade.
FADING = 0.5


def detect_idle_lockin(ctx: Ctx) -> None:
    """An old, important memory nobody has retrieved for the lock-in period."""
    from memaudit.change_statements import is_tentative, normalise
    from memaudit.clock import age_days

    ctx.need_fields("importance", "created_at", "access")
    days = float(ctx.policy.get("audit.stale_lockin_days"))
    high = ctx.high_importance()
    cutoff = ctx.cutoff(days)
    sql = """
        SELECT id, importance, created_at, last_accessed, access_count, decay_score, content
        FROM memories
        WHERE status = 'active' AND importance >= ? AND created_at < ?
          AND coalesce(last_accessed, created_at) < ? AND coalesce(pinned, 0) = 0
          AND coalesce(decay_score, 1.0) >= ?
        ORDER BY importance DESC, created_at, id
    """
    for mid, imp, created, last, count, decay, content in ctx.rows(
        sql, (high, cutoff, cutoff, FADING)
    ):
        words = normalise(content or "").split()[:12]
        severity = Severity.MEDIUM if is_tentative(words) else Severity.LOW
        if ctx.full:
            ctx.count(severity)
            continue
        idle = age_days(last or created, ctx.now) or 0.0
        since = f"last retrieved {last}" if last else "never retrieved since it was written"
        kind = "an investigation or plan" if severity is Severity.MEDIUM else "a memory"
        decay_text = f", decay score {decay:.2f}" if decay is not None else ""
        ctx.add(
            severity,
            [mid],
            f"{mid} (“{short(content, 50)}”) is {kind} kept at importance {ctx.importance_text(imp)} since "
            f"{created}; {since} ({idle:.0f} idle days, {count} retrievals{decay_text}): "
            "nobody returned to it, yet it weighs as much as the day it was written",
            f"{command('show', mid)}  (then: memaudit decay --dry-run)",
            importance=imp,
            idle_days=round(idle, 1),
            last_accessed=last,
            tentative=severity is Severity.MEDIUM,
        )
