"""Fixtures for driving the review app headless on copies of the sample stores."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.clock import fixed_clock
from memaudit.store import Store
from memaudit.tui import make_app
from memaudit.tui.app import ReviewApp

NOW = "2026-11-30T12:00:00Z"
REVIEWER = "reviewer"
SIZE = (120, 36)


@pytest.fixture
def queue_db(sample: Callable[[str], Path]) -> Path:
    return sample("pending_queue")


@pytest.fixture
def make(queue_db: Path) -> Iterator[Callable[..., ReviewApp]]:
    """make(path=None, refresh=None) -> a review app on a writable copy of the queue."""
    stores: list[Store] = []

    def build(path: Path | None = None, refresh: float | None = None) -> ReviewApp:
        store = open_store(
            str(path or queue_db), writable=True, clock=fixed_clock(NOW), actor=REVIEWER
        )
        stores.append(store)
        return make_app(store, clock=fixed_clock(NOW), actor=REVIEWER, refresh_interval=refresh)

    yield build
    for store in stores:
        store.close()
