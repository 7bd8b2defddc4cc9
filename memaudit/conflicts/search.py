"""The runner: ``find`` over a list of memories (blocking by slot and subject term,
then the stated changes), and ``stated_changes`` over a store without loading it."""

from __future__ import annotations

import gc
import math
import re
import sqlite3
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain
from typing import TYPE_CHECKING, Any

from memaudit import change_statements
from memaudit.conflicts import parallel
from memaudit.conflicts.candidate import Comparable, ConflictCandidate, pair_key
from memaudit.conflicts.changes import change_candidates, lookup_key
from memaudit.conflicts.slots import ExactWeights, exact_similarity, slot_candidate
from memaudit.conflicts.text import Features, features
from memaudit.model import MemoryFilter, Status
from memaudit.progress import Progress, counting, silent

if TYPE_CHECKING:
    from memaudit.store import Store

BLOCK_CAP = 2000  # a (slot, term) group larger than this cannot tell subjects apart
EXACT_BLOCK = 60  # groups up to this size are compared pair by pair
REPRESENTATIVES = 3  # per value, in larger groups: the newest few
MIN_SCORE = 0.5
BOUNDED_WORDS = 8  # texts with this many subject words or more get the shared-words bound


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off, then back as it was. The search makes millions
    of sets and tuples that hold no cycle (reference counts free them): the collector's
    passes over the growing heap free nothing, and cost ~5% of the search at 200k.

    What was made meanwhile is then moved to the oldest generation, unread (``freeze``
    then ``unfreeze``: two list splices): left in the youngest, it would all be read by
    the first pass once the collector is back (0.4 s after the search at 200k). Not when
    the program froze objects itself: ``unfreeze`` would release them too."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


