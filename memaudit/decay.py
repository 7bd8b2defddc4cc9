"""Decay and expiry: memories that outlived their use are archived, never deleted.

The formula (the second article's, with the idle time counted in fractional days):

    score = min(1.0, 0.5 ** (idle_days / half_life) + min(access_count * bonus, cap))

where ``idle_days`` runs from ``last_accessed`` (or ``created_at`` if never accessed)
to ``now``. An *active*, unpinned memory whose score falls below the threshold is
archived; one whose ``expires_at`` has passed is expired (expiry wins over decay).
Pending, archived, superseded and expired memories are never touched, and pinned
memories neither decay nor expire: a person said they stay.

Two ways of keeping ``decay_score`` (see :class:`LifecycleTable`):

* ``on_change`` (the native ledger): the score is derived state, computed on demand
  with the injected clock (:func:`explain`, :func:`live_score`). A run writes only the
  rows whose status changes, and stores in ``decay_score`` the exact score at that
  moment; every other row is left alone. The rows to change are found through index
  range scans, not full scans: for each access count ``k`` whose bonus is below the
  threshold, ``score < threshold`` is ``idle > half_life * log2(1 / (threshold -
  bonus(k)))``, i.e. ``coalesce(last_accessed, created_at) < cutoff_k`` on the index
  ``idx_memories_decay_ref(status, pinned, access_count, coalesce(...))``; expiry is a
  range on ``idx_memories_expires``. The ranges are widened by a day (timestamps are
  compared as text there) and each candidate is then decided in Python by
  :func:`explain` itself, so a run does exactly what ``decay --explain`` prints.
* ``every_row`` (the lifecycle adapter: the article's column, read by its own agent):
  every active row's score is stored, rounded to ``SCORE_STEP`` (0.05), by one
  ``UPDATE`` computed by SQLite (``pow``, ``julianday``) that visits each active row
  once and records the status changes as it writes them; SQLite then writes the store's
  own events for them in one ``INSERT ... SELECT`` (``memaudit.decay_rows``).

Either way a second run with the same ``now`` changes no memory, the status changes are
read in the run's transaction so each one gets its own event, and one summary event
records the run. See ``benchmarks/bench_decay.py``.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal

from memaudit import sidecar
from memaudit.clock import parse_time, to_iso
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger, rows
from memaudit.ledger.columns import _number, _text
from memaudit.model import Memory
from memaudit.policy import Policy
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Capability

if TYPE_CHECKING:
    from memaudit.store import Store

# Stored scores sit on a 0.05 grid: a finer one would rewrite most rows on every daily
# run (and dirty nearly every page) for no decision it changes — thresholds are
# compared with the exact score, and `decay --explain` shows it.
SCORE_STEP = 0.05
UNIX_EPOCH_JD = 2440587.5

# The native ledger's idle reference, exactly as indexed by migration m004 (SQLite uses
# an expression index only for the identical expression).
REF_EXPR = "coalesce(last_accessed, created_at)"
# Index ranges compare timestamps as text; widening them by a day keeps every row
# whose exact (Python) verdict could be a change, whatever UTC offset its text carries.
# The extra rows are rechecked and left alone.
TEXT_MARGIN = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class DecayParams:
    half_life_days: float = 30.0
    threshold: float = 0.1
    access_bonus: float = 0.03
    access_bonus_cap: float = 0.3

    @classmethod
    def from_policy(
        cls,
        policy: Policy,
        *,
        half_life_days: float | None = None,
        threshold: float | None = None,
    ) -> DecayParams:
        params = cls(
            half_life_days=float(
                half_life_days if half_life_days is not None else policy.get("decay.half_life_days")
            ),
            threshold=float(threshold if threshold is not None else policy.get("decay.threshold")),
            access_bonus=float(policy.get("decay.access_bonus")),
            access_bonus_cap=float(policy.get("decay.access_bonus_cap")),
        )
        params.validate()
        return params

    def validate(self) -> None:
        if not (math.isfinite(self.half_life_days) and self.half_life_days > 0):
            raise InvalidInput(
                f"half-life must be a positive number of days, got {self.half_life_days}"
            )
        if not (math.isfinite(self.threshold) and 0.0 <= self.threshold <= 1.0):
            raise InvalidInput(f"threshold must be between 0 and 1, got {self.threshold}")
        for name in ("access_bonus", "access_bonus_cap"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value >= 0):
                raise InvalidInput(f"{name} must be a non-negative number, got {value}")

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


def access_bonus(access_count: int, params: DecayParams) -> float:
    """The freshness bonus of ``access_count`` accesses (non-decreasing in the count)."""
    return min(max(0, access_count) * params.access_bonus, params.access_bonus_cap)


def decay_score(idle_days: float, access_count: int, params: DecayParams) -> float:
    """The score of a memory idle for ``idle_days`` with ``access_count`` accesses."""
    base: float = 0.5 ** (max(0.0, idle_days) / params.half_life_days)
    return min(1.0, base + access_bonus(access_count, params))


def archive_idle_days(bonus: float, params: DecayParams) -> float | None:
    """Idle days beyond which a memory with this ``bonus`` scores below the threshold
    (``None``: it never does). Only used to find candidates: the verdict is exact."""
    room = params.threshold - bonus
    if room <= 0:
        return None
    return params.half_life_days * math.log2(1.0 / room)


def stored_score(score: float) -> float:
    """The value a run writes for ``score`` (same rounding as the SQL)."""
    return round(round(score / SCORE_STEP) * SCORE_STEP, 2)


def julian_day(moment: datetime) -> float:
    return moment.timestamp() / 86400.0 + UNIX_EPOCH_JD


@dataclass(slots=True)
class Change:
    """One memory whose status a run changes."""

    id: str
    old_status: str
    new_status: str
    score: float | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class DecayReport:
    store: str
    now: str
    params: DecayParams
    dry_run: bool
    considered: int = 0  # active, unpinned memories with a readable timestamp
    rescored: int = 0  # rows whose stored score changes without a status change
    pinned: int = 0  # active pinned memories, left alone
    # every_row: active memories whose timestamps could not be read; on_change: such
    # memories among the candidates (the others are never candidates, never changed).
    unreadable: int = 0
    checked: int = 0  # on_change: candidates the index ranges returned, decided exactly
    # every_row: ``(key, id, new status, score)`` rows until ``changes`` is read; with
    # ``keep=n`` the first n (``held_all`` False), counted all by SQLite (~440k at 1M).
    change_rows: list[tuple[Any, ...]] = field(default_factory=list, repr=False)
    held_all: bool = True
    _changes: list[Change] | None = field(default=None, repr=False)
    # How many changes go to each status, counted once: the CLI, the summary event and
    # the sidecar each ask, and at 1M each count was a pass over ~440k rows.
    _statuses: Counter[str] | None = field(default=None, repr=False)

    @property
    def changes(self) -> list[Change]:
        if not self.held_all:
            raise ValueError("internal: this decay report holds only its first changes")
        if self._changes is None:
            self._changes = _make_changes(self.change_rows, self.params)
            self.change_rows = []
        return self._changes

    @changes.setter
    def changes(self, value: list[Change]) -> None:
        self._changes, self.change_rows, self._statuses = value, [], None
        self.held_all = True

    def set_change_rows(
        self, rows: list[tuple[Any, ...]], counts: Counter[str] | None = None
    ) -> None:
        """Keep ``(key, id, new status, exact score)`` rows as the run's changes; with
        ``counts`` (how many changes go to each status), ``rows`` may be the first ones."""
        self._changes, self.change_rows, self._statuses = None, rows, counts
        self.held_all = counts is None or len(rows) == counts.total()

    def first_changes(self, n: int) -> list[Change]:
        """The first ``n`` changes (without making the others)."""
        if not self.held_all and n > len(self.change_rows):
            raise ValueError(f"internal: this decay report holds only {len(self.change_rows)}")
        if self._changes is None:
            return _make_changes(self.change_rows[:n], self.params)
        return self._changes[:n]

    def count(self, new_status: str | None = None) -> int:
        """How many changes (to ``new_status``, if given)."""
        if self._statuses is None:
            if self._changes is not None:
                self._statuses = Counter(c.new_status for c in self._changes)
            else:
                self._statuses = Counter(map(itemgetter(2), self.change_rows))
        statuses = self._statuses
        return statuses.total() if new_status is None else statuses[new_status]

    @property
    def archived(self) -> list[Change]:
        return [c for c in self.changes if c.new_status == "archived"]

    @property
    def expired(self) -> list[Change]:
        return [c for c in self.changes if c.new_status == "expired"]

    @property
    def written(self) -> int:
        return self.rescored + self.count()

    def summary(self) -> dict[str, Any]:
        return {
            "now": self.now,
            "params": self.params.to_dict(),
            "dry_run": self.dry_run,
            "considered": self.considered,
            "archived": self.count("archived"),
            "expired": self.count("expired"),
            "rescored": self.rescored,
            "pinned_skipped": self.pinned,
            "unreadable": self.unreadable,
            "checked": self.checked,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "store": self.store,
            **self.summary(),
            "changes": [c.to_dict() for c in self.changes],
        }


@dataclass
class LifecycleTable:
    """How a store keeps lifecycle columns, so one engine decays every such store.

    The table must have ``status``, ``decay_score``, ``access_count``,
    ``last_accessed``, ``created_at`` and ``expires_at`` columns; timestamps are ISO
    text SQLite's ``julianday`` can read (naive ones count as UTC).
    """

    location: str
    conn: sqlite3.Connection
    transaction: Callable[[], contextlib.AbstractContextManager[Any]]
    # Appends the per-memory events and (if it can) the summary, inside the transaction.
    log_in_transaction: Callable[[DecayReport], None]
    # Runs after the commit (e.g. a summary kept in another file); may be a no-op.
    log_after_commit: Callable[[DecayReport], None] = lambda report: None
    table: str = "memories"
    key: str = "rowid"  # integer key used to join the table with itself
    id_expr: str = "id"  # the public id, as text
    pinned_expr: str = "0"  # 1 for rows a person pinned
    archived_score: float | None = None  # what an archived row's score becomes (None: keep)
    # every_row: the statement (and its named parameters) that records the run's status
    # changes in the store's own log, given the report and a SQL source of them (columns
    # key, id, status; one row per change, in key order): one INSERT ... SELECT, so a run
    # that archives most of a large store passes no event row through Python.
    # None: only ``log_in_transaction`` logs. every_row names a row by its ``key``.
    change_events_sql: Callable[[DecayReport, str], tuple[str, dict[str, Any]]] | None = None
    # "every_row": each run stores every active row's (rounded) score — for stores whose
    # owning agent reads the column. "on_change": only rows whose status changes are
    # written (the score at that moment); needs the m004 index and a ``pinned`` column.
    score_mode: Literal["every_row", "on_change"] = "every_row"


def plan(t: LifecycleTable, params: DecayParams, now: datetime, *, dry_run: bool) -> DecayReport:
    """What a run at ``now`` changes (reads only)."""
    if t.score_mode == "on_change":
        return _indexed_changes(t, params, now, dry_run=dry_run)[0]
    from memaudit import decay_rows

    report = DecayReport(t.location, to_iso(now), params, dry_run)
    return decay_rows.plan(t, _bind(params, now), report)


def apply(
    t: LifecycleTable, params: DecayParams, now: datetime, *, keep: int | None = None
) -> DecayReport:
    """Run decay at ``now`` in one transaction, writing only what changes: the rows whose
    status changes (``on_change``), or also those whose stored score moves (``every_row``,
    see ``memaudit.decay_rows``). ``keep``: how many changes the report holds (``None``:
    all; every change is counted)."""
    if t.score_mode == "on_change":
        return _apply_on_change(t, params, now)
    from memaudit import decay_rows

    report = DecayReport(t.location, to_iso(now), params, dry_run=False)
    return decay_rows.apply(t, _bind(params, now), report, keep=keep)


def _bind(params: DecayParams, now: datetime) -> dict[str, Any]:
    """The named parameters of the every_row SQL (``memaudit.decay_rows``)."""
    return {
        "now_jd": julian_day(now),
        "half_life": params.half_life_days,
        "bonus": params.access_bonus,
        "cap": params.access_bonus_cap,
        "threshold": params.threshold,
        "step": SCORE_STEP,
        "per": round(1 / SCORE_STEP),
        "now_iso": to_iso(now),
    }


def _make_changes(rows: list[tuple[Any, ...]], params: DecayParams) -> list[Change]:
    """The report's changes from ``(key, id, new status, exact score)`` rows of memories
    that were active, each with the reason ``decay`` prints."""
    below = f" < {params.threshold:g})"
    return [
        Change(
            str(pub_id),
            "active",
            status,
            score,
            "past expiry date"
            if status == "expired"
            else f"decay below threshold ({score:.3f}{below}",
        )
        for _, pub_id, status, score in rows
    ]


def run(
    store: Store,
    params: DecayParams,
    now: datetime,
    *,
    dry_run: bool = False,
    keep: int | None = None,
) -> DecayReport:
    """A decay pass over a store (capability DECAY), as ``memaudit decay`` runs it: a dry
    run only plans; a real run holds the store's decay run lock for its whole length (a
    second run, from any process, raises ``StoreBusy`` at once) and applies. ``keep``:
    see :func:`apply` (a plan and an ``on_change`` run hold every change)."""
    store.need(Capability.DECAY)
    table = store.lifecycle_table()
    if dry_run:
        return plan(table, params, now, dry_run=True)
    with sidecar.run_lock(store.location, "decay"):
        return apply(table, params, now, keep=keep)


def native_table(ledger: Ledger) -> LifecycleTable:
    """The native ledger's lifecycle columns; events go to its own append-only log."""

    def log(report: DecayReport) -> None:
        rows.append_events(
            ledger,
            report.now,
            ledger.actor,
            (
                (
                    "archive" if c.new_status == "archived" else "expire",
                    c.id,
                    c.reason,
                    json.dumps({"from": c.old_status, "score": c.score}, sort_keys=True),
                )
                for c in report.changes
            ),
        )
        ledger.log("decay", reason=_summary_line(report), detail=report.summary())

    return LifecycleTable(
        location=str(ledger.path),
        conn=ledger.conn,
        transaction=ledger.transaction,
        log_in_transaction=log,
        key="seq",
        id_expr="id",
        pinned_expr="pinned",
        score_mode="on_change",
    )


