"""The Textual face of memaudit (`memaudit review`).

Only this package imports Textual; Rich is imported by the faces alone (this package and
``memaudit.cli``). ``text``, the store-text boundary both faces use, imports rich alone,
and this package's ``__init__`` nothing of the UI, so the CLI loads it without textual.
``make_app`` builds
the application for the CLI and for the tests alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memaudit.clock import Clock, system_clock

if TYPE_CHECKING:
    from memaudit.store import Store
    from memaudit.tui.app import ReviewApp


def make_app(
    store: Store,
    *,
    clock: Clock = system_clock,
    actor: str | None = None,
    refresh_interval: float | None = 2.0,
) -> ReviewApp:
    """The review app over an opened store (writable, with the queue capability)."""
    from memaudit.adapters import open_store
    from memaudit.errors import MemauditError
    from memaudit.store import Capability
    from memaudit.tui.app import ReviewApp
    from memaudit.tui.session import ReviewSession

    store.need(Capability.QUEUE)
    reader: Store | None
    try:
        # A second, read-only connection for the background reads.
        reader = open_store(store.location, adapter=store.adapter_name, clock=clock)
    except (MemauditError, TypeError):  # cannot open twice: share the one connection
        reader = None
    return ReviewApp(
        ReviewSession(store, clock=clock, actor=actor, reader=reader),
        refresh_interval=refresh_interval,
    )


__all__ = ["make_app"]
