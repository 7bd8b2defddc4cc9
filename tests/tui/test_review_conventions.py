"""The review screen at the edges (issue 22): Home/End, 80×24, widening, NO_COLOR, and a
header count that matches the filter."""

from __future__ import annotations

import asyncio

from tui_helpers import row_ids, screen_text, settle

from memaudit.tui.render import Flag


def test_home_and_end_move_the_cursor(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            table = app.screen.query_one("#rows")
            await pilot.press("end")
            await settle(pilot)
            assert table.cursor_row == len(row_ids(app)) - 1
            assert app.screen.selected_id() == row_ids(app)[-1]
            await pilot.press("home")
            await settle(pilot)
            assert table.cursor_row == 0
            assert app.screen.selected_id() == row_ids(app)[0]

    asyncio.run(run())


def test_80x24_keeps_content_readable_and_the_footer_keys(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.screen.query_one("#rows")
            widths = {str(k.value): c.get_render_width(table) for k, c in table.columns.items()}
            assert sum(widths.values()) <= 80
            assert widths["content"] >= 30
            lines = screen_text(app).splitlines()
            assert "The user" in "\n".join(lines)  # content text is on screen
            footer = lines[-1]
            assert "?" in footer and "q" in footer.replace("?", "")
            assert " q " in f" {footer} " or "q Quit" in footer

    asyncio.run(run())


def test_widening_repaints_the_rows(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            narrow = screen_text(app)
            await pilot.resize_terminal(160, 24)
            await settle(pilot)
            table = app.screen.query_one("#rows")
            wide = screen_text(app)
            content = next(c for k, c in table.columns.items() if k.value == "content")
            assert content.get_render_width(table) > 80
            longest = max(len(line.rstrip()) for line in wide.splitlines())
            assert longest > 100 and wide != narrow

    asyncio.run(run())


def test_no_color_keeps_tier_badges(make, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")

    async def run() -> None:
        app = make()
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            text = screen_text(app)
            for tier in ("T1", "T5"):
                assert f"[{tier}]" in text or f" {tier} " in text
            # the badge must stand out without colour: bracketed or reversed
            strips = app.screen._compositor.render_strips()
            badge = [
                seg
                for strip in strips
                for seg in strip
                if seg.text.strip() in ("T1", "[T1]") and seg.style is not None
            ]
            assert badge and all("[" in s.text for s in badge)

    asyncio.run(run())


def test_header_count_matches_the_active_filter(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=(120, 36)) as pilot:
            await settle(pilot)
            assert "11 pending" in screen_text(app)
            app.screen.set_filter(flag=Flag.STALE)
            await settle(pilot, 3)
            shown = len(row_ids(app))
            assert shown == 1
            header = screen_text(app).splitlines()[0]
            assert f"{shown} pending flagged stale" in header, header
            app.screen.set_filter()
            await settle(pilot, 3)
            assert "11 pending" in screen_text(app)

    asyncio.run(run())