@collector_paused()
def find(
    memories: Sequence[Comparable],
    *,
    min_score: float = MIN_SCORE,
    only: set[str] | None = None,
    exclude: set[tuple[str, str]] | None = None,
    progress: Progress = silent,
    prune: bool = True,
    featurize: Callable[[str], Features] = features,
    workers: int | None = None,
) -> list[ConflictCandidate]:
    """Candidate contradictions among ``memories`` (all taken as active).

    ``only``: report only pairs involving these ids. ``exclude``: pairs already
    decided (kept or resolved). Each distinct text's features are computed once, a
    pair is kept on its score alone, and its evidence is written when first read
    (``ConflictCandidate.evidence``: a listing reads the few it shows).
    ``prune=False`` scores every pair the blocks offer (the exhaustive search the
    pruned one must equal; for tests). ``featurize``: ``features``, or a caller's cache
    of it (a listing that searches many small pools holds more texts than its LRU).
    ``workers``: 2 lets a forked second process compute the features of half of the
    distinct texts, 1 keeps the search here; None (the default) picks 2 for a search
    without ``only`` over a large list where forking is safe (``parallel.workers_for``).
    The candidates are the same either way.
    """
    workers = parallel.workers_for(len(memories), workers) if only is None else 1
    forked = _features_forked(memories, featurize, progress) if workers > 1 else None
    feats, df = forked or _features_here(memories, featurize, progress)
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
    # Blocks are filled a distinct text at a time, with all its memories: a block's
    # members are sorted below, and its rank (the order blocks are made in, which
    # settles a pair's slot) is still its first memory's.
    copies_of: dict[int, list[int]] = defaultdict(list)  # per Features object
    for i, f in enumerate(feats):
        if f.values:
            copies_of[id(f)].append(i)
    blocks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for same in copies_of.values():
        f = feats[same[0]]
        for slot in f.values:
            for t in f.subject or [""]:
                if keys is None or (slot, t) in keys:
                    blocks[(slot, t)] += same
    copies_of.clear()
    # Per pair: the first block (its rank, its slot) that offers it with a score that
    # may reach min_score; the candidate is built, and scored exactly, at the end. A
    # pair's score does not depend on the block nor on the slot, so blocks are taken
    # slot by slot, a pair is scored once per slot, and the first block wins.
    best: dict[int, tuple[int, str, float]] = {}
    # Scores are kept rounded to 3 places, and the rough one is exact up to rounding.
    floor = min_score - 0.0005 - 1e-9
    # What the pair loop reads, per memory, in one tuple (``quick_score`` and
    # ``rough_similarity`` inlined: this loop sees millions of pairs on a large store).
    weights: dict[int, float] = {}  # per Features object: its subject's idf weight
    # A pair's similarity, exact (the candidate keeps it): words and subjects in whole
    # units, converted when a memory in a block or a pair first needs them (the tuple
    # below holds its subject's total).
    exact = ExactWeights(idf)
    unit_of = exact.units.__getitem__  # a word's weight in whole units
    # With ``only`` a pool pairs its few memories with each of the rest, once: working
    # out a member's shared-words bound costs more than the intersection it would
    # spare, so those pairs are scored without it (the bound drops no pair either way).
    bounds = _Bounds(idf, prune and not only)
    # A memory naming no value is in no block: one shared placeholder (the room of a
    # tuple each is saved on a large store, where most memories name none).
    unread = (frozenset[str](), 0.0, 0, False, None, *_UNBOUNDED)
    # With ``only`` the pair loop reads the members of the blocks built above, a few of
    # a pool: the others' weights are not summed (a listing asks this of ~2k pools).
    listed = {i for members in blocks.values() for i in members} if only else None
    info = [
        (
            f.subject,
            _weight(f, idf, weights),
            exact.total(f),
            bool(f.markers),
            m.scope,
            *bounds.of(f),
        )
        if f.values and (listed is None or i in listed)
        else unread
        for i, (m, f) in enumerate(zip(memories, feats, strict=True))
    ]
    ids = [m.id for m in memories]
    # The bounds, by (a change word on either side, scopes differ): the least
    # lighter/heavier subject weight ratio a pair needs to reach the floor (shared ≤ the
    # lighter one's weight, so similarity ≤ lighter / heavier), and the least part of
    # the two weights together its shared words must weigh (``_Bounds``).
    # Indexed [this one has a change word][the other has][scopes differ]: (ratio, part).
    bounds_of = [
        [
            [_limits(floor, marked=mi or mj, scopes_differ=d, prune=prune) for d in (False, True)]
            for mj in (False, True)
        ]
        for mi in (False, True)
    ]
    # Each memory's place by (created_at, id), oldest first: sorting a group by it is
    # sorting by that key (ties keep their order, as a group lists them by index).
    age = [0] * len(memories)
    for place, i in enumerate(
        sorted(range(len(memories)), key=lambda i: (memories[i].created_at or "", memories[i].id))
    ):
        age[i] = place
    # Per slot, each memory's value group and age in one number (group · span + age):
    # sorting a block by it lists each group together, oldest first, in C (grouping a
    # block member by member took a fifth of the search at 200k).
    span = len(memories)
    numbered: dict[tuple[str, frozenset[str]], int] = {}
    place_in: dict[str, dict[int, int]] = defaultdict(dict)
    for i, f in enumerate(feats):
        if listed is None or i in listed:
            for slot, values in f.values.items():
                group = numbered.setdefault((slot, values), len(numbered))
                place_in[slot][i] = group * span + age[i]
    numbered.clear()
    exclude = exclude or set()
    by_slot = sorted(enumerate(blocks.items()), key=lambda kv: (kv[1][0][0], kv[0]))
    # Per slot, the higher memories each one was already scored against: a block offers
    # a pair another block of the slot offered already (its memories share several
    # words), and the set difference skips those in C, not pair by pair.
    scored: dict[int, set[int]] = {}
    current: str | None = None
    for rank, ((slot, _term), members) in counting(
        by_slot, progress, "conflicts: comparing", len(blocks)
    ):
        if slot != current:
            current = slot
            scored.clear()
            key = place_in[slot].__getitem__
        if len(members) < 2 or len(members) > BLOCK_CAP:
            continue
        members.sort(key=key)
        if key(members[0]) // span == key(members[-1]) // span:
            continue  # one value group: no pair to compare
        groups = _runs(members, key, span)
        if len(members) > EXACT_BLOCK:
            groups = [
                g[-REPRESENTATIVES:] + [i for i in g[:-REPRESENTATIVES] if i in mine]
                if only
                else g[-REPRESENTATIVES:]
                for g in groups
            ]
        # Each pair once, from its lower index: members highest first, each paired with
        # the higher ones outside its group (set differences, in C).
        group_of = {i: g for idxs in groups for g in (set(idxs),) for i in idxs}
        above: set[int] = set()
        for i in sorted(group_of, reverse=True):
            offered = above - group_of[i]
            above.add(i)
            if only and i not in mine:
                # With ``only``, a pair needs one of those memories.
                offered &= mine
            done = scored.get(i)
            if done is None:
                scored[i] = offered
                new = offered
            else:
                new = offered - done
                done |= new
            if not new:
                continue
            si, wi, ui, mi, ci, bi, ti = info[i]
            limits = bounds_of[mi]
            for j in new:
                sj, wj, uj, mj, cj, bj, tj = info[j]
                differ = bool(ci and cj and ci != cj)
                least, part = limits[mj][differ]
                if si and sj:
                    if wi < wj * least or wj < wi * least:
                        continue
                    # At most as many shared words as their bits share, each side's
                    # heaviest that many: a bound checked before the words themselves.
                    common = (bi & bj).bit_count()
                    need = part * (wi + wj)
                    if ti[common] < need or tj[common] < need:
                        continue
                    shared = si & sj
                    if shared:
                        # Exact: the candidate's own similarity, kept for it.
                        sim = exact_similarity(sum(map(unit_of, shared)), ui, uj)
                    else:
                        sim = 0.0
                else:
                    sim = 0.5 if not si and not sj else 0.3
                score = 0.25 + 0.6 * sim + (0.15 if mi or mj else 0.0)
                if differ:
                    score *= 0.75
                if min(1.0, score) < floor:
                    continue
                idi, idj = ids[i], ids[j]
                if idi == idj:
                    continue
                pair = i * n + j if i < j else j * n + i
                if exclude and pair_key(idi, idj) in exclude:
                    continue
                prev = best.get(pair)
                if prev is None or prev[0] >= rank:
                    best[pair] = (rank, slot, sim)
    scored.clear()
    blocks.clear()
    seen: dict[tuple[str, str], ConflictCandidate] = {}
    for pair, (_, slot, sim) in best.items():
        i, j = divmod(pair, n)
        cand = slot_candidate(memories[i], feats[i], memories[j], feats[j], slot, idf, sim=sim)
        if cand is not None and cand.score >= min_score:
            seen[cand.pair] = cand
    change_candidates(
        memories, feats, idf, only=only, exclude=exclude or set(), seen=seen, min_score=min_score
    )
    return sorted(seen.values(), key=lambda c: (-c.score, c.newer_id, c.older_id))


