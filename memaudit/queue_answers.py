"""The review listing's comparisons remembered across runs, so that a queue listed again
(``review --list``) does not compare again the items it compared before
(``queue_compare``: the duplicate and conflict flags).

An item's two flags are a function of what ``pending.listed_duplicate`` and
``listed_conflict`` read, and all of it goes into the item's key: the item's id, text,
creation time and scope; the active copies of its text the store gave
(``Reading.copies``); the other side of each dispute recorded with it and whether that
side is active; each neighbour its searches found (``Reading.pool``: id, text, creation
time and scope, in order); the policy's similarity threshold; and the comparer, as the
digest of memaudit's code and data (``judgements.engine``, which names the file too).
The store is read for the copies and the disputes on every listing, and for the
searches unless their pools' digests were kept for the store's files as they are now
(below): only the comparison itself (about 1.6 s at 200k) is skipped. So
an edited item, a new or edited or archived neighbour, a new copy or a dispute resolved
gives a new key, and the item is compared again: a file written for another store, or
before the store changed, cannot answer for it.

Kept beside the injection verdicts (``judgements.folder``; ``MEMAUDIT_CACHE_DIR=off`` or
``review --list --no-cache`` turn it off) and as they are: no text and no word of one,
each key a BLAKE2b digest keyed with ``judgements.key``, each value the two flags as
bits. A file that cannot be opened, read or written, or a row that is not such a value,
is not used (the item is compared, as without the file); nothing here raises. The folder
is trusted as the verdicts' is: whoever can write in it can write a row that clears an
item's flags (README, "Threat model: hostile stores", Caches).

The searches are most of a listing again's reading (about 5,300 at 200k). Each pool's
digest is kept too (``pools``), under the state of the store's files (``file_state``)
they were searched in: a listing that finds the files in that state reads the digests
instead of searching. The state is what the kernel gives of each file (device, inode,
size, modification and change times): any write to the database, by memaudit or any
other program, changes its file or its WAL, and so the change time, which no
unprivileged program can set. A state is recorded only when it was the same before
and after the searches and its newest change time was at least ``SETTLED`` seconds
old when first read: a later write's change time then cannot equal it (the kernel's
clock ticks in milliseconds), so the same state means the same bytes.

A ledger that keeps the active-set token (``memaudit.ledger.active_set``, migration m008)
is in the state of its token instead: triggers replace it, inside every writer's own
transaction, on every write that can change what the searches read, so a state read
before and after the searches needs no settling, and the write gate, right after its
commit, records the pools it searched (``queue_compare.keep_written``) as a listing
does. A stage that writes only pending memories leaves the token, and the pools recorded
under it, as they were. Not covered: a writer that sets the token back, writes the
full-text index's own tables, or edits the triggers or the file's bytes (the module's
docstring).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memaudit import pending
from memaudit.injection import judgements
from memaudit.ledger import active_set
from memaudit.model import Memory

if TYPE_CHECKING:
    from memaudit.conflicts.statements import Statement
    from memaudit.store import Store

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS compared ("
    " digest BLOB PRIMARY KEY, flags INTEGER NOT NULL) WITHOUT ROWID"
)
_POOLS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS pools ("
    " file BLOB NOT NULL, state BLOB NOT NULL, searches BLOB NOT NULL, pool BLOB NOT NULL,"
    " PRIMARY KEY (state, searches)) WITHOUT ROWID"
)
PREFIX = "comparisons-"
# How old (seconds) a store's newest change must be for its state to be recorded: far
# above the kernel's clock tick, so a write after the state was read changes it.
SETTLED = 3.0
# The files whose state is the store's: the database, its WAL, a rollback journal.
_PARTS = ("", "-wal", "-journal")
# The flags as bits of a row's value.
BITS = {pending.Flag.DUPLICATE: 1, pending.Flag.CONFLICT: 2}


@dataclass(frozen=True)
class FileState:
    """A store's files' state (``Answers.file_state``): the database file's identity
    and the state's digests, keyed; ``settled``: its newest change old enough."""

    file: bytes
    state: bytes
    settled: bool


def to_bits(flags: set[pending.Flag]) -> int:
    return sum(bit for flag, bit in BITS.items() if flag in flags)


def from_bits(bits: int) -> set[pending.Flag]:
    return {flag for flag, bit in BITS.items() if bits & bit}


