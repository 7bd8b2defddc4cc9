"""Decay and conflicts at scale, side by side on the same generated store.

    python -m benchmarks.run --only decay            (sizes 100k and 1m)
    python -m benchmarks.bench_decay --store 1m.db --conflicts-store 100k.db
    python -m benchmarks.bench_decay --store 1m.db --lifecycle-only

Works on a *copy* of each store (the originals are never changed). On the 1M store,
in one run, in this order (every timing includes its commit):

0. migration    — opening the copy adds m004's index (one-off, before anything else);
1. first pass   — `decay` on a store memaudit never decayed: archives/expires all that
                  the generator left overdue (a one-off: adopting a store);
2. daily pass   — `decay` one day later: the cron case (only status changes written);
3. rerun        — the same `now` again: nothing to write;
4. bare UPDATE  — `UPDATE memories SET decay_score = 0.5` on every row (baseline);
5. article loop — the second article's way: read each active row, compute in Python,
                  one UPDATE per row (plus status and an event when archived).

Targets: daily pass <= bare UPDATE; the article loop >= 8x the daily pass.

Then the same on the second article's own schema (adapter ``lifecycle``, every active
row's score stored, as that article does), built from the 1M store's rows into an
``agent_memory.db`` of the article's CREATE TABLE statements, timed in this order:
bare UPDATE, first pass (the stored scores are all stale: every active row rescored,
the overdue ones archived with the article's events), daily pass, bare UPDATE again
(the baseline is the mean of the two bare runs). Target: first pass <= 1.5x bare.
Informational, last: a bare UPDATE with the page cache a decay run gives itself.

Then `conflicts.find` over the active memories of the 100k store (target < 30 s).
"""

from __future__ import annotations

import argparse
import math
import shutil
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from benchmarks.registry import Context, Figure, benchmark
from memaudit import conflicts, decay, decay_rows
from memaudit.adapters.lifecycle import ARTICLE_EVENTS, ARTICLE_MEMORIES
from memaudit.clock import fixed_clock, parse_time
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, Status

DEFAULT_NOW = "2026-01-01T00:00:00Z"  # benchmarks.generate's default clock


def _copy(src: Path, folder: Path) -> Path:
    dst = folder / src.name
    shutil.copyfile(src, dst)
    for suffix in ("-wal", "-shm"):
        extra = src.with_name(src.name + suffix)
        if extra.exists():
            shutil.copyfile(extra, dst.with_name(dst.name + suffix))
    return dst


def _timed(label: str, fn) -> float:
    """Wall seconds of ``fn()``; the CPU seconds are printed beside them (on a loaded
    machine the wall clock also counts other processes' turns)."""
    start, cpu = time.perf_counter(), time.process_time()
    detail = fn()
    took = time.perf_counter() - start
    cpu = time.process_time() - cpu
    print(f"  {label:<14} {took:8.2f} s  (cpu {cpu:5.2f} s)   {detail or ''}", flush=True)
    return took


def article_loop(led: Ledger, now: datetime, params: decay.DecayParams) -> str:
    """The article's run, transcribed: per-row read, compute, UPDATE (one transaction)."""
    conn = led.conn
    archived = 0
    conn.execute("BEGIN IMMEDIATE")
    rows = conn.execute(
        "SELECT id, last_accessed, created_at, access_count FROM memories WHERE status = 'active'"
    ).fetchall()
    for mid, last, created, count in rows:
        ref = datetime.fromisoformat((last or created).replace("Z", "+00:00"))
        days_idle = (now - ref).days
        score = math.exp(-0.693 * days_idle / params.half_life_days)
        score = min(1.0, score + min(params.access_bonus_cap, count * params.access_bonus))
        if score < params.threshold:
            conn.execute(
                "UPDATE memories SET status = 'archived', decay_score = 0.0 WHERE id = ?", (mid,)
            )
            conn.execute(
                "INSERT INTO events(at, actor, action, memory_id, reason, detail) "
                "VALUES (?, 'bench', 'archive', ?, 'decay below threshold', '{}')",
                (now.isoformat(), mid),
            )
            archived += 1
        else:
            conn.execute("UPDATE memories SET decay_score = ? WHERE id = ?", (score, mid))
    conn.execute("COMMIT")
    return f"{len(rows):,} rows read, {len(rows):,} UPDATEs, {archived:,} archived"