def restore_native(
    ledger: Ledger, memory_id: str, *, actor: str | None, reason: str | None
) -> dict[str, Any]:
    """Bring an archived or expired memory back to active (one transaction, logged).

    A restore is a person saying the memory is still of use: its idle time starts again
    (``last_accessed`` = now, the access count unchanged) and a past ``expires_at`` is
    cleared, or the next decay run would undo the restore at once. The previous values
    are in the event's detail."""
    with ledger.transaction():
        memory = ledger.require(memory_id)
        if memory.status.value not in ("archived", "expired"):
            raise InvalidInput(
                f"{memory_id} is {memory.status.value}; only archived or expired memories "
                "are restored (a superseded one: `memaudit resolve --undo ID`)"
            )
        detail = {
            "from": memory.status.value,
            "last_accessed": memory.last_accessed,
            "expires_at": memory.expires_at,
        }
        rows.restore_active(ledger, memory.id, clear_expiry=memory.status.value == "expired")
        ledger.log("restore", memory.id, actor=actor, reason=reason, detail=detail)
    return {
        "id": memory.id,
        "from": detail["from"],
        "to": "active",
        **{k: v for k, v in detail.items() if k != "from"},
    }


def _summary_line(report: DecayReport) -> str:
    rescored = f", {report.rescored} rescored" if report.rescored else ""
    return (
        f"decay run: {report.count('archived')} archived, {report.count('expired')} expired"
        f"{rescored} of {report.considered} active"
    )


