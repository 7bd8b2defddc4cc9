"""Decay of a store whose own agent reads every active row's score (``every_row``: the
lifecycle adapter, the second article's schema), all set-based in SQLite.

Each run stores every active row's score, rounded to ``SCORE_STEP``, computed by SQLite
(``pow``, ``julianday``), and archives or expires the rows whose score or expiry says so,
in one ``UPDATE`` that visits each active row once (see :func:`apply`). The rows whose
status changes are the report's changes, each with the store's own event, written by
SQLite in one ``INSERT ... SELECT``. The run's transaction has a larger page cache
(``RUN_CACHE_KIB``), given back after it. The formula and the report are those of
``memaudit.decay``; a dry run (:func:`plan`) is one ``SELECT``.
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3 as stdlib_sqlite3
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from memaudit.sqlite_driver import sqlite3

if TYPE_CHECKING:  # memaudit.decay calls this module, with its own types
    from memaudit.decay import DecayReport, LifecycleTable

_REF = "julianday(coalesce(last_accessed, created_at))"
_SCORE = (
    f"min(1.0, pow(0.5, max(0.0, :now_jd - {_REF}) / :half_life)"
    # A negative count (a hostile or careless writer) earns no bonus, as in
    # ``decay.access_bonus``: what ``--explain`` says is what a run stores.
    " + min(max(coalesce(access_count, 0), 0) * :bonus, :cap))"
)
# n steps of 0.05 as the nearest double to n/20 (round(n * 0.05, 2) in Python, without
# SQLite's slow round-to-digits).
_STORED = f"(round({_SCORE} / :step) / :per)"
_EXPIRED = "(expires_at IS NOT NULL AND julianday(expires_at) <= :now_jd)"
_NEW_STATUS = (
    f"CASE WHEN {_EXPIRED} THEN 'expired'"
    f" WHEN {_SCORE} < :threshold THEN 'archived' ELSE 'active' END"
)


def _eligible(t: LifecycleTable) -> str:
    return f"status = 'active' AND NOT ({t.pinned_expr}) AND {_REF} IS NOT NULL"


def ensure_math(conn: sqlite3.Connection) -> None:
    """SQLite builds without the math functions get ``pow`` from Python (slower, same result)."""
    try:
        conn.execute("SELECT pow(2, 3)").fetchone()
    except (sqlite3.OperationalError, stdlib_sqlite3.OperationalError):
        # Either driver: the lifecycle adapter opens the store with the standard library's.
        conn.create_function("pow", 2, math.pow, deterministic=True)


def plan(t: LifecycleTable, bind: dict[str, Any], report: DecayReport) -> DecayReport:
    """What an every_row run changes (reads only): ``report`` filled in; ``bind``, the
    run's parameters (``decay._bind``)."""
    ensure_math(t.conn)
    _counted(t, report)
    changed = []
    for pub_id, score, new_status, moved in t.conn.execute(
        f"SELECT {t.id_expr}, {_SCORE}, {_NEW_STATUS},"
        f" decay_score IS NOT {_STORED} FROM {t.table} WHERE {_eligible(t)}",
        bind,
    ):
        if new_status != "active":  # every eligible row is active
            changed.append((None, pub_id, new_status, score))
        elif moved:
            report.rescored += 1
    report.set_change_rows(changed)
    return report


def _counted(t: LifecycleTable, report: DecayReport, *, active: bool = True) -> None:
    """The run's counts into ``report``: pinned, and (``active``, a scan) the rows
    considered and those with unreadable timestamps."""
    if t.pinned_expr != "0":
        report.pinned = t.conn.execute(
            f"SELECT count(*) FROM {t.table} WHERE status = 'active' AND ({t.pinned_expr})"
        ).fetchone()[0]
    if not active:
        return
    count, report.unreadable = t.conn.execute(
        f"SELECT count(*), coalesce(sum({_REF} IS NULL), 0) FROM {t.table}"
        f" WHERE status = 'active' AND NOT ({t.pinned_expr})"
    ).fetchone()
    report.considered = count - report.unreadable


