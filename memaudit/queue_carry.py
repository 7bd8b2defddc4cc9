"""The write gate's search answers carried across its own write, so that the first review
listing of a store written through memaudit does not search again (issue 22).

The listing keeps each neighbour pool's digest under the state of the store's files
(``queue_answers``: device, inode, size, modification and change times) and reads it only
in that state. It records a state only once it is ``SETTLED`` (a later write then gets a
later change time); the gate reads the store right after its own commit, never settled.
Two steps let the gate record anyway:

(b) the pools recorded under the state the gate's transaction started from (read with
the write lock held) are still the answers after it if the transaction wrote no active
memory: the searches read active memories only (``ledger.matches``). Otherwise only the
pools the gate searched itself after its commit are recorded.

(a) the state the gate leaves is proven before it is recorded: after its commit the gate
takes the write lock again (``BEGIN IMMEDIATE``, never waiting for it), checks that
``PRAGMA data_version`` is what it was inside its transaction (its own commit leaves it
as it was: no other connection committed since, so the gate's searches after the
commit read the store it wrote, and the state it leaves is its write's), reads the
files' state, and, still holding the lock, writes a probe file beside the database until
the filesystem gives the probe a change time later than the state's newest: every write
after the lock is released gets a change time at least as late, so it changes the state.
Then it releases the lock (nothing written) and records. Before the lock, it copies the
WAL into the database file and empties it (``wal_checkpoint(TRUNCATE)``: what the last
connection's close would do anyway, after the state was read, changing it).

Anything not proven is not recorded (the listing then searches, as before): the write
inside another transaction (MCP: committed later), the lock held by another writer,
another connection's commit in between, a probe that cannot be written on the
database's filesystem, or a filesystem clock that does not pass the state's newest
change time within ``PROBE_WAIT`` (coarse times: FAT's 2 s, 1 s on older filesystems;
a clock set back). Not covered: a program that writes the database without SQLite's
locks, as with the listing's own rule (it could write while the gate holds the lock).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from typing import TYPE_CHECKING

from memaudit import queue_answers

if TYPE_CHECKING:
    from memaudit.ledger import Ledger

# How long (s) the gate may wait, holding the write lock, for the filesystem's clock to
# pass the state's newest change time: microseconds on a fine-grained clock (Linux's
# ext4, tmpfs), a tick of 1-10 ms on older kernels; a coarser clock is refused.
PROBE_WAIT = 0.05
PROBE_PREFIX = ".memaudit-tick-"


class Carry:
    """One stage's carrying: ``started`` inside its transaction (the lock held),
    ``committed`` right after it, ``record`` once the gate's searches are done."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.start: queue_answers.Parts | None = None
        self.version: int | None = None
        self.only_pending = False
        self.why_not: str | None = "not started"
        # The write is one transaction of its own, not a part of a caller's.
        self._outer = not ledger.conn.in_transaction

    def started(self) -> None:
        """Inside the write's transaction, before it writes: the state it starts from, and
        the data version (its own commit leaves it; another connection's changes it)."""
        if self._outer:
            self.start = queue_answers.files_of(self.ledger.path)
            try:
                self.version = _data_version(self.ledger.conn)
            except sqlite3.Error:
                self.version = None

    def committed(self, only_pending: bool) -> None:
        """Right after the write's commit; ``only_pending``: it wrote no active memory."""
        conn = self.ledger.conn
        if not self._outer or conn.in_transaction:
            self.why_not = "the write is part of a transaction not committed yet"
            return
        if self.version is None:
            self.why_not = "the store's data version cannot be read"
            return
        self.only_pending = only_pending
        self.why_not = None

    def record(self, kept: queue_answers.Answers) -> None:
        """Record in ``kept`` the pools its searches made since the commit, and those
        recorded under the state the write started from (if it wrote no active memory),
        under the state the write left, if it is proven (``why_not`` says why not)."""
        if self.why_not is not None or kept.conn is None:
            return
        pools = {}
        if self.only_pending and self.start is not None:
            pools.update(kept.recorded_pools(kept.state_of(self.start)))
        pools.update(kept.searched_pools())
        end = self._proven_end()
        if end is None or not pools:
            return
        kept.record_in(kept.state_of(end), pools)

    def _proven_end(self) -> queue_answers.Parts | None:
        """The files' state the write left, read with the write lock held again, no
        other connection's commit since the write's, and the filesystem's clock past the
        state's newest change time before the lock is released; None: not proven."""
        conn = self.ledger.conn
        # The WAL copied into the database file and emptied now, before the state is read:
        # else the last connection's close would, after it (a new state). If it cannot,
        # a later checkpoint changes the state: the listing searches, as without this.
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        busy = conn.execute("PRAGMA busy_timeout").fetchone()[0]
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:
            self.why_not = "another writer holds the store"
            return None
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(busy)}")
        try:
            if _data_version(conn) != self.version:
                self.why_not = "another connection wrote the store since the write"
                return None
            end = queue_answers.files_of(self.ledger.path)
            if end is None or not _clock_passed(self.ledger.path, end):
                self.why_not = "the filesystem's clock cannot be shown to have passed"
                return None
            return end
        finally:
            conn.execute("ROLLBACK")


def _data_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


def _clock_passed(path: object, parts: queue_answers.Parts) -> bool:
    """Whether a file written now beside the database (on its filesystem) gets a change
    time later than every one in ``parts``, within ``PROBE_WAIT``: then so does any
    write to the store's files after this."""
    first = parts[0]
    assert first is not None and isinstance(path, (str, os.PathLike))
    newest = queue_answers.newest_change(parts)
    folder = os.path.dirname(os.path.realpath(path))
    probe = os.path.join(folder, f"{PROBE_PREFIX}{os.getpid()}-{time.monotonic_ns()}")
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return False
    deadline = time.monotonic() + PROBE_WAIT
    try:
        while True:
            os.write(fd, b"t")
            st = os.fstat(fd)
            if st.st_dev != first[0]:
                return False  # another filesystem: its clock says nothing of this one
            if st.st_ctime_ns > newest:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.0005)
    except OSError:
        return False
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)
