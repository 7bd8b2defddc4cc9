"""Snapshot tests (pytest-textual-snapshot): `pytest --snapshot-update` after a
deliberate change to what the screens look like. The clock is fixed, so ages are
stable; the refresh timer is off."""

from __future__ import annotations

from pathlib import Path

from conftest import NOW, SIZE
from tui_helpers import select, settle

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.review import Candidate


class TestQueueScreen:
    def test_queue(self, make, snap_compare) -> None:
        async def run_before(pilot) -> None:
            await settle(pilot)

        assert snap_compare(make(), terminal_size=SIZE, run_before=run_before)

    def test_detail_with_lineage_and_conflict(self, make, queue_db: Path, snap_compare) -> None:
        # An extraction from the pending q-conflict: a lineage, and a contradiction of
        # the active q-active-uv.
        with Ledger.open(queue_db, readonly=False, clock=fixed_clock(NOW), actor="agent") as led:
            review.stage(
                led,
                Candidate(
                    "The project uses poetry for packaging.",
                    SourceType.EXTRACTION,
                    id="q-extract-2",
                    source_ref="extractor:packaging",
                    derived_from=["q-conflict"],
                    confidence=0.9,
                ),
            )

        async def run_before(pilot) -> None:
            await settle(pilot)
            await select(pilot, "q-extract-2")

        assert snap_compare(make(), terminal_size=(120, 48), run_before=run_before)

    def test_hidden_characters(self, make, snap_compare) -> None:
        async def run_before(pilot) -> None:
            await settle(pilot)
            await select(pilot, "q-hidden")

        assert snap_compare(make(), terminal_size=SIZE, run_before=run_before)

    def test_bulk_confirmation(self, make, snap_compare) -> None:
        async def run_before(pilot) -> None:
            await settle(pilot)
            await pilot.press("space", "space", "space", "a")
            await settle(pilot)

        assert snap_compare(make(), terminal_size=SIZE, run_before=run_before)


class TestMemoriesScreen:
    def test_forget_confirmation(self, make, snap_compare) -> None:
        async def run_before(pilot) -> None:
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            await pilot.press("d")
            await settle(pilot)

        assert snap_compare(make(), terminal_size=SIZE, run_before=run_before)
