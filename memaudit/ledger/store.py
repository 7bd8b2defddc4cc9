"""Opening the native ledger and reading from it.

The ledger is one SQLite file in WAL mode with ``busy_timeout`` and foreign keys on.
Read commands open it read-only (``mode=ro``) so looking never changes the file;
write commands take the write lock up front (``BEGIN IMMEDIATE``) so two writers
queue instead of failing half-way. Deleted content is overwritten on disk
(``secure_delete``) on every connection that writes: memaudit does not rely on how
SQLite was compiled.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import random
import secrets
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from glob import escape as glob_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit import confined, faults, storejson
from memaudit.clock import Clock, age_days, system_clock, to_iso
from memaudit.errors import (
    ExitCode,
    MemauditError,
    NeedsMigration,
    NotAStore,
    NotFound,
    PermissionDenied,
    StoreBusy,
)
from memaudit.ledger import versions
from memaudit.ledger.columns import MEMORY_COLUMNS, QUALIFIED_COLUMNS, row_to_memory
from memaudit.model import (
    Edge,
    Event,
    Memory,
    MemoryFilter,
    Relation,
    SourceType,
)
from memaudit.policy import KEYS, Policy
from memaudit.sqlite_driver import sqlite3
from memaudit.suggestion import command
from memaudit.trust import tier_of

if TYPE_CHECKING:
    from sqlite_utils import Database

SQLITE_HEADER = b"SQLite format 3\x00"
DEFAULT_BUSY_TIMEOUT = 5.0


def default_actor() -> str:
    env = os.environ.get("MEMAUDIT_ACTOR")
    if env:
        return env
    try:
        return getpass.getuser()
    except Exception:  # no user name in some containers
        return "unknown"


def busy_timeout_from_env() -> float:
    raw = os.environ.get("MEMAUDIT_BUSY_TIMEOUT")
    try:
        return float(raw) if raw else DEFAULT_BUSY_TIMEOUT
    except ValueError:
        return DEFAULT_BUSY_TIMEOUT


def new_memory_id() -> str:
    return "m_" + secrets.token_hex(6)


def is_sqlite_file(path: Path) -> bool:
    return confined.head(path, 16) == SQLITE_HEADER


def is_locked_error(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


# Searches one ``active_matches`` statement asks (two parameters each: well under
# SQLite's oldest limit of 999).
MATCHES_PER_QUERY = 400


def fts_query(text: str) -> str:
    """Turn what a user typed into a safe FTS5 query: every word must appear.

    Words are quoted, so FTS syntax (``AND``, ``*``, ``:``, quotes) in the input is
    searched for literally instead of raising a syntax error.
    """
    words = [w for w in text.replace('"', " ").split() if w]
    if not words:
        raise MemauditError("empty search text")
    return " ".join(f'"{w}"' for w in words)


def connect(path: Path, *, readonly: bool, busy_timeout: float) -> sqlite3.Connection:
    if readonly:
        uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
        if _frozen(path):
            # A WAL ledger in a folder this user cannot write, with no -wal beside it:
            # SQLite cannot create the -shm a plain read needs, and nobody can be
            # writing (a writer would have made a -wal). Read the file as it is.
            uri += "&immutable=1"
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), timeout=busy_timeout, check_same_thread=False)
    # Explicit transactions only: every write goes through Ledger.transaction().
    conn.isolation_level = None
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    if not readonly:
        conn.execute("PRAGMA secure_delete = ON")
        faults.arm(conn)
    return conn


def _sync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _frozen(path: Path) -> bool:
    folder = path.resolve().parent
    wal = folder / (path.name + "-wal")
    shm = folder / (path.name + "-shm")
    return not os.access(folder, os.W_OK) and not wal.exists() and not shm.exists()


def check_writable(path: Path) -> None:
    """Say "permission" before SQLite says "readonly database" (or nothing until the
    first write): memaudit writes the file and, beside it, SQLite's -wal and -shm."""
    folder = path.resolve().parent
    if not os.access(path, os.W_OK):
        raise PermissionDenied(
            f"cannot write {path}: permission denied (the file is read-only for this user); "
            "read-only commands (ls, show, audit, verify, ...) still work"
        )
    if not os.access(folder, os.W_OK):
        raise PermissionDenied(
            f"cannot write {path}: permission denied on its folder {folder} (SQLite keeps "
            "its -wal and -shm files beside the ledger); read-only commands still work"
        )


