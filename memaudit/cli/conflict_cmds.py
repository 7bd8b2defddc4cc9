"""`memaudit conflicts` (candidates, with evidence) and `memaudit resolve` (a person's call)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from memaudit import conflicts as core
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from
from memaudit.cli.render import console, emit_json, err_console, progress
from memaudit.errors import InvalidInput
from memaudit.ledger.store import default_actor
from memaudit.model import Status
from memaudit.store import Capability
from memaudit.tui.text import safe


@app.command()
def conflicts(
    ctx: typer.Context,
    stage: Annotated[
        bool,
        typer.Option(
            "--stage", help="Record the candidates as disputed pairs in the review queue."
        ),
    ] = False,
    min_score: Annotated[
        float,
        typer.Option(
            "--min-score", min=0.0, max=1.0, help="Report candidates scoring at least this."
        ),
    ] = core.MIN_SCORE,
    limit: Annotated[
        int,
        typer.Option(
            "--limit",
            "-n",
            min=0,
            help="Show the N best candidates (0: all). All are found, counted and, with "
            "--stage, staged.",
        ),
    ] = 100,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """List CANDIDATE contradictions among active memories: same slot (package manager,
    database, editor, ...), same subject, different values — each with its evidence
    and a score. A candidate is not a verdict: nothing is superseded until a person
    runs `memaudit resolve`. Pairs kept with --keep-both are not reported again.

    Best first, the first 100 unless --limit says otherwise (--json gives the same
    candidates, with "total" counting them all).

    Examples: `memaudit conflicts`, `memaudit conflicts --limit 0 --json`,
    `memaudit conflicts --stage`.

    Exit codes: 0 (with or without candidates), 1 error, 5 store locked.
    """
    with open_from(ctx, db, adapter, writable=stage) as store:
        if stage:
            store.need(Capability.RESOLVE)
        records = store.records(writable=False) if store.has(Capability.RESOLVE) else None
        with progress("conflicts") as report:
            active = core.active_statements(store, report)
            found = core.find(
                active, min_score=min_score, exclude=core.decided_pairs(records), progress=report
            )
        if stage and found:
            core.stage(store, found, actor=state(ctx).actor or default_actor())
    shown = found[:limit] if limit else found
    if json_:
        emit_json(
            {
                "candidates": [c.to_dict() for c in shown],
                "total": len(found),
                "staged": stage,
            }
        )
        return
    if not found:
        err_console.print(f"no candidate contradictions among {len(active)} active memories")
        return
    table = Table(header_style="bold", title="candidate contradictions (not verdicts)")
    for col in ("newer", "older", "slot", "score", "evidence"):
        table.add_column(col, no_wrap=col != "evidence")
    for c in shown:
        table.add_row(
            safe(c.newer_id),
            safe(c.older_id),
            safe(c.slot),
            f"{c.score:.2f}",
            safe("\n".join(c.evidence)),
        )
    console.print(table)
    if len(shown) < len(found):
        err_console.print(f"showing {len(shown)} of {len(found)} (use --limit 0 for all)")
    console.print(
        f"{len(found)} candidate(s){' staged as disputed' if stage else ''}. Decide each: "
        "`memaudit resolve NEW --supersedes OLD` or `memaudit resolve A B --keep-both --reason ...`"
    )


@app.command()
def resolve(
    ctx: typer.Context,
    ids: Annotated[
        list[str],
        typer.Argument(
            metavar="ID...", help="NEW (with --supersedes), or A [B] (with --keep-both)."
        ),
    ],
    supersedes: Annotated[
        str | None,
        typer.Option(
            "--supersedes", metavar="OLD", help="The memory NEW replaces: it becomes superseded."
        ),
    ] = None,
    keep_both: Annotated[
        bool, typer.Option("--keep-both", help="Both hold (different date, scope, environment).")
    ] = False,
    undo: Annotated[
        bool,
        typer.Option("--undo", help="Undo the supersession of ID: it is active again (logged)."),
    ] = False,
    reason: Annotated[
        str | None, typer.Option("--reason", help="Why (required with --keep-both).")
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would change.")] = False,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Decide a candidate contradiction — a human validation, recorded with your name.

    `resolve NEW --supersedes OLD`: OLD becomes superseded (superseded_by /
    contradicted_by = NEW), validated by you; an event names who and why. Nothing is
    deleted.

    `resolve A B --keep-both --reason "prod vs dev"`: both stay active and the pair
    is no longer reported. With one id, every current candidate of A is kept.

    `resolve --undo OLD`: OLD, superseded, is active again and unvalidated; the pair is
    back in the review queue as disputed. The event keeps what was undone.

    When OLD is already superseded by NEW (an agent's consolidation did it),
    `resolve NEW --supersedes OLD` validates that decision: nothing else changes.

    Examples: `memaudit resolve pkg-uv --supersedes pkg-poetry --reason "moved to uv"`,
    `memaudit resolve db-prod db-dev --keep-both --reason "different environments"`,
    `memaudit resolve --undo pkg-poetry --reason "wrong call"`.

    Exit codes: 0 done, 1 unknown id or not active, 2 wrong arguments, 5 store locked,
    6 the store's adapter cannot record resolutions.
    """
    if undo:
        if supersedes or keep_both or len(ids) != 1:
            raise typer.BadParameter("--undo takes one id and neither --supersedes nor --keep-both")
        _undo(ctx, ids[0], reason=reason, dry_run=dry_run, db=db, adapter=adapter, json_=json_)
        return
    if bool(supersedes) == keep_both:
        raise typer.BadParameter("choose one: --supersedes OLD, --keep-both or --undo")
    if keep_both and not (reason and reason.strip()):
        raise typer.BadParameter("--keep-both needs --reason: why both hold", param_hint="--reason")
    actor = state(ctx).actor or default_actor()
    with open_from(ctx, db, adapter, writable=not dry_run) as store:
        store.need(Capability.RESOLVE)
        if supersedes:
            if len(ids) != 1:
                raise typer.BadParameter("--supersedes takes exactly one NEW id")
            result = core.resolve_supersede(
                store, ids[0], supersedes, actor=actor, reason=reason, dry_run=dry_run
            )
        else:
            if len(ids) > 2:
                raise typer.BadParameter("--keep-both takes one or two ids")
            if len(ids) == 2:
                pairs = [(ids[0], ids[1])]
            else:
                found = core.find(
                    core.active_statements(store),
                    only={ids[0]},
                    exclude=core.decided_pairs(store.records(writable=False)),
                )
                pairs = [(c.newer_id, c.older_id) for c in found]
                if not pairs:
                    raise InvalidInput(f"{ids[0]} has no candidate contradictions to keep")
            result = core.keep_both(store, pairs, actor=actor, reason=reason or "", dry_run=dry_run)
    if json_:
        emit_json(result)
        return
    prefix = "would " if dry_run else ""
    if supersedes and result["action"] == "validate_supersession":
        console.print(
            Text(
                f"{prefix}validate that {result['new']} supersedes {result['old']} "
                f"(already superseded; validated by {actor})"
            )
        )
    elif supersedes:
        console.print(
            Text(
                f"{prefix}supersede {result['old']} by {result['new']} "
                f"(validated by {actor}); {result['old']} stays readable as superseded"
            )
        )
    else:
        for a, b in result["pairs"]:
            console.print(Text(f"{prefix}keep both {a} and {b}: {result['reason']}"))
    if dry_run:
        console.print(Text("dry run: nothing was changed", style="yellow"))


def _undo(
    ctx: typer.Context,
    memory_id: str,
    *,
    reason: str | None,
    dry_run: bool,
    db: str | None,
    adapter: str | None,
    json_: bool,
) -> None:
    actor = state(ctx).actor or default_actor()
    with open_from(ctx, db, adapter, writable=not dry_run) as store:
        store.need(Capability.RESTORE)
        if dry_run:
            memory = store.require(memory_id)
            if memory.status is not Status.SUPERSEDED:
                raise InvalidInput(
                    f"{memory_id} is {memory.status.value}, not superseded; nothing to undo"
                )
            result = {"id": memory.id, "from": "superseded", "to": "active", "dry_run": True}
        else:
            result = store.unsupersede(memory_id, actor=actor, reason=reason)
    if json_:
        emit_json(result)
        return
    prefix = "would make" if dry_run else "made"
    console.print(Text(f"{prefix} {memory_id} active again (was superseded)"))
    if dry_run:
        console.print(Text("dry run: nothing was changed", style="yellow"))
