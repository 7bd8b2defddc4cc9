"""Recall: active memories only, ranked by relevance weighted by decay, bounded work."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memaudit import recall, review
from memaudit.clock import parse_time, to_iso
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger
from memaudit.mcp import tools
from memaudit.model import SourceType, Status, TrustTier
from memaudit.review import Candidate

NOW = parse_time("2026-11-30T12:00:00Z")


def put(ledger: Ledger, text: str, st: SourceType = SourceType.USER_STATEMENT, *, approve=True):
    staged = review.stage(ledger, Candidate(text, st, promote=st is SourceType.INFERENCE))
    if approve:
        review.approve(ledger, staged.id, actor="alice", promote=st is SourceType.INFERENCE)
    return staged.id


def idle(ledger: Ledger, memory_id: str, days: float) -> None:
    with ledger.transaction():
        ledger.conn.execute(
            "UPDATE memories SET last_accessed = ? WHERE id = ?",
            (to_iso(NOW - timedelta(days=days)), memory_id),
        )


def ids(hits: list[recall.Hit]) -> list[str]:
    return [h.memory.id for h in hits]


def test_only_active_memories_are_recalled(ledger: Ledger) -> None:
    active = put(ledger, "The deploy key rotates monthly")
    pending = put(ledger, "The deploy key lives in vault", approve=False)
    rejected = put(ledger, "The deploy key is 1234", approve=False)
    review.reject(ledger, rejected, "wrong", actor="alice")
    archived = put(ledger, "The deploy key was in a file")
    with ledger.transaction():
        ledger.conn.execute("UPDATE memories SET status = 'archived' WHERE id = ?", (archived,))
    hits = recall.ranked(ledger, "deploy key", now=NOW)
    assert ids(hits) == [active]
    assert ledger.require(pending).status is Status.PENDING


def test_relevance_then_decay(ledger: Ledger) -> None:
    exact = put(ledger, "Kestrel deploys run on Fridays")
    loose = put(ledger, "Deploys of the old service run on Fridays and on every other day too")
    assert ids(recall.ranked(ledger, "kestrel deploys", now=NOW))[0] == exact

    # Same relevance (same words, same length): the one used recently comes first.
    old = put(ledger, "Harbor builds use cache alpha")
    fresh = put(ledger, "Harbor builds use cache gamma")
    idle(ledger, old, 300)
    idle(ledger, fresh, 1)
    hits = recall.ranked(ledger, "harbor builds", now=NOW)
    assert ids(hits) == [fresh, old]
    assert hits[0].relevance == pytest.approx(hits[1].relevance)
    assert hits[0].decay > 0.9 > 0.01 > hits[1].decay
    # Pinned memories do not decay.
    review.set_pinned(ledger, old, True)
    pinned = recall.ranked(ledger, "harbor builds", now=NOW)
    assert {h.memory.id: h.decay for h in pinned}[old] == 1.0
    assert loose in ids(recall.ranked(ledger, "fridays", now=NOW))


def test_min_tier(ledger: Ledger) -> None:
    said = put(ledger, "The user drinks oolong tea")
    doc = put(ledger, "Oolong tea is semi-oxidised", SourceType.EXTERNAL_DOCUMENT)
    guess = put(ledger, "The user probably likes oolong tea", SourceType.INFERENCE)
    assert set(ids(recall.ranked(ledger, "oolong", now=NOW))) == {said, doc, guess}
    assert ids(recall.ranked(ledger, "oolong", now=NOW, max_tier=TrustTier.T1)) == [said]
    assert set(ids(recall.ranked(ledger, "oolong", now=NOW, max_tier=TrustTier.T2))) == {said, doc}


def test_common_words_are_scored_within_a_bounded_pool(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recall, "POOL", 5)
    monkeypatch.setattr(recall, "RARE", 4)  # a word in more than 4 memories is common
    common = [put(ledger, f"Project note number {n} about the build") for n in range(12)]
    rare = [put(ledger, f"Project note {n} about the zebra migration") for n in range(3)]
    idle(ledger, common[-1], 400)  # the newest common one has faded
    hits = recall.ranked(ledger, "zebra project", now=NOW, limit=10)
    # Every memory holding the rare word comes first, ranked by BM25 ...
    assert set(ids(hits[:3])) == set(rare) and {h.group for h in hits[:3]} == {1}
    assert all(h.relevance > 0 for h in hits[:3])
    # ... then the newest POOL holding the common word (the rare ones already ranked),
    # by decay alone: the faded one last.
    rest = hits[3:]
    assert {h.group for h in rest} == {2} and {h.relevance for h in rest} == {0.0}
    assert ids(rest) == [common[-2], common[-1]]
    # Every word common: the newest POOL holding the rarest of them.
    only_common = recall.ranked(ledger, "project note", now=NOW, limit=10)
    assert {h.group for h in only_common} == {2}
    assert set(ids(only_common)) == set((common + rare)[-5:])
    # Rare words are ranked among all their matches when they fit in the pool: the
    # oldest memory holding both rare words beats newer ones holding one.
    both = put(ledger, "Kiwi mango smoothie recipe")
    for n in range(3):
        put(ledger, f"Kiwi {n} notes")
    assert ids(recall.ranked(ledger, "kiwi mango", now=NOW, limit=1)) == [both]


def test_bad_queries(ledger: Ledger) -> None:
    with pytest.raises(InvalidInput, match="no words"):
        recall.ranked(ledger, " ...  ", now=NOW)
    with pytest.raises(InvalidInput, match="limit"):
        recall.ranked(ledger, "x", now=NOW, limit=0)
    # FTS5 syntax in a query is searched for, never parsed.
    put(ledger, 'The flag is "on" AND NEAR(x) * stays')
    assert len(recall.ranked(ledger, 'NEAR("on" AND *', now=NOW)) == 1


def test_the_recall_tool_counts_an_access_for_each_memory(ledger: Ledger) -> None:
    first = put(ledger, "Granite uses PostgreSQL 16")
    second = put(ledger, "Granite staging uses PostgreSQL 15")
    answer = tools.handle(ledger, tools.TOOLS, "recall", {"query": "granite"}, actor="mcp:a")
    assert not answer.error and set(answer.ids) == {first, second}
    for mid in (first, second):
        m = ledger.require(mid)
        assert m.access_count == 1 and m.last_accessed == "2026-11-30T12:00:00Z"
        [event] = ledger.events(memory_id=mid, actions=["access"])
        assert event.actor == "mcp:a" and event.detail == {"count": 1, "via": "recall"}
    [call] = ledger.events(actions=["mcp_call"])
    assert call.detail["tool"] == "recall" and call.detail["outcome"] == "2 recalled"
