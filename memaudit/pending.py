"""The review queue as a reviewer sees it: pending items, oldest first, with flags.

Shared by `memaudit review` (the Textual UI) and `memaudit review --list` (scripts),
so both faces flag the same items for the same reasons. Everything goes through the
``Store`` protocol, so a provider's queue gets the same treatment as the native one.

Flags are meant to slow a reviewer down where approving reflexively is dangerous:

- ``stale``: pending longer than the policy's ``stale_pending_days``;
- ``derived``: built from other memories (a summary, inference, promoted conclusion);
- ``hidden``: the content holds invisible or control characters;
- ``unknown``: the store cannot say where it came from;
- ``duplicate``: an active memory already says the same (same normalised text, or
  shingle similarity at or above ``duplicates.similarity``). Every active memory is
  checked for the same text (``Store.active_copies``); the similar ones are looked for
  among the neighbours below;
- ``conflict``: an active memory may say the opposite (``memaudit.conflicts``);
- ``resurrected``: the write gate found the text of a forgotten memory in it
  (``memaudit.resurrection``). These come first in the queue, whatever their age;
- ``injected``: the text instructs the agent, weighed by where it came from
  (``memaudit.injection``, the audit's ``injected_instruction`` check). These come first
  too: on a memaudit ledger the write gate records the flag when the item is staged, so
  the queue finds them with one indexed query, however long it is.

The two comparisons with active memories are kept cheap: a few full-text searches on
the item's rarest-looking (longest) words find the candidates, and only those are
compared. They cost queries, so ``cheap_flags`` (no queries) and ``store_flags`` are
separate and a UI can paint the first before the second arrives.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from memaudit import fingerprint
from memaudit.clock import age_days, to_iso
from memaudit.errors import MemauditError
from memaudit.model import Memory, MemoryFilter, SourceType, Status, TrustTier
from memaudit.policy import Policy
from memaudit.store import Store
from memaudit.textsafety import hidden_characters

if TYPE_CHECKING:
    from memaudit import injection
    from memaudit.conflicts.candidate import Comparable
    from memaudit.conflicts.statements import Statement
    from memaudit.conflicts.text import Features
    from memaudit.conflicts.witness import Neighbourhood
    from memaudit.injection.judgements import Judgements

# Which words to search with: the longest ones are the least common, so the
# full-text queries stay selective on large stores.
SEARCH_WORDS = 4
SEARCH_LIMIT = 20


class Flag(StrEnum):
    STALE = "stale"
    DERIVED = "derived"
    HIDDEN = "hidden"
    UNKNOWN = "unknown"
    DUPLICATE = "duplicate"
    CONFLICT = "conflict"
    RESURRECTED = "resurrected"
    INJECTED = "injected"


# Known with the page (RESURRECTED: one query per page, recorded by the gate).
CHEAP_FLAGS = frozenset(
    {Flag.STALE, Flag.DERIVED, Flag.HIDDEN, Flag.UNKNOWN, Flag.RESURRECTED, Flag.INJECTED}
)
# Shown before everything else in the queue.
FIRST_FLAGS = frozenset({Flag.RESURRECTED, Flag.INJECTED})
# Approving an item with one of these flags is never a single keystroke: the review
# screen asks first, naming the flag (what a reviewer cannot see should not be waved
# through; an injected instruction would bind every future session).
CONFIRM_FLAGS = frozenset({Flag.HIDDEN, Flag.RESURRECTED, Flag.INJECTED})
# A store whose gate recorded no injection flags (not a memaudit ledger) is checked for
# them up to this many pending items.
FIRST_SCAN_CAP = 5000


@dataclass(slots=True)
class Similar:
    """An active memory close to a pending one."""

    memory: Memory
    score: float  # 1.0 for the same normalised text
    how: str  # "same text" / "similar 0.86"


@dataclass(slots=True)
class ConflictingMemory:
    """An active memory that may contradict the pending one (a candidate, not a verdict)."""

    memory: Memory
    reason: str
    score: float = 0.0


@dataclass(slots=True)
class QueueItem:
    memory: Memory
    age_days: float | None
    flags: set[Flag] = field(default_factory=set)
    store_flags_known: bool = False  # duplicate/conflict computed yet?

    def to_dict(self) -> dict[str, Any]:
        m = self.memory
        return {
            "id": m.id,
            "version": m.version,
            "created_at": m.created_at,
            "age_days": None if self.age_days is None else round(self.age_days, 2),
            "trust_tier": m.trust_tier.value,
            "source_type": m.source_type.value,
            "source_ref": m.source_ref,
            "derived": m.derived,
            "flags": sorted(f.value for f in self.flags),
            "content": m.content,
        }


@dataclass(slots=True)
class QueueSummary:
    total: int
    by_tier: dict[str, int]
    oldest_at: str | None
    oldest_age_days: float | None
    stale: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "by_tier": self.by_tier,
            "oldest_at": self.oldest_at,
            "oldest_age_days": None
            if self.oldest_age_days is None
            else round(self.oldest_age_days, 2),
            "stale": self.stale,
        }


def queue_filter(
    *,
    tiers: Sequence[TrustTier] | None = None,
    source_types: Sequence[SourceType] | None = None,
    search: str | None = None,
    limit: int | None = None,
    offset: int = 0,
    statuses: Sequence[Status] = (Status.PENDING,),
) -> MemoryFilter:
    """Pending items (or other statuses, for the memories screen), oldest first."""
    return MemoryFilter(
        statuses=list(statuses),
        tiers=list(tiers) if tiers else None,
        source_types=list(source_types) if source_types else None,
        search=search or None,
        limit=limit,
        offset=offset,
        oldest_first=True,
    )


def stale_cutoff(policy: Policy, now: datetime) -> str:
    return to_iso(now - timedelta(days=float(policy.get("stale_pending_days"))))


def summary(store: Store, now: datetime, flt: MemoryFilter | None = None) -> QueueSummary:
    """Counts by tier and the oldest item's age (a few count queries, no full scan)."""
    base = flt or queue_filter()
    fields = {name: getattr(base, name) for name in base.__slots__}
    by_tier: dict[str, int] = {}
    for tier in TrustTier:
        wanted = [tier] if not base.tiers else ([tier] if tier in base.tiers else [])
        if not wanted:
            continue
        n = store.count(MemoryFilter(**{**fields, "tiers": wanted, "limit": None, "offset": 0}))
        if n:
            by_tier[tier.value] = n
    total = sum(by_tier.values())
    oldest = store.memories(MemoryFilter(**{**fields, "limit": 1, "offset": 0}))
    oldest_at = oldest[0].created_at if oldest else None
    cutoff = stale_cutoff(store.policy(), now)
    stale = 0
    if oldest_at and oldest_at < cutoff:
        recent = store.count(
            MemoryFilter(**{**fields, "since": cutoff, "limit": None, "offset": 0})
        )
        stale = total - recent
    return QueueSummary(total, by_tier, oldest_at, age_days(oldest_at, now), stale)


