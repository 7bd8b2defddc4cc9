"""Rendering for the CLI: rich tables on stdout, JSON/CSV for scripts.

Stored text is never handed to rich as markup: it goes through ``tui.text.safe``
(hidden and control characters made visible, a ``Text`` object), the consoles parse
no markup at all, and every segment they write is neutralised once more, so a memory
cannot style, link, retitle or otherwise drive the user's terminal. JSON goes through
``textsafety.json_text`` (controls, bidi and invisible characters escaped).
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.table import Row, Table
from rich.text import Text
from rich.tree import Tree

from memaudit.clock import age_days, human_age
from memaudit.model import Memory, Status
from memaudit.progress import Progress, silent
from memaudit.textsafety import json_text, reveal
from memaudit.tui.text import OUTCOME_STYLE, not_checked_lines, safe, tier_badge, verdict_line

if TYPE_CHECKING:  # annotations only: `ls` should not load the forget machinery
    from memaudit.forget import ForgetPlan, Recheck, TombstoneCheck
    from memaudit.verification import Verification


# Piped output has no terminal width; 120 columns keeps tables readable in logs.
PIPED_WIDTH = 120


def _width() -> int | None:
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return None
    return PIPED_WIDTH


class SafeConsole(Console):
    """A console that parses no markup and neutralises every piece of text it prints.

    ``safe()`` already reveals control characters in stored text, but ids, paths,
    reasons and actors come from stores too, and one missed ``Text(x)`` would let a
    stored ``ESC ]0;...`` retitle the terminal. Here each text segment is revealed just
    before rich adds its own styling codes (which are left intact). Markup and emoji
    codes are off: a plain string (a table cell, a key, an action name) is printed as
    it is, never read as ``[link=…]`` or ``:name:``.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(markup=False, emoji=False, highlight=False, **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            Segment(_printable(text) if not control else text, style, control)
            for text, style, control in buffer
        )


def _printable(text: Any) -> str:
    if isinstance(text, bytes):  # a blob from a foreign store, passed on as it was
        text = text.decode("utf-8", "replace")
    return text if text.isprintable() else reveal(text)


console = SafeConsole(soft_wrap=False, width=_width())
err_console = SafeConsole(stderr=True)


def print_table(table: Table) -> None:
    """``console.print(table)``, written line by line without rich's layout when the
    output is plain (not a terminal, no colours) and the table is one ``plain_lines``
    draws: a listing of thousands of rows spends most of its printing in rich's
    per-cell rendering otherwise. The bytes are rich's (tests compare the two)."""
    lines = plain_lines(table)
    if lines is None:
        console.print(table)
        return
    console.file.write("".join(f"{line}\n" for line in lines))
    console.file.flush()


