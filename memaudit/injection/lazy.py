"""Patterns compiled on first use (``vocabulary._rx``'s).

Compiling the pattern tables' ~270 regexes was about 0.3 s of every process that
imports the engine (``stage``, ``trace``, the review screen, a first ``review --list``),
and most of them never run there: the prefilter (``prefilter``) reads a pattern's
*source* to rule it out, and rules most patterns out on most texts. A ``Lazy`` holds the
source and the flags ``re.compile`` would report, and compiles on the first call of a
method; from then on its methods are the compiled pattern's own (bound into the
instance: no indirection per call). Same source and flags, same object (``lazy``): as
``re.compile``'s own cache gave, so tables keyed by pattern behave as before.
"""

from __future__ import annotations

import re
from typing import Any, cast

# What a compiled pattern offers, bound into a ``Lazy`` once it is compiled.
_BOUND = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "split",
    "sub",
    "subn",
    "scanner",
    "groups",
    "groupindex",
)
# Inline flags at the start of a source change the flags ``re.compile`` reports: such a
# source is compiled at once (none of the tables' is today).
_FLAG_LETTERS = frozenset("aiLmsux-")

_MADE: dict[tuple[str, int], re.Pattern[str]] = {}


class Lazy:
    """A pattern compiled when first used, with a compiled pattern's attributes."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._given = flags
        # As ``re.compile`` reports them for a str source without inline flags.
        self.flags = flags if flags & re.ASCII else flags | re.UNICODE

    def compiled(self) -> re.Pattern[str]:
        rx = re.compile(self.pattern, self._given)
        for name in _BOUND:
            setattr(self, name, getattr(rx, name))
        self.__dict__["compiled"] = lambda: rx
        return rx

    def __getattr__(self, name: str) -> Any:
        # Called only for a name the instance lacks: a method before the first compile.
        if name.startswith("__") or name in ("pattern", "flags", "_given"):
            raise AttributeError(name)
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return repr(self.compiled())

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return lazy, (self.pattern, self._given)


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled when first used. Typed as the compiled
    pattern it stands for (it has its attributes and methods)."""
    key = (pattern, flags)
    made = _MADE.get(key)
    if made is None:
        if pattern.startswith("(?") and pattern[2:3] in _FLAG_LETTERS:
            made = re.compile(pattern, flags)
        else:
            made = cast(re.Pattern[str], Lazy(pattern, flags))
        _MADE[key] = made
    return made
