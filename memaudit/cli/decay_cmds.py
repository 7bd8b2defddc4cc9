"""`memaudit decay`: archive what faded, expire what is past its date — from cron."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from memaudit import decay as decay_core
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from
from memaudit.cli.render import console, emit_json, fmt_num, progress
from memaudit.clock import fixed_clock, parse_time
from memaudit.errors import MemauditError
from memaudit.store import Capability
from memaudit.tui.text import safe

DECAY_HELP = """Archive memories that faded and expire those past their date.

score = 0.5^(idle_days / half_life) + min(access_count × bonus, cap), at most 1.0;
idle time runs from the last access (or creation). Active memories scoring below the
threshold are ARCHIVED (never deleted); those past expires_at are EXPIRED; pinned
memories are left alone. Defaults come from the store's policy (decay.*).

The score is live: `decay --explain`, `show` and `ls --json` (decay_score_now) compute
it at the current time (or --now). A run writes only what changes status. In a memaudit
ledger the stored decay_score is the score at the memory's last status change by decay
(the archive or expiry moment), not a current value. A lifecycle store (the article's
schema) keeps its own column up to date for its agent: every run stores each active
memory's score rounded to 0.05, and 0.0 when it archives one.

Made for cron: --quiet prints nothing on success, failures exit non-zero, a second
run while one is going exits 5, and a second run with the same --now changes nothing.

Examples:

- `memaudit decay --now 2026-11-02 --dry-run`
- `memaudit decay --explain bun-1 --now 2026-11-02`
- `memaudit --db ~/agent.db decay --quiet` (crontab: `15 3 * * *`)

Exit codes: 0 done (or nothing to do), 1 error, 5 another decay run holds the lock
or the store is locked, 6 the store's adapter cannot decay.
"""


@app.command(help=DECAY_HELP)
def decay(
    ctx: typer.Context,
    half_life: Annotated[
        float | None,
        typer.Option(
            "--half-life",
            min=0.001,
            help="Days for the score to halve (policy decay.half_life_days).",
        ),
    ] = None,
    threshold: Annotated[
        float | None,
        typer.Option(
            "--threshold",
            min=0.0,
            max=1.0,
            help="Archive below this score (policy decay.threshold).",
        ),
    ] = None,
    now: Annotated[
        str | None, typer.Option("--now", help="Decay as of this time (ISO 8601); default: now.")
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would change; change nothing.")
    ] = False,
    explain: Annotated[
        str | None,
        typer.Option(
            "--explain", metavar="ID", help="Show the computation for one memory (changes nothing)."
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print nothing on success (for cron).")
    ] = False,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    st = state(ctx)
    if now:
        try:
            st.clock = fixed_clock(parse_time(now))
        except MemauditError as exc:
            raise typer.BadParameter(exc.message, param_hint="--now") from None
    moment = st.clock()
    writes = not (dry_run or explain)
    if explain:
        with open_from(ctx, db, adapter) as store:
            store.need(Capability.DECAY)
            memory = store.require(explain)
            params = decay_core.DecayParams.from_policy(
                store.policy(), half_life_days=half_life, threshold=threshold
            )
        ex = decay_core.explain_memory(memory, params, moment)
        if json_:
            emit_json(ex.to_dict())
        elif not quiet:
            _print_explanation(ex)
        return
    with open_from(ctx, db, adapter, writable=writes) as store:
        store.need(Capability.DECAY)
        params = decay_core.DecayParams.from_policy(
            store.policy(), half_life_days=half_life, threshold=threshold
        )
        with progress("decay: scoring and archiving"):
            # Without --json only the first SHOWN changes are printed: the run keeps those.
            report = decay_core.run(
                store, params, moment, dry_run=dry_run, keep=None if json_ else SHOWN
            )
    if json_:
        emit_json(report.to_dict())
        return
    if quiet:
        return
    _print_report(report)


SHOWN = 50  # changes a run prints without --json


def _print_report(report: decay_core.DecayReport) -> None:
    p = report.params
    verb = "would be" if report.dry_run else "were"
    console.print(
        Text(
            f"decay as of {report.now}  (half-life {p.half_life_days:g}d, threshold "
            f"{p.threshold:g}, bonus {p.access_bonus:g}/access up to {p.access_bonus_cap:g})",
            style="bold",
        )
    )
    console.print(
        f"{report.considered} active memories considered; {report.count('archived')} {verb} "
        f"archived, {report.count('expired')} {verb} expired"
        + (
            f", {report.rescored} stored score(s) {'would be ' if report.dry_run else ''}updated"
            if report.rescored
            else ""
        )
        + f"; {report.pinned} pinned left alone"
        + (f"; {report.unreadable} with unreadable timestamps skipped" if report.unreadable else "")
    )
    changed = report.count()
    if changed:
        table = Table(header_style="bold")
        for col in ("memory", "from", "to", "score", "why"):
            table.add_column(col, no_wrap=col != "why")
        for c in report.first_changes(SHOWN):
            table.add_row(
                safe(c.id),
                safe(c.old_status),
                safe(c.new_status),
                fmt_num(c.score, 3),
                safe(c.reason),
            )
        console.print(table)
        if changed > SHOWN:
            console.print(f"... and {changed - SHOWN} more (use --json for all)")
    if report.dry_run:
        console.print(Text("dry run: nothing was changed", style="yellow"))
    elif changed:
        console.print("nothing deleted: see them with `memaudit ls --status archived`")


def _print_explanation(ex: decay_core.Explanation) -> None:
    p = ex.params
    console.print(safe(f"{ex.id}  ({ex.status}{', pinned' if ex.pinned else ''})", style="bold"))
    rows = [
        ("idle since", f"{ex.reference} = {ex.reference_at}" if ex.reference_at else "-"),
        ("idle days", fmt_num(ex.idle_days, 2)),
        (
            "decay",
            f"0.5 ^ ({fmt_num(ex.idle_days, 2)} / {p.half_life_days:g}) = {fmt_num(ex.base, 4)}",
        ),
        (
            "access bonus",
            f"min(accesses × {p.access_bonus:g}, {p.access_bonus_cap:g}) = {ex.bonus:.2f}",
        ),
        ("score", f"min(1.0, decay + bonus) = {fmt_num(ex.score, 4)}  (live, at this time)"),
        ("stored score", f"{fmt_num(ex.stored_score)}  (as decay last wrote it; see --help)"),
        ("threshold", f"{p.threshold:g}"),
        (
            "expires",
            f"{ex.expires_at}{' (passed)' if ex.expired else ''}" if ex.expires_at else "-",
        ),
        ("outcome", ex.outcome),
    ]
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, value in rows:
        table.add_row(key, safe(value))
    console.print(table)
