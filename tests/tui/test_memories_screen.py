"""The memories screen: browse active memories, trace, forget (guarded)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit.ledger import Ledger


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
            assert "Trace q-active-tz" in text and "derived into" in text
            await pilot.press("escape", "m")
            await settle(pilot)
            assert row_ids(app)[:2] == ["q-hidden", "q-stale"]  # back on the queue (INJ first)

    asyncio.run(run())


def test_forget_shows_blast_radius_then_verification(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            await pilot.press("d")  # q-active-uv
            await settle(pilot)
            text = screen_text(app)
            assert "Forget q-active-uv?" in text and "1 will be forgotten" in text
            await pilot.press("n")  # first, change of mind: nothing happens
            await settle(pilot)
            with Ledger.open(queue_db) as led:
                assert led.get("q-active-uv") is not None
            await pilot.press("d")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot, rounds=4)
            text = screen_text(app)
            assert "Forgot q-active-uv: clean" in text
            assert "CLEAN: nothing found in" in text and "every one probed" in text
            assert "residue" not in text.lower()
            await pilot.press("escape")
            await settle(pilot)
            assert row_ids(app) == ["q-active-tz"]

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        assert led.get("q-active-uv") is None
        assert led.tombstone("q-active-uv")["status"] == "forgotten"  # type: ignore[index]
        assert [e.actor for e in led.events(memory_id="q-active-uv")][-1] == "reviewer"
