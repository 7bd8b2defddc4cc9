"""Hostile and broken input, fuzzed with Hypothesis at CI size.

Each surface must answer every input with a documented exit code, no traceback, no
raw control characters on the terminal, in bounded time — and leave the store
byte-identical when it refused. `python -m reliability.run --only fuzz` tries 10,000.
"""

from __future__ import annotations

import pytest

from reliability import fuzz

SURFACES = {
    "cli-args": (fuzz.fuzz_cli_args, 60),
    "jsonl": (fuzz.fuzz_jsonl, 40),
    "store-files": (fuzz.fuzz_store_files, 60),
    "foreign-content": (fuzz.fuzz_foreign_content, 10),
    "qdrant": (fuzz.fuzz_qdrant, 15),
}


@pytest.mark.parametrize("name", sorted(SURFACES))
def test_surface_survives_hostile_input(name):
    fn, n = SURFACES[name]
    res = fn(n, 11)
    assert res.failures == []
    assert res.tried >= n


def test_forget_plans_a_megabyte_memory(ledger, cli):
    """Found by the fuzzer: the quote pre-filter used a megabyte-long LIKE pattern,
    which SQLite refuses ("LIKE or GLOB pattern too complex")."""
    from memaudit import review
    from memaudit.model import SourceType

    ledger.conn.execute("UPDATE policy SET value = '2000000' WHERE key = 'max_content_chars'")
    review.stage(ledger, review.Candidate("M" * 1_000_000, SourceType.TOOL_OBSERVATION, id="big"))
    r = cli("forget", "big", "--dry-run", "--json", db=ledger.path)
    assert r.exit_code == 0, r.stderr
    r = cli("forget", "big", "--yes", "--json", db=ledger.path)
    assert r.exit_code == 0, r.stderr


def test_damaged_ledger_text_is_one_clear_line(sample, cli):
    """Found by the fuzzer: a flipped byte left text that is not UTF-8 in the event log,
    and `log` died with an internal error; blobs in text columns crashed `ls`."""
    import sqlite3 as stdlib_sqlite3

    db = sample("zebra")
    conn = stdlib_sqlite3.connect(db)
    conn.execute(
        "INSERT INTO events(at, actor, action, detail) "
        "VALUES ('2026-11-30T12:00:00Z', 'x', 'note', CAST(X'7B2261223A22FF227D' AS TEXT))"
    )
    conn.execute("UPDATE memories SET created_at = X'FF', confidence = 'high'")
    conn.commit()
    conn.close()
    r = cli("log", db=db)
    assert r.exit_code == 1 and "cannot read the store" in r.stderr
    assert "internal error" not in r.stderr
    r = cli("ls", db=db)
    assert r.exit_code in (0, 1) and "internal error" not in r.stderr


def test_foreign_rows_with_blobs_and_missing_columns(tmp_path, cli):
    """Found by the fuzzer: a blob where mem0's history has text, and a Basic Memory
    index without an expected column."""
    import shutil
    import sqlite3 as stdlib_sqlite3

    from tests.adapters.conftest import PROVIDERS

    mem0 = tmp_path / "mem0"
    shutil.copytree(PROVIDERS / "mem0" / "before", mem0)
    conn = stdlib_sqlite3.connect(mem0 / "history.db")
    conn.execute("UPDATE history SET actor_id = ?", (b"\x80\x81",))
    conn.commit()
    conn.close()
    assert cli("log", db=mem0).exit_code == 0
    bm = tmp_path / "bm"
    shutil.copytree(PROVIDERS / "basic_memory" / "before", bm)
    conn = stdlib_sqlite3.connect(bm / "config" / "memory.db")
    conn.execute("ALTER TABLE observation DROP COLUMN content")
    conn.commit()
    conn.close()
    r = cli("stats", db=bm)
    assert r.exit_code == 1 and "has no column content" in r.stderr
