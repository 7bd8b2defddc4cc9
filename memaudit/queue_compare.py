"""The review listing's comparisons with the active memories (``pending.listing_flags``:
the duplicate and conflict flags), shared with a forked second process.

Once the listing has read from the store all that the comparisons read (each item's
active copies and full-text searches, the recorded disputes and whether their other
sides are active: ``prepare``), the comparisons ask the store nothing more: a process
forked then starts with those answers. It gives every item's duplicate flag and the
conflict flag of a share of the items (whole neighbour pools: a pool's own work is done
once per process), while this one gives the other items' conflict flags. The two flags
read different caches (shingles and normal forms; features), so no text's work is done
twice for the duplicate flag. Its answer comes back as flag names; if it fails, or
sends what is not an answer for every item, this process computes what it would have
given, with the same functions (``pending.listed_duplicate``, ``listed_conflict``).

The answers are kept across listings (``queue_answers``): an item whose inputs (its
fields, its neighbours, copies and disputes as the store gives them now) were compared
by an earlier listing is not compared again; only the others are compared as above.
An item's neighbours are searched for only when its key needs them and they were not
kept for the store's files as they are now (``Answers.recorded_pools``), or when the
item is compared.
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence
from typing import Any, NoReturn, cast

from memaudit import pending, queue_injection
from memaudit.ledger import Ledger
from memaudit.model import Memory
from memaudit.policy import Policy
from memaudit.store import Store

# The part of the items whose conflict flag the other process gives (it gives every
# item's duplicate flag too, and the injection check's process runs meanwhile).
SHARE = 0.4
FLAGS = frozenset({pending.Flag.DUPLICATE, pending.Flag.CONFLICT})


class _NoStore:
    """What the other process is given for a store: it reads every answer from the
    listing's ``Reading``; a question the listing did not ask first fails it (the
    listing then compares that share itself)."""

    def __getattr__(self, name: str) -> NoReturn:
        raise RuntimeError(f"the second process does not read the store ({name})")


def prepare(
    store: Store,
    items: Sequence[pending.QueueItem],
    reading: pending.Reading,
    *,
    workers: int = 1,
) -> None:
    """Ask the store, now, everything ``listing_flags`` reads for ``items``: their
    active copies, their searches (in ``workers`` processes), the recorded disputes and
    whether each other side of an item's dispute is active."""
    _read(store, [i.memory for i in items], reading, workers)


def _read(store: Store, memories: Sequence[Memory], reading: pending.Reading, workers: int) -> None:
    pending.read_copies(store, memories, reading)
    pending.read_searches(store, memories, reading, workers=workers)
    pending.read_disputes(store, memories, reading)


def _shares(items: Sequence[pending.QueueItem], reading: pending.Reading) -> list[int]:
    """Indices of the items whose conflict flag the other process gives: whole pools
    (the items that search with the same words), until ``SHARE`` of the items."""
    groups: dict[tuple[str, ...], list[int]] = {}
    for k, item in enumerate(items):
        groups.setdefault(tuple(reading.searches_of(item.memory.content)), []).append(k)
    wanted = int(len(items) * SHARE)
    theirs: list[int] = []
    # Every other pool, in order, while the share is not full: both processes get the
    # queue's early and late items alike.
    for n, members in enumerate(groups.values()):
        if len(theirs) >= wanted:
            break
        if n % 2:
            theirs.extend(members)
    return sorted(theirs)


