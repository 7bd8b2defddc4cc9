"""``change_statements.parse``'s shortcuts lose nothing: a pattern's gate (strings read
from its source, one of each clause in every match) never rules out a text the pattern
matches; the cues found word by word are the cues found in the whole text; the trigger
and the features' words, judged word by word, are what a plain reading gives. Checked on
hostile random texts and on texts made from each pattern (every pattern matches some),
and each check is shown to catch a shortcut that drops one string."""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from memaudit import change_statements as cs
from memaudit.conflicts import text as ct

sre: Any = importlib.import_module("re._constants")
sre_parser: Any = importlib.import_module("re._parser")

# Characters a class may be sampled from: letters of the four languages, digits, the
# value and apostrophe characters, white space of several kinds.
ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789éèàòùçñóíá.'-_/+# \t\u00a0"


def _in_class(ch: str, items: list[tuple[Any, Any]]) -> bool:
    negate = bool(items) and items[0][0] is sre.NEGATE
    hit = False
    for op, av in items[1:] if negate else items:
        if op is sre.LITERAL:
            hit |= ord(ch) == av
        elif op is sre.RANGE:
            hit |= av[0] <= ord(ch) <= av[1]
        elif op is sre.CATEGORY:
            hit |= {
                sre.CATEGORY_WORD: ch.isalnum() or ch == "_",
                sre.CATEGORY_NOT_WORD: not (ch.isalnum() or ch == "_"),
                sre.CATEGORY_DIGIT: ch.isdecimal(),
                sre.CATEGORY_SPACE: ch.isspace(),
            }.get(av, False)
    return hit != negate


def _sample(items: Any, rng: random.Random) -> str:
    """A string the parsed pattern is likely to match (word boundaries not ensured)."""
    out = []
    for op, av in items:
        if op is sre.LITERAL:
            out.append(chr(av))
        elif op is sre.IN:
            out.append(rng.choice([c for c in ALPHABET if _in_class(c, av)] or ["a"]))
        elif op is sre.BRANCH:
            out.append(_sample(rng.choice(av[1]), rng))
        elif op is sre.SUBPATTERN:
            out.append(_sample(av[3], rng))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, sub = av
            times = rng.randint(low, min(high, low + 3))
            out.extend(_sample(sub, rng) for _ in range(times))
        elif op is sre.NOT_LITERAL:
            out.append(rng.choice([c for c in ALPHABET if ord(c) != av]))
        elif op is sre.ANY:
            out.append(rng.choice(ALPHABET))
    return "".join(out)


def _vocabulary() -> list[str]:
    """Every string of the gates and cues, the patterns' words, slot values, and
    characters that change under lower() or normalise()."""
    words = {s for gate in cs._GATES for clause in gate for s in clause}
    words |= set(cs._CUES) | set(cs.TRIGGERS)
    for _, _, _, pattern in cs.PATTERNS:
        words |= set(re.findall(r"[^\W\d_]+", pattern))
    words |= {v for forms in ct.LEXICON.values() for v in forms}
    words |= {"\u2019", "\u02bc", "'", "İ", "ẞ", "Σ", "\u2028", "\u3000", "X.", "-", "/"}
    return sorted(words)


def _hostile(rng: random.Random, vocabulary: list[str], n: int) -> list[str]:
    seps = [" ", " ", "  ", "", ".", ", ", "\n", "\t", "\u00a0", "'", "\u2019", "-"]
    texts = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 14)):
            w = rng.choice(vocabulary)
            w = w.upper() if rng.random() < 0.1 else w
            parts.append(w + rng.choice(seps))
        texts.append("".join(parts))
    return texts


def _made_from_patterns(rng: random.Random) -> list[str]:
    """Per pattern, texts sampled from its source, alone and among other words."""
    texts = []
    for _, _, _, rx in cs._COMPILED:
        parsed = sre_parser.parse(rx.pattern, rx.flags)
        for _ in range(40):
            core = _sample(parsed, rng)
            texts.append(core)
            texts.append(f"Note: {rng.choice(['the team', 'we', 'it'])} {core}. ok")
    return texts


@pytest.fixture(scope="module")
def texts() -> list[str]:
    rng = random.Random(20261202)
    return _made_from_patterns(rng) + _hostile(rng, _vocabulary(), 6000)


Gates = list[tuple[tuple[str, ...], ...]]


def gate_misses(gates: Gates, texts: list[str]) -> list[tuple[int, str]]:
    """(pattern, text) where the pattern matches the normalised text but its gate says
    it cannot."""
    out = []
    for text in texts:
        low = cs.normalise(text)
        for k, (_, _, _, rx) in enumerate(cs._COMPILED):
            if rx.search(low) and not cs._holds(low, gates[k]):
                out.append((k, text))
    return out


def test_every_pattern_matches_some_text(texts: list[str]) -> None:
    """The gates are checked against real matches of every pattern."""
    lows = [cs.normalise(t) for t in texts]
    for k, (_, _, _, rx) in enumerate(cs._COMPILED):
        assert any(rx.search(low) for low in lows), cs.PATTERNS[k][3][:60]


def test_a_gate_never_rules_out_a_text_its_pattern_matches(texts: list[str]) -> None:
    assert gate_misses(cs._GATES, texts) == []
    # And the gates have work to do: every pattern has one.
    assert all(cs._GATES)


def test_a_gate_that_drops_a_string_would_be_caught(texts: list[str]) -> None:
    """Each pattern's gate with the first string of its first clause forgotten: the
    check above finds texts the pattern matches and that gate rules out."""
    caught = 0
    for k, gate in enumerate(cs._GATES):
        first, *rest = gate
        if len(first) < 2:
            continue  # forgetting the only string would empty the clause
        lossy = list(cs._GATES)
        lossy[k] = (first[1:], *rest)
        caught += bool(gate_misses(lossy, texts))
    assert caught >= 10


