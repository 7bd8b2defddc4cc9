"""Registering benchmarks, and what they get and return.

A benchmark is a function that takes a :class:`Context` (one generated ledger of one
size) and returns a list of :class:`Figure`::

    from benchmarks.registry import Context, Figure, benchmark, measure

    @benchmark("trace", sizes=("10k", "100k", "1m"))
    def trace(ctx: Context) -> list[Figure]:
        node = ctx.deep_nodes[0]["id"]
        with ctx.ledger() as ledger:
            fast = measure(lambda: my_trace(ledger, node))
            naive = measure(lambda: naive_trace(ledger, node))
        return [Figure("deep node", fast.median, baseline=naive.median, target=0.05)]

Put it in a module ``benchmarks/bench_<something>.py``; the runner imports every such
module, so nothing else needs registering.
"""

from __future__ import annotations

import gc
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit.ledger import Ledger

SIZES: dict[str, int] = {"10k": 10_000, "100k": 100_000, "200k": 200_000, "1m": 1_000_000}
# The default sizes; 200k (the store forget's exactness was first measured on) runs where a
# benchmark asks.
ALL_SIZES: tuple[str, ...] = ("10k", "100k", "1m")


@dataclass(slots=True)
class Figure:
    """One measured number.

    ``baseline`` is the same work done the naive way (a full scan, per-row Python,
    the unoptimised write path); ``ratio`` is value / baseline. ``target`` is an
    absolute bound and ``max_ratio`` a bound on the ratio; a figure passes when every
    bound it has holds (lower is better unless ``higher_is_better``). A figure with
    no bound is informational.
    """

    name: str
    value: float
    unit: str = "s"
    baseline: float | None = None
    target: float | None = None
    max_ratio: float | None = None
    higher_is_better: bool = False
    note: str = ""

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or self.baseline == 0:
            return None
        return self.value / self.baseline

    @property
    def passed(self) -> bool | None:
        checks: list[bool] = []
        if self.target is not None:
            checks.append(
                self.value >= self.target if self.higher_is_better else self.value <= self.target
            )
        ratio = self.ratio
        if self.max_ratio is not None and ratio is not None:
            checks.append(ratio <= self.max_ratio)
        return all(checks) if checks else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": self.value,
            "unit": self.unit,
            "baseline": self.baseline,
            "ratio": self.ratio,
            "target": self.target,
            "max_ratio": self.max_ratio,
            "higher_is_better": self.higher_is_better,
            "passed": self.passed,
            "note": self.note,
        }


@dataclass(slots=True)
class Context:
    """What a benchmark gets: one generated ledger of one size."""

    size_label: str
    size: int
    seed: int
    store: Path
    meta: dict[str, Any]
    rebuilt: bool = False  # the store was generated in this run (not from the cache)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def deep_nodes(self) -> list[dict[str, Any]]:
        """Nodes with exactly 100 ancestors over depth 20: ``{id, ancestors, depth, roots}``."""
        return list(self.meta.get("deep_nodes", []))

    @property
    def stats(self) -> dict[str, Any]:
        return dict(self.meta.get("stats", {}))

    def ledger(self, *, readonly: bool = True) -> Ledger:
        """Open the cached store. Never write to it: use :meth:`scratch` for that."""
        if not readonly:
            raise ValueError("the cached store is shared; use ctx.scratch() to write")
        return Ledger.open(self.store, readonly=True)

    @contextmanager
    def scratch(self) -> Iterator[Path]:
        """A private copy of the store, deleted afterwards (for forget, decay, review)."""
        with tempfile.TemporaryDirectory(prefix="memaudit-bench-") as tmp:
            copy = Path(tmp) / self.store.name
            shutil.copyfile(self.store, copy)
            yield copy


BenchFn = Callable[[Context], list[Figure]]


@dataclass(frozen=True, slots=True)
class Benchmark:
    name: str
    fn: BenchFn
    sizes: tuple[str, ...]
    description: str


REGISTRY: dict[str, Benchmark] = {}


def benchmark(
    name: str, *, sizes: tuple[str, ...] = ALL_SIZES, description: str = ""
) -> Callable[[BenchFn], BenchFn]:
    """Register ``fn`` as benchmark ``name``, run at each of ``sizes`` (labels of SIZES)."""
    unknown = [s for s in sizes if s not in SIZES]
    if unknown:
        raise ValueError(f"benchmark {name!r}: unknown size(s) {unknown}; known: {list(SIZES)}")

    def register(fn: BenchFn) -> BenchFn:
        if name in REGISTRY and REGISTRY[name].fn.__qualname__ != fn.__qualname__:
            raise ValueError(f"benchmark {name!r} is registered twice")
        doc = description or (fn.__doc__ or "").strip().split("\n")[0]
        REGISTRY[name] = Benchmark(name, fn, tuple(sizes), doc)
        return fn

    return register


@dataclass(frozen=True, slots=True)
class Timing:
    median: float
    best: float
    worst: float
    runs: int
    result: Any = None

    @property
    def spread(self) -> float:
        return self.worst - self.best


def measure(
    fn: Callable[[], Any], *, repeat: int = 5, warmup: int = 1, budget: float = 30.0
) -> Timing:
    """Time ``fn`` (wall clock, seconds): ``warmup`` untimed calls, then up to ``repeat``
    timed ones, fewer if the timed calls exceed ``budget`` seconds in total. The
    last call's return value is kept in ``result`` so callers can check it."""
    result: Any = None
    for _ in range(warmup):
        result = fn()
    times: list[float] = []
    spent = 0.0
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(max(1, repeat)):
            start = time.perf_counter()
            result = fn()
            took = time.perf_counter() - start
            times.append(took)
            spent += took
            if spent > budget:
                break
    finally:
        if gc_was:
            gc.enable()
    return Timing(statistics.median(times), min(times), max(times), len(times), result)


def load_meta(store: Path) -> dict[str, Any]:
    """The generator's metadata: the sidecar JSON, else the ``bench_meta`` table."""
    sidecar = store.with_suffix(".json")  # generate.sidecar_path
    if sidecar.exists():
        return dict(json.loads(sidecar.read_text()))
    import sqlite3

    conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM bench_meta")}
    finally:
        conn.close()
