"""``Store.active_matches`` (the neighbours `review --list` reads) on stores written by
the real packages, which keep the protocol's default: the same memories, in the same
order, as ``Store.memories`` finds for each search; and ``Store.active_copies`` (the
exact copies), also the default. PostgreSQL (Hindsight) and SQLite."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from memaudit.adapters import open_store
from memaudit.model import MemoryFilter, Status
from memaudit.store import Store


def _same_as_memories(store: Store) -> None:
    active = store.memories(MemoryFilter(statuses=[Status.ACTIVE]))
    assert active, "the fixture holds active memories"
    words = sorted({w for m in active for w in m.content.split() if w.isalpha() and len(w) > 3})
    searches = [*words[:6], " ".join(words[:2]), "zzzz-nothing"]
    found = store.active_matches(searches, 3)
    assert list(found) == searches
    hits = 0
    for search in searches:
        want = store.memories(MemoryFilter(statuses=[Status.ACTIVE], search=search, limit=3))
        got = [(s.id, s.content, s.created_at, s.scope) for s in found[search]]
        assert got == [(m.id, m.content, m.created_at, m.scope) for m in want], search
        hits += len(got)
    assert hits  # some search found something: the comparison is not vacuous


def test_hindsight_on_postgresql(hindsight_before: str) -> None:
    with open_store(hindsight_before) as store:
        assert type(store).active_matches is Store.active_matches
        assert type(store).active_copies is Store.active_copies
        _same_as_memories(store)
        _copies_found(store)


def test_mem0_on_sqlite(provider: Callable[[str, str], Path]) -> None:
    with open_store(str(provider("mem0", "after_delete"))) as store:
        assert type(store).active_matches is Store.active_matches
        assert type(store).active_copies is Store.active_copies
        _same_as_memories(store)
        _copies_found(store)


def _copies_found(store: Store) -> None:
    """``Store.active_copies`` (the protocol's default, one pass): each active memory's
    text finds that memory, and only memories with the same normalised text."""
    from memaudit.fingerprint import normalize

    active = store.memories(MemoryFilter(statuses=[Status.ACTIVE]))
    texts = [m.content for m in active[:5]] + ["zzzz nothing like it"]
    found = store.active_copies(texts)
    for m in active[:5]:
        assert m.id in found[m.content]
        same = [o.id for o in active if normalize(o.content) == normalize(m.content)]
        assert sorted(found[m.content]) == sorted(same)
    assert found["zzzz nothing like it"] == []
