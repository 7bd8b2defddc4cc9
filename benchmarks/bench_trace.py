"""``trace``: lineage of a deep node, recursive CTEs against a naive per-node walk.

Target (issue 3): on the 1M store (about 2M edges), tracing a node with about 100
ancestors over depth 20 takes under 10 ms median and under 50 ms at the 99th
percentile. The figure is ``store.lineage(id)`` as ``trace`` calls it: both
directions, every reached memory's row fetched, tombstones and cycles checked.

The baseline is the same question answered the naive way: breadth-first in Python,
one query per node and direction for its edges and one for its row. Both answers
are checked to reach the same nodes. The runs are interleaved (each round times
every variant on the same node) so a busy machine slows them alike.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable

from benchmarks.registry import ALL_SIZES, Context, Figure, benchmark
from memaudit.adapters.native import NativeStore
from memaudit.ledger import Ledger

TARGET_MEDIAN = 0.010
TARGET_P99 = 0.050
DEPTH = 20
ROUNDS = 300


def naive_walk(ledger: Ledger, memory_id: str, depth: int, *, down: bool = True) -> int:
    """What ``trace`` would do without recursive SQL. Returns the nodes reached."""
    seen = {memory_id}
    ledger.get(memory_id)
    directions = [(ledger.parents, True), (ledger.children, False)][: 2 if down else 1]
    for step, upwards in directions:
        frontier = [memory_id]
        for _ in range(depth):
            nxt = []
            for nid in frontier:
                for edge in step(nid):
                    far = edge.parent_id if upwards else edge.child_id
                    if far not in seen:
                        seen.add(far)
                        nxt.append(far)
                        ledger.get(far)
            frontier = nxt
    return len(seen)


def interleaved(
    fns: list[Callable[[str], object]], ids: list[str], rounds: int
) -> list[list[float]]:
    out: list[list[float]] = [[] for _ in fns]
    gc.disable()
    try:
        for i in range(rounds):
            for fn, times in zip(fns, out, strict=True):
                started = time.perf_counter()
                fn(ids[i % len(ids)])
                times.append(time.perf_counter() - started)
    finally:
        gc.enable()
    return out


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


@benchmark("trace", sizes=ALL_SIZES, description=__doc__.split("\n")[0])
def trace(ctx: Context) -> list[Figure]:
    deep = [d["id"] for d in ctx.deep_nodes]
    if not deep:
        return [Figure("deep nodes", 0, unit="", note="the store lists no deep nodes")]
    with ctx.ledger() as ledger:
        store = NativeStore(ledger)
        notes = []
        for d in ctx.deep_nodes:
            lineage = store.lineage(d["id"], depth=DEPTH)
            reached = naive_walk(ledger, d["id"], DEPTH)
            if reached != len(lineage.nodes):
                notes.append(f"MISMATCH on {d['id']}: {len(lineage.nodes)} vs {reached}")
        ancestors = statistics.median(d.get("ancestors", 0) for d in ctx.deep_nodes)
        fast, slow, fast_up, slow_up = interleaved(
            [
                lambda m: store.lineage(m, depth=DEPTH),
                lambda m: naive_walk(ledger, m, DEPTH),
                lambda m: store.lineage(m, down=False, depth=DEPTH),
                lambda m: naive_walk(ledger, m, DEPTH, down=False),
            ],
            deep,
            ROUNDS,
        )
    note = "; ".join(notes) or f"{len(deep)} deep nodes, ~{ancestors:g} ancestors, depth {DEPTH}"
    return [
        Figure(
            "deep node, median",
            statistics.median(fast),
            baseline=statistics.median(slow),
            target=TARGET_MEDIAN,
            note=note,
        ),
        Figure("deep node, p99", p99(fast), baseline=p99(slow), target=TARGET_P99),
        Figure(
            "deep node --up, median",
            statistics.median(fast_up),
            baseline=statistics.median(slow_up),
        ),
    ]
