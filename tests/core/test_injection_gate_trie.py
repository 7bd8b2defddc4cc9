"""The gate's anchor trie (``gate._trie``): anchors that extend a prefix anchor are
folded into it by a lookup of their own prefixes; the same regex and the same kinds per
anchor as the scan of every prefix anchor it replaced, on the engine's anchors and on
generated ones."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from memaudit.injection import gate


def _scanned(anchors: dict[Any, str]) -> tuple[str, dict[str, frozenset[Any]]]:
    """The trie's source and kinds as the scan of every prefix anchor per anchor gave
    them (the code before; its tree and regex built as ``gate._trie`` builds them)."""
    prefix: dict[str, set[Any]] = {}
    whole: dict[str, set[Any]] = {}
    for kind, spec in anchors.items():
        for a in spec.split():
            (whole if a.endswith("$") else prefix).setdefault(a.rstrip("$"), set()).add(kind)
    for table in (prefix, whole):
        for a in list(table):
            for p in prefix:
                if (p != a or table is whole) and a.startswith(p):
                    prefix[p] |= table.pop(a)
                    break
    kinds = {a: frozenset(k) for a, k in [*prefix.items(), *whole.items()]}
    # The regex from the surviving anchors: the same tree code, reached through
    # ``gate._trie`` on anchors that absorb nothing (one kind each, none a prefix of
    # another), so only the folding above is the reference's own.
    flat = {f"k{n}": a + ("$" if a in whole else "") for n, a in enumerate([*prefix, *whole])}
    rx, _ = gate._trie(flat)
    return rx.pattern, kinds


def test_the_engines_anchors_fold_as_before() -> None:
    anchors = {**gate._ANCHORS, **{k: a for k, (_, a) in gate._KEYED.items()}}
    rx, kinds = gate._trie(anchors)
    pattern, expected = _scanned(anchors)
    assert kinds == expected
    assert rx.pattern == pattern


_WORD = st.text(alphabet="abc.", min_size=1, max_size=5)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["k1", "k2", "k3", "k4"]),
        st.lists(st.tuples(_WORD, st.booleans()), min_size=1, max_size=8),
        min_size=1,
    )
)
def test_generated_anchors_fold_as_before(spec: dict[str, list[tuple[str, bool]]]) -> None:
    """Prefix and whole-word anchors that extend, equal and nest in each other."""
    anchors: dict[Any, str] = {
        kind: " ".join(w + ("$" if whole else "") for w, whole in words)
        for kind, words in spec.items()
    }
    rx, kinds = gate._trie(anchors)
    pattern, expected = _scanned(anchors)
    assert kinds == expected
    assert rx.pattern == pattern
    re.compile(pattern)


def test_folding_reads_each_anchors_own_prefixes_only() -> None:
    """12,000 anchors fold in a few hundredths of a second; the scan of every prefix
    anchor per anchor (72M ``startswith``) took 8 s here."""
    import itertools
    import time

    letters = "abcdefghijklmnopqrst"
    words = ["".join(w) for w in itertools.product(letters, repeat=4)][:12_000]
    anchors = {"k": " ".join(words), "w": " ".join(w + "z$" for w in words[:500])}
    start = time.process_time()
    rx, kinds = gate._trie(anchors)
    assert time.process_time() - start < 2.0
    assert len(kinds) == 12_000 and kinds[words[0]] == {"k", "w"}
