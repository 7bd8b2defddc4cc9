"""The active memories a whole-store search reads: four columns each (``Statement``),
in one scan of the store's SQL view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from memaudit.conflicts.search import collector_paused
from memaudit.progress import Progress, counting, silent

if TYPE_CHECKING:
    from memaudit.store import Store


@dataclass(slots=True, frozen=True)
class Statement:
    """An active memory as ``find`` reads it: four columns, not a whole ``Memory``
    (a large store's active memories fit in a fraction of the memory)."""

    id: str
    content: str
    created_at: str | None
    scope: str | None


@collector_paused()
def active_statements(store: Store, progress: Progress = silent) -> list[Statement]:
    """The store's active memories, newest first as ``Store.memories`` gives them,
    read through its SQL view (one scan). The collector is paused (``find``'s reason:
    the statements hold no cycle; its passes cost a fifth of the read at 200k)."""
    conn = store.sql_view().conn
    (total,) = conn.execute("SELECT count(*) FROM memories WHERE status = 'active'").fetchone()
    rows = conn.execute(
        "SELECT id, content, created_at, scope FROM memories WHERE status = 'active'"
        " ORDER BY created_at DESC, seq DESC"
    )
    return [
        Statement(str(i), c if isinstance(c, str) else str(c or ""), at, scope)
        for i, c, at, scope in counting(rows, progress, "conflicts: reading", total)
    ]
