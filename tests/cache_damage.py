"""What the tests of `review --list`'s kept verdicts and kept comparisons share: the
listings they compare, the items a listing compared, the cache files they find, and a
cache file damaged as a hostile or unlucky user's would be (each must change nothing but
the time)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from memaudit import pending, review
from memaudit.injection import judgements
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.review import Candidate

NOW = "2026-01-01T00:00:00Z"
# The listings whose comparisons are kept: every item, as JSON, and filtered on the flags.
LISTINGS = [
    ("review", "--list", "-n", "0"),
    ("review", "--list", "-n", "0", "--json"),
    ("review", "--list", "-n", "0", "--flag", "duplicate", "--flag", "conflict"),
]


def write_queue(path: Path, active: Sequence[str], pending: Sequence[str]) -> Path:
    """A ledger with ``active`` approved and ``pending`` staged, none of them keeping its
    comparisons (``remember=False``: as a store written elsewhere)."""
    with Ledger.open(path, readonly=False) as led:
        for text in active:
            review.approve(
                led,
                review.stage(led, Candidate(text, SourceType.USER_STATEMENT), remember=False).id,
            )
        for text in pending:
            review.stage(led, Candidate(text, SourceType.USER_STATEMENT), remember=False)
    return path


def without_token(path: Path) -> Path:
    """The ledger at ``path`` as a memaudit before the active-set token left it (m008 not
    applied: its listing keeps its searches under its files' settled state)."""
    from memaudit.ledger import active_set

    with sqlite3.connect(path) as conn:
        for name in active_set.TRIGGERS:
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute(f"DROP TABLE {active_set.TABLE}")
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm008_active_set_token'")
    conn.close()
    return path


def count_compared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of the items the listing compares from now on (``pending.listing_flags``,
    each flag's function), in this process."""
    seen: list[str] = []
    real = pending.listing_flags

    def counted(store: Any, memory: Any, threshold: float, reading: Any) -> Any:
        seen.append(memory.content)
        return real(store, memory, threshold, reading)

    monkeypatch.setattr(pending, "listing_flags", counted)
    return seen


def listings(cli: Any, db: Path, commands: Sequence[Sequence[str]], *extra: str) -> list[str]:
    """The output of each of ``commands`` (with ``extra``), each run successfully."""
    out = []
    for args in commands:
        done = cli("--now", NOW, *args, *extra, db=db)
        assert done.exit_code == 0, done.output
        out.append(done.stdout)
    return out


def files(prefix: str) -> list[Path]:
    """The cache folder's files named ``prefix`` + an engine."""
    return sorted(Path(os.environ[judgements.ENV]).glob(f"{prefix}*.sqlite"))


DAMAGES = ["not a database", "no such table", "other columns", "key", "locked"]


def damage(path: Path, how: str, table: str) -> sqlite3.Connection | None:
    """``path`` (its ``table``) damaged as ``how`` says; for "locked", the connection that
    holds it locked (the caller closes it)."""
    if how == "not a database":
        for part in path.parent.glob(f"{path.name}*"):
            part.write_bytes(b"\x00garbage" * 512)
        return None
    if how == "key":
        (path.parent / judgements.KEY_FILE).write_bytes(b"\x00garbage")
        return None
    holder = sqlite3.connect(path, isolation_level=None)
    if how == "no such table":
        holder.execute(f"DROP TABLE {table}")
        holder.execute(f"CREATE VIEW {table} AS SELECT 1 AS x")  # the schema then fails
    elif how == "other columns":
        holder.execute(f"DROP TABLE {table}")
        holder.execute(f"CREATE TABLE {table} (digest TEXT, other TEXT)")
    else:  # another process writing it for longer than the wait: nothing to read,
        holder.execute(f"DELETE FROM {table}")  # and what is computed cannot be written
        holder.execute("BEGIN EXCLUSIVE")
    return holder
