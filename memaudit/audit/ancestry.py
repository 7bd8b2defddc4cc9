"""The derivation graph, read once per audit run, and what each memory's ancestry
says (how much of it is model output, which observations and assistant messages it
rests on)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from memaudit.audit.view import (
    Ctx,
    ids_json,
)
from memaudit.model import SourceType
from memaudit.trust import MODEL_OUTPUT_TYPES, OBSERVATION_TYPES


@dataclass(slots=True)
class Ancestry:
    """What a memory's ancestry says, computed once per node of the upward subgraph."""

    source_type: str
    model_share: float  # recursive average: (own + sum of sources' shares) / (1 + sources)
    observations: tuple[str, ...]  # up to CAP distinct observation ids (itself included)
    assistant: tuple[str, ...]  # up to CAP distinct assistant-message ancestors (not itself)


ANCESTRY_CAP = 5
# A lineage query for at least this many roots reads the whole graph with one scan of
# memories and one of edges (shared by the audit's other graph detectors): their
# ancestry is a large part of the store, and id lookups per node cost far more.
FULL_GRAPH_ROOTS = 2000


@dataclass(slots=True)
class DerivationGraph:
    """The part of the store's derivation graph read so far, indexed by integers.

    ``index`` maps a memory id to its node (``find``: empty after a whole read, until
    asked); a node is *read* once its source type and parents are known (``complete``:
    every memory and edge has been read). Parents are kept in the ledger's edge order
    (by parent id), so traversals match the per-node queries they replace. ``summary_parents`` holds the summarisation steps (an edge
    whose relation is ``summarizes`` or whose child is a summary) and ``children`` the
    nodes with parents, in id order, once complete."""

    index: dict[str, int] = field(default_factory=dict)
    ids: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    parents: list[Sequence[int] | None] = field(default_factory=list)
    read: bytearray = field(default_factory=bytearray)
    complete: bool = False
    summary_parents: dict[int, Sequence[int]] = field(default_factory=dict)
    children: list[int] = field(default_factory=list)

    def find(self, memory_id: str) -> int | None:
        """The node of ``memory_id`` if the graph has one."""
        if not self.index and self.ids:  # dropped after a whole read: built again
            self.index = dict(zip(self.ids, range(len(self.ids)), strict=True))
        return self.index.get(memory_id)

    def nodes(self, memory_ids: list[str]) -> list[int]:
        """``node`` of each id; after a whole read, found with one pass over the ids
        rather than by building the id map again (~70 MB at 1M memories)."""
        if self.index or not self.complete:
            return [self.node(i) for i in memory_ids]
        found: dict[str, int] = dict.fromkeys(memory_ids, -1)
        for n, mid in enumerate(self.ids):
            if mid in found:
                found[mid] = n
        return [n if (n := found[i]) >= 0 else self.node(i) for i in memory_ids]

    def node(self, memory_id: str) -> int:
        n = self.find(memory_id)
        if n is None:
            n = self.index[memory_id] = len(self.ids)
            self.ids.append(memory_id)
            self.types.append(SourceType.UNKNOWN.value)
            self.parents.append(None)
            self.read.append(0)
        return n


def derivation_graph(ctx: Ctx, ids: Iterable[str] = (), *, whole: bool = False) -> DerivationGraph:
    """The audit run's shared graph, with ``ids`` and their ancestry read (everything
    when ``whole`` or when there are many roots)."""
    g: DerivationGraph = ctx.memo.setdefault("derivation_graph", DerivationGraph())
    if g.complete:
        return g
    roots = [i for i in dict.fromkeys(ids) if i not in g.index or not g.read[g.index[i]]]
    if whole or len(roots) >= FULL_GRAPH_ROOTS:
        g = ctx.memo["derivation_graph"] = _read_whole_graph(ctx)
        return g
    frontier = roots
    while frontier:
        nxt: list[str] = []
        for start in range(0, len(frontier), 5000):
            part = frontier[start : start + 5000]
            chunk = ids_json(part)
            for mid, st in ctx.rows(
                "SELECT id, source_type FROM memories WHERE id IN (SELECT value FROM json_each(?))",
                (chunk,),
            ):
                g.types[g.node(mid)] = st
            if ctx.has_edges:
                for child, parent in ctx.rows(
                    "SELECT child_id, parent_id FROM edges WHERE child_id IN "
                    "(SELECT value FROM json_each(?))",
                    (chunk,),
                ):
                    c, p = g.node(child), g.node(parent)
                    ps = g.parents[c]
                    if not isinstance(ps, list):
                        ps = g.parents[c] = list(ps or ())
                    ps.append(p)
                    if not g.read[p]:
                        nxt.append(parent)
            for mid in part:
                g.read[g.node(mid)] = 1
        frontier = [n for n in dict.fromkeys(nxt) if not g.read[g.index[n]]]
    return g