def _features_here(
    memories: Sequence[Comparable], featurize: Callable[[str], Features], progress: Progress
) -> tuple[list[Features], dict[str, int]]:
    """Each memory's features (one object per distinct text) and each subject word's
    document frequency. Without a change statement anywhere, a text naming no slot
    value gets one shared empty ``Features``: past the idf, nothing reads its own."""
    cache: dict[str, Features] = {}
    copies: dict[str, int] = defaultdict(int)  # per distinct text: its memories
    feats: list[Features] = []
    for m in counting(memories, progress, "conflicts: reading texts", len(memories)):
        f = cache.get(m.content)
        if f is None:
            f = cache[m.content] = featurize(m.content)
        feats.append(f)
        copies[m.content] += 1
    if not any(f.changes for f in cache.values()):
        # No change statement to pair a text with: past the idf, nothing reads the
        # features of a text that names no slot value (they take most of the memory).
        idle = Features({}, frozenset(), [])
        feats = [f if f.values else idle for f in feats]
    # Each distinct text's words counted once, times its memories.
    df: dict[str, int] = defaultdict(int)
    for text, f in cache.items():
        times = copies[text]
        for t in f.subject:
            df[t] += times
    return feats, df


def _df_of(
    texts: Sequence[str], feats: Sequence[Features], copies: dict[str, int]
) -> dict[str, int]:
    """Each subject word's memories among ``texts`` (each text counted once per copy)."""
    df: dict[str, int] = defaultdict(int)
    for text, f in zip(texts, feats, strict=True):
        times = copies[text]
        for t in f.subject:
            df[t] += times
    return df


