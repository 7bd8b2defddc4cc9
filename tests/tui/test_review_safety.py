"""Hidden characters made visible; writes from elsewhere; items changed underneath."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from conftest import NOW, SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.review import Candidate


def test_hidden_characters_are_shown_in_the_detail_pane(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-hidden")
            text = screen_text(app)
            assert "deploys⟨ZWSP⟩ without review ⟨RLO⟩weiver tsrif⟨PDF⟩." in text
            assert "3 hidden character(s)" in text
            # Nothing invisible reaches the terminal, in the pane or the list.
            assert "\u200b" not in text and "\u202e" not in text
            # The markers stand out: drawn in their own style, not as plain text.
            strips = app.screen._compositor.render_strips()
            marker_styles = [
                seg.style
                for strip in strips
                for seg in strip
                if "⟨RLO⟩" in seg.text and seg.style and seg.style.bgcolor
            ]
            assert marker_styles, "the RLO marker is not highlighted"

    asyncio.run(run())


def test_new_pending_item_appears_without_losing_the_place(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make(refresh=0.1)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-doc")
            # An agent writes through its own connection while the review is open.
            with Ledger.open(
                queue_db, readonly=False, clock=fixed_clock(NOW), actor="agent"
            ) as agent:
                review.stage(
                    agent,
                    Candidate("The user prefers dark mode.", SourceType.USER_STATEMENT, id="q-new"),
                )
            for _ in range(40):
                await pilot.pause(0.05)
                if "q-new" in row_ids(app):
                    break
            await settle(pilot)
            assert row_ids(app)[-1] == "q-new"
            assert app.screen.selected_id() == "q-doc"
            assert "12 pending" in screen_text(app)

    asyncio.run(run())


def test_approving_an_item_changed_underneath_is_refused(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-user")
            assert "The user is allergic to peanuts." in screen_text(app)
            with Ledger.open(
                queue_db, readonly=False, clock=fixed_clock(NOW), actor="agent"
            ) as other:
                review.edit(other, "q-user", "The user is allergic to nothing.")
            await pilot.press("a")
            await settle(pilot)
            text = screen_text(app)
            assert "changed since it was read (version 1 → 2)" in text
            # Shown again, now with what it says today, for a second look.
            assert "q-user" in row_ids(app)
            assert app.screen.selected_id() == "q-user"
            assert "The user is allergic to nothing." in text

    asyncio.run(run())
    with Ledger.open(queue_db) as led:
        m = led.require("q-user")
        assert m.status is Status.PENDING and m.version == 2
        assert "approve" not in [e.action for e in led.events(memory_id="q-user")]


def test_moving_on_never_leaves_the_previous_items_detail_up(make, monkeypatch) -> None:
    """The detail pane loads once the cursor rests; until then it says which item is
    loading, never showing the item the cursor just left."""
    from rich.console import Console
    from textual.widgets import Static

    def pane(app) -> str:  # type: ignore[no-untyped-def]
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#detail", Static).content)
        return console.export_text()

    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            first, second = row_ids(app)[:2]
            assert pane(app).startswith(first) and "lineage" in pane(app)
            # The cursor does not rest long enough for the detail to load.
            monkeypatch.setattr("memaudit.tui.listing.SETTLE", 60.0)
            await pilot.press("down")
            await settle(pilot)
            assert app.screen.selected_id() == second
            assert pane(app).strip() == f"{second}: loading the detail…"

    asyncio.run(run())