def apply(
    t: LifecycleTable, bind: dict[str, Any], report: DecayReport, *, keep: int | None = None
) -> DecayReport:
    """Run decay in one transaction, filling ``report`` (``bind``: as for :func:`plan`).
    ``keep``: how many changes the report holds (``None``: all; every one is counted).

    One ``UPDATE`` over the active rows, each row's score computed once (``_new_values``),
    with nothing that makes SQLite collect the rows first and seek each one again (a
    trigger, ``RETURNING``, a subquery in its ``WHERE``) and no scan before it: what it
    sees goes to Python through the functions it calls (``_Seen``), and the store's events
    are then one ``INSERT ... SELECT`` of the changes. A row that stays as it was is
    written back with its own values, which SQLite does not write to the file (a page
    whose bytes do not change stays clean). If the table has triggers, only the rows that
    move are updated, as before, so that the store's triggers see no other row."""
    ensure_math(t.conn)
    with _run_cache(t.conn), t.transaction():
        guarded = _guarded(t)
        _counted(t, report, active=guarded)
        # The functions get each change's exact score only when the report holds every
        # change, or when a trigger of the store could change the columns the score
        # reads; otherwise its key alone (a cheaper call, ~440k of them at 1M), and the
        # scores of the changes the report holds are computed again below.
        seen = _Seen(scored=keep is None or guarded)
        with seen.registered(t.conn):
            matched = t.conn.execute(
                f"UPDATE {t.table} SET (decay_score, status) = {_new_values(t, seen.scored)}"
                f" WHERE status = 'active' AND NOT ({t.pinned_expr})"
                + (f" AND {_MOVES}" if guarded else ""),
                bind,
            ).rowcount
        if not guarded:
            report.unreadable = len(seen.unreadable)
            report.considered = matched - report.unreadable
        keys = seen.keys()
        expired = set(seen.expired)
        if keys and t.change_events_sql is not None:
            sql, named = t.change_events_sql(report, _CHANGES_SOURCE)
            t.conn.execute(sql, {**named, "memaudit_changes": _changes_json(keys, expired)})
        held = keys[:keep]
        scores = seen.scores() if seen.scored else _scores(t, bind, held)
        report.set_change_rows(
            [(k, k, "expired" if k in expired else "archived", scores[k]) for k in held],
            seen.counts(),
        )
        report.rescored = matched - len(seen.unreadable) - len(seen.kept) - report.count()
        t.log_in_transaction(report)
    t.log_after_commit(report)
    return report


# The page cache of a run's connection, in KiB (SQLite's default is 2 MB). The run writes
# nearly every page of the table; each time its dirty pages fill the cache, SQLite syncs
# the rollback journal before writing them out (~160 syncs at 1M rows with 2 MB, ~5 with
# 64 MB). Durability is the same (one transaction; the journal is synced before the file
# is written, and the file at commit), and readers are shut out for less of the run (a
# spill takes the exclusive lock). At most this much memory, only if the run dirties it.
RUN_CACHE_KIB = 64 * 1024


@contextlib.contextmanager
def _run_cache(conn: sqlite3.Connection) -> Iterator[None]:
    """The connection's page cache raised to ``RUN_CACHE_KIB`` for the run, then set back
    (a smaller cache frees the pages above it)."""
    before = int(conn.execute("PRAGMA cache_size").fetchone()[0])
    # A positive setting counts pages, a negative one KiB.
    page_kib = int(conn.execute("PRAGMA page_size").fetchone()[0]) / 1024
    if (before * page_kib if before > 0 else -before) >= RUN_CACHE_KIB:
        yield
        return
    conn.execute(f"PRAGMA cache_size = -{RUN_CACHE_KIB}")
    try:
        yield
    finally:
        conn.execute(f"PRAGMA cache_size = {before}")


def _changes_json(keys: list[Any], expired: set[Any]) -> str:
    """The changes as one JSON array in the order of ``keys`` (sorted): an archived row's
    key as itself, an expired row's wrapped in an array of one (``[key]``), which SQLite
    tells apart by the element's type, with no lookup per row. The expired are few:
    each is found by bisection, not every key tested (440k at 1M)."""
    marked: list[Any] = list(keys)
    for key in expired:
        at = bisect_left(keys, key)
        marked[at] = [keys[at]]
    return json.dumps(marked)


def _scores(t: LifecycleTable, bind: dict[str, Any], keys: list[Any]) -> dict[Any, float]:
    """The exact scores of these rows, as the ``UPDATE`` computed them (the same
    expression over the columns it read, which it did not write)."""
    if not keys:
        return {}
    return dict(
        t.conn.execute(
            f"SELECT {t.key}, {_SCORE} FROM {t.table}"
            f" WHERE {t.key} IN (SELECT value FROM json_each(:memaudit_keys))",
            {**bind, "memaudit_keys": json.dumps(keys)},
        )
    )


# The rows an every_row run writes when the table has triggers: readable timestamps and
# a new rounded score, or a status change. ``<>`` is NULL (false) when the score is
# (unreadable timestamps), so readability costs no test of its own on the rows that
# move; the other branches ask it.
_MOVES = (
    f"(decay_score <> {_STORED} OR (decay_score IS NULL AND {_REF} IS NOT NULL)"
    f" OR ({_EXPIRED} AND {_REF} IS NOT NULL) OR {_SCORE} < :threshold)"
)
_ROUND = "round(s / :step) / :per"


