"""Recall: the active memories that answer a query, best first, in bounded time.

What an agent retrieves must be what a person approved: only ``active`` memories are
ever considered (never pending, rejected, archived, superseded, expired or
forgotten). They are ranked by full-text relevance (FTS5's BM25) weighted by how
alive each memory is (the decay score at ``now``, the formula of ``memaudit.decay``)::

    score = relevance × (1 − DECAY_WEIGHT + DECAY_WEIGHT × decay score)

so of two equally relevant memories the fresher one comes first, and a much more
relevant memory still beats a fresher but vaguer one.

BM25 is costly on common words: to score one document FTS5 first counts every document
each of the query's words appears in, and on a million memories "the" is in half of
them. Such words carry almost no weight in BM25 anyway (their inverse document
frequency is near zero). So each recall does bounded work:

1. How common each word is, counted up to ``RARE`` documents (one bounded index read
   per word; English function words — "the", "is", "which" — are left out unless the
   query holds nothing else).
2. **Rare words** (in at most ``RARE`` documents; the rarest ``MAX_ANCHORS``): the
   newest ``POOL`` active memories holding any of them are ranked by BM25 over those
   words — every such memory when they hold ``POOL`` or fewer, so the ranking is exact
   for specific queries.
3. If that finds fewer than ``limit`` (or every word is common): the newest ``POOL``
   active memories holding the rarest remaining word follow, ranked by decay alone
   (their relevance is reported as 0: a common word says little about relevance).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memaudit.clock import to_iso
from memaudit.conflicts import STOPWORDS
from memaudit.decay import DecayParams, decay_score
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger
from memaudit.model import Memory, MemoryFilter, SourceType, TrustTier
from memaudit.trust import source_types_for

POOL = 500  # memories scored per group
RARE = 10_000  # a word in more documents than this is common
MAX_ANCHORS = 4
MAX_TERMS = 16
MAX_LIMIT = 50
DECAY_WEIGHT = 0.5
_WORD = re.compile(r"\w+")


@dataclass(slots=True)
class Hit:
    memory: Memory
    relevance: float  # -BM25 (higher is more relevant), within its group
    decay: float  # the decay score at ``now`` (1.0 for pinned memories)
    score: float
    group: int  # 1: ranked by BM25 over the query's rare words; 2: a common word, by decay


def terms(query: str) -> list[str]:
    """The query's distinct words, as the FTS5 tokenizer sees them (the first 16), without
    English function words (the ones contradiction detection ignores too) — unless the
    query holds nothing else: they say nothing about relevance, and counting how common
    they are is the costliest part of a recall on a large store."""
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(query)))
    content = [w for w in words if w not in STOPWORDS]
    return (content or words)[:MAX_TERMS]


def _phrase(word: str) -> str:
    return '"' + word.replace('"', "") + '"'


def _matches(ledger: Ledger, word: str) -> int:
    """How many documents hold ``word``, counted up to ``RARE + 1``."""
    row = ledger.conn.execute(
        "SELECT count(*) FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)",
        (_phrase(word), RARE + 1),
    ).fetchone()
    return int(row[0])


def _tiers_up_to(max_tier: TrustTier | None) -> list[SourceType] | None:
    if max_tier is None:
        return None
    return [s for t in TrustTier if t.rank <= max_tier.rank for s in source_types_for(t)]


Row = tuple[int, float, float | None, int, int]


def _score(
    ledger: Ledger,
    words: Sequence[str],
    types: list[SourceType] | None,
    now: datetime,
    *,
    bm25: bool,
) -> list[Row]:
    """(seq, relevance, idle days, access_count, pinned) of the newest ``POOL`` active
    memories holding any of ``words`` (the FTS index drives, newest first); relevance
    is BM25 over those words, or 0 when not asked for."""
    relevance = "-bm25(memories_fts)" if bm25 else "0.0"
    sql = (
        f"SELECT memories.seq, {relevance}, "
        "julianday(?) - julianday(coalesce(memories.last_accessed, memories.created_at)), "
        "memories.access_count, memories.pinned "
        "FROM memories_fts CROSS JOIN memories ON memories.seq = memories_fts.rowid "
        "WHERE memories_fts MATCH ? AND memories.status = 'active'"
    )
    params: list[object] = [to_iso(now), " OR ".join(map(_phrase, words))]
    if types is not None:
        sql += f" AND memories.source_type IN ({','.join('?' * len(types))})"
        params += [t.value for t in types]
    sql += " ORDER BY memories_fts.rowid DESC LIMIT ?"
    params.append(POOL)
    return [tuple(r) for r in ledger.conn.execute(sql, params)]


def ranked(
    ledger: Ledger,
    query: str,
    *,
    now: datetime,
    limit: int = 10,
    max_tier: TrustTier | None = None,
    params: DecayParams | None = None,
) -> list[Hit]:
    """The best ``limit`` active memories for ``query`` (see the module docstring)."""
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit must be between 1 and {MAX_LIMIT}, got {limit}")
    words = terms(query)
    if not words:
        raise InvalidInput("the query has no words to search for")
    params = params or DecayParams.from_policy(ledger.policy())
    types = _tiers_up_to(max_tier)
    counts = {w: _matches(ledger, w) for w in words}
    present = sorted((w for w in words if counts[w]), key=lambda w: (counts[w], w))
    rare = [w for w in present if counts[w] <= RARE][:MAX_ANCHORS]
    common = [w for w in present if counts[w] > RARE]
    groups: list[tuple[int, list[Row]]] = []
    if rare:
        groups.append((1, _score(ledger, rare, types, now, bm25=True)))
    if common and sum(len(rows) for _, rows in groups) < limit:
        groups.append((2, _score(ledger, common[:1], types, now, bm25=False)))
    hits: list[tuple[int, float, float, float, int]] = []  # group, score, rel, decay, seq
    seen: set[int] = set()
    for n, rows in groups:
        for seq, relevance, idle, accesses, pinned in rows:
            if seq in seen:
                continue
            seen.add(seq)
            alive = 1.0 if pinned or idle is None else decay_score(idle, int(accesses or 0), params)
            weight = 1.0 - DECAY_WEIGHT + DECAY_WEIGHT * alive
            hits.append((n, relevance * weight if n == 1 else alive, relevance, alive, seq))
    hits.sort(key=lambda h: (h[0], -h[1], -h[4]))
    best = hits[:limit]
    by_seq = _by_seq(ledger, [h[4] for h in best])
    return [
        Hit(by_seq[seq], rel, alive, score, group)
        for group, score, rel, alive, seq in best
        if seq in by_seq
    ]


def _by_seq(ledger: Ledger, seqs: Sequence[int]) -> dict[int, Memory]:
    if not seqs:
        return {}
    rows = ledger.conn.execute(
        f"SELECT seq, id FROM memories WHERE seq IN ({','.join('?' * len(seqs))})", list(seqs)
    ).fetchall()
    ids = {mid: seq for seq, mid in rows}
    found = ledger.query(MemoryFilter(ids=list(ids)))
    return {ids[m.id]: m for m in found}
