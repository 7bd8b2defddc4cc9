"""The lifecycle store of the second article (``agent_memory.db``), opened directly.

Its schema (PROVIDERS.md): ``memories(id INTEGER PK, content, summary, tags '[]',
importance 1-10, confidence, access_count, decay_score, status, contradicted_by,
created_at, last_accessed, expires_at)`` and ``memory_events(id, memory_id,
event_type, detail, occurred_at)``. Detected by those columns (and by not being a
memaudit ledger, whose ``memories`` table has them too).

What memaudit writes here is what the agent that owns the store reads: its own
columns (``decay_score``, ``status``, ``contradicted_by``) and its own
``memory_events`` rows, in its vocabulary — ``archived`` "decay below threshold",
``expired`` "past expiry date", ``superseded`` "by #N: ...". memaudit's own records
(run summaries, who validated a supersession, pairs kept apart) go to the sidecar
ledger in ``$MEMAUDIT_HOME`` (``memaudit.sidecar``): nothing is added to the
agent's schema.

The store's timestamps are local, timezone-less ISO strings (``datetime.now()``);
memaudit has no way to know the writer's zone, so it reads them as UTC and writes
its own event times as naive UTC. Opened read-only unless the command writes.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from memaudit import sidecar, storejson
from memaudit.adapters.support.sqlite_probe import connect_ro, quote_ident
from memaudit.clock import Clock, parse_time, store_time, system_clock, to_iso
from memaudit.decay import DecayReport, LifecycleTable
from memaudit.errors import InvalidInput, NotAStore, NotFound, StoreBusy
from memaudit.ledger import Ledger
from memaudit.ledger.columns import _text, typed_memory
from memaudit.ledger.store import (
    busy_timeout_from_env,
    default_actor,
    is_locked_error,
    is_sqlite_file,
)
from memaudit.model import Event, Memory, MemoryFilter, SourceType, Status, Validation
from memaudit.policy import Policy
from memaudit.store import Adapter, Capability, Store

REQUIRED = {
    "id",
    "content",
    "importance",
    "confidence",
    "access_count",
    "decay_score",
    "status",
    "contradicted_by",
    "created_at",
    "last_accessed",
    "expires_at",
}
# The article's statements, verbatim (its French comment included): how its agent creates
# the store (tests and benchmarks build stores with them).
ARTICLE_MEMORIES = """
    CREATE TABLE IF NOT EXISTS memories (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    content         TEXT NOT NULL,
    summary         TEXT,
    tags            TEXT DEFAULT '[]',
    -- Champs de cycle de vie — c'est ce que cet article ajoute
    importance      REAL DEFAULT 5.0,
    confidence      REAL DEFAULT 1.0,
    access_count    INTEGER DEFAULT 0,
    decay_score     REAL DEFAULT 1.0,
    status          TEXT DEFAULT 'active',
    contradicted_by INTEGER REFERENCES memories(id),
    created_at      TEXT NOT NULL,
    last_accessed   TEXT,
    expires_at      TEXT
    )
"""
ARTICLE_EVENTS = """
    CREATE TABLE IF NOT EXISTS memory_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    memory_id   INTEGER REFERENCES memories(id),
    event_type  TEXT NOT NULL,
    detail      TEXT,
    occurred_at TEXT NOT NULL
    )