def _fields(f: Features) -> tuple[Any, ...]:
    """A ``Features`` as the tuple that rebuilds it (pickled faster than the object)."""
    return (f.values, f.subject, f.markers, f.words, f.changes)


def _features_forked(
    memories: Sequence[Comparable], featurize: Callable[[str], Features], progress: Progress
) -> tuple[list[Features], dict[str, int]] | None:
    """``_features_here``'s answer, the distinct texts shared with a forked process
    (every other one). It sends back the features of its texts that name a slot value
    or state a change, and the document frequencies of its words; the features of its
    other texts only when some text states a change (they are read then). None when
    the second process failed (the caller computes it all here)."""
    copies: dict[str, int] = {}
    for m in memories:
        copies[m.content] = copies.get(m.content, 0) + 1
    texts = list(copies)
    theirs = texts[1::2]

    def work(receive: Callable[[], Any], send: Callable[[Any], None]) -> Any:
        got = [featurize(t) for t in theirs]
        kept = [(k, _fields(f)) for k, f in enumerate(got) if f.values or f.changes]
        send((kept, dict(_df_of(theirs, got, copies))))
        if receive():
            return [(k, _fields(f)) for k, f in enumerate(got) if not (f.values or f.changes)]
        return None

    try:
        child = parallel.Child(work)
    except OSError:
        return None
    with child:
        ours = texts[0::2]
        mine = [
            featurize(t) for t in counting(ours, progress, "conflicts: reading texts", len(ours))
        ]
        try:
            kept, their_df = child.receive()
            changes = any(f.changes for f in mine) or any(x[4] for _, x in kept)
            child.ask(changes)
            rest = child.receive() if changes else []
        except parallel.ChildFailed:
            return None
    of_text: dict[str, Features] = dict(zip(ours, mine, strict=True))
    for k, fields in chain(kept, rest):
        of_text[theirs[k]] = Features(*fields)
    df = _df_of(ours, mine, copies)
    for t, c in their_df.items():
        df[t] += c
    if changes:
        return [of_text[m.content] for m in memories], df
    # As ``_features_here``: a text naming no slot value gets the one shared empty
    # Features (the other process did not send those of its texts).
    idle = Features({}, frozenset(), [])
    get = of_text.get
    feats = []
    for m in memories:
        f = get(m.content)
        feats.append(f if f is not None and f.values else idle)
    return feats, df


def _weight(f: Features, idf: dict[str, float], weights: dict[int, float]) -> float:
    """The idf weight of a text's subject, once per ``Features`` object (``features``
    hands out one object per distinct text)."""
    w = weights.get(id(f))
    if w is None:
        w = weights[id(f)] = sum([idf[t] for t in f.subject])
    return w