def plain_lines(table: Table) -> list[str] | None:
    """The lines rich would print for ``table`` on this console, or None when the table
    or the console is outside what is drawn here: one line per row, every cell a
    string or ``Text`` all printable (``safe()`` output: on printable text the
    console's own neutralising is a no-op, so nothing is left for it to do),
    fixed or no-wrap columns cut with an ellipsis, a box, no titles, no row styles.
    Column widths come from rich itself, measured on the header and the widest cell of
    each column (a one-line cell's width is all rich measures of it)."""
    if console.is_terminal or console.color_system is not None or not table.box:
        return None
    if (
        table.title
        or table.caption
        or table.show_footer
        or table.show_lines
        or table.leading
        or table.expand
        or table.width is not None
        or table.min_width is not None
        or table.row_styles
        or table.collapse_padding
        or not table.pad_edge
        or not table.show_header
        or not table.show_edge
        or tuple(table.padding) != (0, 1, 0, 1)
        or any(row.style or row.end_section for row in table.rows)
    ):
        return None
    columns = table.columns
    cells: list[list[Text]] = []
    for column in columns:
        if not (column.no_wrap and column.overflow == "ellipsis" and column.justify == "left"):
            return None
        # A plain string cell is rich's ``Text`` of it (no markup, no emoji codes here).
        column_cells = [Text(c) if isinstance(c, str) else c for c in column.cells]
        # A cell's own justify, overflow or no_wrap would override its column's.
        if not all(
            isinstance(c, Text)
            and c.plain.isprintable()
            and c.justify is None
            and c.overflow is None
            and c.no_wrap is None
            for c in column_cells
        ):
            return None
        cells.append(column_cells)  # type: ignore[arg-type]
    if not all(isinstance(c.header, str) and c.header.isprintable() for c in columns):
        return None
    probe = copy.copy(table)
    probe.columns = [
        replace(c, _cells=[max(cs, key=lambda t: cell_len(t.plain))] if cs else [])
        for c, cs in zip(columns, cells, strict=True)
    ]
    probe.rows = [Row()] if table.rows else []
    options = console.options
    # As ``Table.__rich_console__`` asks for them (rich's own measurement, so the widths
    # are its widths whatever the collapse rules of this version).
    widths = probe._calculate_column_widths(  # noqa: SLF001
        console,
        options.update_width(options.max_width - probe._extra_width),  # noqa: SLF001
    )
    if any(w < 3 for w in widths) or sum(widths) + probe._extra_width > console.width:  # noqa: SLF001
        return None
    drawn = table.box.substitute(
        options, safe=console.safe_box if table.safe_box is None else table.safe_box
    )
    inner = [w - 2 for w in widths]

    def line(texts: Sequence[Text], edge: str, vertical: str, right: str) -> str:
        out = []
        for text, width in zip(texts, inner, strict=True):
            plain = text.plain
            if plain.isascii():  # printable ASCII: a character is a cell (rich's cut)
                cut = plain if len(plain) <= width else f"{plain[: width - 1]}…"
                out.append(f" {cut.ljust(width)} ")
                continue
            cell = text.copy()
            cell.truncate(width, overflow="ellipsis", pad=True)
            out.append(f" {cell.plain} ")
        return edge + vertical.join(out) + right

    lines = [drawn.get_top(widths)]
    lines.append(
        line(
            [Text(str(c.header)) for c in columns],
            drawn.head_left,
            drawn.head_vertical,
            drawn.head_right,
        )
    )
    lines.append(drawn.get_row(widths, "head", edge=True))
    rows = list(zip(*cells, strict=True))
    for n, row in enumerate(rows):
        last = n == len(rows) - 1
        left, vertical, right = (
            (drawn.foot_left, drawn.foot_vertical, drawn.foot_right)
            if last
            else (drawn.mid_left, drawn.mid_vertical, drawn.mid_right)
        )
        lines.append(line(row, left, vertical, right))
    lines.append(drawn.get_bottom(widths))
    return lines


STATUS_STYLE = {
    Status.PENDING: "yellow",
    Status.ACTIVE: "green",
    Status.ARCHIVED: "dim",
    Status.SUPERSEDED: "magenta",
    Status.EXPIRED: "dim",
    Status.REJECTED: "red",
    Status.FORGOTTEN: "red",
}


def status_text(status: Status) -> Text:
    return Text(status.value, style=STATUS_STYLE.get(status, ""))


def fmt_num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def emit_json(data: Any) -> None:
    sys.stdout.write(json_text(data, indent=2) + "\n")


def emit_jsonl(rows: Iterable[dict[str, Any]]) -> None:
    """One line per row, as the rows come: the first is flushed at once and then every
    thousandth, so a reader sees rows while the rest are still being read."""
    for n, row in enumerate(rows):
        sys.stdout.write(json_text(row) + "\n")
        if n % 1000 == 0:
            sys.stdout.flush()
    sys.stdout.flush()


@contextmanager
def progress(what: str, *, streaming: bool = False) -> Iterator[Progress]:
    """A progress callback (``memaudit.progress``) drawn on stderr while the block runs
    and erased after it; when stderr is not a terminal, one that does nothing, so pipes,
    logs and scripts never see it. The text it shows passes the same neutralising
    console as everything else.

    ``streaming``: the block writes its output to stdout as it goes (``export``). Rich
    would otherwise take over ``sys.stdout`` while the bar is drawn and print those
    lines on stderr, above the bar; they must reach stdout untouched. No bar when stdout
    is the same terminal (the lines and the bar would overwrite each other)."""
    if not err_console.is_terminal or (streaming and sys.stdout.isatty()):
        yield silent
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.progress import Progress as Bar

    with Bar(
        SpinnerColumn(),
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
        redirect_stdout=not streaming,
    ) as bar:
        task = bar.add_task(what, total=None)

        def report(step: str, done: int, total: int | None) -> None:
            bar.update(task, description=step, completed=done, total=total)

        yield report