"""
CAPS = frozenset({Capability.READ, Capability.HISTORY, Capability.DECAY, Capability.RESOLVE})
# The article's statuses; 'compressed' (merged into another memory) has no canonical
# twin: it reads as superseded, with the original word kept in ``extra``.
STATUS_MAP = {
    "active": Status.ACTIVE,
    "archived": Status.ARCHIVED,
    "superseded": Status.SUPERSEDED,
    "expired": Status.EXPIRED,
    "compressed": Status.SUPERSEDED,
}
COLUMNS = (
    "id, content, summary, tags, importance, confidence, access_count, decay_score, "
    "status, contradicted_by, created_at, last_accessed, expires_at"
)


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {r[1] for r in conn.execute(f"PRAGMA table_info({quote_ident(table)})")}


def _read_time(value: str | None) -> tuple[str | None, bool]:
    """A stored timestamp as canonical UTC ISO (naive = UTC); False if unreadable."""
    if not value:
        return None, True
    found = store_time(value)
    return found, found is not None


def naive_utc(moment: datetime) -> str:
    """How memaudit writes times into this store: naive ISO, in UTC (documented)."""
    return to_iso(moment).removesuffix("Z")


class LifecycleStore(Store):
    adapter_name = "lifecycle"
    capabilities = CAPS
    never_records = ("source or source type", "who wrote it", "what it was derived from", "scope")
    lifecycle_fields = frozenset({"importance", "access", "created_at"})

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        *,
        writable: bool,
        clock: Clock = system_clock,
        actor: str | None = None,
    ) -> None:
        super().__init__(str(path), writable=writable)
        self.path = path
        self.conn = conn
        self.clock = clock
        self.actor = actor or default_actor()
        self.has_events = "memory_events" in {
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        self._sidecar: Ledger | None = None

    # -- reading -------------------------------------------------------------

    def _row(self, row: tuple[Any, ...]) -> Memory:
        (
            mid,
            content,
            summary,
            tags,
            importance,
            confidence,
            access_count,
            decay_score,
            status,
            contradicted_by,
            created_at,
            last_accessed,
            expires_at,
        ) = row
        extra: dict[str, Any] = {}
        missing: list[str] = []
        times: dict[str, str | None] = {}
        for name, raw in (
            ("created_at", created_at),
            ("last_accessed", last_accessed),
            ("expires_at", expires_at),
        ):
            value, ok = _read_time(raw)
            times[name] = value
            if not ok:
                extra[f"unreadable {name}"] = raw
        try:
            tag_list = storejson.loads(tags) if tags else []
        except ValueError:
            tag_list = [tags]
        if not isinstance(tag_list, list):
            tag_list = [tag_list]
        mapped = STATUS_MAP.get(str(status or "active"))
        if mapped is None or status == "compressed":
            extra["lifecycle status"] = status
        by = str(contradicted_by) if contradicted_by is not None else None
        if times["created_at"] is None:
            missing.append("creation time")
        memory = Memory(
            id=str(mid),
            content=content if content is not None else "",
            summary=summary,
            tags=[str(t) for t in tag_list],
            source_type=SourceType.UNKNOWN,
            status=mapped or Status.ARCHIVED,
            importance=importance,
            confidence=confidence,
            validation=Validation.UNVALIDATED,
            superseded_by=by,
            contradicted_by=by,
            created_at=times["created_at"],
            last_accessed=times["last_accessed"],
            access_count=access_count or 0,
            decay_score=decay_score,
            expires_at=times["expires_at"],
            extra=extra,
            missing=missing,
        )
        return typed_memory(memory)

    def _where(self, flt: MemoryFilter) -> tuple[str, list[Any]] | None:
        clauses: list[str] = []
        params: list[Any] = []
        if flt.statuses:
            names = [k for k, v in STATUS_MAP.items() if v in flt.statuses]
            if not names:
                return None
            clauses.append(f"coalesce(status, 'active') IN ({','.join('?' * len(names))})")
            params += names
        types = flt.source_type_set()
        if types is not None and SourceType.UNKNOWN not in types:
            return None  # every memory here is of unknown source (T5)
        if flt.search:
            for word in flt.search.split():
                clauses.append("(instr(lower(content), ?) > 0 OR instr(lower(summary), ?) > 0)")
                params += [word.lower(), word.lower()]
        if flt.since:
            clauses.append("julianday(created_at) >= julianday(?)")
            params.append(flt.since)
        if flt.ids is not None:
            if not flt.ids:
                return None
            clauses.append(f"CAST(id AS TEXT) IN ({','.join('?' * len(flt.ids))})")
            params += list(flt.ids)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        flt = flt or MemoryFilter()
        built = self._where(flt)
        if built is None:
            return []
        where, params = built
        order = "ASC" if flt.oldest_first else "DESC"
        sql = (
            f"SELECT {COLUMNS} FROM memories{where} "
            f"ORDER BY julianday(created_at) {order}, id {order}"
        )
        if flt.limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [flt.limit, flt.offset]
        return [self._row(r) for r in self.conn.execute(sql, params)]

    def count(self, flt: MemoryFilter | None = None) -> int:
        built = self._where(flt or MemoryFilter())
        if built is None:
            return 0
        where, params = built
        return int(self.conn.execute(f"SELECT count(*) FROM memories{where}", params).fetchone()[0])

    def get(self, memory_id: str) -> Memory | None:
        row = self.conn.execute(
            f"SELECT {COLUMNS} FROM memories WHERE CAST(id AS TEXT) = ?", (memory_id,)
        ).fetchone()
        return self._row(row) if row else None

    def policy(self) -> Policy:
        side = self.records(writable=False)
        return side.policy() if side is not None else Policy()

    def events(
        self,
        *,
        memory_id: str | None = None,
        limit: int | None = None,
        actions: list[str] | None = None,
        actor: str | None = None,
        since: str | None = None,
        newest_first: bool = False,
        **_: Any,
    ) -> list[Event]:
        """The store's own ``memory_events`` merged with memaudit's sidecar events."""
        out: list[Event] = []
        if self.has_events:
            sql = "SELECT id, memory_id, event_type, detail, occurred_at FROM memory_events"
            params: list[Any] = []
            if memory_id is not None:
                sql += " WHERE CAST(memory_id AS TEXT) = ?"
                params.append(memory_id)
            for eid, mid, kind, detail, at in self.conn.execute(sql, params):
                iso, _ok = _read_time(at)
                out.append(
                    Event(
                        f"store:{eid}",
                        iso or at,
                        None,  # the article's events do not say who
                        str(kind),
                        str(mid) if mid is not None else None,
                        detail,
                        {"source": "memory_events"},
                    )
                )
        side = self.records(writable=False)
        if side is not None:
            for ev in side.events(memory_id=memory_id):
                out.append(
                    Event(
                        f"memaudit:{ev.id}",
                        ev.at,
                        ev.actor,
                        ev.action,
                        ev.memory_id,
                        ev.reason,
                        {**ev.detail, "source": "memaudit sidecar"},
                    )
                )
        if actions:
            out = [e for e in out if e.action in actions]
        if actor:
            out = [e for e in out if e.actor == actor]
        if since:
            out = [e for e in out if (e.at or "") >= since]
        out.sort(key=lambda e: (e.at or "", str(e.id)), reverse=newest_first)
        return out[:limit] if limit is not None else out

    def stats(self, now: datetime) -> dict[str, Any]:
        by_status: dict[str, int] = {}
        for status, n in self.conn.execute(
            "SELECT coalesce(status, 'active'), count(*) FROM memories GROUP BY 1"
        ):  # a status of another type (a blob, a number) is counted under its text
            key = str(_text(status))
            by_status[key] = by_status.get(key, 0) + n
        total = sum(by_status.values())
        events = (
            self.conn.execute("SELECT count(*) FROM memory_events").fetchone()[0]
            if self.has_events
            else 0
        )
        return {
            "store": self.location,
            "adapter": self.adapter_name,
            "totals": {"memories": total, "memory_events": events},
            "by_status": dict(sorted(by_status.items())),
            "by_tier": {"T5": total} if total else {},
            "by_source_type": {"unknown": total} if total else {},
            "oldest_pending": None,
            "oldest_pending_age_days": None,
        }

    # -- memaudit's own records -------------------------------------------------

    def records(self, *, writable: bool) -> Ledger | None:
        if self._sidecar is not None and (self._sidecar.readonly is False or not writable):
            return self._sidecar
        if self._sidecar is not None:
            self._sidecar.close()
        self._sidecar = sidecar.open_sidecar(
            str(self.path), readonly=not writable, clock=self.clock, actor=self.actor
        )
        return self._sidecar

    # -- writing -------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        if not self.writable:
            raise InvalidInput("internal: lifecycle store opened read-only for a write")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if is_locked_error(exc):
                raise StoreBusy(f"{self.path} is locked by another writer") from None
            raise
        try:
            yield self.conn
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def _event(self, memory_id: str, kind: str, detail: str, at: datetime) -> None:
        self.conn.execute(
            "INSERT INTO memory_events(memory_id, event_type, detail, occurred_at) "
            "VALUES (?, ?, ?, ?)",
            (int(memory_id), kind, detail, naive_utc(at)),
        )

    def lifecycle_table(self) -> LifecycleTable:
        def events(report: DecayReport, changes: str) -> tuple[str, dict[str, Any]]:
            # The article's event for each archived/expired row, in the order of the rows
            # (``changes`` comes in that order), written by SQLite in one statement.
            return (
                "INSERT INTO memory_events(memory_id, event_type, detail, occurred_at)"
                " SELECT id, status, CASE status WHEN 'archived' THEN 'decay below threshold'"
                f" ELSE 'past expiry date' END, :at FROM {changes}",
                {"at": naive_utc(parse_time(report.now))},
            )

        def summary(report: DecayReport) -> None:
            # memaudit's record of the run lives beside the store, not in it.
            side = self.records(writable=True)
            assert side is not None
            with side.transaction():
                side.log(
                    "decay",
                    reason=f"{report.count('archived')} archived, {report.count('expired')} expired",
                    detail={**report.summary(), "store": self.location},
                )

        return LifecycleTable(
            location=self.location,
            conn=self.conn,
            transaction=self.transaction,
            log_in_transaction=lambda report: None,  # the events: change_events_sql
            log_after_commit=summary,
            change_events_sql=events if self.has_events else None,
            key="id",
            id_expr="id",
            pinned_expr="0",
            archived_score=0.0,  # the article's own archive sets decay_score = 0.0
        )

    def supersede(self, new_id: str, old_id: str, *, actor: str, reason: str | None) -> None:
        """The validated supersession, written the way the article's agent does it."""
        new = self.require(new_id)
        old = self.require(old_id)
        now = self.clock()
        with self.transaction():
            cur = self.conn.execute(
                "UPDATE memories SET status = 'superseded', contradicted_by = ? "
                "WHERE id = ? AND coalesce(status, 'active') = 'active'",
                (int(new.id), int(old.id)),
            )
            if cur.rowcount != 1:
                raise NotFound(f"{old_id} is no longer active; nothing superseded")
            if self.has_events:
                self._event(
                    old.id, "superseded", f"by #{new.id}: {reason or new.content[:80]}", now
                )

    def close(self) -> None:
        if self._sidecar is not None:
            self._sidecar.close()
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()


