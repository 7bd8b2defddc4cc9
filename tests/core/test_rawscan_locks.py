"""Reading a ledger's bytes must not drop SQLite's own locks on it.

POSIX advisory locks belong to the process, and closing any descriptor on a file drops
all of them. A WAL-mode connection keeps a SHARED lock on the main file; if the raw
scan opened and closed the file under it, another process could take the file in
``locking_mode=EXCLUSIVE`` and write beside us (a lost row and a corrupt index).
"""

from __future__ import annotations

import subprocess
import sys

from memaudit import forget, review
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Needle

TAKE_EXCLUSIVE = """
import sys
from memaudit.sqlite_driver import sqlite3
conn = sqlite3.connect(sys.argv[1], timeout=0.2, isolation_level=None)
try:
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("INSERT INTO policy(key, value) VALUES ('other_process', '1')")
    print("wrote")
except sqlite3.OperationalError as exc:
    print(exc)
"""


def other_process_takes_the_file(path: object) -> str:
    done = subprocess.run(
        [sys.executable, "-c", TAKE_EXCLUSIVE, str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_raw_scan_keeps_the_ledgers_lock(ledger: Ledger) -> None:
    ledger.conn.execute("SELECT count(*) FROM memories").fetchone()
    assert other_process_takes_the_file(ledger.path) == "database is locked"

    needle = Needle(content="a sentence that nobody ever wrote into this ledger")
    reports = forget.verify_layers(forget.native_layers(ledger), needle)
    assert [r.layer for r in reports if r.kind == "raw-bytes"] == ["file", "wal", "journal"]
    assert all(r.clean for r in reports)

    ledger.conn.execute("SELECT count(*) FROM memories").fetchone()
    assert other_process_takes_the_file(ledger.path) == "database is locked"
    with ledger.transaction():
        ledger.conn.execute("INSERT INTO policy(key, value) VALUES ('ours', '1')")
    ledger.close()
    check = sqlite3.connect(ledger.path)
    try:
        assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        keys = {k for (k,) in check.execute("SELECT key FROM policy")}
        assert "ours" in keys and "other_process" not in keys
    finally:
        check.close()


def test_verify_tombstones_keeps_the_ledgers_lock(ledger: Ledger) -> None:
    forget.verify_tombstones(ledger)  # nothing forgotten yet: nothing read
    staged = review.stage(
        ledger,
        review.Candidate(
            content="The staging host is called rook.", source_type=SourceType.USER_STATEMENT
        ),
    )
    if staged.status is not Status.ACTIVE:
        review.approve(ledger, staged.id)
    plan = forget.plan(ledger, [staged.id])
    assert forget.apply(ledger, plan, reason="test").clean
    assert forget.verify_tombstones(ledger)[0].residue == []
    ledger.conn.execute("SELECT count(*) FROM memories").fetchone()
    assert other_process_takes_the_file(ledger.path) == "database is locked"
