"""The generator's own build time (the target: 1M memories in under two minutes).

The figure is the wall time recorded when the cached store was generated (``--rebuild``
regenerates it). The baseline is the naive write path: the same rows inserted into a
fresh ledger with its indexes and FTS trigger live, WAL and ``synchronous=FULL``, one
transaction per 1,000 memories (what staging in batches through the API does), timed
on a sample and scaled linearly — a lower bound, since B-trees slow as they grow.
"""

from __future__ import annotations

import functools
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.generate import ROW_INSERTS, GenConfig, Generator
from benchmarks.registry import Context, Figure, benchmark
from memaudit.ledger import Ledger
from memaudit.sqlite_driver import sqlite3

TARGETS = {"1m": 120.0}  # seconds; the brief's target
NAIVE_SAMPLE = 20_000
NAIVE_TXN = 1_000


@functools.cache
def naive_seconds_per_memory(seed: int, sample: int = NAIVE_SAMPLE) -> float:
    """Build a ``sample``-memory ledger the naive way; seconds per memory."""
    with tempfile.TemporaryDirectory(prefix="memaudit-bench-naive-") as tmp:
        path = Path(tmp) / "naive.db"
        start = time.perf_counter()
        Ledger.init(path, actor="bench").close()
        conn = sqlite3.connect(str(path), isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        try:
            for batch in Generator(GenConfig(sample, seed)).batches():
                rows: tuple[list[Any], ...] = (
                    batch.memories,
                    batch.edges,
                    batch.embeddings,
                    batch.profile,
                    batch.events,
                )
                # One transaction per NAIVE_TXN memories with everything that belongs to them.
                for lo in range(0, len(batch.memories), NAIVE_TXN):
                    chunk = batch.memories[lo : lo + NAIVE_TXN]
                    ids = {m[1] for m in chunk}
                    conn.execute("BEGIN IMMEDIATE")
                    conn.executemany(ROW_INSERTS[0], chunk)
                    # The column holding the memory id in edges, embeddings, profile, events.
                    keys = (0, 0, 4, 3)
                    for sql, table_rows, key in zip(ROW_INSERTS[1:], rows[1:], keys, strict=True):
                        conn.executemany(sql, [r for r in table_rows if r[key] in ids])
                    conn.execute("COMMIT")
        finally:
            conn.close()
        return (time.perf_counter() - start) / sample


@benchmark("build", description="generate a synthetic ledger (target: 1M in < 2 min)")
def build_time(ctx: Context) -> list[Figure]:
    stats = ctx.stats
    seconds = float(stats["build_seconds"])
    where = "built in this run" if ctx.rebuilt else f"cached store built {ctx.meta.get('built_at')}"
    load = ctx.meta.get("load_average")
    naive = naive_seconds_per_memory(ctx.seed) * ctx.size
    return [
        Figure(
            "build time",
            seconds,
            baseline=naive,
            target=TARGETS.get(ctx.size_label),
            note=f"{where}; load average then {load}; baseline: naive path on "
            f"{NAIVE_SAMPLE:,} memories, scaled",
        ),
        Figure("cpu time (all processes)", float(stats.get("cpu_seconds", 0.0))),
        Figure("memories per second", ctx.size / seconds, unit="/s", higher_is_better=True),
        Figure("edges per memory", stats["edges"] / ctx.size, unit=""),
    ]
