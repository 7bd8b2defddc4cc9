"""``Store.active_matches``: the full-text neighbours `review --list` reads, four columns
each. It must find exactly what ``Store.memories`` finds for the same search (the same
memories, in the same order, with the same limit), on the native ledger (its own SQL)
and on a store that keeps the default (whole memories read, then cut down)."""

from __future__ import annotations

import pytest

from memaudit import pending, review
from memaudit.adapters.native import NativeStore
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, SourceType, Status
from memaudit.review import Candidate
from memaudit.store import Store

SEARCHES = [
    "harbour lighthouse",
    "lighthouse",
    "keeper",
    "nothing matches this",
    'He said "AND" OR NOT: x*',
    "",
    "   ",
]


def _expected(
    store: Store, search: str, limit: int
) -> list[tuple[str, str, str | None, str | None]]:
    try:
        found = store.memories(MemoryFilter(statuses=[Status.ACTIVE], search=search, limit=limit))
    except Exception:
        return []
    return [(m.id, m.content, m.created_at, m.scope) for m in found]


def _rows(found: dict[str, list]) -> dict[str, list[tuple[str, str, str | None, str | None]]]:
    return {
        q: [(s.id, s.content, s.created_at, s.scope) for s in rows] for q, rows in found.items()
    }


@pytest.fixture
def filled(ledger: Ledger) -> Ledger:
    """Active memories that share words (more than the limit), pending, archived and
    scoped ones, and FTS syntax in a text."""
    for n in range(12):
        review.stage(
            ledger,
            Candidate(
                f"The harbour lighthouse keeper number {n} logs the tide.",
                SourceType.USER_STATEMENT,
                scope=f"site-{n % 3}" if n % 2 else None,
            ),
        )
    review.stage(ledger, Candidate('He said "AND" OR NOT: x* there', SourceType.USER_STATEMENT))
    pending_ids = [m.id for m in ledger.query(MemoryFilter(statuses=[Status.PENDING]))]
    review.approve_many(ledger, [(mid, None) for mid in pending_ids[:10]])
    review.approve(ledger, pending_ids[-1])
    with ledger.transaction() as conn:  # one active memory archived: never a neighbour
        conn.execute("UPDATE memories SET status = 'archived' WHERE id = ?", (pending_ids[3],))
    return ledger


@pytest.mark.parametrize("limit", [1, 5, 20])
def test_the_native_ledger_finds_what_memories_finds(filled: Ledger, limit: int) -> None:
    store = NativeStore(filled)
    found = _rows(store.active_matches(SEARCHES, limit))
    assert list(found) == SEARCHES
    for search in SEARCHES:
        assert found[search] == _expected(store, search, limit), search
    assert len(found["lighthouse"]) == min(limit, 9)  # 12 staged, 10 approved, 1 archived
    assert found["   "] == []  # no word to search with: nothing found
    assert len(found[""]) == min(limit, 10)  # no search: the newest active memories


@pytest.mark.parametrize("per_query", [1, 2, 3])
def test_searches_asked_several_per_statement_find_what_each_alone_finds(
    filled: Ledger, monkeypatch: pytest.MonkeyPatch, per_query: int
) -> None:
    """The ledger asks its searches ``MATCHES_PER_QUERY`` per statement: cut anywhere,
    with a search asked twice, each one's matches are its own and in its order."""
    from memaudit.ledger import store as ledger_store

    bees = review.stage(
        filled, Candidate("A keeper of bees by the harbour", SourceType.USER_STATEMENT)
    )
    review.approve(filled, bees.id)
    monkeypatch.setattr(ledger_store, "MATCHES_PER_QUERY", per_query)
    asked = ["keeper", *SEARCHES, "harbour keeper", "lighthouse", "bees", "keeper harbour"]
    store = NativeStore(filled)
    found = _rows(store.active_matches(asked, 4))
    assert list(found) == list(dict.fromkeys(asked))
    for search in asked:
        assert found[search] == _expected(store, search, 4), search
    assert [row[1] for row in found["bees"]] == ["A keeper of bees by the harbour"]
    assert found["harbour keeper"] == found["keeper harbour"]
    assert len(found["keeper"]) == 4  # cut at the limit, each search on its own


def test_the_default_reads_whole_memories_and_finds_the_same(filled: Ledger) -> None:
    class Plain(NativeStore):
        """The native ledger with the protocol's default ``active_matches``."""

        active_matches = Store.active_matches

    native, plain = NativeStore(filled), Plain(filled)
    assert _rows(plain.active_matches(SEARCHES, 5)) == _rows(native.active_matches(SEARCHES, 5))