def compare(
    store: Store,
    items: Sequence[pending.QueueItem],
    policy: Policy,
    reading: pending.Reading,
    *,
    remember: bool = True,
    checking: bool = False,
) -> None:
    """``pending.with_all_flags`` for ``items`` (their flags set in place). The answers an
    earlier listing kept for the same inputs (``queue_answers``; ``remember``: read and
    write them) set their items' flags; the other items are compared (``computed``)
    and their answers kept. ``checking``: another process checks the items for
    injected instructions meanwhile; otherwise, where ``queue_injection`` would fork
    for them (a CPU idle), half the searches are asked in a forked process
    (``ledger.matches``)."""
    from memaudit.queue_answers import Answers

    threshold = float(policy.get("duplicates.similarity"))
    workers = 1 if checking or not queue_injection._forks(len(items)) else 2
    memories = [i.memory for i in items]
    kept = Answers.open(threshold, enabled=remember and bool(items))
    try:
        # The store's files' state before any search: the pools searched in that state
        # before are read, not searched (``queue_answers``), if it is the same after.
        before = kept.file_state(store) if kept.conn else None
        pending.read_copies(store, memories, reading)
        unrecorded = kept.unrecorded(memories, reading, kept.recorded_pools(before))
        pending.read_searches(
            store, unrecorded if kept.conn else memories, reading, workers=workers
        )
        pending.read_disputes(store, memories, reading)
        keys = kept.keys(store, memories, reading) if kept.conn else []
        after = kept.file_state(store) if kept.conn else None
        known = kept.known(keys) if keys else {}
        todo = [k for k in range(len(items)) if not keys or keys[k] not in known]
        pending.read_searches(store, [items[k].memory for k in todo], reading, workers=workers)
        kept.record_pools(before, after)
        found = computed(store, [items[k] for k in todo], threshold, reading)
        if keys:
            kept.keep((keys[k], flags) for k, flags in zip(todo, found, strict=True))
        for k, flags in zip(todo, found, strict=True):
            _set(items[k], flags)
        for k, key in enumerate(keys):
            if key in known:
                _set(items[k], known[key])
    finally:
        kept.close()


class _LedgerReads:
    """A native ledger as the comparisons read a store: the four reads ``NativeStore``
    passes to its ledger, as it passes them (kept in step with it: the tests compare a
    listing of what the gate kept with one that compares every item). The write gate, which takes a ledger, reads it through this:
    the adapter imports the write gate (data flows downhill)."""

    adapter_name = "native"  # (``Answers.file_state`` reads the ledger's state)

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger
        self.ledger = ledger

    def get(self, memory_id: str) -> Memory | None:
        return self._ledger.get(memory_id)

    def active_copies(self, texts: Sequence[str], limit: int | None = None) -> dict[str, list[str]]:
        return self._ledger.active_copies(texts, limit)

    def active_matches(self, searches: Sequence[str], limit: int, *, workers: int = 1) -> Any:
        from memaudit.conflicts.statements import Statement

        found = self._ledger.active_matches(searches, limit, workers=workers)
        return {text: [Statement(*row) for row in rows] for text, rows in found.items()}

    def records(self, *, writable: bool) -> Ledger:
        return self._ledger


def ledger_reads(ledger: Ledger) -> Store:
    """``ledger`` as ``keep_written`` reads a store (``_LedgerReads``)."""
    return cast(Store, _LedgerReads(ledger))


def keep_written(
    store: Store, memories: Sequence[Memory], policy: Policy, *, enabled: bool = True
) -> str | None:
    """The write path's part (``review.stage_batch``, after its transaction): the
    pending ``memories`` it wrote, as the store gives them back, compared with the
    active memories as the review listing compares its items, each answer kept under
    the key the listing computes for it (``queue_answers``), so that the first listing
    of a store written through memaudit reads the answers instead of comparing.

    A key is made of everything the comparison read (the item's fields, its copies,
    disputes and neighbours as the store gives them now, the threshold, the code):
    a memory written, edited, archived or forgotten since then, that the listing's
    comparison would read, gives the listing another key, and it compares that item
    again. Nothing here can make a kept answer stale. Returns why nothing was kept
    (None: kept, or the cache is turned off).

    The neighbour pools searched here are recorded as the listing records its own:
    under the store's state, if it was the same before and after the searches. For a
    ledger that keeps the active-set token that is its token (no settling: the first
    listing reads them); for an older one, its files' state, once settled (so, right
    after the write, never). No lock is taken and nothing waits."""
    from memaudit.queue_answers import Answers

    if not memories:
        return None
    threshold = float(policy.get("duplicates.similarity"))
    # (not synced, as the write's other cache files: ``judgements.connect``)
    kept = Answers.open(threshold, enabled=enabled, durable=False)
    try:
        if kept.conn is not None:
            # Its searches recorded as the listing records its own (``queue_answers``):
            # under the store's state if it was the same before and after them.
            before = kept.file_state(store)
            reading = pending.Reading()
            _read(store, memories, reading, 1)
            keys = kept.keys(store, memories, reading)
            kept.record_pools(before, kept.file_state(store))
            known = kept.known(keys)
            kept.keep(
                (key, pending.listing_flags(store, m, threshold, reading))
                for m, key in zip(memories, keys, strict=True)
                if key not in known
            )
    finally:
        kept.close()
    return kept.why_not if kept.why_not and kept.why_not != "turned off" else None