# Parent ids of one child joined by this character in one row per child (far fewer rows
# for Python to walk than one per edge); a child whose ids hold it is read edge by edge.
_JOIN = "\x1f"


def _read_whole_graph(ctx: Ctx) -> DerivationGraph:
    """Every memory's source type and every edge, in one sequential scan each."""
    g = DerivationGraph()
    canon: dict[str, str] = {}  # one string object per source type
    add_id, add_type, one = g.ids.append, g.types.append, canon.setdefault
    # Row by row, not fetched whole: a million row tuples at once would leave holes
    # between the ids they were read with.
    for mid, st in ctx.conn.execute("SELECT id, source_type FROM memories"):
        add_id(mid)
        add_type(one(st, st))
    g.index = dict(zip(g.ids, range(len(g.ids)), strict=True))
    memories = len(g.ids)
    g.parents = [None] * memories
    summary = SourceType.SUMMARY.value
    sp = g.summary_parents
    if ctx.has_edges:
        index, node, parents, types, order = g.index, g.node, g.parents, g.types, g.children
        # Summarisation steps whose child is not a summary: the `summarizes` edges.
        steps: dict[str, set[str]] = {}
        for child, parent in ctx.rows(
            "SELECT child_id, parent_id FROM edges WHERE relation = 'summarizes'"
        ):
            steps.setdefault(child, set()).add(parent)
        # One row per child, in the edge key's order; its parents sorted here (Python
        # orders str as SQLite's BINARY collation orders their UTF-8), so the order
        # does not rest on group_concat's. A child with a parent id that is not text
        # (a blob a hostile store wrote: joined, it would be decoded as text) or that
        # holds the separator is read edge by edge, as the key orders them.
        for child, count, joined in ctx.rows(
            "SELECT child_id, count(*), CASE WHEN sum(typeof(parent_id) = 'text') = count(*) "
            f"THEN group_concat(parent_id, char({ord(_JOIN)})) END "
            "FROM edges GROUP BY child_id ORDER BY child_id"
        ):
            names = joined.split(_JOIN) if joined is not None else []
            if len(names) == count:
                names.sort()
            else:
                names = [
                    p
                    for (p,) in ctx.rows(
                        "SELECT parent_id FROM edges WHERE child_id = ? ORDER BY parent_id",
                        (child,),
                    )
                ]
            found = index.get(child)
            c = node(child) if found is None else found
            try:
                ps = tuple(map(index.__getitem__, names))
            except KeyError:  # a parent the store does not hold: a node of its own
                ps = tuple([node(p) for p in names])
            parents[c] = ps
            order.append(c)
            # A summary step needs its child in memories (the old query joined them).
            if c < memories:
                if types[c] == summary:
                    sp[c] = ps
                else:
                    marked = steps.get(child)
                    if marked:
                        sp[c] = [p for p, n in zip(ps, names, strict=True) if n in marked]
    g.read = bytearray(b"\x01") * len(g.ids)
    g.complete = True
    # The id → node map is dropped once the edges are read: the next detector
    # (qualifier_loss) holds every text, and at 1M memories the map and its ints are
    # ~60 MB of the audit's peak. `find` and `node` build it again when asked.
    g.index = {}
    return g


@dataclass(slots=True)
class _Computed:
    """``ancestries``' per-node values over one whole graph, kept for the next call."""

    graph: DerivationGraph
    done: bytearray
    share: array[float]
    observed: list[tuple[int, ...]]
    asst: list[tuple[int, ...]]