def emit_csv(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> None:
    if not rows and not columns:
        return
    cols = list(columns or rows[0].keys())
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=cols, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow(
            {k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in row.items()}
        )
    out = buf.getvalue()
    if sys.stdout.isatty():  # data for a file or a pipe; for a person, nothing raw
        out = reveal(out)
    sys.stdout.write(out)


def memory_table(memories: Sequence[Memory], now: datetime, title: str | None = None) -> Table:
    table = Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    # Fixed widths (rich counts the cell padding in them); content takes the rest.
    widest_id = min(max((len(m.id) for m in memories), default=2), 40)
    widths = {"id": widest_id, "age": 4, "tier": 4, "source": 17, "status": 10, "conf": 4}
    narrow = console.width < 100
    if narrow:  # keep the content readable on a narrow terminal
        del widths["conf"], widths["age"]
        widths["source"] = 12
    for name, width in widths.items():
        table.add_column(
            name,
            no_wrap=True,
            width=width,
            overflow="ellipsis",
            justify="right" if name in ("age", "conf") else "left",
        )
    table.add_column(
        "content",
        overflow="ellipsis",
        no_wrap=True,
        max_width=max(10, console.width - sum(widths.values()) - 2 * len(widths) - 12),
    )
    for m in memories:
        flags = ""
        if m.derived:
            flags += "↳ "
        cells: dict[str, Text | str] = {
            "id": safe(m.id),
            "age": human_age(age_days(m.created_at, now)),
            "tier": tier_badge(m.trust_tier),
            "source": Text(m.source_type.value + ("?" if m.source_type.value == "unknown" else "")),
            "status": status_text(m.status),
            "conf": fmt_num(m.confidence),
        }
        table.add_row(*[cells[k] for k in widths], Text(flags, style="cyan") + safe(m.content, 200))
    return table


def counts_table(title: str, counts: dict[str, int], styles: dict[str, str] | None = None) -> Table:
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2))
    table.add_column("key")
    table.add_column("n", justify="right")
    for key, n in counts.items():
        table.add_row(safe(key, style=(styles or {}).get(key, "")), str(n))
    return table


# -- forget and verification ----------------------------------------------------------

TREE_ITEMS = 50  # per section of a forget plan; --json lists everything


def plan_tree(plan: ForgetPlan) -> Tree:
    """A forget plan: the counts, then what goes, what is redacted, what loses a source."""
    tree = Tree(Text("forget plan", style="bold"))
    tree.add(Text(plan.counts_line()))
    styles = {"forget": "red", "redact": "yellow", "unlink": ""}
    for action, title, items in plan.sections():
        if not items and action != "forget":
            continue
        node = tree.add(Text(title, style=styles[action]))
        if len(items) > TREE_ITEMS:
            more = len(items) - TREE_ITEMS
            node.add(Text(f"… and {more} more (--json lists them all)", style="dim"))
        for item in items[:TREE_ITEMS]:
            row = node.add(safe(item.id) + "  " + safe(item.why, style="dim"))
            if action == "forget":
                row.add(safe(item.preview, 100))
            elif action == "redact":
                row.add(safe(item.new_content or "", 100))
    also = plan.also_removed()
    if also:
        tree.add(Text(also))
    return tree


