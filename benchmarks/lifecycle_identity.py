"""Identity of lifecycle decay between two trees: the same passes, the same tables.

    python -m benchmarks.lifecycle_identity build LEDGER OUT.db   (the article store)
    python -m benchmarks.lifecycle_identity passes STORE.db       (first + daily pass)
    python -m benchmarks.lifecycle_identity compare A.db B.db

``build`` makes the article store ``bench_decay.bench_lifecycle`` decays, from a
generated ledger, with the bare UPDATE it starts with (every ``decay_score`` 0.5).
``passes`` runs the benchmark's first pass and a daily pass (one day later) on a copy
of it with the tree it is run from: run it from each tree's folder with that tree on
``PYTHONPATH`` (it prints ``memaudit.__file__``), each on its own copy. ``compare``
reads both stores' ``memories``, ``memory_events`` and ``sqlite_sequence`` whole: every
row, every column, by value (floats exactly) and by storage class (``typeof``: 0.0 and
0, '1' and 1 differ). Exit status 0 when identical, 1 otherwise (the first differences
are printed).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

TABLES = ("memories", "memory_events", "sqlite_sequence")
NOW = "2026-01-01T00:00:00Z"  # benchmarks.bench_decay.DEFAULT_NOW


def build(ledger: Path, out: Path) -> None:
    from benchmarks.bench_decay import article_store

    rows = article_store(ledger, out)
    conn = sqlite3.connect(out)
    with conn:
        conn.execute("UPDATE memories SET decay_score = 0.5")
    conn.close()
    print(f"{out}: {rows:,} rows, every decay_score 0.5")


def passes(store: Path) -> None:
    import memaudit
    from memaudit import decay
    from memaudit.adapters.lifecycle import LifecycleAdapter
    from memaudit.clock import parse_time

    os.environ["MEMAUDIT_HOME"] = f"{store}.home"  # the run's sidecar, beside the copy
    print(f"tree: {memaudit.__file__}")
    opened = LifecycleAdapter.open(str(store), writable=True, actor="bench")
    try:
        table = opened.lifecycle_table()
        params = decay.DecayParams.from_policy(opened.policy())
        now = parse_time(NOW)
        for label, at in (("first", now), ("daily", now + timedelta(days=1))):
            r = decay.apply(table, params, at, keep=50)
            print(
                f"{label}: {r.considered:,} considered, {r.rescored:,} rescored, "
                f"{r.count('archived'):,} archived, {r.count('expired'):,} expired, "
                f"{r.unreadable:,} unreadable; first changes "
                f"{[c.to_dict() for c in r.first_changes(3)]}"
            )
    finally:
        opened.close()


def _rows(path: Path, table: str) -> Iterator[Any]:
    """The table's column names, then each row as (rowid, typeof, value, ...)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        yield cols
        values = ", ".join(f"typeof({c}), {c}" for c in cols)
        yield from conn.execute(f"SELECT rowid, {values} FROM {table} ORDER BY rowid")
    finally:
        conn.close()


def compare(a: Path, b: Path) -> int:
    differences = 0
    for table in TABLES:
        rows_a, rows_b = _rows(a, table), _rows(b, table)
        cols_a, cols_b = next(rows_a), next(rows_b)
        if cols_a != cols_b:
            print(f"{table}: columns differ: {cols_a} / {cols_b}")
            differences += 1
            continue
        digest_a, digest_b = hashlib.sha256(), hashlib.sha256()
        count = shown = 0
        for row_a, row_b in zip(rows_a, rows_b, strict=False):
            count += 1
            digest_a.update(repr(row_a).encode())  # a float's repr is exact
            digest_b.update(repr(row_b).encode())
            if row_a != row_b:
                differences += 1
                if shown < 5:
                    print(f"{table}, row {count}:\n  A {row_a}\n  B {row_b}")
                    shown += 1
        # zip stopped at the shorter table: the other's remaining rows differ too
        left_a, left_b = sum(1 for _ in rows_a), sum(1 for _ in rows_b)
        if left_a or left_b:
            print(f"{table}: {left_a:,} more rows in A, {left_b:,} more in B")
            differences += left_a + left_b
        print(
            f"{table}: {count + max(left_a, left_b):,} rows, sha256 "
            f"{digest_a.hexdigest()[:16]} / {digest_b.hexdigest()[:16]}"
        )
    print("IDENTICAL" if not differences else f"DIFFERENT ({differences:,} rows)")
    return 1 if differences else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lifecycle_identity")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="the article store from a generated ledger")
    b.add_argument("ledger", type=Path)
    b.add_argument("out", type=Path)
    p = sub.add_parser("passes", help="first and daily pass, with this tree")
    p.add_argument("store", type=Path)
    c = sub.add_parser("compare", help="two stores' tables, row by row")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "build":
        build(args.ledger, args.out)
        return 0
    if args.command == "passes":
        passes(args.store)
        return 0
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
