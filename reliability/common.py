"""Shared pieces: running the real CLI in a subprocess, and fingerprinting a ledger's state."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from memaudit.sqlite_driver import sqlite3

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_dbs"
HERMES_HOME = ROOT / "tests" / "fixtures" / "providers" / "hermes" / "before" / "hermes_home"
NOW = "2026-11-30T12:00:00Z"
ACTOR = "reliability"
# What "a traceback reached the user" looks like.
TRACEBACK_MARKERS = ("Traceback (most recent call last)", "internal error:")


def cli_env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMAUDIT_")}
    env.update(
        MEMAUDIT_HOME=str(home),
        MEMAUDIT_ACTOR=ACTOR,
        MEMAUDIT_NOW=NOW,
        COLUMNS="120",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


def cli_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "memaudit", *args]


@dataclass(slots=True)
class Ran:
    code: int
    stdout: str
    stderr: str

    @property
    def traceback(self) -> bool:
        return any(m in self.stderr or m in self.stdout for m in TRACEBACK_MARKERS)


def run_cli(
    args: list[str], env: dict[str, str], *, stdin: bytes | None = None, timeout: float = 120
) -> Ran:
    proc = subprocess.run(
        cli_argv(*args), env=env, input=stdin, capture_output=True, timeout=timeout, cwd=ROOT
    )
    return Ran(
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


def copy_store(src: Path, dst: Path) -> Path:
    """Copy a ledger with its WAL (if any) — a store as a user would have it."""
    shutil.copyfile(src, dst)
    for suffix in ("-wal",):
        side = src.with_name(src.name + suffix)
        if side.exists() and side.stat().st_size:
            shutil.copyfile(side, dst.with_name(dst.name + suffix))
    return dst


# Columns that differ between two runs of the same command by design (random salts).
_SKIP = {"tombstones": {"salt", "fingerprints"}}
_TABLES = (
    "memories",
    "edges",
    "events",
    "embeddings",
    "tombstones",
    "profile",
    "policy",
    "conflict_pairs",
)


@dataclass(slots=True)
class LedgerCheck:
    """What one look at a ledger found: is it sound, and which state is it in."""

    integrity: str
    fts_ok: bool
    orphans: list[str]
    digest: str

    @property
    def sound(self) -> bool:
        return self.integrity == "ok" and self.fts_ok and not self.orphans


def check_ledger(path: Path) -> LedgerCheck:
    """Open the ledger as the next memaudit run would (WAL recovery included) and look.

    The digest covers every row of every table (events included) and every FTS term
    instance (term, memory, column, offset), so "same digest" means same rows, same log
    and same index.
    """
    conn = sqlite3.connect(str(path), timeout=30)
    conn.isolation_level = None
    try:
        integrity = "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
        try:
            conn.execute(
                "INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)"
            )
            fts_ok = True
        except sqlite3.DatabaseError:
            fts_ok = False
        orphans = []
        for label, sql in (
            (
                "embedding without memory",
                "SELECT memory_id FROM embeddings WHERE memory_id NOT IN (SELECT id FROM memories)",
            ),
            (
                "edge without child",
                "SELECT child_id FROM edges WHERE child_id NOT IN (SELECT id FROM memories)",
            ),
            (
                "profile without memory",
                "SELECT id FROM profile WHERE memory_id IS NOT NULL AND memory_id NOT IN (SELECT id FROM memories)",
            ),
            (
                "forgotten row still present",
                "SELECT memory_id FROM tombstones WHERE memory_id IN (SELECT id FROM memories)",
            ),
            (
                "fts row without memory",
                "SELECT rowid FROM memories_fts_docsize WHERE id NOT IN (SELECT seq FROM memories)",
            ),
            (
                "memory without fts row",
                "SELECT seq FROM memories WHERE seq NOT IN (SELECT id FROM memories_fts_docsize)",
            ),
        ):
            orphans += [f"{label}: {r[0]}" for r in conn.execute(sql)]
        h = hashlib.blake2b(digest_size=16)
        for table in _TABLES:
            cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
            keep = [c for c in cols if c not in _SKIP.get(table, set())]
            for row in conn.execute(f"SELECT {', '.join(keep)} FROM {table} ORDER BY 1, 2"):
                h.update(repr((table, row)).encode())
        conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms "
            "USING fts5vocab(main, memories_fts, 'instance')"
        )
        for row in conn.execute(
            "SELECT term, m.id, col, offset FROM temp.fts_terms JOIN memories m ON m.seq = doc "
            "ORDER BY 1, 2, 3, 4"
        ):
            h.update(repr(("fts", row)).encode())
        n_terms = conn.execute("SELECT count(*) FROM temp.fts_terms").fetchone()[0]
        joined = conn.execute(
            "SELECT count(*) FROM temp.fts_terms JOIN memories m ON m.seq = doc"
        ).fetchone()[0]
        if n_terms != joined:
            orphans.append(f"{n_terms - joined} FTS term(s) of rows that are gone")
        return LedgerCheck(integrity, fts_ok, orphans, h.hexdigest())
    finally:
        conn.close()