def computed(
    store: Store,
    items: Sequence[pending.QueueItem],
    threshold: float,
    reading: pending.Reading,
) -> list[set[pending.Flag]]:
    """Each item's duplicate and conflict flags (``pending.listing_flags``'), after
    ``prepare``. Where ``queue_injection`` would fork (a long listing, a free CPU,
    ``MEMAUDIT_REVIEW_WORKERS``) a forked process gives every item's duplicate flag and
    the conflict flag of a share of them (``_shares``), while this one gives the rest's
    conflict flag: the two flags read different caches, so neither process computes
    what the other does."""
    from memaudit.conflicts import parallel

    theirs = _shares(items, reading) if queue_injection._forks(len(items)) else []
    child: parallel.Child | None = None
    if theirs:
        chosen = set(theirs)
        for item in items:  # made once, before the fork: both processes read them
            reading.pool(store, reading.searches_of(item.memory.content))

        def work(receive: Any, send: Any) -> Any:
            return _work(items, chosen, threshold, reading)

        try:
            child = parallel.Child(work)
        except OSError:
            child = None
    if child is None:
        return [pending.listing_flags(store, i.memory, threshold, reading) for i in items]
    try:
        conflict = [
            k not in chosen and pending.listed_conflict(store, item.memory, reading)
            for k, item in enumerate(items)
        ]
        answer = _answer(child, len(items))
        child.close()
    except BaseException:
        child.__exit__(RuntimeError, None, None)  # killed: its answer is not read
        raise
    if answer is None:  # what the other process would have given, computed here
        answer = [set() for _ in items]
        for k, item in enumerate(items):
            if k in chosen and pending.listed_conflict(store, item.memory, reading):
                answer[k].add(pending.Flag.CONFLICT)
            if pending.listed_duplicate(store, item.memory, threshold, reading):
                answer[k].add(pending.Flag.DUPLICATE)
    return [
        answer[k] | ({pending.Flag.CONFLICT} if conflict[k] else set()) for k in range(len(items))
    ]


def _work(
    items: Sequence[pending.QueueItem], chosen: set[int], threshold: float, reading: pending.Reading
) -> list[list[str]]:
    """The other process's part: every item's duplicate flag, and the conflict flag of
    the items at ``chosen``, as flag names."""
    unread = cast(Store, _NoStore())
    out = []
    for k, item in enumerate(items):
        flags = []
        if k in chosen and pending.listed_conflict(unread, item.memory, reading):
            flags.append(pending.Flag.CONFLICT.value)
        if pending.listed_duplicate(unread, item.memory, threshold, reading):
            flags.append(pending.Flag.DUPLICATE.value)
        out.append(flags)
    return out


def _answer(child: Any, size: int) -> list[set[pending.Flag]] | None:
    """The other process's flags, one set per item; None when it failed or sent what is
    not such an answer."""
    from memaudit.conflicts import parallel

    try:
        found = child.receive()
    except (parallel.ChildFailed, pickle.UnpicklingError):
        return None
    if not isinstance(found, list) or len(found) != size:
        return None
    out: list[set[pending.Flag]] = []
    names = {f.value: f for f in FLAGS}
    for flags in found:
        if not isinstance(flags, list) or not all(isinstance(f, str) and f in names for f in flags):
            return None
        out.append({names[f] for f in flags})
    return out


def _set(item: pending.QueueItem, flags: set[pending.Flag]) -> None:
    item.flags |= flags
    item.store_flags_known = True
