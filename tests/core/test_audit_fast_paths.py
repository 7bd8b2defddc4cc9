"""The audit's fast paths give what the plain definitions give: word trigrams of ASCII
text without the full normalisation, and near-duplicate pairs judged on trigram numbers
instead of the trigram strings."""

from __future__ import annotations

import math
import random
import re
import zlib
from itertools import combinations
from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from memaudit.audit import near_duplicate_pairs, near_duplicates
from memaudit.audit.near_duplicates import SKETCH, SKETCH_SLACK, estimate, sketch
from memaudit.fingerprint import jaccard, normalize, shingles


def _shingles_by_definition(text: str, size: int = 3) -> set[str]:
    words = re.findall(r"\w+", normalize(text))
    if len(words) < size:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


# ASCII with every kind of white space and punctuation, and some text that NFKC,
# case folding or the invisible characters change.
_CHARS = st.sampled_from(
    list("abcXYZ019_ -.,'\t\n\r\x0b\x0c\x1c\x1f")
    + ["é", "ß", "İ", "ﬁ", "\u200b", "\u00ad", "\u2028"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_CHARS, max_size=40).map("".join))
def test_shingles_are_the_normalised_texts_word_trigrams(text: str) -> None:
    assert shingles(text) == _shingles_by_definition(text)


def _pairs_by_definition(texts: dict[int, str], threshold: float) -> list[tuple[int, int, float]]:
    """Every pair, judged as the blocking judges a pair of one small block: it shares a
    sketch value, enough of them, its sketch estimate is near enough, and its exact
    similarity (on the trigram strings) reaches the threshold."""
    floor = threshold - SKETCH_SLACK
    sketches = {k: sketch(t) for k, t in texts.items()}
    out = []
    for a, b in combinations(sorted(k for k in texts if sketches[k]), 2):
        sa, sb = sketches[a], sketches[b]
        shared = len(set(sa) & set(sb))
        need = min(math.ceil(floor * min(SKETCH, len(s))) for s in (sa, sb))
        if not shared or shared < need or estimate(sa, sb) < floor:
            continue
        sim = jaccard(shingles(texts[a]), shingles(texts[b]))
        if sim >= threshold:
            out.append((a, b, sim))
    return out


_WORDS = st.sampled_from(
    [
        "the",
        "build",
        "server",
        "runs",
        "on",
        "host",
        "alpha",
        "beta",
        "in",
        "rack",
        "one",
        "two",
        "staging",
    ]
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(_WORDS, min_size=1, max_size=12).map(" ".join), min_size=2, max_size=40),
    st.sampled_from([0.5, 0.7, 0.8]),
    st.sampled_from([1, 8, near_duplicates.MASK_BITS]),
)
def test_near_duplicate_pairs_match_the_pairwise_definition(
    texts: list[str], threshold: float, bits: int
) -> None:
    """Fewer texts than a block may hold: every pair sharing a sketch value is a
    candidate, so the result must be exactly the definition's, similarities included.
    With trigram masks of a few bits most trigrams share a bit with another: no pair
    may be lost to the masks' filter."""
    numbered = dict(enumerate(texts))
    with patch.object(near_duplicates, "MASK_BITS", bits):
        found = near_duplicate_pairs(iter(numbered.items()), threshold)
    assert found == _pairs_by_definition(numbered, threshold)


