"""Generate synthetic native ledgers for the benchmarks.

    python -m benchmarks.generate --memories 1000000 --out /tmp/bench.db [--seed 42]

The ledger is created with ``Ledger.init`` (so the schema comes from the real
migrations) and then filled through a bulk path: secondary indexes and the FTS insert
trigger are dropped, rows go in with ``executemany`` inside one transaction with the
journal off, then the indexes are recreated from their original SQL, the FTS index is
rebuilt once and the trigger restored. The result is an ordinary WAL-mode ledger that
``Ledger.open`` opens without migrating.

Shape (all deterministic given ``seed`` and ``memories``):

- source types mixed: user statements, tool observations, external documents,
  extractions, summaries, inferences, reflections, assistant messages;
- lineage: about 2 edges per memory; extractions of documents, fan-in summaries that
  merge 3-12 sources and quote them (a summary's text is its sources' texts; a source
  that is itself a summary is named, not quoted), inference on inference, reflections on inferences; chains up to
  depth 20, plus a few deliberately deep nodes with exactly 100 ancestors over depth
  20 (listed in the ``bench_meta`` table and the sidecar JSON as ``deep_nodes``);
- content from word lists and templates, with near-duplicates, exact duplicates and
  contradiction-like pairs ("The project uses poetry" / "The project uses uv"), some
  resolved (superseded / disputed) and some left for the detectors;
- a year of ``created_at``; Zipf-like (Pareto) access counts with recent
  ``last_accessed`` for the hot ones; some ``expires_at`` (past and future), pinned
  rows, statuses mostly active with pending / archived / superseded / expired;
- deterministic 384-dim float32 embeddings for a fraction of memories (memories on
  the same topic get similar vectors), profile entries pointing at memories, and one
  ``stage`` event (plus ``approve`` where it left the queue) per memory.
"""

from __future__ import annotations

import argparse
import collections.abc as cabc
import json
import multiprocessing as mp
import os
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from benchmarks.generate_rows import (
    DEFAULT_SEED,
    GENERATOR_VERSION,
    MAX_DEPTH,
    STORES_DIR,
    GenConfig,
    Generator,
    GenStats,
)
from memaudit.ledger import Ledger, schema
from memaudit.sqlite_driver import sqlite3

# -- writing ---------------------------------------------------------------------