def _new_values(t: LifecycleTable, scored: bool) -> str:
    """``(decay_score, status)`` of one row, its score ``s`` computed once (``LIMIT 1``
    keeps SQLite from inlining the subquery, which would repeat it at every use). Each
    ``memaudit_decay_*`` function records the row in ``_Seen`` and returns NULL; a status
    change's gets its key, and its score if ``scored``.

    The fates are decided in this order: unreadable timestamps (``s`` NULL), expired,
    archived, kept, rescored. The expiry test is asked first and written where it is
    asked (for the ~94% of rows with no ``expires_at``, one column read), the unreadable
    test inside it and after the threshold (``s < :threshold`` is not true for a NULL
    ``s``), and the rounded score is made once (``nullif``: equal to the stored value,
    the row is kept); the row-value subquery needs no ``LIMIT`` of its own. The same
    fates as asking them in order, with ~17 fewer VDBE steps a row."""
    archived = _ROUND if t.archived_score is None else f"{float(t.archived_score)!r}"
    change = f"{t.key}, s" if scored else t.key
    unreadable = "ifnull(memaudit_decay_unreadable(NULL), decay_score)"
    return (
        f"(SELECT CASE WHEN {_EXPIRED} THEN CASE WHEN s IS NULL THEN {unreadable}"
        f" ELSE ifnull(memaudit_decay_expired({change}), {_ROUND}) END"
        f" WHEN s < :threshold THEN ifnull(memaudit_decay_archived({change}), {archived})"
        f" WHEN s IS NULL THEN {unreadable}"
        f" ELSE ifnull(nullif({_ROUND}, decay_score),"
        " ifnull(memaudit_decay_kept(NULL), decay_score)) END,"
        f" CASE WHEN {_EXPIRED} THEN CASE WHEN s IS NULL THEN status ELSE 'expired' END"
        " WHEN s < :threshold THEN 'archived' ELSE status END"
        f" FROM (SELECT {_SCORE} AS s LIMIT 1))"
    )


def _guarded(t: LifecycleTable) -> bool:
    """Whether the table has triggers (the store's own, or TEMP ones on this connection)."""
    sql = "SELECT 1 FROM {} WHERE type = 'trigger' AND tbl_name = ? COLLATE NOCASE"
    return any(
        t.conn.execute(sql.format(schema), (t.table,)).fetchone()
        for schema in ("sqlite_master", "sqlite_temp_master")
    )


class _Seen:
    """What the ``UPDATE`` saw, from the functions it calls (C methods of these
    containers: no Python frame per row). The rows whose status changes, in the order the
    scan met them: key -> exact score if ``scored``, else their keys alone (a call with
    one argument that makes no float costs less); the rows left as they were and the
    unreadable ones, counted (a ``None`` each)."""

    def __init__(self, *, scored: bool) -> None:
        self.scored = scored
        self.archived: dict[Any, float] | list[Any] = {} if scored else []
        self.expired: dict[Any, float] | list[Any] = {} if scored else []
        self.kept: list[None] = []
        self.unreadable: list[None] = []

    @contextlib.contextmanager
    def registered(self, conn: sqlite3.Connection) -> Iterator[None]:
        def recorder(into: dict[Any, float] | list[Any]) -> tuple[int, Any]:
            return (2, into.__setitem__) if isinstance(into, dict) else (1, into.append)

        functions = {
            "memaudit_decay_archived": recorder(self.archived),
            "memaudit_decay_expired": recorder(self.expired),
            "memaudit_decay_kept": (1, self.kept.append),
            "memaudit_decay_unreadable": (1, self.unreadable.append),
        }
        for name, (nargs, fn) in functions.items():
            conn.create_function(name, nargs, fn)
        try:
            yield
        finally:
            for name, (nargs, _) in functions.items():
                conn.create_function(name, nargs, None)  # calling it now raises

    def keys(self) -> list[Any]:
        """Every change's key, in key order (the scan's order unless an index led it)."""
        return sorted([*self.archived, *self.expired])

    def scores(self) -> dict[Any, float]:
        """key -> exact score of every change (``scored`` only)."""
        assert isinstance(self.archived, dict) and isinstance(self.expired, dict)
        return {**self.archived, **self.expired}

    def counts(self) -> Counter[str]:
        return Counter({"archived": len(self.archived), "expired": len(self.expired)})


# The run's changes as ``change_events_sql`` reads them: columns key, id and status, in
# key order, from the one JSON array of ``_changes_json`` (an expired row's key is the
# first item of its element). The element's type is read once for each column: cheaper
# than a status looked up in a second parameter (a byte per change), which SQLite
# evaluated again at each use of the column.
_CHANGE_KEY = "CASE j.type WHEN 'array' THEN json_extract(j.value, '$[0]') ELSE j.value END"
_CHANGES_SOURCE = (
    f"(SELECT {_CHANGE_KEY} AS key, {_CHANGE_KEY} AS id,"
    " CASE j.type WHEN 'array' THEN 'expired' ELSE 'archived' END AS status"
    " FROM json_each(:memaudit_changes) AS j)"
)
