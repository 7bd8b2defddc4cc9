"""The review listing's shared work (``pending.read_searches``, ``Reading.pool``, a
``conflicts.Neighbourhood`` per pool): every search of a page asked in one call, the
items that search with the same words sharing one pool of neighbours and what the
contradiction search reads of it. Every item must still get the flags it gets alone
(``pending.store_flags``), on a real ledger holding hostile rows: ids with markup
brackets, escapes and control characters, a huge text, items among their own
neighbours."""

from __future__ import annotations

import gc
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memaudit import fingerprint, pending, review
from memaudit.adapters.native import NativeStore
from memaudit.clock import parse_time
from memaudit.conflicts.statements import Statement
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.review import Candidate

NOW = parse_time("2026-12-01T00:00:00Z")
HUGE = "The atlas project packaging notes: " + "atlas packaging poetry wheel " * 40_000

ACTIVE = [
    "The atlas project uses poetry for packaging.",
    "The atlas project moved its packaging from poetry to uv.",
    "The umbra service stores its data in postgres.",
    "The umbra service keeps its data in mysql.",
    "The platform team moved the sprint review from Monday to Thursday.",
    "The harbour cache expires entries after one hour.",
    "The atlas service no longer uses vim.",
    "The harbour cache drops every stored entry after one full day without any access from "
    "the ledger service or its nightly jobs.",
    HUGE,
]
# Several items per text: they search with the same words and share a pool.
PENDING = [
    "The atlas project uses pip for packaging.",
    "The atlas project uses pip for packaging.",
    "The atlas project uses poetry for packaging.",  # a copy of an active memory
    "The umbra service stores its data in mysql.",
    "The umbra service stores its data in mysql.",
    "The platform team holds the sprint review on Monday.",
    "The platform team holds the sprint review on Monday.",
    "The harbour cache expires entries after one day.",
    # near duplicates (similar shingles, not the same text) of an active memory
    "The harbour cache drops every stored entry after one full day without any access from "
    "the ledger service or its nightly job.",
    "The harbour cache drops every stored entry after one full day without any access from "
    "the ledger service or its nightly job.",
    # names a value; a neighbour's change statement is the only way to a contradiction
    "The atlas service uses vim.",
    "The atlas service uses vim.",
    "Nothing here shares a word.",
    HUGE,
]
# Ids no memaudit gate would stage; a store written by anything else may hold them.
HOSTILE_IDS = ["[bold]m1[/bold]", "m2\x1b[2J\x07", "m3\u202e\u0000x", "m[4]", "m5\r\nfake row"]


class Counting(NativeStore):
    """The native store, counting the calls that run full-text searches."""

    def __init__(self, ledger: Ledger) -> None:
        super().__init__(ledger)
        self.asked: list[int] = []

    def active_matches(
        self, searches: Sequence[str], limit: int, *, workers: int = 1
    ) -> dict[str, list[Statement]]:
        self.asked.append(len(searches))
        return super().active_matches(searches, limit, workers=workers)


def _stage(ledger: Ledger, text: str, scope: str | None = None) -> str:
    """Staged through the gate; a text over its length limit written in afterwards
    (a store written by anything else may hold one)."""
    short = text if len(text) < 1000 else "placeholder for a huge text"
    mid = review.stage(ledger, Candidate(short, SourceType.USER_STATEMENT, scope=scope)).id
    if short != text:
        with ledger.transaction():
            ledger.conn.execute(
                "UPDATE memories SET content = ?, content_hash = ? WHERE id = ?",
                (text, fingerprint.content_hash(text), mid),
            )
    return mid


def _fill(ledger: Ledger) -> list[str]:
    # The items are staged before the memories they contradict are approved: the gate
    # records no disputed pair for them, so the listing's own search must find each.
    active = [_stage(ledger, text) for text in ACTIVE]
    ids = [
        _stage(ledger, text, "project:atlas" if k % 3 else None) for k, text in enumerate(PENDING)
    ]
    for mid in active:
        review.approve(ledger, mid, actor="alice")
    with ledger.transaction():
        for old, new in zip(ids, HOSTILE_IDS, strict=False):
            ledger.conn.execute("UPDATE memories SET id = ? WHERE id = ?", (new, old))
    return [*HOSTILE_IDS, *ids[len(HOSTILE_IDS) :]]


def _alone(store: NativeStore, page: list[pending.QueueItem], policy: Any) -> list[set[str]]:
    return [set(i.flags) | pending.store_flags(store, i.memory, policy) for i in page]


