"""Rendering for the CLI: rich tables on stdout, JSON/CSV for scripts.

Stored text is never handed to rich as markup: it goes through ``face_text.safe``
(hidden and control characters made visible, a ``Text`` object), the consoles parse
no markup at all, and every segment they write is neutralised once more, so a memory
cannot style, link, retitle or otherwise drive the user's terminal. JSON goes through
``textsafety.json_text`` (controls, bidi and invisible characters escaped).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from rich import box
from rich.console import Console
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from memaudit.clock import age_days, human_age
from memaudit.face_text import safe
from memaudit.model import Memory, Status, TrustTier
from memaudit.textsafety import json_text, reveal


def _width() -> int | None:
    # Piped output has no terminal width; 120 columns keeps tables readable in logs.
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return None
    return 120


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

TIER_STYLE = {
    TrustTier.T1: "bold white on green",
    TrustTier.T2: "bold white on blue",
    TrustTier.T3: "bold black on cyan",
    TrustTier.T4: "bold black on yellow",
    TrustTier.T5: "bold white on red",
}
STATUS_STYLE = {
    Status.PENDING: "yellow",
    Status.ACTIVE: "green",
    Status.ARCHIVED: "dim",
    Status.SUPERSEDED: "magenta",
    Status.EXPIRED: "dim",
    Status.REJECTED: "red",
    Status.FORGOTTEN: "red",
}


def tier_badge(tier: TrustTier) -> Text:
    return Text(f" {tier.value} ", style=TIER_STYLE[tier])


def status_text(status: Status) -> Text:
    return Text(status.value, style=STATUS_STYLE.get(status, ""))


def fmt_num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def emit_json(data: Any) -> None:
    sys.stdout.write(json_text(data, indent=2) + "\n")


def emit_jsonl(rows: Iterable[dict[str, Any]]) -> None:
    for row in rows:
        sys.stdout.write(json_text(row) + "\n")


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
