"""Pilot tests: each reviewer action, checked in the ledger (state and events)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import REVIEWER, SIZE
from tui_helpers import row_ids, screen_text, select, settle

from memaudit.ledger import Ledger
from memaudit.model import Status


def ledger(path: Path) -> Ledger:
    return Ledger.open(path, readonly=True)


def events(path: Path, memory_id: str) -> list[tuple[str, str, str | None]]:
    with ledger(path) as led:
        return [(e.action, e.actor or "", e.reason) for e in led.events(memory_id=memory_id)]


def test_queue_lists_pending_oldest_first_with_flags(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            ids = row_ids(app)
            # q-hidden is flagged INJ (an injected instruction): it leads; then oldest first.
            assert ids[:2] == ["q-hidden", "q-stale"] and ids[-1] == "q-assistant"
            assert "q-active-uv" not in ids and len(ids) == 11
            flags = {i.memory.id: {f.value for f in i.flags} for i in app.screen.items}
            assert "stale" in flags["q-stale"]
            assert "conflict" in flags["q-conflict"]
            assert "duplicate" in flags["q-dup"]
            assert {"hidden", "derived"} <= flags["q-hidden"]
            text = screen_text(app)
            assert "11 pending" in text and "1 stale" in text and "oldest 4mo" in text

    asyncio.run(run())


def test_approve(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("a")
            await settle(pilot)
            assert "q-stale" not in row_ids(app)
            assert app.screen.selected_id() == "q-user"  # the next item, ready to read

    asyncio.run(run())
    with ledger(queue_db) as led:
        assert led.require("q-stale").status is Status.ACTIVE
        assert led.require("q-user").status is Status.PENDING
    assert events(queue_db, "q-stale")[-1] == ("approve", REVIEWER, None)


def test_reject_asks_for_a_reason(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-dup")
            await pilot.press("r")
            await pilot.press("enter")  # no reason: refused, the modal stays
            await settle(pilot)
            assert "A reason is required" in screen_text(app)
            await pilot.press(*"duplicate of q-active-tz", "enter")
            await settle(pilot)
            assert "q-dup" not in row_ids(app), screen_text(app)

    asyncio.run(run())
    with ledger(queue_db) as led:
        assert led.get("q-dup") is None
        assert led.tombstone("q-dup")["reason"] == "duplicate of q-active-tz"  # type: ignore[index]
    assert events(queue_db, "q-dup")[-1] == ("reject", REVIEWER, "duplicate of q-active-tz")


def test_reject_cancelled_changes_nothing(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("r", "x", "escape")
            await settle(pilot)
            assert "q-stale" in row_ids(app)

    asyncio.run(run())
    assert events(queue_db, "q-stale")[-1][0] == "stage"


def test_edit_then_approve(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-user")
            await pilot.press("e")
            await settle(pilot)
            await pilot.press("end", *" (severe)", "ctrl+s")
            await settle(pilot)
            assert "q-user" not in row_ids(app)

    asyncio.run(run())
    with ledger(queue_db) as led:
        m = led.require("q-user")
        assert m.status is Status.ACTIVE
        assert m.content == "The user is allergic to peanuts. (severe)"
    assert [e[:2] for e in events(queue_db, "q-user")[-2:]] == [
        ("edit", REVIEWER),
        ("approve", REVIEWER),
    ]


def test_promote_derived_item(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-user")
            await pilot.press("p")  # not derived: refused with a warning
            await settle(pilot)
            assert "is not derived" in screen_text(app)
            await select(pilot, "q-inference")
            await pilot.press("p")
            await settle(pilot)

    asyncio.run(run())
    with ledger(queue_db) as led:
        assert led.require("q-user").status is Status.PENDING
        assert led.require("q-inference").status is Status.ACTIVE
    assert events(queue_db, "q-inference")[-1][:2] == ("promote", REVIEWER)


def test_skip_moves_on_without_writing(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("s")
            await settle(pilot)
            assert app.screen.selected_id() == "q-user"

    asyncio.run(run())
    assert events(queue_db, "q-stale")[-1][0] == "stage"


def test_undo_approve_reject_and_edit(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("a")  # approve q-stale
            await settle(pilot)
            await select(pilot, "q-extract")  # derived from q-doc
            await pilot.press("r", *"wrong", "enter")
            await settle(pilot)
            await select(pilot, "q-tool")
            await pilot.press("e")
            await settle(pilot)
            await pilot.press("end", *" today", "ctrl+s")
            await settle(pilot)
            assert not {"q-stale", "q-extract", "q-tool"} & set(row_ids(app)), screen_text(app)

            await pilot.press("u")  # the edit
            await settle(pilot)
            assert app.screen.selected_id() == "q-tool"
            await pilot.press("u")  # the rejection
            await settle(pilot)
            assert app.screen.selected_id() == "q-extract"
            await pilot.press("u")  # the approval
            await settle(pilot)
            assert {"q-stale", "q-extract", "q-tool"} <= set(row_ids(app))
            await pilot.press("u")
            await settle(pilot)
            assert "nothing to undo" in screen_text(app)

    asyncio.run(run())
    with ledger(queue_db) as led:
        assert led.require("q-stale").status is Status.PENDING
        tool = led.require("q-tool")
        assert tool.status is Status.PENDING
        assert tool.content == "Disk usage on build-01 is at 91%."
        extract = led.require("q-extract")
        assert extract.status is Status.PENDING
        assert extract.content == "Rate limit: 600/min."
        assert [e.parent_id for e in led.parents("q-extract")] == ["q-doc"]
        assert led.tombstone("q-extract") is None
    assert [e[0] for e in events(queue_db, "q-stale")] == ["stage", "approve", "unapprove"]
    assert [e[0] for e in events(queue_db, "q-extract")] == ["stage", "reject", "unreject"]
    assert [e[0] for e in events(queue_db, "q-tool")] == [
        "stage",
        "edit",
        "approve",
        "unapprove",
        "edit",
    ]
    assert all(e[1] == REVIEWER for e in events(queue_db, "q-tool")[1:])


def test_bulk_approve_with_confirmation(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-doc")
            await pilot.press("space", "space", "space")  # q-doc, q-extract, q-summary
            await pilot.press("a")
            await settle(pilot)
            text = screen_text(app)
            assert "Approve 3 marked items?" in text
            assert "tiers: T2 ×1, T3 ×1, T4 ×1" in text
            await pilot.press("y")
            await settle(pilot)
            assert not {"q-doc", "q-extract", "q-summary"} & set(row_ids(app))

    asyncio.run(run())
    with ledger(queue_db) as led:
        for mid in ("q-doc", "q-extract", "q-summary"):
            assert led.require(mid).status is Status.ACTIVE
            assert events(queue_db, mid)[-1][:2] == ("approve", REVIEWER)
        assert led.require("q-tool").status is Status.PENDING


def test_bulk_cancel_changes_nothing(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("space", "space", "a")
            await settle(pilot)
            await pilot.press("n")
            await settle(pilot)
            assert row_ids(app)[:3] == ["q-hidden", "q-stale", "q-user"]

    asyncio.run(run())
    with ledger(queue_db) as led:
        assert led.count() == 13
        assert led.require("q-stale").status is Status.PENDING


def test_command_palette_runs_actions(make, queue_db: Path) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await select(pilot, "q-stale")
            await pilot.press("ctrl+p")
            await settle(pilot)
            await pilot.press(*"approve")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)

    asyncio.run(run())
    assert events(queue_db, "q-stale")[-1][:2] == ("approve", REVIEWER)


def test_help_lists_the_keys(make) -> None:
    async def run() -> None:
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            text = screen_text(app)
            assert "undo the last action of this session" in text
            assert "mark / unmark" in text

    asyncio.run(run())