def cheap_flags(
    memory: Memory, now: datetime, policy: Policy, *, injection: bool = True
) -> set[Flag]:
    """Flags that need no query. ``injection=False``: without ``INJECTED`` (the caller
    asks ``queue_injection.InjectionCheck`` for it)."""
    flags: set[Flag] = set()
    age = age_days(memory.created_at, now)
    if (
        memory.status is Status.PENDING
        and age is not None
        and age > float(policy.get("stale_pending_days"))
    ):
        flags.add(Flag.STALE)
    if memory.derived:
        flags.add(Flag.DERIVED)
    if hidden_characters(memory.content):
        flags.add(Flag.HIDDEN)
    if memory.source_type is SourceType.UNKNOWN:
        flags.add(Flag.UNKNOWN)
    if injection and injection_of(memory, policy) is not None:
        flags.add(Flag.INJECTED)
    return flags


# ``injection_of``'s memo of each text's signals (``NOT_SUSPECT``: the cheap first look
# rules the text out, so it is never flagged).
NOT_SUSPECT: list[Any] = []
TextSignals = dict[str, "list[Any]"]


def injection_of(
    memory: Memory,
    policy: Policy,
    *,
    recorded: bool = False,
    seen: TextSignals | None = None,
    kept: Judgements | None = None,
) -> injection.Assessment | None:
    """The injected-instruction assessment of an item, when it is flagged (no query:
    provenance as the item itself states it). ``recorded``: the gate flagged it when it
    was staged (knowing its lineage), so the evidence is wanted whatever the score now.
    ``seen``: each text's signals kept by the caller across items (``TextSignals``).
    ``kept``: the judgements file (``Judgements.reader``), read for the text's hits
    before the engine is asked (``kept_hits.kept_parts``)."""
    # Imported here: the engine compiles its pattern tables (a large part of a second),
    # which the modules that import this one for its types and filters do not need.
    from memaudit import injection
    from memaudit.injection.kept_hits import gate_hits, kept_parts

    text = memory.content
    hits: list[Any] | None = None  # None: ``assess`` finds them
    if seen is not None and not recorded:
        # The text's part of the assessment (a function of the text alone) once per
        # text: a queue repeats texts under other sources (at 200k 4,742 items hold
        # 3,980 texts); the source's part is weighed for each item below.
        hits = seen.get(text)
        if hits is None:
            suspect = injection.maybe_suspect(text)
            hits = seen[text] = injection.signals(text) if suspect else NOT_SUSPECT
        if hits is NOT_SUSPECT:
            return None
        hits = list(hits)
    elif (parts := kept_parts(kept, text)) is not None:
        # The text's judgement as the write gate kept it: the engine's analysis is not
        # set up for it (most of a second for the listing's few flagged items).
        if not recorded and not injection.maybe_suspect(text, parts[1]):
            return None
        hits = gate_hits(*parts)
    elif not recorded and not injection.maybe_suspect(text):
        return None
    found = injection.assess(
        text,
        injection.from_memory(memory),
        injection.Thresholds.from_policy(policy),
        hits=hits,
        scored=True,  # ``signals(text)`` read it, the scorer too (the address lever's premise)
    )
    return found if found.flagged or (recorded and found.hits) else None


