"""What the prefilter lets run of a group of patterns, remembered by the strings of the
group's needs a text holds.

The prefilter's answer for a pattern (``Prefilter.narrowed``: None, the pattern, or some
of its top-level alternatives) reads a text only through its strings' bit masks, each
tested against the pattern's own masks: it is a function of the text's masks restricted
to the bits the pattern's needs name. A group's patterns (a kind's, one form) name a few
of the thousands of strings, and texts hold few of those: most texts of a store hold one
of a handful of restrictions. So the answers for the whole group are computed once per
restriction and looked up after (one mask ``&`` and one dict lookup a group, in C),
instead of a Python walk of each pattern's need tree for every text — that walk was most
of a first run's CPU on texts where nothing matches. Exact: the same answer, the same
pattern object to run, for every text (the tests compare on every labeled case,
bastioncorpus and a generated store). Nothing is listed by hand: the bits come from the
patterns' rules, so a pattern added to a kind is screened by its own needs.

Whether a dot-free alternative's needs lie in one sentence piece depends on the pieces,
not the whole text's mask. The answers are first computed as if no piece held anything
and as if one piece held the whole restriction: every text's answer lies between the two
(a dot-free alternative kept in the first is kept in all, one ruled out in the second is
ruled out in all), so where they agree that is the answer for every text of that
restriction. Where they differ the pieces' restrictions join the key.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memaudit.injection.prefilter import Prefilter, Present

# Restrictions remembered per group before all are forgotten (a hostile store can hold
# any number of distinct ones; a generated store's texts hold a few hundred a kind).
LIMIT = 20_000

# What to run: each pattern that may match, by its place in the group, as ``narrowed``.
Runs = tuple[tuple[int, re.Pattern[str]], ...]


class Screen:
    """For a group of patterns: what of each the prefilter lets run on a text."""

    def __init__(self, prefilter: Prefilter, patterns: Sequence[re.Pattern[str]]) -> None:
        self.prefilter = prefilter
        self.patterns = tuple(patterns)
        self.forget()

    def forget(self) -> None:
        """Forget every answer, and read the patterns' keys again (the prefilter's rules
        were ordered anew: the answers stay, the keys change)."""
        self._keys = tuple(self.prefilter.key([rx]) for rx in self.patterns)
        self._dotless = tuple(self.prefilter.dotless(rx) for rx in self.patterns)
        self._dotless = tuple(self.prefilter.dotless(rx) for rx in self.patterns)
        self._key_bits = 0
        for key in self._keys:
            self._key_bits |= key
        # By the keys held: the patterns whose key is held (the others cannot match)
        # and every bit their needs name.
        self._candidates: dict[int, tuple[tuple[int, ...], int]] = {}
        # By the keys held and the candidates' bits held: the answer, or None where it
        # depends on the pieces; then by those and the pieces' bits.
        self._whole: dict[tuple[int, int], Runs | None] = {}
        self._pieced: dict[tuple[int, int, frozenset[int]], Runs] = {}

    def runs(self, present: Present) -> Runs:
        """Each pattern of the group ``prefilter.narrowed(pattern, present)`` does not
        rule out, by its place, with what of it to run."""
        keys = present.mask & self._key_bits
        candidates = self._candidates.get(keys)
        if candidates is None:
            if len(self._candidates) >= LIMIT:
                self._candidates.clear()
            ks = tuple(k for k, key in enumerate(self._keys) if key & keys)
            bits = self.prefilter.bits(self.patterns[k] for k in ks)
            candidates = self._candidates[keys] = (ks, bits)
        ks, bits = candidates
        if not ks:
            return ()
        held = present.mask & bits
        found = self._whole.get((keys, held), False)
        if found is not None and found is not False:
            return found
        if found is False:
            if len(self._whole) >= LIMIT:
                self._whole.clear()
            # As if one piece held all the text holds: an alternative kept here that
            # spans no full stop may be ruled out by the pieces; if none is, this is the
            # answer for every text holding these bits.
            kept = self._kept(ks, Present(held, [held]))
            dotless = self._dotless
            pieced = any(a > 0 and a & dotless[k] for k, a in zip(ks, kept, strict=True))
            self._whole[(keys, held)] = runs = None if pieced else self._runs(ks, kept)
            if runs is not None:
                return runs
        pieces = frozenset(p & bits for p in present.pieces) - {0}
        runs = self._pieced.get((keys, held, pieces))
        if runs is None:
            if len(self._pieced) >= LIMIT:
                self._pieced.clear()
            runs = self._runs(ks, self._kept(ks, Present(held, list(pieces))))
            self._pieced[(keys, held, pieces)] = runs
        return runs

    def _kept(self, ks: tuple[int, ...], present: Present) -> list[int]:
        kept = self.prefilter.kept
        return [kept(self.patterns[k], present) for k in ks]

    def _runs(self, ks: tuple[int, ...], kept: list[int]) -> Runs:
        """What to run of each candidate (``Prefilter.run_of``), the ruled out left out."""
        run_of = self.prefilter.run_of
        runs = (
            (k, run_of(self.patterns[k], alternatives))
            for k, alternatives in zip(ks, kept, strict=True)
        )
        return tuple((k, run) for k, run in runs if run is not None)
