"""Candidate contradictions, and the human validation that alone may supersede.

A candidate is two active memories about the same *slot* (package manager,
database, editor, ...) that name different values, and that share their subject
terms ("the project ... packaging"). Similarity is never a verdict: a candidate is
shown with its evidence and a score, and nothing changes until a person runs
``memaudit resolve NEW --supersedes OLD`` (the old one is superseded, validated,
and the event names who) or ``--keep-both`` (they differ by date, scope or
environment; the pair is no longer reported).

A *change statement* ("The team moved from poetry to uv", "no longer uses Jenkins", in
English, French, Italian or Spanish: ``change_statements``) is evidence of which of two
memories is newer: it is paired with the memories that still state the old value, and
it is the candidate winner whatever their timestamps say — still only a candidate.

Scale comes from blocking: memories are grouped by (slot, subject term); terms too
common to tell subjects apart are skipped, and large groups are compared through a
few representatives per value instead of pair by pair. No all-pairs comparison.

The only code that writes a supersession is ``supersede_native`` (the native
ledger) and ``LifecycleStore.supersede``; both are reached only through
``resolve_supersede``, which records who validated it.
"""

from memaudit.conflicts.candidate import Comparable, ConflictCandidate, pair_key
from memaudit.conflicts.changes import CHANGE_HOLDERS_CAP, CHANGE_SLOT
from memaudit.conflicts.records import (
    candidates_for,
    check_staged,
    decided_pairs,
    decided_pairs_of,
    disputed_sides,
    stage,
)
from memaudit.conflicts.resolve import (
    keep_both,
    resolve_supersede,
    supersede_native,
    unsupersede_native,
)
from memaudit.conflicts.search import (
    BLOCK_CAP,
    EXACT_BLOCK,
    MIN_SCORE,
    REPRESENTATIVES,
    find,
    stated_changes,
)
from memaudit.conflicts.statements import Statement, active_statements
from memaudit.conflicts.text import (
    CHANGE_MARKERS,
    LEXICON,
    ORDINARY_WORDS,
    STOPWORDS,
    TIMEZONE,
    Features,
    features,
    lexicon_value,
    stems,
    tokens,
)
from memaudit.conflicts.witness import Neighbourhood, has_candidate, has_candidate_against

__all__ = [
    "BLOCK_CAP",
    "CHANGE_HOLDERS_CAP",
    "CHANGE_MARKERS",
    "CHANGE_SLOT",
    "EXACT_BLOCK",
    "LEXICON",
    "MIN_SCORE",
    "Neighbourhood",
    "ORDINARY_WORDS",
    "REPRESENTATIVES",
    "STOPWORDS",
    "TIMEZONE",
    "Comparable",
    "ConflictCandidate",
    "Features",
    "Statement",
    "active_statements",
    "candidates_for",
    "check_staged",
    "decided_pairs",
    "decided_pairs_of",
    "disputed_sides",
    "features",
    "find",
    "has_candidate",
    "has_candidate_against",
    "keep_both",
    "lexicon_value",
    "pair_key",
    "resolve_supersede",
    "stage",
    "stated_changes",
    "stems",
    "supersede_native",
    "tokens",
    "unsupersede_native",
]