def _runs(members: list[int], key: Callable[[int], int], span: int) -> list[list[int]]:
    """The value groups of a block sorted by ``key`` (group · span + age): each group's
    run, its end found by bisection (a few steps a group, not one a member)."""
    runs = []
    start, end = 0, len(members)
    while start < end:
        stop = bisect_left(members, (key(members[start]) // span + 1) * span, start, end, key=key)
        runs.append(members[start:stop])
        start = stop
    return runs


class _Infinite:
    """No bound on any number of shared words' weight."""

    def __getitem__(self, k: int) -> float:
        return math.inf


_UNBOUNDED: tuple[int, list[float] | _Infinite] = (-1, _Infinite())


class _Bounds:
    """Per text, what bounds its shared words with another's: its subject as bits (one
    per word, by a fixed numbering) and the weight of its heaviest k words for each k.
    Two subjects share at most as many words as their bits share, and those weigh at
    most the heaviest that many of either side: a similarity needs the shared weight
    ``w`` to reach ``s / (1 + s)`` of the two weights together (``w / (wi + wj - w) ≥
    s``), and most pairs of long texts (summaries) fall short on this bound alone."""

    def __init__(self, idf: dict[str, float], prune: bool) -> None:
        self.idf = idf
        # The commonest words get the low bits: most texts' bits are short integers.
        self.bit = (
            {t: 1 << k for k, t in enumerate(sorted(idf, key=lambda t: (idf[t], t)))}
            if prune
            else {}
        )
        self.prune = prune
        self._of: dict[int, tuple[int, list[float] | _Infinite]] = {}  # per Features object

    def of(self, f: Features) -> tuple[int, list[float] | _Infinite]:
        """(bits, the heaviest k words' weight for k = 0 .. len(subject))."""
        if not self.prune or not f.values or len(f.subject) < BOUNDED_WORDS:
            # Never bounded: prune=False, a text in no block (it names no value), or a
            # short one (its pairs are few; the bound's room is saved). Every bit: the
            # other side's words all in common, and no bound on their weight.
            return _UNBOUNDED
        found = self._of.get(id(f))
        if found is None:
            bits = 0
            for t in f.subject:
                bits |= self.bit[t]
            # Summed heaviest first, each k's total once (a margin of 1e-9 of the
            # whole covers the float sums: the bound never drops a pair at the edge).
            heaviest = sorted((self.idf[t] for t in f.subject), reverse=True)
            top = [0.0]
            for w in heaviest:
                top.append(top[-1] + w)
            slack = top[-1] * 1e-9
            # A list, not an array: the pair loop reads its floats without boxing them.
            found = self._of[id(f)] = (bits, [t + slack for t in top])
        return found


def _limits(floor: float, *, marked: bool, scopes_differ: bool, prune: bool) -> tuple[float, float]:
    """A pair's two bounds: the least subject weight ratio (``_least_ratio``) and the
    least part of the two weights together its shared words must weigh (a similarity
    ``w / (wi + wj - w) ≥ s`` needs ``w ≥ s / (1 + s) · (wi + wj)``). None without
    ``prune``."""
    if not prune:
        return 0.0, 0.0
    least = _least_ratio(floor, marked=marked, scopes_differ=scopes_differ)
    return least, least / (1.0 + least)


def _least_ratio(floor: float, *, marked: bool, scopes_differ: bool) -> float:
    """The least lighter/heavier subject weight ratio two non-empty subjects need to
    score ``floor`` (``quick_score``): at best they share all of the lighter one, and
    the similarity is that ratio."""
    needed = floor / (0.75 if scopes_differ else 1.0) - 0.25 - (0.15 if marked else 0.0)
    # A margin for the floating-point sums: the bound never drops a pair at the edge.
    return max(0.0, needed / 0.6 - 1e-6)


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
    # `+status`: one sequential scan; the status index would look each row up.
    rows = conn.execute("SELECT id, content FROM memories WHERE +status = 'active'")
    for mid, content in rows:
        keys = keys_of.get(content)
        if keys is None:
            stated = [c for c in change_statements.parse(content or "") if c.old or c.verb]
            keys = keys_of[content] = frozenset(map(lookup_key, stated)) if stated else no_keys
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
    for mid, content in conn.execute("SELECT id, content FROM memories WHERE +status = 'active'"):
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
