"""The review screen shows agents' forget requests; the person forgets or dismisses."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit import forget_requests
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger

NOW = "2026-11-30T12:00:00Z"


def test_requests_are_shown_then_forgotten_or_dismissed(make, queue_db: Path) -> None:
    with Ledger.open(queue_db, readonly=False, clock=fixed_clock(NOW)) as led:
        forget_requests.request(led, ["q-active-uv"], "the user asked to drop it", actor="mcp:a")
        forget_requests.request(led, ["q-user"], "it was a typo", actor="mcp:a")

    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert "2 forget request(s) (g)" in screen_text(app)
            await pilot.press("g")
            await settle(pilot, rounds=3)
            assert set(row_ids(app)) == {"q-active-uv", "q-user"}  # active and pending
            await select(pilot, "q-user")
            await settle(pilot, rounds=3)
            text = screen_text(app)
            assert "forget requested by mcp:a" in text and "why: it was a typo" in text

            await pilot.press("x")
            await settle(pilot)
            await pilot.press(*"still true")
            await pilot.press("enter")
            await settle(pilot, rounds=3)
            assert row_ids(app) == ["q-active-uv"]
            assert "q-user stays" in screen_text(app)

            await pilot.press("d")
            await settle(pilot)
            assert "Forget q-active-uv?" in screen_text(app)
            await pilot.press("y")
            await settle(pilot, rounds=4)
            assert "Forgot q-active-uv: clean" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot)
            assert row_ids(app) == []
            assert "No open forget requests." in screen_text(app)
            await pilot.press("g")
            await settle(pilot, rounds=4)
            assert "forget request(s)" not in screen_text(app)

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        assert forget_requests.open_requests(led) == []
        assert led.get("q-user") is not None and led.get("q-active-uv") is None
        [dismissed] = led.events(actions=[forget_requests.EVENT_DISMISS])
        assert (dismissed.memory_id, dismissed.actor, dismissed.reason) == (
            "q-user",
            "reviewer",
            "still true",
        )
