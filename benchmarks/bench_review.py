"""`memaudit review` on a 100k-item queue, driven headless through ``run_test``.

A private copy of the 1M store gets 100k pending items (the newest memories are put
back in the queue; the rest stay active, so the duplicate and conflict lookups search
a realistic store). Figures:

- *first paint*: from starting the app to the first page of the queue on screen.
  Baseline: what a UI that is not lazy would have to do first — read the whole queue
  (``store.memories`` without a limit).
- *approve keystroke*: from pressing ``a`` to the approval committed in the ledger and
  its result handled on the UI thread (the row leaves the list at once; median of 20). Baseline: the bare write-gate call
  (``review.approve``) without any UI, so the ratio is the UI's own overhead.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

from benchmarks.registry import Context, Figure, benchmark, measure
from memaudit import review
from memaudit.adapters import open_store
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, Status

QUEUE = 100_000
KEYSTROKES = 20
FIRST_PAINT_TARGET = 1.0
KEYSTROKE_TARGET = 0.05


def _make_queue(path: Path) -> int:
    with Ledger.open(path, readonly=False) as led, led.transaction() as conn:
        have = conn.execute("SELECT count(*) FROM memories WHERE status='pending'").fetchone()[0]
        need = max(0, QUEUE - have)
        conn.execute(
            "UPDATE memories SET status='pending' WHERE seq IN (SELECT seq FROM memories "
            "WHERE status='active' ORDER BY seq DESC LIMIT ?)",
            (need,),
        )
        return int(
            conn.execute("SELECT count(*) FROM memories WHERE status='pending'").fetchone()[0]
        )


async def _drive(path: Path) -> tuple[float, list[float]]:
    from memaudit.tui import make_app

    store = open_store(str(path), writable=True, actor="bench")
    app = make_app(store, actor="bench", refresh_interval=None)
    start = time.perf_counter()
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        while not getattr(screen, "items", None):
            await asyncio.sleep(0.001)
            screen = app.screen
        await pilot.pause()  # the frame with the rows
        first = time.perf_counter() - start
        await pilot.pause(0.5)
        keys = []
        for n in range(KEYSTROKES):
            target = screen.selected_id()
            t0 = time.perf_counter()
            await pilot.press("a")
            while screen.acted_at < t0:
                await asyncio.sleep(0.0005)
            # Key handled, approval committed, and its result back on the UI thread.
            keys.append(screen.acted_at - t0)
            assert target not in screen.index and len(app.session.history) == n + 1
            await pilot.pause(0.2)  # a reviewer reads before the next key
    store.close()
    return first, keys


@benchmark(
    "review",
    sizes=("1m",),
    description="review UI, 100k pending: first paint and approve keystroke (headless run_test)",
)
def review_ui(ctx: Context) -> list[Figure]:
    with ctx.scratch() as path:
        pending = _make_queue(path)
        first, keys = asyncio.run(_drive(path))
        with Ledger.open(path) as led:
            whole = measure(
                lambda: len(led.query(MemoryFilter(statuses=[Status.PENDING], oldest_first=True))),
                repeat=3,
            )
        with Ledger.open(path, readonly=False, actor="bench") as led:
            ids = [m.id for m in led.query(MemoryFilter(statuses=[Status.PENDING], limit=40))]
            it = iter(ids)
            bare = measure(lambda: review.approve(led, next(it)), repeat=15, warmup=1)
    note = f"{pending} pending"
    return [
        Figure(
            "first paint",
            first,
            baseline=whole.median,
            target=FIRST_PAINT_TARGET,
            note=note + "; baseline reads the whole queue",
        ),
        Figure(
            "approve keystroke",
            statistics.median(keys),
            baseline=bare.median,
            target=KEYSTROKE_TARGET,
            note=f"median of {len(keys)}, worst {max(keys) * 1000:.1f} ms; "
            "baseline: bare review.approve",
        ),
    ]


def main() -> None:
    """Standalone: python -m benchmarks.bench_review (uses the cached 1M store)."""
    from benchmarks.run import main as run_main

    run_main(["--only", "review"])


if __name__ == "__main__":
    main()