# -- on_change: index range scans, exact verdicts ------------------------------

_CANDIDATE_COLUMNS = (
    "seq, id, status, pinned, created_at, last_accessed, access_count, decay_score, expires_at"
)
_OPEN = "status = 'active' AND pinned = 0"


def _text_bound(moment: datetime) -> str:
    """``moment`` widened by the margin, as index-comparable text."""
    try:
        return to_iso(moment + TEXT_MARGIN)
    except OverflowError:
        return "9999-99"  # past the last representable time: every timestamp sorts below


def _candidates(t: LifecycleTable, params: DecayParams, now: datetime) -> list[tuple[Any, ...]]:
    """Rows that may change at ``now``: a superset, each found by an index range scan."""
    conn = t.conn
    rows: dict[int, tuple[Any, ...]] = {}
    # Expiry: the partial index on expires_at (INDEXED BY: never a silent full scan).
    for row in conn.execute(
        f"SELECT {_CANDIDATE_COLUMNS} FROM {t.table} INDEXED BY idx_memories_expires"
        f" WHERE expires_at IS NOT NULL AND expires_at < ? AND {_OPEN}",
        (_text_bound(now),),
    ):
        rows[row[0]] = row
    # Decay: one range per distinct access count whose bonus is below the threshold,
    # walked through the index (min(access_count) > k is one seek each). Bonus never
    # falls as the count grows, so the first count at or above the threshold ends it.
    step = (
        f"SELECT min(access_count) FROM {t.table} INDEXED BY idx_memories_decay_ref"
        f" WHERE {_OPEN} AND access_count > ?"
    )
    count = conn.execute(
        f"SELECT min(access_count) FROM {t.table} INDEXED BY idx_memories_decay_ref WHERE {_OPEN}"
    ).fetchone()[0]
    while count is not None:
        idle = archive_idle_days(access_bonus(count, params), params)
        if idle is None:
            break
        try:
            bound: str | None = _text_bound(now - timedelta(days=idle))
        except OverflowError:
            bound = None  # idle since before year 1: nothing at this count can archive
        if bound is not None:
            for row in conn.execute(
                f"SELECT {_CANDIDATE_COLUMNS} FROM {t.table} INDEXED BY idx_memories_decay_ref"
                f" WHERE {_OPEN} AND access_count = ? AND {REF_EXPR} < ?",
                (count, bound),
            ):
                rows[row[0]] = row
        count = conn.execute(step, (count,)).fetchone()[0]
    return [rows[key] for key in sorted(rows)]