def test_the_listing_flags_each_item_as_alone_and_shares_its_pools(ledger: Ledger) -> None:
    ids = _fill(ledger)
    store = Counting(ledger)
    policy = store.policy()
    page = pending.items(store, pending.queue_filter(), NOW, policy)
    assert sorted(i.memory.id for i in page) == sorted(ids)
    alone = _alone(store, page, policy)
    store.asked.clear()
    reading = pending.Reading()
    listed = [set(i.flags) for i in pending.with_all_flags(store, page, policy, reading)]
    assert listed == alone
    # One call for the page's searches, none per item.
    assert len(store.asked) == 1 and store.asked[0] == len(reading.searches)
    # The comparison means something: both store flags, from shared pools.
    assert sum(pending.Flag.DUPLICATE in f for f in alone) >= 4
    assert sum(pending.Flag.CONFLICT in f for f in alone) >= 4
    assert sum(pending.Flag.CONFLICT not in f for f in alone) >= 2
    assert not reading.disputed  # every contradiction found by the listing's search
    pools = [p for p in reading.pools.values() if p.hood is not None]
    assert pools and len(reading.pools) < len(page)


def test_items_with_the_same_words_but_other_dates_and_scopes_keep_their_own_answer(
    ledger: Ledger,
) -> None:
    """Items sharing a pool differ by id, date and scope (which ``find`` reads): the
    answers are each item's own, in either order of the queue."""
    _fill(ledger)
    store = NativeStore(ledger)
    policy = store.policy()
    page = pending.items(store, pending.queue_filter(), NOW, policy)
    alone = _alone(store, page, policy)
    backwards = [pending.QueueItem(i.memory, i.age_days, set(i.flags)) for i in reversed(page)]
    listed = pending.with_all_flags(store, backwards, policy, pending.Reading())
    assert [i.flags for i in reversed(listed)] == alone


def test_an_active_memory_among_its_own_neighbours_is_left_out_of_the_shared_pool(
    ledger: Ledger,
) -> None:
    """The memories screen flags active memories: each finds itself among its
    neighbours, and the pool it shares with a pending copy of its text must not lose
    that memory for the copy (nor keep it for the memory itself)."""
    _fill(ledger)
    store = NativeStore(ledger)
    policy = store.policy()
    threshold = float(policy.get("duplicates.similarity"))
    active = store.memories(pending.queue_filter(statuses=[Status.ACTIVE]))
    queue = store.memories(pending.queue_filter())
    reading = pending.Reading()
    for memory in [*active, *queue, *active]:
        pool = pending._listed_neighbours(store, memory, reading)
        assert memory.id not in {m.id for m in pool}
        assert [m.id for m in pool] == [m.id for m in pending._neighbours(store, memory)]
        expected = pending.store_flags(store, memory, policy)
        assert pending.listing_flags(store, memory, threshold, reading) == expected


def test_review_list_prints_each_items_flags_and_leaves_the_collector_on(
    cli: Any, ledger: Ledger, ledger_path: Path
) -> None:
    """`review --list -n 0 --json` (the page's searches in one call, shared pools, the
    collector paused while it reads) gives each hostile item the flags it gets alone."""
    _fill(ledger)
    store = NativeStore(ledger)
    policy = store.policy()
    page = pending.items(store, pending.queue_filter(), NOW, policy)
    alone = {i.memory.id: sorted(f) for i, f in zip(page, _alone(store, page, policy), strict=True)}
    assert gc.isenabled()
    out = cli(
        "review", "--list", "-n", "0", "--json", "--now", "2026-12-01T00:00:00Z", db=ledger_path
    )
    assert gc.isenabled()
    listed = {i["id"]: i["flags"] for i in json.loads(out.stdout)["items"]}
    assert listed == alone


def test_the_comparisons_keys_build_no_pool_and_are_the_keys_of_the_built_pools(
    ledger: Ledger, tmp_path: Path, monkeypatch: Any
) -> None:
    """A listing whose comparisons were kept reads each pool's digest from the searches'
    answers alone: the pools (the neighbours' union, their features) are made only for
    items compared. The keys are the same either way, so a kept answer is found."""
    from memaudit.queue_answers import Answers

    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "cache"))
    _fill(ledger)
    store = NativeStore(ledger)
    policy = store.policy()
    memories = [i.memory for i in pending.items(store, pending.queue_filter(), NOW, policy)]
    keys = []
    for build_first in (False, True):
        reading = pending.Reading()
        pending.read_searches(store, memories, reading)
        if build_first:
            for m in memories:
                reading.pool(store, reading.searches_of(m.content))
        kept = Answers.open(0.8)
        try:
            keys.append(kept.keys(store, memories, reading))
        finally:
            kept.close()
        if not build_first:
            assert not reading.pools  # no pool made for the keys alone
    assert keys[0] == keys[1] and len(set(keys[0])) == len(memories)
