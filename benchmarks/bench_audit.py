"""`memaudit audit` on the generated ledgers: the full audit, its peak memory, and the
near-duplicate detector against an all-pairs baseline.

Each full audit runs in a child process so its peak resident memory is its own, not
the runner's. The peak is read from ``/proc/self/status`` (``VmHWM``), not from
``ru_maxrss``: Linux carries a parent's high-water mark across fork + exec into the
child's ``ru_maxrss``, so a runner that has just generated the 1M store (≈1.3 GB)
would otherwise be billed to the audit. Figures:

- ``full audit, written elsewhere``: every detector, through ``audit.run`` on the native
  ledger (target 30 s at 1M, issue 22), of the store as the generator writes it (its rows
  written directly, not through memaudit: every text judged, the judgements kept); baseline: the same audit by an older memaudit when
  ``MEMAUDIT_BENCH_BASELINE`` names its checkout (as in ``bench_scale``: e.g. ``git
  worktree add /tmp/before main``), else at 10k/100k the same audit through the generic
  ``Store`` path (the store copied into an in-memory database first, as for a foreign
  store);
- ``CPU time``: user + system seconds of the audit's processes (informational: the
  wall-clock figure depends on what else the machine runs);
- ``peak RSS``: the child's peak resident memory plus that of each process it starts
  for detectors (each one's own VmHWM, sampled: an upper bound of their joint peak;
  target 1 GB);
- ``audit without injected_instruction``: every other detector, same run (target 20 s
  at 1M: the share of the 30 s that is not the injection pattern's), with its peak;
- ``near_duplicate``: that detector alone (inside the same run); baseline: all pairs,
  i.e. the time to compare 1,000 memories pairwise scaled by (n / 1,000)² — what a
  detector without blocking would cost;
- ``injected_instruction (added to audit)``: the full audit minus the same audit without
  that pattern, both in this run (target 10 s at 1M): what the pattern costs a user;
- ``full audit, judgements kept``: the same audit run a second time, reading the texts'
  judgements the first kept (``memaudit.injection.judgements``, in a temporary folder:
  never the user's), with its peak and what the pattern adds then. The first figures
  are a first run's, judgements written; every other run here keeps none;
- ``full audit, written through memaudit``: the first audit of the same store had it
  been written through memaudit's write path (``stage``, the MCP server): with a copy of
  the cache folder the write path's recorder leaves (``benchmarks/written.py``: the
  function the gate calls for every memory it writes), and what the pattern adds then;
  baseline: the older memaudit's first audit (its write path kept nothing);
- one informational figure per other detector.

Standalone: ``python -m benchmarks.bench_audit STORE [--generic]`` prints the child's
JSON for one store.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.registry import Context, Figure, benchmark
from benchmarks.written import copy_of, folder_for

AUDIT_TARGET = 30.0
WITHOUT_INJECTION_TARGET = 20.0  # the audit without injected_instruction, at 1M
INJECTION_ADDED_TARGET = 10.0  # seconds the injected_instruction pattern may add at 1M
RSS_TARGET_MB = 1024.0
NOW = "2026-01-01T00:00:00Z"  # the generator's ledgers end here
PAIR_SAMPLE = 1000


def _child(
    store: Path,
    generic: bool,
    skip: str | None = None,
    code: str | None = None,
    kept: Path | None = None,
) -> dict[str, Any]:
    """The audit in a child process; ``code``: an older checkout whose memaudit (and
    benchmark worker) the child imports instead of this one; ``kept``: the folder of
    judgements kept across runs (None: none kept, every text judged)."""
    cmd = [sys.executable, "-m", "benchmarks.bench_audit", str(Path(store).resolve())]
    if generic:
        cmd.append("--generic")
    if skip:
        cmd += ["--skip", skip]
    # Never the user's own folder: a figure says whether judgements were kept.
    env = {**os.environ, "MEMAUDIT_CACHE_DIR": str(kept) if kept else "off"}
    if code:
        env["PYTHONPATH"] = code
    # `python -m` puts the working directory first on the path: run the older code there.
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, cwd=code or None)
    return dict(json.loads(out.stdout))


def _all_pairs_estimate(store: Path, n: int) -> float:
    """Seconds to compare PAIR_SAMPLE memories all-pairs, scaled to n memories."""
    from memaudit.fingerprint import jaccard, shingles
    from memaudit.ledger import Ledger

    with Ledger.open(store, readonly=True) as ledger:
        texts = [
            r[0]
            for r in ledger.conn.execute(
                "SELECT content FROM memories WHERE status IN ('active','pending') LIMIT ?",
                (PAIR_SAMPLE,),
            )
        ]
    started = time.perf_counter()
    sets = [shingles(t) for t in texts]
    for i in range(len(sets)):
        a = sets[i]
        for j in range(i + 1, len(sets)):
            jaccard(a, sets[j])
    spent = time.perf_counter() - started
    k = len(sets)
    return spent * (n * (n - 1)) / max(1, k * (k - 1))


def _kept(run: dict[str, Any]) -> str:
    kept = run["stats"].get("injected_instruction", {}).get("judgements") or {}
    return f"{kept.get('reused', 0):,} texts' judgements read, {kept.get('judged', 0):,} judged" + (
        f" ({kept['not_used']})" if kept.get("not_used") else ""
    )


def _added(name: str, run: dict[str, Any], without: dict[str, Any]) -> Figure:
    """What the injected_instruction pattern adds to ``run``: the audit minus the audit
    without the pattern, both in this run."""
    added = run["seconds"] - without["seconds"]
    # Negative only when the two runs' load differed by more than the pattern costs: no
    # verdict then (a pass would claim more than was measured).
    return Figure(
        name,
        added,
        baseline=without["seconds"],
        target=INJECTION_ADDED_TARGET if added >= 0 else None,
        note=(
            "the audit minus the audit without the pattern, same run; the detector "
            f"alone took {run['detectors']['injected_instruction']:.1f} s; {_kept(run)}"
            + (
                ""
                if added >= 0
                else "; NEGATIVE: the load changed between the two "
                "audits, no verdict (run again on a quiet machine)"
            )
        ),
    )


def _peak_figure(
    name: str, run: dict[str, Any], old: dict[str, Any] | None, target: float | None = None
) -> Figure:
    n = run.get("child_processes", 1)
    return Figure(
        name,
        run["maxrss_mb"],
        unit="MB",
        baseline=old["maxrss_mb"] if old else None,
        target=target,
        note=(
            f"the audit process's peak + each of its {n} other processes' "
            f"({run['child_maxrss_mb']:.0f} MB)"
        ),
    )


def _first_audit(
    name: str, run: dict[str, Any], old: dict[str, Any] | None, baseline: float | None, note: str
) -> list[Figure]:
    """A first audit's wall time (target: ``AUDIT_TARGET``) and CPU time."""
    return [
        Figure(name, run["seconds"], baseline=baseline, target=AUDIT_TARGET, note=note),
        Figure(
            "  CPU time",
            run["cpu_seconds"],
            baseline=old["cpu_seconds"] if old else None,
            note="user + system, all processes of the audit (the machine may be shared)",
        ),
    ]


