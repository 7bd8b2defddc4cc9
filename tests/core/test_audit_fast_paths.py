"""The audit's fast paths give what the plain definitions give: word trigrams of ASCII
text without the full normalisation, and near-duplicate pairs judged on trigram numbers
instead of the trigram strings."""

from __future__ import annotations

import math
import re
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from memaudit.audit import near_duplicate_pairs
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


_WORDS = st.sampled_from("the build server runs on host alpha beta in rack one two staging".split())


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(_WORDS, min_size=1, max_size=9).map(" ".join), min_size=2, max_size=40),
    st.sampled_from([0.5, 0.7, 0.8]),
)
def test_near_duplicate_pairs_match_the_pairwise_definition(
    texts: list[str], threshold: float
) -> None:
    """Fewer texts than a block may hold: every pair sharing a sketch value is a
    candidate, so the result must be exactly the definition's, similarities included."""
    numbered = dict(enumerate(texts))
    found = near_duplicate_pairs(iter(numbered.items()), threshold)
    assert found == _pairs_by_definition(numbered, threshold)
