"""Whether ``find`` gives a candidate for a few memories against the rest
(``has_candidate``): its answer, from the pairs themselves instead of the blocks.

The review listing asks this of each pending item against its ~75 neighbours, ~2k
times at 200k, and only wants yes or no. ``find`` builds a block per (slot, subject
word) of the item and walks every member of each: most of a neighbour pool shares a
slot and a dozen words with the item, so the same pairs are visited a dozen times.
Here each pair is looked at once: the blocks it shares, their sizes (only a block
over ``EXACT_BLOCK`` picks representatives), the score ``find`` reaches its floor
with, then ``slot_candidate``'s exact score. A text that states a change (the pairs
``change_candidates`` makes) sends the question to ``find`` itself.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING

from memaudit.conflicts.search import (
    BLOCK_CAP,
    EXACT_BLOCK,
    MIN_SCORE,
    REPRESENTATIVES,
    _limits,
    find,
)
from memaudit.conflicts.slots import _similarity, slot_candidate
from memaudit.conflicts.text import Features, features

if TYPE_CHECKING:
    from memaudit.conflicts.candidate import Comparable

_NO_SUBJECT = frozenset({""})  # ``find`` blocks a text without subject words under ""


def has_candidate(
    memories: Sequence[Comparable],
    only: set[str],
    *,
    min_score: float = MIN_SCORE,
    featurize: Callable[[str], Features] = features,
) -> bool:
    """``bool(find(memories, only=only, min_score=min_score, featurize=featurize))``."""
    cache: dict[str, Features] = {}
    feats: list[Features] = []
    for m in memories:
        f = cache.get(m.content)
        if f is None:
            f = cache[m.content] = featurize(m.content)
        feats.append(f)
    if not only or any(f.changes for f in cache.values()):
        return bool(find(memories, only=only, min_score=min_score, featurize=featurize))
    mine = [i for i, m in enumerate(memories) if m.id in only]
    pairs = _offered(memories, feats, mine, only)
    if not pairs:
        return False
    # The idf ``find`` works out, for the words these pairs read: each counted over
    # every memory (the same floats; the other words are never read).
    wanted = frozenset().union(*(feats[k].subject for pair in pairs for k in pair))
    df = Counter(chain.from_iterable([f.subject & wanted for f in feats]))
    logs = _logs(max(1, len(memories)))
    idf = {t: logs[c] for t, c in df.items()}
    return _any_pair(memories, feats, pairs, idf, min_score)


@dataclass(slots=True)
class Neighbourhood:
    """Memories several items are each compared with (a review listing's pool, shared
    by the items that search with the same words), read once: what ``has_candidate``
    works out of them for every item. Indices are those of ``[item, *members]``."""

    members: Sequence[Comparable]
    feats: list[Features]
    named: dict[str, list[int]]  # slot → the members naming it (their indices, rising)
    words: Counter[str]  # subject word → how many members hold it
    changes: bool  # a member states a change (``find`` then answers)
    ids: frozenset[str]

    @classmethod
    def of(
        cls, members: Sequence[Comparable], featurize: Callable[[str], Features] = features
    ) -> Neighbourhood:
        feats = [featurize(m.content) for m in members]
        named: dict[str, list[int]] = {}
        for k, f in enumerate(feats, 1):
            for slot in f.values:
                named.setdefault(slot, []).append(k)
        words = Counter(chain.from_iterable(f.subject for f in feats))
        changes = any(f.changes for f in feats)
        return cls(members, feats, named, words, changes, frozenset(m.id for m in members))


def has_candidate_against(
    memory: Comparable,
    hood: Neighbourhood,
    *,
    min_score: float = MIN_SCORE,
    featurize: Callable[[str], Features] = features,
) -> bool:
    """``has_candidate([memory, *hood.members], {memory.id}, ...)``, with the members'
    part (their features, who names each slot, the words' counts) read from ``hood``."""
    memories = [memory, *hood.members]
    own = featurize(memory.content)
    if own.changes or hood.changes or memory.id in hood.ids:
        # ``find`` answers, or the item's id is a member's too (both on the item's side)
        return has_candidate(memories, {memory.id}, min_score=min_score, featurize=featurize)
    feats = [own, *hood.feats]
    named = {slot: [0, *hood.named.get(slot, ())] for slot in own.values}
    pairs = _offered(memories, feats, [0], {memory.id}, named)
    if not pairs:
        return False
    # ``has_candidate``'s counts, from the members' counted once: the same integers.
    wanted = frozenset().union(*(feats[k].subject for pair in pairs for k in pair))
    logs = _logs(len(memories))
    words = hood.words
    idf = {t: logs[words[t] + (t in own.subject)] for t in wanted}
    return _any_pair(memories, feats, pairs, idf, min_score)


def _any_pair(
    memories: Sequence[Comparable],
    feats: list[Features],
    pairs: dict[tuple[int, int], str],
    idf: dict[str, float],
    min_score: float,
) -> bool:
    """Whether one of the offered pairs is a candidate of at least ``min_score``."""
    floor = min_score - 0.0005 - 1e-9
    for (i, j), slot in pairs.items():
        if not _reaches(memories[i], feats[i], memories[j], feats[j], idf, floor):
            continue
        cand = slot_candidate(memories[i], feats[i], memories[j], feats[j], slot, idf)
        if cand is not None and cand.score >= min_score:
            return True
    return False


@functools.lru_cache(maxsize=64)
def _logs(n: int) -> tuple[float, ...]:
    """``find``'s idf of a word in ``c`` of ``n`` memories, ``log(1 + n / c)``, at index c."""
    return (0.0, *(math.log(1 + n / c) for c in range(1, n + 1)))


def _offered(
    memories: Sequence[Comparable],
    feats: list[Features],
    mine: list[int],
    only: set[str],
    named: dict[str, list[int]] | None = None,
) -> dict[tuple[int, int], str]:
    """The pairs (lower index first) some block of ``find`` offers, one of their slots
    each: a slot both name with different values, a subject word both hold (or neither
    holds one), and in a block over ``EXACT_BLOCK`` both among the kept members.
    ``named``: who names each slot of ``mine``, when the caller knows it."""
    mine_set = set(mine)
    if named is None:
        slots = {slot for i in mine for slot in feats[i].values}
        named = {slot: [k for k, f in enumerate(feats) if slot in f.values] for slot in slots}
    kept: dict[tuple[str, str], set[int] | None] = {}  # per big block: who it keeps
    pairs: dict[tuple[int, int], str] = {}
    for i in mine:
        fi = feats[i]
        ti = fi.subject or _NO_SUBJECT
        # Only a memory naming one of the item's slots can pair with it (any other's
        # every slot reads None below): those, in rising order, not every memory.
        own = list(fi.values)
        if len(own) == 1:
            others: Sequence[int] = named[own[0]]
        else:
            others = sorted(set().union(*(named[slot] for slot in own)))
        for j in others:
            fj = feats[j]
            if j == i or (j in mine_set and j < i):
                continue
            common: frozenset[str] | None = None
            for slot, vi in fi.values.items():
                vj = fj.values.get(slot)
                if vj is None or vj == vi:
                    continue
                if common is None:
                    common = ti & (fj.subject or _NO_SUBJECT)
                if not common:
                    break  # no block holds both, whatever the slot
                if len(named[slot]) <= EXACT_BLOCK or any(
                    (block := _kept(memories, feats, named[slot], slot, t, only, kept)) is not None
                    and i in block
                    and j in block
                    for t in common
                ):
                    pairs[(i, j) if i < j else (j, i)] = slot
                    break
    return pairs


def _kept(
    memories: Sequence[Comparable],
    feats: list[Features],
    named: list[int],
    slot: str,
    term: str,
    only: set[str],
    kept: dict[tuple[str, str], set[int] | None],
) -> set[int] | None:
    """The members block (slot, term) compares, as ``find`` picks them: all of them up
    to ``EXACT_BLOCK``, else per value the memories in ``only`` and the newest
    ``REPRESENTATIVES``; None when ``find`` skips the block (over ``BLOCK_CAP``)."""
    key = (slot, term)
    if key in kept:
        return kept[key]
    members = [k for k in named if term in (feats[k].subject or _NO_SUBJECT)]
    found: set[int] | None
    if len(members) > BLOCK_CAP:
        found = None
    elif len(members) <= EXACT_BLOCK:
        found = set(members)
    else:
        groups: dict[frozenset[str], list[int]] = {}
        for k in members:
            groups.setdefault(feats[k].values[slot], []).append(k)
        found = set()
        for idxs in groups.values():
            # ``find``'s order: (created_at, id), ties by index (a stable sort).
            idxs.sort(key=lambda k: (memories[k].created_at or "", memories[k].id))
            found.update(k for k in idxs if memories[k].id in only)
            found.update(idxs[-REPRESENTATIVES:])
    kept[key] = found
    return found


def _reaches(
    a: Comparable, fa: Features, b: Comparable, fb: Features, idf: dict[str, float], floor: float
) -> bool:
    """Whether ``find``'s pair loop keeps the pair (``a`` the lower index): its bound on
    the subject weights and its score reach ``floor``, as the loop computes them (the
    loop inlines this for its millions of pairs: the tests compare the two answers)."""
    si, sj = fa.subject, fb.subject
    marked = bool(fa.markers) or bool(fb.markers)
    differ = bool(a.scope and b.scope and a.scope != b.scope)
    if si and sj:
        least, _ = _limits(floor, marked=marked, scopes_differ=differ, prune=True)
        wi, wj = sum([idf[t] for t in si]), sum([idf[t] for t in sj])
        if wi < wj * least or wj < wi * least:
            return False
        # The exact similarity, as the loop now scores it (``_similarity``'s float).
        sim = _similarity(fa, fb, idf) if si & sj else 0.0
    else:
        sim = 0.5 if not si and not sj else 0.3
    score = 0.25 + 0.6 * sim + (0.15 if marked else 0.0)
    if differ:
        score *= 0.75
    return min(1.0, score) >= floor and a.id != b.id