def ancestries(ctx: Ctx, ids: list[str], cap: int = ANCESTRY_CAP) -> dict[str, Ancestry]:
    """Ancestry summaries for ``ids``, from their upward subgraph only.

    The graph is read once per audit run (``derivation_graph``); the values are then
    computed bottom-up with memoisation, on integer nodes. Every quantity is
    decomposable (a share averaged over sources, capped id sets), which keeps the
    work linear in the subgraph instead of in the sum of every root's ancestry.
    Cycles: an edge back into the node being computed contributes nothing.
    """
    g = derivation_graph(ctx, ids)
    types, parents = g.types, g.parents
    model = {s.value for s in MODEL_OUTPUT_TYPES} | {SourceType.UNKNOWN.value}
    obs = {s.value for s in OBSERVATION_TYPES}
    assistant = SourceType.ASSISTANT_MESSAGE.value
    roots = g.nodes(ids)
    # Per node (lists indexed by node, not dicts: the subgraph is most of a large
    # store): computed yet, model share, observation nodes, assistant-message ancestors.
    size = len(g.ids)
    no_nodes: tuple[int, ...] = ()
    # What an earlier call on the whole graph computed with the same cap (the audit's
    # user-model and self-model detectors ask for overlapping ancestries), kept only
    # when that call met no cycle: every value it holds is then a function of the
    # node's ancestry alone, whatever order the roots came in, so a node found done
    # here is what computing it again would give.
    key = f"ancestries:{cap}"
    kept: _Computed | None = ctx.memo.pop(key, None)
    if kept is not None and kept.graph is g and g.complete and len(kept.done) == size:
        done, share, observed, asst = kept.done, kept.share, kept.observed, kept.asst
    else:
        done = bytearray(size)
        share = array("d", bytes(8 * size))  # doubles in place: no float object per node
        observed = [no_nodes] * size
        asst = [no_nodes] * size
    on_stack = bytearray(size)
    cycle = False  # a parent met on the current path: values depend on the roots' order
    no_parents: list[int] = []
    for root in roots:
        if done[root]:
            continue
        # A node to expand, or ~node (negative) once its parents are on the stack.
        stack: list[int] = [root]
        while stack:
            node = stack.pop()
            if node >= 0:
                if done[node]:
                    continue
                ps = parents[node]
                if not ps:  # a source: nothing to wait for
                    st = types[node]
                    share[node] = (st in model) / 1
                    if st in obs:
                        observed[node] = (node,)
                    done[node] = 1
                    continue
                on_stack[node] = 1
                stack.append(~node)
                for p in ps:
                    if not done[p]:
                        if on_stack[p]:
                            cycle = True
                        else:
                            stack.append(p)
                continue
            node = ~node
            if done[node]:
                continue
            ps = parents[node] or no_parents
            on_stack[node] = 0
            st = types[node]
            ready = [p for p in ps if done[p]]
            share[node] = ((st in model) + sum([share[p] for p in ready])) / (1 + len(ready))
            # Observations: its own, then each source's, up to `cap`. Most nodes have
            # one contributor: its tuple is shared, not copied.
            found = [observed[p] for p in ready if observed[p]]
            if st in obs:
                found.insert(0, (node,))
            if len(found) == 1:
                observed[node] = found[0]  # distinct ids, at most `cap` already
            elif found:
                seen_obs: dict[int, None] = {}
                for op in found:
                    for o in op:
                        if len(seen_obs) >= cap:
                            break
                        seen_obs[o] = None
                observed[node] = tuple(seen_obs)
            seen_asst: dict[int, None] | None = None
            for p in ready:
                ap = asst[p]
                if types[p] == assistant:
                    seen_asst = {} if seen_asst is None else seen_asst
                    seen_asst[p] = None
                if ap:
                    seen_asst = {} if seen_asst is None else seen_asst
                    for a in ap:
                        if len(seen_asst) >= cap:
                            break
                        seen_asst[a] = None
            if seen_asst:
                asst[node] = tuple(list(seen_asst)[:cap])
            done[node] = 1
    if g.complete and not cycle:
        ctx.memo[key] = _Computed(g, done, share, observed, asst)
    names = g.ids
    return {
        i: Ancestry(
            types[n],
            share[n],
            tuple([names[o] for o in observed[n]]),
            tuple([names[a] for a in asst[n]]),
        )
        for i, n in zip(ids, roots, strict=True)
    }