def _remove_dead_init_leftovers(path: Path) -> None:
    """Delete what an ``init`` of ``path`` killed mid-build left (``.<name>.init-<pid>-*``
    and its -wal/-shm): an empty ledger under a temporary name, never memory content.
    Only files of processes that no longer exist: a live one may still be building."""
    prefix = f".{path.name}.init-"
    for leftover in path.parent.glob(f"{glob_escape(prefix)}*"):
        pid_text = leftover.name[len(prefix) :].split("-", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid():
            continue
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
        except OSError:
            pass  # alive but not ours to signal (another user): leave it


class Ledger:
    """An open native ledger."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        *,
        readonly: bool,
        clock: Clock = system_clock,
        actor: str | None = None,
        id_factory: Callable[[], str] = new_memory_id,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> None:
        self.path = path
        self.conn = conn
        self._db: Database | None = None
        self.readonly = readonly
        self._conn_readonly = readonly  # how the connection was opened (for released())
        self.clock = clock
        self.actor = actor or default_actor()
        self.new_id = id_factory
        self.busy_timeout = busy_timeout
        self._depth = 0  # transactions open (the outer one, then savepoints)

    @property
    def db(self) -> Database:
        """sqlite-utils' view of the connection, for the migrations (made when first
        needed: reading a ledger never imports sqlite-utils)."""
        if self._db is None or self._db.conn is not self.conn:
            from sqlite_utils import Database

            self._db = Database(self.conn, execute_plugins=False, recursive_triggers=False)
        return self._db

    # -- opening -------------------------------------------------------------

    @classmethod
    def init(cls, path: str | Path, *, meta: dict[str, str] | None = None, **kwargs: Any) -> Ledger:
        """Create a new, empty ledger (owner-only permissions).

        It is built under a temporary name in the same folder and linked into place
        whole, so a crash during init never leaves a half-made ledger (or an empty
        file) where the next command would find it. ``meta`` rows go into
        ``memaudit_meta`` in the same build (sidecars record which store they serve).
        """
        path = Path(path)
        if path.exists() and path.stat().st_size > 0:
            raise MemauditError(f"{path} already exists; memaudit init never overwrites a file")
        if not path.parent.exists():
            raise MemauditError(f"folder {path.parent} does not exist")
        busy = kwargs.pop("busy_timeout", busy_timeout_from_env())
        _remove_dead_init_leftovers(path)
        tmp = path.with_name(f".{path.name}.init-{os.getpid()}-{secrets.token_hex(4)}")
        try:
            fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except PermissionError:
            raise PermissionDenied(
                f"cannot create {path}: permission denied on its folder {path.parent}"
            ) from None
        os.close(fd)
        os.chmod(tmp, 0o600)
        try:
            conn = connect(tmp, readonly=False, busy_timeout=busy)
            conn.execute("PRAGMA journal_mode = WAL")
            # Nobody sees the file being built: its commits need not reach the disk one
            # by one (a crash leaves a leftover the next init removes). It is synced
            # once, whole, before it is linked into place (a sidecar's first write
            # waited on a dozen syncs).
            conn.execute("PRAGMA synchronous = OFF")
            ledger = cls(tmp, conn, readonly=False, busy_timeout=busy, **kwargs)
            from memaudit.ledger import schema

            schema.apply(ledger.db)
            with ledger.transaction():
                for key, spec in KEYS.items():
                    conn.execute(
                        "INSERT INTO policy(key, value) VALUES (?, ?)",
                        (key, json.dumps(spec.default)),
                    )
                for key, value in (meta or {}).items():
                    conn.execute(
                        f"INSERT OR REPLACE INTO {versions.META_TABLE}(key, value) VALUES (?, ?)",
                        (key, value),
                    )
                ledger.log("init", detail={"schema": versions.MIGRATIONS[-1]})
            conn.close()  # the last connection folds the WAL into the file
            _sync_file(tmp)
            try:
                os.link(tmp, path)
            except FileExistsError:
                if path.stat().st_size > 0:
                    raise MemauditError(
                        f"{path} already exists; memaudit init never overwrites a file"
                    ) from None
                os.replace(tmp, path)  # an empty placeholder file: take its place
        finally:
            for leftover in (tmp, *(tmp.with_name(tmp.name + s) for s in ("-wal", "-shm"))):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(leftover)
        return cls.open(path, readonly=False, busy_timeout=busy, **kwargs)

    @classmethod
    def open(
        cls, path: str | Path, *, readonly: bool = True, migrate: bool = False, **kwargs: Any
    ) -> Ledger:
        """Open an existing ledger. A writable open migrates a ledger an older memaudit
        wrote; a read-only one never changes the file, so it refuses such a ledger
        (``NeedsMigration``) unless ``migrate`` says this caller may update it
        (memaudit's own sidecars)."""
        path = Path(path)
        check_ledger_file(path)
        if not readonly:
            check_writable(path)
        busy = kwargs.pop("busy_timeout", busy_timeout_from_env())
        try:
            conn = connect(path, readonly=True, busy_timeout=busy)
            if not is_ledger(conn):
                names = _table_names(conn)
                conn.close()
                listed = ", ".join(names[:8]) or "no tables"
                raise NotAStore(f"{path} is a SQLite database but not a memaudit ledger ({listed})")
            pending = versions.pending(conn)
        except sqlite3.DatabaseError as exc:
            if is_locked_error(exc):
                raise StoreBusy(f"{path} is locked by another writer (waited {busy:g}s)") from None
            raise NotAStore(f"{path} is not a readable SQLite database: {exc}") from None
        # (a read-only open goes without what only the listing's kept searches read)
        needed = [name for name in pending if name not in versions.READERS_MAY_SKIP]
        if needed and readonly and not migrate:
            conn.close()
            raise NeedsMigration(
                f"{path} needs migration: an older memaudit wrote it ({len(pending)} schema "
                f"update(s) pending: {', '.join(pending)}), and read-only "
                f"commands never change a store; run `{command('migrate', db=str(path))}` first"
            )
        if needed or not readonly:
            conn.close()
            conn = connect(path, readonly=False, busy_timeout=busy)
            ledger = cls(path, conn, readonly=False, busy_timeout=busy, **kwargs)
            if pending:
                ledger.migrate()
            if readonly:
                # Migrated because the caller allowed it; the command itself only reads.
                ledger.readonly = True
            return ledger
        return cls(path, conn, readonly=True, busy_timeout=busy, **kwargs)

    def migrate(self) -> list[str]:
        try:
            from memaudit.ledger import schema

            with self._locked():
                applied = schema.apply(self.db)
                if applied:
                    with self.transaction(force=True):
                        self.log("migrate", detail={"applied": applied})
                        for key, spec in KEYS.items():
                            self.conn.execute(
                                "INSERT OR IGNORE INTO policy(key, value) VALUES (?, ?)",
                                (key, json.dumps(spec.default)),
                            )
        except sqlite3.OperationalError as exc:
            if is_locked_error(exc):
                raise StoreBusy(f"{self.path} is locked by another writer") from None
            raise
        return applied

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()

    @contextlib.contextmanager
    def released(self) -> Iterator[None]:
        """Close the connection for the duration of the block, then reconnect.

        For reading the ledger's files directly (the raw-byte scan): POSIX advisory
        locks belong to the process, and closing *any* descriptor on a file drops all
        of the process's locks on it — including the SHARED lock SQLite keeps on the
        main file while a WAL-mode connection is open. Without that lock another
        process may take the file exclusively (``locking_mode=EXCLUSIVE``) and write
        while we also write: lost rows and a corrupt index. With our connection closed
        there is no lock of ours to drop. Other connections to the same file in this
        process are not covered: open one ledger per file.
        """
        if self.conn.in_transaction:
            raise MemauditError("internal: released() inside a transaction")
        self.conn.close()
        try:
            yield
        finally:
            self.conn = connect(
                self.path, readonly=self._conn_readonly, busy_timeout=self.busy_timeout
            )

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as exc:
            if is_locked_error(exc):
                raise StoreBusy(
                    f"{self.path} is locked by another writer (waited {self.busy_timeout:g}s); "
                    "try again, or raise MEMAUDIT_BUSY_TIMEOUT"
                ) from None
            raise

    def _begin(self) -> None:
        """BEGIN IMMEDIATE, tried again and again until ``busy_timeout`` has passed.

        SQLite's own busy handler sleeps up to 100 ms between tries; against an agent
        committing hundreds of times a second the lock is free only for moments between
        its transactions, and a 100 ms poller can starve for the whole timeout (the
        reliability suite saw 10 s). Trying every 0.5-3 ms, with jitter, gets in.
        """
        deadline = time.monotonic() + self.busy_timeout
        self.conn.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    self.conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if not is_locked_error(exc) or time.monotonic() >= deadline:
                        raise
                time.sleep(random.uniform(0.0005, 0.003))
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")

    @contextlib.contextmanager
    def transaction(self, *, force: bool = False) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it happens, or none of it.

        Inside another one it is a savepoint: its own part is undone if it fails, and
        everything commits with the outer transaction (``memaudit mcp`` runs a tool
        call and its log entry in one commit)."""
        if self.readonly and not force:
            raise MemauditError("internal: store opened read-only for a write")
        if self._depth:
            yield from self._savepoint()
            return
        with self._locked():
            self._begin()
        self._depth = 1
        try:
            yield self.conn
            faults.point("commit")
            with self._locked():
                self.conn.execute("COMMIT")
            faults.point("committed")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        finally:
            self._depth = 0

    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        name = f"memaudit_{self._depth}"
        self._depth += 1
        self.conn.execute(f"SAVEPOINT {name}")
        try:
            yield self.conn
            self.conn.execute(f"RELEASE {name}")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute(f"ROLLBACK TO {name}")
                self.conn.execute(f"RELEASE {name}")
            raise
        finally:
            self._depth -= 1

    def now(self) -> str:
        return to_iso(self.clock())

    def log(
        self,
        action: str,
        memory_id: str | None = None,
        *,
        reason: str | None = None,
        detail: dict[str, Any] | None = None,
        actor: str | None = None,
    ) -> None:
        """Append one event. Callers are inside a transaction."""
        self.conn.execute(
            "INSERT INTO events(at, actor, action, memory_id, reason, detail) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                self.now(),
                actor or self.actor,
                action,
                memory_id,
                reason,
                json.dumps(detail or {}, sort_keys=True),
            ),
        )

    # -- reading -------------------------------------------------------------

    def policy(self) -> Policy:
        rows = self.conn.execute("SELECT key, value FROM policy").fetchall()
        return Policy.from_rows(rows)

    def get(self, memory_id: str) -> Memory | None:
        row = self.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ?", (memory_id,)
        ).fetchone()
        return row_to_memory(row) if row else None

    def require(self, memory_id: str) -> Memory:
        memory = self.get(memory_id)
        if memory is None:
            tomb = self.tombstone(memory_id)
            if tomb:
                raise NotFound(
                    f"{memory_id} was {tomb['status']} on {tomb['at']}; its content is gone"
                )
            raise NotFound(f"no memory with id {memory_id!r} in {self.path}")
        return memory

    def tombstone(self, memory_id: str) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT memory_id, status, at, actor, reason FROM tombstones WHERE memory_id = ?",
            (memory_id,),
        ).fetchone()
        if not row:
            return None
        return dict(zip(("memory_id", "status", "at", "actor", "reason"), row, strict=True))

    def _where(self, flt: MemoryFilter, searching: bool = False) -> tuple[str, list[Any]]:
        """WHERE clause for a filter; ``searching`` means the caller drives the query
        from the FTS index itself (and adds the MATCH)."""
        clauses: list[str] = []
        params: list[Any] = []
        if searching:
            clauses.append("memories_fts MATCH ?")
            params.append(fts_query(flt.search or ""))
        if flt.statuses:
            clauses.append(f"status IN ({','.join('?' * len(flt.statuses))})")
            params += [s.value for s in flt.statuses]
        types = flt.source_type_set()
        if types is not None:
            if not types:
                clauses.append("0")
            else:
                clauses.append(f"source_type IN ({','.join('?' * len(types))})")
                params += [s.value for s in types]
        if flt.search and not searching:
            clauses.append("seq IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)")
            params.append(fts_query(flt.search))
        if flt.since:
            clauses.append("created_at >= ?")
            params.append(flt.since)
        if flt.ids is not None:
            clauses.append(f"id IN ({','.join('?' * len(flt.ids))})" if flt.ids else "0")
            params += list(flt.ids)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params

    def query(self, flt: MemoryFilter | None = None) -> list[Memory]:
        return list(self.iter_query(flt))

    def iter_query(self, flt: MemoryFilter | None = None) -> Iterator[Memory]:
        """``query``'s memories as SQLite returns them (for output that streams)."""
        flt = flt or MemoryFilter()
        order = "ASC" if flt.oldest_first else "DESC"
        if flt.search:
            # Driven from the index in write order, so LIMIT stops early even when a
            # common word matches most of the store (no sort of every match). CROSS
            # JOIN keeps the FTS index the outer loop: with a status filter the planner
            # otherwise walks the status index and probes FTS once per row.
            where, params = self._where(flt, searching=True)
            sql = (
                f"SELECT {QUALIFIED_COLUMNS} FROM memories_fts CROSS JOIN memories ON seq = memories_fts.rowid"
                f"{where} ORDER BY memories_fts.rowid {order}"
            )
        else:
            where, params = self._where(flt)
            sql = f"SELECT {MEMORY_COLUMNS} FROM memories{where} ORDER BY created_at {order}, seq {order}"
        if flt.limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [flt.limit, flt.offset]
        return map(row_to_memory, self.conn.execute(sql, params))

    def active_matches(
        self, searches: Sequence[str], limit: int, *, workers: int = 1
    ) -> dict[str, list[tuple[str, str, str | None, str | None]]]:
        """``Store.active_matches`` in four columns: each search's active memories as
        ``query`` orders them (its SQL, newest match first), without building whole
        memories, a few hundred searches a statement (``ledger.matches``; ``workers``:
        2 asks half of them in a forked process)."""
        from memaudit.ledger import matches

        return matches.active_matches(
            self,
            searches,
            limit,
            fts_query=fts_query,
            connect=connect,
            per_query=MATCHES_PER_QUERY,
            workers=workers,
        )

    def active_copies(self, texts: Sequence[str], limit: int | None = None) -> dict[str, list[str]]:
        """``Store.active_copies`` through the content_hash index: one indexed lookup per
        text (``+status``: the planner otherwise walks the status index, every active
        row). The column is the store's word, so each match's own text is compared too."""
        from memaudit import fingerprint

        out: dict[str, list[str]] = {}
        for text in texts:
            if text in out:
                continue
            norm = fingerprint.normalize(text)
            ids: list[str] = []
            rows = self.conn.execute(
                "SELECT id, content FROM memories WHERE content_hash = ? AND +status = 'active' "
                "ORDER BY created_at, seq",
                (fingerprint.content_hash(text),),
            )
            for mid, content in rows:
                if limit is not None and len(ids) >= limit:
                    break
                if isinstance(content, str) and fingerprint.normalize(content) == norm:
                    ids.append(str(mid))
            out[text] = ids
        return out

    def count(self, flt: MemoryFilter | None = None) -> int:
        where, params = self._where(flt or MemoryFilter())
        return int(self.conn.execute(f"SELECT count(*) FROM memories{where}", params).fetchone()[0])

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        if memory_ids is None:
            rows = self.conn.execute("SELECT child_id, parent_id, relation, created_at FROM edges")
        else:
            marks = ",".join("?" * len(memory_ids))
            rows = self.conn.execute(
                "SELECT child_id, parent_id, relation, created_at FROM edges "
                f"WHERE child_id IN ({marks}) OR parent_id IN ({marks})",
                [*memory_ids, *memory_ids],
            )
        return [Edge(c, p, Relation(r), at) for c, p, r, at in rows]

    def from_source(self, source: str) -> list[Memory]:
        """Memories whose source_ref is ``source`` or ``source#...`` (index range scan:
        '$' is the character after '#')."""
        rows = self.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE source_ref = ? "
            "OR (source_ref >= ? AND source_ref < ?) ORDER BY created_at, seq",
            (source, source + "#", source + "$"),
        )
        return [row_to_memory(r) for r in rows]

    def parents(self, memory_id: str) -> list[Edge]:
        rows = self.conn.execute(
            "SELECT child_id, parent_id, relation, created_at FROM edges WHERE child_id = ?",
            (memory_id,),
        )
        return [Edge(c, p, Relation(r), at) for c, p, r, at in rows]

    def children(self, memory_id: str) -> list[Edge]:
        rows = self.conn.execute(
            "SELECT child_id, parent_id, relation, created_at FROM edges WHERE parent_id = ?",
            (memory_id,),
        )
        return [Edge(c, p, Relation(r), at) for c, p, r, at in rows]

    def events(
        self,
        *,
        memory_id: str | None = None,
        actions: list[str] | None = None,
        actor: str | None = None,
        since: str | None = None,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[Event]:
        clauses: list[str] = []
        params: list[Any] = []
        if memory_id:
            clauses.append("memory_id = ?")
            params.append(memory_id)
        if actions:
            clauses.append(f"action IN ({','.join('?' * len(actions))})")
            params += actions
        if actor:
            clauses.append("actor = ?")
            params.append(actor)
        if since:
            clauses.append("at >= ?")
            params.append(since)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        order = "DESC" if newest_first else "ASC"
        sql = f"SELECT id, at, actor, action, memory_id, reason, detail FROM events{where} ORDER BY id {order}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        out = []
        for eid, at, who, action, mid, reason, detail in self.conn.execute(sql, params):
            try:
                parsed = storejson.loads(detail) if detail else {}
            except ValueError:
                parsed = {"raw": detail}
            out.append(Event(eid, at, who, action, mid, reason, parsed))
        return out

    def stats(self, now: datetime) -> dict[str, Any]:
        by_status = dict(self.conn.execute("SELECT status, count(*) FROM memories GROUP BY status"))
        by_source = dict(
            self.conn.execute("SELECT source_type, count(*) FROM memories GROUP BY source_type")
        )
        by_tier: dict[str, int] = {}
        for source, n in by_source.items():
            try:
                tier = tier_of(SourceType(source)).value
            except ValueError:
                tier = "T5"
            by_tier[tier] = by_tier.get(tier, 0) + n
        oldest = self.conn.execute(
            "SELECT min(created_at) FROM memories WHERE status = 'pending'"
        ).fetchone()[0]
        totals = {
            table: self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("memories", "edges", "events", "embeddings", "profile", "tombstones")
        }
        return {
            "store": str(self.path),
            "adapter": "native",
            "totals": totals,
            "by_status": dict(sorted(by_status.items())),
            "by_tier": dict(sorted(by_tier.items())),
            "by_source_type": dict(sorted(by_source.items())),
            "oldest_pending": oldest,
            "oldest_pending_age_days": age_days(oldest, now),
        }


def _table_names(conn: sqlite3.Connection) -> list[str]:
    return [
        r[0]
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
    ]


# What every memaudit ledger has had since m001. A foreign file holding only the marker
# table (a LangGraph store with a ``memaudit_meta`` table) is not a ledger.
LEDGER_TABLES = {versions.META_TABLE, "memories", "edges", "events", "_sqlite_migrations"}


def is_ledger(conn: sqlite3.Connection) -> bool:
    names = set(_table_names(conn))
    if not names >= LEDGER_TABLES:
        return False
    row = conn.execute(f"SELECT value FROM {versions.META_TABLE} WHERE key='format'").fetchone()
    if not (row and row[0] == "memaudit-ledger"):
        return False
    sets = conn.execute("SELECT DISTINCT migration_set FROM _sqlite_migrations").fetchall()
    return (versions.MIGRATION_SET,) in sets


def check_ledger_file(path: Path) -> None:
    """Refuse what cannot be a ledger before SQLite gets a chance to create a file."""
    if not path.exists():
        raise NotAStore(f"no such store: {path} (create one with `{command('init', str(path))}`)")
    if path.is_dir():
        raise NotAStore(f"{path} is a folder, not a memaudit ledger file")
    if path.stat().st_size == 0:
        raise NotAStore(f"{path} is an empty file, not a memaudit ledger")
    if not is_sqlite_file(path):
        raise NotAStore(f"{path} is not a SQLite database")


def pending_migrations(path: Path) -> list[str]:
    """The schema updates the ledger at ``path`` still needs (read-only; never applies)."""
    check_ledger_file(path)
    try:
        conn = connect(path, readonly=True, busy_timeout=busy_timeout_from_env())
    except sqlite3.DatabaseError as exc:
        raise NotAStore(f"{path} is not a readable SQLite database: {exc}") from None
    try:
        if not is_ledger(conn):
            raise NotAStore(f"{path} is not a memaudit ledger")
        return versions.pending(conn)
    finally:
        conn.close()


__all__ = ["Ledger", "ExitCode", "check_ledger_file"]
