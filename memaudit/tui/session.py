"""A review session: the store behind a lock, what the reviewer did, and how to undo it.

No Textual here: the screens call these methods from worker threads, and tests can
drive a session without a terminal. Every write goes through the ``Store`` protocol
(the core write gate for the native ledger), with the reviewer as the actor and the
version the reviewer was shown as ``expected_version`` — an item that changed since
it was shown raises ``Conflict`` instead of being approved unseen.

The undo stack lives in session memory: undoing a rejection re-stages the content the
reviewer saw (the store keeps only a fingerprint of rejected text), so it is possible
only within the session that rejected it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memaudit import forget_requests, pending
from memaudit.clock import Clock, system_clock
from memaudit.errors import MemauditError
from memaudit.forget_requests import ForgetRequest
from memaudit.graph import Lineage
from memaudit.injection import Assessment
from memaudit.model import Edge, Memory, MemoryFilter, Status
from memaudit.policy import Policy
from memaudit.store import Capability, Store

# How many generations up and down the detail pane shows (trace's default is 20).
LINEAGE_DEPTH = 10


@dataclass(slots=True)
class Undo:
    """One reviewer action and what reverses it."""

    kind: str  # approve | promote | reject | edit_approve
    ids: list[str]
    versions: dict[str, int] = field(default_factory=dict)  # version after the action
    rejected: list[tuple[Memory, list[Edge]]] = field(default_factory=list)
    old_content: str | None = None
    label: str = ""


@dataclass(slots=True)
class Detail:
    memory: Memory
    lineage: Lineage | None  # None: the store records no lineage
    similar: list[pending.Similar]
    conflicts: list[pending.ConflictingMemory]
    flags: set[pending.Flag]
    injection: Assessment | None = None  # when flagged INJ: score, spans, source
    checked: str = ""  # what the duplicate check read (``pending.duplicates_checked``)


class ReviewSession:
    """The store as the review UI uses it; thread-safe (one lock around the store)."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = system_clock,
        actor: str | None = None,
        reader: Store | None = None,
    ):
        self.store = store
        self.clock = clock
        self.actor = actor
        self.lock = threading.RLock()
        # Background reads (pages, flags, counts, detail) go through their own
        # read-only connection when there is one, so a keystroke's write never waits
        # behind them (SQLite in WAL mode reads and writes concurrently).
        self.reader = reader or store
        self.read_lock = self.lock if reader is None else threading.RLock()
        self.history: list[Undo] = []
        self.requests_open = 0  # agents' open forget requests, as of the last summary
        self._policy: Policy | None = None
        # The reviewer's writes run here, one at a time and in order, on a thread of
        # their own: never queued behind background reads.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memaudit-write")

    def submit_write(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``fn(*args)`` on the writer thread (after any writes submitted before)."""
        return self._writer.submit(fn, *args)

    def wait_writes(self) -> None:
        """Block until every write submitted so far has finished."""
        self._writer.submit(lambda: None).result()

    # -- reading ---------------------------------------------------------------

    def now(self) -> datetime:
        return self.clock()

    def policy(self) -> Policy:
        if self._policy is None:
            with self.read_lock:
                self._policy = self.reader.policy()
        return self._policy

    def close(self) -> None:
        # A write in flight finishes (it is one transaction) before anything closes.
        self._writer.shutdown(wait=True)
        # Under the lock: a worker thread may still be inside a query on it.
        if self.reader is not self.store:
            with self.read_lock:
                self.reader.close()

    def can_queue(self) -> bool:
        return self.store.has(Capability.QUEUE)

    def page(self, flt: MemoryFilter) -> list[pending.QueueItem]:
        with self.read_lock:
            return pending.items(self.reader, flt, self.now(), self.policy())

    def first_page(self, flt: MemoryFilter) -> list[pending.QueueItem]:
        """Items shown before the queue's own order (resurrected text, injected
        instructions)."""
        with self.read_lock:
            return pending.first_items(self.reader, flt, self.now(), self.policy())

    def reason_problem(self, memory_ids: Sequence[str], reason: str) -> str | None:
        """Why this reject reason is refused (it repeats the content), or None."""
        with self.read_lock:
            try:
                self.reader.check_reason(list(memory_ids), reason, what="rejected")
            except MemauditError as exc:
                return exc.message
        return None

    def store_flags(self, memory: Memory) -> set[pending.Flag]:
        with self.read_lock:
            return pending.store_flags(self.reader, memory, self.policy())

    def summary(self, flt: MemoryFilter) -> pending.QueueSummary:
        with self.read_lock:
            found = pending.summary(self.reader, self.now(), flt)
            self.requests_open = self._requests_count()
            return found

    # -- agents' forget requests (the native ledger keeps them) -------------------

    def _requests_count(self) -> int:
        ledger = self.reader.request_ledger()
        return forget_requests.count(ledger) if ledger is not None else 0

    def requests(self, memory_ids: Sequence[str] | None = None) -> list[ForgetRequest]:
        with self.read_lock:
            ledger = self.reader.request_ledger()
            if ledger is None:
                return []
            return forget_requests.open_requests(ledger, memory_ids=memory_ids)

    def dismiss(self, memory_id: str, reason: str) -> list[ForgetRequest]:
        """Decline every open request for a memory (the reviewer's ``x``)."""
        with self.lock:
            ledger = self.store.request_ledger()
            if ledger is None:
                raise MemauditError("this store keeps no forget requests")
            ids = [r.id for r in forget_requests.open_requests(ledger, memory_ids=[memory_id])]
            if not ids:
                raise MemauditError(f"{memory_id} has no open forget request (any more)")
            return forget_requests.dismiss(ledger, ids, reason, actor=self.actor)

    def signature(self, *, after_write: bool = False) -> tuple[int, Any]:
        """Cheap "did anything change?" check for the refresh timer: the pending count
        and the newest event id (stores without events: the count alone).

        ``after_write``: read it on the writing connection, so an action's answer
        neither waits behind a long detail load on the reader nor misses its own write.
        """
        store, lock = (self.store, self.lock) if after_write else (self.reader, self.read_lock)
        with lock:
            n = store.count(MemoryFilter(statuses=[Status.PENDING]))
            try:
                newest = store.events(limit=1, newest_first=True)
            except MemauditError:
                newest = []
        return n, (newest[0].id if newest else None)

    def get(self, memory_id: str) -> Memory | None:
        with self.read_lock:
            return self.reader.get(memory_id)

    def pending_sources(self, ids: Sequence[str]) -> dict[str, list[str]]:
        with self.read_lock:
            return pending.pending_sources(self.reader, ids)

    def detail(
        self,
        memory_id: str,
        cancelled: Callable[[], bool] = lambda: False,
        known: set[pending.Flag] | None = None,
    ) -> Detail | None:
        """Everything the detail pane shows; None if the item is gone, or if
        ``cancelled()`` turned true between the steps (the caller no longer wants it:
        a keystroke should not wait for the GIL behind it)."""
        with self.read_lock:
            store = self.reader
            memory = store.get(memory_id)
            if memory is None or cancelled():
                return None
            policy = self.policy()
            threshold = float(policy.get("duplicates.similarity"))
            pool = pending._neighbours(store, memory)
            if cancelled():
                return None
            similar = pending.similar_active(store, memory, threshold, pool)
            conflicts = pending.conflicts_for(store, memory, pool)
            if cancelled():
                return None
            flags = pending.cheap_flags(memory, self.now(), policy)
            injected = pending.injection_of(
                memory, policy, recorded=pending.Flag.INJECTED in (known or set())
            )
            if injected is not None:
                flags.add(pending.Flag.INJECTED)
            if similar:
                flags.add(pending.Flag.DUPLICATE)
            if conflicts:
                flags.add(pending.Flag.CONFLICT)
            lineage = (
                store.lineage(memory_id, depth=LINEAGE_DEPTH)
                if store.has(Capability.LINEAGE)
                else None
            )
            checked = pending.duplicates_checked(store)
            return Detail(memory, lineage, similar, conflicts, flags, injected, checked)

    # -- acting (each one transaction in the store, each one undoable) -----------

    def approve(self, items: Sequence[tuple[str, int]], *, promote: bool = False) -> Undo:
        with self.lock:
            done = self.store.approve_many(list(items), actor=self.actor, promote=promote)
        entry = Undo(
            "promote" if promote else "approve",
            [m.id for m in done],
            {m.id: m.version for m in done},
            label=_label("promoted" if promote else "approved", [m.id for m in done]),
        )
        self.history.append(entry)
        return entry

    def reject(self, items: Sequence[tuple[str, int]], reason: str) -> Undo:
        with self.lock:
            # Held in session memory so the rejection can be undone (the store keeps
            # only a fingerprint of rejected content).
            kept = []
            for mid, _ in items:
                memory = self.store.require(mid)
                kept.append((memory, list(self.store.edges([mid]))))
            self.store.reject_many(list(items), reason, actor=self.actor)
        entry = Undo("reject", [m.id for m, _ in kept], rejected=kept)
        entry.label = _label("rejected", entry.ids)
        self.history.append(entry)
        return entry

    def edit_approve(self, memory_id: str, version: int, content: str) -> Undo:
        with self.lock:
            before = self.store.require(memory_id)
            edited = self.store.edit(memory_id, content, expected_version=version, actor=self.actor)
            done = self.store.approve_many(
                [(memory_id, edited.version)], actor=self.actor, promote=False
            )[0]
        entry = Undo(
            "edit_approve",
            [memory_id],
            {memory_id: done.version},
            old_content=before.content,
            label=_label("edited and approved", [memory_id]),
        )
        self.history.append(entry)
        return entry

    def undo(self) -> Undo | None:
        """Reverse the last action of this session; None when there is nothing to undo.
        If the store refuses (the item changed since), the entry stays on the stack."""
        if not self.history:
            return None
        entry = self.history[-1]
        with self.lock:
            if entry.kind in ("approve", "promote"):
                self.store.unapprove_many(
                    [(mid, entry.versions.get(mid)) for mid in entry.ids], actor=self.actor
                )
            elif entry.kind == "reject":
                self.store.unreject(entry.rejected, actor=self.actor)
            elif entry.kind == "edit_approve":
                mid = entry.ids[0]
                back = self.store.unapprove_many(
                    [(mid, entry.versions.get(mid))], actor=self.actor
                )[0]
                assert entry.old_content is not None
                self.store.edit(
                    mid, entry.old_content, expected_version=back.version, actor=self.actor
                )
        self.history.pop()
        return entry


def _label(verb: str, ids: list[str]) -> str:
    if len(ids) == 1:
        return f"{verb} {ids[0]}"
    return f"{verb} {len(ids)} items"