def items(
    store: Store, flt: MemoryFilter, now: datetime, policy: Policy, *, injection: bool = True
) -> list[QueueItem]:
    """One page of the queue with the cheap flags (no per-item queries). ``injection``:
    as ``cheap_flags``'."""
    page = store.memories(flt)
    back = store.resurrected([m.id for m in page]) if page else {}
    out = []
    for m in page:
        flags = cheap_flags(m, now, policy, injection=injection)
        if m.id in back:
            flags.add(Flag.RESURRECTED)
        out.append(QueueItem(m, age_days(m.created_at, now), flags))
    return out


def first_items(
    store: Store, flt: MemoryFilter, now: datetime, policy: Policy, *, injection: bool = True
) -> list[QueueItem]:
    """The pending items that go before the rest of the queue (``FIRST_FLAGS``:
    resurrected text, injected instructions), matching the same filter. Both faces show
    these, then the queue in its order without them (callers skip ids already shown).
    ``injection=False``: the gate's records only (the caller asks ``queue_injection``
    about the text)."""
    if flt.statuses and Status.PENDING not in flt.statuses:
        return []
    back = store.resurrected(None)
    injected = _injected_ids(store, flt, policy)
    lead = set(back) | injected
    if not lead:
        return []
    wanted = sorted(lead) if flt.ids is None else [i for i in flt.ids if i in lead]
    chosen = replace(flt, ids=wanted, statuses=[Status.PENDING], offset=0)
    out = items(store, chosen, now, policy, injection=injection)
    for item in out:
        if item.memory.id in injected:  # the gate's record stands, whatever the text says now
            item.flags.add(Flag.INJECTED)
    # Resurrected text before injected instructions, each oldest first (a stable sort).
    return sorted(out, key=lambda i: Flag.RESURRECTED not in i.flags)


