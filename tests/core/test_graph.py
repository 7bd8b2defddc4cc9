"""Lineage queries: the SQL walk on the native ledger and the generic fallback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit import review
from memaudit.adapters import open_store
from memaudit.adapters.native import NativeStore
from memaudit.errors import InvalidInput, NotFound
from memaudit.graph import Direction, Lineage, find_cycles, walk_lineage
from memaudit.ledger import Ledger
from memaudit.ledger.lineage import ledger_lineage
from memaudit.model import Edge, Relation, SourceType, TrustTier
from memaudit.review import Candidate

U, I, S = SourceType.USER_STATEMENT, SourceType.INFERENCE, SourceType.SUMMARY  # noqa: E741


def add(
    ledger: Ledger,
    mid: str,
    source_type: SourceType = U,
    parents: list[str] | None = None,
    *,
    approve: bool = True,
    content: str | None = None,
) -> str:
    promote = source_type is I
    review.stage(
        ledger,
        Candidate(
            content=content or f"memory {mid}",
            source_type=source_type,
            id=mid,
            derived_from=parents or [],
            promote=promote,
        ),
    )
    if approve:
        review.approve(ledger, mid, promote=promote)
    return mid


def shape(lineage: Lineage) -> tuple[dict[str, tuple[int, str]], set[tuple[str, str, str]]]:
    nodes = {n.id: (n.depth, n.direction.value) for n in lineage.nodes.values()}
    edges = {(e.child_id, e.parent_id, e.relation.value) for e in lineage.edges}
    return nodes, edges


def test_cache_loop_ancestors_reach_the_observations(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("cache_loop"))) as store:
        lineage = store.lineage("cache-inf-3")
    nodes, edges = shape(lineage)
    assert nodes == {
        "cache-inf-3": (0, "focus"),
        "cache-inf-2": (1, "up"),
        "cache-inf-1": (2, "up"),
        "cache-obs-2": (2, "up"),
        "cache-obs-1": (3, "up"),
    }
    assert ("cache-inf-2", "cache-obs-2", "infers") in edges
    assert lineage.roots("cache-inf-3") == ["cache-obs-1", "cache-obs-2"]
    assert lineage.nodes["cache-obs-1"].tier is TrustTier.T1
    assert lineage.effective_trust() is TrustTier.T5
    assert lineage.cycles == [] and lineage.truncated == [] and lineage.missing_nodes() == []


def test_directions_and_depth_limit(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("summary_drift"))) as store:
        down = store.lineage("drift-1", up=False)
        up = store.lineage("drift-3", down=False, depth=1)
    assert {n.id: n.direction for n in down.nodes.values()} == {
        "drift-1": Direction.FOCUS,
        "drift-2": Direction.DOWN,
        "drift-3": Direction.DOWN,
    }
    # One step up from drift-3 is drift-2; drift-2 has more beyond the limit.
    assert set(up.nodes) == {"drift-3", "drift-2"}
    assert up.truncated == ["drift-2"]


def test_cycle_terminates_and_is_reported(ledger: Ledger) -> None:
    add(ledger, "a")
    add(ledger, "b", I, ["a"])
    add(ledger, "c", I, ["b"])
    add(ledger, "d", I, ["c"])
    review.link(ledger, "a", ["c"], Relation.INFERS)  # a ← c ← b ← a
    lineage = ledger_lineage(ledger, "d")
    assert set(lineage.nodes) == {"a", "b", "c", "d"}
    assert lineage.cycles == [["a", "b", "c"]]
    assert lineage.nodes["a"].depth == 3
    # Through the focus: every member is ancestor and descendant at once.
    around = ledger_lineage(ledger, "b")
    assert around.nodes["a"].direction is Direction.BOTH
    assert around.nodes["d"].direction is Direction.DOWN
    assert around.cycles == [["a", "b", "c"]]


def test_many_paths_do_not_multiply_the_work(ledger: Ledger) -> None:
    """A 2-wide lattice 40 levels deep has 2**40 paths; the walk visits edges, not paths."""
    add(ledger, "L0-0")
    add(ledger, "L0-1")
    for level in range(1, 41):
        below = [f"L{level - 1}-0", f"L{level - 1}-1"]
        add(ledger, f"L{level}-0", I, below)
        add(ledger, f"L{level}-1", I, below)
    lineage = ledger_lineage(ledger, "L40-0", depth=50)
    assert len(lineage.nodes) == 81
    assert lineage.nodes["L0-1"].depth == 40
    assert len(lineage.edges) == 2 + 39 * 4  # the focus's two, then four per level


def test_rejected_source_is_a_tombstone_node(ledger: Ledger) -> None:
    add(ledger, "obs", approve=False)
    add(ledger, "inf", I, ["obs"], approve=False)
    review.reject(ledger, "obs", "wrong session")
    lineage = ledger_lineage(ledger, "inf")
    node = lineage.nodes["obs"]
    assert not node.present
    assert (node.missing, node.missing_reason) == ("rejected", "wrong session")
    assert lineage.removed_edges == [Edge("inf", "obs", Relation.DERIVED, node.missing_at)]
    assert lineage.parents_of("inf")[0].parent_id == "obs"


def test_edge_to_an_unknown_id_is_a_tombstone_node(ledger: Ledger) -> None:
    add(ledger, "inf", I)
    # Another writer (or an import) left an edge to an id the store never had.
    with ledger.transaction():
        ledger.conn.execute(
            "INSERT INTO edges(child_id, parent_id, relation, created_at) "
            "VALUES ('inf', 'ghost', 'infers', '2026-01-01T00:00:00Z')"
        )
    lineage = ledger_lineage(ledger, "inf")
    assert lineage.nodes["ghost"].missing == "unknown id"
    assert lineage.nodes["ghost"].direction is Direction.UP


@pytest.mark.parametrize(
    ("name", "focus"),
    [
        ("cache_loop", "cache-inf-3"),
        ("cache_loop", "cache-obs-1"),
        ("summary_drift", "drift-1"),
        ("three_corroboration", "netx-obs"),
        ("zebra", "zebra-secret"),
    ],
)
def test_generic_walk_agrees_with_sql(sample: Callable[[str], Path], name: str, focus: str) -> None:
    with open_store(str(sample(name))) as store:
        assert isinstance(store, NativeStore)
        for depth in (1, 2, 20):
            sql = ledger_lineage(store.ledger, focus, depth=depth)
            walked = walk_lineage(store, focus, depth=depth)
            assert shape(sql) == shape(walked)
            assert sql.truncated == walked.truncated


def test_generic_walk_agrees_on_a_cycle(ledger: Ledger, ledger_path: Path) -> None:
    add(ledger, "a")
    add(ledger, "b", I, ["a"])
    add(ledger, "c", I, ["b"])
    review.link(ledger, "a", ["c"], Relation.INFERS)
    store = NativeStore(ledger)
    for focus in "abc":
        assert shape(ledger_lineage(ledger, focus)) == shape(walk_lineage(store, focus))
        assert walk_lineage(store, focus).cycles == [["a", "b", "c"]]


def test_bad_depth_and_unknown_focus(ledger: Ledger) -> None:
    add(ledger, "a")
    with pytest.raises(InvalidInput):
        ledger_lineage(ledger, "a", depth=0)
    with pytest.raises(NotFound):
        ledger_lineage(ledger, "nope")


def test_find_cycles_separates_components() -> None:
    edges = [Edge("a", "b"), Edge("b", "a"), Edge("c", "d"), Edge("d", "e"), Edge("e", "c")]
    edges.append(Edge("x", "a"))
    assert find_cycles(edges) == [["a", "b"], ["c", "d", "e"]]
    assert find_cycles([Edge("a", "b"), Edge("b", "c")]) == []


def test_forgotten_source_is_a_tombstone_node(ledger: Ledger) -> None:
    from memaudit import forget

    add(ledger, "obs-a")
    add(ledger, "obs-b")
    add(ledger, "inf", I, ["obs-a", "obs-b"])  # has other support: requeued, not forgotten
    forget.apply(ledger, forget.plan(ledger, ["obs-a"]), reason="user asked")
    lineage = ledger_lineage(ledger, "inf")
    assert lineage.nodes["obs-a"].missing == "forgotten"
    assert lineage.nodes["obs-b"].present
    assert [e.parent_id for e in lineage.removed_edges] == ["obs-a"]