class LifecycleAdapter(Adapter):
    name = "lifecycle"
    description = (
        "the second article's lifecycle SQLite store (memories + memory_events: "
        "decay_score, status, contradicted_by, expires_at)"
    )
    capabilities = CAPS
    tested_against = "stores created with the article's exact CREATE TABLE statements"

    @classmethod
    def detect(cls, location: str) -> float:
        path = Path(location)
        if not path.is_file() or not is_sqlite_file(path):
            return 0.0
        try:
            conn = _connect(path, readonly=True, busy_timeout=1.0)
        except (sqlite3.Error, NotAStore):
            return 0.0
        try:
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if "memaudit_meta" in tables or "memories" not in tables:
                return 0.0
            if not _columns(conn, "memories") >= REQUIRED:
                return 0.0
            return 0.95 if "memory_events" in tables else 0.85
        except sqlite3.Error:
            return 0.0
        finally:
            conn.close()

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> LifecycleStore:
        path = Path(location)
        if not path.is_file() or not is_sqlite_file(path):
            raise NotAStore(f"{location} is not a SQLite file")
        busy = float(options.pop("busy_timeout", busy_timeout_from_env()))
        try:
            conn = _connect(path, readonly=not writable, busy_timeout=busy)
            cols = _columns(conn, "memories")
        except sqlite3.Error as exc:
            raise NotAStore(f"{location} cannot be read: {exc}") from None
        if not cols >= REQUIRED:
            conn.close()
            lacking = ", ".join(sorted(REQUIRED - cols))
            raise NotAStore(f"{location} has no lifecycle memories table (missing: {lacking})")
        return LifecycleStore(
            path,
            conn,
            writable=writable,
            clock=options.get("clock", system_clock),
            actor=options.get("actor"),
        )


def _connect(path: Path, *, readonly: bool, busy_timeout: float) -> sqlite3.Connection:
    if readonly:
        # Never leave -wal/-shm files beside a store memaudit only reads.
        conn = connect_ro(path)
    else:
        conn = sqlite3.connect(str(path), timeout=busy_timeout)
    conn.isolation_level = None  # explicit transactions only
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    return conn
