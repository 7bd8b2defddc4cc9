"""The distinct texts of a small generated ledger (benchmarks/generate.py): the shapes a
real store's texts have (summaries quoting sources), for tests that check a fast path
against its definition over many texts."""

from __future__ import annotations

from pathlib import Path


def generated_texts(folder: Path, n: int = 3000, seed: int = 7) -> list[str]:
    from benchmarks.generate import GenConfig, build
    from memaudit.sqlite_driver import sqlite3

    path = folder / "gen.db"
    build(GenConfig(n, seed=seed), path)
    conn = sqlite3.connect(path)
    try:
        return [r[0] for r in conn.execute("SELECT DISTINCT content FROM memories")]
    finally:
        conn.close()
