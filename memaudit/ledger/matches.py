"""``Ledger.active_matches``: a listing's full-text searches, asked a few hundred at a
time, optionally on a second read-only connection in another thread.

SQLite runs a statement without Python's lock held, so a second connection's searches
run on another CPU while this thread builds its rows: a review listing whose other CPU
is idle (its injection verdicts and comparisons kept from an earlier listing) spends
half its time in these searches at 200k. Each statement is its own read, on one
connection or two alike, and each search's answer comes from one statement: the
answers are the same either way.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from memaudit.errors import MemauditError
from memaudit.ledger.columns import light_row
from memaudit.model import MemoryFilter, Status

if TYPE_CHECKING:
    from memaudit.ledger.store import Ledger
    from memaudit.sqlite_driver import sqlite3

Row = tuple[str, str, "str | None", "str | None"]


def active_matches(
    ledger: Ledger, searches: Sequence[str], limit: int, *, threads: int = 1
) -> dict[str, list[Row]]:
    """``Ledger.active_matches``. ``threads``: 2 asks every other statement's searches
    on a second read-only connection in another thread (a read-only ledger outside a
    transaction only; if that thread fails, its searches are asked here)."""
    from memaudit.ledger import store

    out: dict[str, list[Row]] = {}
    asked: list[tuple[str, str]] = []  # (search, its FTS query)
    for text in dict.fromkeys(searches):
        if not text:  # no search at all: ``query`` lists the newest active memories
            flt = MemoryFilter(statuses=[Status.ACTIVE], limit=limit)
            out[text] = [(m.id, m.content, m.created_at, m.scope) for m in ledger.query(flt)]
            continue
        try:
            asked.append((text, store.fts_query(text)))
        except MemauditError:  # no word to search with: ``query`` refuses it too
            out[text] = []
    per = store.MATCHES_PER_QUERY
    chunks = [asked[s : s + per] for s in range(0, len(asked), per)]
    helped = threads > 1 and len(chunks) > 1 and ledger.readonly
    if helped and not ledger.conn.in_transaction:
        helper = _Helper(ledger, chunks[1::2], limit)
        for chunk in chunks[0::2]:
            out.update(_matched(ledger.conn, chunk, limit))
        out.update(helper.answers(ledger.conn))
    else:
        for chunk in chunks:
            out.update(_matched(ledger.conn, chunk, limit))
    return {text: out[text] for text in searches}


def _matched(
    conn: sqlite3.Connection, chunk: list[tuple[str, str]], limit: int
) -> dict[str, list[Row]]:
    """One statement's searches, each a row of a ``VALUES`` list the statement runs
    ``query``'s search for: at 200k a listing's 5,275 searches cost a fifth less than
    one statement each."""
    found: list[list[Row]] = [[] for _ in chunk]
    rows = conn.execute(
        f"WITH asked(k, q) AS (VALUES {','.join(['(?, ?)'] * len(chunk))}) "
        "SELECT asked.k, m.id, m.content, m.created_at, m.scope FROM asked "
        "JOIN memories AS m ON m.seq IN ("
        # ``query``'s search (``iter_query``), for each row of ``asked``
        " SELECT memories_fts.rowid FROM memories_fts"
        " CROSS JOIN memories AS hit ON hit.seq = memories_fts.rowid"
        " WHERE memories_fts MATCH asked.q AND hit.status IN (?)"
        " ORDER BY memories_fts.rowid DESC LIMIT ?) "
        "ORDER BY asked.k, m.seq DESC",
        [
            *(v for k, (_, q) in enumerate(chunk) for v in (k, q)),
            Status.ACTIVE.value,
            limit,
        ],
    )
    for k, *row in rows:
        found[k].append(light_row(row))
    return {text: matches for (text, _), matches in zip(chunk, found, strict=True)}


class _Helper:
    """``chunks`` asked on a connection of its own in another thread, from now."""

    def __init__(self, ledger: Ledger, chunks: list[list[tuple[str, str]]], limit: int) -> None:
        self.chunks, self.limit = chunks, limit
        self.found: dict[str, list[Row]] = {}
        self.done = False  # every chunk answered
        self.conn: sqlite3.Connection | None = None
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ledger,), daemon=True)
        self._thread.start()

    def _run(self, ledger: Ledger) -> None:
        from memaudit.ledger.store import connect

        try:
            self.conn = connect(ledger.path, readonly=True, busy_timeout=ledger.busy_timeout)
        except BaseException:  # noqa: BLE001 (the caller asks these searches itself)
            return
        finally:
            self._opened.set()
        try:
            for chunk in self.chunks:
                self.found.update(_matched(self.conn, chunk, self.limit))
            self.done = True
        except BaseException:  # noqa: BLE001 (likewise)
            pass
        finally:
            self.conn.close()

    def answers(self, conn: sqlite3.Connection) -> dict[str, list[Row]]:
        """The helper's answers, once it ends; what it could not answer is asked on
        ``conn``. Interrupted while waiting (Ctrl-C), its search is stopped too."""
        try:
            self._thread.join()
        except BaseException:
            self._opened.wait()
            if self.conn is not None:
                self.conn.interrupt()
            raise
        if self.done:
            return self.found
        found: dict[str, list[Row]] = {}
        for chunk in self.chunks:
            found.update(_matched(conn, chunk, self.limit))
        return found
