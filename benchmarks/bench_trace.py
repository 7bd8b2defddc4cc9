"""Benchmark: `trace` lineage on a 1M-memory ledger with about 2M edges.

Target (issue 3): tracing a node with about 100 ancestors over depth 20 takes under
10 ms median and under 50 ms at the 99th percentile. Printed beside a naive walk
on the same store — breadth-first in Python, one query per node for its parents
and one for its row — with the ratio.

The store: a layered background like real memory stores (most memories are
observations; summaries and inferences sit one to three steps above them, each on
two to five sources), plus planted "deep" nodes: a lattice 21 levels high, five
wide, each node derived from two or three nodes of the level below, so the top
node has ~100 ancestors at depth 20 and a great many paths to them (what would
make a path-enumerating walk explode). The deep nodes' ids are random like every
other id, so they are not clustered at one end of the index.

Until the shared generator (``benchmarks/generate.py``) lands, this module builds
its store itself: ``python -m benchmarks.bench_trace [--size N] [--db PATH]``.
The store is cached next to the given path and reused when its size matches.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from memaudit.adapters.native import NativeStore
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger

TARGET_MEDIAN_MS = 10.0
TARGET_P99_MS = 50.0
DEPTH = 20
LATTICE_LEVELS = 21  # the top sits 20 steps above the lattice's base
LATTICE_WIDTH = 5
DEEP_NODES = 20  # separate lattices, so the timed traces do not all hit one hot cache line
NOW = "2026-11-30T12:00:00Z"
SOURCE_OF_LEVEL = ["user_statement", "summary", "inference", "reflection"]
RELATION_OF_LEVEL = ["", "summarizes", "infers", "reflects_on"]


def _id(rng: random.Random) -> str:
    return "m_" + rng.randbytes(6).hex()


def build(path: Path, size: int, seed: int = 7) -> list[str]:
    """Write the store; return the ids of the deep nodes (each a lattice top)."""
    if path.exists():
        path.unlink()
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    Ledger.init(path, clock=fixed_clock(NOW)).close()
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    planted = DEEP_NODES * LATTICE_LEVELS * LATTICE_WIDTH
    background = size - planted
    # Level sizes: 40% observations, then 30 / 20 / 10% one to three steps above.
    shares = [0.4, 0.3, 0.2, 0.1]
    levels: list[list[str]] = []
    rows: list[tuple[object, ...]] = []
    edges: list[tuple[str, str, str, str]] = []
    for level, share in enumerate(shares):
        count = int(background * share) if level < 3 else background - sum(map(len, levels))
        ids = [_id(rng) for _ in range(count)]
        for mid in ids:
            rows.append(_row(mid, SOURCE_OF_LEVEL[level], level > 0))
            if level:
                below = levels[level - 1] if rng.random() < 0.7 else levels[0]
                for parent in {rng.choice(below) for _ in range(rng.randint(2, 5))}:
                    edges.append((mid, parent, RELATION_OF_LEVEL[level], NOW))
        levels.append(ids)
        _flush(conn, rows, edges)
    deep = []
    for _ in range(DEEP_NODES):
        lattice = [[_id(rng) for _ in range(LATTICE_WIDTH)] for _ in range(LATTICE_LEVELS)]
        for level, ids in enumerate(lattice):
            for mid in ids:
                rows.append(_row(mid, "user_statement" if level == 0 else "inference", level > 0))
                if level:
                    for parent in rng.sample(lattice[level - 1], rng.randint(2, 3)):
                        edges.append((mid, parent, "infers", NOW))
        # The top: one node of the last level, derived from the whole level below it.
        top = lattice[-1][0]
        deep.append(top)
        _flush(conn, rows, edges)
    conn.execute(
        "INSERT OR REPLACE INTO memaudit_meta(key, value) VALUES ('bench_trace', ?)",
        (json.dumps({"size": size, "deep": deep}),),
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return deep


def _row(mid: str, source_type: str, derived: bool) -> tuple[object, ...]:
    return (mid, f"memory {mid}", source_type, "active", int(derived), NOW, NOW, 0.8, "b2:x")


def _flush(
    conn: sqlite3.Connection,
    rows: list[tuple[object, ...]],
    edges: list[tuple[str, str, str, str]],
) -> None:
    conn.executemany(
        "INSERT INTO memories(id, content, source_type, status, derived, created_at, "
        "updated_at, confidence, content_hash) VALUES (?,?,?,?,?,?,?,?,?)",
        rows,
    )
    conn.executemany(
        "INSERT OR IGNORE INTO edges(child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
        edges,
    )
    rows.clear()
    edges.clear()


def cached(path: Path, size: int) -> list[str]:
    if path.exists():
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            row = conn.execute("SELECT value FROM memaudit_meta WHERE key='bench_trace'").fetchone()
            conn.close()
            if row and json.loads(row[0])["size"] == size:
                return list(json.loads(row[0])["deep"])
        except (sqlite3.Error, ValueError, KeyError):
            pass
    print(f"building {size:,} memories at {path} ...", file=sys.stderr)
    started = time.perf_counter()
    deep = build(path, size)
    print(f"built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return deep


def naive_walk(ledger: Ledger, memory_id: str, depth: int, *, down: bool = True) -> int:
    """The baseline: breadth-first in Python, one query per node and direction for
    its edges and one for its row — what ``trace`` would do without recursive SQL.
    Returns how many nodes it reached (checked against the SQL walk)."""
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


def timings(fns: list[Callable[[str], object]], ids: list[str], runs: int) -> list[list[float]]:
    """Interleaved: each run times every function on the same id, so a busy machine
    slows all of them alike instead of whichever ran during the busy spell."""
    out: list[list[float]] = [[] for _ in fns]
    for i in range(runs):
        for fn, times in zip(fns, out, strict=True):
            started = time.perf_counter()
            fn(ids[i % len(ids)])
            times.append((time.perf_counter() - started) * 1000)
    return out


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--db", type=Path, default=Path("benchmarks/_stores/trace-1m.db"))
    parser.add_argument("--runs", type=int, default=400)
    args = parser.parse_args(argv)
    args.db.parent.mkdir(parents=True, exist_ok=True)
    deep = cached(args.db, args.size)
    with Ledger.open(args.db, readonly=True) as ledger:
        store = NativeStore(ledger)
        memories = ledger.count()
        edge_count = ledger.conn.execute("SELECT count(*) FROM edges").fetchone()[0]
        sample = store.lineage(deep[0], depth=DEPTH)
        ancestors = len(sample.nodes) - 1
        deepest = max(n.depth for n in sample.nodes.values())
        assert naive_walk(ledger, deep[0], DEPTH) == len(sample.nodes)  # same answer
        for mid in deep:  # warm the page cache for both, fairly
            store.lineage(mid, depth=DEPTH)
            naive_walk(ledger, mid, DEPTH)
        fast, slow, up_only, slow_up = timings(
            [
                lambda m: store.lineage(m, depth=DEPTH),
                lambda m: naive_walk(ledger, m, DEPTH),
                lambda m: store.lineage(m, down=False, depth=DEPTH),
                lambda m: naive_walk(ledger, m, DEPTH, down=False),
            ],
            deep,
            args.runs,
        )
    med, tail = statistics.median(fast), p99(fast)
    base_med, base_tail = statistics.median(slow), p99(slow)
    print(f"store: {memories:,} memories, {edge_count:,} edges")
    print(f"traced: {len(deep)} nodes with ~{ancestors} ancestors, deepest at depth {deepest}")
    print(
        f"trace lineage (recursive CTE, both directions, rows fetched): median {med:.2f} ms, "
        f"p99 {tail:.2f} ms  (target < {TARGET_MEDIAN_MS:g} / < {TARGET_P99_MS:g} ms)"
    )
    print(f"naive per-node walk (baseline): median {base_med:.2f} ms, p99 {base_tail:.2f} ms")
    print(f"ratio (baseline / trace): median {base_med / med:.1f}x, p99 {base_tail / tail:.1f}x")
    up_med, up_tail = statistics.median(up_only), p99(up_only)
    print(
        f"ancestors only (--up): trace median {up_med:.2f} ms, p99 {up_tail:.2f} ms; "
        f"naive median {statistics.median(slow_up):.2f} ms, p99 {p99(slow_up):.2f} ms; "
        f"ratio {statistics.median(slow_up) / up_med:.1f}x"
    )
    ok = med < TARGET_MEDIAN_MS and tail < TARGET_P99_MS
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
