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

The folder is kept beside the store (``benchmarks/_stores/written-<store>-<engine>``,
made once per engine: any change to memaudit's code makes a new one) and copied for
each run that reads it, so every run starts from what the writes left.

Standalone: ``python -m benchmarks.written STORE FOLDER`` records into FOLDER and prints
the seconds it took and how many memories it judged (JSON).
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
    from memaudit.injection.provenance import from_memory
    from memaudit.injection.written import Written
    from memaudit.ledger import Ledger
    from memaudit.ledger.columns import MEMORY_COLUMNS, row_to_memory

    started = time.perf_counter()
    n = 0
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
        finally:
            written.close()
    return {"seconds": time.perf_counter() - started, "memories": n}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m benchmarks.written STORE FOLDER")
    os.environ["MEMAUDIT_CACHE_DIR"] = sys.argv[2]
    done = record(Path(sys.argv[1]))
    Path(sys.argv[2], READY).write_text(json.dumps(done))
    print(json.dumps(done))