def test_a_damaged_row_reads_as_its_memory_would(filled: Ledger) -> None:
    """SQLite does not enforce column types: a blob or a number where text belongs comes
    back converted as ``row_to_memory`` converts it, not as a crash or another value."""
    store = NativeStore(filled)
    victim = _expected(store, "lighthouse", 1)[0][0]
    with filled.transaction() as conn:
        conn.execute(
            "UPDATE memories SET scope = 42, created_at = ? WHERE id = ?", (b"2026\xff", victim)
        )
    found = _rows(store.active_matches(["lighthouse"], 20))["lighthouse"]
    assert found == _expected(store, "lighthouse", 20)
    assert any(row[0] == victim and row[2] == "2026\ufffd" for row in found)


def test_listed_neighbours_are_the_detail_panes(filled: Ledger) -> None:
    """The listing's neighbours are the detail pane's (``pending._neighbours``), in order."""
    review.stage(
        filled,
        Candidate("Which lighthouse keeper logs the harbour tide?", SourceType.USER_STATEMENT),
    )
    store = NativeStore(filled)
    reading = pending.Reading()
    for item in store.memories(MemoryFilter(statuses=[Status.PENDING])):
        listed = pending._listed_neighbours(store, item, reading)
        alone = pending._neighbours(store, item)
        assert [(s.id, s.content) for s in listed] == [(m.id, m.content) for m in alone]
        assert alone  # the comparison is not vacuous


def test_the_size_bound_never_changes_a_duplicate_verdict() -> None:
    """``pending._at_least`` skips the set operation when the sizes rule a match out:
    its verdict is ``fingerprint.jaccard(a, b) >= threshold`` for every pair, at the
    boundaries too (equal sets, disjoint, empty, sizes exactly at the threshold)."""
    import random

    from memaudit import fingerprint

    rng = random.Random(7)
    universe = [f"w{i}" for i in range(30)]
    sets = [set(), {"w1"}, set(universe[:10]), set(universe[:8]), set(universe[5:15])]
    sets += [set(rng.sample(universe, rng.randint(1, 30))) for _ in range(120)]
    thresholds = [0.0, 0.5, 0.8, 0.85, 0.9, 1.0]
    checked = 0
    for a in sets:
        for b in sets:
            for t in thresholds:
                assert pending._at_least(a, b, t) == (fingerprint.jaccard(a, b) >= t), (a, b, t)
                checked += 1
    assert checked > 90_000


@pytest.mark.parametrize("per_query", [1, 2, 3])
@pytest.mark.parametrize("helper_answers", [True, False])
def test_searches_in_two_processes_find_what_one_finds(
    filled: Ledger, monkeypatch: pytest.MonkeyPatch, per_query: int, helper_answers: bool
) -> None:
    """``workers=2`` on a read-only ledger: every other statement is asked in a forked
    process on a connection of its own, and the answers are the one process's, in its
    order; when that process fails (here: it cannot open its connection) its searches
    are asked here."""
    from memaudit.conflicts import parallel
    from memaudit.ledger import matches
    from memaudit.ledger import store as ledger_store

    monkeypatch.setattr(ledger_store, "MATCHES_PER_QUERY", per_query)
    asked = ["keeper", *SEARCHES, "harbour keeper", "lighthouse", "tide", "keeper harbour"]
    expected = _rows(NativeStore(filled).active_matches(asked, 4))
    answers: list[object] = []
    real = matches._received

    def received(child: parallel.Child, chunks: list[list[tuple[str, str]]]) -> object:
        found = real(child, chunks)
        answers.append(found)
        return found

    monkeypatch.setattr(matches, "_received", received)
    if not helper_answers:

        def refused(*args: object, **kwargs: object) -> None:
            raise OSError("no second connection")

        monkeypatch.setattr(ledger_store, "connect", refused)
    reader = Ledger(filled.path, filled.conn, readonly=True)
    found = _rows(NativeStore(reader).active_matches(asked, 4, workers=2))
    assert found == expected
    assert list(found) == list(dict.fromkeys(asked))
    assert len(answers) == 1
    assert (answers[0] is not None) is helper_answers
    # A writable ledger asks everything on its own connection.
    answers.clear()
    assert _rows(NativeStore(filled).active_matches(asked, 4, workers=2)) == expected
    assert answers == []
