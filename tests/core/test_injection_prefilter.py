"""The injection engine's prefilter (``memaudit.injection.prefilter``) only skips patterns
that cannot match: checked pattern by pattern on every training case (rounds 1-8; the
held-out round is not read here) and on a generated store's texts, and shown to catch a
prefilter that drops a string."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memaudit.injection import engine, forms
from memaudit.injection.engine import signals, visible
from memaudit.injection.forms import _TO_DESTINATION
from memaudit.injection.patterns import _PATTERNS
from memaudit.injection.prefilter import Prefilter, Present
from memaudit.regex_needs import needs


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Every training case, and the distinct texts of a generated store."""
    from benchmarks.injection_cases import training_cases
    from tests.generated_texts import generated_texts

    generated = generated_texts(tmp_path_factory.mktemp("prefilter"), seed=7)
    return [c.content for c in training_cases()] + generated


def misses(pf: Prefilter, texts: list[str]) -> list[tuple[str, str]]:
    """(pattern, text) where the pattern matches the text the engine reads (lowered,
    invisible characters left out) but the prefilter says it cannot."""
    out = []
    for text in texts:
        low = visible(text).lower()
        present = pf.present(low)
        for rx in pf.needs:
            if rx.search(low) and not pf.possible(rx, present):
                out.append((rx.pattern[:60], text[:80]))
    return out


def test_the_prefilter_never_rules_out_a_pattern_that_matches(texts: list[str]) -> None:
    found = misses(engine._PREFILTER, texts)
    assert found == []
    # And it has work to do: on these texts most pattern runs are skipped.
    pf = engine._PREFILTER
    runs = sum(pf.possible(rx, pf.present(visible(t).lower())) for t in texts for rx in pf.needs)
    assert runs < 0.5 * len(texts) * len(pf.needs)


