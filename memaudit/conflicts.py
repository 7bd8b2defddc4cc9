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

from __future__ import annotations

import functools
import json
import math
import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

from memaudit import change_statements
from memaudit.change_statements import ChangeStatement
from memaudit.errors import InvalidInput, MemauditError, NotFound
from memaudit.ledger import Ledger
from memaudit.model import Memory, MemoryFilter, Status
from memaudit.progress import Progress, counting, silent
from memaudit.store import Capability

if TYPE_CHECKING:
    from memaudit.store import Store

# slot → {surface form: canonical value}. Multi-word forms are matched as phrases.
LEXICON: dict[str, dict[str, str]] = {
    "package manager": {
        "pip": "pip", "poetry": "poetry", "uv": "uv", "pipenv": "pipenv", "conda": "conda",
        "pdm": "pdm", "hatch": "hatch", "rye": "rye", "npm": "npm", "yarn": "yarn",
        "pnpm": "pnpm",
    },
    "database": {
        "postgresql": "postgresql", "postgres": "postgresql", "mysql": "mysql",
        "mariadb": "mariadb", "sqlite": "sqlite", "sqlite3": "sqlite", "mongodb": "mongodb",
        "mongo": "mongodb", "redis": "redis", "duckdb": "duckdb", "clickhouse": "clickhouse",
        "oracle": "oracle", "dynamodb": "dynamodb", "cassandra": "cassandra",
        "sql server": "sql server", "mssql": "sql server",
    },
    "editor": {
        "vim": "vim", "neovim": "neovim", "nvim": "neovim", "emacs": "emacs",
        "vscode": "vscode", "vs code": "vscode", "helix": "helix", "pycharm": "pycharm",
        "zed": "zed", "sublime": "sublime", "intellij": "intellij",
    },
    "language": {
        "python": "python", "rust": "rust", "golang": "go", "typescript": "typescript",
        "javascript": "javascript", "kotlin": "kotlin", "elixir": "elixir", "java": "java",
        "zig": "zig", "ruby": "ruby", "php": "php", "scala": "scala", "swift": "swift",
    },
    "runtime": {"node.js": "node", "nodejs": "node", "bun.js": "bun", "bun": "bun", "deno": "deno"},
    "ci": {
        "github actions": "github actions", "gitlab ci": "gitlab ci", "jenkins": "jenkins",
        "circleci": "circleci", "buildkite": "buildkite", "drone": "drone",
        "travis": "travis",
    },
    "cloud": {
        "aws": "aws", "gcp": "gcp", "azure": "azure", "hetzner": "hetzner",
        "fly.io": "fly.io", "vercel": "vercel", "heroku": "heroku", "netlify": "netlify",
        "digitalocean": "digitalocean",
    },
    "os": {
        "linux": "linux", "macos": "macos", "windows": "windows", "ubuntu": "ubuntu",
        "debian": "debian", "fedora": "fedora",
    },
    "shell": {"bash": "bash", "zsh": "zsh", "fish": "fish"},
    "theme": {
        "solarized": "solarized", "gruvbox": "gruvbox", "nord": "nord", "dracula": "dracula",
        "dark": "dark", "light": "light",
    },
}  # fmt: skip
TIMEZONE = re.compile(r"^(?:utc|gmt|[a-z]+/[a-z_]+)$")
CHANGE_MARKERS = {
    "moved", "migrated", "switched", "replaced", "replacing", "instead", "dropped",
    "abandoned", "deprecated", "longer", "anymore", "now", "changed", "stopped",
}  # fmt: skip
STOPWORDS = set(
    ["a", "an", "the", "and", "or", "but", "of", "to", "for", "from", "in", "on", "at", "by", "with", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "we", "our", "us", "i", "my", "me", "you", "your", "he", "she", "they", "them", "their", "uses", "use", "using", "used", "has", "have", "had", "do", "does", "did", "will", "would", "should", "can", "could", "may", "might", "not", "no", "yes", "so", "very", "also", "just", "all", "any", "some", "each", "every", "than", "then", "there", "here", "which", "who", "what", "when", "where", "how", "into", "onto", "over", "under", "about", "after", "before", "since", "until", "while", "via", "user", "users"]
)  # fmt: skip
WORD = re.compile(r"[^\W_][\w./+#-]*")
BLOCK_CAP = 2000  # a (slot, term) group larger than this cannot tell subjects apart
EXACT_BLOCK = 60  # groups up to this size are compared pair by pair
REPRESENTATIVES = 3  # per value, in larger groups: the newest few
MIN_SCORE = 0.5
# A change statement is compared with at most this many memories naming its old value
# (the newest): a value named everywhere ("monday") cannot make the search quadratic.
CHANGE_HOLDERS_CAP = 2000
CHANGE_SLOT = "stated change"  # the slot of a change whose old value is in no LEXICON slot
# LEXICON values that are also ordinary words: a bare "switched from light to dark mode"
# says nothing about a memory that merely contains "light".
ORDINARY_WORDS = frozenset({"light", "dark", "nord", "drone", "fish", "rust", "go", "zed"})

