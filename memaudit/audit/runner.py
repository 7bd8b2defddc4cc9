"""Running the detectors over a store: one process, or two for a large native ledger."""

from __future__ import annotations

import gc
import os
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memaudit.audit.finding import Finding, Pattern, Result
from memaudit.audit.registry import BY_NAME, Detector, select
from memaudit.audit.view import (
    Ctx,
    NotChecked,
)
from memaudit.clock import to_iso
from memaudit.model import Severity
from memaudit.progress import Progress, silent
from memaudit.store import Capability

if TYPE_CHECKING:
    from memaudit.store import Store


# -- running ------------------------------------------------------------------


@dataclass(slots=True)
class Report:
    store: str
    adapter: str
    now: str
    results: list[Result]
    # Values the store held as another type than their column's, read as ``ls`` reads
    # them ("memories.content": 2; ``SqlView.mistyped``).
    mistyped: dict[str, int] = field(default_factory=dict)

    def counts(self) -> dict[Severity, int]:
        total = dict.fromkeys(Severity, 0)
        for r in self.results:
            for s, n in r.counts.items():
                total[s] += n
        return total

    def at_or_above(self, severity: Severity) -> int:
        return sum(n for s, n in self.counts().items() if s.rank >= severity.rank)

    def by_pattern(self) -> dict[Pattern, dict[str, Any]]:
        out: dict[Pattern, dict[str, Any]] = {}
        for r in self.results:
            entry = out.setdefault(
                r.detector.pattern,
                {"counts": dict.fromkeys(Severity, 0), "unchecked": []},
            )
            for s, n in r.counts.items():
                entry["counts"][s] += n
            if not r.checked:
                entry["unchecked"].append(f"{r.detector.name}: {r.why_unchecked}")
        return out

    def findings(self) -> list[Finding]:
        found = [f for r in self.results for f in r.findings]
        return sorted(found, key=lambda f: (-f.severity.rank, list(Pattern).index(f.pattern)))

    def to_dict(self) -> dict[str, Any]:
        # "mistyped" only when there were some: a clean store's report is unchanged.
        typed = {"mistyped": dict(self.mistyped)} if self.mistyped else {}
        return {
            "store": self.store,
            "adapter": self.adapter,
            "now": self.now,
            **typed,
            "counts": {s.value: n for s, n in self.counts().items()},
            "patterns": {
                p.value: {
                    "title": p.label,
                    "counts": {s.value: n for s, n in e["counts"].items()},
                    "not_checked": e["unchecked"],
                }
                for p, e in self.by_pattern().items()
            },
            "detectors": [r.to_dict() for r in self.results],
            "findings": [f.to_dict() for f in self.findings()],
        }


# The detectors that a large native ledger's audit runs in other processes, beside the
# others (CPU-bound Python: threads would share one interpreter lock), one process per
# group. The detectors that read the derivation graph (summary_chain, qualifier_loss and
# the lineage ones) share one copy of it in the first process; the costliest text
# detectors that need no graph run in a second (the others after the graph here:
# ``AFTER_GRAPH``); injected_instruction, the costliest on a first run, in a third, so
# that on two cores the system shares the work out instead of one process waiting for
# the longest (see benchmarks/README.md).
OFFLOAD_GROUPS: tuple[tuple[str, ...], ...] = (
    ("near_duplicate", "stated_change"),
    ("injected_instruction",),
)
OFFLOAD = tuple(name for group in OFFLOAD_GROUPS for name in group)
# The tables each offloaded detector reads: a child checks the column types of those only
# (``NativeStore.checked_tables``; the parent checked every table before starting it).
# At 1M memories the text group's child skips the edges and events (0.85 s of CPU). A test
# records what each detector reads (SQLite's authorizer) against this.
READS: dict[str, tuple[str, ...]] = {
    "near_duplicate": ("memories",),
    "stated_change": ("memories",),
    "injected_instruction": ("memories", "edges", "events"),
}
# Text detectors that need no graph but run here, after the graph detectors, once the
# derivation graph is dropped (a run of their own, with a memo of its own). Run again
# at 1M (the injection process reads its judgements and is done first), the text
# process was the last to finish: 26 s of CPU against this one's 22. Here, after the
# graph, they add nothing to this process's peak; run while the graph was held, the
# audit's peak rose by 50-60 MB (docs/audit.md). A first run waits for the injection
# process either way.
AFTER_GRAPH = ("exact_duplicate", "unmarked_interpretation")
# Below this many memories a second process costs more to start than it saves.
PARALLEL_MIN_MEMORIES = 50_000