def bench_decay(store: Path, now_text: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory(dir=store.parent) as tmp:
        return _decay_on_copy(_copy(store, Path(tmp)), now_text)


def _decay_on_copy(path: Path, now_text: str) -> dict[str, float]:
    now = parse_time(now_text)
    start = time.perf_counter()
    with Ledger.open(path, readonly=False, clock=fixed_clock(now), actor="bench") as led:
        migrated = time.perf_counter() - start
        print(f"  {'open+migrate':<14} {migrated:8.2f} s   (one-off: m004 index)", flush=True)
        params = decay.DecayParams.from_policy(led.policy())
        n = led.count()
        print(f"decay on {n:,} memories ({path.name}), now {now_text}", flush=True)
        table = decay.native_table(led)

        def run(at: datetime):
            led.clock = fixed_clock(at)
            r = decay.apply(table, params, at)
            return (
                f"{r.considered:,} considered, {r.checked:,} candidates checked, "
                f"{r.count('archived'):,} archived, {r.count('expired'):,} expired, "
                f"{r.rescored:,} rescored"
            )

        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        t = {"migrate": migrated, "first": _timed("first pass", lambda: run(now))}
        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        day = now + timedelta(days=1)
        t["daily"] = _timed("daily pass", lambda: run(day))
        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        t["rerun"] = _timed("rerun", lambda: run(day))
        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

        def bare() -> str:
            with led.transaction():
                cur = led.conn.execute("UPDATE memories SET decay_score = 0.5")
            return f"{cur.rowcount:,} rows"

        t["bare"] = _timed("bare UPDATE", bare)
        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        # The article's loop starts from the same statuses the daily pass saw.
        t["article"] = _timed(
            "article loop", lambda: article_loop(led, day + timedelta(days=1), params)
        )
    print(
        f"  daily pass / bare UPDATE = {t['daily'] / t['bare']:.2f}  (target <= 1)\n"
        f"  first pass / bare UPDATE = {t['first'] / t['bare']:.2f}  (one-off: adopts a store)\n"
        f"  article loop / daily pass = {t['article'] / t['daily']:.1f}x  (target >= 8)\n"
        f"  article loop / first pass = {t['article'] / t['first']:.1f}x",
        flush=True,
    )
    return t


# -- the second article's own schema (adapter lifecycle) ------------------------------


def article_store(native: Path, out: Path) -> int:
    """An ``agent_memory.db`` with the article's schema holding the generated ledger's
    memories (its statuses; pending ones as active; naive timestamps, as the article's
    ``datetime.now().isoformat()`` writes them). Returns the row count."""
    import sqlite3

    conn = sqlite3.connect(out)
    try:
        conn.execute(ARTICLE_MEMORIES)
        conn.execute(ARTICLE_EVENTS)
        conn.execute("ATTACH DATABASE ? AS src", (f"file:{native}?mode=ro",))
        conn.execute(
            "INSERT INTO memories(content, summary, tags, importance, confidence, access_count,"
            " status, created_at, last_accessed, expires_at)"
            " SELECT content, substr(content, 1, 120), '[]', coalesce(importance, 5.0),"
            " coalesce(confidence, 1.0), access_count,"
            " CASE WHEN status IN ('active', 'archived', 'superseded', 'expired') THEN status"
            " WHEN status = 'pending' THEN 'active' ELSE 'archived' END,"
            " rtrim(created_at, 'Z'), rtrim(last_accessed, 'Z'), rtrim(expires_at, 'Z')"
            " FROM src.memories ORDER BY seq"
        )
        conn.commit()
        return int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])
    finally:
        conn.close()


def bench_lifecycle(native: Path, now_text: str) -> dict[str, float]:
    """Decay through the lifecycle adapter on the article's schema, beside bare UPDATEs."""
    import os

    from memaudit.adapters.lifecycle import LifecycleAdapter

    now = parse_time(now_text)
    with tempfile.TemporaryDirectory(dir=native.parent) as tmp:
        home = os.environ.get("MEMAUDIT_HOME")
        os.environ["MEMAUDIT_HOME"] = str(Path(tmp) / "home")  # the run's sidecar
        try:
            path = Path(tmp) / "agent_memory.db"
            _timed("build", lambda: f"{article_store(native, path):,} rows")
            store = LifecycleAdapter.open(str(path), writable=True, actor="bench")
            try:
                table = store.lifecycle_table()
                params = decay.DecayParams.from_policy(store.policy())

                def bare(value: float = 0.5) -> str:
                    with store.transaction():
                        cur = store.conn.execute("UPDATE memories SET decay_score = ?", (value,))
                    return f"{cur.rowcount:,} rows"

                def bare_run_cache() -> str:
                    # Informational: the bare UPDATE with the page cache a decay run
                    # gives itself (decay_rows.RUN_CACHE_KIB); another value than the
                    # last bare UPDATE's, so that every row is written again.
                    with decay_rows._run_cache(store.conn):
                        return bare(0.25)

                def run(at: datetime) -> str:
                    # As `memaudit decay` runs it: counts, and the first 50 changes it
                    # prints (--json holds all; reading 440k rows adds ~0.3 s at 1M).
                    r = decay.apply(table, params, at, keep=50)
                    return (
                        f"{r.considered:,} considered, {r.rescored:,} rescored, "
                        f"{r.count('archived'):,} archived, {r.count('expired'):,} expired"
                    )

                t = {"bare1": _timed("bare UPDATE", bare)}
                t["first"] = _timed("first pass", lambda: run(now))
                t["daily"] = _timed("daily pass", lambda: run(now + timedelta(days=1)))
                t["bare2"] = _timed("bare UPDATE", bare)
                t["bare_cache"] = _timed("bare, 64 MB", bare_run_cache)
            finally:
                store.close()
        finally:
            if home is None:
                os.environ.pop("MEMAUDIT_HOME", None)
            else:
                os.environ["MEMAUDIT_HOME"] = home
    t["bare"] = (t["bare1"] + t["bare2"]) / 2
    print(
        f"  lifecycle first pass / bare UPDATE = {t['first'] / t['bare']:.2f}  (target <= 1.5)\n"
        f"  lifecycle daily pass / bare UPDATE = {t['daily'] / t['bare']:.2f}\n"
        f"  lifecycle first pass / bare UPDATE with the run's cache = "
        f"{t['first'] / t['bare_cache']:.2f}  (informational)",
        flush=True,
    )
    return t


