"""The review screen flags DUP on an item whose exact copy is active beyond the neighbour
lookup's reach, and its detail pane lists the copy and says what was checked."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_helpers import row_ids, screen_text, select, settle

from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from tests.buried_copy import bury_copy


def test_the_detail_pane_shows_the_buried_copy(make, ledger_path: Path) -> None:
    with Ledger.open(ledger_path, readonly=False, clock=fixed_clock("2026-11-29T12:00:00Z")) as led:
        item, copy = bury_copy(led)

    async def run() -> None:
        app = make(ledger_path)
        async with app.run_test(size=(160, 48)) as pilot:
            await settle(pilot)
            assert row_ids(app) == [item]
            await select(pilot, item)
            await settle(pilot)
            flags = {i.memory.id: {f.value for f in i.flags} for i in app.screen.items}
            assert "duplicate" in flags[item]
            shown = screen_text(app)
            assert "same text" in shown and copy in shown
            assert "DUP" in shown
            assert "every active memory with the same content hash" in shown

    asyncio.run(run())
