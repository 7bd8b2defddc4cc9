"""What every match of a regular expression must contain, read from its source.

A pattern's source is parsed once (``re._parser``, what ``re.compile`` uses) for the
literal strings every match holds: clauses, each a set of strings one of which is in
every match. A text holding no string of some clause cannot match, so the pattern need
not run on it. Two shortcuts are built on this: the injection engine's prefilter
(``memaudit.injection.prefilter``) and the change-statement gates
(``memaudit.change_statements``). Exact by construction: a construct not read here
needs nothing, so at worst a pattern runs when it could have been skipped.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# The standard library's own reader of regular expressions (what ``re.compile`` uses).
sre: Any = importlib.import_module("re._constants")
sre_parse: Any = importlib.import_module("re._parser")

# What every match contains: each term of the tuple holds (no term: every text may
# match). A term is a set of strings one of which is there, or ``Either``.
Need = tuple["Term", ...]


@dataclass(frozen=True, slots=True)
class Either:
    """One of several needs holds (a pattern's alternatives)."""

    options: tuple[Need, ...]


Term = frozenset[str] | Either

_MAX_CLASS = 4  # a class of this many plain characters is spelled out ("authori[sz]e")
_MAX_STRINGS = 64  # nor a literal run into more strings than this
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)


def parse(rx: re.Pattern[str]) -> Any:
    """The pattern's parsed source; None for a case-insensitive pattern, which needs
    nothing (its literals match other cases too)."""
    return None if rx.flags & re.IGNORECASE else sre_parse.parse(rx.pattern, rx.flags)


def needs(rx: re.Pattern[str]) -> Need:
    """The clauses every match of ``rx`` meets (none: any text may match)."""
    parsed = parse(rx)
    return () if parsed is None else sequence(parsed)


def shortest(rx: re.Pattern[str]) -> int:
    """The fewest characters a match of ``rx`` spans."""
    width: tuple[int, int] = sre_parse.parse(rx.pattern, rx.flags).getwidth()
    return width[0]


def _class(items: list[tuple[Any, Any]]) -> list[str] | None:
    """The characters of a small class of plain characters (``[sz]``), else None."""
    if len(items) > _MAX_CLASS or any(op is not sre.LITERAL for op, _ in items):
        return None
    return [chr(av) for _, av in items]


def _selective(term: Term) -> tuple[int, int]:
    """Terms that rule most texts out first: long strings, few of them."""
    if isinstance(term, Either):
        return (0, 0)
    return (min(map(len, term)), -len(term))


def sequence(items: Any) -> Need:
    """A sequence meets what each of its parts meets. Literal characters next to each
    other (zero-width assertions between them do not part them) make one string."""
    clauses: list[Term] = []
    run: list[str] = [""]  # the current literal run, spelled out

    def flush() -> None:
        if run != [""]:
            clauses.append(frozenset(run))
        run[:] = [""]

    for op, av in items:
        if op is sre.LITERAL:
            run[:] = [s + chr(av) for s in run]
            continue
        if op is sre.IN:
            chars = _class(av)
            if chars is not None and len(run) * len(chars) <= _MAX_STRINGS:
                run[:] = [s + c for s in run for c in chars]
            else:
                flush()
            continue
        if op in _ZERO_WIDTH:
            continue  # consumes nothing: the characters either side stay adjacent
        flush()
        if op is sre.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            if not add_flags & re.IGNORECASE:
                clauses.extend(sequence(sub))
        elif op is sre.ATOMIC_GROUP:
            clauses.extend(sequence(av))
        elif op is sre.BRANCH:
            clauses.extend(_either(sequence(b) for b in av[1]))
        elif op in _REPEATS and av[0] >= 1:
            clauses.extend(sequence(av[2]))
        # Anything else (any character, a category, a back reference ...) needs nothing.
    flush()
    return tuple(sorted(set(clauses), key=_selective, reverse=True))


_DOT = ord(".")
# Classes of characters that never hold a full stop.
_DOTLESS_CATEGORIES = frozenset(
    [sre.CATEGORY_SPACE, sre.CATEGORY_WORD, sre.CATEGORY_DIGIT, sre.CATEGORY_LINEBREAK]
)


def _class_has_dot(items: list[tuple[Any, Any]]) -> bool:
    negate = bool(items) and items[0][0] is sre.NEGATE
    has = False
    for op, av in items[1:] if negate else items:
        if op is sre.LITERAL:
            has |= av == _DOT
        elif op is sre.RANGE:
            has |= av[0] <= _DOT <= av[1]
        elif op is sre.CATEGORY:
            has |= av not in _DOTLESS_CATEGORIES
        else:
            return True  # not read here: may hold one
    return has != negate


def dotless(items: Any) -> bool:
    """Whether no match of the parsed pattern can contain a full stop (what it looks at
    around it does not count: only the characters a match spans)."""
    for op, av in items:
        if op is sre.LITERAL:
            ok = av != _DOT
        elif op is sre.NOT_LITERAL:
            ok = av == _DOT
        elif op is sre.IN:
            ok = not _class_has_dot(av)
        elif op in _ZERO_WIDTH:
            ok = True
        elif op is sre.SUBPATTERN:
            ok = dotless(av[3])
        elif op is sre.ATOMIC_GROUP:
            ok = dotless(av)
        elif op is sre.BRANCH:
            ok = all(dotless(b) for b in av[1])
        elif op in _REPEATS:
            ok = dotless(av[2])
        else:
            ok = False  # any character, a back reference ...: may be one
        if not ok:
            return False
    return True


def _either(alternatives: Iterable[Need]) -> Need:
    """Alternatives meet what one of them needs (nothing if one of them needs nothing);
    alternatives that each need one set of strings need their union."""
    options = tuple(alternatives)
    if not all(options):
        return ()
    if all(len(o) == 1 and isinstance(o[0], frozenset) for o in options):
        return (frozenset(s for o in options for s in strings_of(o)),)
    return (Either(options),)


def strings_of(need: Need) -> Iterable[str]:
    for term in need:
        if isinstance(term, Either):
            for o in term.options:
                yield from strings_of(o)
        else:
            yield from term
