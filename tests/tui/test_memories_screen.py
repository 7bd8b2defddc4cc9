"""The memories screen: browse active memories, trace, forget (guarded)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit.ledger import Ledger
from memaudit.tui.memories import forget_available


def test_memories_screen_lists_active_and_traces(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            assert row_ids(app) == ["q-active-uv", "q-active-tz"]
            assert "2 active" in screen_text(app)
            await select(pilot, "q-active-tz")
            await pilot.press("enter")
            await settle(pilot)
            text = screen_text(app)
            assert "Trace q-active-tz" in text and "built on it" in text
            await pilot.press("escape", "m")
            await settle(pilot)
            assert row_ids(app)[0] == "q-stale"  # back on the queue

    asyncio.run(run())


def test_forget_is_disabled_without_the_forget_module(make, queue_db: Path) -> None:
    if forget_available():
        return  # wired: covered by the forget tests

    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            await pilot.press("d")
            await settle(pilot)
            assert "forget is not available in this build" in screen_text(app)

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        assert led.require("q-active-uv").content == "The project uses uv for packaging."
