"""5. Contradiction collapse: supersession decided by similarity alone, runs that
invalidate much of the store, and stated changes left for retrieval to settle."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from memaudit.audit.view import (
    INVALIDATION_ACTIONS,
    VALIDATION_ACTIONS,
    Ctx,
    NotChecked,
    ids_json,
    pct,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command


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
            command("trace", mid)
            + (f"  (to keep the decision: {command('resolve', by, supersedes=mid)})" if by else ""),
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
            f"{command('log', by=run['actor'])}  (then check: {command('trace', ids[0])})",
            run=label,
            invalidated=len(ids),
            store_size=size,
            share=round(share, 3),
            validated=validated,
        )


def detect_stated_change(ctx: Ctx) -> None:
    """An active memory still states a value that a newer one says was changed."""
    from memaudit import conflicts

    store = ctx.store
    if store is None:
        raise NotChecked("no store to read memories from")
    found, cut_short = conflicts.stated_changes(
        store, ctx.conn, exclude=conflicts.decided_pairs_of(store)
    )
    if cut_short:
        raise NotChecked(cut_short)
    recorded = {
        (old, new)
        for old, new in ctx.rows(
            "SELECT id, coalesce(contradicted_by, superseded_by) FROM memories "
            "WHERE +status = 'active' AND coalesce(contradicted_by, superseded_by) IS NOT NULL"
        )
    }
    # One finding per memory still saying the old value: the best-scoring statement
    # first, the others that state the same change after it.
    by_older: dict[str, list[conflicts.ConflictCandidate]] = {}
    for cand in found:
        if (cand.older_id, cand.newer_id) not in recorded:
            by_older.setdefault(cand.older_id, []).append(cand)
    for older, cands in by_older.items():
        cand, *others = sorted(cands, key=lambda c: (-c.score, c.newer_id))
        change = cand.change or {}
        new_value = change.get("new") or "(nothing named)"
        also = (
            f"; {len(others)} other active memor{'y' if len(others) == 1 else 'ies'} state "
            f"the change too ({', '.join(o.newer_id for o in others[:5])})"
            if others
            else ""
        )
        ctx.add(
            Severity.MEDIUM,
            [older, cand.newer_id, *(o.newer_id for o in others[:5])],
            f"{older} still says {change.get('old')} though {cand.newer_id} states a "
            f"change ({change.get('language')}): “{short(change.get('span') or '', 60)}” "
            f"({change.get('old')} → {new_value}){also}; both are active, so retrieval decides "
            "by similarity which one the agent sees. The change statement is the candidate "
            f"winner (score {cand.score:.2f}); only a person may supersede",
            f"{command('resolve', cand.newer_id, supersedes=older)}  (or, if both hold: "
            f"{command('resolve', older, cand.newer_id, flags='--keep-both --reason ...')})",
            newer=cand.newer_id,
            older=older,
            also_stated_by=[o.newer_id for o in others],
            slot=cand.slot,
            score=cand.score,
            change=change,
        )
