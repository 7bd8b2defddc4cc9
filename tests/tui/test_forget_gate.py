"""The review screen and forget's gate: the reject prompt refuses a reason that repeats the
content; text of a forgotten memory staged again shows up first, flagged RES."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import NOW, SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit import forget, review
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.pending import Flag


def test_reject_prompt_refuses_a_reason_that_repeats_the_content(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-tool")  # "Disk usage on build-01 is at 91%."
            await pilot.press("r")
            await settle(pilot)
            await pilot.press(*"disk full on BUILD 01", "enter")
            await settle(pilot)
            error = str(app.screen.query_one("#reason-error").render())
            assert "repeats what is being rejected" in error and "*uil*" in error, error
            assert "build" not in error.lower() and "01" not in error
            assert type(app.screen).__name__ == "ReasonModal"  # still asking
            app.screen.query_one("#reason").value = ""
            await pilot.press(*"wrong host", "enter")
            await settle(pilot)
            assert type(app.screen).__name__ != "ReasonModal"
            assert "q-tool" not in row_ids(app)

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        assert led.tombstone("q-tool")["reason"] == "wrong host"  # type: ignore[index]
        assert [e.reason for e in led.events(memory_id="q-tool", actions=["reject"])] == [
            "wrong host"
        ]


def test_resurrected_text_is_flagged_and_shown_first_on_refresh(make, queue_db: Path) -> None:
    with Ledger.open(queue_db, readonly=False, clock=fixed_clock(NOW)) as led:
        forget.apply(led, forget.plan(led, ["q-active-tz"]), reason="user request")

    async def run() -> None:
        app = make(refresh=0.1)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert row_ids(app)[:2] == ["q-hidden", "q-stale"]  # q-hidden: INJ, first
            with Ledger.open(
                queue_db, readonly=False, clock=fixed_clock(NOW), actor="agent"
            ) as agent:
                staged = review.stage(
                    agent,
                    review.Candidate(
                        "The user's timezone is Europe/Rome.",
                        SourceType.USER_STATEMENT,
                        id="q-back",
                    ),
                )
            assert staged.resurrects and staged.resurrects[0].memory_id == "q-active-tz"
            for _ in range(200):
                await pilot.pause(0.05)
                if "q-back" in row_ids(app):
                    break
            await settle(pilot)
            assert row_ids(app)[0] == "q-back", row_ids(app)
            assert row_ids(app).count("q-back") == 1
            item = app.screen.items[0]  # type: ignore[attr-defined]
            assert Flag.RESURRECTED in item.flags
            assert "RES" in screen_text(app)

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        assert led.require("q-back").status is Status.PENDING
        assert led.events(memory_id="q-back", actions=["resurrected"])
