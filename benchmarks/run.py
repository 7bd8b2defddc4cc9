"""Run the benchmarks: ``python -m benchmarks.run [--sizes 10k,100k,1m] [--only NAME]``.

Every module ``benchmarks/bench_*.py`` is imported; the functions it registers with
``@benchmark`` run against the cached generated ledger of each size they ask for
(generated on first use under ``benchmarks/_stores/``). The figures are printed as a
table and written to ``benchmarks/results/latest.json``. The exit status is 1 when a
figure misses its target or a benchmark fails, else 0.
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib
import json
import os
import pkgutil
import platform
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import benchmarks
from benchmarks.generate import DEFAULT_SEED, ensure_store
from benchmarks.registry import REGISTRY, SIZES, Benchmark, Context, Figure
from memaudit.sqlite_driver import sqlite3

RESULTS = Path(__file__).resolve().parent / "results" / "latest.json"


@dataclass(slots=True)
class Row:
    benchmark: str
    size: str
    figure: Figure | None = None
    error: str | None = None
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.error is not None:
            return "ERROR"
        assert self.figure is not None
        passed = self.figure.passed
        return "-" if passed is None else "pass" if passed else "FAIL"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"benchmark": self.benchmark, "size": self.size}
        if self.figure is not None:
            out |= self.figure.to_dict()
        if self.error is not None:
            out["error"] = self.error
        out["verdict"] = self.verdict
        return out


@dataclass(slots=True)
class Report:
    rows: list[Row] = field(default_factory=list)
    stores: dict[str, dict[str, Any]] = field(default_factory=dict)


def discover() -> dict[str, Benchmark]:
    """Import every ``benchmarks/bench_*.py``; return what they registered."""
    for info in pkgutil.iter_modules(benchmarks.__path__):
        if info.name.startswith("bench_"):
            importlib.import_module(f"benchmarks.{info.name}")
    return dict(sorted(REGISTRY.items()))


def select(available: dict[str, Benchmark], only: str | None) -> list[Benchmark]:
    if not only:
        return list(available.values())
    patterns = [p.strip() for p in only.split(",") if p.strip()]
    chosen = [b for name, b in available.items() if any(fnmatch.fnmatch(name, p) for p in patterns)]
    if not chosen:
        known = ", ".join(available) or "none"
        raise SystemExit(f"no benchmark matches {only!r}; registered: {known}")
    return chosen


def parse_sizes(text: str) -> list[str]:
    labels = [s.strip().lower() for s in text.split(",") if s.strip()]
    unknown = [s for s in labels if s not in SIZES]
    if unknown:
        raise SystemExit(f"unknown size(s) {', '.join(unknown)}; known: {', '.join(SIZES)}")
    return sorted(dict.fromkeys(labels), key=SIZES.__getitem__)


def run(
    chosen: list[Benchmark],
    sizes: list[str],
    *,
    seed: int = DEFAULT_SEED,
    rebuild: bool = False,
    log: Any = sys.stderr,
) -> Report:
    report = Report()
    for label in sizes:
        todo = [b for b in chosen if label in b.sizes]
        if not todo:
            continue
        n = SIZES[label]
        print(f"[{label}] store: {n:,} memories, seed {seed}", file=log, flush=True)

        def progress(msg: str, label: str = label) -> None:
            print(f"[{label}] {msg.strip()}", file=log, flush=True)

        path, meta, built = ensure_store(n, seed, rebuild=rebuild, progress=progress)
        how = "built now" if built else f"cached, built {meta.get('built_at', '?')}"
        print(f"[{label}] {path} ({how})", file=log, flush=True)
        report.stores[label] = {"path": str(path), "built_now": built, "meta": meta}
        ctx = Context(label, n, seed, path, meta, rebuilt=built)
        for bench in todo:
            print(f"[{label}] {bench.name} ...", file=log, flush=True)
            start = time.perf_counter()
            try:
                figures = bench.fn(ctx)
            except Exception as exc:
                took = time.perf_counter() - start
                detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                print(traceback.format_exc(), file=log)
                report.rows.append(Row(bench.name, label, error=detail, seconds=took))
                continue
            took = time.perf_counter() - start
            for fig in figures:
                report.rows.append(Row(bench.name, label, fig, seconds=took))
    return report


# -- output ------------------------------------------------------------------------


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return ""
    if unit == "s":
        if value >= 1:
            return f"{value:,.2f} s"
        if value >= 1e-3:
            return f"{value * 1e3:,.2f} ms"
        return f"{value * 1e6:,.1f} µs"
    if unit in ("count", "rows", ""):
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.3f}"
    return f"{value:,.1f} {unit}" if abs(value) < 1e4 else f"{value:,.0f} {unit}"


def table(report: Report) -> str:
    head = ("benchmark", "size", "figure", "value", "baseline", "ratio", "target", "result")
    lines: list[tuple[str, ...]] = [head]
    for row in report.rows:
        if row.figure is None:
            lines.append((row.benchmark, row.size, "(failed)", "", "", "", "", "ERROR"))
            continue
        f = row.figure
        ratio = f.ratio
        bounds = []
        if f.target is not None:
            bounds.append(("≥ " if f.higher_is_better else "≤ ") + fmt(f.target, f.unit))
        if f.max_ratio is not None:
            bounds.append(f"ratio ≤ {f.max_ratio:g}")
        lines.append(
            (
                row.benchmark,
                row.size,
                f.name,
                fmt(f.value, f.unit),
                fmt(f.baseline, f.unit),
                "" if ratio is None else f"{ratio:.3g}×",
                ", ".join(bounds),
                row.verdict,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    right = {3, 4, 5}
    out = []
    for n, line in enumerate(lines):
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(line, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    notes = [
        f"  {r.benchmark} [{r.size}] {r.figure.name}: {r.figure.note}"
        for r in report.rows
        if r.figure is not None and r.figure.note
    ]
    errors = [f"  {r.benchmark} [{r.size}]: {r.error}" for r in report.rows if r.error]
    if notes:
        out += ["", "notes:", *notes]
    if errors:
        out += ["", "errors:", *errors]
    return "\n".join(out)


def environment() -> dict[str, Any]:
    try:
        commit = (
            subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"],
                capture_output=True,
                text=True,
                check=False,
                cwd=Path(__file__).resolve().parent,
            ).stdout.strip()
            or None
        )
    except OSError:
        commit = None
    return {
        "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit,
        "python": sys.version.split()[0],
        "sqlite": sqlite3.sqlite_version,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def write_json(report: Report, path: Path, argv: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "environment": environment(),
        "argv": argv,
        "stores": {
            label: {
                "path": s["path"],
                "built_now": s["built_now"],
                "built_at": s["meta"].get("built_at"),
                "stats": s["meta"].get("stats"),
            }
            for label, s in report.stores.items()
        },
        "results": [row.to_dict() for row in report.rows],
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=False) + "\n")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.run", description="Run memaudit's benchmarks."
    )
    parser.add_argument("--sizes", default=",".join(SIZES), help="comma list of 10k, 100k, 1m")
    parser.add_argument("--only", help="benchmark names (comma list, shell patterns allowed)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--rebuild", action="store_true", help="regenerate the cached stores")
    parser.add_argument("--json", type=Path, default=RESULTS, help=f"results file ({RESULTS.name})")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = parser.parse_args(args_list)

    available = discover()
    if args.list:
        for b in available.values():
            print(f"{b.name:<16} {','.join(b.sizes):<14} {b.description}")
        return 0
    chosen = select(available, args.only)
    report = run(chosen, parse_sizes(args.sizes), seed=args.seed, rebuild=args.rebuild)
    print(table(report))
    write_json(report, args.json, args_list)
    print(f"\nresults: {args.json}", file=sys.stderr)
    bad = [r for r in report.rows if r.verdict in ("FAIL", "ERROR")]
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
