"""Every pattern memaudit compiles reads hostile runs in linear time (rule 3: every byte of
a store is hostile). The patterns are found by ``tests.hostile_regex`` (a fresh process
wraps ``re``'s compiler, imports every module and runs the detector, the gate and an
audit): a pattern module added later is swept without being named here.

``KNOWN`` lists the patterns found super-linear and not yet rewritten, each by its key
(``tests.hostile_regex.key``). A pattern not in it that backtracks fails the test; one in
it that no longer does is reported, so the list only shrinks. The full sweep with every
slow input: ``python -m tests.hostile_regex [module prefix]``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memaudit.injection.kinds import MAX_TEXT
from tests.hostile_regex import FLOOR, compile_found, discovered, key, slow

TEST_FLOOR = 2.5 * FLOOR
KNOWN = frozenset(
    line.split()[0]
    for line in (Path(__file__).parent / "hostile_regex_known.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
)

# Patterns that backtracked before they were rewritten: the sweep must flag each (else it
# would pass whatever the patterns do). The e-mail address (a long run without its "@",
# rescanned from each position), two runs of spaces side by side between role tokens
# (39e772b), a dotted identifier before a send (39e772b), bullets between two runs of
# spaces at a sentence start, a run of dots not followed by a space.
OLD = {
    "vocabulary._EMAIL": (r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}", 0, False),
    "vocabulary._EMAIL_LOOSE": (r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", 0, False),
    "forms._NAMING": (
        r"\s*['\"]?\s*(?:,|/|\band\b|\bor\b|\be\b|\bo\b|\by\b|\bet\b|\bou\b|\bund\b|\boder\b"
        r"|\.{2,3}|…)\s*['\"]?\s*",
        re.IGNORECASE,
        True,
    ),
    "forms._CALL_RECORD": (r"[\w.]*[._][\w.]*\s*(?:\([^)\n]{0,200}\)\s*)?(?:->|→|=>)", 0, False),
    "vocabulary._START": (r"\s*[-*•>]*\s*(?:please|always)\b", 0, True),
    "forms._SENTENCE": (r"[.!?;:]+(?:\s+|$)|\n\s*", 0, False),
}


@pytest.mark.parametrize("name", sorted(OLD))
def test_the_sweep_flags_a_pattern_that_backtracked(name: str) -> None:
    source, flags, anchored = OLD[name]
    assert slow(re.compile(source, flags), MAX_TEXT, anchored=anchored), name


def test_the_rewritten_patterns_read_the_same_runs_in_linear_time() -> None:
    from memaudit.injection import decoders, forms, vocabulary

    for source in (vocabulary._EMAIL, vocabulary._EMAIL_LOOSE):
        assert not slow(re.compile(source), MAX_TEXT), source
    start = re.compile(vocabulary._START + r"(?:please|always)\b")
    assert not slow(start, MAX_TEXT, anchored=True)
    assert not slow(forms._SENTENCE, MAX_TEXT)
    assert not slow(decoders._LONG_TOKEN, MAX_TEXT)


def test_discovery_finds_the_patterns_built_at_run_time_and_in_tables() -> None:
    rows = discovered()
    sources = {row[1] for row in rows}
    modules = {row[0] for row in rows}
    from memaudit.injection import forms, gate, vocabulary

    assert len(rows) > 500
    # a module's own, one held for compiling at first use, one of the gate's
    assert forms._ADDRESS.pattern in sources
    assert vocabulary._IMPERATIVE.pattern in sources
    assert gate._anchor_trie()[0].pattern in sources
    # patterns outside the detector that read store text
    assert {"memaudit.redaction", "memaudit.rawscan", "memaudit.change_statements"} <= modules


def _sweep(part: int, parts: int, quick: bool) -> None:
    rows = discovered()
    bad = []
    for row in rows[part::parts]:
        if key(row) in KNOWN:
            continue
        rx = compile_found(row)
        # A floor above the sweep's that listed ``KNOWN`` (``FLOOR``): a pattern near it on
        # a busy machine is not a new failure. Twice, for the same reason.
        hits = slow(rx, MAX_TEXT, floor=TEST_FLOOR, anchored=row[4], quick=quick)
        if hits and slow(rx, MAX_TEXT, floor=TEST_FLOOR, anchored=row[4], quick=quick):
            name, small, large = hits[0]
            bad.append(f"{key(row)} {row[0]} {row[1][:70]!r}: {name} {small:.3f}s -> {large:.3f}s")
    assert not bad, "super-linear on hostile input:\n" + "\n".join(bad)


PARTS = 6  # the quick sweep in parts, spread over the test workers


@pytest.mark.parametrize("part", range(PARTS))
def test_every_pattern_memaudit_compiles_reads_hostile_runs_in_linear_time(part: int) -> None:
    """The quick families (the pumps that found most slow patterns, and the pattern's own
    first repeats); ``test_..._on_every_family`` runs them all."""
    _sweep(part, PARTS, quick=True)


@pytest.mark.slow
def test_every_pattern_memaudit_compiles_reads_hostile_runs_on_every_family() -> None:
    _sweep(0, 1, quick=False)


def test_the_known_slow_patterns_are_still_compiled() -> None:
    found = {key(row) for row in discovered()}
    assert found >= KNOWN, f"listed but no longer compiled: {sorted(KNOWN - found)}"