def _injected_ids(store: Store, flt: MemoryFilter, policy: Policy) -> set[str]:
    """Pending items flagged INJ: the ones the store's gate flagged when they were staged
    (the native ledger's ``flag`` events), elsewhere the first ``FIRST_SCAN_CAP``
    checked here."""
    flagged = store.injected_pending()
    if flagged is not None:
        return flagged
    scan = replace(flt, statuses=[Status.PENDING], limit=FIRST_SCAN_CAP, offset=0)
    return {m.id for m in store.memories(scan) if injection_of(m, policy) is not None}


def _words(text: str) -> list[str]:
    seen = dict.fromkeys(w for w in re.findall(r"\w+", fingerprint.normalize(text)) if len(w) > 2)
    return sorted(seen, key=lambda w: (-len(w), w))


def _searches(memory: Memory) -> list[str]:
    """The full-text searches that find an item's neighbours: each pair of its longest
    words (the words alone when it has one)."""
    return _searches_of(memory.content)


def _searches_of(text: str) -> list[str]:
    words = _words(text)[:SEARCH_WORDS]
    return [" ".join(p) for p in itertools.combinations(words, 2)] or words


def _neighbours(store: Store, memory: Memory) -> list[Memory]:
    """Active memories sharing two of the item's longest words (a few FTS queries)."""
    found: dict[str, Memory] = {}
    for q in _searches(memory):
        try:
            rows = store.memories(
                MemoryFilter(statuses=[Status.ACTIVE], search=q, limit=SEARCH_LIMIT)
            )
        except MemauditError:
            rows = []  # a store without full-text search: no candidates from it
        for m in rows:
            if m.id != memory.id:
                found.setdefault(m.id, m)
    return list(found.values())


# A search's answer, kept for the length of one listing (``Reading``): items of a
# queue share their words, so the same search comes back for many of them.
Searches = dict[str, list["Statement"]]


def _listed_neighbours(store: Store, memory: Memory, reading: Reading) -> list[Statement]:
    """``_neighbours`` for a listing: the same memories in the same order, four columns
    each (``Store.active_matches``), each search run once per listing. Items with the
    same searches share one pool (``Reading.pools``): callers must not change it."""
    pool = reading.pool(store, reading.searches_of(memory.content))
    if memory.id in pool.ids:  # an active item would find itself: the rest, in order
        return [m for m in pool.members if m.id != memory.id]
    return pool.members


def read_searches(
    store: Store, memories: Sequence[Memory], reading: Reading, *, workers: int = 1
) -> None:
    """Every full-text search of ``memories`` not answered yet, asked in one call
    (``Store.active_matches``, in ``workers`` processes) instead of a few per item."""
    todo = dict.fromkeys(
        q for m in memories for q in reading.searches_of(m.content) if q not in reading.searches
    )
    if todo:
        reading.searches.update(store.active_matches(list(todo), SEARCH_LIMIT, workers=workers))


def _copies(store: Store, memory: Memory, limit: int) -> list[str]:
    """Ids of active memories with the item's normalised text (``Store.active_copies``:
    every one is checked), the item itself left out, at most ``limit``."""
    found = store.active_copies([memory.content], limit + 1)[memory.content]
    return [i for i in found if i != memory.id][:limit]


def duplicates_checked(store: Store) -> str:
    """What the duplicate flag read, in words (its evidence)."""
    return (
        f"same text: {store.COPIES_CHECKED}; similar: the newest {SEARCH_LIMIT} active "
        f"matches of each pair of the item's {SEARCH_WORDS} longest words"
    )