def verification_table(verification: Verification, title: str) -> Table:
    """One row per layer: probed or not, clean or residue (and where)."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, header_style="bold")
    table.add_column("layer", no_wrap=True)
    table.add_column("result", no_wrap=True)
    table.add_column("checked")
    table.add_column("residue (where)")
    for r in verification.reports:
        word, n = r.outcome()
        label = {"not checked": word, "clean": word, "residue": f"RESIDUE {n}"}
        result = Text(label.get(word, f"{word} {n}"), style=OUTCOME_STYLE[word])
        where = "\n".join(f"{x.where} [{x.match}] {x.detail}".strip() for x in r.residue[:8])
        if len(r.residue) > 8:
            where += f"\n… {len(r.residue) - 8} more"
        table.add_row(safe(r.layer), result, safe(r.checked), safe(where or "-"))
    return table


ORPHAN_ROWS = 20  # --json lists them all


def orphan_table(verification: Verification) -> Table | None:
    """Traces of deleted items that cannot be tied to what was looked for (a vector
    whose row is gone): their own section, never counted as found. None when none."""
    orphans = [(r.layer, x) for r in verification.reports for x in r.orphans]
    if not orphans:
        return None
    table = Table(
        title="orphans: traces some deleted item left, which one cannot be read back "
        "(not counted as found; `verify ID` reports one keyed by that id as residue)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    for col in ("layer", "key", "where", "what"):
        table.add_column(col, no_wrap=col == "layer")
    for layer, x in orphans[:ORPHAN_ROWS]:
        table.add_row(safe(layer), safe(x.orphan or ""), safe(x.where), safe(x.detail or x.match))
    if len(orphans) > ORPHAN_ROWS:
        table.add_row("…", "", f"{len(orphans) - ORPHAN_ROWS} more (--json lists them all)", "")
    return table


def show_verification(verification: Verification, title: str) -> None:
    """The table (and the orphans section when there are orphans), then what it means:
    copies outside the store, checks by id only, and the outcome."""
    console.print(verification_table(verification, title))
    orphans = orphan_table(verification)
    if orphans is not None:
        console.print(orphans)
    if verification.by_id_only:
        err_console.print(
            Text(
                "note: no sentence of its own to look for in "
                + ", ".join(verification.by_id_only)
                + " (too short, too common, or quoted from memories that stay); "
                "checked by id only",
                style="yellow",
            )
        )
    _copies_warning(sorted({x.where.split(" @ ")[0] for x in verification.warnings()}))
    show_verdict(verification)


def show_verdict(verification: Verification) -> None:
    """The layers that could not be checked (why, and what would make them checkable),
    then the one final line: CLEAN, RESIDUE or UNVERIFIED, in words that are true."""
    lines = not_checked_lines(verification)
    if lines:
        console.print(Text("could not be checked:", style="yellow"))
        for line in lines:
            console.print(line)
    console.print(verdict_line(verification))


def _copies_warning(paths: list[str]) -> None:
    if paths:
        err_console.print(
            Text(
                "warning: copies outside the store still hold it: " + ", ".join(paths),
                style="yellow",
            )
        )


def show_recheck(recheck: Recheck) -> None:
    """``verify ID`` / ``--all`` on a store that keeps tombstones: per tombstone, then
    where it was looked for, then the outcome."""
    console.print(tombstone_table(recheck.checks))
    if recheck.checks:
        console.print(verification_table(recheck, "where it was looked for"))
        console.print(Text(f"checkpoint after the scan: {recheck.checkpoint}", style="dim"))
    _copies_warning(
        sorted({re.split(r" (?:page|frame|block) \d", x.where)[0] for x in recheck.warnings()})
    )
    if not recheck.checks:
        console.print(Text("no forgotten memories to check", style="dim"))
        return
    show_verdict(recheck)


def tombstone_table(checks: list[TombstoneCheck]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, header_style="bold")
    for col in ("id", "status", "since", "result", "where"):
        table.add_column(col)
    for c in checks:
        if not c.matchable:
            result = Text("not checked", style="yellow")
        elif any(r.layer == "memories" for r in c.residue):
            result = Text("RESURRECTED", style="bold red")
        elif not c.clean:
            result = Text("RESIDUE", style="bold red")
        elif c.residue:
            result = Text("in a copy", style="yellow")
        else:
            result = Text("clean", style="green")
        where = "\n".join(f"{r.where} [{r.match}]" for r in c.residue[:8]) or "-"
        table.add_row(safe(c.memory_id), safe(c.status), safe(c.at), result, safe(where))
    return table
