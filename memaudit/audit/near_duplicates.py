"""Near-duplicate texts without comparing all pairs: bottom-k sketches, blocking, and
an exact check of the candidates."""

from __future__ import annotations

import math
import zlib
from array import array
from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations, compress, repeat, starmap
from operator import and_
from typing import Any

from memaudit.fingerprint import shingles

SKETCH = 8  # bottom-k sketch size per memory
SKETCH_SLACK = 0.25  # how far below the threshold a sketch estimate may be
BUCKET_CAP = 64  # larger blocks are compared by sorted neighbourhood only
WINDOW = 4


def sketch(text: str) -> tuple[int, ...]:
    """The ``SKETCH`` smallest CRC-32s of the text's word trigrams (a bottom-k MinHash:
    two texts with Jaccard J share each minimum with probability about J)."""
    return tuple(sorted(set(map(zlib.crc32, map(str.encode, shingles(text)))))[:SKETCH])


def estimate(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Jaccard estimated from two bottom-k sketches."""
    sa, sb = set(a), set(b)
    return _estimate(sa, sb, sa & sb)


def _estimate(sa: frozenset[int] | set[int], sb: frozenset[int] | set[int], shared: Any) -> float:
    """The share of the union's bottom-k that both sketches hold (``shared`` = sa & sb)."""
    if not shared:
        return 0.0
    union = sorted(sa | sb)[:SKETCH]
    # The shared values at most the union's k-th are those in the union's bottom-k.
    return len(shared.intersection(union)) / len(union)


def near_duplicate_pairs(
    items: Iterable[tuple[int, str]],
    threshold: float,
    stats: dict[str, int] | None = None,
) -> list[tuple[int, int, float]]:
    """Pairs of keys whose texts have word-trigram Jaccard ≥ threshold.

    Blocking, never all pairs: each memory is filed under each value of its sketch;
    memories in the same block are candidates (a block larger than ``BUCKET_CAP``
    only pairs neighbours in sketch order). A candidate's similarity is estimated
    from the sketches (the share of the union's bottom-k held by both); only those
    within ``SKETCH_SLACK`` of the threshold are compared exactly.

    Every block's pairs go through a cheap filter first (the estimate's numerator is
    at most the shared count); a pair is judged once, however many blocks it shares
    (the judgement depends on the pair only).

    Each text is read and split into trigrams once: a trigram is numbered the first
    time it is met (its CRC-32 computed then, once), and a text is kept as the array
    of its trigrams' numbers, which is all the exact comparison needs (the same sets,
    renamed). Generated and templated stores share most trigrams: 1M memories have
    276k distinct texts but 146k distinct trigrams.
    """
    floor = threshold - SKETCH_SLACK
    considered = 0
    # Memories are numbered in the order given; per number: its key, its sketch, its
    # trigram numbers and the shared count its pairs need. Sketches stay tuples: a
    # block makes the sets it compares (a set of 8 takes six times the memory of a
    # tuple: 200 MB at 1M memories).
    keys: list[int] = []
    sketches: list[tuple[int, ...]] = []
    grams_of: list[array[int]] = []
    number: dict[str, int] = {}
    crcs: list[int] = []  # trigram number → its CRC-32
    crc_of = crcs.__getitem__
    for key, text in items:
        grams = shingles(text)
        if not grams:
            continue
        for g in grams.difference(number):  # its trigrams met for the first time
            number[g] = len(crcs)
            crcs.append(zlib.crc32(g.encode()))
        ids = array("i", map(number.__getitem__, grams))
        keys.append(key)
        grams_of.append(ids)
        sketches.append(tuple(sorted(set(map(crc_of, ids)))[:SKETCH]))
    number.clear()
    crcs.clear()
    # A pair passes the filter with at least floor × min(SKETCH, |a|, |b|) shared values,
    # i.e. (the bound grows with the length) at least the bound of one of the two.
    need = [math.ceil(floor * min(SKETCH, len(sk))) for sk in sketches]
    blocks: dict[int, list[int]] = defaultdict(list)
    for i, sk in enumerate(sketches):
        for value in sk:
            blocks[value].append(i)
    # Sketch order, ties in the order given (a stable sort): large blocks are sorted
    # by this rank, which orders their members as sorting by sketch would.
    rank = [0] * len(sketches)
    for r, i in enumerate(sorted(range(len(sketches)), key=sketches.__getitem__)):
        rank[i] = r
    total = len(keys)
    # Every pair is judged once, whatever blocks it shares: its judgement depends on the
    # pair only (the shared count, the estimate), and a block's bound (`lo`) never drops
    # a pair the judgement would keep. A pair with a shared value whose block is small
    # is judged in the first such block (the smallest value; all its pairs are looked
    # at); the others (only large blocks in common) are checked against those already
    # seen, as one integer each in a set, in C. At 1M memories the set holds a fraction
    # of the 2.1M pairs judged (it held them all: 130 MB).
    small = frozenset(v for v, m in blocks.items() if 2 <= len(m) <= BUCKET_CAP)
    seen: set[int] = set()
    candidates: set[int] = set()
    for value, members in blocks.items():
        n = len(members)
        if n < 2:
            continue
        # The shared counts are computed in C (map over the pairs' sets); only pairs
        # reaching the block's smallest bound are looked at one by one.
        lo = min([need[m] for m in members])
        if n <= BUCKET_CAP:
            ss = list(map(frozenset, map(sketches.__getitem__, members)))
            sets = dict(zip(members, ss, strict=True))
            common = list(starmap(and_, combinations(ss, 2)))
            bound = list(map(lo.__le__, map(len, common)))
            # Of those reaching the bound, the pairs whose first small block this is.
            first = map(value.__eq__, map(min, map(small.intersection, compress(common, bound))))
            # Members are in ascending order: each pair comes as (smaller, larger).
            pairs = compress(compress(combinations(members, 2), bound), first)
            fresh = {a * total + b for a, b in pairs}
            considered += n * (n - 1) // 2
        else:
            ordered = sorted(members, key=rank.__getitem__)
            ss = list(map(frozenset, map(sketches.__getitem__, ordered)))
            sets = dict(zip(ordered, ss, strict=True))
            fresh = set()
            for d in range(1, WINDOW + 1):
                common = list(map(and_, ss, ss[d:]))
                keep = map(and_, map(lo.__le__, map(len, common)), map(small.isdisjoint, common))
                fresh.update(
                    a * total + b if a < b else b * total + a
                    for a, b in compress(zip(ordered, ordered[d:], strict=False), keep)
                )
            considered += sum(max(0, n - d) for d in range(1, WINDOW + 1))
            fresh -= seen
            seen |= fresh
        if not fresh:
            continue
        for pair in fresh:
            a, b = divmod(pair, total)
            sa, sb = sets[a], sets[b]
            shared = sa & sb
            k = len(shared)
            if k < need[a] and k < need[b]:
                continue  # rare here: only pairs at or above the block's bound come
            if _estimate(sa, sb, shared) >= floor:
                candidates.add(pair)
    seen.clear()
    blocks.clear()
    sketches.clear()
    if stats is not None:
        stats.update(memories=len(keys), considered=considered, candidates=len(candidates))
    if not candidates:
        return []
    out = []
    for x, y in map(divmod, candidates, repeat(total)):
        ga, gb = grams_of[x], grams_of[y]
        inter = len(set(ga).intersection(gb))
        # = jaccard() of the trigram sets: |a ∪ b| = |a| + |b| - |a ∩ b|.
        sim = inter / (len(ga) + len(gb) - inter)
        if sim >= threshold:
            a, b = keys[x], keys[y]
            out.append((a, b, sim) if a < b else (b, a, sim))
    grams_of.clear()
    out.sort()
    return out
