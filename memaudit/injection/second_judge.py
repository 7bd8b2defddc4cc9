"""A first audit's injection check shared with a second, forked process once a CPU is
idle.

On a first run (a new cache folder, ``audit --no-cache``) the injection check judges
every distinct text of the store: at 1M memories ~66 s of CPU in its own process, which
runs on alone for its last ~40 s once the graph and text processes are done, with the
second core idle. So the scan reads the store's rows in chunks of ``CHUNK_SEQS`` row
numbers (``seq``), in order, each claimed before it is read, and once the engine is warm
(``WARM`` texts judged here, most of them not kept from an earlier run) it forks a
helper that waits. When a CPU is idle (``_Idle``: the machine's idle time over the last
``LOOK_EVERY`` s, from ``/proc/stat``) the helper is told to go: it claims chunks from
the last one down and judges, in each, the texts whose first row in the store is in that
chunk (``FIRST``: the scan judges every text of the chunks it reads before it, so no
text is judged twice), sending each chunk's hits by the text's keyed digest, as the
judgements file keeps them (plain values, through a pipe widened to ``PIPE_ROOM``). The
scan takes what has come between two of its chunks (``Judgements.take``: held and
written as judged in this run, so most of the helper's rows then pass with one lookup;
hits with a note, never kept, wait for ``computing``) and, when it reaches a chunk the
helper claimed, all the rest (the helper claims no further chunk), and reads on: the
same rows in the same order, each text's hits whoever computed them, the judgements file
written by this process alone.

Forked, not spawned: the helper starts with the engine built and its word memos and the
prefilter's learned order warm (a cold process judged the same texts with 0.75 s more
CPU). Early, while this process is small (its peak then is what the helper holds: a
late fork would count the scan's memos twice). Only where forking is safe
(``conflicts.parallel.can_fork``), on a machine with more than one CPU, for a store of at
least ``MIN_SEQS`` rows; an audit run again (most texts kept) never judges ``WARM``
texts, so it never forks. ``MEMAUDIT_AUDIT_JUDGES=1`` keeps the check in one process;
``=2`` tells the helper to go as soon as it is forked, whatever the load.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.injection.assessment import Hit
from memaudit.injection.judgements import (
    LEARNED,
    NO_HITS,
    SIGNALS,
    decode_hits,
    encode_hits,
)
from memaudit.injection.kinds import Signal

if TYPE_CHECKING:
    import sqlite3

    from memaudit.conflicts.parallel import Child
    from memaudit.injection.judgements import Judgements

JUDGES_ENV = "MEMAUDIT_AUDIT_JUDGES"
# Row numbers per chunk: at 1M ~245 chunks of ~1,100 new texts (~0.3 s of judging), so
# the scan waits for at most one of the helper's when they meet.
CHUNK_SEQS = 4096
MIN_SEQS = 50_000  # a smaller store is judged before a second process would pay
# Texts judged here before forking: the prefilter's order is learned from the first
# 1,024 (``prefilter.LEARN``) and the word memos are warm.
WARM = 2048
MIN_CHUNKS_LEFT = 4  # fewer left: the helper would start too late to pay
IDLE_CPU = 0.6  # CPUs idle over the last look for the helper to go
LOOK_EVERY = 0.5  # seconds between two looks at the machine's idle time
PIPE_ROOM = 1 << 20  # bytes of hits the helper may send ahead of their reading

_STATUS = "+status IN ('active', 'pending')"
_RANGE = " AND seq >= ? AND seq < ?"
# The helper's rows, and whether a text's first row is before a chunk: the content hash
# finds the candidates (indexed), the text itself decides (the hash is of the
# normalised text).
_THEIR_ROWS = (
    "SELECT source_type, source_ref, derived, {role}, content, content_hash FROM memories "
    f"WHERE {_STATUS}{_RANGE}"
)
FIRST = (
    f"SELECT 1 FROM memories WHERE content_hash = ? AND seq < ? AND content = ? AND {_STATUS} "
    "LIMIT 1"
)

Compute = Callable[[str], list[Hit]]
# A text's hits as the helper sends them: as the judgements file keeps them (a string),
# or, for hits with a note (never kept), each hit's fields.
Wired = str | tuple[tuple[str, int, int, float, str, bool], ...]


def _wire(hits: list[Hit]) -> Wired:
    if not hits:
        return NO_HITS
    if not any(h.note for h in hits):
        return encode_hits(hits)
    return tuple((h.signal.value, h.start, h.end, h.weight, h.note, h.hidden) for h in hits)


def _unwire(wired: Wired) -> list[Hit]:
    if isinstance(wired, str):
        return [] if wired == NO_HITS else (decode_hits(wired) or [])
    return [Hit(Signal(s), a, b, w, n, h) for s, a, b, w, n, h in wired]


def wanted() -> bool | None:
    """``MEMAUDIT_AUDIT_JUDGES``: False (1: one process), True (2: the helper goes as
    soon as forked), None (unset: when a CPU is idle)."""
    env = os.environ.get(JUDGES_ENV, "").strip()
    return (int(env) > 1) if env.isdigit() else None


class _Idle:
    """The machine's idle CPUs since the last look (``/proc/stat``: idle and iowait
    time over all time; Linux, as forking is)."""

    def __init__(self) -> None:
        self._last: tuple[float, int, int] | None = None

    def __call__(self) -> float | None:
        """Idle CPUs over at least ``LOOK_EVERY`` s, or None until then."""
        now = time.monotonic()
        if self._last is not None and now - self._last[0] < LOOK_EVERY:
            return None
        try:
            with open("/proc/stat", encoding="ascii") as f:
                fields = [int(x) for x in f.readline().split()[1:]]
        except (OSError, ValueError):
            return 0.0
        total, idle = sum(fields[:8]), sum(fields[3:5])
        last, self._last = self._last, (now, total, idle)
        if last is None or total <= last[1]:
            return None
        return (os.cpu_count() or 1) * (idle - last[2]) / (total - last[1])


class SecondJudge:
    """The rows of the scan of ``memories`` (``select``, without its WHERE: the active
    and pending rows, in row order) read chunk by chunk, with a second process judging
    the last chunks' texts once a CPU is idle (see the module's note). ``computing``
    wraps the scan's two judging functions: a text the helper judged is not judged
    here."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: str,
        select: str,
        role: str,
        judgements: Judgements,
        *,
        go: bool | None = None,
    ) -> None:
        """``path``: the store's file (the helper opens it read-only); ``role``: the SQL
        of the role column; ``go``: True to start the helper as soon as it is forked."""
        self.conn, self.path, self.role, self.judgements = conn, path, role, judgements
        self.query = f"{select} WHERE {_STATUS}{_RANGE}"
        self._go = go
        self._idle = _Idle()
        self._child: Child | None = None
        self._forked = self._going = self._done = False
        # The helper's hits by the text's digest (``Judgements.digest_of``), each kind
        self._given: tuple[dict[bytes, Wired], dict[bytes, Wired]] = ({}, {})
        self._theirs = False  # the rows being read are of a chunk the helper judged
        # What the stats say (and the tests check: no chunk lost, no text judged twice)
        self.chunks = self.here = self.there = 0
        self.sent = self.used = self.again = self.taken = 0
        self.failed = ""
        self._claims: Any = None
        self._lock: Any = None

    # -- in this process ---------------------------------------------------------

    def rows(self) -> Iterator[tuple[Any, ...]]:
        """The scan's rows: one query per chunk, chained (no work per row here)."""
        return itertools.chain.from_iterable(self._chunks())

    def _chunks(self) -> Iterator[Any]:
        from multiprocessing import get_context

        lo, hi = self.conn.execute("SELECT min(seq), max(seq) FROM memories").fetchone()
        if not isinstance(lo, int) or not isinstance(hi, int):
            return
        self.lo, self.chunks = lo, (hi - lo) // CHUNK_SEQS + 1
        ctx = get_context("fork")
        # [the next chunk this process reads, the next the helper takes]: a chunk is
        # taken by whichever claims it first, under the lock, so each is judged once.
        self._claims, self._lock = ctx.RawArray("q", [0, self.chunks - 1]), ctx.Lock()
        # One snapshot for all the chunks, as the single query had.
        began = not self.conn.in_transaction
        if began:
            self.conn.execute("BEGIN")
        try:
            for k in range(self.chunks):
                self._look()
                self._drain()
                with self._lock:
                    mine = self._claims[0] <= self._claims[1]
                    if mine:
                        self._claims[0] = k + 1
                if mine:
                    self.here += 1
                elif not self._theirs:
                    self._collect()  # the helper's hits, all of them (it claims no more)
                    self._theirs = True
                yield self.conn.execute(self.query, (self._bounds(k)))
        finally:
            if began and self.conn.in_transaction:
                self.conn.execute("COMMIT")

    def _bounds(self, k: int) -> tuple[int, int]:
        return self.lo + k * CHUNK_SEQS, self.lo + (k + 1) * CHUNK_SEQS

    def _look(self) -> None:
        """Between two chunks: fork the helper once the engine is warm on a first run,
        and tell it to go once a CPU is idle."""
        if self._go is False or self._going:
            return
        if not self._forked:
            kept = self.judgements
            left = self.chunks - (self._claims[0] if self._claims is not None else 0)
            if kept.judged < WARM or kept.reused > kept.judged or left < MIN_CHUNKS_LEFT:
                return
            self._fork()
        if self._child is not None and (self._go or (self._idle() or 0.0) >= IDLE_CPU):
            self._going = True
            try:
                self._child.ask("go")
            except OSError as exc:
                self._fail(str(exc))

    def _fork(self) -> None:
        from memaudit.conflicts.parallel import Child, can_fork

        self._forked = True
        if can_fork():
            self._child = Child(self._work)
            # Room for a few chunks' hits (~250 kB each at 1M) between two of this
            # process's looks, so that the helper does not wait for them to be read.
            with contextlib.suppress(OSError, AttributeError):
                import fcntl

                fcntl.fcntl(self._child.pipe(), fcntl.F_SETPIPE_SZ, PIPE_ROOM)

    def _drain(self) -> None:
        """The chunks' hits the helper has sent so far, without waiting for more."""
        import select

        while self._child is not None and self._going and not self._done:
            try:
                ready, _, _ = select.select([self._child.pipe()], [], [], 0)
            except (OSError, ValueError) as exc:
                self._fail(str(exc))
                return
            if not ready or not self._receive():
                return

    def _collect(self) -> None:
        """All the helper's hits: it has claimed its last chunk."""
        while self._child is not None and self._going and not self._done and self._receive():
            pass
        self.close()

    def _receive(self) -> bool:
        """One message of the helper's (False once it is done or failed)."""
        from memaudit.conflicts.parallel import ChildFailed

        assert self._child is not None
        try:
            message = self._child.receive()
            if message[0] == "done":
                self._done = True
                return False
            _, _, items = message
            self.there += 1
            self.sent += len(items)
            take = self.judgements.take
            for key, signals, learned in items:
                # A judgement the file keeps is held as the file's are: the scan then
                # passes most of the helper's rows with one lookup (``no_hits``).
                for kind, wired in ((SIGNALS, signals), (LEARNED, learned)):
                    if wired is None:
                        continue
                    if isinstance(wired, str) and take(kind, key, wired):
                        self.used += kind == SIGNALS
                        self.taken += kind == SIGNALS
                    elif not isinstance(wired, str) or self.judgements.conn is None:
                        self._given[kind][key] = wired
        except (ChildFailed, OSError, ValueError, TypeError) as exc:
            self._fail(str(exc))
            return False
        return True

    def _fail(self, why: str) -> None:
        """The helper gave out: every text it did not send is judged here."""
        self.failed = why
        self.close()

    def computing(self, signals: Compute, learned: Compute) -> tuple[Compute, Compute]:
        """``signals`` and ``learned`` as the scan calls them (on a text it has no hits
        for): the helper's hits if it judged the text, else computed here."""
        given_signals, given_learned = self._given
        digest_of = self.judgements.digest_of

        def of(given: dict[bytes, Wired], compute: Compute, kind: int) -> Compute:
            def hits(text: str) -> list[Hit]:
                wired = given.pop(digest_of(text), None) if given else None
                if wired is None:
                    self.again += self._theirs and kind == SIGNALS
                    return compute(text)
                self.used += kind == SIGNALS
                return _unwire(wired)

            return hits

        return of(given_signals, signals, SIGNALS), of(given_learned, learned, LEARNED)

    def close(self) -> None:
        """The helper ended (killed if it still works: the scan stopped early)."""
        child, self._child = self._child, None
        if child is None:
            return
        import signal

        if self._going and not self._done:
            with contextlib.suppress(OSError):
                os.kill(child.pid, signal.SIGKILL)
        child.close()

    def stats(self) -> dict[str, Any]:
        """Chunks read here and judged by the helper, and the texts it sent (``used``:
        those the scan took, ``taken`` of them as kept judgements; ``again``: texts of its
        chunks judged here after all)."""
        return {
            "chunks": self.chunks,
            "judged_here": self.here,
            "judged_there": self.there,
            "texts_there": self.sent,
            "used": self.used,
            "taken": self.taken,
            "again": self.again,
            **({"failed": self.failed} if self.failed else {}),
        }

    # -- in the helper -----------------------------------------------------------

    def _work(self, receive: Callable[[], Any], send: Callable[[Any], None]) -> Any:
        """The forked helper: wait for "go", then judge chunks from the last down."""
        from memaudit.adapters.support.sqlite_probe import file_uri
        from memaudit.injection.scanning import (
            _learned_hits,
            _text_signals,
            reads_scorer,
        )
        from memaudit.sqlite_driver import sqlite3

        if receive() != "go":
            return ("done", 0)
        conn = sqlite3.connect(file_uri(Path(self.path), "mode=ro"), uri=True)
        kept = self.judgements
        rows_of = _THEIR_ROWS.replace("{role}", self.role)
        scorer: dict[tuple[Any, ...], bool] = {}
        chunks = 0
        while True:
            with self._lock:
                k = self._claims[1]
                if k < self._claims[0]:
                    break
                self._claims[1] = k - 1
            start = self._bounds(k)[0]
            # This chunk's texts: whether their first row in the store is here (judged
            # here: an earlier chunk's is judged with it, by the scan or this helper),
            # and what is sent of each (by digest: the scan looks its texts up so).
            first: dict[str, list[Any] | None] = {}
            for st, ref, derived, role, content, chash in conn.execute(rows_of, self._bounds(k)):
                if not isinstance(content, str):
                    continue  # (a typed copy is never shared: the scan reads it whole)
                item: list[Any] | None | bool = first.get(content, False)
                if item is False:
                    item = first[content] = (
                        None
                        if kept.kept(SIGNALS, content)
                        or conn.execute(FIRST, (chash, start, content)).fetchone() is not None
                        else [kept.digest_of(content), _wire(_text_signals(content)), None]
                    )
                if (
                    isinstance(item, list)
                    and item[2] is None
                    and reads_scorer(st, ref, derived, role, scorer)
                    and not kept.kept(LEARNED, content)
                ):
                    item[2] = _wire(_learned_hits(content))
            send(("chunk", k, [tuple(i) for i in first.values() if i is not None]))
            chunks += 1
        conn.close()
        return ("done", chunks)
