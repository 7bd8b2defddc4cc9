"""A cache file of the user's cache folder damaged as a hostile or unlucky user's would be
(shared by the tests of the kept verdicts and the kept comparisons: each must change
nothing but the time)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from memaudit.injection import judgements

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