def similar_active(
    store: Store, memory: Memory, threshold: float, neighbours: list[Memory] | None = None
) -> list[Similar]:
    """Active memories that say the same thing, best first: every exact copy (up to
    ``SEARCH_LIMIT`` of them shown), and the near-duplicates among the neighbours."""
    pool = _neighbours(store, memory) if neighbours is None else neighbours
    mine = fingerprint.shingles(memory.content)
    norm = fingerprint.normalize(memory.content)
    known = {m.id for m in pool}
    copies = [
        m
        for i in _copies(store, memory, SEARCH_LIMIT)
        if i not in known and (m := store.get(i)) is not None
    ]
    out = []
    for other in [*pool, *copies]:
        if fingerprint.normalize(other.content) == norm:
            out.append(Similar(other, 1.0, "same text"))
            continue
        score = fingerprint.jaccard(mine, fingerprint.shingles(other.content))
        if score >= threshold:
            out.append(Similar(other, score, f"similar {score:.2f}"))
    return sorted(out, key=lambda s: (-s.score, s.memory.id))


def conflicts_for(
    store: Store, memory: Memory, neighbours: list[Memory] | None = None
) -> list[ConflictingMemory]:
    """Active memories the item may contradict (``memaudit.conflicts``): the candidates
    recorded when it was staged, plus any found now among its neighbours (for stores
    whose writes did not pass memaudit's gate)."""
    from memaudit import conflicts

    found: dict[str, ConflictingMemory] = {}
    try:
        records = store.records(writable=False)
    except MemauditError:
        records = None
    for rec in conflicts.candidates_for(records, memory.id):
        other = store.get(rec["other_id"])
        if other is not None and other.status is Status.ACTIVE:
            reason = "; ".join(rec.get("evidence") or []) or f"same slot: {rec.get('slot')}"
            found[other.id] = ConflictingMemory(other, reason, float(rec.get("score") or 0))
    pool = _neighbours(store, memory) if neighbours is None else neighbours
    by_id = {m.id: m for m in pool}
    for cand in conflicts.find([memory, *pool], only={memory.id}):
        other_id = cand.other(memory.id)
        if other_id in by_id and other_id not in found:
            found[other_id] = ConflictingMemory(
                by_id[other_id], "; ".join(cand.evidence) or cand.slot, cand.score
            )
    return sorted(found.values(), key=lambda c: (-c.score, c.memory.id))


def store_flags(store: Store, memory: Memory, policy: Policy) -> set[Flag]:
    """The flags that compare the item with active memories (a few queries), as the
    detail pane computes them (``similar_active``, ``conflicts_for``)."""
    threshold = float(policy.get("duplicates.similarity"))
    pool = _neighbours(store, memory)
    flags: set[Flag] = set()
    # One copy settles it: ``similar_active`` would read up to SEARCH_LIMIT of them.
    if _copies(store, memory, 1) or similar_active(store, memory, threshold, pool):
        flags.add(Flag.DUPLICATE)
    if conflicts_for(store, memory, pool):
        flags.add(Flag.CONFLICT)
    return flags


@dataclass(slots=True)
class Pool:
    """The neighbours one tuple of searches finds (``_listed_neighbours``' union, in
    order), with what ``_may_conflict`` reads of them, worked out once per pool."""

    members: list[Statement]
    ids: frozenset[str]
    # Whether a member with a trigger word states a change (None: not asked yet).
    triggered_change: bool | None = None
    # What the contradiction search reads of them (every member's features, who names
    # each slot, whether one states a change): ``_may_conflict`` reads it too.
    hood: Neighbourhood | None = None


