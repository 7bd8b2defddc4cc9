"""CLI cold start: `memaudit ls` against `sqlite-utils tables` on the same small store.

The store is a copy of the bundled sample `sample_dbs/summary_drift.db` (four
memories), whatever size the run asks for: start-up is what is measured, not the query
(`ls` at scale is the `ls` benchmark).

Both run as fresh processes (the console scripts of this venv), alternately, so load on
the shared machine hits both alike; each figure is the median wall time. The target is
issue 22's: memaudit's start-up, which imports only the command being run, within
1.3× that of sqlite-utils, a tool of the same kind (Python, click, sqlite-utils).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.registry import Context, Figure, benchmark

MAX_RATIO = 1.3
SAMPLE = Path(__file__).resolve().parent.parent / "sample_dbs" / "summary_drift.db"
RUNS = 11


def _script(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def _wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, check=False)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited {done.returncode}: {done.stderr[-300:]!r}")
    return took


@benchmark(
    "cold_start", sizes=("10k",), description="memaudit ls vs sqlite-utils tables, fresh processes"
)
def cold_start(ctx: Context) -> list[Figure]:
    with tempfile.TemporaryDirectory(prefix="memaudit-cold-") as tmp:
        store = Path(tmp) / "small.db"
        shutil.copyfile(SAMPLE, store)
        return _measure(store)


def _measure(store: Path) -> list[Figure]:
    # An installed package has its .pyc files; an editable checkout gets them on the
    # warm-up run, unless the environment forbids writing them.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["MEMAUDIT_DB"] = ""
    ours = [_script("memaudit"), "--db", str(store), "ls"]
    theirs = [_script("sqlite-utils"), "tables", str(store)]
    # What the dependencies `memaudit ls` imports cost alone, for reading the figure
    # (reading a ledger does not import sqlite-utils: only migrations need it).
    floor = [sys.executable, "-c", "import typer.main, rich.console, rich.table"]
    _wall(ours, env), _wall(theirs, env)  # warm the page cache and .pyc files
    mine: list[float] = []
    base: list[float] = []
    deps: list[float] = []
    for _ in range(RUNS):
        mine.append(_wall(ours, env))
        base.append(_wall(theirs, env))
        deps.append(_wall(floor, env))
    return [
        Figure(
            "memaudit ls (cold start)",
            statistics.median(mine),
            baseline=statistics.median(base),
            max_ratio=MAX_RATIO,
            note=f"baseline: sqlite-utils tables; median of {RUNS} alternating runs",
        ),
        Figure(
            "importing typer and rich only",
            statistics.median(deps),
            baseline=statistics.median(base),
            note="informational: the part of `memaudit ls`'s start-up its dependencies take",
        ),
    ]
