"""The native ledger's schema versions, known without importing ``sqlite_utils``.

Opening a ledger to read it only has to know whether migrations are pending: that is a
query on ``_sqlite_migrations`` and the list below, so read-only commands (``memaudit
ls``) start without loading sqlite-utils. ``memaudit.ledger.schema`` registers the
migrations themselves and refuses to load if its list and ``MIGRATIONS`` differ.
"""

from __future__ import annotations

from typing import Any

MIGRATION_SET = "memaudit"
# Ledger marker: lets detection tell a memaudit ledger from any other SQLite file.
META_TABLE = "memaudit_meta"
# Every migration in ``schema``, in order (add a new one here too).
MIGRATIONS = (
    "m001_initial",
    "m002_profile_policy_versions",
    "m003_conflict_pairs",
    "m004_decay_reference_index",
    "m005_fts_secure_delete",
    "m006_events_refuse_replace",
    "m007_forget_requests",
    "m008_active_set_token",
)
# The migrations a read-only open may go without: what they add is read only when it is
# there (the active-set token: without it the review listing searches, as before it).
READERS_MAY_SKIP = frozenset({"m008_active_set_token"})


def pending(conn: Any) -> list[str]:
    """The migrations not yet applied to the ledger on ``conn`` (as sqlite-utils'
    ``Migrations.pending`` answers: all of them when nothing was ever recorded)."""
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlite_migrations'"
    ).fetchone()
    if not has_table:
        return list(MIGRATIONS)
    applied = {
        row[0]
        for row in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ?", (MIGRATION_SET,)
        )
    }
    return [name for name in MIGRATIONS if name not in applied]