@dataclass(slots=True)
class Reading:
    """What one read of the queue keeps while the store is not written (a listing):
    each full-text search's answer, each text's normal form, shingles and conflict
    features, and the recorded disputed pairs. Items share their words and their
    neighbours, so each of these is computed once for the whole queue."""

    searches: Searches = field(default_factory=dict)
    norms: dict[str, str] = field(default_factory=dict)
    shingled: dict[str, set[str]] = field(default_factory=dict)
    featured: dict[str, Features] = field(default_factory=dict)
    triggers: dict[str, bool] = field(default_factory=dict)
    disputed: dict[str, list[str]] | None = None  # memory id → the other ids
    active: dict[str, bool] = field(default_factory=dict)
    copies: dict[str, list[str]] = field(default_factory=dict)  # text → active copies (2)
    worded: dict[str, list[str]] = field(default_factory=dict)  # text → its searches
    pools: dict[tuple[str, ...], Pool] = field(default_factory=dict)

    def searches_of(self, text: str) -> list[str]:
        found = self.worded.get(text)
        if found is None:
            found = self.worded[text] = _searches_of(text)
        return found

    def ask(self, store: Store, searches: list[str]) -> None:
        """Ask the store those of ``searches`` not asked yet in this listing."""
        missing = [q for q in dict.fromkeys(searches) if q not in self.searches]
        if missing:
            self.searches.update(store.active_matches(missing, SEARCH_LIMIT))

    def pool(self, store: Store, searches: list[str]) -> Pool:
        """The neighbours these searches find, each search asked once per listing."""
        key = tuple(searches)
        found = self.pools.get(key)
        if found is None:
            self.ask(store, searches)
            members: dict[str, Statement] = {}
            for q in searches:
                for m in self.searches[q]:
                    members.setdefault(m.id, m)
            found = self.pools[key] = Pool(list(members.values()), frozenset(members))
        return found

    def norm(self, text: str) -> str:
        found = self.norms.get(text)
        if found is None:
            found = self.norms[text] = fingerprint.normalize(text)
        return found

    def features(self, text: str) -> Features:
        from memaudit.conflicts.text import features

        found = self.featured.get(text)
        if found is None:
            found = self.featured[text] = features(text)
        return found

    def triggered(self, memory: Comparable) -> bool:
        """Whether the text may state a change (without a trigger word it does not)."""
        from memaudit import change_statements

        found = self.triggers.get(memory.content)
        if found is None:
            found = self.triggers[memory.content] = change_statements.triggered(memory.content)
        return found

    def shingles(self, text: str) -> set[str]:
        found = self.shingled.get(text)
        if found is None:
            found = self.shingled[text] = fingerprint.shingles(text)
        return found


def listing_flags(store: Store, memory: Memory, threshold: float, reading: Reading) -> set[Flag]:
    """``store_flags`` for one item of a listing: the same flags from the same
    neighbours, with ``reading``'s caches, each flag settled at its first witness, and
    the contradiction search run only where one can be found (the item or a neighbour
    names a slot value or states a change)."""
    flags: set[Flag] = set()
    if listed_duplicate(store, memory, threshold, reading):
        flags.add(Flag.DUPLICATE)
    if listed_conflict(store, memory, reading):
        flags.add(Flag.CONFLICT)
    return flags


def listed_duplicate(store: Store, memory: Memory, threshold: float, reading: Reading) -> bool:
    """``listing_flags``' duplicate flag alone (it reads no cache the conflict flag
    reads: ``queue_compare`` gives the two to different processes)."""
    if _copied(store, memory, reading):
        return True
    pool = _listed_neighbours(store, memory, reading)
    norm, mine = reading.norm(memory.content), reading.shingles(memory.content)
    return any(
        reading.norm(other.content) == norm
        or _at_least(mine, reading.shingles(other.content), threshold)
        for other in pool
    )


