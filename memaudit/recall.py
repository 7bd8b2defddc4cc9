"""Recall: the active memories that answer a query, best first, in bounded time.

What an agent retrieves must be what a person approved: only ``active`` memories are
ever considered (never pending, rejected, archived, superseded, expired or
forgotten). They are ranked by full-text relevance (FTS5's BM25) weighted by how
alive each memory is (the decay score at ``now``, the formula of ``memaudit.decay``)::

    score = relevance × (1 − DECAY_WEIGHT + DECAY_WEIGHT × decay score)

so of two equally relevant memories the fresher one comes first, and a much more
relevant memory still beats a fresher but vaguer one.

BM25 must score every document a term matches, and on a million memories a word
like "the" matches half of them (seconds of work). Such words carry almost no weight
in BM25 anyway (their inverse document frequency is near zero), so each recall scores
at most ``POOL`` index entries:

1. the query's words, rarest first, while the documents they match add up to at most
   ``POOL``: every active memory matching any of them is scored (exact BM25 ranking);
2. if that found fewer than ``limit`` memories, the newest ``POOL`` active memories
   holding the other (common) words are scored and ranked after the first group — all
   of them when every word is common (else any of them).

How common a word is costs one bounded index read each (``POOL + 1`` entries at most).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memaudit.clock import age_days
from memaudit.decay import DecayParams, decay_score
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger
from memaudit.model import Memory, MemoryFilter, SourceType, TrustTier
from memaudit.trust import source_types_for

POOL = 1000
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
    group: int  # 1: ranked among all matches of the informative words; 2: newest matches


def terms(query: str) -> list[str]:
    """The query's distinct words, as the FTS5 tokenizer would see them (first 16)."""
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(query)))
    return words[:MAX_TERMS]


def _phrase(word: str) -> str:
    return '"' + word.replace('"', "") + '"'


def _matches(ledger: Ledger, word: str) -> int:
    """How many documents hold ``word``, counted up to ``POOL + 1``."""
    row = ledger.conn.execute(
        "SELECT count(*) FROM (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)",
        (_phrase(word), POOL + 1),
    ).fetchone()
    return int(row[0])


def _tiers_up_to(max_tier: TrustTier | None) -> list[SourceType] | None:
    if max_tier is None:
        return None
    return [s for t in TrustTier if t.rank <= max_tier.rank for s in source_types_for(t)]


def _score(
    ledger: Ledger, match: str, types: list[SourceType] | None
) -> list[tuple[int, float, str | None, str | None, int, int]]:
    """(seq, relevance, created_at, last_accessed, access_count, pinned) of the newest
    ``POOL`` active memories matching ``match`` (the FTS index drives, newest first)."""
    sql = (
        "SELECT memories.seq, -bm25(memories_fts), memories.created_at, "
        "memories.last_accessed, memories.access_count, memories.pinned "
        "FROM memories_fts CROSS JOIN memories ON memories.seq = memories_fts.rowid "
        "WHERE memories_fts MATCH ? AND memories.status = 'active'"
    )
    params: list[object] = [match]
    if types is not None:
        sql += f" AND memories.source_type IN ({','.join('?' * len(types))})"
        params += [t.value for t in types]
    sql += " ORDER BY memories_fts.rowid DESC LIMIT ?"
    params.append(POOL)
    return [tuple(r) for r in ledger.conn.execute(sql, params)]  # type: ignore[misc]


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
    informative: list[str] = []
    total = 0
    for w in present:
        if total + counts[w] > POOL:
            break
        informative.append(w)
        total += counts[w]
    groups: list[tuple[int, list[tuple[int, float, str | None, str | None, int, int]]]] = []
    if informative:
        groups.append((1, _score(ledger, " OR ".join(map(_phrase, informative)), types)))
    common = present[len(informative) :]
    if sum(len(rows) for _, rows in groups) < limit and common:
        if informative:  # every memory holding all the words is in the first group
            rows = _score(ledger, " OR ".join(map(_phrase, common)), types)
        else:
            rows = _score(ledger, " ".join(map(_phrase, common)), types)
            if not rows:
                rows = _score(ledger, " OR ".join(map(_phrase, common)), types)
        groups.append((2, rows))
    hits: list[tuple[int, float, float, float, int]] = []  # group, score, rel, decay, seq
    seen: set[int] = set()
    for n, rows in groups:
        for seq, relevance, created, accessed, accesses, pinned in rows:
            if seq in seen:
                continue
            seen.add(seq)
            idle = age_days(accessed or created, now)
            alive = 1.0 if pinned or idle is None else decay_score(idle, int(accesses or 0), params)
            weight = 1.0 - DECAY_WEIGHT + DECAY_WEIGHT * alive
            hits.append((n, relevance * weight, relevance, alive, seq))
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