@benchmark(
    "audit", description="full audit (all detectors), peak RSS, near-duplicates vs all pairs"
)
def audit_bench(ctx: Context) -> list[Figure]:
    prepared = folder_for(ctx.store)  # (made once per memaudit: before any timing)
    with tempfile.TemporaryDirectory(prefix="memaudit-judgements-") as folder:
        # The first audit judges every text and keeps the judgements; the second is the
        # nightly audit of an unchanged store (a store that changed reads most of them).
        fast = _child(ctx.store, generic=False, kept=Path(folder))
        again = _child(ctx.store, generic=False, kept=Path(folder))
    with tempfile.TemporaryDirectory(prefix="memaudit-written-") as tmp:
        # The first audit of the store written through memaudit: the judgements its
        # writes kept.
        written = _child(ctx.store, generic=False, kept=copy_of(prepared, Path(tmp, "c")))
    without = _child(ctx.store, generic=False, skip="injected_instruction")
    figures = []
    older = os.environ.get("MEMAUDIT_BENCH_BASELINE")
    old = old_without = None
    if older:
        old = _child(ctx.store, generic=False, code=older)
        old_without = _child(ctx.store, generic=False, skip="injected_instruction", code=older)
        base_note = f"baseline: the memaudit in {older}"
        baseline = old["seconds"]
    elif ctx.size <= 100_000:
        baseline = _child(ctx.store, generic=True)["seconds"]
        base_note = "baseline: generic Store path"
    else:
        baseline = None
        base_note = "no baseline: set MEMAUDIT_BENCH_BASELINE to an older checkout"
    figures += _first_audit(
        "full audit, written elsewhere",
        fast,
        old,
        baseline,
        f"a store written elsewhere: every text judged; {fast['findings']} findings; {base_note}",
    )
    figures.append(_peak_figure("peak RSS", fast, old, RSS_TARGET_MB))
    figures.append(
        Figure(
            "audit without injected_instruction",
            without["seconds"],
            baseline=old_without["seconds"] if old_without else None,
            target=WITHOUT_INJECTION_TARGET,
            note="every other detector, same run",
        )
    )
    figures.append(_peak_figure("  its peak RSS", without, old_without))
    figures.append(_added("injected_instruction (added to audit)", fast, without))
    figures.append(
        Figure(
            "full audit, judgements kept",
            again["seconds"],
            baseline=fast["seconds"],
            target=AUDIT_TARGET,
            note=f"the same audit run again (baseline: the first run); {_kept(again)}",
        )
    )
    figures.append(_peak_figure("  its peak RSS", again, fast, RSS_TARGET_MB))
    figures.append(_added("  injected_instruction added, judgements kept", again, without))
    figures += _first_audit(
        "full audit, written through memaudit",
        written,
        old,
        baseline,
        f"a first audit, the judgements its writes kept; {written['findings']} findings; "
        f"{_kept(written)}; {base_note} (its first audit)",
    )
    figures.append(_peak_figure("  its peak RSS", written, old, RSS_TARGET_MB))
    figures.append(
        _added("  injected_instruction added, written through memaudit", written, without)
    )
    per = fast["detectors"]
    figures.append(
        Figure(
            "near_duplicate",
            per["near_duplicate"],
            baseline=_all_pairs_estimate(ctx.store, fast["memories"]),
            note=f"baseline: all pairs, extrapolated from {PAIR_SAMPLE}",
        )
    )
    before = old["detectors"] if old else {}
    for name, seconds in per.items():
        if name != "near_duplicate":
            figures.append(Figure(f"  {name}", seconds, baseline=before.get(name)))
    return figures