def listed_conflict(store: Store, memory: Memory, reading: Reading) -> bool:
    """``listing_flags``' conflict flag alone."""
    from memaudit import conflicts

    if any(_is_active(store, other, reading) for other in _disputed(store, memory.id, reading)):
        return True
    shared = reading.pool(store, reading.searches_of(memory.content))
    pool = _listed_neighbours(store, memory, reading)
    alike = pool is shared.members  # not when the item is among its own neighbours
    if not _may_conflict(memory, pool, reading, shared if alike else None):
        return False
    featured = reading.featured
    if alike:  # the pool's hood features every member (the item's own are read above)
        return conflicts.has_candidate_against(
            memory, _hood(shared, reading), featurize=featured.__getitem__
        )
    for other in pool:  # every text featured first: the search then reads the dict
        if other.content not in featured:
            reading.features(other.content)
    return conflicts.has_candidate([memory, *pool], {memory.id}, featurize=featured.__getitem__)


def _hood(shared: Pool, reading: Reading) -> Neighbourhood:
    """The pool's ``conflicts.Neighbourhood``, read once per listing."""
    if shared.hood is None:
        from memaudit.conflicts.witness import Neighbourhood

        shared.hood = Neighbourhood.of(shared.members, reading.features)
    return shared.hood


def read_copies(store: Store, memories: Sequence[Memory], reading: Reading) -> None:
    """Each text's active copies (``Store.active_copies``), asked once for the texts
    not known yet: a store without an index reads its memories once per call, so a
    listing asks for a page at a time. Two each: an active item may find itself."""
    todo = [t for t in dict.fromkeys(m.content for m in memories) if t not in reading.copies]
    if todo:
        reading.copies.update(store.active_copies(todo, 2))


def _copied(store: Store, memory: Memory, reading: Reading) -> bool:
    if memory.content not in reading.copies:
        read_copies(store, [memory], reading)
    return any(i != memory.id for i in reading.copies[memory.content])


def _at_least(mine: set[str], theirs: set[str], threshold: float) -> bool:
    """``fingerprint.jaccard(mine, theirs) >= threshold``, with the same float, and
    without a set operation where the sizes alone rule it out (the shared part is at
    most the smaller set, the union at least the larger one)."""
    if not mine or not theirs:
        return threshold <= 0.0
    small, large = sorted((len(mine), len(theirs)))
    if small / large < threshold:
        return False
    shared = len(mine & theirs)
    return shared / (len(mine) + len(theirs) - shared) >= threshold


def _may_conflict(
    memory: Memory, pool: Sequence[Comparable], reading: Reading, shared: Pool | None = None
) -> bool:
    """Whether ``conflicts.find`` can pair the item with a neighbour: one of them states
    a change, or a neighbour names another value of one of the item's slots and meets
    it in one of ``find``'s blocks (a shared subject word, or no subject on either
    side). A necessary condition only: ``find`` decides. ``shared``: ``pool`` is that
    ``Pool``'s members, whose part of the answer is worked out once for every item."""
    own = reading.features(memory.content)
    if own.changes:
        return True
    if not own.values:  # features are costly: only the texts with a trigger word
        if shared is None:
            return _triggered_change(pool, reading)
        if shared.triggered_change is None:
            shared.triggered_change = _triggered_change(pool, reading)
        return shared.triggered_change
    if shared is not None:
        # The hood ``listed_conflict`` compares the item with next holds what
        # ``_slot_index`` reads: built once, read by both (one pass over the members).
        hood = _hood(shared, reading)
        feats = hood.feats  # (the hood's indices count the item first)
        any_change = bool(hood.changes)

        def naming(slot: str) -> Iterable[tuple[frozenset[str], frozenset[str]]]:
            named = hood.named.get(slot, ())
            return ((feats[k - 1].values[slot], feats[k - 1].subject) for k in named)

    else:
        any_change, slots = _slot_index(pool, reading)

        def naming(slot: str) -> Iterable[tuple[frozenset[str], frozenset[str]]]:
            return slots.get(slot, ())

    if any_change:
        return True
    return any(
        theirs != values and ((own.subject & subject) if own.subject else not subject)
        for slot, values in own.values.items()
        for theirs, subject in naming(slot)
    )


