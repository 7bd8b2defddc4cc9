"""Near-duplicate texts without comparing all pairs: bottom-k sketches, blocking, and
an exact check of the candidates."""

from __future__ import annotations

import math
import zlib
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable
from itertools import combinations, compress, repeat, starmap
from operator import add, le, mul, xor
from typing import Any, cast

from memaudit.fingerprint import shingles

SKETCH = 8  # bottom-k sketch size per memory
SKETCH_SLACK = 0.25  # how far below the threshold a sketch estimate may be
BUCKET_CAP = 64  # larger blocks are compared by sorted neighbourhood only
WINDOW = 4
MASK_BITS = 256  # bits of the trigram masks that filter a block's pairs (a power of 2)
# Added to each room: far above the rounding of floats (of a room, relative 1e-16; of
# the exact check's division, which may round a similarity a hair below the threshold
# up to it), far below the 1 between two bit counts.
ROOM_MARGIN = 1e-6
_BIT = [1 << j for j in range(256)]  # a mask's bits, looked up (MASK_BITS at most 256)


def sketch(text: str) -> tuple[int, ...]:
    """The ``SKETCH`` smallest CRC-32s of the text's word trigrams (a bottom-k MinHash:
    two texts with Jaccard J share each minimum with probability about J)."""
    return tuple(sorted(set(map(zlib.crc32, map(str.encode, shingles(text)))))[:SKETCH])


