"""probe: the six probes of a memory system, as a checklist (core: memaudit/probe)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from, resolve_db
from memaudit.cli.render import console, emit_json, err_console
from memaudit.errors import ExitCode, InvalidInput
from memaudit.probe import log
from memaudit.probe.drivers import DRIVERS
from memaudit.probe.report import INDEX, ProbeResult, Verdict, all_passed
from memaudit.tui.text import safe

probe_app = typer.Typer(
    help="""The six probes of a memory system (the article's checklist), run on the real thing.

Guided probes 1-4 work on any store memaudit opens: `probe start` plants unique
markers and tells you what to say to your agent; `probe check` finds where they
landed. Automated probes 5-6 (`probe run`) drive a provider's own API from its own
Python: a deleted fact must be gone from every layer, and two contradictory facts
must not silently destroy the older. `probe history` lists past runs.""",
    no_args_is_help=True,
)
app.add_typer(probe_app, name="probe")

SHOWN_EVIDENCE = 8
VERDICT_STYLE = {
    Verdict.PASS: "bold green",
    Verdict.CLEAN: "bold green",
    Verdict.FAIL: "bold red",
    Verdict.RESIDUE: "bold red",
    Verdict.UNVERIFIED: "bold yellow",
    Verdict.NOT_APPLICABLE: "dim",
}
ConfigOpt = Annotated[
    str | None,
    typer.Option(
        "--config",
        help="The provider's configuration (a Hermes config.yaml or home) when the store "
        "does not hold it.",
    ),
]


def checklist(results: list[ProbeResult]) -> Table:
    """One block per probe: expectation, what happened, verdict, evidence, settings."""
    table = Table(box=box.SIMPLE_HEAD, show_header=False, padding=(0, 1), expand=False)
    table.add_column("field", style="bold", no_wrap=True, width=11)
    table.add_column("value")
    for r in results:
        verdict = Text(r.verdict.value.upper(), style=VERDICT_STYLE[r.verdict])
        table.add_row(
            Text(f"probe {r.number}", style="bold"), Text(r.title, style="bold") + "  " + verdict
        )
        table.add_row("expected", safe(r.expectation))
        table.add_row("happened", safe(r.happened))
        if r.looked_for:
            table.add_row("looked for", safe(r.looked_for))
        # Indexes and raw bytes echo what the rows hold: one summary line (--json: all).
        echoes = [e for e in r.evidence if e.place == INDEX]
        main = [e for e in r.evidence if e.place != INDEX]
        for n, e in enumerate(main[:SHOWN_EVIDENCE]):
            line = Text(f"{e.place} ", style="cyan")
            line += safe(e.record) if e.record else safe(e.layer)
            if e.where:
                line += Text(" · ") + safe(e.where)
            if e.match:
                line += Text(f" [{e.match}]", style="dim")
            if e.detail:
                line += Text(" ") + safe(e.detail, 120)
            table.add_row("evidence" if n == 0 else "", line)
        if len(main) > SHOWN_EVIDENCE:
            more = len(main) - SHOWN_EVIDENCE
            table.add_row("", Text(f"… {more} more (--json lists them all)", style="dim"))
        if echoes:
            layers = sorted({e.layer for e in echoes})
            line = Text(f"{INDEX}: ", style="cyan") + Text(f"{len(echoes)} hit(s) in ")
            line += safe(", ".join(layers), 200)
            table.add_row("" if main else "evidence", line)
        for n, c in enumerate(r.configuration):
            table.add_row("config" if n == 0 else "", safe(c, 400))
        if r.change:
            table.add_row("to change", safe(r.change))
        table.add_row("", "")
    return table


def _summary(results: list[ProbeResult]) -> None:
    if all_passed(results):
        console.print(Text("every applicable probe passed", style="green"))
        return
    failed = [f"{r.number} ({r.verdict.value})" for r in results if r.verdict.passed is False]
    if failed:
        console.print(Text("not passed: probe " + ", ".join(failed), style="bold red"))
    else:
        console.print(Text("no probe applied: nothing was checked", style="yellow"))


@probe_app.command("start")
def start(
    ctx: typer.Context,
    config: ConfigOpt = None,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Start guided probes 1-4: record a baseline and print what to say to your agent.

    Draws unique, harmless markers for this run, records the store's baseline in the
    probe log ($MEMAUDIT_HOME; counts and salted fingerprints, never content) — the
    store itself is only read — and prints the script: four things to say in one
    session, then two questions for a new session. Afterwards run `memaudit probe check`.

    Example: `memaudit probe start --db ~/.hermes`
    """
    from memaudit.probe import guided

    st = state(ctx)
    with open_from(ctx, db, adapter) as store:
        started = guided.start(store, config=config, clock=st.clock, actor=st.actor)
        location = store.location
    if json_:
        emit_json(started.to_dict())
        return
    base = started.baseline
    counts = ", ".join(f"{n} {s}" for s, n in sorted(base["memories"]["by_status"].items()))
    layers = base["layers"]
    unchecked = [layer for layer in layers if not layer["checked"]]
    console.print(
        Text(f"probe run {started.run_id} started on ")
        + safe(location)
        + Text(f" ({started.adapter})", style="dim")
    )
    console.print(
        Text(
            f"baseline: {base['memories']['count']} memories ({counts or 'none'}), "
            f"{len(layers)} layers"
            + (f" ({len(unchecked)} cannot be probed)" if unchecked else "")
            + f", {len(base['files'])} files — recorded in the probe log, nothing written "
            "to the store",
            style="dim",
        )
    )
    console.print()
    console.print(
        Text("In your agent, in one session, say (copy each line exactly):", style="bold")
    )
    for step in started.steps:
        console.print(Text(f"  probe {step.probe}: {step.title}", style="cyan"))
        for line in step.say:
            console.print(Text("    ") + Text(line, style="bold"))
    console.print(
        Text(
            "  (for probe 3, send the two sentences as two messages, and do not say what follows "
            "from them)",
            style="dim",
        )
    )
    console.print()
    console.print(
        Text(
            "Then end the session the way you usually do (so whatever the agent saves at the "
            "end is saved), start a new one, and ask:",
            style="bold",
        )
    )
    for n, question, expect in started.questions:
        console.print(Text(f"  probe {n}: ") + Text(question, style="bold") + Text(f" — {expect}"))
    console.print()
    console.print(
        Text("Then run: ") + safe(f"memaudit probe check --db {shlex.quote(location)}"),
        soft_wrap=True,
    )


@probe_app.command("check")
def check(
    ctx: typer.Context,
    run_id: Annotated[
        str | None,
        typer.Option("--run", help="The run to check (default: the latest on this store)."),
    ] = None,
    skip: Annotated[
        list[int] | None,
        typer.Option(
            "--skip", min=1, max=4, help="A step you did not do (repeatable): not applicable."
        ),
    ] = None,
    config: ConfigOpt = None,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Check guided probes 1-4: where did each marker land?

    Looks for every marker of the run in the store's memories (pending ones included)
    and in every layer its adapter probes, and judges each probe: pass, fail or not
    applicable, with the evidence (layer, record, derived copy), the configuration
    that explains it and the setting that would change it. Read-only; the result is
    added to the probe log.

    Example: `memaudit probe check --db ~/.hermes --json`

    Exit codes: 0 every applicable probe passed; 4 one did not; 1 no run started.
    """
    from memaudit.probe import guided

    st = state(ctx)
    with open_from(ctx, db, adapter) as store:
        run = log.open_run(store.location, run_id)
        checked = guided.check(
            store, run, config=config, skipped=skip or [], clock=st.clock, actor=st.actor
        )
    if json_:
        emit_json(checked.to_dict())
    else:
        console.print(
            Text(f"probe run {checked.run_id} on ")
            + safe(checked.store)
            + Text(f" ({checked.adapter}), started {checked.started_at}", style="dim")
        )
        ch = checked.changes
        console.print(
            Text(
                f"since the start: {ch['new_or_changed_count']} memories new or changed "
                f"({ch['compared']}), {len(ch['files_changed'])} files changed",
                style="dim",
            )
        )
        for u in checked.unchecked_layers:
            err_console.print(
                Text("not checked: ", style="yellow")
                + safe(u["layer"])
                + Text(" — ")
                + safe(u["why"])
            )
        console.print(checklist(checked.results))
        _summary(checked.results)
    if not all_passed(checked.results):
        raise typer.Exit(int(ExitCode.FINDINGS))


RUN_HELP = (
    """Run automated probes 5-6 against a provider's own API, in its own Python.

A driver runs with --python (the provider's virtualenv; memaudit never imports the
provider): it stores a marker fact and deletes it through the provider's API, then
memaudit probes every layer of what it wrote (clean / residue / unverified, as
`verify --content` reports); then it stores two contradictory facts, the older with
the clock a day back (libfaketime, if installed), and reports what the provider did.
Everything goes to a new work folder (default: under $MEMAUDIT_HOME/probes), which is
kept for a second look.

Providers (offline: a deterministic embedder, no LLM):

"""
    + "\n\n".join(f"- `{d.name}`: `{d.install}`" for d in DRIVERS.values())
    + """

Example: `memaudit probe run --provider mem0 --python ~/venvs/mem0/bin/python`

Exit codes: 0 both probes passed; 4 one did not; 1 the driver failed; 6 no driver for
that provider (its writes need a model or a server: use `probe start`)."""
)


@probe_app.command("run", help=RUN_HELP)
def run(
    ctx: typer.Context,
    provider: Annotated[str, typer.Option("--provider", help="Which provider to drive.")],
    python: Annotated[
        str, typer.Option("--python", help="The Python that has the provider installed.")
    ],
    workdir: Annotated[
        str | None, typer.Option("--workdir", help="A new folder for the provider's store.")
    ] = None,
    timeout: Annotated[
        float, typer.Option("--timeout", min=1, help="Seconds each driver step may take.")
    ] = 600.0,
    json_: JsonOpt = False,
) -> None:
    from memaudit.probe import automated
    from memaudit.sidecar import data_dir

    st = state(ctx)
    driver = automated.driver_for(provider)
    run_dir = data_dir() / "probes" / f"{driver.name}-{log.new_run_id()}"
    folder = automated.prepare_workdir(workdir, run_dir)

    def progress(message: str) -> None:
        err_console.print(Text(message, style="dim"))

    report = automated.run(
        driver, python, folder, clock=st.clock, actor=st.actor, timeout=timeout, progress=progress
    )
    if json_:
        emit_json(report.to_dict())
    else:
        packages = ", ".join(f"{k} {v}" for k, v in report.packages.items())
        console.print(
            Text(f"probe run {report.run_id}: {report.provider} (") + safe(packages) + Text(")")
        )
        for probe, path in report.stores.items():
            console.print(Text(f"{probe} store: ", style="dim") + safe(path))
        console.print(Text(f"embedder: {driver.embedder}", style="dim"))
        console.print(Text(f"not exercised: {driver.not_exercised}", style="dim"))
        for note in report.notes:
            console.print(Text("note: ", style="dim") + safe(note))
        console.print(checklist(report.results))
        if report.recheck:
            # One line, never wrapped: it is meant to be copied.
            console.print(
                Text("check probe 5 again: ", style="dim") + safe(report.recheck), soft_wrap=True
            )
        _summary(report.results)
    raise typer.Exit(automated.exit_code(report.results))


@probe_app.command("history")
def history(
    ctx: typer.Context,
    provider: Annotated[
        str | None, typer.Option("--provider", help="Only automated runs of this provider.")
    ] = None,
    db: DbOpt = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=0, help="Newest N runs (0: all).")
    ] = 20,
    json_: JsonOpt = False,
) -> None:
    """Past probe runs, newest first, with each probe's verdict.

    Which probe passed, on which store or provider, with which package versions — how
    a provider's behaviour changed across versions or configurations. `--db` (or
    MEMAUDIT_DB) keeps one store's guided runs; `--provider` one provider's automated runs.

    Example: `memaudit probe history --provider mem0`
    """
    location = None
    if db or (state(ctx).db and not provider):
        location = resolve_db(ctx, db)
        if "://" in location:
            from memaudit.adapters.postgres import pg

            location = pg.mask(location)  # runs are logged under the masked URL
        elif not Path(location).exists():
            raise InvalidInput(f"no such file or folder: {location}")
    records = log.runs(store=location, provider=provider)
    records.reverse()
    if limit:
        records = records[:limit]
    if json_:
        emit_json([r.to_dict() for r in records])
        return
    if not records:
        console.print(
            Text("no probe runs recorded yet (`memaudit probe start` or `probe run`)", style="dim")
        )
        return
    table = Table(box=box.SIMPLE_HEAD, header_style="bold")
    for col in ("run", "started", "kind", "store / provider", "versions", "verdicts"):
        table.add_column(col)
    for r in records:
        d = r.to_dict()
        verdicts = Text()
        for n, v in enumerate(d["results"]):
            verdict = Verdict(v["verdict"]) if v["verdict"] in Verdict._value2member_map_ else None
            style = VERDICT_STYLE[verdict] if verdict else ""
            verdicts += Text(("  " if n else "") + f"{v['probe']} {v['verdict']}", style=style)
        if not d["results"]:
            verdicts = Text("not checked yet", style="dim")
        versions = ", ".join(f"{k} {v}" for k, v in (d.get("packages") or {}).items())
        table.add_row(
            safe(r.run_id),
            safe((r.at or "").replace("T", " ")[:16]),
            r.kind,
            safe(str(d.get("provider") or d["store"])),
            safe(versions or "-"),
            verdicts,
        )
    console.print(table)