@pytest.mark.parametrize(
    ("pattern", "gate"),
    [
        (r"\bmoved from (?:the )?x", (("moved from ",), ("x",))),  # \b parts no run
        (r"(?:ab|cd)e", (("ab", "cd"), ("e",))),  # alternatives: one string of each
        (r"a(?:b|\w+)c", (("a",), ("c",))),  # an alternative that needs nothing
        (r"(?:over )?(?:to|onto) x", ((" x",), ("onto", "to"))),  # optional: nothing
        (r"pasad[oa]s?", (("pasada", "pasado"),)),  # a small class is spelled out
        (r"(?:ab\w+c|d)y", (("y",), ("ab", "d"))),  # of each alternative its best
        (r"no (?:\w+ ){1,2}plus", (("plus",), ("no ",), (" ",))),  # repeated once at least
        (r"x?y*", ()),
        (r"(?i:abc)", ()),  # other cases match too
        ("(?i)abc", ()),
    ],
)
def test_the_strings_a_pattern_needs(pattern: str, gate: tuple[tuple[str, ...], ...]) -> None:
    assert cs._gate(re.compile(pattern)) == gate


def _plain_cued(low: str) -> list[int]:
    """The patterns whose cues ``low`` holds, each cue looked for in the whole text."""
    return sorted({k for cue in cs._CUES if cue in low for k in cs._PATTERNS_OF[cue]})


def test_cues_found_word_by_word_are_those_of_the_whole_text(texts: list[str]) -> None:
    extra = ["dal\u00a0plus", "vandal 'ya no' x", "de\tla", "no\u2028longer", "passat"]
    for text in [*texts, *extra]:
        low = cs.normalise(text)
        assert cs._cued(low) == _plain_cued(low), text


def test_a_word_scan_that_misses_a_cue_would_be_caught(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scan keeping only the first cue of each word differs from the plain search."""

    def first_only(word: str) -> frozenset[int]:
        hit = cs._CUE_SCAN.search(word)
        return cs._PATTERNS_WITHIN[hit.group(1)] if hit else frozenset()

    monkeypatch.setattr(cs, "_word_patterns", first_only)
    lows = [cs.normalise(t) for t in texts]
    assert any(cs._cued(low) != _plain_cued(low) for low in lows)


def _plain_triggered(text: str) -> bool:
    low = text[: cs.MAX_SCAN].lower().replace("'", " ").replace("\u2019", " ")
    return any(w.startswith(cs.TRIGGERS) for w in low.split())


def test_the_trigger_read_word_by_word_is_the_plain_one(texts: list[str]) -> None:
    assert [cs.triggered(t) for t in texts] == [_plain_triggered(t) for t in texts]
    assert sum(map(cs.triggered, texts)) > 100


def test_statements_are_the_same_without_the_shortcuts(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = [cs.parse(t) for t in texts]
    monkeypatch.setattr(cs, "_GATES", [()] * len(cs._COMPILED))
    monkeypatch.setattr(cs, "_cued", _plain_cued)
    assert [cs.parse(t) for t in texts] == fast
    assert sum(map(bool, fast)) > 100  # statements are found: not a comparison of nothing


def _plain_features(text: str) -> tuple[tuple[str, ...], frozenset[str], list[str]]:
    """The words, subject and change words of ``text``, read from ``tokens``."""
    words = ct.tokens(text)
    distinct = set(words)
    subject = {
        w for w in distinct - ct._NOT_SUBJECT if len(w) > 1 and not w.replace(".", "").isdigit()
    }
    zones = ct.features(text).values.get("timezone", frozenset())
    return (
        tuple(dict.fromkeys(words)),
        frozenset(subject - zones),
        sorted(ct.CHANGE_MARKERS & distinct),
    )


@pytest.mark.parametrize("remember", [True, False])
def test_features_words_read_once_are_the_plain_ones(
    texts: list[str], remember: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Features' words, subject and change words, with the per-word memo (``_run_words``,
    ``_subject_word``) warm or emptied before each text, are those ``tokens`` gives."""
    extra = ["Moved from Poetry to uv.", "1.2.3 a. b- UTC Europe/Paris x_y", "İstanbul ẞ"]
    for text in [*texts, *extra]:
        if not remember:
            ct._run_words.cache_clear()
            ct._subject_word.cache_clear()
        f = ct.features.__wrapped__(text)
        assert (f.words, f.subject, f.markers) == _plain_features(text), text


def test_a_subject_memo_that_keeps_numbers_would_be_caught(
    texts: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lossy: Callable[[str], bool] = lambda w: w not in ct._NOT_SUBJECT  # noqa: E731
    monkeypatch.setattr(ct, "_subject_word", lossy)
    assert any(
        ct.features.__wrapped__(t).subject != _plain_features(t)[1] for t in [*texts, "v 12 x"]
    )


def test_no_character_a_text_is_split_at_is_part_of_a_word() -> None:
    """``features`` reads a text's words run by run (``_run_words``, between the white
    space ``str.split`` parts at): the same words only if no such character can be part
    of a word. Every code point is checked."""
    for code in range(0x110000):
        c = chr(code)
        if c.isspace():
            assert ct.WORD.fullmatch(c) is None and ct.WORD.fullmatch("a" + c) is None, code
    spaced = "a\u3000b"  # a space of another script parts a run too
    assert spaced.split() == ["a", "b"]