_PHRASES = {
    slot: sorted((f for f in forms if " " in f), key=len, reverse=True)
    for slot, forms in LEXICON.items()
}
_SURFACE = {w for forms in LEXICON.values() for f in forms for w in f.split()}


@dataclass(slots=True)
class Features:
    values: dict[str, frozenset[str]]  # slot → canonical values named
    subject: frozenset[str]  # the other content words
    markers: list[str]  # change words ("moved", "migrated", ...)
    words: frozenset[str] = frozenset()  # every word, for finding who names a value
    changes: tuple[ChangeStatement, ...] = ()  # what the text says changed


def tokens(text: str) -> list[str]:
    return [w.rstrip(".,;:!?-") for w in WORD.findall(text.lower())]


def lexicon_value(value: str) -> tuple[str, str] | None:
    """(slot, canonical value) of a value named by a change statement, if LEXICON knows it."""
    for slot, forms in LEXICON.items():
        if value in forms:
            return slot, forms[value]
    return None


def _apply_changes(values: dict[str, set[str]], changes: list[ChangeStatement]) -> None:
    """What a change statement leaves behind: the old value no longer holds, so "moved
    from poetry to uv" names only uv in its slot (and "no longer uses pip" nothing)."""
    for change in changes:
        old = lexicon_value(change.old) if change.old else None
        if old is None:
            continue
        slot, canonical = old
        new = lexicon_value(change.new) if change.new else None
        if new is not None and new[1] == canonical:
            continue
        values.get(slot, set()).discard(canonical)
        if slot in values and not values[slot]:
            del values[slot]


@functools.lru_cache(maxsize=8192)
def features(text: str) -> Features:
    """What a text says for contradiction checks (cached: every stage compares the new
    memory with the same few hundred newest ones; callers never change the result)."""
    words = [w for w in tokens(text) if w]
    lowered = " " + " ".join(words) + " "
    values: dict[str, set[str]] = defaultdict(set)
    for slot, forms in LEXICON.items():
        for phrase in _PHRASES[slot]:
            if f" {phrase} " in lowered:
                values[slot].add(forms[phrase])
        for w in words:
            if w in forms:
                values[slot].add(forms[w])
    for w in words:
        if TIMEZONE.match(w) and ("/" in w or w in ("utc", "gmt")):
            values["timezone"].add(w)
    changes = change_statements.parse(text)
    if changes:
        _apply_changes(values, changes)
    markers = sorted({w for w in words if w in CHANGE_MARKERS})
    subject = frozenset(
        w
        for w in words
        if w not in STOPWORDS
        and w not in _SURFACE
        and w not in CHANGE_MARKERS
        and not w.replace(".", "").isdigit()
        and not TIMEZONE.match(w)
        and len(w) > 1
    )
    return Features(
        {k: frozenset(v) for k, v in values.items()},
        subject,
        markers,
        frozenset(words),
        tuple(changes),
    )