class Answers(judgements.CacheFile):
    """One comparer's remembered answers (or none: ``conn`` is None, ``why_not`` says
    why). ``keys`` gives the items' digests, ``known`` the answers kept for digests,
    ``keep`` records new ones (written by ``close``)."""

    def __init__(
        self,
        conn: sqlite3.Connection | None,
        path: Path | None,
        why_not: str,
        secret: bytes = b"",
        threshold: float = 0.0,
    ) -> None:
        super().__init__(conn, path, why_not, secret)
        self._threshold = threshold
        self._new: dict[bytes, int] = {}
        # each pool's digest (by its searches): items that search alike share one
        self._pools: dict[tuple[str, ...], bytes] = {}
        self._answers: dict[str, bytes] = {}  # each search's answer's digest
        self._rows: dict[Statement, bytes] = {}  # each neighbour's (the same row: equal)
        self._searched: set[tuple[str, ...]] = set()  # pools searched by this process

    def file_state(self, store: Store) -> FileState | None:
        """The state of ``store``'s files now (None: not a native ledger's file; another
        store's records may live in a file it does not search, its sidecar)."""
        # Told by the adapter's name, not its class: the native adapter imports the
        # listing, so importing it here would close an import cycle.
        ledger = getattr(store, "ledger", None)
        if store.adapter_name != "native" or ledger is None:
            return None
        path = ledger.path
        if not isinstance(path, (str, Path)) or str(path) in ("", ":memory:"):
            return None
        marked = active_set.token(ledger.conn)
        if marked is not None:
            return self._token_state(path, marked)
        now = time.time()
        parts: list[list[int] | None] = []
        # SQLite names the WAL and the journal after the file a link leads to.
        real = os.path.realpath(path)
        for suffix in _PARTS:
            try:
                st = os.stat(f"{real}{suffix}")
            except FileNotFoundError:
                parts.append(None)
                continue
            except (OSError, ValueError):
                return None
            if suffix and st.st_size == 0:
                # An empty WAL or journal holds nothing (a reader's open may create the
                # WAL): writing one makes it longer; emptying one follows a checkpoint,
                # which writes the database file.
                parts.append(None)
                continue
            parts.append([st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns])
        first = parts[0]
        if first is None:
            return None
        newest = max(p[4] for p in parts if p is not None)
        data = json.dumps([judgements.engine(), parts]).encode("ascii")
        return FileState(
            file=self._digest(json.dumps(first[:2]).encode("ascii")),
            state=self._digest(data),
            settled=newest < (now - SETTLED) * 1e9,
        )

    def _token_state(self, path: str | Path, marked: tuple[bytes, int]) -> FileState | None:
        """The state of a ledger that keeps the active-set token (``marked``: it and the
        schema cookie, ``active_set.token``): the same token, the same answers, from the
        moment it is read (nothing to settle)."""
        try:
            st = os.stat(os.path.realpath(path))
        except (OSError, ValueError):
            return None
        token, cookie = marked
        data = json.dumps([judgements.engine(), "active set", token.hex(), cookie])
        return FileState(
            file=self._digest(json.dumps([st.st_dev, st.st_ino]).encode("ascii")),
            state=self._digest(data.encode("ascii")),
            settled=True,
        )

    def _digest(self, data: bytes) -> bytes:
        return hashlib.blake2b(data, digest_size=32, key=self._secret).digest()

    def _searches_digest(self, searches: Sequence[str]) -> bytes:
        return self._digest(json.dumps(list(searches)).encode("ascii"))

    def recorded_pools(self, state: FileState | None) -> dict[bytes, bytes]:
        """The pools' digests recorded in ``state`` (by their searches' digests)."""
        out: dict[bytes, bytes] = {}
        if self.conn is None or state is None:
            return out
        try:
            rows = self.conn.execute(
                "SELECT searches, pool FROM pools WHERE state = ?", (state.state,)
            )
            for searches, pool in rows:
                if isinstance(searches, bytes) and isinstance(pool, bytes) and len(pool) == 32:
                    out[searches] = pool
        except sqlite3.Error as exc:
            self._give_up(exc)
        return out

    def unrecorded(
        self, memories: Sequence[Memory], reading: pending.Reading, recorded: dict[bytes, bytes]
    ) -> list[Memory]:
        """The ``memories`` whose pools are not in ``recorded`` (their searches asked)."""
        out = []
        for m in memories:
            searches = tuple(reading.searches_of(m.content))
            if searches not in self._pools:
                pool = recorded.get(self._searches_digest(searches))
                if pool is None:
                    out.append(m)
                    continue
                self._pools[searches] = pool
        return out

    def record_pools(self, before: FileState | None, after: FileState | None) -> None:
        """Record the pools this process searched, if the store's files were in one
        settled state before and after the searches (``before``, ``after``); the
        store's other states' pools are dropped."""
        if self.conn is None or before is None or after is None:
            return
        if not before.settled or before != after or not self._searched:
            return
        rows = [
            (before.file, before.state, self._searches_digest(k), self._pools[k])
            for k in self._searched
        ]
        try:
            with self.conn:
                self.conn.execute("BEGIN IMMEDIATE")
                self.conn.execute(
                    "DELETE FROM pools WHERE file = ? AND state != ?", (before.file, before.state)
                )
                self.conn.executemany(
                    "INSERT OR REPLACE INTO pools (file, state, searches, pool) VALUES (?, ?, ?, ?)",
                    sorted(rows),
                )
        except sqlite3.Error as exc:
            self._give_up(exc)

    @classmethod
    def open(cls, threshold: float, enabled: bool = True, durable: bool = True) -> Answers:
        """The file of this comparer's answers, created if need be; unused (``conn``
        None) when the cache is turned off or unusable (never an error). ``durable``:
        as ``judgements.connect``'s (a write's few rows are not synced)."""
        opened = judgements.connect(PREFIX, _SCHEMA, enabled, durable)
        if isinstance(opened, str):
            return cls.off(opened)
        conn, path, secret = opened
        try:
            conn.execute(_POOLS_SCHEMA)
        except sqlite3.Error as exc:
            conn.close()
            return cls.off(f"cannot use {path}: {exc}")
        return cls(conn, path, "", secret, threshold)

    def keys(
        self, store: Store, memories: Sequence[Memory], reading: pending.Reading
    ) -> list[bytes]:
        """Each item's digest, from what the listing read of the store for it
        (``queue_compare.prepare``: nothing is asked again here)."""
        head = [judgements.engine(), self._threshold]
        out = []
        for m in memories:
            searches = reading.searches_of(m.content)
            pool = self._pool(store, searches, reading)
            disputes = [
                [other, pending._is_active(store, other, reading)]
                for other in pending._disputed(store, m.id, reading)
            ]
            copies = reading.copies.get(m.content)
            fields = [m.id, m.content, m.created_at, m.scope, copies, disputes, pool.hex()]
            # JSON: each field's bounds unambiguous; ASCII: lone surrogates escaped.
            data = json.dumps([*head, *fields]).encode("ascii")
            out.append(hashlib.blake2b(data, digest_size=32, key=self._secret).digest())
        return out

    def _pool(self, store: Store, searches: list[str], reading: pending.Reading) -> bytes:
        """The digest of the neighbours ``searches`` find: of each search's answer, in
        order (``Reading.pool`` makes the pool of them alone). Each answer is digested
        once: the search, then each neighbour's digest (its four fields: what the
        comparisons read of it), each distinct neighbour digested once (at 200k the
        5,275 answers hold 104,457 neighbours, 19,198 distinct: 35 MB of JSON, 6 MB)."""
        key = tuple(searches)
        found = self._pools.get(key)
        if found is None:
            reading.ask(store, searches)  # (the pool itself is made only if compared)
            h = hashlib.blake2b(digest_size=32)
            for q in searches:
                d = self._answers.get(q)
                if d is None:
                    d = self._answers[q] = self._answer(q, reading.searches[q])
                h.update(d)
            found = self._pools[key] = h.digest()
            self._searched.add(key)
        return found

    def _answer(self, search: str, rows: Sequence[Statement]) -> bytes:
        """A search's answer's digest: the search (a JSON string: it ends where its
        closing quote does), then its rows' digests (32 bytes each), in order."""
        h = hashlib.blake2b(json.dumps(search).encode("ascii"), digest_size=32)
        known = self._rows
        for row in rows:
            d = known.get(row)
            if d is None:
                data = json.dumps(row).encode("ascii")
                d = known[row] = hashlib.blake2b(data, digest_size=32).digest()
            h.update(d)
        return h.digest()

    def known(self, keys: Sequence[bytes]) -> dict[bytes, set[pending.Flag]]:
        """The answers kept for ``keys`` (those found, valid ones only)."""
        kept = self._kept("compared", "flags", keys, range(4))
        return {k: from_bits(v) for k, v in kept.items()}

    def keep(self, found: Iterable[tuple[bytes, set[pending.Flag]]]) -> None:
        if self.conn is not None:
            self._new.update((k, to_bits(flags)) for k, flags in found)

    def close(self) -> None:
        """Write the new answers (one transaction) and close the file."""
        if self._new and self.conn is not None:
            self._write(
                "INSERT OR REPLACE INTO compared (digest, flags) VALUES (?, ?)",
                sorted(self._new.items()),
            )
        self._new.clear()
        self._close()
