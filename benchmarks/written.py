"""A cache folder as memaudit's write path would have left it for a generated store: the
store "written through memaudit" (``memaudit stage`` / the MCP server), against the same
store written elsewhere (the generator writes its rows directly: every text judged by
the first audit or listing).

The generator's stores are shared and not written again; what the write path records
for each memory is a function of the memory alone (its text's judgement, its verdict as
the review listing reads it), so it is recorded afterwards, memory by memory in the
order the generator wrote them, by the function the write path calls for each memory it
writes (``injection.written.Written.assess``, as ``review._check_injection`` calls it:
never a shortcut only the benchmark takes). One ``Written`` for the whole store, as for
one batch.

The write path also keeps the review listing's comparisons of the pending items it
writes (``queue_compare.keep_written``, after its transaction). Those are a function of
the item and of the active memories the comparison reads when it is made: they are
recorded here, by that function, for every pending item at once against the store as
it is, that is, for a queue staged after its active memories last changed (the best
case: an item whose neighbours, copies or disputes changed after it was written gets
another key from the listing, which compares it again).

The folder is kept beside the store (``benchmarks/_stores/written-<store>-<engine>``,
made once per engine: any change to memaudit's code makes a new one) and copied for
each run that reads it, so every run starts from what the writes left.

Standalone: ``python -m benchmarks.written STORE FOLDER`` records into FOLDER and prints
the seconds it took, how many memories it judged and how many pending items it
compared (JSON).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

READY = "recorded.json"  # written last: a folder without it is made again


def folder_for(store: Path) -> Path:
    """The folder of write-time judgements of ``store`` for this memaudit, made if need
    be (in a child process: the cache folder is chosen by ``MEMAUDIT_CACHE_DIR``)."""
    from memaudit.injection.judgements import engine

    where = store.parent / f"written-{store.stem}-{engine()[:12]}"
    if (where / READY).exists():
        return where
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    subprocess.run(
        [sys.executable, "-m", "benchmarks.written", str(store.resolve()), str(where)],
        check=True,
        env={**os.environ, "MEMAUDIT_CACHE_DIR": str(where)},
    )
    return where


def copy_of(folder: Path, into: Path) -> Path:
    """A copy of a prepared folder (a run may write into its copy, never into it)."""
    shutil.copytree(folder, into)
    (into / READY).unlink(missing_ok=True)
    return into


def record(store: Path) -> dict[str, float | int]:
    """Every memory of ``store`` through the write path's recorder, in the cache folder
    ``MEMAUDIT_CACHE_DIR`` names."""
    from memaudit.adapters.native import NativeStore
    from memaudit.injection.provenance import from_memory
    from memaudit.injection.written import Written
    from memaudit.ledger import Ledger
    from memaudit.ledger.columns import MEMORY_COLUMNS, row_to_memory
    from memaudit.model import Status
    from memaudit.queue_compare import keep_written

    started = time.perf_counter()
    n = 0
    waiting = []
    with Ledger.open(store, readonly=True) as ledger:
        written = Written.open(ledger.policy())
        if written.why_not:
            raise SystemExit(f"cannot record: {written.why_not}")
        try:
            rows = ledger.conn.execute(f"SELECT {MEMORY_COLUMNS} FROM memories ORDER BY rowid")
            for row in rows:
                memory = row_to_memory(row)
                # (the provenance the memory states: what is kept does not depend on it)
                written.assess(memory, from_memory(memory))
                n += 1
                if memory.status is Status.PENDING:
                    waiting.append(memory)
        finally:
            written.close()
        judged = time.perf_counter() - started
        # The comparisons, as the write path keeps them after its transaction: against
        # the active memories as the store holds them now (a queue staged after they
        # last changed; an item whose neighbours changed since would be compared by
        # the listing again).
        why = keep_written(NativeStore(ledger), waiting, ledger.policy())
        if why:
            raise SystemExit(f"cannot record the comparisons: {why}")
    return {
        "seconds": time.perf_counter() - started,
        "judging_seconds": judged,
        "memories": n,
        "compared": len(waiting),
    }


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m benchmarks.written STORE FOLDER")
    os.environ["MEMAUDIT_CACHE_DIR"] = sys.argv[2]
    done = record(Path(sys.argv[1]))
    Path(sys.argv[2], READY).write_text(json.dumps(done))
    print(json.dumps(done))
