"""A pattern that opens with negative lookbehinds and then a word boundary tests every
lookbehind at every position of a text (Python's ``re`` has no fast scan for a pattern
that opens with an assertion); written with the ``\\b`` first, they are tested at word
boundaries only — the same matches (zero-width tests at one position commute), about
half the time on the generated stores' long summaries (docs/injection.md "Speed")."""

from __future__ import annotations

import re

from memaudit.injection.engine import _prefiltered, signals

# A leading run of negative lookbehinds (no group inside them), then ``\b``.
_LEADING = re.compile(r"(?:\(\?<!(?:[^()\\]|\\.)*\))+\\b")


def test_no_pattern_tests_its_lookbehinds_before_its_word_boundary() -> None:
    signals("x")  # the engine's tables are built on the first text judged
    prefilter, _, _ = _prefiltered()
    slow = [rx.pattern[:80] for rx in prefilter.needs if _LEADING.match(rx.pattern)]
    assert slow == []


def test_the_boundary_first_gives_the_same_matches() -> None:
    # (the rewrite the test above asks for, on texts where the lookbehinds decide)
    before = re.compile(r"(?<!\bi )(?<!\bwe )\b(?:said|told\s+me)\b")
    after = re.compile(r"\b(?<!\bi )(?<!\bwe )(?:said|told\s+me)\b")
    for text in ("i said so", "we said", "she said, we told me", "wisaid", "x said", "said"):
        assert [m.span() for m in before.finditer(text)] == [m.span() for m in after.finditer(text)]
