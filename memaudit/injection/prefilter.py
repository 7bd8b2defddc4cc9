"""An exact prefilter for the pattern tables: which patterns can match a text at all.

Almost every pattern run on a store's texts finds nothing (at 1M memories the kind gate
in ``gate`` still lets dozens of patterns run per text, and they match in a handful).
Each pattern's source is read once (``memaudit.regex_needs``) for the literal strings
every match must contain: clauses, each a set of strings one of which is in every match. One
regex scan of the text tells which of all those strings it holds; a pattern with a
clause none of whose strings is there cannot match and is not run. Nothing is written
by hand: a pattern added to a table is read the same way, and one from which no string
can be read simply always runs. Exact by construction; the tests compare every
pattern's matches with and without the prefilter on every labeled case.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any

from memaudit.injection.remembered import Remembered
from memaudit.qualifiers import _trie  # longer continuations tried first
from memaudit.regex_needs import Either, Need, dotless, needs, parse, sequence, sre, strings_of

# A need as bit masks: ``(key, masks, alternatives)`` — every mask holds (one of its
# strings is there), and of each group of alternatives one holds. ``key``: a mask some
# string of which every text meeting the need holds (its first mask, or the union of its
# first alternatives' keys), so that one test rules most texts out.
Masks = tuple[int, tuple[int, ...], tuple[tuple["Masks", ...], ...]]
# A pattern's rule: the union of its alternatives' keys, and per alternative of the
# pattern its masks and whether it spans no full stop.
Rule = tuple[int, tuple[tuple[Masks, bool], ...]]

TOKEN_CACHE = 200_000  # words whose strings are remembered (words recur across texts)


@dataclass(frozen=True, slots=True)
class Tables:
    """What the analysis of the patterns' sources gives (``analyse``), in plain values:
    the strings of their needs (bit ``k`` is ``strings[k]``), each pattern's rule (in the
    patterns' order), and for each string without white space (in ``strings``' order)
    the mask of the strings inside it. A ``Prefilter`` is built from these alone, so
    tables kept from an earlier process (``prefilter_kept``) build the same one."""

    strings: tuple[str, ...]
    rules: tuple[Rule | None, ...]
    within: tuple[int, ...]


def analyse(patterns: Sequence[re.Pattern[str]]) -> Tables:
    """The tables of ``patterns``: each source parsed once, for its needs and its rule
    (parsing is most of the cost: about 1 s for the engine's ~215 patterns)."""
    parsed = [parse(rx) for rx in patterns]
    strings = sorted({s for p in parsed if p is not None for s in strings_of(sequence(p))})
    bit = _Bits({s: 1 << k for k, s in enumerate(strings)})
    rules = tuple(_rule(bit, p) for p in parsed)
    inword = [s for s in strings if not any(c.isspace() for c in s)]
    # Each string's substrings looked up (a string is short; strings are thousands).
    known = set(inword)
    within = tuple(_mask(bit, _substrings(s) & known) for s in inword)
    return Tables(tuple(strings), rules, within)


class Prefilter:
    """For some patterns (each applied to the same string), which may match it."""

    def __init__(self, patterns: Iterable[re.Pattern[str]], tables: Tables | None = None) -> None:
        """``tables``: ``analyse(patterns)``'s, when known (else computed here)."""
        self.patterns = list(patterns)
        if tables is None:
            tables = analyse(self.patterns)
        self._strings = tables.strings
        strings = tables.strings
        # A bit every text's mask holds: the key of a pattern that may match anywhere.
        self.anywhere = 1 << len(strings)
        # By id: a compiled pattern's hash is computed from its whole program every time.
        self._rules = {id(rx): r for rx, r in zip(self.patterns, tables.rules, strict=True)}
        # A string without white space lies inside one of a text's words: the words'
        # strings are found once per distinct word and remembered. At each position the
        # scan reports the longest string starting there; the strings inside it are there
        # too. The few strings with white space are looked for in the whole text.
        self._spaced = [(s, 1 << k) for k, s in enumerate(strings) if any(map(str.isspace, s))]
        inword = [s for s in strings if not any(c.isspace() for c in s)]
        self._within = dict(zip(inword, tables.within, strict=True))
        self._scan = re.compile("(?=(" + _trie(tuple(inword)) + "))") if inword else None
        self._words = Remembered(self._scanned, TOKEN_CACHE)
        # Equal word masks as one object: a mask is an int of up to ~9,000 bits (~1 kB)
        # and most words hold one of few sets of strings (at 1M memories 19k words,
        # 1k distinct masks: 9.5 MB as made, 0.9 MB shared).
        self._same: dict[int, int] = {}
        # The first texts' strings, counted to put each need's rarest test first
        # (``_learn``); None once done.
        self._seen: list[int] | None = [] if LEARN else None
        self._judged = 0
        self._reordered: list[Callable[[], None]] = []
        # Each pattern's alternatives as sources (``_alternatives``), and the patterns
        # of some of them compiled (``narrowed``), by the pattern's id and kept bits.
        self._sources: dict[int, tuple[str, ...] | None] = {}
        self._narrow: dict[tuple[int, int], re.Pattern[str]] = {}

    @functools.cached_property
    def _bit(self) -> dict[str, int]:
        """Each string's bit (the tests read it; ~5 MB as ints, so made only if asked)."""
        return {s: 1 << k for k, s in enumerate(self._strings)}

    @functools.cached_property
    def needs(self) -> dict[re.Pattern[str], Need]:
        """What each pattern needs (the tests read it; the prefilter reads its rules)."""
        return {rx: needs(rx) for rx in self.patterns}

    def present(self, text: str) -> Present:
        """What ``possible`` needs to know of ``text``: the strings of the patterns'
        needs it holds, in the whole text and in each of its dot-free pieces.

        Each distinct word's strings are found once (``_scanned``, remembered) and joined
        in C (``reduce`` over ``map``). A word's full stops end pieces: split at full
        stops, the text's pieces hold the parts of such a word on either side."""
        spaced = 0
        for s, b in self._spaced:
            if s in text:
                spaced |= b
        scanned = self._words.__getitem__
        whole = reduce(or_, map(scanned, text.split()), spaced | self.anywhere)
        if self._seen is not None:
            self._learn(whole)
        if spaced:  # which pieces hold them: read piece by piece (rare)
            return Present(whole, [self._held(p) for p in text.split(".")])
        if "." not in text:
            return Present(whole, [whole])
        return Present(whole, [reduce(or_, map(scanned, p.split()), 0) for p in text.split(".")])

    def _learn(self, whole: int) -> None:
        """Count the strings of one in ``EVERY`` of the first ``LEARN`` texts, then order
        every need rarest test first (``_rarest_first``): its key, the one test that
        rules a pattern out before any call, is then the test that fails most often on
        such texts. Which strings are rare depends on the texts (a store of deploy notes
        holds "send" in every other text, "webhook" in none), so it is learned from
        them, not written here; the order changes which test fails first, never whether
        one fails (a need is the conjunction of its tests): the same patterns run, the
        same hits. A command that judges fewer texts keeps the order as read (ordering
        costs ~0.05 s, what ~2,000 texts save)."""
        seen = self._seen
        assert seen is not None
        self._judged += 1
        if self._judged % EVERY == 0:
            seen.append(whole)
        if self._judged < LEARN:
            return
        self._seen = None
        held: dict[int, int] = {}
        anywhere = reduce(or_, seen, 0)  # a string in none of them: no text to count

        def often(mask: int) -> int:
            n = held.get(mask)
            if n is None:
                n = len(seen) - [*map(mask.__and__, seen)].count(0) if mask & anywhere else 0
                held[mask] = n
            return n

        self._rules = {k: _rarest_first(r, often) for k, r in self._rules.items()}
        for told in self._reordered:
            told()

    def when_reordered(self, keyed: Callable[[], None]) -> None:
        """Call ``keyed`` now and whenever the needs' order (and so ``key``) changes:
        what the caller derived from ``key`` is derived again."""
        self._reordered.append(keyed)
        keyed()

    def _scanned(self, word: str) -> int:
        found = 0
        if self._scan is not None:
            for hit in self._scan.findall(word):
                found |= self._within[hit]
        same = self._same
        if len(same) >= TOKEN_CACHE:  # bounded as the words' memo is
            same.clear()
        return same.setdefault(found, found)

    def _held(self, text: str) -> int:
        """The strings ``text`` holds, as a bit mask."""
        found = 0
        for s, b in self._spaced:
            if s in text:
                found |= b
        return reduce(or_, map(self._words.__getitem__, text.split()), found)

    def key(self, patterns: Iterable[re.Pattern[str]]) -> int:
        """A mask some string of which every text one of ``patterns`` may match holds
        (with ``anywhere``, which every text holds, if one of them is not read here or
        may match anywhere): ``present(text).mask & key`` is 0 only if none can match."""
        out = 0
        for rx in patterns:
            rule = self._rules.get(id(rx))
            out |= self.anywhere if rule is None else rule[0]
        return out

    def possible(self, rx: re.Pattern[str], present: Present) -> bool:
        """Whether ``rx`` may match the text ``present`` was made for (a pattern this
        prefilter was not built with always may)."""
        rule = self._rules.get(id(rx))
        if rule is None:
            return True
        key, alternatives = rule
        if not present.mask & key:
            return False  # no alternative's first need is there (most texts)
        return any(_may_match(masks, dotless_, present) for masks, dotless_ in alternatives)

    def narrowed(self, rx: re.Pattern[str], present: Present) -> re.Pattern[str] | None:
        """What to run of ``rx`` on the text ``present`` was made for: None if it cannot
        match; else ``rx``, or ``rx`` without the top-level alternatives that cannot
        match (each ruled out as ``possible`` rules out a pattern). Its matches are
        ``rx``'s: an alternative that matches nowhere in the text never wins at any
        position, so the others match where and as they did. At 1M memories the long
        generated summaries pass a few large patterns (e.g. the notes "to the model" in
        five languages) by one alternative's strings, and ran all of them."""
        rule = self._rules.get(id(rx))
        if rule is None:
            return rx
        key, alternatives = rule
        if not present.mask & key:
            return None
        kept = 0
        for k, (masks, dotless_) in enumerate(alternatives):
            if _may_match(masks, dotless_, present):
                kept |= 1 << k
        if not kept:
            return None
        if kept == (1 << len(alternatives)) - 1:
            return rx
        narrow = self._narrow.get((id(rx), kept))
        if narrow is None:
            sources = self._sources.get(id(rx), ())
            if sources == ():
                sources = self._sources[id(rx)] = _alternatives(rx, len(alternatives))
            if sources is None:
                return rx
            picked = "|".join(s for k, s in enumerate(sources) if kept >> k & 1)
            narrow = self._narrow[(id(rx), kept)] = re.compile(picked, rx.flags)
        return narrow


def _may_match(masks: Masks, dotless_: bool, present: Present) -> bool:
    """Whether one alternative (its needs' ``masks``) may match the text ``present`` was
    made for: its needs all in the text and, for a dot-free one, all in one piece."""
    first = masks[0]
    if not first & present.mask or not _meets(masks, present.mask):
        return False
    return not dotless_ or any(p & first and _meets(masks, p) for p in present.pieces)


def _alternatives(rx: re.Pattern[str], n: int) -> tuple[str, ...] | None:
    """The sources of ``rx``'s ``n`` top-level alternatives, in order, each a pattern of
    its own; None where a piece would not mean alone what it meant in ``rx`` (a global
    flag, a group referred to by number or name, a conditional) or where the pieces are
    not the ``n`` alternatives the parser read (which ``_rule`` numbered)."""
    source = rx.pattern
    if rx.flags & re.VERBOSE or "(?P=" in source or "(?(" in source:
        return None
    if re.match(r"\(\?[aiLmsux]+\)", source) or re.search(r"\\[1-9]", source):
        return None
    pieces, depth, start, k, in_class = [], 0, 0, 0, False
    while k < len(source):
        c = source[k]
        if c == "\\":
            k += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            # A "]" (or "^]") right after the opening bracket is a member, not its end.
            k += 3 if source.startswith("^]", k + 1) else 2 if source[k + 1 : k + 2] == "]" else 1
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            pieces.append(source[start:k])
            start = k + 1
        k += 1
    pieces.append(source[start:])
    parsed = parse(rx)
    if parsed is None or len(pieces) != n or n < 2:
        return None
    if len(parsed) != 1 or parsed[0][0] is not sre.BRANCH or len(parsed[0][1][1]) != n:
        return None
    return tuple(pieces)


# Texts judged before the needs are ordered (0: kept as read), one in EVERY counted.
LEARN = 1024
EVERY = 4


def _rarest_first(rule: Rule | None, often: Callable[[int], int]) -> Rule | None:
    """``rule`` with each need's tests in order of how ``often`` texts pass them, the
    rarest first, and its key that rarest test (``_masks``' key: a mask one of whose
    strings every text meeting the need holds)."""
    if rule is None:
        return None
    alternatives = tuple((_reordered(m, often), dotless_) for m, dotless_ in rule[1])
    key = 0
    for (first, _, _), _ in alternatives:
        key |= first
    return key, alternatives


def _reordered(masks: Masks, often: Callable[[int], int]) -> Masks:
    """A need's tests, rarest first: its masks; its groups by how often one of their
    options' keys is there; each option's own tests the same way (its key is then its
    rarest test), and of a group's options the likeliest first (the first met ends the
    group's test)."""
    _, ints, groups = masks
    ints = tuple(sorted(ints, key=often))
    options = [
        tuple(sorted((_reordered(o, often) for o in g), key=lambda o: -often(o[0]))) for g in groups
    ]
    ordered = tuple(
        g for _, _, g in sorted((often(_union(g)), k, g) for k, g in enumerate(options))
    )
    if ints and (not ordered or often(ints[0]) <= often(_union(ordered[0]))):
        return ints[0], ints, ordered
    return _union(ordered[0]), ints, ordered


def _union(options: tuple[Masks, ...]) -> int:
    out = 0
    for option in options:
        out |= option[0]
    return out


class _Bits(dict[str, int]):
    """Each string's bit, and the masks made of them so far (``same``): equal masks are
    one object. The patterns' needs repeat the same few sets of strings: the engine's
    tables hold 60k masks of 8.5k distinct values, 39 MB as made and 6 MB shared."""

    def __init__(self, bits: dict[str, int]) -> None:
        super().__init__(bits)
        self.same: dict[int, int] = {}


def _mask(bit: _Bits, strings: Iterable[str]) -> int:
    out = 0
    for s in strings:
        out |= bit[s]
    return bit.same.setdefault(out, out)


def _rule(bit: _Bits, parsed: Any) -> Rule | None:
    """The pattern's need as bit masks, per alternative of the pattern, with whether it
    spans no full stop (then all it needs must be inside one of the text's dot-free
    pieces). None: any text may match."""
    if parsed is None:
        return None
    branches = parsed[0][1][1] if len(parsed) == 1 and parsed[0][0] is sre.BRANCH else [parsed]
    alternatives = []
    for branch in branches:
        need = sequence(branch)
        if not need:
            return None  # this alternative may match anywhere
        alternatives.append((_masks(bit, need), dotless(branch)))
    key = 0
    for (first, _, _), _ in alternatives:
        key |= first
    return bit.same.setdefault(key, key), tuple(alternatives)


def _masks(bit: _Bits, need: Need) -> Masks:
    """The need as bit masks (the sets of strings first: cheapest)."""
    masks: list[int] = []
    either: list[tuple[Masks, ...]] = []
    for term in need:
        if isinstance(term, Either):
            either.append(tuple(_masks(bit, o) for o in term.options))
        else:
            masks.append(_mask(bit, term))
    if masks:
        key = masks[0]
    else:  # alternatives only (terms are never empty)
        key = 0
        for option in either[0]:
            key |= option[0]
        key = bit.same.setdefault(key, key)
    return key, tuple(masks), tuple(either)


def _substrings(s: str) -> set[str]:
    return {s[i:j] for i in range(len(s)) for j in range(i + 1, len(s) + 1)}


def _meets(masks: Masks, held: int) -> bool:
    """Whether the strings ``held`` meet the need: every mask and, of each group of
    alternatives, one."""
    key, ints, groups = masks
    if not key & held:
        return False
    for mask in ints:
        if not mask & held:
            return False
    for options in groups:
        for option in options:
            if option[0] & held and _meets(option, held):  # the key first: no call
                break
        else:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Present:
    """The strings of the patterns' needs a text holds (bit masks): in the whole text,
    and in each of its pieces between full stops."""

    mask: int
    pieces: list[int]