def _triggered_change(pool: Sequence[Comparable], reading: Reading) -> bool:
    """Whether a neighbour with a trigger word states a change."""
    # The caches read directly: a listing asks this of every neighbour of every item.
    featured, triggers = reading.featured, reading.triggers
    return any(
        (featured.get(o.content) or reading.features(o.content)).changes
        for o in pool
        if triggers.get(o.content, None) or reading.triggered(o)
    )


def _slot_index(
    pool: Sequence[Comparable], reading: Reading
) -> tuple[bool, dict[str, list[tuple[frozenset[str], frozenset[str]]]]]:
    """What ``_may_conflict`` reads of a pool that is not shared (the item is among its
    own neighbours): whether a member states a change, and per slot the values and
    subject of the members naming it (a shared ``Pool``'s hood holds the same)."""
    featured = reading.featured
    theirs = [featured.get(o.content) or reading.features(o.content) for o in pool]
    slots: dict[str, list[tuple[frozenset[str], frozenset[str]]]] = {}
    for f in theirs:
        for slot, values in f.values.items():
            if values is not None:  # as ``f.values.get(slot)`` reads it
                slots.setdefault(slot, []).append((values, f.subject))
    return any(f.changes for f in theirs), slots


def _disputed(store: Store, memory_id: str, reading: Reading) -> list[str]:
    """The other side of each open candidate recorded with ``memory_id`` (all of the
    store's read at once, on the first item)."""
    from memaudit import conflicts

    if reading.disputed is None:
        try:
            records = store.records(writable=False)
        except MemauditError:
            records = None
        reading.disputed = conflicts.disputed_sides(records)
    return reading.disputed.get(memory_id, [])


def read_disputes(store: Store, memories: Sequence[Memory], reading: Reading) -> None:
    """The recorded disputes, and whether the other side of each of ``memories``' is
    active, read now: ``listed_conflict`` then reads them from ``reading``."""
    for m in memories:
        for other in _disputed(store, m.id, reading):
            _is_active(store, other, reading)


def _is_active(store: Store, memory_id: str, reading: Reading) -> bool:
    known = reading.active.get(memory_id)
    if known is None:
        other = store.get(memory_id)
        known = reading.active[memory_id] = other is not None and other.status is Status.ACTIVE
    return known


def with_all_flags(
    store: Store, page: list[QueueItem], policy: Policy, reading: Reading | None = None
) -> list[QueueItem]:
    """``page`` with its store flags (``store_flags``'). ``reading``: caches the caller
    keeps while the store is not written (one listing), shared by the items."""
    threshold = float(policy.get("duplicates.similarity"))
    reading = Reading() if reading is None else reading
    read_copies(store, [i.memory for i in page], reading)
    read_searches(store, [i.memory for i in page], reading)
    for item in page:
        item.flags |= listing_flags(store, item.memory, threshold, reading)
        item.store_flags_known = True
    return page


def pending_sources(store: Store, ids: Sequence[str]) -> dict[str, list[str]]:
    """For each of ``ids``: the memories it was derived from that are still pending and
    are not among ``ids``. Approving it anyway makes durable a conclusion whose
    evidence nobody has accepted yet; a bulk approve says so before it asks."""
    wanted = set(ids)
    parents: dict[str, list[str]] = {}
    for edge in store.edges(list(ids)):
        if edge.child_id in wanted and edge.parent_id not in wanted:
            parents.setdefault(edge.child_id, []).append(edge.parent_id)
    if not parents:
        return {}
    waiting = {
        m.id
        for m in store.memories(
            MemoryFilter(
                ids=sorted({p for ps in parents.values() for p in ps}),
                statuses=[Status.PENDING],
            )
        )
    }
    found = {child: sorted(p for p in set(ps) if p in waiting) for child, ps in parents.items()}
    return {child: ps for child, ps in found.items() if ps}
