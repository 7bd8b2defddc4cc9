"""Stated changes paired with the memories that still state the old value ("moved from
poetry to uv" with "the repos use poetry"): the statement is the candidate winner."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from memaudit import change_statements
from memaudit.change_statements import ChangeStatement
from memaudit.conflicts.candidate import (
    Comparable,
    ConflictCandidate,
    change_dict,
    change_evidence,
    pair_key,
    recorded_later,
    scope_note,
    scopes_differ,
)
from memaudit.conflicts.text import ORDINARY_WORDS, Features, lexicon_value, stems

# A change statement is compared with at most this many memories naming its old value
# (the newest): a value named everywhere ("monday") cannot make the search quadratic.
CHANGE_HOLDERS_CAP = 2000
CHANGE_SLOT = "stated change"  # the slot of a change whose old value is in no LEXICON slot


def change_candidates(
    memories: Sequence[Comparable],
    feats: list[Features],
    idf: dict[str, float],
    *,
    only: set[str] | None,
    exclude: set[tuple[str, str]],
    seen: dict[tuple[str, str], ConflictCandidate],
    min_score: float,
) -> None:
    """Pair each change statement with the memories that still name its old value (for
    "now prefers Y": that say the same verb of another value) and are about the same
    thing (what changed is in them, or they share a content word)."""
    statements = [(i, c) for i, f in enumerate(feats) for c in f.changes if c.old or c.verb]
    if not statements:
        return
    # The word each statement is looked up by: its old value's first word, or its verb's.
    keys = {id(c): lookup_key(c) for _, c in statements}
    wanted = set(keys.values())
    holders: dict[str, list[int]] = defaultdict(list)
    for j, f in enumerate(feats):
        for w in wanted.intersection(f.words):
            holders[w].append(j)
    for word, js in holders.items():
        if len(js) > CHANGE_HOLDERS_CAP:
            js.sort(key=lambda j: (memories[j].created_at or "", memories[j].id))
            holders[word] = js[-CHANGE_HOLDERS_CAP:]
    texts: dict[int, str] = {}
    terms: dict[int, frozenset[str]] = {}

    def text_of(j: int) -> str:
        if j not in texts:
            texts[j] = change_statements.normalise(memories[j].content)
        return texts[j]

    def terms_of(j: int) -> frozenset[str]:
        if j not in terms:
            terms[j] = change_statements.terms(text_of(j))
        return terms[j]

    for i, statement in statements:
        b = memories[i]
        for j in holders.get(keys[id(statement)], ()):
            a = memories[j]
            if a.id == b.id or (only and a.id not in only and b.id not in only):
                continue
            pk = pair_key(a.id, b.id)
            if pk in exclude:
                continue
            text = text_of(j)
            change = statement
            if change.old is None:  # "now prefers Y": the old value is what A prefers
                old = change_statements.old_value_for(change, text)
                if old is None or not change.focus:
                    continue
                change = replace(change, old=old)
            assert change.old is not None
            if not change_statements.contains_value(text, change.old):
                continue
            if (
                change.new
                and change_statements.contains_value(text, change.new)
                and not change_statements.states_preference_over(text, change.old, change.new)
            ):
                continue  # it names both: a change statement itself, or a comparison
            if any(
                c.old == change.old or (c.verb and c.verb == change.verb) for c in feats[j].changes
            ):
                continue  # it states a change of the same thing: not the old state
            values = change_statements.terms(change.old) | change_statements.terms(change.new or "")
            a_terms = terms_of(j) - values
            if change.focus and not stems(change.focus) <= stems(a_terms):
                continue  # what changed is not what this memory is about
            # What the statement is about: what changed, and its words outside the change.
            about = (terms_of(i) - change_statements.terms(change.span) - values) | change.focus
            shared = about & a_terms
            if not change.focus and not shared and about:
                continue  # the statement is about something this memory never names
            if not change.focus and not shared and not _names_a_tool(change.old):
                continue  # "we moved from X": only a tool's name says what X was
            cand = _change_score(a, b, change, shared, about | a_terms, idf)
            if cand.score < min_score:
                continue
            prev = seen.get(pk)
            if prev is not None:
                if prev.change is None:
                    prev.newer_id, prev.older_id = cand.newer_id, cand.older_id
                    prev.evidence.insert(1, cand.evidence[0])
                    prev.change = cand.change
                prev.score = max(prev.score, cand.score)
            else:
                seen[pk] = cand


def lookup_key(change: ChangeStatement) -> str:
    """The word a memory must contain to be compared with ``change``."""
    if change.old:
        return change.old.split()[0]
    assert change.verb is not None
    return change.verb.split()[0]


def _names_a_tool(value: str) -> bool:
    found = lexicon_value(value)
    return found is not None and value not in ORDINARY_WORDS


def _change_score(
    old: Comparable,
    new: Comparable,
    change: ChangeStatement,
    shared: frozenset[str],
    union: frozenset[str],
    idf: dict[str, float],
) -> ConflictCandidate:
    assert change.old is not None
    if union:
        # fsum: the same score whatever order the sets iterate in (``slots._similarity``).
        sim = math.fsum(idf.get(t, 1.0) for t in shared) / math.fsum(idf.get(t, 1.0) for t in union)
    else:
        sim = 1.0
    score = 0.6 + 0.3 * sim + (0.1 if change.focus else 0.0)
    found = lexicon_value(change.old)
    slot = found[0] if found else CHANGE_SLOT
    scope_differs = scopes_differ(old, new)
    if scope_differs:
        score *= 0.75
    return ConflictCandidate(
        new.id,
        old.id,
        slot,
        [change.new] if change.new else [],
        [change.old],
        round(min(1.0, score), 3),
        scope_differs,
        change=change_dict(change, new.id),
        writer=(_evidence, (old, new, change, shared)),
    )


def _evidence(
    old: Comparable, new: Comparable, change: ChangeStatement, shared: frozenset[str]
) -> list[str]:
    """The evidence of a ``_change_score`` candidate (written when first read)."""
    assert change.old is not None
    evidence = [
        change_evidence(new, change),
        f"{old.id} still says {change.old}",
    ]
    if change.focus:
        evidence.append(f"what changed ({', '.join(sorted(change.focus)[:6])}) is in {old.id}")
    if shared:
        evidence.append(f"shared subject terms: {', '.join(sorted(shared)[:8])}")
    _, note = scope_note(old, new)
    if note:
        evidence.append(note)
    if (old.created_at or "") > (new.created_at or ""):
        evidence.append(recorded_later(old, new))
    else:
        evidence.append(
            f"created {(old.created_at or '?')[:10]} ({old.id}) and "
            f"{(new.created_at or '?')[:10]} ({new.id})"
        )
    return evidence
