"""``graph.ancestor_types`` (breadth-first, each memory once) against the recursive walk
it replaced, on lineage shaped as real stores shape it: summaries quoting summaries many
levels deep, shared sources, cycles a hostile store can write, and the depth bound."""

from __future__ import annotations

import random
import sqlite3

import pytest

from memaudit.graph import DEFAULT_DEPTH, UP_WALK, ancestor_types

_WALK_TYPES = (
    UP_WALK + "SELECT DISTINCT m.source_type FROM walk JOIN memories AS m ON m.id = walk.id "
    "WHERE walk.depth > 0"
)
TYPES = ["user_statement", "external_document", "summary", "inference", "tool_observation"]


def _walk(conn: sqlite3.Connection, mid: str, depth: int) -> set[str]:
    return {r[0] for r in conn.execute(_WALK_TYPES, {"id": mid, "depth": depth})}


def _store(seed: int, n: int, cycles: bool) -> sqlite3.Connection:
    rng = random.Random(seed)
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE memories (id TEXT PRIMARY KEY, source_type TEXT)")
    conn.execute(
        "CREATE TABLE edges (child_id TEXT, parent_id TEXT, PRIMARY KEY (child_id, parent_id))"
    )
    ids = [f"m{i}" for i in range(n)]
    conn.executemany("INSERT INTO memories VALUES (?, ?)", [(i, rng.choice(TYPES)) for i in ids])
    edges = set()
    for k in range(1, n):  # each memory quotes a few earlier ones: deep, shared lineage
        for _ in range(rng.randint(0, 3)):
            edges.add((ids[k], ids[rng.randrange(max(0, k - 6), k)]))
    if cycles:
        for _ in range(n // 10):
            a, b = rng.sample(ids, 2)
            edges.add((a, b))
    edges.add((ids[3], "not-a-memory"))  # a dangling parent id
    conn.executemany("INSERT OR IGNORE INTO edges VALUES (?, ?)", sorted(edges))
    return conn


@pytest.mark.parametrize("cycles", [False, True])
@pytest.mark.parametrize("depth", [1, 2, 5, DEFAULT_DEPTH])
def test_the_same_ancestors_as_the_recursive_walk(cycles: bool, depth: int) -> None:
    conn = _store(7, 120, cycles)
    for k in range(120):
        mid = f"m{k}"
        assert ancestor_types(conn, mid, depth) == _walk(conn, mid, depth), (mid, depth)


def test_a_memory_that_is_its_own_ancestor_counts_its_own_type() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE memories (id TEXT PRIMARY KEY, source_type TEXT)")
    conn.execute("CREATE TABLE edges (child_id TEXT, parent_id TEXT)")
    conn.executemany("INSERT INTO memories VALUES (?, ?)", [("a", "summary"), ("b", "inference")])
    conn.executemany("INSERT INTO edges VALUES (?, ?)", [("a", "b"), ("b", "a")])
    assert ancestor_types(conn, "a") == _walk(conn, "a", DEFAULT_DEPTH) == {"summary", "inference"}
    assert ancestor_types(conn, "a", 1) == _walk(conn, "a", 1) == {"inference"}


def test_ids_a_hostile_store_wrote_as_blobs_or_numbers_are_followed_as_the_walk_follows_them() -> (
    None
):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE memories (id TEXT PRIMARY KEY, source_type TEXT)")
    conn.execute("CREATE TABLE edges (child_id TEXT, parent_id TEXT)")
    conn.executemany(
        "INSERT INTO memories VALUES (?, ?)",
        [("a", "summary"), (b"\x00\xff", "tool_observation"), (7, "external_document")],
    )
    conn.executemany("INSERT INTO edges VALUES (?, ?)", [("a", b"\x00\xff"), (b"\x00\xff", 7)])
    assert ancestor_types(conn, "a") == _walk(conn, "a", DEFAULT_DEPTH)
    assert ancestor_types(conn, "a") == {"tool_observation", "external_document"}
