"""`memaudit audit` (the feedback-pattern detectors) and `memaudit questions`."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from memaudit import audit as core
from memaudit import questions as qcore
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from, parsed_one
from memaudit.cli.render import console, emit_json, progress
from memaudit.errors import ExitCode, MemauditError
from memaudit.ledger.typed_view import mistyped_line
from memaudit.tui.text import safe

SEVERITY_STYLE = {
    core.Severity.HIGH: "bold white on red",
    core.Severity.MEDIUM: "bold black on yellow",
    core.Severity.LOW: "bold black on cyan",
}
ANSWER_STYLE = {"yes": "bold", "no": "bold", "partly": "yellow", "unknown": "dim"}


def _rules_help() -> str:
    lines = []
    for det in core.DETECTORS:
        lines.append(f"  {det.name} ({det.pattern.value}): {det.rule}")
    return "\n\n".join(lines)


AUDIT_HELP = f"""Find the feedback loops in a memory store.

Runs every detector (or those named with --pattern) and prints a summary: each
pattern with its findings by severity, then per detector its shared causes (the
memories most of its findings name besides their subject: one source many summaries
drop qualifiers from, the evidence many chains rest on) and its first findings — the
memory ids, the evidence, and the command that helps. `--limit N` lists N findings per
detector instead (`--limit 0`: every finding). `--json` carries the findings (policy
audit.max_findings per detector, or --limit's) with every count and the top causes.
Thresholds are policy keys (`memaudit policy`). A detector that needs what the store
does not record says "not checked" and why.

Examples: `memaudit audit`, `memaudit audit --pattern duplicates --limit 0`,
`memaudit audit --json --limit 0 > findings.json` (everything), and in cron or CI:
`memaudit audit --db team.db --fail-on high`

Exit codes: 0 no finding at or above --fail-on (or no --fail-on), 4 findings at or
above --fail-on, 1 error, 2 usage.

Detectors (--pattern takes a pattern or a detector name):

{_rules_help()}
"""


@app.command(help=AUDIT_HELP)
def audit(
    ctx: typer.Context,
    pattern: Annotated[
        list[str] | None,
        typer.Option("--pattern", "-p", help="Run only this pattern or detector (repeatable)."),
    ] = None,
    fail_on: Annotated[
        str | None,
        typer.Option(
            "--fail-on",
            metavar="low|medium|high",
            help="Exit 4 when a finding at or above this severity exists.",
        ),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option(
            "--limit",
            "-n",
            min=0,
            help="List N findings per detector instead of the summary (0: all). All are "
            "counted. With --json: findings per detector (default: policy "
            "audit.max_findings).",
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Judge every text for injected instructions afresh, and keep no judgement "
            "for the next run (by default texts judged by the same memaudit are not judged "
            "again: see MEMAUDIT_CACHE_DIR).",
        ),
    ] = False,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    try:
        threshold = parsed_one(core.Severity.parse, fail_on, "--fail-on") if fail_on else None
        core.select(pattern)
    except MemauditError as exc:
        raise typer.BadParameter(exc.message) from None
    st = state(ctx)
    with open_from(ctx, db, adapter) as store, progress("audit") as report_progress:
        report = core.run(
            store,
            st.clock(),
            patterns=pattern,
            max_findings=limit,
            progress=report_progress,
            remember=not no_cache,
        )
    if json_:
        data = report.to_dict()
        data["fail_on"] = threshold.value if threshold else None
        emit_json(data)
    elif limit is None:
        _print_summary(report)
    else:
        _print_report(report)
    if threshold is not None and report.at_or_above(threshold):
        raise typer.Exit(int(ExitCode.FINDINGS))


def _sev(sev: core.Severity) -> Text:
    return Text(f" {sev.value} ", style=SEVERITY_STYLE[sev])


def _finding(f: core.Finding) -> None:
    head = Text.assemble(_sev(f.severity), " ", (f.pattern.label, "bold"), f"  [{f.detector}]  ")
    head.append_text(
        safe(", ".join(f.memory_ids[:8]) + (" ..." if len(f.memory_ids) > 8 else ""), style="cyan")
    )
    console.print(head)
    console.print(Text("  ") + safe(f.evidence))
    # One line whatever its length: a command broken by a newline would not run as printed.
    console.print(Text("  → ") + safe(f.suggestion, style="green"), soft_wrap=True)


def _totals(counts: dict[core.Severity, int]) -> Text:
    return Text(
        f"{sum(counts.values())} findings: {counts[core.Severity.HIGH]} high, "
        f"{counts[core.Severity.MEDIUM]} medium, {counts[core.Severity.LOW]} low",
        style="bold",
    )


SUMMARY_EXAMPLES = 2  # findings shown per detector in the summary
SUMMARY_CAUSES = 3  # shared causes shown per detector


def _print_summary(report: core.Report) -> None:
    """The first screen of a large audit: the pattern table, then per detector its
    counts, its most shared causes and its first findings of its worst severity."""
    _print_table(report)
    counts = report.counts()
    if not sum(counts.values()):
        console.print(Text("No findings.", style="green"))
        return
    for r in sorted(report.results, key=lambda r: -(r.worst() or core.Severity.LOW).rank):
        if not r.total:
            continue
        by_sev = ", ".join(
            f"{r.counts[s]} {s.value}"
            for s in (core.Severity.HIGH, core.Severity.MEDIUM, core.Severity.LOW)
            if r.counts[s]
        )
        console.print()
        console.print(
            Text.assemble((r.detector.pattern.label, "bold"), f"  [{r.detector.name}]  {by_sev}")
        )
        causes = r.top_causes(SUMMARY_CAUSES)
        if causes:
            line = Text("  most named: ")
            line.append_text(
                safe("; ".join(f"{mid} in {n} findings" for mid, n in causes), style="cyan")
            )
            console.print(line)
        worst_first = sorted(r.findings, key=lambda f: -f.severity.rank)  # stable
        for f in worst_first[:SUMMARY_EXAMPLES]:
            _finding(f)
        if r.total > SUMMARY_EXAMPLES:
            console.print(
                Text(
                    f"  ... {r.total - min(r.total, SUMMARY_EXAMPLES)} more: "
                    f"memaudit audit --pattern {r.detector.name} --limit 0",
                    style="dim",
                )
            )
    console.print()
    console.print(_totals(counts))
    console.print(
        Text(
            "a summary: --limit N lists N findings per detector (--limit 0: all); "
            "--json for scripts",
            style="dim",
        )
    )


def _print_table(report: core.Report) -> None:
    table = Table(
        title=f"Audit of {report.store} ({report.adapter}) at {report.now}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    table.add_column("pattern")
    for sev in (core.Severity.HIGH, core.Severity.MEDIUM, core.Severity.LOW):
        table.add_column(sev.value, justify="right")
    table.add_column("note")
    for pat, entry in report.by_pattern().items():
        c = entry["counts"]
        note = Text("; ".join(entry["unchecked"]), style="yellow") if entry["unchecked"] else ""
        cells: list[Any] = [pat.label]
        for sev in (core.Severity.HIGH, core.Severity.MEDIUM, core.Severity.LOW):
            n = c[sev]
            cells.append(Text(str(n), style="bold" if n else "dim"))
        table.add_row(*cells, note)
    console.print(table)
    if report.mistyped:
        console.print(Text(mistyped_line(report.mistyped), style="yellow"))
    for r in report.results:
        kept = r.stats.get("judgements")
        if kept and kept.get("reused"):
            console.print(
                Text(
                    f"{r.detector.name}: {kept['reused']:,} texts' judgements kept from an "
                    f"earlier run or write of this memaudit, {kept['judged']:,} judged now "
                    "(--no-cache: judge all now)",
                    style="dim",
                )
            )
        elif kept and kept.get("not_used") and kept["not_used"] != "turned off":
            console.print(Text(f"{r.detector.name}: judgements not kept: {kept['not_used']}"))
        if r.detector.name == "hot_memory" and r.stats.get("accesses"):
            s = r.stats
            console.print(
                Text(
                    f"access concentration: top 1% of {s['memories']} active memories hold "
                    f"{100 * s['top_1pct_share']:.0f}% of {s['accesses']} accesses; Gini "
                    f"{s['gini']:.2f}; mean {s['mean']:.1f}, median {s['median']}",
                    style="dim",
                )
            )


def _print_report(report: core.Report) -> None:
    """The listing (--limit): the pattern table, then each listed finding."""
    _print_table(report)
    counts = report.counts()
    findings = report.findings()
    total = sum(counts.values())
    if not total:
        console.print(Text("No findings.", style="green"))
        return
    console.print()
    for f in findings:
        _finding(f)
    listed = len(findings)
    if listed < total:
        console.print(
            Text(
                f"{listed} of {total} findings listed (raise --limit, or --limit 0 for all)",
                style="dim",
            )
        )
    console.print(_totals(counts))


QUESTIONS_HELP = """Answer the eleven configuration questions (docs/concepts.md) for a store.

Each question is answered yes, no, partly or unknown with its evidence: from the
store's contents (what actually happened), from the provider's configuration where
memaudit can read it, and from the store's policy. --config reads a Hermes agent
configuration (config.yaml, or the Hermes home folder; the hindsight/config.json and
honcho.json beside it are read too): memory.write_approval, memory.provider,
memory.mnemosyne.sync_roles, memory.byterover.auto_extract,
plugins.hermes-memory-store.auto_extract (Holographic), hindsight auto_retain /
auto_recall, honcho observationMode. Keys not set are reported with the provider's
default.

Examples:

- `memaudit questions --db team.db`
- `memaudit questions --config ~/.hermes/config.yaml --json`

Exit codes: 0 answered, 1 error (unreadable store or configuration), 2 usage.
"""


@app.command(help=QUESTIONS_HELP)
def questions(
    ctx: typer.Context,
    config: Annotated[
        str | None,
        typer.Option("--config", help="A Hermes config.yaml (or Hermes home folder) to read."),
    ] = None,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    from memaudit.provider_config import read_hermes

    cfg = read_hermes(config) if config else None
    location = db or state(ctx).db
    if location is None and cfg is None:
        raise MemauditError(
            "nothing to answer for: pass --db PATH (or MEMAUDIT_DB) and/or --config PATH",
            ExitCode.USAGE,
        )
    if location is not None:
        with open_from(ctx, db, adapter) as store:
            answers = qcore.answer(store, cfg)
            location = store.location  # the adapter's own, with any password masked
            where = f"{store.location} ({store.adapter_name})"
    else:
        answers = qcore.answer(None, cfg)
        where = "configuration only"
    if config:
        where += f", configuration {config}"
    if json_:
        emit_json(
            {
                "store": location,
                "config": config,
                "provider_config": cfg,
                "answers": [a.to_dict() for a in answers],
            }
        )
        return
    table = Table(
        title=f"The eleven questions — {where}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        header_style="bold",
        show_lines=False,
    )
    table.add_column("#", justify="right", width=2)
    table.add_column("question", max_width=40)
    table.add_column("answer", width=7)
    table.add_column("evidence")
    for n, a in enumerate(answers, 1):
        table.add_row(
            str(n),
            a.question,
            Text(a.answer, style=ANSWER_STYLE[a.answer]),
            safe("; ".join(a.evidence) or "nothing memaudit can read says"),
        )
    console.print(table)