MEMORY_INSERT = (
    "INSERT INTO memories(seq, id, content, summary, tags, source_type, source_ref, confidence, "
    "importance, scope, status, validation, validated_by, validated_at, derived, superseded_by, "
    "contradicted_by, created_at, updated_at, created_by, last_accessed, access_count, "
    "decay_score, expires_at, content_hash, pinned, version) "
    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
ROW_INSERTS: tuple[str, ...] = (  # in Batch field order
    MEMORY_INSERT,
    "INSERT INTO edges(child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
    "INSERT INTO embeddings(memory_id, model, dim, vector) VALUES (?,?,?,?)",
    "INSERT INTO profile(id, subject, trait, value, memory_id, created_at, updated_at) "
    "VALUES (?,?,?,?,?,?,?)",
    "INSERT INTO events(at, actor, action, memory_id, detail) VALUES (?,?,?,?,?)",
)
BULK_TABLES = ("memories", "edges", "events", "embeddings", "profile")
FTS_INSERT_TRIGGER = "memories_ai"


@dataclass(slots=True)
class _Done:
    """The generator's last message: what only it knows."""

    deep_nodes: list[dict[str, Any]]
    stats: GenStats
    depth_histogram: dict[str, int]


# What the writer receives: one tuple of row lists per batch (in ROW_INSERTS order), then
# a _Done.
Source = cabc.Generator[tuple[list[Any], ...] | _Done, None, None]


def _produce(config: GenConfig, out: Any) -> None:
    """Child process: generate every batch and send it (rows as plain tuples)."""
    try:
        gen = Generator(config)
        for batch in gen.batches():
            out.put((batch.memories, batch.edges, batch.embeddings, batch.profile, batch.events))
        hist = {str(d): c for d in range(MAX_DEPTH + 1) if (c := gen.depth.count(bytes([d])))}
        out.put(_Done(gen.deep_nodes, gen.stats, hist))
    except BaseException:
        import traceback

        out.put(RuntimeError("generator failed:\n" + traceback.format_exc()))


def _generate_parallel(config: GenConfig) -> Source:
    """Batches from a child process, so Python generation and SQLite insertion run on
    two cores (this is what keeps 1M memories under two minutes)."""
    ctx = mp.get_context("spawn")
    pipe: Any = ctx.Queue(maxsize=4)
    proc = ctx.Process(target=_produce, args=(config, pipe), name="bench-generate", daemon=True)
    proc.start()
    try:
        while True:
            item = pipe.get()
            if isinstance(item, BaseException):
                raise item
            yield item
            if isinstance(item, _Done):
                break
    finally:
        proc.join(timeout=10)
        if proc.is_alive():
            proc.terminate()


def _generate_inline(config: GenConfig) -> Source:
    gen = Generator(config)
    for batch in gen.batches():
        yield (batch.memories, batch.edges, batch.embeddings, batch.profile, batch.events)
    hist = {str(d): c for d in range(MAX_DEPTH + 1) if (c := gen.depth.count(bytes([d])))}
    yield _Done(gen.deep_nodes, gen.stats, hist)


def _bulk_pragmas(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("PRAGMA cache_size = -1048576")  # 1 GiB
    conn.execute("PRAGMA temp_store = MEMORY")
    conn.execute("PRAGMA threads = 2")  # parallel sorts for CREATE INDEX
    conn.execute("PRAGMA foreign_keys = OFF")


def _restore_pragmas(conn: sqlite3.Connection) -> None:
    """Back to what every ledger has: WAL (persistent in the file), normal locking."""
    conn.execute("PRAGMA locking_mode = NORMAL")
    conn.execute("PRAGMA synchronous = FULL")
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        raise RuntimeError(f"could not restore WAL mode (got {mode!r})")
    conn.execute("PRAGMA foreign_keys = ON")


def _detach_indexes(conn: sqlite3.Connection) -> tuple[list[str], list[str]]:
    """Drop secondary indexes and the FTS insert trigger; return (index SQL, trigger SQL)
    exactly as the migrations created them, to restore after the bulk insert."""
    marks = ",".join("?" * len(BULK_TABLES))
    rows = conn.execute(
        f"SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND "
        f"((type = 'index' AND tbl_name IN ({marks})) OR (type = 'trigger' AND name = ?))",
        (*BULK_TABLES, FTS_INSERT_TRIGGER),
    ).fetchall()
    for kind, name, _sql in rows:
        conn.execute(f'DROP {kind.upper()} "{name}"')
    indexes = [sql for kind, _n, sql in rows if kind == "index"]
    triggers = [sql for kind, _n, sql in rows if kind == "trigger"]
    if len(triggers) != 1:
        raise RuntimeError(f"expected the {FTS_INSERT_TRIGGER} trigger in the schema")
    return indexes, triggers


def build(
    config: GenConfig,
    out: Path,
    *,
    progress: Callable[[str], None] | None = None,
    parallel: bool = True,
) -> dict[str, Any]:
    """Create ``out`` (must not exist) as a synthetic ledger; return its metadata
    (also stored in the ledger's ``bench_meta`` table)."""
    say = progress or (lambda _msg: None)
    started = time.perf_counter()
    cpu_started = _cpu_seconds()
    phases: dict[str, float] = {}
    Ledger.init(out, actor="bench").close()
    conn = sqlite3.connect(str(out), isolation_level=None)
    done: _Done | None = None
    try:
        _bulk_pragmas(conn)
        indexes, triggers = _detach_indexes(conn)
        conn.execute("BEGIN")
        mark = time.perf_counter()
        source = _generate_parallel(config) if parallel else _generate_inline(config)
        written = 0
        inserting = 0.0
        for item in source:
            if isinstance(item, _Done):
                done = item
                break
            tick = time.perf_counter()
            for sql, rows in zip(ROW_INSERTS, item, strict=True):
                conn.executemany(sql, rows)
            inserting += time.perf_counter() - tick
            written += len(item[0])
            say(f"  rows {written:>9,} / {config.memories:,}")
        source.close()  # joins the generator process (its CPU time counts from then on)
        if done is None:
            raise RuntimeError("the generator stopped without finishing")
        phases["rows"] = time.perf_counter() - mark
        phases["rows_inserting"] = inserting
        mark = time.perf_counter()
        for sql in indexes:
            conn.execute(sql)
        phases["indexes"] = time.perf_counter() - mark
        mark = time.perf_counter()
        conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')")
        for sql in triggers:
            conn.execute(sql)
        phases["fts"] = time.perf_counter() - mark
        stats = done.stats
        stats.depth_histogram = done.depth_histogram
        _count(conn, stats)
        stats.phases = {k: round(v, 3) for k, v in phases.items()}
        stats.build_seconds = round(time.perf_counter() - started, 3)
        stats.cpu_seconds = round(_cpu_seconds() - cpu_started, 3)
        meta = meta_dict(config, stats, done.deep_nodes)
        conn.execute("CREATE TABLE bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.executemany(
            "INSERT INTO bench_meta(key, value) VALUES (?, ?)",
            [(k, json.dumps(v, sort_keys=True)) for k, v in meta.items()],
        )
        conn.execute("COMMIT")
        _restore_pragmas(conn)
    finally:
        conn.close()
    return meta


def _cpu_seconds() -> float:
    """CPU time of this process and its finished children (the generator)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _count(conn: sqlite3.Connection, st: GenStats) -> None:
    def one(sql: str) -> int:
        return int(conn.execute(sql).fetchone()[0])

    st.memories = one("SELECT count(*) FROM memories")
    st.edges = one("SELECT count(*) FROM edges")
    st.embeddings = one("SELECT count(*) FROM embeddings")
    st.profile = one("SELECT count(*) FROM profile")
    st.events = one("SELECT count(*) FROM events")
    st.by_status = dict(conn.execute("SELECT status, count(*) FROM memories GROUP BY status"))
    st.by_source_type = dict(
        conn.execute("SELECT source_type, count(*) FROM memories GROUP BY source_type")
    )


def meta_dict(
    config: GenConfig, stats: GenStats, deep_nodes: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "generator": GENERATOR_VERSION,
        "config": asdict(config),
        "deep_nodes": deep_nodes,
        "stats": asdict(stats),
        "built_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "python": sys.version.split()[0],
        "sqlite": sqlite3.sqlite_version,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


# -- the cache ---------------------------------------------------------------------


def store_path(memories: int, seed: int = DEFAULT_SEED, root: Path = STORES_DIR) -> Path:
    return root / f"ledger-g{GENERATOR_VERSION}-n{memories}-s{seed}.db"


def ensure_store(
    memories: int,
    seed: int = DEFAULT_SEED,
    *,
    rebuild: bool = False,
    root: Path = STORES_DIR,
    progress: Callable[[str], None] | None = None,
) -> tuple[Path, dict[str, Any], bool]:
    """The cached ledger for (memories, seed), generated if missing or ``rebuild``.

    Returns (path, metadata, whether it was built now). Built under a temporary name
    and renamed, so an interrupted build never leaves a half-written cached store.
    """
    path = store_path(memories, seed, root)
    sidecar = sidecar_path(path)
    if path.exists() and sidecar.exists() and not rebuild:
        behind = pending_migrations(path)
        if not behind:
            return path, json.loads(sidecar.read_text()), False
        # Built by an older memaudit: read-only opens refuse it, and a scratch copy
        # would migrate inside the timings. Build it again with today's schema.
        if progress:
            progress(f"cached store predates {', '.join(behind)}: building it again")
    root.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".partial")
    remove_store(tmp, sidecar=False)
    meta = build(GenConfig(memories, seed), tmp, progress=progress)
    remove_store(path)
    os.replace(tmp, path)
    sidecar.write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return path, meta, True


def pending_migrations(path: Path) -> list[str]:
    """The ledger migrations a store has not had (its schema is older than the code's)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [m.name for m in schema.migrations.pending(Database(conn, execute_plugins=False))]
    finally:
        conn.close()


def sidecar_path(store: Path) -> Path:
    """Where a store's metadata JSON lives: ``ledger.db`` → ``ledger.json``."""
    return store.with_suffix(".json")


def remove_store(path: Path, *, sidecar: bool = True) -> None:
    """Delete a ledger file with its WAL/SHM files (and its sidecar JSON)."""
    for p in (path, *(Path(f"{path}{s}") for s in ("-wal", "-shm", "-journal"))):
        p.unlink(missing_ok=True)
    if sidecar:
        sidecar_path(path).unlink(missing_ok=True)


def parse_size(text: str) -> int:
    """``10000``, ``10k``, ``1m``, ``1_000_000`` → an int."""
    t = text.strip().lower().replace("_", "").replace(",", "")
    mult = 1
    if t.endswith("k"):
        t, mult = t[:-1], 1_000
    elif t.endswith("m"):
        t, mult = t[:-1], 1_000_000
    try:
        value = int(float(t) * mult)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 10000, 100k, 1m)") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("size must be positive")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.generate",
        description="Generate a synthetic memaudit ledger for the benchmarks.",
    )
    parser.add_argument(
        "--memories", "-n", type=parse_size, required=True, help="how many: 10000, 100k, 1m"
    )
    parser.add_argument(
        "--out", type=Path, help="ledger file to create (default: the benchmark cache)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    parser.add_argument("--quiet", "-q", action="store_true")
    args = parser.parse_args(argv)

    def say(msg: str) -> None:
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)

    if args.out is None:
        path, meta, _built = ensure_store(
            args.memories, args.seed, rebuild=args.force, progress=say
        )
    else:
        path = args.out
        if path.exists():
            if not args.force:
                parser.error(f"{path} exists (use --force to replace it)")
            remove_store(path)
        meta = build(GenConfig(args.memories, args.seed), path, progress=say)
        sidecar_path(path).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    st = meta["stats"]
    summary = {k: st[k] for k in ("memories", "edges", "embeddings", "profile", "events")}
    summary |= {
        "store": str(path),
        "deep_nodes": len(meta["deep_nodes"]),
        "build_seconds": st["build_seconds"],
        "cpu_seconds": st["cpu_seconds"],
        "phases": st["phases"],
    }
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
