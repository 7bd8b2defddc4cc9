"""`render.print_table`: a long listing written without rich's layout when the output is
plain text, byte for byte what rich prints, and rich itself whenever a cell or the
table is outside what the plain writer draws."""

from __future__ import annotations

import io
import random

import pytest
from rich import box
from rich.table import Table
from rich.text import Text

from memaudit.cli import render
from memaudit.model import TrustTier
from memaudit.tui.text import safe, tier_badge

# Wide (CJK, emoji), zero-width combining marks, and plain letters: what the cut at a
# column's edge must treat as rich does.
POOL = "abcxyz  ,.-…" + "漢字日本語" + "😀🎉" + "e\u0301" + "ü" + "Ω" + "⟨ZWSP⟩"


def _console(monkeypatch: pytest.MonkeyPatch, width: int) -> io.StringIO:
    buffer = io.StringIO()
    monkeypatch.setattr(render, "console", render.SafeConsole(file=buffer, width=width))
    return buffer


def _listing(rows: list[tuple[str, ...]]) -> Table:
    """The review listing's table (``review --list``), with ``rows``."""
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
    widths = {"id": 14, "age": 4, "tier": 4, "source": 17, "flags": 18}
    for name, width in widths.items():
        table.add_column(name, no_wrap=True, width=width, overflow="ellipsis")
    rest = render.console.width - sum(widths.values()) - 2 * (len(widths) + 1) - 2
    table.add_column("content", no_wrap=True, overflow="ellipsis", max_width=max(10, rest))
    for mid, age, source, flags, content in rows:
        table.add_row(
            safe(mid),
            age,
            tier_badge(TrustTier.T2),
            source,
            Text(flags, style="yellow"),
            safe(content, 200),
        )
    return table


def _printed(table: Table, buffer: io.StringIO) -> str:
    buffer.seek(0)
    buffer.truncate()
    render.console.print(table)
    return buffer.getvalue()


def _words(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(POOL) for _ in range(n))


@pytest.mark.parametrize("width", [120, 80, 60, 200])
def test_print_table_prints_riches_bytes(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    buffer = _console(monkeypatch, width)
    rng = random.Random(width)
    for size in (0, 1, 3, 7, 40, 120):
        rows = [
            (
                _words(rng, rng.randint(0, 20)),
                _words(rng, rng.randint(0, 6)),
                _words(rng, rng.randint(0, 25)),
                _words(rng, rng.randint(0, 25)),
                _words(rng, rng.randint(0, 260)),
            )
            for _ in range(size)
        ]
        table = _listing(rows)
        expected = _printed(table, buffer)
        lines = render.plain_lines(table)
        # At 60 columns rich squeezes some columns below an ellipsis and a letter: rich
        # draws those (``print_table`` falls back to it).
        assert (lines is None) == (width == 60)
        buffer.seek(0)
        buffer.truncate()
        render.print_table(table)
        assert buffer.getvalue() == expected


@pytest.mark.parametrize("width", [120, 80, 200])
def test_ascii_cells_are_cut_as_rich_cuts_them(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """Printable ASCII cells (most of a listing, cut without rich's per-cell ``Text``):
    every length around each column's width, padded or cut with an ellipsis alike."""
    buffer = _console(monkeypatch, width)
    ascii_pool = "abcxyz ABC,.-_:/0123456789"
    rng = random.Random(width)
    rows = [
        (
            "".join(rng.choice(ascii_pool) for _ in range(n % 18)),
            "".join(rng.choice(ascii_pool) for _ in range(n % 7)),
            "".join(rng.choice(ascii_pool) for _ in range(n % 21)),
            "".join(rng.choice(ascii_pool) for _ in range(n % 22)),
            "".join(rng.choice(ascii_pool) for _ in range(n)),
        )
        for n in range(0, 230, 3)
    ]
    table = _listing(rows)
    expected = _printed(table, buffer)
    assert any("…" in line for line in expected.splitlines())
    lines = render.plain_lines(table)
    assert lines is not None
    assert "".join(f"{line}\n" for line in lines) == expected


def test_a_narrow_content_column_is_as_wide_as_its_widest_cell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No cell reaches the content column's limit: rich sizes it by the widest cell, in
    terminal cells (six wide characters are wider than ten letters)."""
    buffer = _console(monkeypatch, 200)
    table = _listing(
        [("a", "1d", "user", "", "漢字漢字漢字"), ("b", "2d", "user", "", "abcdefghij")]
    )
    lines = render.plain_lines(table)
    assert lines is not None
    assert "".join(f"{line}\n" for line in lines) == _printed(table, buffer)


def test_cells_it_does_not_draw_go_to_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored id keeps its newline through ``safe`` (a cell of two lines), a style
    that shows needs a terminal: rich draws those, and ``print_table`` prints rich's."""
    buffer = _console(monkeypatch, 120)
    two_lines = _listing([("m_1\nsecond", "1d", "user", "", "text")])
    assert render.plain_lines(two_lines) is None
    expected = _printed(two_lines, buffer)
    buffer.seek(0)
    buffer.truncate()
    render.print_table(two_lines)
    assert buffer.getvalue() == expected and "second" in expected
    folded = _listing([("m_1", "1d", "user", "", "text")])
    folded.columns[-1]._cells[0].overflow = "fold"  # type: ignore[union-attr]
    assert render.plain_lines(folded) is None
    ruled = _listing([("m_1", "1d", "user", "", "text")])
    ruled.show_lines = True
    assert render.plain_lines(ruled) is None
    monkeypatch.setattr(
        render, "console", render.SafeConsole(file=io.StringIO(), width=120, force_terminal=True)
    )
    assert render.plain_lines(_listing([("m_1", "1d", "user", "", "text")])) is None


def test_print_table_writes_the_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    buffer = _console(monkeypatch, 120)
    table = _listing([("m_1", "1d", "user", "duplicate", "漢字" * 80)])
    expected = _printed(table, buffer)
    buffer.seek(0)
    buffer.truncate()
    render.print_table(table)
    assert buffer.getvalue() == expected
