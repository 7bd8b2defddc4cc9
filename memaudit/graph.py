"""Lineage: what a memory was derived from, and what was derived from it.

A ``Lineage`` is the part of a store's derivation graph around one memory: its
ancestors (up to the original evidence) and its descendants, each node with its
distance from the focus, the edges between them, the ids an edge names but the
store no longer holds (shown as tombstone nodes), and the cycles found.

Two ways to build one:

- ``memaudit.ledger.lineage.ledger_lineage``: the native ledger, set-based (recursive
  CTEs over its indexed ``edges`` table).
- ``walk_lineage``: any store, from ``store.edges()`` — the fallback for adapters
  that record edges but have no query language to walk them.

Both walk one level further than asked, only to say which nodes have more beyond
the limit (``Lineage.truncated``). Cycles are found afterwards on the (small)
subgraph, as its strongly connected components.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from memaudit.model import Edge, Memory, MemoryFilter, Relation, SourceType, TrustTier
from memaudit.trust import DERIVED_TYPES, weakest

if TYPE_CHECKING:
    from memaudit.store import Store

DEFAULT_DEPTH = 20
MAX_DEPTH = 1000
# ``LineageNode.missing`` of an id no memory and no tombstone accounts for.
UNKNOWN_ID = "unknown id"
MISSING_SOURCE = "missing source: named by the store, not a memory of it (no tombstone)"
# Source types whose memory, with nothing recorded above it, is the evidence itself.
_OWN_EVIDENCE = frozenset(
    {SourceType.USER_STATEMENT, SourceType.TOOL_OBSERVATION, SourceType.EXTERNAL_DOCUMENT}
)


def no_parents_note(memory: Memory) -> str:
    """What ``trace`` says under "derived from" when the store names no parent. Only an
    observation (a user statement, a tool observation, a document) is its own evidence;
    a derived memory, assistant output or a memory of unknown origin is not: the store
    simply does not say what it was built from."""
    if memory.source_type in _OWN_EVIDENCE and not memory.derived:
        return "nothing recorded: this memory is its own evidence"
    what = "derived memory" if memory.derived else memory.source_type.value.replace("_", " ")
    if memory.source_type in DERIVED_TYPES and not memory.derived:
        what = memory.source_type.value
    if memory.source_ref:
        return (
            f"no parent memory recorded: the store names {memory.source_ref} as where this "
            f"{what} came from"
        )
    return f"no source recorded: the store does not say what this {what} was built from"


class Direction(StrEnum):
    FOCUS = "focus"
    UP = "up"  # an ancestor: the focus was (indirectly) derived from it
    DOWN = "down"  # a descendant: it was (indirectly) derived from the focus
    BOTH = "both"  # on a cycle through the focus: ancestor and descendant at once


@dataclass(slots=True)
class LineageNode:
    id: str
    depth: int  # edges between this node and the focus (shortest)
    direction: Direction
    memory: Memory | None = None
    # Set when the memory is gone: why ("rejected", "forgotten", "unknown id") and when.
    missing: str | None = None
    missing_at: str | None = None
    missing_reason: str | None = None

    @property
    def present(self) -> bool:
        return self.memory is not None

    @property
    def missing_source(self) -> bool:
        """A reference the store names as a source that resolves to nothing: not a
        memory of the store, and no tombstone says it was removed."""
        return self.memory is None and self.missing == UNKNOWN_ID

    def missing_label(self) -> str:
        """Why this node has no memory, in words both faces show (``trace``, review)."""
        if self.missing_source:
            return MISSING_SOURCE
        return self.missing or UNKNOWN_ID

    @property
    def tier(self) -> TrustTier | None:
        return self.memory.trust_tier if self.memory else None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "depth": self.depth,
            "direction": self.direction.value,
            "missing": self.missing,
        }
        if self.memory is not None:
            m = self.memory
            data.update(
                content=m.content,
                source_type=m.source_type.value,
                source_ref=m.source_ref,
                trust_tier=m.trust_tier.value,
                status=m.status.value,
                confidence=m.confidence,
                created_at=m.created_at,
                derived=m.derived,
            )
        else:
            data.update(
                missing_at=self.missing_at,
                missing_reason=self.missing_reason,
                missing_source=self.missing_source,
                reference=self.id,
            )
        return data


@dataclass(slots=True)
class Lineage:
    focus: str
    up: bool
    down: bool
    depth_limit: int
    nodes: dict[str, LineageNode] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    # Edges the store no longer has but its history records (a source was rejected).
    removed_edges: list[Edge] = field(default_factory=list)
    # Each cycle: its member ids (sorted) — a strongly connected component.
    cycles: list[list[str]] = field(default_factory=list)
    # Nodes at the depth limit that have further edges beyond it.
    truncated: list[str] = field(default_factory=list)
    # Edge indexes built on first use (a lineage can hold thousands of nodes, and every
    # node asks for its parents): rebuilt when edges were added since.
    _index: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # -- navigation ----------------------------------------------------------

    def all_edges(self) -> list[Edge]:
        return self.edges + self.removed_edges

    def _edges_by(self, up: bool) -> dict[str, list[Edge]]:
        """Edges by child (``up``: a node's parents) or by parent; do not mutate."""
        key = (len(self.edges), len(self.removed_edges))
        if self._index.get("edges") != key:
            by_child: dict[str, list[Edge]] = {}
            by_parent: dict[str, list[Edge]] = {}
            for e in self.all_edges():
                by_child.setdefault(e.child_id, []).append(e)
                by_parent.setdefault(e.parent_id, []).append(e)
            self._index.update(edges=key, up=by_child, down=by_parent)
        found: dict[str, list[Edge]] = self._index["up" if up else "down"]
        return found

    def cache(self, name: str) -> dict[str, Any]:
        """A per-lineage memo for a computation over its nodes (emptied when edges are
        added): ``trace`` asks the same question of every node."""
        key = f"{name}:{len(self.edges)}:{len(self.removed_edges)}"
        found: dict[str, Any] = self._index.setdefault(key, {})
        return found

    def parents_of(self, memory_id: str) -> list[Edge]:
        return list(self._edges_by(up=True).get(memory_id, ()))

    def children_of(self, memory_id: str) -> list[Edge]:
        return list(self._edges_by(up=False).get(memory_id, ()))

    def memory(self, memory_id: str) -> Memory | None:
        node = self.nodes.get(memory_id)
        return node.memory if node else None

    def ancestors(self, memory_id: str) -> list[str]:
        """Every node reachable upwards from ``memory_id`` in this lineage (cycle-safe)."""
        parents = self._edges_by(up=True)
        seen: dict[str, None] = {}
        stack = [e.parent_id for e in parents.get(memory_id, ())]
        while stack:
            nid = stack.pop()
            if nid in seen or nid == memory_id:
                continue
            seen[nid] = None
            stack.extend(e.parent_id for e in parents.get(nid, ()))
        return list(seen)

    def roots(self, memory_id: str) -> list[str]:
        """The evidence ``memory_id`` rests on: ancestors with no parents of their own
        (the memory itself if it has none)."""
        parents = self._edges_by(up=True)
        found = [a for a in self.ancestors(memory_id) if not parents.get(a)]
        if not found and not parents.get(memory_id):
            return [memory_id]
        return sorted(found)

    def missing_nodes(self) -> list[LineageNode]:
        return [n for n in self.nodes.values() if not n.present]

    def in_cycle(self, memory_id: str) -> bool:
        return any(memory_id in c for c in self.cycles)

    def effective_trust(self, memory_id: str | None = None) -> TrustTier | None:
        """The weakest tier among a memory and everything it rests on (a lineage
        is as trustworthy as its weakest step: docs/concepts.md, "Trust tiers")."""
        mid = memory_id or self.focus
        ids = [mid, *self.ancestors(mid)]
        return weakest(t for t in (self.nodes[i].tier for i in ids if i in self.nodes) if t)

    def to_dict(self) -> dict[str, Any]:
        return {
            "focus": self.focus,
            "up": self.up,
            "down": self.down,
            "depth_limit": self.depth_limit,
            "effective_trust": (t.value if (t := self.effective_trust()) else None),
            "nodes": [n.to_dict() for n in self.ordered_nodes()],
            "edges": [e.to_dict() for e in self.edges],
            "removed_edges": [e.to_dict() for e in self.removed_edges],
            "cycles": self.cycles,
            "truncated": self.truncated,
        }

    def ordered_nodes(self) -> list[LineageNode]:
        """Ancestors (farthest first), the focus, then descendants (nearest first)."""
        rank = {Direction.UP: 0, Direction.BOTH: 1, Direction.FOCUS: 2, Direction.DOWN: 3}

        def key(n: LineageNode) -> tuple[int, int, str]:
            depth = -n.depth if n.direction in (Direction.UP, Direction.BOTH) else n.depth
            return (rank[n.direction], depth, n.id)

        return sorted(self.nodes.values(), key=key)


# -- building ----------------------------------------------------------------


def check_depth(depth: int) -> int:
    from memaudit.errors import InvalidInput

    if depth < 1 or depth > MAX_DEPTH:
        raise InvalidInput(f"depth must be between 1 and {MAX_DEPTH}, got {depth}")
    return depth


# The walk collects (node, depth) pairs — UNION drops a pair already queued, so the
# work is bounded by nodes x depth however many paths there are — then one join
# fetches each reached node's edges, tagged with the depth of their far end.
# Nodes at the limit still contribute their edges, one step past it: that is how
# ``truncated`` knows there is more.
UP_WALK = """
WITH RECURSIVE walk(id, depth) AS (
    SELECT :id, 0
    UNION
    SELECT e.parent_id, w.depth + 1 FROM walk AS w JOIN edges AS e ON e.child_id = w.id
    WHERE w.depth < :depth
)
"""
# (edge, depth of the edge's far end from the focus)
WalkRow = tuple[Edge, int]


def ancestor_types(
    conn: sqlite3.Connection, memory_id: str, depth: int = DEFAULT_DEPTH
) -> set[str]:
    """The source types of everything ``memory_id`` was derived from, up to ``depth``
    steps (on any connection with the ledger's ``memories`` and ``edges`` shapes).

    Breadth-first, each memory visited once, at its least depth: the same ancestors as
    ``UP_WALK`` (which keeps every (id, depth) pair, and so walks a memory once per
    distance at which summaries quoting summaries reach it: on deep lineage that costs
    seconds per memory)."""
    seen = {memory_id}
    frontier = [memory_id]
    in_a_cycle = False  # the memory is its own ancestor: a hostile store can say so
    for _ in range(depth):
        parents = list(_values_in(conn, "SELECT parent_id FROM edges WHERE child_id", frontier))
        in_a_cycle = in_a_cycle or memory_id in parents
        frontier = [p for p in dict.fromkeys(parents) if p not in seen]
        if not frontier:
            break
        seen.update(frontier)
    if not in_a_cycle:
        seen.discard(memory_id)
    return set(_values_in(conn, "SELECT DISTINCT source_type FROM memories WHERE id", list(seen)))


def _values_in(conn: sqlite3.Connection, select: str, ids: list[Any]) -> Iterator[Any]:
    """``select``'s one column where its last column is one of ``ids``: the ids bound as
    they were read (a hostile store's blob or number id included), in chunks."""
    from memaudit.ledger.bulk import chunks, marks

    for part in chunks(ids):
        yield from (r[0] for r in conn.execute(f"{select} IN ({marks(part)})", part))


def walk_lineage(
    store: Store, memory_id: str, *, up: bool = True, down: bool = True, depth: int = DEFAULT_DEPTH
) -> Lineage:
    """Lineage for any store, from its full edge list (breadth-first, in memory)."""
    check_depth(depth)
    focus = store.require(memory_id)
    all_edges = store.edges()
    up_rows = _bfs(all_edges, memory_id, depth, upwards=True) if up else []
    down_rows = _bfs(all_edges, memory_id, depth, upwards=False) if down else []
    lineage = assemble(memory_id, up, down, depth, up_rows, down_rows)
    wanted = [i for i in lineage.nodes if i != memory_id]
    found = {memory_id: focus}
    if wanted:
        found.update({m.id: m for m in store.memories(MemoryFilter(ids=wanted))})
    attach(lineage, found, lambda _id: None)
    return lineage


def _bfs(edges: list[Edge], start: str, depth: int, *, upwards: bool) -> list[WalkRow]:
    by_node: dict[str, list[Edge]] = {}
    for e in edges:
        by_node.setdefault(e.child_id if upwards else e.parent_id, []).append(e)
    out: list[WalkRow] = []
    seen_edges: set[tuple[str, str]] = set()
    frontier, level = [start], 1
    visited = {start}
    # One level past the limit, as the SQL walk does, to know what was cut off.
    while frontier and level <= depth + 1:
        nxt: list[str] = []
        for nid in frontier:
            for e in by_node.get(nid, ()):
                key = (e.child_id, e.parent_id)
                if key in seen_edges:
                    continue
                seen_edges.add(key)
                out.append((e, level))
                far = e.parent_id if upwards else e.child_id
                if far not in visited:
                    visited.add(far)
                    nxt.append(far)
        frontier, level = nxt, level + 1
    return out


def assemble(
    focus: str,
    up: bool,
    down: bool,
    depth: int,
    up_rows: list[WalkRow],
    down_rows: list[WalkRow],
) -> Lineage:
    lineage = Lineage(focus=focus, up=up, down=down, depth_limit=depth)
    lineage.nodes[focus] = LineageNode(focus, 0, Direction.FOCUS)
    edges: dict[tuple[str, str], Edge] = {}
    truncated: set[str] = set()
    for rows, direction in ((up_rows, Direction.UP), (down_rows, Direction.DOWN)):
        for edge, d in rows:
            near, far = (
                (edge.child_id, edge.parent_id)
                if direction is Direction.UP
                else (edge.parent_id, edge.child_id)
            )
            if d > depth:
                truncated.add(near)
                continue
            edges[(edge.child_id, edge.parent_id)] = edge
            if far == focus:
                continue
            node = lineage.nodes.get(far)
            if node is None:
                lineage.nodes[far] = LineageNode(far, d, direction)
            else:
                if node.direction not in (direction, Direction.FOCUS):
                    node.direction = Direction.BOTH
                node.depth = min(node.depth, d)
    lineage.edges = sorted(edges.values(), key=lambda e: (e.child_id, e.parent_id))
    if _may_cycle(lineage):
        lineage.cycles = find_cycles(lineage.edges)
    # A node is cut off only if it has an edge beyond the limit that leads somewhere new.
    lineage.truncated = sorted(n for n in truncated if n in lineage.nodes)
    return lineage


def attach(
    lineage: Lineage,
    found: dict[str, Memory],
    tombstone: Callable[[str], dict[str, Any] | None],
) -> None:
    for nid, node in lineage.nodes.items():
        memory = found.get(nid)
        if memory is not None:
            node.memory = memory
            continue
        tomb = tombstone(nid)
        if tomb:
            node.missing = str(tomb.get("status") or "forgotten")
            node.missing_at = tomb.get("at")
            node.missing_reason = tomb.get("reason")
        else:
            node.missing = UNKNOWN_ID


_DOWNWARD = (Direction.DOWN, Direction.FOCUS)
_UPWARD = (Direction.UP, Direction.FOCUS)


def _may_cycle(lineage: Lineage) -> bool:
    """If every edge leads exactly one step further from the focus, depth strictly
    grows along every path and no cycle is possible: skip the search (the common case)."""
    nodes = lineage.nodes
    for e in lineage.edges:
        child, parent = nodes[e.child_id], nodes[e.parent_id]
        if child.direction is Direction.DOWN and parent.direction in _DOWNWARD:
            if child.depth != parent.depth + 1:
                return True
        elif parent.direction is Direction.UP and child.direction in _UPWARD:
            if parent.depth != child.depth + 1:
                return True
        else:
            return True
    return False


def find_cycles(edges: Iterable[Edge]) -> list[list[str]]:
    """Strongly connected components with more than one node, or a self-loop
    (Tarjan's algorithm, iterative so a long chain cannot overflow the stack)."""
    graph: dict[str, list[str]] = {}
    self_loops: set[str] = set()
    for e in edges:
        graph.setdefault(e.child_id, []).append(e.parent_id)
        graph.setdefault(e.parent_id, [])
        if e.child_id == e.parent_id:
            self_loops.add(e.child_id)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = graph[node]
            if i < len(successors):
                work.append((node, i + 1))
                nxt = successors[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in self_loops:
                    out.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(out)


_RELATIONS = {r.value: r for r in Relation}


def relation_of(value: str) -> Relation:
    return _RELATIONS.get(value, Relation.DERIVED)
