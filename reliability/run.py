"""The reliability harness: ``python -m reliability.run``.

Runs the scenarios of ``tests/reliability`` at full size and prints one table —
scenario, trials, faults injected, failures, data lost — for crash consistency
(SIGKILL at random points), a live agent writing concurrently, and fuzzed hostile input.
The figures also go to ``reliability/results/latest.json``. Exit status 1 if any
failure or loss was seen.

    python -m reliability.run                       # full size (about an hour on 2 cores)
    python -m reliability.run --kills 20 --seconds 30 --fuzz 1000   # a quick look
    python -m reliability.run --only crash          # one part: crash, concurrency, fuzz
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from memaudit.sqlite_driver import sqlite3

RESULTS = Path(__file__).resolve().parent / "results" / "latest.json"


@dataclass
class Row:
    part: str
    scenario: str
    trials: int
    faults: int
    failures: int
    lost: int
    note: str = ""
    details: list[str] = field(default_factory=list)


def _crash(args: argparse.Namespace, log) -> list[Row]:  # type: ignore[no-untyped-def]
    from reliability import crash

    rows = []
    for r in crash.run(
        args.kills, seed=args.seed, workers=args.workers, only=args.scenario, progress=log
    ):
        note = f"before {r.before}, after {r.after}"
        if r.recovered:
            note += f", finished by next run {r.recovered}"
        rows.append(
            Row("crash", r.scenario, r.trials, r.faults, len(r.failures), r.lost, note, r.failures)
        )
    return rows


def _concurrency(args: argparse.Namespace, log) -> list[Row]:  # type: ignore[no-untyped-def]
    from reliability import concurrency

    rows = []
    for r in concurrency.run(args.seconds, seed=args.seed, progress=log):
        rows.append(
            Row(
                "concurrency",
                r.scenario,
                r.trials,
                r.faults,
                len(r.failures),
                r.lost,
                r.note,
                r.failures,
            )
        )
    return rows


def _fuzz(args: argparse.Namespace, log) -> list[Row]:  # type: ignore[no-untyped-def]
    from reliability import fuzz

    rows = []
    for r in fuzz.run(args.fuzz, seed=args.seed, only=args.surface, progress=log):
        rows.append(
            Row("fuzz", r.surface, r.tried, r.tried, len(r.failures), 0, r.note, r.failures)
        )
    return rows


PARTS = {"crash": _crash, "concurrency": _concurrency, "fuzz": _fuzz}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m reliability.run", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--kills", type=int, default=200, help="SIGKILLs per mutating command")
    ap.add_argument("--seconds", type=float, default=600, help="concurrent writing, in total")
    ap.add_argument("--fuzz", type=int, default=10_000, help="fuzzed inputs, in total")
    ap.add_argument("--only", action="append", choices=sorted(PARTS), help="run one part")
    ap.add_argument(
        "--scenario", action="append", help="crash: only scenarios whose name contains this"
    )
    ap.add_argument(
        "--surface", action="append", help="fuzz: only surfaces whose function name has this"
    )
    ap.add_argument("--workers", type=int, default=2, help="crash trials run in parallel")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)

    def log(line: str) -> None:
        print(f"  {time.strftime('%H:%M:%S')} {line}", file=sys.stderr, flush=True)

    rows: list[Row] = []
    started = time.monotonic()
    for name in args.only or list(PARTS):
        log(f"{name} ...")
        rows += PARTS[name](args, log)
    elapsed = time.monotonic() - started

    header = ("part", "scenario", "trials", "faults injected", "failures", "data lost", "")
    table = [header] + [
        (r.part, r.scenario, str(r.trials), str(r.faults), str(r.failures), str(r.lost), r.note)
        for r in rows
    ]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for n, row in enumerate(table):
        print(
            "  ".join(
                c.ljust(w) if i < 2 or i == 6 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
        if n == 0:
            print("  ".join("-" * w for w in widths[:6]))
    failures = [d for r in rows for d in r.details]
    for line in failures[:40]:
        print("FAIL", line)
    print(
        f"({elapsed / 60:.1f} min; SQLite {sqlite3.sqlite_version}, Python {platform.python_version()})"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "at": datetime.now(UTC).isoformat(timespec="seconds"),
                "minutes": round(elapsed / 60, 1),
                "sqlite": sqlite3.sqlite_version,
                "python": platform.python_version(),
                "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
                "rows": [r.__dict__ for r in rows],
            },
            indent=2,
        )
        + "\n"
    )
    return 1 if any(r.failures or r.lost for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
