"""``Ledger.active_matches``: many full-text searches' newest active matches at once,
in two threads where a CPU is free.

A listing at 200k asks 5,275 searches (``pending.read_searches``), about 1 s of one CPU,
nearly all of it inside SQLite (FTS5's matching), which runs without Python's lock: a
second connection to the same file in a second thread answers half of the statements
meanwhile. Each search's answer is its own statement's row set whichever connection
reads it, so the answers are the same; the second connection only reads (``mode=ro``),
and only a ledger read outside a transaction (its own writes are not visible to
another connection) whose connection is on the ledger's file is split.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from memaudit.errors import MemauditError
from memaudit.ledger.columns import light_row
from memaudit.model import MemoryFilter, Status
from memaudit.sqlite_driver import sqlite3

if TYPE_CHECKING:
    from memaudit.ledger.store import Ledger

# Searches one statement asks (two parameters each: well under SQLite's oldest limit of
# 999).
MATCHES_PER_QUERY = 400
Match = tuple[str, str, str | None, str | None]


def active_matches(
    ledger: Ledger, searches: Sequence[str], limit: int, *, threads: int = 1
) -> dict[str, list[Match]]:
    """``Store.active_matches`` in four columns: each search's active memories as
    ``query`` orders them (its SQL, newest match first), without building whole
    memories. The searches are asked ``MATCHES_PER_QUERY`` at a time, each one a row
    of a ``VALUES`` list the statement runs ``query``'s search for: at 200k a listing's
    5,275 searches cost a fifth less than one statement each. ``threads`` 2: the later
    half of the statements read by a second connection in a second thread
    (``_second``), where the ledger allows it."""
    from memaudit.ledger.store import fts_query

    out: dict[str, list[Match]] = {}
    asked: list[tuple[str, str]] = []  # (search, its FTS query)
    for text in dict.fromkeys(searches):
        if not text:  # no search at all: ``query`` lists the newest active memories
            flt = MemoryFilter(statuses=[Status.ACTIVE], limit=limit)
            out[text] = [(m.id, m.content, m.created_at, m.scope) for m in ledger.query(flt)]
            continue
        try:
            asked.append((text, fts_query(text)))
        except MemauditError:  # no word to search with: ``query`` refuses it too
            out[text] = []
    chunks = [asked[s : s + MATCHES_PER_QUERY] for s in range(0, len(asked), MATCHES_PER_QUERY)]
    theirs: list[list[tuple[str, str]]] = []
    other = _second(ledger) if threads > 1 and len(chunks) > 1 else None
    if other is not None:
        chunks, theirs = chunks[: (len(chunks) + 1) // 2], chunks[(len(chunks) + 1) // 2 :]
    found: dict[str, list[Match]] = {}
    failed: list[BaseException] = []

    def read_theirs() -> None:
        assert other is not None
        try:
            for chunk in theirs:
                found.update(_read(other, chunk, limit))
        except BaseException as exc:  # (read here instead, below)
            failed.append(exc)
        finally:
            other.close()

    worker = threading.Thread(target=read_theirs, daemon=True) if other is not None else None
    if worker is not None:
        worker.start()
    try:
        for chunk in chunks:
            out.update(_read(ledger.conn, chunk, limit))
    finally:
        if worker is not None:
            worker.join()
    if failed:  # the second connection failed: its statements read on the ledger's own
        found = {}
        for chunk in theirs:
            found.update(_read(ledger.conn, chunk, limit))
    out.update(found)
    return {text: out[text] for text in searches}


def _read(
    conn: sqlite3.Connection, chunk: list[tuple[str, str]], limit: int
) -> dict[str, list[Match]]:
    """One statement's answers: each search of ``chunk``, ``query``'s search for it."""
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
        [*(v for k, (_, q) in enumerate(chunk) for v in (k, q)), Status.ACTIVE.value, limit],
    )
    found: list[list[Match]] = [[] for _ in chunk]
    for k, *row in rows:
        found[k].append(light_row(row))
    return {text: matches for (text, _), matches in zip(chunk, found, strict=True)}


def _second(ledger: Ledger) -> sqlite3.Connection | None:
    """A second, read-only connection to the ledger's file, or None where its answers
    could differ from the ledger's own connection's: in a transaction (its writes not
    committed), or a connection on another file than ``ledger.path`` (a copy). None too
    when it cannot be opened: the ledger's own connection reads everything then."""
    from memaudit.ledger.store import connect

    conn = ledger.conn
    if conn.in_transaction:
        return None
    try:
        main = next(
            (row[2] for row in conn.execute("PRAGMA database_list") if row[1] == "main"), ""
        )
        if not main or Path(main).resolve() != Path(ledger.path).resolve():
            return None
        return connect(Path(ledger.path), readonly=True, busy_timeout=ledger.busy_timeout)
    except (OSError, sqlite3.Error, MemauditError):
        return None