def _pairs_by_blocking(texts: dict[int, str], threshold: float) -> list[tuple[int, int, float]]:
    """The blocking's definition, without its economies: the union of every block's
    pairs (all of a small block's; neighbours within ``WINDOW`` in sketch order in a
    large one), each judged by its sketches, then by its trigram strings."""
    floor = threshold - SKETCH_SLACK
    keys = [k for k in texts if sketch(texts[k])]
    sketches = {k: sketch(texts[k]) for k in keys}
    blocks: dict[int, list[int]] = {}
    for k in keys:
        for v in sketches[k]:
            blocks.setdefault(v, []).append(k)
    order = sorted(keys, key=lambda k: (sketches[k], keys.index(k)))
    pairs: set[tuple[int, int]] = set()
    for members in blocks.values():
        if len(members) <= near_duplicates.BUCKET_CAP:
            pairs |= set(combinations(sorted(members), 2))
        else:
            ranked = sorted(members, key=order.index)
            for d in range(1, near_duplicates.WINDOW + 1):
                pairs |= {(min(a, b), max(a, b)) for a, b in zip(ranked, ranked[d:], strict=False)}
    out = []
    for a, b in sorted(pairs):
        sa, sb = sketches[a], sketches[b]
        shared = len(set(sa) & set(sb))
        need = min(math.ceil(floor * min(SKETCH, len(s))) for s in (sa, sb))
        if shared < need or estimate(sa, sb) < floor:
            continue
        sim = jaccard(shingles(texts[a]), shingles(texts[b]))
        if sim >= threshold:
            out.append((a, b, sim))
    return out


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(_WORDS, min_size=3, max_size=7).map(" ".join), min_size=2, max_size=40),
    st.sampled_from([0.5, 0.8]),
    st.sampled_from([2, 3, 5]),
)
def test_near_duplicate_pairs_with_large_blocks_match_the_blocking_definition(
    texts: list[str], threshold: float, cap: int
) -> None:
    """With a tiny block cap, most blocks are large (neighbours only) and pairs share
    small and large blocks: each pair must be judged as if every block's pairs were
    pooled, whichever block the fast path judges it in."""
    numbered = dict(enumerate(texts))
    with patch.object(near_duplicates, "BUCKET_CAP", cap):
        found = near_duplicate_pairs(iter(numbered.items()), threshold)
        assert found == _pairs_by_blocking(numbered, threshold)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(["the build server runs", "build server runs on host", "in rack one"]),
        min_size=2,
        max_size=30,
    ),
    st.randoms(use_true_random=False),
)
def test_near_duplicate_pairs_numbered_by_order_match_the_texts_given_in_that_order(
    texts: list[str], rnd: random.Random
) -> None:
    """The detector reads texts in storage order and numbers them by content hash
    (``order``): with ties in sketch order (the same text under many keys, more than a
    window) in large blocks, the pairs must be those of the texts given in that order."""
    numbered = dict(enumerate(texts))
    shuffled = list(numbered.items())
    rnd.shuffle(shuffled)
    with patch.object(near_duplicates, "BUCKET_CAP", 2):
        expected = near_duplicate_pairs(iter(numbered.items()), 0.8)
        found = near_duplicate_pairs(iter(shuffled), 0.8, order=lambda key: key)
    assert found == expected


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(_WORDS, min_size=3, max_size=9).map(" ".join), min_size=2, max_size=40),
    st.sampled_from([0.55, 0.3, 0.0]),
    st.sampled_from([2, 64]),
)
def test_candidates_come_once_each_in_order_as_judged_by_definition(
    texts: list[str], floor: float, cap: int
) -> None:
    """``_candidates`` returns its pairs ascending (the exact check then makes each first
    memory's trigram set once for all of its pairs), once each, and each is one the
    sketch rule passes (its other sketch read as a tuple), with no shared value too (a
    floor of 0)."""
    kept = [t for t in texts if shingles(t)]
    sketches = [sketch(t) for t in kept]
    grams = [shingles(t) for t in kept]
    threshold = floor + SKETCH_SLACK
    masks, rooms = _masks_and_rooms(grams, threshold)
    total = len(sketches)
    with patch.object(near_duplicates, "BUCKET_CAP", cap):
        found, _ = near_duplicates._candidates(sketches, masks, rooms, floor)
    assert found == sorted(set(found))
    for pair in found:
        a, b = divmod(pair, total)
        sa, sb = sketches[a], sketches[b]
        shared = len(set(sa) & set(sb))
        need = min(math.ceil(floor * min(SKETCH, len(s))) for s in (sa, sb))
        assert a < b and shared >= need and estimate(sa, sb) >= floor
        # and none that cannot reach the threshold passes the trigram masks' filter
        assert (masks[a] ^ masks[b]).bit_count() <= rooms[a] + rooms[b]


