"""Forget one memory on a large ledger: plan + apply + purge + full verification.

Printed beside the baseline a bare delete would cost: ``DELETE`` of the same row plus a
raw scan of the file and its WAL for the content (what anyone checking a delete would
do at the least), and the ratio of the two.

Standalone for now (the shared generator on branch ``bench`` was not there yet): it
builds its own ledger with memaudit's real schema — FTS index and a 64-float embedding
per memory — and caches it in ``benchmarks/_stores/``.

    python -m benchmarks.bench_forget            # 1,000,000 memories
    python -m benchmarks.bench_forget --n 100000
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import struct
import time
from pathlib import Path

from memaudit import fingerprint, forget
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.rawscan import Needles, scan_file
from memaudit.sqlite_driver import sqlite3

STORES = Path(__file__).resolve().parent / "_stores"
NOW = "2026-11-30T12:00:00Z"
TARGET_ID = "bench-secret"
TARGET_TEXT = "The staging vault passphrase hint is ZEBRA-7731-QUOKKA."
WORDS = [
    "user", "prefers", "project", "uses", "deploy", "staging", "server", "config",
    "python", "tests", "review", "branch", "release", "docs", "latency", "cache",
    "database", "migration", "token", "queue", "worker", "schedule", "backup", "alert",
]  # fmt: skip


def build(path: Path, n: int) -> None:
    rng = random.Random(7)
    vocab = WORDS + [f"term{i}" for i in range(20000)]
    Ledger.init(path, clock=fixed_clock(NOW)).close()
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    target_at = n // 2
    for i in range(n):
        if i == target_at:
            mid, text = TARGET_ID, TARGET_TEXT
        else:
            mid, text = f"m{i:07d}", " ".join(rng.choices(vocab, k=14)) + "."
        at = f"2026-{1 + i * 10 // n:02d}-15T00:00:00Z"
        conn.execute(
            "INSERT INTO memories(id, content, tags, source_type, status, created_at, "
            "updated_at, content_hash) VALUES (?, ?, '[]', 'user_statement', 'active', ?, ?, ?)",
            (mid, text, at, at, fingerprint.content_hash(text)),
        )
        vector = struct.pack("64f", *(rng.random() for _ in range(64)))
        conn.execute(
            "INSERT INTO embeddings(memory_id, model, dim, vector) VALUES (?, 'bench', 64, ?)",
            (mid, vector),
        )
        if i % 50000 == 49999:
            conn.execute("COMMIT")
            conn.execute("BEGIN")
    conn.execute("COMMIT")
    conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def store(n: int) -> Path:
    STORES.mkdir(parents=True, exist_ok=True)
    path = STORES / f"forget-{n}.db"
    if not path.exists():
        started = time.perf_counter()
        tmp = path.with_suffix(".building")
        for leftover in STORES.glob(tmp.name + "*"):
            leftover.unlink()
        build(tmp, n)
        tmp.rename(path)
        print(f"built {path.name} in {time.perf_counter() - started:.0f}s")
    return path


def copy(src: Path, name: str) -> Path:
    dst = src.with_name(name)
    for side in (dst, dst.with_name(dst.name + "-wal"), dst.with_name(dst.name + "-shm")):
        side.unlink(missing_ok=True)
    shutil.copyfile(src, dst)
    return dst


def run_forget(path: Path) -> tuple[float, bool, dict[str, float]]:
    with Ledger.open(path, readonly=False, clock=fixed_clock(NOW), actor="bench") as led:
        started = time.perf_counter()
        the_plan = forget.plan(led, [TARGET_ID])
        result = forget.apply(led, the_plan, reason="benchmark")
        total = time.perf_counter() - started
    return total, result.clean, {}


def run_baseline(path: Path) -> float:
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    started = time.perf_counter()
    conn.execute("DELETE FROM memories WHERE id = ?", (TARGET_ID,))
    needles = Needles([TARGET_TEXT])
    for f in (path, path.with_name(path.name + "-wal")):
        scan_file(f, needles)
    took = time.perf_counter() - started
    conn.close()
    return took


def phases(path: Path) -> dict[str, float]:
    """Where the time goes, each phase timed on its own (same work as run_forget)."""
    out: dict[str, float] = {}
    with Ledger.open(path, readonly=False, clock=fixed_clock(NOW), actor="bench") as led:
        t = time.perf_counter()
        the_plan = forget.plan(led, [TARGET_ID])
        out["plan"] = time.perf_counter() - t
        t = time.perf_counter()
        from memaudit import review
        from memaudit.model import Status

        with led.transaction():
            memory = led.require(TARGET_ID)
            review.erase(led, TARGET_ID)
            review.write_tombstone(led, memory, Status.FORGOTTEN, "benchmark", "bench")
        out["delete"] = time.perf_counter() - t
        t = time.perf_counter()
        with led.transaction():
            forget.purge_fts(led.conn)
        out["fts optimize"] = time.perf_counter() - t
        t = time.perf_counter()
        forget.checkpoint_wal(led.conn)
        out["wal checkpoint"] = time.perf_counter() - t
        t = time.perf_counter()
        needle = forget.Needle(ids=[TARGET_ID], more_content=list(the_plan.texts.values()))
        for layer in forget.native_layers(led):
            lt = time.perf_counter()
            layer.probe(needle)
            out[f"verify {layer.name}"] = time.perf_counter() - lt
        out["verify (all layers)"] = time.perf_counter() - t
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    src = store(args.n)
    size_mb = src.stat().st_size / 1e6
    figure, clean, _ = run_forget(copy(src, "forget-run.db"))
    baseline = run_baseline(copy(src, "baseline-run.db"))
    detail = phases(copy(src, "phases-run.db"))
    for name in ("forget-run.db", "baseline-run.db", "phases-run.db"):
        for f in STORES.glob(name + "*"):
            f.unlink()
    report = {
        "memories": args.n,
        "file_mb": round(size_mb, 1),
        "forget_s": round(figure, 3),
        "clean": clean,
        "baseline_delete_plus_raw_scan_s": round(baseline, 3),
        "ratio": round(figure / baseline, 2) if baseline else None,
        "target_s": 1.0,
        "phases_s": {k: round(v, 3) for k, v in detail.items()},
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"forget one memory on {args.n:,} memories ({size_mb:.0f} MB ledger)")
    print(f"  memaudit forget (plan+apply+purge+verify): {figure:.3f}s  clean={clean}")
    print(f"  baseline: DELETE + raw scan of file/WAL:   {baseline:.3f}s")
    print(
        f"  ratio: {figure / baseline:.1f}x   target: < 1.0s -> {'met' if figure < 1 else 'NOT met'}"
    )
    for k, v in detail.items():
        print(f"    {k:<24} {v:.3f}s")


if __name__ == "__main__":
    main()
