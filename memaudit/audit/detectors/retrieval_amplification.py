"""4. Retrieval amplification: popularity, not evidence."""

from __future__ import annotations

from typing import Any

from memaudit.audit.ancestry import ANCESTRY_CAP, ancestries
from memaudit.audit.view import (
    OBSERVATION_SQL,
    Ctx,
    ids_json,
    pct,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command


def gini(runs: list[tuple[int, int]]) -> float:
    """The Gini coefficient of the values that ``runs`` lists as (value, how many) in
    ascending order: 2·Σ i·v_i / (n·total) − (n + 1)/n over the sorted values, i from 1,
    each run's share of the sum taken at once (exact integers)."""
    n = sum(k for _, k in runs)
    total = sum(v * k for v, k in runs)
    if n == 0 or total == 0:
        return 0.0
    weighted = 0
    start = 0  # values before this run
    for v, k in runs:
        # positions start+1 … start+k, each times v
        weighted += v * (k * (start + 1) + k * (k - 1) // 2)
        start += k
    return (2 * weighted) / (n * total) - (n + 1) / n


def _at(runs: list[tuple[int, int]], position: int) -> int:
    """The value at ``position`` (from 0) of the sorted values ``runs`` lists."""
    for v, k in runs:
        if position < k:
            return v
        position -= k
    raise IndexError(position)


def access_distribution(ctx: Ctx) -> dict[str, Any]:
    # Grouped by value in SQL (a few thousand runs, not a row per memory).
    grouped: dict[int, int] = {}
    for c, k in ctx.rows(
        "SELECT access_count, count(*) FROM memories WHERE status = 'active' GROUP BY access_count"
    ):
        grouped[int(c)] = grouped.get(int(c), 0) + k
    runs = sorted(grouped.items())
    n = sum(k for _, k in runs)
    total = sum(v * k for v, k in runs)
    pct = float(ctx.policy.get("audit.access_top_percentile"))
    if not n:
        return {"memories": 0, "accesses": 0}
    cut = _at(runs, min(n - 1, int(n * pct / 100)))
    top_n = max(1, n // 100)
    top = 0
    left = top_n
    for v, k in reversed(runs):
        take = min(k, left)
        top += v * take
        left -= take
        if not left:
            break
    return {
        "memories": n,
        "accesses": total,
        "mean": total / n,
        "median": _at(runs, n // 2),
        "percentile": pct,
        "percentile_value": cut,
        "top_1pct_share": (top / total) if total else 0.0,
        "gini": round(gini(runs), 3),
    }


def detect_hot_memory(ctx: Ctx) -> None:
    ctx.need_fields("access")
    dist = access_distribution(ctx)
    ctx.result.stats.update(dist)
    if not dist.get("accesses"):
        return
    threshold = max(
        float(dist["percentile_value"]),
        float(ctx.policy.get("audit.access_min_count")),
        float(ctx.policy.get("audit.access_min_ratio")) * dist["mean"],
    )
    need = int(ctx.policy.get("audit.min_independent_evidence"))
    hot = list(
        ctx.rows(
            "SELECT id, access_count, source_type, content FROM memories "
            "WHERE status = 'active' AND access_count >= ? "
            f"AND source_type NOT IN {OBSERVATION_SQL} AND source_type != 'external_document' "
            "ORDER BY access_count DESC, id",
            (threshold,),
        )
    )
    lin = ancestries(ctx, [h[0] for h in hot], max(ANCESTRY_CAP, need))
    spawned = dict(
        ctx.rows(
            "SELECT parent_id, count(*) FROM edges WHERE parent_id IN "
            "(SELECT value FROM json_each(?)) GROUP BY parent_id",
            (ids_json([h[0] for h in hot]),),
        )
    )
    conc = (
        f"the top 1% of memories hold {pct(dist['top_1pct_share'], 1)} of "
        f"{dist['accesses']} accesses, Gini {dist['gini']:.2f}"
    )
    for mid, count, st, content in hot:
        obs = sorted(lin[mid].observations)
        if len(obs) >= need:
            continue
        kids = int(spawned.get(mid, 0))
        ctx.add(
            Severity.HIGH if not obs else Severity.MEDIUM,
            [mid, *obs],
            f"{mid} ({st}, “{short(content, 50)}”) was retrieved {count} times — the "
            f"{dist['percentile']:g}th percentile is {dist['percentile_value']}, the mean "
            f"{dist['mean']:.1f} — yet rests on {len(obs)} independent observation(s) and "
            f"spawned {kids} derived memor{'y' if kids == 1 else 'ies'}: {conc}",
            command("trace", mid),
            access_count=count,
            observations=obs,
            spawned=kids,
        )


def detect_pinned_fresh(ctx: Ctx) -> None:
    ctx.need_fields("created_at")
    half_life = float(ctx.policy.get("decay.half_life_days"))
    minimum = int(ctx.policy.get("audit.min_memories_for_share"))
    share_max = float(ctx.policy.get("audit.max_fresh_share"))
    cutoff = ctx.cutoff(half_life)
    total, fresh = next(
        ctx.rows(
            "SELECT count(*), coalesce(sum(pinned = 1 OR coalesce(decay_score, 1.0) >= 0.999), 0) "
            "FROM memories WHERE status = 'active' AND created_at != '' AND created_at < ?",
            (cutoff,),
        )
    )
    ctx.result.stats.update(older_than_half_life=total, at_max_freshness=fresh)
    if total < minimum or fresh / total <= share_max:
        return
    sample = [
        r[0]
        for r in ctx.rows(
            "SELECT id FROM memories WHERE status = 'active' AND created_at != '' "
            "AND created_at < ? AND "
            "(pinned = 1 OR coalesce(decay_score, 1.0) >= 0.999) "
            "ORDER BY access_count DESC, id LIMIT 10",
            (cutoff,),
        )
    ]
    ctx.add(
        Severity.MEDIUM,
        sample,
        f"{fresh} of {total} active memories older than the {half_life:g}-day half-life "
        f"({pct(fresh, total)}) are pinned or at maximum freshness: retrieval keeps them "
        "as prominent as the day they were written",
        "memaudit decay --dry-run",
        share=fresh / total,
    )
