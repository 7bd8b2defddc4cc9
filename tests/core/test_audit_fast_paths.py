"""The audit's fast paths give what the plain definitions give: word trigrams of ASCII
text without the full normalisation, and near-duplicate pairs judged on trigram numbers
instead of the trigram strings."""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from unittest.mock import patch

from hypothesis import given, settings
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
    st.sampled_from([3, 8, near_duplicates.MASK_BITS]),
)
def test_near_duplicate_pairs_match_the_pairwise_definition(
    texts: list[str], threshold: float, bits: int
) -> None:
    """Fewer texts than a block may hold: every pair sharing a sketch value is a
    candidate, so the result must be exactly the definition's, similarities included.
    With masks of a few bits most sketches put two values on one bit (a shared count
    the popcount filter would understate): no pair may be lost to that filter."""
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
    sketches = [sk for sk in map(sketch, texts) if sk]
    total = len(sketches)
    with patch.object(near_duplicates, "BUCKET_CAP", cap):
        found, _ = near_duplicates._candidates(sketches, floor)
    assert found == sorted(set(found))
    for pair in found:
        a, b = divmod(pair, total)
        sa, sb = sketches[a], sketches[b]
        shared = len(set(sa) & set(sb))
        need = min(math.ceil(floor * min(SKETCH, len(s))) for s in (sa, sb))
        assert a < b and shared >= need and estimate(sa, sb) >= floor
