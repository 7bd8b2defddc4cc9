"""The active-set token (migration m008): a one-row table whose value every write that can
change what the review listing's searches read replaces with ``randomblob(16)``.

The searches (``ledger.matches``) read the active memories only: their rowid, id,
status, content, creation time and scope, and the full-text index of their content,
summary and tags. The triggers below replace the token, inside the writer's own
transaction, on every insert of an active memory (or one that would replace an active
row: ``INSERT OR REPLACE`` fires no delete trigger), every delete of one, and every
update that changes one of those columns of a row that is or becomes active (or any
row's id or rowid: ``UPDATE OR REPLACE`` may delete an active row unseen). Writing a
pending memory leaves the token as it is. Every writer that goes through SQLite (another
connection, plain ``sqlite3``, ``approve``, decay) fires them: no lock is needed to know
that the token changed. A token, random, is never made twice: two states of the store
with the same token have the same active memories (a rolled-back write's token is never
seen again; a backup restored brings its token with its rows).

The token is trusted (``token``) only if the table holds one 16-byte value and the
three triggers are there as this module makes them; the store's schema cookie goes with
it (a table rebuilt without the triggers in between changes it). Not covered: a writer
that sets the token back itself, writes the full-text index's own tables, drops or edits
the triggers and puts them back with the schema cookie, or edits the file's bytes.

Never edit the statements below: the migration made them so in every ledger (a change
needs a new migration and a new check here).
"""

from __future__ import annotations

from typing import Any

from memaudit.sqlite_driver import sqlite3

TABLE = "memaudit_active_set"
_BUMP = f"BEGIN UPDATE {TABLE} SET token = randomblob(16); END"
# Name -> the statement, as SQLite keeps it in ``sqlite_master``.
TRIGGERS = {
    "memaudit_active_set_insert": (
        "CREATE TRIGGER memaudit_active_set_insert BEFORE INSERT ON memories"
        " WHEN NEW.status = 'active' OR EXISTS (SELECT 1 FROM memories"
        " WHERE status = 'active' AND (id = NEW.id OR seq = NEW.seq)) " + _BUMP
    ),
    "memaudit_active_set_delete": (
        "CREATE TRIGGER memaudit_active_set_delete AFTER DELETE ON memories"
        " WHEN OLD.status = 'active' " + _BUMP
    ),
    "memaudit_active_set_update": (
        "CREATE TRIGGER memaudit_active_set_update AFTER UPDATE OF"
        " seq, id, status, content, summary, tags, scope, created_at ON memories"
        " WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id"
        " OR ((OLD.status = 'active' OR NEW.status = 'active') AND (OLD.status IS NOT"
        " NEW.status OR OLD.content IS NOT NEW.content OR OLD.summary IS NOT NEW.summary"
        " OR OLD.tags IS NOT NEW.tags OR OLD.scope IS NOT NEW.scope"
        " OR OLD.created_at IS NOT NEW.created_at)) " + _BUMP
    ),
}
CREATE = (
    f"CREATE TABLE {TABLE} (one INTEGER PRIMARY KEY CHECK (one = 1), token BLOB NOT NULL)",
    f"INSERT INTO {TABLE} (one, token) VALUES (1, randomblob(16))",
    *TRIGGERS.values(),
)
_NAMES = ", ".join(f"'{name}'" for name in TRIGGERS)


def token(conn: Any) -> tuple[bytes, int] | None:
    """The store's active-set token and schema cookie now, or None: no token table (an
    older ledger, or one opened read-only and not migrated yet), not one 16-byte value,
    or a trigger missing or changed (the token may not follow the writes)."""
    try:
        found = dict(
            conn.execute(
                f"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ({_NAMES})"
            ).fetchall()
        )
        if found != TRIGGERS:
            return None
        rows = conn.execute(f"SELECT token FROM {TABLE} LIMIT 2").fetchall()
        cookie = conn.execute("PRAGMA schema_version").fetchone()[0]
    except sqlite3.Error:  # (the listing searches, as without a token)
        return None
    if len(rows) != 1 or not isinstance(rows[0][0], bytes) or len(rows[0][0]) != 16:
        return None
    return rows[0][0], int(cookie)