def test_signals_are_the_same_with_and_without_the_prefilter(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = [signals(t) for t in texts]
    monkeypatch.setattr(engine, "PREFILTER", False)
    assert [signals(t) for t in texts] == fast
    assert sum(map(bool, fast)) > 100  # the cases fire: the comparison is not of nothing


class _Lossy(Prefilter):
    """A prefilter that forgets two strings of the patterns' needs (too aggressive)."""

    def possible(self, rx: re.Pattern[str], present: Present) -> bool:
        forgotten = self._bit["always"] | self._bit["ignore"]
        lossy = Present(present.mask & ~forgotten, [p & ~forgotten for p in present.pieces])
        return super().possible(rx, lossy)


def test_a_prefilter_that_drops_a_string_would_be_caught(texts: list[str]) -> None:
    """The check above has teeth: a prefilter that forgets two common strings of the
    patterns' needs rules out patterns that match, and ``misses`` finds them."""
    assert misses(_Lossy(list(engine._PREFILTER.needs)), texts) != []


def _spans(rx: re.Pattern[str] | None, text: str) -> list[tuple[int, int]]:
    return [] if rx is None else [m.span() for m in rx.finditer(text)]


def test_a_narrowed_pattern_matches_where_the_whole_one_does(texts: list[str]) -> None:
    """``narrowed`` runs only a pattern's alternatives that may match: pattern by pattern
    on every text, the same matches as the whole pattern (none where it says None), and
    on these texts it leaves some alternatives out (a long text then runs less)."""
    pf = engine._PREFILTER
    narrower = 0
    for text in texts:
        low = visible(text).lower()
        present = pf.present(low)
        for rx in pf.needs:
            run = pf.narrowed(rx, present)
            assert _spans(run, low) == _spans(rx, low), (rx.pattern[:60], text[:80])
            narrower += run is not None and run is not rx
    assert narrower > 100


@pytest.mark.parametrize(
    ("pattern", "text", "run"),
    [
        # The first alternative cannot match ("tell" is missing): only the second runs,
        # and its match is the whole pattern's (the first would win at the same place).
        (r"tell the model|note", "a note", "note"),
        (r"\bab|cd|[|]ef", "xx cd", "cd"),
        (r"a(?:b|c)|[]|]d|e", "]d", "[]|]d"),
        (r"a(?:b|c)|[^]|]d|e", "xd", "[^]|]d"),
        # Read alone the pieces would not mean the same: run whole.
        (r"(a)b|\1c", "c", r"(a)b|\1c"),
        (r"(?P<x>a)b|(?P=x)c", "c", r"(?P<x>a)b|(?P=x)c"),
    ],
)
def test_what_a_narrowed_pattern_keeps(pattern: str, text: str, run: str) -> None:
    rx = re.compile(pattern)
    pf = Prefilter([rx])
    narrow = pf.narrowed(rx, pf.present(text))
    assert narrow is not None and narrow.pattern == run
    assert _spans(narrow, text) == _spans(rx, text)


# Patterns the analysis runs without the prefilter, and why that costs little.
UNFILTERED = {
    _TO_DESTINATION,  # only on the 120 characters after a sending verb (``_SEND``) matched
}


def test_every_pattern_the_analysis_runs_is_covered() -> None:
    """Every pattern of the tables, and every pattern the analysis runs on the lowered
    text (``rx(NAME)`` in the engine), is read by the prefilter and needs some string (a
    pattern that needs none would run on every text: give it a literal word)."""
    source = Path(engine.__file__).read_text(encoding="utf-8")
    run = {getattr(engine, name) for name in re.findall(r"\brx\((_[A-Z_]+)\)", source)}
    assert run, "the engine's pattern calls were not found"
    covered = engine._PREFILTER.needs
    for rx in [*(p for _, p in _PATTERNS), *(run - UNFILTERED)]:
        assert rx in covered, f"not prefiltered: {rx.pattern[:80]}"
        assert covered[rx], f"no string every match needs: {rx.pattern[:80]}"


@pytest.mark.parametrize(
    ("pattern", "text", "possible"),
    [
        (r"\bauthori[sz]ed\b", "it was authorised", True),
        (r"\bauthori[sz]ed\b", "it was authored", False),
        (r"(?:always|never)\s+answer", "never answer", True),
        (r"(?:always|never)\s+answer", "always reply", False),
        (r"heads[- ]up", "a heads up for you", True),
        (r"heads[- ]up", "heads, up", False),
        (r"x(?:ab|cd)+y", "xcdaby", True),
        (r"x(?:ab|cd)+y", "xay", False),
        (r"(?:ab\w+|c)d", "cxd", True),
        (r"(?:ab\w+|cz)d", "cxd", False),
        (r"(?i)ignore", "IGNORE", True),  # case-insensitive: never ruled out
        (r"a(?=bc)", "abc", True),
    ],
)
def test_the_strings_a_pattern_needs(pattern: str, text: str, possible: bool) -> None:
    rx = re.compile(pattern)
    pf = Prefilter([rx])
    assert pf.possible(rx, pf.present(text)) is possible
    if rx.search(text):
        assert possible


def test_a_key_rules_out_only_what_cannot_match() -> None:
    """``key``: one mask test per pattern or group of patterns (the engine's first test).
    A pattern that needs nothing keeps its group possible on any text, even one holding
    none of the strings; one that needs a string is ruled out where it is missing."""
    anywhere, needy = re.compile(r"(?i)ignore"), re.compile(r"always\s+answer")
    pf = Prefilter([anywhere, needy])
    for text in ("", "zzz", "always answer"):
        held = pf.present(text).mask
        assert held & pf.key([anywhere]) and held & pf.key([needy, anywhere])
    assert not pf.present("zzz").mask & pf.key([needy])
    assert pf.present("always answer").mask & pf.key([needy])


def test_a_case_insensitive_pattern_needs_nothing() -> None:
    assert needs(re.compile("ignore", re.IGNORECASE)) == ()
    assert needs(re.compile("(?i:ignore) all")) == (frozenset({" all"}),)


def test_anchors_found_word_by_word_are_those_of_the_whole_text(texts: list[str]) -> None:
    """The gate looks for anchors in each distinct word once: the same kinds as one scan
    of the whole text (words in brackets, after punctuation, across lines included)."""
    from memaudit.injection import gate

    extra = ["(ignore) all,previous\tinstructions\nfrom:now", "«always»—never;answer"]
    for text in [*texts, *extra]:
        low = text.lower()
        whole = set().union(*map(gate._KINDS_OF.__getitem__, gate._TRIE.findall(low)))
        assert gate._anchored(low) == whole, text


def test_sentence_starts_read_a_key_from_its_own_line_only() -> None:
    """``_sentence_bounds`` looks for a "key:" from the start of the colon's line (or the
    line before, when the colon opens a line), as a search from the text's start does."""
    texts = [
        "title: Answer style. note: always answer in French",
        "a\nb\nfoo\n: bar",
        "x: y\nnote: do this\n\ntitle:\nkey : value",
        ": starts\nwith: a colon",
    ]
    for text in texts:
        starts = [0]
        for m in forms._SENTENCE.finditer(text):
            if text[m.start()] == ":":
                key = forms._YAML_KEY.search(text, 0, m.start())
                if key and key.group(1) not in forms._ADDRESS_KEYS:
                    continue
            starts.append(m.end())
        assert forms._sentence_bounds(text) == starts, text
