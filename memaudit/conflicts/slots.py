"""Pairs told apart by slot: two memories naming different values of one slot, scored
by how much subject they share (``slot_candidate``; ``quick_score`` is its score alone)."""

from __future__ import annotations

import math

from memaudit.change_statements import ChangeStatement
from memaudit.conflicts.candidate import (
    Comparable,
    ConflictCandidate,
    change_dict,
    change_evidence,
    recorded_later,
    scope_note,
    scopes_differ,
)
from memaudit.conflicts.text import Features, lexicon_value


def _newer_first(a: Comparable, b: Comparable) -> tuple[Comparable, Comparable]:
    ka, kb = (a.created_at or "", a.id), (b.created_at or "", b.id)
    return (a, b) if ka >= kb else (b, a)


def _similarity(fa: Features, fb: Features, idf: dict[str, float]) -> float:
    """The idf-weighted Jaccard of the two subjects (what a candidate's score uses)."""
    shared = fa.subject & fb.subject
    union = fa.subject | fb.subject
    if not union:
        return 0.5  # both say only "<value>": the slot itself is the subject
    if not shared:
        return 0.0 if fa.subject and fb.subject else 0.3
    # fsum: exact whatever order the sets iterate in (it varies with PYTHONHASHSEED, and
    # a plain sum's last bit could move a score across its rounding).
    weight = math.fsum([idf.get(t, 1.0) for t in shared])
    return weight / math.fsum([idf.get(t, 1.0) for t in union])


def whole_units(weight: float) -> int:
    """An idf weight as a whole count of 2**-53: exact for every weight of at least 0.5,
    as an idf ``log(1 + n/c)`` always is (a word is in at most every text, c ≤ n)."""
    units = math.ldexp(weight, _SCALE)
    if not units.is_integer():
        raise ValueError(f"weight {weight!r} is not a whole count of 2**-53 (below 0.5)")
    return int(units)


def exact_similarity(shared: int, a: int, b: int) -> float:
    """``_similarity`` from whole counts (``whole_units``): the shared words' weight and
    each subject's. A union's weight is the two totals less the shared part, exactly,
    and int / int rounds correctly, as ``fsum`` does: the same float to the last bit
    (``search.find`` scores pairs with it, summing each subject once per text)."""
    return (shared / _UNIT) / ((a + b - shared) / _UNIT)


class ExactWeights:
    """``exact_similarity`` over one idf: each word's and each subject's whole units,
    worked out on first use (a whole store scores 300k pairs; a listing's ~2k small
    pools score a few each, and most of their words never)."""

    def __init__(self, idf: dict[str, float]) -> None:
        self.units = _Units(idf)
        self._totals: dict[int, int] = {}  # per Features object (one per distinct text)

    def total(self, f: Features) -> int:
        found = self._totals.get(id(f))
        if found is None:
            found = self._totals[id(f)] = sum(map(self.units.__getitem__, f.subject))
        return found

    def similarity(self, shared: frozenset[str], fa: Features, fb: Features) -> float:
        """The similarity of two non-empty subjects sharing the words ``shared``."""
        weight = sum(map(self.units.__getitem__, shared))
        return exact_similarity(weight, self.total(fa), self.total(fb))


class _Units(dict[str, int]):
    """Each word's idf weight in whole units, converted when first asked."""

    def __init__(self, idf: dict[str, float]) -> None:
        super().__init__()
        self.idf = idf

    def __missing__(self, word: str) -> int:
        units = self[word] = whole_units(self.idf[word])
        return units


_SCALE = 53
_UNIT = 1 << _SCALE


def quick_score(a: Comparable, fa: Features, b: Comparable, fb: Features, sim: float) -> float:
    """The score ``slot_candidate`` gives the pair (before rounding), without its evidence. It
    depends on the pair, never on the slot (``search.find`` computes it inline, with the
    similarity summed without the union: keep the two alike)."""
    score = 0.25 + 0.6 * sim + (0.15 if fa.markers or fb.markers else 0.0)
    if a.scope and b.scope and a.scope != b.scope:
        score *= 0.75
    return min(1.0, score)


def slot_candidate(
    a: Comparable,
    fa: Features,
    b: Comparable,
    fb: Features,
    slot: str,
    idf: dict[str, float],
    *,
    sim: float | None = None,
) -> ConflictCandidate | None:
    """The candidate two memories make in ``slot``, or None. ``sim``: their subjects'
    similarity when the caller has it already (``exact_similarity``: the same float)."""
    va, vb = fa.values.get(slot, frozenset()), fb.values.get(slot, frozenset())
    if not va or not vb or va == vb:
        return None
    newer, older = _newer_first(a, b)
    fn, fo = (fa, fb) if newer is a else (fb, fa)
    change = change_in_slot(fn, slot)
    older_change = change_in_slot(fo, slot)
    if older_change is not None and change is None:
        # The statement of a change knows about the other value: it is the newer one.
        newer, older, fn, fo, change = older, newer, fo, fn, older_change
    if change is not None and change.new:
        new = lexicon_value(change.new)
        if new is not None and new[1] in fo.values.get(slot, frozenset()):
            return None  # the other one names the new value too: no old state to replace
    if sim is None:
        sim = _similarity(fa, fb, idf)
    score = round(quick_score(a, fa, b, fb, sim), 3)
    return ConflictCandidate(
        newer.id,
        older.id,
        slot,
        sorted(fn.values[slot]),
        sorted(fo.values[slot]),
        score,
        scopes_differ(older, newer),
        change=change_dict(change, newer.id) if change else None,
        writer=(_evidence, (older, fo, newer, fn, slot, change)),
    )


def _evidence(
    older: Comparable,
    fo: Features,
    newer: Comparable,
    fn: Features,
    slot: str,
    change: ChangeStatement | None,
) -> list[str]:
    """The evidence of a ``slot_candidate`` (written when first read)."""
    shared = fo.subject & fn.subject
    evidence = [
        f"same slot '{slot}': {older.id} says {', '.join(sorted(fo.values[slot]))}; "
        f"{newer.id} says {', '.join(sorted(fn.values[slot]))}",
    ]
    if shared:
        evidence.append(f"shared subject terms: {', '.join(sorted(shared)[:8])}")
    else:
        evidence.append("no shared subject terms")
    if change is not None:
        evidence.append(change_evidence(newer, change))
        if (older.created_at or "") > (newer.created_at or ""):
            evidence.append(recorded_later(older, newer))
    elif fn.markers:
        evidence.append(f"{newer.id} signals a change ({', '.join(fn.markers)})")
    _, note = scope_note(older, newer)
    if note:
        evidence.append(note)
    evidence.append(
        f"created {(older.created_at or '?')[:10]} ({older.id}) and "
        f"{(newer.created_at or '?')[:10]} ({newer.id})"
    )
    return evidence


def change_in_slot(f: Features, slot: str) -> ChangeStatement | None:
    """The change statement of ``f`` whose old or new value is in ``slot``."""
    for change in f.changes:
        for value in (change.old, change.new):
            found = lexicon_value(value) if value else None
            if found is not None and found[0] == slot:
                return change
    return None
