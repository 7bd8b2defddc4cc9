"""5. Contradiction collapse: supersession decided by similarity alone, and runs that
invalidate much of the store."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from memaudit.audit.view import (
    INVALIDATION_ACTIONS,
    VALIDATION_ACTIONS,
    Ctx,
    ids_json,
    pct,
)
from memaudit.model import Severity


def _validated_sql() -> str:
    acts = ",".join(f"'{a}'" for a in VALIDATION_ACTIONS)
    return (
        f"EXISTS (SELECT 1 FROM events v WHERE v.action IN ({acts}) "
        "AND v.memory_id IN (o.id, o.superseded_by, o.contradicted_by))"
    )


def detect_unvalidated_supersession(ctx: Ctx) -> None:
    ctx.need_events()
    sql = f"""
        SELECT o.id, o.status, coalesce(o.superseded_by, o.contradicted_by), o.source_type
        FROM memories o
        LEFT JOIN memories n ON n.id = coalesce(o.superseded_by, o.contradicted_by)
        WHERE (o.status IN ('superseded') OR (o.superseded_by IS NOT NULL AND o.status != 'active'))
          AND o.validation != 'validated' AND coalesce(n.validation, '') != 'validated'
          AND NOT {_validated_sql()}
        ORDER BY o.updated_at, o.id
    """
    for mid, status, by, st in ctx.rows(sql):
        by_text = f" by {by}" if by else ""
        ctx.add(
            Severity.MEDIUM,
            [mid, *([by] if by else [])],
            f"{mid} ({st}) was {status}{by_text} with no validate or resolve event: "
            "similarity is a candidate contradiction, never proof",
            f"memaudit trace {mid}"
            + (f"  (to keep the decision: memaudit resolve {by} --supersedes {mid})" if by else ""),
            superseded_by=by,
        )


def consolidation_runs(ctx: Ctx) -> list[dict[str, Any]]:
    """Invalidation events grouped into runs: by ``detail.run`` when recorded, else
    one actor's events with gaps shorter than the policy's window."""
    from memaudit.clock import parse_time

    window = timedelta(minutes=float(ctx.policy.get("audit.consolidation_window_minutes")))
    acts = ",".join(f"'{a}'" for a in INVALIDATION_ACTIONS)
    runs: dict[str, dict[str, Any]] = {}
    open_run: dict[str, tuple[str, datetime]] = {}  # actor → (run key, last time)
    detail = "CASE WHEN json_valid(detail) THEN detail ELSE '{}' END"
    for at, actor, mid, run, validation in ctx.rows(
        f"SELECT at, actor, memory_id, json_extract({detail}, '$.run'), "
        f"json_extract({detail}, '$.validation') FROM events WHERE action IN ({acts}) ORDER BY id"
    ):
        # A supersession a person validated (`memaudit resolve`) is no collapse.
        if mid is None or validation == "validated":
            continue
        if run is not None:
            key = f"run:{run}"
        else:
            moment = parse_time(at)
            prev = open_run.get(actor)
            key = prev[0] if prev and moment - prev[1] <= window else f"{actor}@{at}"
            open_run[actor] = (key, moment)
        entry = runs.setdefault(
            key, {"run": key, "actor": actor, "start": at, "end": at, "ids": {}}
        )
        entry["end"] = at
        entry["ids"][mid] = None
    return list(runs.values())


def detect_mass_invalidation(ctx: Ctx) -> None:
    ctx.need_events()
    share_max = float(ctx.policy.get("audit.mass_invalidation_share"))
    minimum = int(ctx.policy.get("audit.mass_invalidation_min"))
    acts = ",".join(f"'{a}'" for a in VALIDATION_ACTIONS)
    for run in consolidation_runs(ctx):
        ids = list(run["ids"])
        if len(ids) < minimum:
            continue
        # The store at the time of the run: every memory created before it ended,
        # including those gone since (their tombstones).
        (size,) = next(
            ctx.rows(
                "SELECT (SELECT count(*) FROM memories WHERE created_at <= ?) + "
                "(SELECT count(*) FROM tombstones WHERE at > ?)",
                (run["end"], run["end"]),
            )
        )
        size = max(size, len(ids))
        share = len(ids) / size
        if share <= share_max:
            continue
        (validated,) = next(
            ctx.rows(
                f"SELECT count(DISTINCT memory_id) FROM events WHERE action IN ({acts}) "
                "AND memory_id IN (SELECT value FROM json_each(?))",
                (ids_json(ids),),
            )
        )
        label = run["run"].removeprefix("run:")
        ctx.add(
            Severity.HIGH,
            ids[:20],
            f"one consolidation run ({label}, by {run['actor']}, {run['start']} – {run['end']}) "
            f"invalidated {len(ids)} of {size} memories ({pct(len(ids), size)}; the policy "
            f"allows {share_max:.0%}); {validated} of them have a validation event",
            f"memaudit log --actor {run['actor']}  (then check: memaudit trace {ids[0]})",
            run=label,
            invalidated=len(ids),
            store_size=size,
            share=round(share, 3),
            validated=validated,
        )
