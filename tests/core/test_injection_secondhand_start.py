"""The secondhand order's start guard (speed only): the same matches as without it."""

from __future__ import annotations

import re
import re._constants as sre_c
import re._parser as sre_p
from typing import Any

from memaudit.injection.patterns import secondhand
from memaudit.injection.patterns.secondhand import SECONDHAND_ORDER


def _firsts(items: list[tuple[Any, Any]]) -> set[str]:
    """The characters a parsed pattern can start with (literals and alternations only:
    anything else fails the test, which then needs a wider reading)."""
    for op, av in items:
        if op is sre_c.LITERAL:
            return {chr(av)}
        if op is sre_c.BRANCH:
            return set().union(*(_firsts(list(alt)) for alt in av[1]))
        if op is sre_c.SUBPATTERN:
            return _firsts(list(av[3]))
        raise AssertionError(f"cannot read the first character of {op}")
    raise AssertionError("an order that can be empty")


def test_the_guard_names_every_first_letter_of_an_order() -> None:
    guard = re.fullmatch(r"\\b\(\?=\[([a-z]+)\]\)", secondhand._ORDER_START)
    assert guard is not None
    assert _firsts(list(sre_p.parse(secondhand._ORDER))) == set(guard.group(1))


def test_the_same_matches_as_the_pattern_without_the_guard() -> None:
    from benchmarks.injection_cases import training_cases

    source = SECONDHAND_ORDER.pattern
    assert source.startswith(secondhand._ORDER_START + secondhand._NOT_THIRD)
    unguarded = re.compile(
        secondhand._NOT_THIRD
        + r"\b"
        + source[len(secondhand._ORDER_START) + len(secondhand._NOT_THIRD) :],
        SECONDHAND_ORDER.flags,
    )
    texts = [c.content.lower() for c in training_cases()]
    # Each text also with an order glued to a word before it ("xsaid"), and after a
    # subject the lookbehinds rule out: the guard must not change either answer.
    texts += [t.replace(" said ", " xsaid ").replace(" told ", " i told ") for t in texts]
    matched = 0
    for text in texts:
        want = [m.span() for m in unguarded.finditer(text)]
        assert [m.span() for m in SECONDHAND_ORDER.finditer(text)] == want, text
        matched += bool(want)
    assert matched > 20  # the cases do exercise the pattern
