"""Reads of many rows of the native ledger at once, for a forget's plan: memories,
parents and children, sole-parent chains, and the profile entries and vectors that
rest on memories. Ids go in chunks of ``CHUNK`` (a plan can name more ids than SQLite
allows variables in one statement); results are keyed by id."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence, Sized
from typing import Any

from memaudit.ledger.columns import MEMORY_COLUMNS, row_to_memory
from memaudit.ledger.store import Ledger
from memaudit.model import Memory

CHUNK = 500  # ids per IN (...) list
# A list of any length as one parameter (a JSON array): ``IN {EACH}`` with json.dumps(ids).
EACH = "(SELECT value FROM json_each(?))"


def chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def marks(items: Sized) -> str:
    return ",".join("?" * len(items))


def memories(ledger: Ledger, ids: Sequence[str]) -> dict[str, Memory]:
    out: dict[str, Memory] = {}
    for part in chunks(ids):
        for row in ledger.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({marks(part)})", part
        ):
            memory = row_to_memory(row)
            out[memory.id] = memory
    return out


def order(ledger: Ledger, ids: Sequence[str]) -> dict[str, tuple[str, int]]:
    """(created_at, seq) of each memory: which of two holders of a text had it first."""
    out: dict[str, tuple[str, int]] = {}
    for part in chunks(list(dict.fromkeys(ids))):
        for mid, created, seq in ledger.conn.execute(
            f"SELECT id, created_at, seq FROM memories WHERE id IN ({marks(part)})", part
        ):
            out[mid] = (created, seq)
    return out


def parents_of(ledger: Ledger, ids: Sequence[str]) -> dict[str, list[str]]:
    """{memory id: its parents' ids, in the order ``ledger.parents`` gives them}."""
    out: dict[str, list[str]] = {mid: [] for mid in ids}
    for part in chunks(ids):
        for child, parent in ledger.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({marks(part)}) "
            "ORDER BY child_id, parent_id",
            part,
        ):
            out[child].append(parent)
    return out


def children_of(ledger: Ledger, ids: Sequence[str]) -> Iterator[str]:
    """The children of ``ids`` (one per edge)."""
    for part in chunks(ids):
        for (child,) in ledger.conn.execute(
            f"SELECT child_id FROM edges WHERE parent_id IN ({marks(part)})", part
        ):
            yield child


def children_with_parents(ledger: Ledger, ids: Sequence[str]) -> dict[str, list[str]]:
    """The children of ``ids``, each with all of its parents: one query per chunk."""
    out: dict[str, list[str]] = {}
    for part in chunks(ids):
        for child, parent in ledger.conn.execute(
            "SELECT child_id, parent_id FROM edges WHERE child_id IN "
            f"(SELECT child_id FROM edges WHERE parent_id IN ({marks(part)})) "
            "ORDER BY child_id, parent_id",
            part,
        ):
            have = out.setdefault(child, [])
            if parent not in have:
                have.append(parent)
    return out


def sole_parent_chains(ledger: Ledger, ids: Sequence[str]) -> Iterator[tuple[str, str]]:
    """(child, parent) for every memory below ``ids`` through children that have one
    parent each, all levels in one recursive query per chunk (a 100k-deep chain is one
    query)."""
    for part in chunks(ids):
        yield from ledger.conn.execute(
            "WITH RECURSIVE d(id, parent) AS (SELECT value, NULL FROM json_each(?) "
            "UNION SELECT e.child_id, e.parent_id FROM edges e JOIN d ON e.parent_id = d.id "
            "WHERE (SELECT count(*) FROM edges o WHERE o.child_id = e.child_id) = 1) "
            "SELECT id, parent FROM d WHERE parent IS NOT NULL",
            (json.dumps(list(part)),),
        )


def edges_touching(ledger: Ledger, ids: Sequence[str]) -> list[tuple[str, str]]:
    """(child, parent) of every edge to or from ``ids``, once each."""
    edges: dict[tuple[str, str], None] = {}
    for part in chunks(ids):
        for child, parent in ledger.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({marks(part)}) "
            f"OR parent_id IN ({marks(part)})",
            [*part, *part],
        ):
            edges[(child, parent)] = None
    return list(edges)


def profile_entries_of(ledger: Ledger, memory_ids: Sequence[str]) -> list[str]:
    """Ids of the profile entries that rest on these memories."""
    return _first_column(ledger, "SELECT id FROM profile WHERE memory_id", memory_ids)


def with_vectors(ledger: Ledger, memory_ids: Sequence[str]) -> list[str]:
    """Those of these memories that have an embedding."""
    return _first_column(ledger, "SELECT memory_id FROM embeddings WHERE memory_id", memory_ids)


def _first_column(ledger: Ledger, select: str, ids: Sequence[str]) -> list[str]:
    """``select`` (ending in the column to match) ``IN`` each chunk of ids: the first
    column of every row, in order."""
    found: list[str] = []
    for part in chunks(ids):
        found += [r[0] for r in ledger.conn.execute(f"{select} IN ({marks(part)})", part)]
    return found
