"""``Ledger.active_matches``: a listing's full-text searches, asked a few hundred at a
time, optionally half of them in a forked second process on a connection of its own.

A review listing whose other CPU is idle (its injection verdicts and comparisons kept
from an earlier listing) spends half its time in these searches at 200k. Each
statement is its own read, in one process or two alike, and each search's answer
comes from one statement: the answers are the same either way. Measured at 200k
(5,275 searches, 2 CPUs): 1.15-1.29 s in one process, 0.75-0.80 s in two; in two
threads on two connections 1.12-1.23 s (1.8 s of CPU: the threads wait on each other
for every row).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from memaudit.errors import MemauditError
from memaudit.ledger.columns import light_row
from memaudit.model import MemoryFilter, Status

if TYPE_CHECKING:
    from memaudit.ledger.store import Ledger
    from memaudit.sqlite_driver import sqlite3

Row = tuple[str, str, "str | None", "str | None"]


def active_matches(
    ledger: Ledger,
    searches: Sequence[str],
    limit: int,
    *,
    fts_query: Callable[[str], str],
    connect: Callable[..., sqlite3.Connection],
    per_query: int,
    workers: int = 1,
) -> dict[str, list[Row]]:
    """``Ledger.active_matches``, ``per_query`` searches a statement, each searched with
    ``fts_query`` of it. ``workers``: 2 asks every other statement's searches in a
    forked process on a read-only connection of its own (``connect``; a read-only
    ledger outside a transaction, where forking is safe: ``conflicts.parallel``); if
    that process fails, its searches are asked here."""
    out: dict[str, list[Row]] = {}
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
    chunks = [asked[s : s + per_query] for s in range(0, len(asked), per_query)]
    theirs = chunks[1::2] if workers > 1 and ledger.readonly else []
    child = (
        _fork(ledger, connect, theirs, limit) if theirs and not ledger.conn.in_transaction else None
    )
    if child is None:
        for chunk in chunks:
            out.update(_matched(ledger.conn, chunk, limit))
        return {text: out[text] for text in searches}
    try:
        for chunk in chunks[0::2]:
            out.update(_matched(ledger.conn, chunk, limit))
        found = _received(child, theirs)
        child.close()
    except BaseException:
        child.__exit__(RuntimeError, None, None)  # killed: its answer is not read
        raise
    if found is None:  # what the other process would have given, asked here
        found = {}
        for chunk in theirs:
            found.update(_matched(ledger.conn, chunk, limit))
    out.update(found)
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


def _fork(
    ledger: Ledger,
    connect: Callable[..., sqlite3.Connection],
    chunks: list[list[tuple[str, str]]],
    limit: int,
) -> Any:
    """A ``parallel.Child`` asking ``chunks`` on a connection of its own (the one this
    process holds is never used there), or None where forking is not safe."""
    from memaudit.conflicts import parallel

    if not parallel.can_fork():
        return None

    def work(receive: Any, send: Any) -> dict[str, list[Row]]:
        conn = connect(ledger.path, readonly=True, busy_timeout=ledger.busy_timeout)
        found: dict[str, list[Row]] = {}
        for chunk in chunks:
            found.update(_matched(conn, chunk, limit))
        return found

    try:
        return parallel.Child(work)
    except OSError:
        return None


def _received(child: Any, chunks: list[list[tuple[str, str]]]) -> dict[str, list[Row]] | None:
    """The other process's answers: one list of rows for each search of ``chunks``;
    None when it failed or sent anything else."""
    from memaudit.conflicts import parallel

    try:
        found = child.receive()
    except (parallel.ChildFailed, pickle.UnpicklingError):
        return None
    wanted = {text for chunk in chunks for text, _ in chunk}
    if not isinstance(found, dict) or set(found) != wanted:
        return None
    for rows in found.values():
        if not isinstance(rows, list) or not all(
            isinstance(r, tuple) and len(r) == 4 for r in rows
        ):
            return None
    return found