def _masks_and_rooms(grams: list[set[str]], threshold: float) -> tuple[list[int], list[float]]:
    """Trigram masks and rooms, as the detector makes them."""
    masks = [near_duplicates.trigram_mask({zlib.crc32(g.encode()) for g in gs}) for gs in grams]
    return masks, [near_duplicates.room(len(gs), threshold) for gs in grams]


# Thresholds whose float (1 - t) / (1 + t) is rounded, as the policy's 0.8 is.
_THRESHOLDS = [0.8, 0.5, 0.7, 0.9, 0.3, 0.75, 1 / 3, 0.95, 0.6, 0.85, 1.0]


def test_rooms_bound_every_pair_that_reaches_the_threshold() -> None:
    """Every pair of trigram counts and shared count (up to 60 trigrams each) whose
    similarity, divided in floats as the exact check divides, reaches the threshold
    differs on at most the two rooms' worth of trigrams: the filter loses no near
    duplicate, at exactly the threshold either (9 and 9 trigrams, 8 shared: 0.8,
    where (1 - 0.8) / (1 + 0.8) rounds down and the margin is needed)."""
    room = near_duplicates.room
    for t in _THRESHOLDS:
        for na in range(1, 61):
            for nb in range(1, 61):
                for inter in range(min(na, nb) + 1):
                    if inter / (na + nb - inter) >= t:
                        assert na + nb - 2 * inter <= room(na, t) + room(nb, t), (t, na, nb, inter)
    assert room(5, 0.0) == room(5, -0.5) == math.inf


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.integers(0, 2000), max_size=60),
    st.sets(st.integers(0, 2000), max_size=60),
    st.sampled_from([1, 2, 8, near_duplicates.MASK_BITS]),
)
@example({5}, {5, 6}, 1)  # two trigrams on one bit: counted once
def test_trigram_masks_differ_on_at_most_the_symmetric_difference(
    a: set[int], b: set[int], bits: int
) -> None:
    with patch.object(near_duplicates, "MASK_BITS", bits):
        ma, mb = near_duplicates.trigram_mask(a), near_duplicates.trigram_mask(b)
    assert (ma ^ mb).bit_count() <= len(a ^ b)


def test_candidates_drop_a_pair_whose_trigrams_differ_too_much() -> None:
    """The same sketch (the sketch judge passes it with an estimate of 1) but masks
    that differ on more bits than the two rooms allow (5 > 4.4): never judged. Within
    the rooms (3 bits: more than one room), judged and kept, in a small block and in a
    large one."""
    sk = (1, 2, 3, 4, 5, 6, 7, 8)
    rooms = [near_duplicates.room(20, 0.8)] * 2  # 2.2 each
    for cap in (64, 1):
        with patch.object(near_duplicates, "BUCKET_CAP", cap):
            far, _ = near_duplicates._candidates([sk, sk], [0b11111, 0b00000], rooms, 0.55)
            near, _ = near_duplicates._candidates([sk, sk], [0b11111, 0b10001], rooms, 0.55)
        assert (far, near) == ([], [1])


def test_near_duplicate_pairs_at_exactly_the_threshold() -> None:
    """Pairs whose similarity is exactly the threshold (J = 8 / 10, 3 / 5, 9 / 10 with
    distinct trigrams, each differing one on its own bit): each is a near duplicate by
    the definition, and found (a filter that ignored the rounding would drop them)."""
    words = [f"w{i}" for i in range(40)]
    texts = {
        0: " ".join(words[:11]),  # 9 trigrams
        1: " ".join([*words[:10], "x1"]),  # 8 of them shared: 8 / 10
        2: " ".join(words[20:26]),  # 4 trigrams
        3: " ".join([*words[20:25], "x2"]),  # 3 shared: 3 / 5
    }
    masks, _ = _masks_and_rooms([shingles(t) for t in texts.values()], 0.8)
    assert (masks[0] ^ masks[1]).bit_count() == (masks[2] ^ masks[3]).bit_count() == 2
    for threshold, expected in ((0.8, [(0, 1)]), (0.6, [(0, 1), (2, 3)])):
        found = near_duplicate_pairs(iter(texts.items()), threshold)
        assert found == _pairs_by_definition(texts, threshold)
        assert [(a, b) for a, b, _ in found] == expected