# -- the registry (python -m benchmarks.run --only decay) ---------------------------


@benchmark(
    "decay",
    sizes=("100k", "200k", "1m"),
    description="decay daily pass vs bare UPDATE and the article's loop (1m); conflicts (100k, 200k)",
)
def decay_benchmark(ctx: Context) -> list[Figure]:
    if ctx.size_label != "1m":
        with ctx.scratch() as copy:  # opening may migrate: never the cached store
            took = bench_conflicts(copy)
        return [Figure("conflicts (load + find, active)", took, target=30.0)]
    now_text = str(ctx.meta.get("config", {}).get("now") or DEFAULT_NOW)
    with ctx.scratch() as copy:
        t = _decay_on_copy(copy, now_text)
    lc = bench_lifecycle(ctx.store, now_text)
    speedup = t["article"] / t["daily"]
    return [
        Figure(
            "lifecycle schema: first pass vs bare UPDATE",
            lc["first"],
            baseline=lc["bare"],
            max_ratio=1.5,
            note="adapter lifecycle, every active row rescored (+ the article's events for "
            "the archived); baseline: mean of a bare UPDATE before and after",
        ),
        Figure(
            "lifecycle schema: first pass vs bare UPDATE with the run's cache",
            lc["first"],
            baseline=lc["bare_cache"],
            note="informational: a third bare UPDATE with decay's 64 MB page cache "
            "(decay_rows.RUN_CACHE_KIB); what the first pass's computing costs",
        ),
        Figure(
            "lifecycle schema: daily pass vs bare UPDATE",
            lc["daily"],
            baseline=lc["bare"],
            note="one day later: the scores that moved on the 0.05 grid",
        ),
        Figure("m004 index build (one-off)", t["migrate"], note="open + migrate the copy"),
        Figure("first pass (adoption) vs bare UPDATE", t["first"], baseline=t["bare"]),
        Figure("daily pass vs bare UPDATE", t["daily"], baseline=t["bare"], max_ratio=1.0),
        Figure("rerun same now vs bare UPDATE", t["rerun"], baseline=t["bare"]),
        Figure(
            "daily pass vs article loop",
            t["daily"],
            baseline=t["article"],
            max_ratio=1 / 8,
            note=f"article loop / daily pass = {speedup:.1f}x (target >= 8x)",
        ),
    ]


def bench_conflicts(store: Path) -> float:
    with Ledger.open(store) as led:
        start = time.perf_counter()
        active = led.query(MemoryFilter(statuses=[Status.ACTIVE]))
        found = conflicts.find(active)
        took = time.perf_counter() - start
    print(
        f"conflicts on {len(active):,} active memories ({store.name}): {took:.2f} s "
        f"(load + find), {len(found):,} candidates  (target < 30 s)",
        flush=True,
    )
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_decay")
    parser.add_argument("--store", type=Path, required=True, help="a generated 1M ledger")
    parser.add_argument("--conflicts-store", type=Path, help="a generated 100k ledger")
    parser.add_argument("--now", default=DEFAULT_NOW)
    parser.add_argument(
        "--lifecycle-only",
        action="store_true",
        help="only the second article's schema: bare UPDATE, first pass, daily pass, bare "
        "UPDATE (e.g. --store benchmarks/_stores/ledger-g3-n1000000-s42.db --lifecycle-only)",
    )
    args = parser.parse_args(argv)
    if args.lifecycle_only:
        bench_lifecycle(args.store, args.now)
        return 0
    bench_decay(args.store, args.now)
    if args.conflicts_store:
        # A copy: opening migrates an older ledger, and the original stays as it was.
        with tempfile.TemporaryDirectory(dir=args.conflicts_store.parent) as tmp:
            bench_conflicts(_copy(args.conflicts_store, Path(tmp)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