def estimate(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Jaccard estimated from two bottom-k sketches."""
    sa, sb = set(a), set(b)
    return _estimate(sa, sb, sa & sb)


def _estimate(sa: frozenset[int] | set[int], sb: Iterable[int], shared: Any) -> float:
    """The share of the union's bottom-k that both sketches hold (``shared`` = sa & sb)."""
    if not shared:
        return 0.0
    union = sorted(sa.union(sb))[:SKETCH]
    # The shared values at most the union's k-th are those in the union's bottom-k.
    return len(shared.intersection(union)) / len(union)


def room(count: int, threshold: float) -> float:
    """How many of a memory's ``count`` trigrams may be missing from another memory
    that is still a near duplicate of it, shared with that other's room (an exact
    bound). Jaccard J = |a ∩ b| / (|a| + |b| − |a ∩ b|) ≥ t needs
    |a ∩ b| ≥ t(|a| + |b|) / (1 + t), so |a △ b| = |a| + |b| − 2|a ∩ b| is at most
    (|a| + |b|)(1 − t) / (1 + t): room(|a|) + room(|b|). Plus ``ROOM_MARGIN``; with no
    limit at a threshold of 0 or less (every pair has J ≥ 0)."""
    if threshold <= 0:
        return math.inf
    return count * (1 - threshold) / (1 + threshold) + ROOM_MARGIN


def trigram_mask(crcs: Iterable[int]) -> int:
    """One bit per trigram, from its CRC-32 (the low bits: ``MASK_BITS`` of them). Any
    function of the trigram would do: a bit set in one of two masks only is set by a
    trigram the other memory does not hold, and two such bits by two such trigrams, so
    the popcount of two masks' XOR is at most |a △ b|, however many trigrams share a
    bit. (Of the CRC, not of the trigram's number: the same masks in every process.)"""
    low = MASK_BITS - 1
    return sum(map(_BIT.__getitem__, set(map(low.__and__, crcs))))


def _candidates(
    sketches: list[tuple[int, ...]], masks: list[int], rooms: list[float], floor: float
) -> tuple[list[int], int]:
    """The pairs (``a * len(sketches) + b``, a < b) that the blocking makes, that may
    reach the threshold and that the sketches pass, and the number of block pairs
    looked at.

    Each memory is filed under each value of its sketch; the pairs of a block of at
    most ``BUCKET_CAP`` memories, and the neighbours within ``WINDOW`` in sketch order
    of a larger one, are the blocking's pairs. A pair passes with at least the bound of
    one of its two memories shared (``need``) and its estimate at least ``floor``.

    The blocks' pairs are filtered in C first, on what the exact check asks: a pair
    whose trigram masks differ on more bits than the two memories' rooms
    (``trigram_mask``, ``room``) has more trigrams one holds and the other does not
    than a pair of near duplicates may have, so it is dropped, never judged. The few
    left (deduplicated, in a set of integers) are judged on their sketches, once each.
    (The filter was a popcount of the sketches' masks' AND against the block's smallest
    ``need``: at 1M memories 1.69M pairs judged, 618k passing, 104k of them near
    duplicates; now 113k judged, 111k passing.)
    """
    # A pair passes the filter with at least floor × min(SKETCH, |a|, |b|) shared values,
    # i.e. (the bound grows with the length) at least the bound of one of the two.
    need = [math.ceil(floor * min(SKETCH, len(sk))) for sk in sketches]
    # Filed in sketch order, ties in the order given (a stable sort): a large block's
    # members are then in the order its neighbours are taken in, with no sort per block.
    blocks: dict[int, list[int]] = defaultdict(list)
    for i in sorted(range(len(sketches)), key=sketches.__getitem__):
        for value in sketches[i]:
            blocks[value].append(i)
    total = len(sketches)
    considered = 0
    left: set[int] = set()
    for members in blocks.values():
        n = len(members)
        if n < 2:
            continue
        if n <= BUCKET_CAP:
            # Ascending: each pair then comes as (smaller, larger).
            members.sort()
            ms = list(map(masks.__getitem__, members))
            rs = list(map(rooms.__getitem__, members))
            # Each pair's bit count against the sum of its two rooms.
            differ = map(int.bit_count, starmap(xor, combinations(ms, 2)))
            keep = list(map(le, differ, starmap(add, combinations(rs, 2))))
            considered += len(keep)
            kept = list(compress(combinations(members, 2), keep))
            if kept:
                smaller, larger = zip(*kept, strict=True)
                left.update(map(add, map(mul, smaller, repeat(total)), larger))
            continue
        ms = list(map(masks.__getitem__, members))
        rs = list(map(rooms.__getitem__, members))
        for d in range(1, WINDOW + 1):
            differ = map(int.bit_count, map(xor, ms, ms[d:]))
            keep = list(map(le, differ, map(add, rs, rs[d:])))
            considered += len(keep)
            first = list(compress(members, keep))
            second = list(compress(members[d:], keep))
            left.update(
                map(add, map(mul, map(min, first, second), repeat(total)), map(max, first, second))
            )
    blocks.clear()
    # Judged in order (a, then b), each once: a's set is made once for all of its pairs,
    # and the pairs kept come out in order (the exact check then makes each first
    # memory's trigram set once). A loop, not column-wise: judging each chunk of 65,536
    # pairs as a chain of `map`s (in C) held every pair's shared set at once and was
    # slower (1M, standalone, under the lock: 19.1 / 19.8 s against 16.5 / 17.2 s).
    pairs = sorted(left)
    left.clear()
    out = []
    last = -1
    sa: frozenset[int] = frozenset()
    need_a = 0
    for pair in pairs:
        a, b = divmod(pair, total)
        if a != last:
            last, sa, need_a = a, frozenset(sketches[a]), need[a]
        # One set per pair, not two: the other sketch is read as it is (a tuple).
        sb = sketches[b]
        shared = sa.intersection(sb)
        k = len(shared)
        if k >= need_a or k >= need[b]:
            # ``_estimate`` inline (a million calls at 1M memories): the share of the
            # union's bottom-k that both hold. Never empty: a memory has a sketch.
            union = sorted(sa.union(sb))[:SKETCH]
            if len(shared.intersection(union)) / len(union) >= floor:
                out.append(pair)
    return out, considered


def near_duplicate_pairs(
    items: Iterable[tuple[int, str]],
    threshold: float,
    stats: dict[str, int] | None = None,
    *,
    order: Callable[[int], Any] | None = None,
) -> list[tuple[int, int, float]]:
    """Pairs of keys whose texts have word-trigram Jaccard ≥ threshold.

    The memories are numbered in the order given, or by ``order(key)`` when it is given
    (called once per key, after the texts are read): the numbering decides how ties of
    the sketch order fall in a large block.

    Blocking, never all pairs: each memory is filed under each value of its sketch;
    memories in the same block are candidates (a block larger than ``BUCKET_CAP``
    only pairs neighbours in sketch order). A candidate's similarity is estimated
    from the sketches (the share of the union's bottom-k held by both); only those
    within ``SKETCH_SLACK`` of the threshold are compared exactly.

    Every block's pairs go through a cheap filter first, in C (``_candidates``: a lower
    bound of the trigrams one of the two holds and the other does not, from bit masks
    of their trigrams, against what the threshold allows); a pair is judged once,
    however many blocks it shares (the judgement depends on the pair only). ``stats``:
    the memories, the block pairs looked at, and the candidates compared exactly.

    Each text is read and split into trigrams once: a trigram is numbered the first
    time it is met (its CRC-32 computed then, once), and a text is kept as the array
    of its trigrams' numbers, which is all the exact comparison needs (the same sets,
    renamed). Generated and templated stores share most trigrams: 1M memories have
    276k distinct texts but 146k distinct trigrams.
    """
    floor = threshold - SKETCH_SLACK
    # Memories are numbered in the order given; per number: its key, its sketch and its
    # trigram numbers. Sketches stay tuples (a set of 8 takes six times the memory of a
    # tuple: 200 MB at 1M memories); the pairs are filtered on bit masks.
    keys: list[int] = []
    sketches: list[tuple[int, ...]] = []
    grams_of: list[array[int]] = []
    number: dict[str, int] = {}
    crcs: list[int] = []  # trigram number → its CRC-32
    crc_of = crcs.__getitem__
    known = number.get
    masks: list[int] = []  # per memory, ``trigram_mask`` of its trigrams
    for key, text in items:
        grams = shingles(text)
        if not grams:
            continue
        # One lookup per trigram (most texts have none that is new): a set iterates in
        # the same order twice while unchanged, so `ids` lines up with `grams`.
        found = list(map(known, grams))
        if None in found:  # trigrams met for the first time: numbered now
            for i, g in enumerate(grams):
                if found[i] is None:
                    found[i] = number[g] = len(crcs)
                    crcs.append(zlib.crc32(g.encode()))
        ids = cast("list[int]", found)  # every one numbered now
        keys.append(key)
        grams_of.append(array("i", ids))  # from a list: faster
        # From the list, not the array: its ints exist already (none made again).
        values = set(map(crc_of, ids))
        sketches.append(tuple(sorted(values)[:SKETCH]))
        masks.append(trigram_mask(values))
    number.clear()
    crcs.clear()
    if order is not None:
        by = list(map(order, keys))
        perm = sorted(range(len(keys)), key=by.__getitem__)
        by.clear()
        keys = list(map(keys.__getitem__, perm))
        sketches = list(map(sketches.__getitem__, perm))
        masks = list(map(masks.__getitem__, perm))
        grams_of = list(map(grams_of.__getitem__, perm))
    total = len(keys)
    rooms = [room(len(g), threshold) for g in grams_of]
    candidates, considered = _candidates(sketches, masks, rooms, floor)
    sketches.clear()
    masks.clear()
    if stats is not None:
        stats.update(memories=len(keys), considered=considered, candidates=len(candidates))
    if not candidates:
        return []
    out = []
    last = -1
    seen: set[int] = set()
    # The candidates come in order (x, then y): x's trigram set is made once for all
    # of its pairs.
    for x, y in map(divmod, candidates, repeat(total)):
        ga, gb = grams_of[x], grams_of[y]
        if x != last:
            last, seen = x, set(ga)
        inter = len(seen.intersection(gb))
        # = jaccard() of the trigram sets: |a ∪ b| = |a| + |b| - |a ∩ b|.
        sim = inter / (len(ga) + len(gb) - inter)
        if sim >= threshold:
            a, b = keys[x], keys[y]
            out.append((a, b, sim) if a < b else (b, a, sim))
    grams_of.clear()
    out.sort()
    return out
