"""Helpers for driving the review app in tests."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.worker import WorkerCancelled

from memaudit.tui.app import ReviewApp
from memaudit.tui.listing import SETTLE


async def settle(pilot: Any, rounds: int = 2) -> None:
    """Let workers and the reviewer's writes finish, and their messages land."""
    for _ in range(rounds):
        await pilot.pause(SETTLE + 0.05)
        await asyncio.to_thread(pilot.app.session.wait_writes)
        for _attempt in range(5):
            try:
                await pilot.app.workers.wait_for_complete()
                break
            except WorkerCancelled:
                # A periodic store check (exclusive group) was replaced by the next
                # one under load: wait for the newer worker, which does the same work.
                continue
        await pilot.pause()


def row_ids(app: ReviewApp) -> list[str]:
    return [i.memory.id for i in app.screen.items]  # type: ignore[attr-defined]


async def select(pilot: Any, memory_id: str) -> None:
    """Move the cursor to a row the way a user would (arrow keys)."""
    ids = row_ids(pilot.app)
    table = pilot.app.screen.query_one("#rows")
    steps = ids.index(memory_id) - table.cursor_row
    for _ in range(abs(steps)):
        await pilot.press("down" if steps > 0 else "up")
    await settle(pilot)
    assert pilot.app.screen.selected_id() == memory_id


def screen_text(app: ReviewApp) -> str:
    """What the terminal shows, as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)