def _indexed_changes(
    t: LifecycleTable, params: DecayParams, now: datetime, *, dry_run: bool
) -> tuple[DecayReport, list[tuple[int, Change]]]:
    report = DecayReport(t.location, to_iso(now), params, dry_run)
    # Index-only counts (the (status, pinned, ...) prefix of the m004 index).
    report.considered, report.pinned = t.conn.execute(
        f"SELECT count(*) FILTER (WHERE pinned = 0), count(*) FILTER (WHERE pinned <> 0)"
        f" FROM {t.table} INDEXED BY idx_memories_decay_ref WHERE status = 'active'"
    ).fetchone()
    keyed: list[tuple[int, Change]] = []
    for seq, mid, status, pinned, created, last, count, stored, expires in _candidates(
        t, params, now
    ):
        report.checked += 1
        # the row's values as ``ls`` reads them: a ledger can hold any type in any column
        ex = explain(
            memory_id=str(_text(mid)),
            status=status,
            pinned=bool(pinned),
            created_at=_text(created),
            last_accessed=_text(last),
            access_count=int(_number(count) or 0),
            stored_score=_number(stored),
            expires_at=_text(expires),
            params=params,
            now=now,
        )
        if ex.score is None:
            report.unreadable += 1
        if ex.new_status is None:
            continue
        reason = (
            "past expiry date"
            if ex.new_status == "expired"
            else f"decay below threshold ({ex.score:.3f} < {params.threshold:g})"
        )
        keyed.append((seq, Change(ex.id, status, ex.new_status, ex.score, reason)))
    report.considered -= report.unreadable
    report.changes = [c for _, c in keyed]
    return report, keyed