@dataclass(slots=True)
class ConflictCandidate:
    """A *candidate* contradiction: evidence for a person, never a verdict."""

    newer_id: str
    older_id: str
    slot: str
    newer_values: list[str]
    older_values: list[str]
    score: float
    evidence: list[str] = field(default_factory=list)
    scope_differs: bool = False
    status: str = "candidate"  # candidate | disputed (staged for review)
    # The change statement that makes ``newer_id`` the candidate winner: old, new, kind,
    # language, span ("moved from poetry to uv"); None for a pair told apart by slot only.
    change: dict[str, Any] | None = None

    def other(self, memory_id: str) -> str:
        return self.older_id if memory_id == self.newer_id else self.newer_id

    @property
    def pair(self) -> tuple[str, str]:
        return pair_key(self.newer_id, self.older_id)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["verdict"] = "candidate — not validated; resolve it with `memaudit resolve`"
        return data


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class Comparable(Protocol):
    """What ``find`` reads of a memory (a ``Memory`` has it; so has a ``Statement``)."""

    @property
    def id(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def created_at(self) -> str | None: ...
    @property
    def scope(self) -> str | None: ...


@dataclass(slots=True, frozen=True)
class Statement:
    """An active memory as ``find`` reads it: four columns, not a whole ``Memory``
    (a large store's active memories fit in a fraction of the memory)."""

    id: str
    content: str
    created_at: str | None
    scope: str | None


def active_statements(store: Store, progress: Progress = silent) -> list[Statement]:
    """The store's active memories, newest first as ``Store.memories`` gives them,
    read through its SQL view (one scan)."""
    conn = store.sql_view().conn
    (total,) = conn.execute("SELECT count(*) FROM memories WHERE status = 'active'").fetchone()
    rows = conn.execute(
        "SELECT id, content, created_at, scope FROM memories WHERE status = 'active'"
        " ORDER BY created_at DESC, seq DESC"
    )
    return [
        Statement(str(i), c if isinstance(c, str) else str(c or ""), at, scope)
        for i, c, at, scope in counting(rows, progress, "conflicts: reading", total)
    ]


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
    weight = sum(idf.get(t, 1.0) for t in shared)
    return weight / sum(idf.get(t, 1.0) for t in union)


def _rough_similarity(
    fa: Features, fb: Features, idf: dict[str, float], weights: dict[int, float]
) -> float:
    """``_similarity`` up to rounding, without summing the union (weight of both −
    shared): cheap enough for every pair a block offers. ``weights`` keeps each
    subject's weight (by object: ``features`` hands out shared, cached objects)."""
    if not fa.subject or not fb.subject:
        return 0.5 if not fa.subject and not fb.subject else 0.3
    shared = fa.subject & fb.subject
    if not shared:
        return 0.0
    weight = sum([idf[t] for t in shared])
    wa = weights.get(id(fa))
    if wa is None:
        wa = weights[id(fa)] = sum([idf[t] for t in fa.subject])
    wb = weights.get(id(fb))
    if wb is None:
        wb = weights[id(fb)] = sum([idf[t] for t in fb.subject])
    return weight / (wa + wb - weight)


def _quick_score(a: Comparable, fa: Features, b: Comparable, fb: Features, sim: float) -> float:
    """The score ``_score`` gives the pair (before rounding), without its evidence. It
    depends on the pair, never on the slot."""
    score = 0.25 + 0.6 * sim + (0.15 if fa.markers or fb.markers else 0.0)
    if a.scope and b.scope and a.scope != b.scope:
        score *= 0.75
    return min(1.0, score)


def _score(
    a: Comparable, fa: Features, b: Comparable, fb: Features, slot: str, idf: dict[str, float]
) -> ConflictCandidate | None:
    va, vb = fa.values.get(slot, frozenset()), fb.values.get(slot, frozenset())
    if not va or not vb or va == vb:
        return None
    newer, older = _newer_first(a, b)
    fn, fo = (fa, fb) if newer is a else (fb, fa)
    change = _change_in_slot(fn, slot)
    older_change = _change_in_slot(fo, slot)
    if older_change is not None and change is None:
        # The statement of a change knows about the other value: it is the newer one.
        newer, older, fn, fo, change = older, newer, fo, fn, older_change
    if change is not None and change.new:
        new = lexicon_value(change.new)
        if new is not None and new[1] in fo.values.get(slot, frozenset()):
            return None  # the other one names the new value too: no old state to replace
    shared = fa.subject & fb.subject
    score = round(_quick_score(a, fa, b, fb, _similarity(fa, fb, idf)), 3)
    evidence = [
        f"same slot '{slot}': {older.id} says {', '.join(sorted(fo.values[slot]))}; "
        f"{newer.id} says {', '.join(sorted(fn.values[slot]))}",
    ]
    if shared:
        evidence.append(f"shared subject terms: {', '.join(sorted(shared)[:8])}")
    else:
        evidence.append("no shared subject terms")
    if change is not None:
        evidence.append(_change_evidence(newer, change))
        if (older.created_at or "") > (newer.created_at or ""):
            evidence.append(_recorded_later(older, newer))
    elif fn.markers:
        evidence.append(f"{newer.id} signals a change ({', '.join(fn.markers)})")
    scope_differs, note = _scope_note(older, newer)
    if note:
        evidence.append(note)
    evidence.append(
        f"created {(older.created_at or '?')[:10]} ({older.id}) and "
        f"{(newer.created_at or '?')[:10]} ({newer.id})"
    )
    return ConflictCandidate(
        newer.id,
        older.id,
        slot,
        sorted(fn.values[slot]),
        sorted(fo.values[slot]),
        score,
        evidence,
        scope_differs,
        change=_change_dict(change, newer.id) if change else None,
    )


def _scope_note(older: Comparable, newer: Comparable) -> tuple[bool, str | None]:
    """Whether the two memories hold for different scopes, and what the evidence says."""
    if older.scope and newer.scope and older.scope != newer.scope:
        return True, (
            f"scopes differ ({older.id}: {older.scope}; {newer.id}: {newer.scope}) — "
            "both may hold; consider --keep-both"
        )
    if older.scope and older.scope == newer.scope:
        return False, f"same scope: {older.scope}"
    return False, None


def _change_in_slot(f: Features, slot: str) -> ChangeStatement | None:
    """The change statement of ``f`` whose old or new value is in ``slot``."""
    for change in f.changes:
        for value in (change.old, change.new):
            found = lexicon_value(value) if value else None
            if found is not None and found[0] == slot:
                return change
    return None


def _change_dict(change: ChangeStatement, statement_id: str) -> dict[str, Any]:
    return {
        "statement_id": statement_id,
        "old": change.old,
        "new": change.new,
        "kind": change.kind.value,
        "language": change.language,
        "span": change.span,
    }


def _change_evidence(newer: Comparable, change: ChangeStatement) -> str:
    what = f"{change.old or '?'} → {change.new or '(nothing named)'}"
    return (
        f"{newer.id} states a change ({change.language}): “{change.span}” ({what}); "
        "it is the candidate winner — nothing is superseded until a person resolves it"
    )


def _recorded_later(older: Comparable, newer: Comparable) -> str:
    return (
        f"{older.id} was recorded after {newer.id} ({(older.created_at or '?')[:10]}): "
        "check that the change was not reverted"
    )


def _change_candidates(
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
    keys = {id(c): _lookup_key(c) for _, c in statements}
    wanted = set(keys.values())
    holders: dict[str, list[int]] = defaultdict(list)
    for j, f in enumerate(feats):
        for w in f.words & wanted:
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


def _lookup_key(change: ChangeStatement) -> str:
    """The word a memory must contain to be compared with ``change``."""
    if change.old:
        return change.old.split()[0]
    assert change.verb is not None
    return change.verb.split()[0]


def _names_a_tool(value: str) -> bool:
    found = lexicon_value(value)
    return found is not None and value not in ORDINARY_WORDS


def stems(words: frozenset[str]) -> frozenset[str]:
    """Words cut to five letters: "tracking" and "tracked", "progetto" and "progetti"
    are one."""
    return frozenset(w[:5] for w in words)


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
        sim = sum(idf.get(t, 1.0) for t in shared) / sum(idf.get(t, 1.0) for t in union)
    else:
        sim = 1.0
    score = 0.6 + 0.3 * sim + (0.1 if change.focus else 0.0)
    found = lexicon_value(change.old)
    slot = found[0] if found else CHANGE_SLOT
    evidence = [
        _change_evidence(new, change),
        f"{old.id} still says {change.old}",
    ]
    if change.focus:
        evidence.append(f"what changed ({', '.join(sorted(change.focus)[:6])}) is in {old.id}")
    if shared:
        evidence.append(f"shared subject terms: {', '.join(sorted(shared)[:8])}")
    scope_differs, note = _scope_note(old, new)
    if scope_differs:
        score *= 0.75
    if note:
        evidence.append(note)
    if (old.created_at or "") > (new.created_at or ""):
        evidence.append(_recorded_later(old, new))
    else:
        evidence.append(
            f"created {(old.created_at or '?')[:10]} ({old.id}) and "
            f"{(new.created_at or '?')[:10]} ({new.id})"
        )
    return ConflictCandidate(
        new.id,
        old.id,
        slot,
        [change.new] if change.new else [],
        [change.old],
        round(min(1.0, score), 3),
        evidence,
        scope_differs,
        change=_change_dict(change, new.id),
    )


def find(
    memories: Sequence[Comparable],
    *,
    min_score: float = MIN_SCORE,
    only: set[str] | None = None,
    exclude: set[tuple[str, str]] | None = None,
    progress: Progress = silent,
) -> list[ConflictCandidate]:
    """Candidate contradictions among ``memories`` (all taken as active).

    ``only``: report only pairs involving these ids. ``exclude``: pairs already
    decided (kept or resolved). Each distinct text's features are computed once, and
    a pair's evidence is written only when it is kept (its score alone decides).
    """
    cache: dict[str, Features] = {}
    feats: list[Features] = []
    for m in counting(memories, progress, "conflicts: reading texts", len(memories)):
        f = cache.get(m.content)
        if f is None:
            f = cache[m.content] = features(m.content)
        feats.append(f)
    cache.clear()
    df: dict[str, int] = defaultdict(int)
    for f in feats:
        for t in f.subject:
            df[t] += 1
    n = max(1, len(memories))
    idf = {t: math.log(1 + n / c) for t, c in df.items()}
    del df
    mine = {i for i, m in enumerate(memories) if only and m.id in only}
    # With ``only``, a block none of those memories is in yields no pair: not built.
    keys = (
        {(slot, t) for i in mine for slot in feats[i].values for t in feats[i].subject or [""]}
        if only
        else None
    )
    blocks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, f in enumerate(feats):
        for slot in f.values:
            for t in f.subject or [""]:
                if keys is None or (slot, t) in keys:
                    blocks[(slot, t)].append(i)
    # Per pair: the first block (its rank, its slot) that offers it with a score that
    # may reach min_score; the candidate is built, and scored exactly, at the end. A
    # pair's score does not depend on the block nor on the slot, so blocks are taken
    # slot by slot, a pair is scored once per slot, and the first block wins.
    best: dict[int, tuple[int, str]] = {}
    # Scores are kept rounded to 3 places, and the rough one is exact up to rounding.
    floor = min_score - 0.0005 - 1e-9
    weights: dict[int, float] = {}  # per Features object: its subject's idf weight
    exclude = exclude or set()
    by_slot = sorted(enumerate(blocks.items()), key=lambda kv: (kv[1][0][0], kv[0]))
    scored: set[int] = set()
    current: str | None = None
    for rank, ((slot, _term), members) in counting(
        by_slot, progress, "conflicts: comparing", len(blocks)
    ):
        if slot != current:
            current = slot
            scored.clear()
        if len(members) < 2 or len(members) > BLOCK_CAP:
            continue
        groups: dict[frozenset[str], list[int]] = defaultdict(list)
        for i in members:
            groups[feats[i].values[slot]].append(i)
        if len(groups) < 2:
            continue
        if len(members) > EXACT_BLOCK:
            for key, idxs in groups.items():
                idxs.sort(key=lambda i: (memories[i].created_at or "", memories[i].id))
                wanted = [i for i in idxs if only and memories[i].id in only]
                groups[key] = list(dict.fromkeys(wanted + idxs[-REPRESENTATIVES:]))
        values = list(groups)
        for x in range(len(values)):
            for y in range(x + 1, len(values)):
                others = groups[values[y]]
                theirs = [j for j in others if j in mine] if only else others
                for i in groups[values[x]]:
                    # With ``only``, pairs without one of those memories are skipped
                    # below anyway: do not walk them (same pairs, same order).
                    for j in others if (not only or i in mine) else theirs:
                        pair = i * n + j if i < j else j * n + i
                        if pair in scored:
                            continue
                        scored.add(pair)
                        a, b = memories[i], memories[j]
                        if a.id == b.id:
                            continue
                        if only and a.id not in only and b.id not in only:
                            continue
                        if exclude and pair_key(a.id, b.id) in exclude:
                            continue
                        fa, fb = feats[i], feats[j]
                        prev = best.get(pair)
                        if prev is not None and prev[0] < rank:
                            continue
                        if (
                            _quick_score(a, fa, b, fb, _rough_similarity(fa, fb, idf, weights))
                            >= floor
                        ):
                            best[pair] = (rank, slot)
    scored.clear()
    blocks.clear()
    seen: dict[tuple[str, str], ConflictCandidate] = {}
    for pair, (_, slot) in best.items():
        i, j = divmod(pair, n)
        cand = _score(memories[i], feats[i], memories[j], feats[j], slot, idf)
        if cand is not None and cand.score >= min_score:
            seen[cand.pair] = cand
    _change_candidates(
        memories, feats, idf, only=only, exclude=exclude or set(), seen=seen, min_score=min_score
    )
    return sorted(seen.values(), key=lambda c: (-c.score, c.newer_id, c.older_id))


def stated_changes(
    store: Store,
    conn: sqlite3.Connection,
    *,
    exclude: set[tuple[str, str]] | None = None,
    pool_max: int = 200_000,
) -> tuple[list[ConflictCandidate], str | None]:
    """Candidates whose newer side states a change, among the active memories of
    ``store`` (``conn``: its SQL view), without loading every memory: the change
    statements are found first, then only the memories naming one of their old values
    are read. Returns the candidates and, when the search was cut short, why."""
    statements: set[str] = set()
    first_words: set[str] = set()
    # Each distinct text is judged once (stores repeat texts: templates, copies), in
    # both scans; the texts are only held until the pool is known.
    keys_of: dict[str, frozenset[str]] = {}
    no_keys: frozenset[str] = frozenset()
    rows = conn.execute("SELECT id, content FROM memories WHERE status = 'active'")
    for mid, content in rows:
        keys = keys_of.get(content)
        if keys is None:
            stated = [c for c in change_statements.parse(content or "") if c.old or c.verb]
            keys = keys_of[content] = frozenset(map(_lookup_key, stated)) if stated else no_keys
        if keys:
            statements.add(mid)
            first_words |= keys
    if not statements:
        return [], None
    alternation = "|".join(re.escape(w) for w in sorted(first_words, key=len, reverse=True))
    names = re.compile(rf"(?<![\w.+#/-])(?:{alternation})(?![\w+#/-])")
    named: dict[str, bool] = {}
    keys_of.clear()
    pool_ids = set(statements)
    for mid, content in conn.execute("SELECT id, content FROM memories WHERE status = 'active'"):
        if mid in pool_ids:
            continue
        hit = named.get(content)
        if hit is None:
            hit = named[content] = (
                names.search(change_statements.normalise(content or "")) is not None
            )
        if hit:
            pool_ids.add(mid)
            if len(pool_ids) > pool_max:
                return [], (
                    f"not searched: more than {pool_max} active memories name an old value "
                    f"of the {len(statements)} change statements"
                )
    pool = store.memories(MemoryFilter(ids=sorted(pool_ids), statuses=[Status.ACTIVE]))
    found = find(pool, only=statements, exclude=exclude)
    return [c for c in found if c.change is not None and c.newer_id in statements], None


# -- what memaudit records about pairs -------------------------------------------


def decided_pairs_of(store: Store) -> set[tuple[str, str]]:
    """``decided_pairs`` of a store's records; none for a store that keeps no records."""
    if not store.has(Capability.RESOLVE):
        return set()
    return decided_pairs(store.records(writable=False))


def decided_pairs(records: Ledger | None) -> set[tuple[str, str]]:
    """Pairs a person already settled (kept apart, or resolved)."""
    if records is None:
        return set()
    rows = records.conn.execute(
        "SELECT a_id, b_id FROM conflict_pairs WHERE status IN ('kept', 'resolved')"
    )
    return {(a, b) for a, b in rows}


def _record_resolved(
    records: Ledger, new_id: str, old_id: str, *, actor: str, reason: str | None
) -> None:
    """A person decided: ``new_id`` supersedes ``old_id`` (the pair is no longer open)."""
    _upsert(
        records,
        None,
        new_id,
        old_id,
        "resolved",
        actor=actor,
        found_by="resolve",
        reason=reason,
        decided=True,
    )


def _upsert(
    records: Ledger,
    cand: ConflictCandidate | None,
    a: str,
    b: str,
    status: str,
    *,
    actor: str,
    found_by: str,
    reason: str | None = None,
    decided: bool = False,
) -> None:
    x, y = pair_key(a, b)
    now = records.now()
    records.conn.execute(
        "INSERT INTO conflict_pairs(a_id, b_id, status, score, slot, evidence, found_at, "
        "found_by, decided_by, decided_at, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(a_id, b_id) DO UPDATE SET status = excluded.status, "
        "score = coalesce(excluded.score, score), slot = coalesce(excluded.slot, slot), "
        "evidence = CASE WHEN excluded.evidence = '[]' THEN evidence ELSE excluded.evidence END, "
        "decided_by = excluded.decided_by, decided_at = excluded.decided_at, "
        "reason = excluded.reason",
        (
            x,
            y,
            status,
            cand.score if cand else None,
            cand.slot if cand else None,
            json.dumps(cand.evidence if cand else []),
            now,
            found_by,
            actor if decided else None,
            now if decided else None,
            reason,
        ),
    )


def stage(
    store: Store, candidates: Iterable[ConflictCandidate], *, actor: str
) -> list[ConflictCandidate]:
    """Record candidates as ``disputed`` pairs in the review queue (nothing superseded).

    On a native ledger both memories' validation becomes ``disputed`` too."""
    records = store.records(writable=True)
    assert records is not None
    staged = []
    with records.transaction():
        decided = decided_pairs(records)
        for cand in candidates:
            if cand.pair in decided:
                continue
            _upsert(
                records,
                cand,
                cand.newer_id,
                cand.older_id,
                "disputed",
                actor=actor,
                found_by="conflicts",
            )
            records.log(
                "dispute",
                cand.newer_id,
                actor=actor,
                reason=f"candidate contradiction with {cand.older_id} ({cand.slot})",
                detail={"with": cand.older_id, "score": cand.score, "slot": cand.slot},
            )
            if store.has(Capability.VALIDATION):
                store.mark_disputed(cand.newer_id, cand.older_id)
            cand.status = "disputed"
            staged.append(cand)
    return staged


def candidates_for(records: Ledger | None, memory_id: str) -> list[dict[str, Any]]:
    """Open (disputed) candidates involving ``memory_id`` — what a reviewer should see
    next to a pending item."""
    if records is None:
        return []
    rows = records.conn.execute(
        "SELECT a_id, b_id, score, slot, evidence, found_at, found_by FROM conflict_pairs "
        "WHERE status = 'disputed' AND (a_id = ? OR b_id = ?) ORDER BY score DESC",
        (memory_id, memory_id),
    ).fetchall()
    return [
        {
            "other_id": b if a == memory_id else a,
            "score": score,
            "slot": slot,
            "evidence": json.loads(evidence or "[]"),
            "found_at": found_at,
            "found_by": found_by,
            "verdict": "candidate",
        }
        for a, b, score, slot, evidence, found_at, found_by in rows
    ]


def check_staged(ledger: Ledger, memory_ids: Sequence[str], *, actor: str) -> int:
    """The stage hook: compare newly staged memories with active ones that name a value
    of the same slot (found through the FTS index), and record candidates with the
    pending item. Caller holds the transaction. Returns how many were recorded."""
    found = 0
    for mid in memory_ids:
        memory = ledger.get(mid)
        if memory is None:
            continue
        feats = features(memory.content)
        if not feats.values and not feats.changes:
            continue
        forms = {f for slot in feats.values for f in LEXICON.get(slot, {})}
        forms |= {v for slot, vals in feats.values.items() if slot == "timezone" for v in vals}
        forms |= {c.old for c in feats.changes if c.old}  # who still says the old value
        terms = [" ".join(re.findall(r"[^\W_]+", f)) for f in forms]
        query = " OR ".join(f'"{t}"' for t in terms if t)
        if not query:
            continue
        # The newest written, driven from the index (LIMIT stops the walk early; a
        # common slot matches tens of thousands of memories on a large store).
        # Only what the comparison reads (id, text, scope, age): a full row each would
        # cost more than the comparison itself.
        others = ledger.conn.execute(
            "SELECT memories.id, memories.content, memories.scope, memories.created_at "
            "FROM memories_fts CROSS JOIN memories "
            "ON memories.seq = memories_fts.rowid WHERE memories_fts MATCH ? "
            "AND memories.status = 'active' AND memories.id <> ? "
            "ORDER BY memories_fts.rowid DESC LIMIT 500",
            (query, mid),
        ).fetchall()
        if not others:
            continue
        pool = [
            memory,
            *(
                Memory(id=str(i), content=str(c or ""), scope=s, created_at=t)
                for i, c, s, t in others
            ),
        ]
        decided = decided_pairs(ledger)
        for cand in find(pool, only={mid}, exclude=decided):
            _upsert(
                ledger,
                cand,
                cand.newer_id,
                cand.older_id,
                "disputed",
                actor=actor,
                found_by="stage",
            )
            ledger.log(
                "dispute",
                mid,
                actor=actor,
                reason=f"candidate contradiction with {cand.other(mid)} ({cand.slot})",
                detail={"with": cand.other(mid), "score": cand.score, "slot": cand.slot},
            )
            found += 1
    return found


# -- resolving (a person's decision) -------------------------------------------------


def _active(store: Store, memory_id: str) -> Memory:
    memory = store.require(memory_id)
    if memory.status is not Status.ACTIVE:
        raise MemauditError(f"{memory_id} is {memory.status.value}, not active")
    return memory


def resolve_supersede(
    store: Store, new_id: str, old_id: str, *, actor: str, reason: str | None, dry_run: bool
) -> dict[str, Any]:
    """A person validated that ``new_id`` replaces ``old_id``: the old one becomes
    superseded (``superseded_by``/``contradicted_by``), validated by ``actor``."""
    if not actor or not actor.strip():
        raise InvalidInput("a supersession needs a person: set --actor or MEMAUDIT_ACTOR")
    if new_id == old_id:
        raise InvalidInput("a memory cannot supersede itself")
    new = _active(store, new_id)
    old = store.require(old_id)
    if old.status is Status.SUPERSEDED:
        if old.superseded_by != new.id:
            raise InvalidInput(
                f"{old_id} is already superseded by {old.superseded_by or 'another memory'}; "
                f"to decide again, first: memaudit resolve --undo {old_id}"
            )
        return _validate_supersession(store, new, old, actor=actor, reason=reason, dry_run=dry_run)
    old = _active(store, old_id)
    plan = {
        "action": "supersede",
        "new": new.id,
        "old": old.id,
        "old_status": {"from": old.status.value, "to": "superseded"},
        "validated_by": actor,
        "reason": reason,
        "dry_run": dry_run,
    }
    if dry_run:
        return plan
    store.supersede(new.id, old.id, actor=actor, reason=reason)
    records = store.records(writable=True)
    if records is not None and not store.has(Capability.VALIDATION):
        # The store keeps no validation of its own: who validated it is memaudit's
        # record, kept in the sidecar.
        with records.transaction():
            _record_resolved(records, new.id, old.id, actor=actor, reason=reason)
            records.log(
                "supersede",
                old.id,
                actor=actor,
                reason=reason,
                detail={"by": new.id, "validation": "validated", "validated_by": actor},
            )
    return plan


def _validate_supersession(
    store: Store, new: Memory, old: Memory, *, actor: str, reason: str | None, dry_run: bool
) -> dict[str, Any]:
    """``old`` was already superseded by ``new`` (by an agent's consolidation, say): a
    person now validates that decision. Nothing else changes."""
    plan = {
        "action": "validate_supersession",
        "new": new.id,
        "old": old.id,
        "old_status": {"from": old.status.value, "to": old.status.value},
        "validated_by": actor,
        "reason": reason,
        "dry_run": dry_run,
    }
    if dry_run:
        return plan
    records = store.records(writable=True)
    if records is None:
        raise store.unsupported(Capability.RESOLVE)
    with records.transaction():
        _record_resolved(records, new.id, old.id, actor=actor, reason=reason)
        if store.has(Capability.VALIDATION):
            store.mark_validated([old.id], actor=actor)
        records.log(
            "resolve",
            new.id,
            actor=actor,
            reason=reason,
            detail={"supersedes": old.id, "validated": "existing supersession"},
        )
    return plan


def supersede_native(
    ledger: Ledger, new_id: str, old_id: str, *, actor: str, reason: str | None
) -> None:
    """Write a validated supersession into the native ledger (one transaction)."""
    with ledger.transaction():
        new = ledger.require(new_id)
        now = ledger.now()
        cur = ledger.conn.execute(
            "UPDATE memories SET status = 'superseded', superseded_by = ?, contradicted_by = ?, "
            "validation = 'validated', validated_by = ?, validated_at = ?, updated_at = ?, "
            "version = version + 1 WHERE id = ? AND status = 'active'",
            (new.id, new.id, actor, now, now, old_id),
        )
        if cur.rowcount != 1:
            raise NotFound(f"{old_id} is no longer active; nothing superseded")
        ledger.log(
            "supersede",
            old_id,
            actor=actor,
            reason=reason,
            detail={"by": new.id, "validation": "validated", "validated_by": actor},
        )
        ledger.log("resolve", new.id, actor=actor, reason=reason, detail={"supersedes": old_id})
        _record_resolved(ledger, new.id, old_id, actor=actor, reason=reason)


def unsupersede_native(
    ledger: Ledger, memory_id: str, *, actor: str | None, reason: str | None
) -> dict[str, Any]:
    """Undo a supersession in the native ledger: the superseded memory is active again,
    its validation back to unvalidated, the pair disputed again — undecided, in the
    review queue (one transaction, logged; the event keeps what was undone)."""
    with ledger.transaction():
        old = ledger.require(memory_id)
        if old.status is not Status.SUPERSEDED:
            raise InvalidInput(
                f"{memory_id} is {old.status.value}, not superseded; nothing to undo"
            )
        detail = {
            "superseded_by": old.superseded_by,
            "contradicted_by": old.contradicted_by,
            "validation": old.validation.value,
            "validated_by": old.validated_by,
        }
        now = ledger.now()
        ledger.conn.execute(
            "UPDATE memories SET status = 'active', superseded_by = NULL, "
            "contradicted_by = NULL, validation = 'unvalidated', validated_by = NULL, "
            "validated_at = NULL, updated_at = ?, version = version + 1 WHERE id = ?",
            (now, old.id),
        )
        if old.superseded_by:
            x, y = pair_key(old.superseded_by, old.id)
            ledger.conn.execute(
                "UPDATE conflict_pairs SET status = 'disputed', decided_by = NULL, "
                "decided_at = NULL, reason = NULL WHERE a_id = ? AND b_id = ?",
                (x, y),
            )
        ledger.log("unsupersede", old.id, actor=actor, reason=reason, detail=detail)
    return {"id": old.id, "from": "superseded", "to": "active", **detail}


def keep_both(
    store: Store, pairs: Sequence[tuple[str, str]], *, actor: str, reason: str, dry_run: bool
) -> dict[str, Any]:
    """A person decided the memories of each pair both hold (date, scope, environment):
    both stay active and the pair is no longer reported."""
    if not reason or not reason.strip():
        raise InvalidInput("--keep-both needs --reason (what tells them apart)")
    for a, b in pairs:
        if a == b:
            raise InvalidInput("a pair needs two different memories")
        _active(store, a)
        _active(store, b)
    plan = {
        "action": "keep_both",
        "pairs": [list(p) for p in pairs],
        "reason": reason,
        "by": actor,
        "dry_run": dry_run,
    }
    if dry_run or not pairs:
        return plan
    records = store.records(writable=True)
    assert records is not None
    with records.transaction():
        for a, b in pairs:
            _upsert(
                records,
                None,
                a,
                b,
                "kept",
                actor=actor,
                found_by="resolve",
                reason=reason,
                decided=True,
            )
            for mid, other in ((a, b), (b, a)):
                records.log("keep_both", mid, actor=actor, reason=reason, detail={"with": other})
            if store.has(Capability.VALIDATION):
                store.mark_validated([a, b], actor=actor)
    return plan