def run(
    store: Store,
    now: datetime,
    *,
    patterns: Iterable[str] | None = None,
    max_findings: int | None = None,
    workers: int | None = None,
    progress: Progress = silent,
    remember: bool = True,
) -> Report:
    """Run the chosen detectors (all by default) over ``store`` at time ``now``.

    ``workers``: 1 runs every detector here; 2 runs the ``OFFLOAD`` detectors in
    child processes (one per group of ``OFFLOAD_GROUPS``) that open the same store
    read-only (only a store whose SQL view is a file another process can open: the
    native ledger); None (the default) picks 2 for such a store of at least
    ``PARALLEL_MIN_MEMORIES`` memories on a machine with more than one CPU. The
    findings are the same either way. ``progress`` hears of each detector as it starts
    (those in the other processes when they are all done). ``remember``: texts'
    judgements are kept in the user's cache folder and read back on the next run
    (``memaudit.injection.judgements``); False judges every text afresh and keeps none.
    """
    detectors = select(patterns)
    view = store.sql_view()
    offload = [d.name for d in detectors if d.name in OFFLOAD]
    if view.file is None or not offload or len(detectors) == len(offload):
        workers = 1  # nothing to run beside the offloaded detectors
    elif workers is None:
        (top,) = view.conn.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchone()
        workers = 2 if (os.cpu_count() or 1) > 1 and top >= PARALLEL_MIN_MEMORIES else 1
    if workers <= 1 or view.file is None:
        return Report(
            store.location,
            store.adapter_name,
            to_iso(now),
            _run(store, now, detectors, max_findings, progress, remember=remember),
            dict(view.mistyped),
        )
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    groups = [[n for n in group if n in offload] for group in OFFLOAD_GROUPS]
    groups = [g for g in groups if g]
    # spawn, not fork: the caller may hold threads (the TUI) and an open connection.
    with ProcessPoolExecutor(len(groups), mp_context=get_context("spawn")) as pool:
        futures = [
            pool.submit(
                _run_offloaded,
                view.file,
                store.adapter_name,
                g,
                to_iso(now),
                max_findings,
                remember,
            )
            for g in groups
        ]
        mine = [d for d in detectors if d.name not in offload]
        first = [d for d in mine if d.name not in AFTER_GRAPH]
        here = _run(
            store, now, first, max_findings, progress, total=len(detectors), remember=remember
        )
        # A second run: the first one's memo (the derivation graph) is gone by now.
        here += _run(
            store,
            now,
            [d for d in mine if d.name in AFTER_GRAPH],
            max_findings,
            progress,
            total=len(detectors),
            remember=remember,
            start=len(first),
        )
        progress(f"audit: waiting for {', '.join(offload)}", len(here), len(detectors))
        mistyped = dict(view.mistyped)
        there: dict[str, Result] = {}
        for future in futures:
            done = future.result()
            # A child checks the file again when it opens it (it may have changed since):
            # what it converted is reported too.
            for column, n in done["mistyped"].items():
                mistyped[column] = max(n, mistyped.get(column, 0))
            there |= {r.detector.name: r for r in map(_result_from, done["results"])}
        progress("audit: done", len(detectors), len(detectors))
    by_name = {r.detector.name: r for r in here} | there
    results = [by_name[d.name] for d in detectors]
    return Report(store.location, store.adapter_name, to_iso(now), results, mistyped)


def _run_offloaded(
    path: str,
    adapter: str,
    names: list[str],
    now: str,
    max_findings: int | None,
    remember: bool = True,
) -> dict[str, Any]:
    """In the child process: the named detectors on the store at ``path``, read-only,
    and the values it read as another type than their column's (``SqlView.mistyped``)."""
    from memaudit.adapters import open_store
    from memaudit.adapters.native import NativeStore
    from memaudit.clock import parse_time

    with open_store(path, adapter=adapter) as store:
        if isinstance(store, NativeStore):
            store.checked_tables = tuple(sorted({t for name in names for t in READS[name]}))
        results = _run(store, parse_time(now), select(names), max_findings, remember=remember)
        mistyped = dict(store.sql_view().mistyped)
    return {
        "mistyped": mistyped,
        "results": [
            {
                "name": r.detector.name,
                "checked": r.checked,
                "why_unchecked": r.why_unchecked,
                "findings": [
                    (f.severity.value, f.memory_ids, f.evidence, f.suggestion, f.detail)
                    for f in r.findings
                ],
                "counts": {s.value: n for s, n in r.counts.items()},
                "stats": r.stats,
                "seconds": r.seconds,
                "causes": dict(r.causes),
            }
            for r in results
        ],
    }


def _result_from(data: dict[str, Any]) -> Result:
    det = BY_NAME[data["name"]]
    return Result(
        det,
        checked=data["checked"],
        why_unchecked=data["why_unchecked"],
        findings=[
            Finding(det.pattern, det.name, Severity(sev), tuple(ids), ev, sug, det.rule, detail)
            for sev, ids, ev, sug, detail in data["findings"]
        ],
        counts={Severity(k): n for k, n in data["counts"].items()},
        stats=data["stats"],
        seconds=data["seconds"],
        causes=Counter(data["causes"]),
    )


def _run(
    store: Store,
    now: datetime,
    detectors: list[Detector],
    max_findings: int | None,
    progress: Progress = silent,
    *,
    total: int | None = None,
    remember: bool = True,
    start: int = 0,
) -> list[Result]:
    policy = store.policy()
    view = store.sql_view()
    conn, role_column = view.conn, view.role_column
    memo: dict[str, Any] = {}
    results = []
    # The detectors keep millions of long-lived objects that form no cycles (the
    # derivation graph, texts, rows); each full pass of the cycle collector walks them
    # all: at 1M memories 9.6 of this process's 41 s of CPU.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for done, det in enumerate(detectors):
            progress(f"audit: {det.name}", start + done, total or len(detectors))
            result = Result(det)
            ctx = Ctx(
                conn,
                policy,
                now,
                has_events=store.has(Capability.HISTORY),
                has_edges=store.has(Capability.LINEAGE),
                role_column=role_column,
                result=result,
                store=store,
                memo=memo,
                remember=remember,
            )
            if max_findings is not None:
                ctx.cap = max_findings
            started = time.perf_counter()
            try:
                det.run(ctx)
            except NotChecked as exc:
                result.checked = False
                result.why_unchecked = str(exc)
            result.seconds = time.perf_counter() - started
            results.append(result)
    finally:
        memo.clear()
        if collecting:
            gc.enable()
    return results