def _apply_on_change(t: LifecycleTable, params: DecayParams, now: datetime) -> DecayReport:
    with t.transaction():
        report, keyed = _indexed_changes(t, params, now, dry_run=False)
        # The stored score is the score at this status change; the row is versioned.
        t.conn.executemany(
            f"UPDATE {t.table} SET status = ?, decay_score = ?, updated_at = ?,"
            f" version = version + 1 WHERE {t.key} = ? AND status = 'active'",
            [(c.new_status, c.score, report.now, seq) for seq, c in keyed],
        )
        t.log_in_transaction(report)
    t.log_after_commit(report)
    return report


@dataclass(slots=True)
class Explanation:
    id: str
    status: str
    pinned: bool
    reference: str | None  # which timestamp idle time counts from
    reference_at: str | None
    idle_days: float | None
    base: float | None
    bonus: float
    score: float | None
    stored_score: float | None
    expires_at: str | None
    expired: bool
    outcome: str
    new_status: str | None  # what a run at this moment makes of it (None: unchanged)
    params: DecayParams

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["params"] = self.params.to_dict()
        return data


def explain(
    *,
    memory_id: str,
    status: str,
    pinned: bool,
    created_at: str | None,
    last_accessed: str | None,
    access_count: int,
    stored_score: float | None,
    expires_at: str | None,
    params: DecayParams,
    now: datetime,
) -> Explanation:
    """The computation ``decay`` does for one memory, step by step."""
    reference, ref_at = (
        ("last_accessed", last_accessed) if last_accessed else ("created_at", created_at)
    )
    idle: float | None = None
    if ref_at:
        with contextlib.suppress(InvalidInput):
            idle = (now - parse_time(ref_at)).total_seconds() / 86400.0
    base = 0.5 ** (max(0.0, idle) / params.half_life_days) if idle is not None else None
    bonus = min(max(0, access_count) * params.access_bonus, params.access_bonus_cap)
    score = decay_score(idle, access_count, params) if idle is not None else None
    expired = False
    if expires_at:
        with contextlib.suppress(InvalidInput):
            expired = parse_time(expires_at) <= now
    new_status: str | None = None
    if status != "active":
        outcome = f"untouched: decay only considers active memories (this one is {status})"
    elif pinned:
        outcome = "untouched: pinned memories neither decay nor expire"
    elif score is None:
        outcome = "untouched: its timestamps cannot be read"
    elif expired:
        outcome, new_status = "would be expired: past its expiry date", "expired"
    elif score < params.threshold:
        outcome = f"would be archived: score {score:.3f} < threshold {params.threshold:g}"
        new_status = "archived"
    else:
        outcome = f"stays active: score {score:.3f} >= threshold {params.threshold:g}"
    return Explanation(
        memory_id,
        status,
        pinned,
        reference,
        ref_at,
        idle,
        base,
        bonus,
        score,
        stored_score,
        expires_at,
        expired,
        outcome,
        new_status,
        params,
    )


def explain_memory(memory: Memory, params: DecayParams, now: datetime) -> Explanation:
    return explain(
        memory_id=memory.id,
        status=memory.status.value,
        pinned=memory.pinned,
        created_at=memory.created_at,
        last_accessed=memory.last_accessed,
        access_count=memory.access_count,
        stored_score=memory.decay_score,
        expires_at=memory.expires_at,
        params=params,
        now=now,
    )


def live_score(memory: Memory, params: DecayParams, now: datetime) -> float | None:
    """The score at ``now`` — what ``decay --explain`` prints (None: unreadable times)."""
    return explain_memory(memory, params, now).score


__all__ = [
    "Change",
    "DecayParams",
    "DecayReport",
    "Explanation",
    "LifecycleTable",
    "SCORE_STEP",
    "stored_score",
    "apply",
    "decay_score",
    "explain",
    "explain_memory",
    "live_score",
    "native_table",
    "plan",
]
