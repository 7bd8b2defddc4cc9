"""A memory's lineage from the native ledger, set-based: one recursive CTE per
direction over the indexed ``edges`` table (primary key ``(child_id, parent_id)`` walks
up, ``idx_edges_parent`` walks down). The CTE uses ``UNION`` over ``(node, depth)`` rows
and stops at the depth limit, so a cycle cannot loop for ever and a diamond does not
multiply paths: the work is bounded by nodes x depth, never by the number of paths."""

from __future__ import annotations

import sqlite3

from memaudit import storejson
from memaudit.graph import (
    DEFAULT_DEPTH,
    UP_WALK,
    Direction,
    Lineage,
    LineageNode,
    WalkRow,
    assemble,
    attach,
    check_depth,
    relation_of,
)
from memaudit.ledger import bulk
from memaudit.ledger.store import Ledger
from memaudit.model import Edge, Memory, Relation

_UP_SQL = (
    UP_WALK
    + """SELECT e.child_id, e.parent_id, e.relation, e.created_at, n.depth + 1
FROM (SELECT id, min(depth) AS depth FROM walk GROUP BY id) AS n
JOIN edges AS e ON e.child_id = n.id
"""
)

_DOWN_SQL = """
WITH RECURSIVE walk(id, depth) AS (
    SELECT :id, 0
    UNION
    SELECT e.child_id, w.depth + 1 FROM walk AS w JOIN edges AS e ON e.parent_id = w.id
    WHERE w.depth < :depth
)
SELECT e.child_id, e.parent_id, e.relation, e.created_at, n.depth + 1
FROM (SELECT id, min(depth) AS depth FROM walk GROUP BY id) AS n
JOIN edges AS e ON e.parent_id = n.id
"""


def ledger_lineage(
    ledger: Ledger,
    memory_id: str,
    *,
    up: bool = True,
    down: bool = True,
    depth: int = DEFAULT_DEPTH,
) -> Lineage:
    """Lineage from the native ledger, with recursive CTEs (see the module docstring)."""
    check_depth(depth)
    focus = ledger.require(memory_id)
    conn = ledger.conn
    up_rows = _sql_walk(conn, _UP_SQL, memory_id, depth) if up else []
    down_rows = _sql_walk(conn, _DOWN_SQL, memory_id, depth) if down else []
    lineage = assemble(memory_id, up, down, depth, up_rows, down_rows)
    # The store's history keeps the edges a rejection removed: show those sources too.
    lineage.removed_edges = _removed_edges(conn, lineage, depth) if up else []
    for e in lineage.removed_edges:
        if e.parent_id not in lineage.nodes:
            child = lineage.nodes[e.child_id]
            lineage.nodes[e.parent_id] = LineageNode(e.parent_id, child.depth + 1, Direction.UP)
    found: dict[str, Memory] = {memory_id: focus}
    found.update(bulk.memories(ledger, [i for i in lineage.nodes if i != memory_id]))
    attach(lineage, found, ledger.tombstone)
    return lineage


def _sql_walk(conn: sqlite3.Connection, sql: str, memory_id: str, depth: int) -> list[WalkRow]:
    rows = conn.execute(sql, {"id": memory_id, "depth": depth})
    return [(Edge(c, p, relation_of(r), at), d) for c, p, r, at, d in rows]


def _removed_edges(conn: sqlite3.Connection, lineage: Lineage, depth: int) -> list[Edge]:
    """Sources the store's history says the focus or an ancestor lost: a rejected
    source (``edge_removed``, detail ``parent``) or a forgotten one (``requeue``,
    detail ``lost_sources``). The edges are gone; the history keeps them visible."""
    ids = [
        n.id
        for n in lineage.nodes.values()
        if n.direction in (Direction.FOCUS, Direction.UP, Direction.BOTH) and n.depth < depth
    ]
    out: list[Edge] = []
    present = {(e.child_id, e.parent_id) for e in lineage.edges}
    for chunk in bulk.chunks(ids):
        rows = conn.execute(
            "SELECT memory_id, detail, at FROM events WHERE action IN ('edge_removed', "
            f"'requeue') AND memory_id IN ({bulk.marks(chunk)}) ORDER BY id",
            chunk,
        )
        for child, detail, at in rows:
            try:
                data = storejson.loads(detail)
                parents = data.get("lost_sources") or [data.get("parent")]
            except (ValueError, AttributeError):
                continue
            for parent in parents if isinstance(parents, list) else []:
                if isinstance(parent, str) and (child, parent) not in present:
                    present.add((child, parent))
                    out.append(Edge(child, parent, Relation.DERIVED, at))
    return out
