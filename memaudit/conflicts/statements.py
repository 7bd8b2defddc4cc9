"""The active memories a whole-store search reads: four columns each (``Statement``),
in one scan of the store's SQL view."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from memaudit.conflicts.search import collector_paused
from memaudit.progress import Progress, counting, silent

if TYPE_CHECKING:
    from memaudit.store import Store


class Statement(NamedTuple):
    """An active memory as ``find`` reads it: four columns, not a whole ``Memory``
    (a large store's active memories fit in a fraction of the memory). A tuple: made
    from a row in C (a frozen dataclass's ``__init__`` took a third of the read)."""

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
    make = Statement._make
    return [
        make(row)
        if type(row[0]) is str and type(row[1]) is str  # noqa: E721 (exactly str: a row as it is)
        else Statement(
            str(row[0]), row[1] if isinstance(row[1], str) else str(row[1] or ""), *row[2:]
        )
        for row in counting(rows, progress, "conflicts: reading", total)
    ]
