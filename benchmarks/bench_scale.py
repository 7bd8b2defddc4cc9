"""Commands that read a whole large store, at 200k memories (issue 22's figures).

- ``conflicts`` (load the active memories + find the candidates), in a child process
  so its peak memory (``VmHWM``) is its own: target < 10 s and < 500 MB;
- ``review --list -n 0`` (the whole queue, every flag), the CLI in a child process:
  target < 2 s. Twice, with a new cache folder: the first listing (it checks every item
  for injected instructions and compares it with the active memories, and keeps the
  verdicts and the answers) and the listing again (it reads them: ``injection.verdicts``,
  ``queue_answers``); the baseline likewise, in a folder of its own. The store is written
  elsewhere (the generator writes its rows directly); a third listing, first of its
  cache folder too, is the first listing of the store written through memaudit: with a
  copy of what the write path's recorder leaves (``benchmarks/written.py``: the injection
  verdicts and judgements the gate keeps for every memory it writes, and the comparisons
  it keeps for every pending item it writes, made against the store's active memories
  as they are: a queue staged after they last changed). Baseline: the older memaudit's
  first listing.

Every child runs memaudit as installed, from .pyc files compiled before any timing
(both trees', in a temporary ``PYTHONPYCACHEPREFIX``; ``bench_cold_start`` has the same aim
and warms them in place instead): an
environment that forbids writing them would otherwise have every child compile the
source first.

Baseline: the same work by an older memaudit, when ``MEMAUDIT_BENCH_BASELINE`` names
its checkout (e.g. a worktree of the branch before the change: ``git worktree add
/tmp/before issue-21-wip``); the child then imports that code. Without it the figures
have their targets only (the old code takes minutes here).

Standalone: ``python -m benchmarks.bench_scale conflicts STORE`` prints the child's JSON.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.registry import Context, Figure, benchmark
from benchmarks.written import copy_of, folder_for

CONFLICTS_TARGET = 10.0
CONFLICTS_RSS_MB = 500.0
REVIEW_TARGET = 2.0


ROOT = Path(__file__).resolve().parents[1]


def _env(code: str | None, pyc: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if pyc is not None:
        # As installed: an installed package has its .pyc files (``bench_cold_start``
        # warms them in place); an environment that forbids writing them (this machine's) would
        # make every child compile memaudit's source first (0.10-0.15 s of CPU at
        # import here). Both trees' in ``pyc``, compiled before any timing.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pyc)
    if code:
        # The older checkout's memaudit comes first; this checkout's benchmarks after it.
        env["PYTHONPATH"] = os.pathsep.join([code, str(ROOT)])
    return env


def _cwd(code: str | None) -> str | None:
    """Where a child runs: ``python -m`` puts its working directory first on sys.path,
    ahead of PYTHONPATH, so a baseline child run from this checkout would import this
    checkout's memaudit, not the older one."""
    return code or None


def _compiled(code: str | None, pyc: Path) -> None:
    """The .pyc files of ``code``'s memaudit (this checkout's when None), in ``pyc``."""
    tree = Path(code) if code else ROOT
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(tree / "memaudit")],
        check=True,
        capture_output=True,
        env=_env(code, pyc),
    )


def _conflicts_child(
    store: Path, code: str | None = None, pyc: Path | None = None
) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_scale", "conflicts", str(store.resolve())],
        check=True,
        capture_output=True,
        text=True,
        env=_env(code, pyc),
        cwd=_cwd(code),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # The child's CPU (user + system, start-up included), read here: a baseline child
    # runs the older checkout's worker, which does not report it.
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {**json.loads(out.stdout), "cpu": cpu}


def _review_list(store: Path, code: str | None, cache: Path, pyc: Path) -> float:
    """One listing's wall time, with ``cache`` as the user's cache folder."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "memaudit", "--db", str(store.resolve())]
        + ["review", "--list", "-n", "0"],
        check=True,
        capture_output=True,
        env={**_env(code, pyc), "MEMAUDIT_CACHE_DIR": str(cache)},
        cwd=_cwd(code),
    )
    return time.perf_counter() - started


@benchmark("scale", sizes=("200k",), description="conflicts and review --list -n 0 at 200k")
def scale(ctx: Context) -> list[Figure]:
    old = os.environ.get("MEMAUDIT_BENCH_BASELINE")
    prepared = folder_for(ctx.store)  # (made once per memaudit: before any timing)
    with tempfile.TemporaryDirectory(prefix="memaudit-bench-") as tmp:
        pyc = Path(tmp, "pyc")
        for code in (None, old) if old else (None,):
            _compiled(code, pyc)
        new = _conflicts_child(ctx.store, None, pyc)
        before = _conflicts_child(ctx.store, old, pyc) if old else None
        written = _review_list(ctx.store, None, copy_of(prepared, Path(tmp, "written")), pyc)
        mine, theirs = Path(tmp, "new"), Path(tmp, "old")
        review = _review_list(ctx.store, None, mine, pyc)
        review_before = _review_list(ctx.store, old, theirs, pyc) if old else None
        again = _review_list(ctx.store, None, mine, pyc)
        again_before = _review_list(ctx.store, old, theirs, pyc) if old else None
    note = f"baseline: {old}" if old else "no baseline (set MEMAUDIT_BENCH_BASELINE)"
    return [
        Figure(
            "conflicts (load + find)",
            new["seconds"],
            baseline=before["seconds"] if before else None,
            target=CONFLICTS_TARGET,
            note=f"{new['candidates']} candidates among {new['active']} active; {note}",
        ),
        Figure(
            "conflicts CPU (child, user+sys)",
            new["cpu"],
            baseline=before["cpu"] if before else None,
        ),
        Figure(
            "conflicts peak RSS",
            new["maxrss_mb"],
            unit="MB",
            baseline=before["maxrss_mb"] if before else None,
            target=CONFLICTS_RSS_MB,
        ),
        Figure(
            "review --list -n 0 (CLI), first listing, written elsewhere",
            review,
            baseline=review_before,
            target=REVIEW_TARGET,
            note=f"a store written elsewhere: every item checked; a new cache folder; {note}",
        ),
        Figure(
            "review --list -n 0 (CLI), first listing, written through memaudit",
            written,
            baseline=review_before,
            target=REVIEW_TARGET,
            note="the verdicts and comparisons its writes kept; baseline: the older "
            f"memaudit's first listing; {note}",
        ),
        Figure(
            "review --list -n 0 (CLI), listed again",
            again,
            baseline=again_before,
            target=REVIEW_TARGET,
            note=f"the injection verdicts and comparisons kept by the first; {note}",
        ),
    ]


def _conflicts_worker(store: str) -> None:
    from memaudit import conflicts
    from memaudit.adapters import open_store

    started = time.perf_counter()
    with open_store(store) as opened:
        if hasattr(conflicts, "active_statements"):
            active: Any = conflicts.active_statements(opened)
        else:  # an older memaudit (the baseline) read whole memories
            from memaudit.model import MemoryFilter, Status

            active = opened.memories(MemoryFilter(statuses=[Status.ACTIVE]))
        found = conflicts.find(active)
    seconds = time.perf_counter() - started
    peak = 0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1])
    print(
        json.dumps(
            {
                "seconds": seconds,
                "maxrss_mb": peak / 1024,
                "active": len(active),
                "candidates": len(found),
            }
        )
    )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "conflicts":
        _conflicts_worker(sys.argv[2])
    else:
        sys.exit("usage: python -m benchmarks.bench_scale conflicts STORE")
