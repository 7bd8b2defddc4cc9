"""An exact (normalised) copy of a pending item among the active memories is always
found (``Store.active_copies``), however many newer memories share its words: the
neighbour lookup reads only the newest ``SEARCH_LIMIT`` matches of each search, and a
queue that shows no DUP on an exact copy says something false."""

from __future__ import annotations

from memaudit import pending, review
from memaudit.adapters.native import NativeStore
from memaudit.clock import parse_time
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.review import Candidate
from memaudit.store import Store
from tests.buried_copy import COPY, ITEM, bury_copy

NOW = parse_time("2026-12-01T00:00:00Z")


class Plain(NativeStore):
    """The native ledger with the protocol's default ``active_copies`` (one pass)."""

    active_copies = Store.active_copies
    COPIES_CHECKED = Store.COPIES_CHECKED


def test_the_copy_is_beyond_the_neighbour_lookup(ledger: Ledger) -> None:
    """The premise of the other tests: the capped lookup does not reach the copy."""
    item, copy = bury_copy(ledger)
    store = NativeStore(ledger)
    memory = ledger.require(item)
    assert copy not in {m.id for m in pending._neighbours(store, memory)}
    assert copy not in {s.id for s in pending._listed_neighbours(store, memory, pending.Reading())}


def test_every_face_flags_the_buried_copy(ledger: Ledger) -> None:
    item, copy = bury_copy(ledger)
    for store in (NativeStore(ledger), Plain(ledger)):
        policy = store.policy()
        memory = ledger.require(item)
        assert store.active_copies([ITEM, COPY, "nothing like it"]) == {
            ITEM: [copy],
            COPY: [copy],
            "nothing like it": [],
        }
        assert pending.Flag.DUPLICATE in pending.store_flags(store, memory, policy)
        similar = pending.similar_active(store, memory, 0.85)
        assert [(s.memory.id, s.how) for s in similar] == [(copy, "same text")]
        page = pending.items(store, pending.queue_filter(), NOW, policy)
        listed = pending.with_all_flags(store, page, policy)
        assert [i.memory.id for i in listed if pending.Flag.DUPLICATE in i.flags] == [item]


def test_an_active_memory_is_no_copy_of_itself(ledger: Ledger) -> None:
    """The memories screen flags active memories: the copy alone has no duplicate."""
    _, copy = bury_copy(ledger, stage_item=False)
    for store in (NativeStore(ledger), Plain(ledger)):
        memory = ledger.require(copy)
        assert pending.Flag.DUPLICATE not in pending.store_flags(store, memory, store.policy())
        reading = pending.Reading()
        assert pending.Flag.DUPLICATE not in pending.listing_flags(store, memory, 0.85, reading)


def test_a_forged_content_hash_finds_no_copy(ledger: Ledger) -> None:
    """The content_hash column is the store's word: a row claiming the item's hash with
    other text is no copy (the text is compared), and the flag is not raised from it."""
    item, copy = bury_copy(ledger)
    with ledger.transaction() as conn:
        conn.execute(
            "UPDATE memories SET content = 'Something else entirely.' WHERE id = ?", (copy,)
        )
    store = NativeStore(ledger)
    assert store.active_copies([ITEM]) == {ITEM: []}
    memory = ledger.require(item)
    assert pending.Flag.DUPLICATE not in pending.store_flags(store, memory, store.policy())


def test_a_limit_keeps_the_oldest_copies(ledger: Ledger) -> None:
    item, copy = bury_copy(ledger)
    copies = [copy]
    for _ in range(3):
        mid = review.stage(ledger, Candidate(COPY.upper(), SourceType.USER_STATEMENT)).id
        review.approve(ledger, mid)
        copies.append(mid)
    for store in (NativeStore(ledger), Plain(ledger)):
        assert store.active_copies([ITEM], 2) == {ITEM: copies[:2]}
        assert store.active_copies([ITEM]) == {ITEM: copies}
    assert ledger.require(item).status is Status.PENDING