def _peak_kib(pid: int | str = "self") -> int:
    """A process's peak resident set since exec (VmHWM), in KiB; 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _watch_children(peaks: dict[int, int], stop: threading.Event) -> None:
    """Until ``stop``: every 50 ms, each descendant process's own peak (VmHWM), per
    pid. The audit may start several detector processes, and the injection check's
    process a helper of its own (``injection.second_judge``); ``ru_maxrss`` of
    ``RUSAGE_CHILDREN`` is only the largest child's."""
    while not stop.wait(0.05):
        for pid in _descendants(os.getpid()):
            kib = _peak_kib(pid)
            if kib > peaks.get(pid, 0):
                peaks[pid] = kib


def _descendants(root: int) -> set[int]:
    """The processes under ``root`` (children, theirs, ...), as /proc lists them now."""
    found: set[int] = set()
    todo = [root]
    while todo:
        try:
            tasks = list(Path(f"/proc/{todo.pop()}/task").iterdir())
            kids = {int(p) for t in tasks for p in (t / "children").read_text().split()}
        except (OSError, ValueError):
            continue
        todo += kids - found
        found |= kids
    return found


def _worker(store: str, generic: bool, skip: str | None = None) -> None:
    from memaudit import audit
    from memaudit.adapters import open_store
    from memaudit.clock import parse_time
    from memaudit.store import Store

    opened = open_store(store)
    target: Store = opened
    if generic:

        class Generic(Store):
            """The same store seen only through the protocol (no `.ledger`)."""

            adapter_name = "generic"
            capabilities = opened.capabilities

            def memories(self, flt: Any = None) -> Any:
                return opened.memories(flt)

            def get(self, memory_id: str) -> Any:
                return opened.get(memory_id)

            def edges(self, memory_ids: Any = None) -> Any:
                return opened.edges(memory_ids)

            def events(self, **kwargs: Any) -> Any:
                return opened.events(**kwargs)

            def policy(self) -> Any:
                return opened.policy()

            def records(self, *, writable: bool) -> Any:  # it announces RESOLVE
                return opened.records(writable=writable)

        target = Generic(store)
    patterns = [d.name for d in audit.DETECTORS if d.name != skip] if skip else None
    peaks: dict[int, int] = {}
    stop = threading.Event()
    watcher = threading.Thread(target=_watch_children, args=(peaks, stop), daemon=True)
    watcher.start()
    started = time.perf_counter()
    report = audit.run(target, parse_time(NOW), patterns=patterns)
    seconds = time.perf_counter() - started
    stop.set()
    watcher.join()
    (memories,) = opened.ledger.conn.execute(  # type: ignore[attr-defined]
        "SELECT count(*) FROM memories WHERE status IN ('active','pending')"
    ).fetchone()
    # The audit may run detectors in child processes: their peaks count too. The sum
    # of every process's own peak bounds the peak of all together; CPU time is all
    # processes' user + system.
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    children_kib = sum(peaks.values()) or kids.ru_maxrss
    rss = ((_peak_kib() or me.ru_maxrss) + children_kib) / 1024  # KiB on Linux
    cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    print(
        json.dumps(
            {
                "seconds": seconds,
                "maxrss_mb": rss,
                "child_maxrss_mb": children_kib / 1024,
                "child_processes": len(peaks),
                "cpu_seconds": cpu,
                "memories": memories,
                "findings": sum(report.counts().values()),
                "counts": {s.value: n for s, n in report.counts().items()},
                "detectors": {r.detector.name: r.seconds for r in report.results},
                "stats": {r.detector.name: r.stats for r in report.results if r.stats},
            },
            default=str,
        )
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit("usage: python -m benchmarks.bench_audit STORE [--generic] [--skip DETECTOR]")
    skip = args[args.index("--skip") + 1] if "--skip" in args else None
    _worker(args[0], "--generic" in args, skip)
