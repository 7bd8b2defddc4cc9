"""The write gate's searches kept for the first listing (the active-set token,
``memaudit.ledger.active_set``): a queue staged through memaudit lists with no search
and prints what a listing without any cache prints; a store whose active memories
changed after the gate's record (by another connection, plain sqlite3, an approval, a
batch with an active memory, a table rebuilt without the triggers) or an older ledger
without the token is searched again, and lists as without a cache."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from memaudit import queue_injection, review
from memaudit.ledger import Ledger, active_set, versions
from memaudit.model import SourceType
from memaudit.review import Candidate
from tests import cache_damage as shared

ACTIVE = [
    "The team deploys the api service with poetry on fridays",
    "Alice prefers tea in the morning before the standup",
    "Bob walks the harbour dogs every evening near the old lighthouse!",
]
PENDING = [
    "The team deploys the api service with uv on fridays",  # conflict
    "Alice prefers tea in the morning before the standup",  # duplicate (same text)
    "The ops team deploys the web frontend with npm on mondays",  # neither
    "Bob walks the harbour dogs every evening near the old lighthouse",  # near duplicate
]
# An active memory that contradicts the third item (written over the first active one,
# or added).
OTHER = "The ops team deploys the web frontend with yarn on mondays"


@pytest.fixture(autouse=True)
def _one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """One process: the searches asked here, where ``searched`` sees them."""
    monkeypatch.setenv(queue_injection.WORKERS_ENV, "1")


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every full-text search asked of a ledger from now on (the stage's and listings')."""
    asked: list[str] = []
    real = Ledger.active_matches

    def counted(self: Ledger, searches: Sequence[str], limit: int, **kw: Any) -> Any:
        asked.extend(searches)
        return real(self, searches, limit, **kw)

    monkeypatch.setattr(Ledger, "active_matches", counted)
    return asked


def write(cli: Any, db: Path) -> None:
    """The active memories (through the API, keeping nothing), then the queue staged one
    item at a time through the CLI: a pending item leaves the token as it was."""
    shared.write_queue(db, ACTIVE, [])
    for text in PENDING:
        out = cli("stage", text, "-t", "user_statement", db=db)
        assert out.exit_code == 0, out.output


def listings(cli: Any, db: Path, *extra: str) -> list[str]:
    return shared.listings(cli, db, shared.LISTINGS, *extra)


def row(listing: str, text: str) -> str:
    (found,) = [line for line in listing.splitlines() if text[:30] in line]
    return found


def plain(db: Path, sql: str, *args: Any) -> None:
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(sql, args)


def test_a_queue_staged_through_memaudit_lists_with_no_search(
    cli: Any, ledger_path: Path, searched: list[str]
) -> None:
    write(cli, ledger_path)
    searched.clear()
    first = listings(cli, ledger_path)
    assert searched == []  # every pool recorded by the stages, none searched
    assert first == listings(cli, ledger_path, "--no-cache")
    assert "conflict" in row(first[0], PENDING[0]) and "duplicate" in row(first[0], PENDING[1])
    assert "conflict" not in row(first[0], PENDING[2])
    assert "duplicate" in row(first[0], PENDING[3])


def _added(cli: Any, db: Path) -> None:
    with Ledger.open(db, readonly=False) as led:
        staged = review.stage(led, Candidate(OTHER, SourceType.USER_STATEMENT), remember=False)
        review.approve(led, staged.id)


# Every column of the first active memory but its id (and rowid) and content.
_COPY = (
    "content_hash, summary, tags, source_type, source_ref, confidence, importance, scope,"
    " status, validation, validated_by, validated_at, derived, superseded_by,"
    " contradicted_by, created_at, updated_at, created_by, last_accessed, access_count,"
    " decay_score, expires_at, pinned, version"
)

_PENDING_COPY = _COPY.replace(" status,", " 'pending',")


def _added_plain(cli: Any, db: Path) -> None:
    plain(
        db,
        f"INSERT INTO memories (id, content, {_COPY}) SELECT 'other', ?, {_COPY}"
        " FROM memories WHERE content = ?",
        OTHER,
        ACTIVE[0],
    )


def _replaced_plain(cli: Any, db: Path) -> None:
    """The near duplicate's neighbour replaced by a pending row of the same id: REPLACE
    fires no delete trigger (no dispute is recorded with it: only the search finds it)."""
    plain(
        db,
        f"INSERT OR REPLACE INTO memories (id, content, {_COPY})"
        f" SELECT id, content, {_PENDING_COPY}"
        " FROM memories WHERE content = ?",
        ACTIVE[2],
    )


def _changed_plain(cli: Any, db: Path) -> None:
    plain(db, "UPDATE memories SET content = ? WHERE content = ?", OTHER, ACTIVE[0])


def _changed(cli: Any, db: Path) -> None:
    """Another connection (a memaudit ledger's) edits it in its own transaction."""
    with Ledger.open(db, readonly=False) as led, led.transaction():
        led.conn.execute("UPDATE memories SET content = ? WHERE content = ?", (OTHER, ACTIVE[0]))


def _archived_plain(cli: Any, db: Path) -> None:
    """The near duplicate's neighbour (no dispute recorded with it: only the search
    finds it)."""
    plain(db, "UPDATE memories SET status = 'archived' WHERE content = ?", ACTIVE[2])


def _deleted_plain(cli: Any, db: Path) -> None:
    plain(db, "DELETE FROM memories WHERE content = ?", ACTIVE[2])


def _approved(cli: Any, db: Path) -> None:
    with Ledger.open(db, readonly=True) as led:
        (item,) = [m for m in led.iter_query() if m.content == PENDING[2]]
    out = cli("approve", item.id, db=db)
    assert out.exit_code == 0, out.output


def _dropped(cli: Any, db: Path) -> None:
    """A tool drops a trigger (a table rebuilt), a listing records its searches then,
    and an active memory is changed (the token stays)."""
    plain(db, "DROP TRIGGER memaudit_active_set_update")
    listings(cli, db)
    _changed_plain(cli, db)


def _made_again(cli: Any, db: Path) -> None:
    """A trigger dropped around a change and made again as it was: the token is the
    one recorded, the schema cookie is not."""
    plain(db, "DROP TRIGGER memaudit_active_set_update")
    _changed_plain(cli, db)
    plain(db, active_set.TRIGGERS["memaudit_active_set_update"])


CHANGES = {
    "active memory added by another connection": _added,
    "active memory added by plain sqlite3": _added_plain,
    "active memory replaced by a pending row by plain sqlite3": _replaced_plain,
    "active memory changed by another connection": _changed,
    "active memory changed by plain sqlite3": _changed_plain,
    "active memory archived by plain sqlite3": _archived_plain,
    "active memory deleted by plain sqlite3": _deleted_plain,
    "item approved": _approved,
    "trigger dropped, listed, active memory changed": _dropped,
    "trigger dropped around a change and made again": _made_again,
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_store_changed_after_the_record_is_searched_again(
    cli: Any, ledger_path: Path, searched: list[str], change: str
) -> None:
    write(cli, ledger_path)
    before = listings(cli, ledger_path)
    CHANGES[change](cli, ledger_path)
    searched.clear()
    again = listings(cli, ledger_path)
    assert searched  # the recorded token is not the store's any more
    assert again == listings(cli, ledger_path, "--no-cache")
    assert again != before  # (the change shows in the listing)


def test_a_stage_that_writes_an_active_memory_keeps_only_its_own_searches(
    cli: Any, ledger_path: Path, searched: list[str]
) -> None:
    """A memory staged straight to active (``route.tool_observation=active``) changes the
    token: the pools recorded before it are not read (the item staged first would keep
    the pool from before its near duplicate was written; no dispute is recorded for a
    duplicate, so only the search finds it)."""
    shared.write_queue(ledger_path, ACTIVE, [])
    assert cli("policy", "set", "route.tool_observation", "active", db=ledger_path).exit_code == 0
    out = cli("stage", PENDING[2], "-t", "user_statement", db=ledger_path)
    assert out.exit_code == 0, out.output
    # In one batch with a pending item: the gate records (a batch of active memories
    # alone keeps no comparison).
    with Ledger.open(ledger_path, readonly=False) as led:
        review.stage_batch(
            led,
            [
                Candidate(f"{PENDING[2]}!", SourceType.TOOL_OBSERVATION),
                Candidate(PENDING[3], SourceType.USER_STATEMENT),
            ],
        )
    searched.clear()
    first = listings(cli, ledger_path)
    assert searched and PENDING[3] not in " ".join(searched)  # (the batch's own: read)
    assert first == listings(cli, ledger_path, "--no-cache")
    assert "duplicate" in row(first[0], PENDING[2])


def test_an_older_ledger_lists_read_only_and_searches(
    cli: Any, ledger_path: Path, searched: list[str]
) -> None:
    """Without the token (its rows written after the gate's record by a memaudit that
    has none), a read-only listing opens it as it is, searches and lists as without a
    cache; a command that writes migrates it."""
    write(cli, ledger_path)
    shared.without_token(ledger_path)
    _changed_plain(cli, ledger_path)
    searched.clear()
    first = listings(cli, ledger_path)
    assert searched
    assert first == listings(cli, ledger_path, "--no-cache")
    assert "conflict" in row(first[0], PENDING[2])
    with Ledger.open(ledger_path) as led:  # (read-only: not migrated)
        assert versions.pending(led.conn) == ["m008_active_set_token"]
        assert active_set.token(led.conn) is None
    out = cli("stage", "Carol feeds the cat at noon", "-t", "user_statement", db=ledger_path)
    assert out.exit_code == 0, out.output
    with Ledger.open(ledger_path) as led:
        assert versions.pending(led.conn) == [] and active_set.token(led.conn) is not None


def test_the_triggers_follow_active_writes_only(ledger_path: Path) -> None:
    """A pending memory written or edited leaves the token; an active one's read-only
    columns (its access count, decay score) too; its content, status or scope do not."""
    shared.write_queue(ledger_path, ACTIVE, PENDING)

    def token() -> bytes:
        with closing(sqlite3.connect(ledger_path)) as conn:
            found = active_set.token(conn)
        assert found is not None
        return found[0]

    start = token()
    plain(ledger_path, "UPDATE memories SET content = 'x' || content WHERE status = 'pending'")
    plain(ledger_path, "UPDATE memories SET access_count = 7, decay_score = 0.5")
    plain(ledger_path, "UPDATE memories SET scope = scope, status = status")
    assert token() == start
    plain(ledger_path, "UPDATE memories SET scope = 'work' WHERE content = ?", ACTIVE[1])
    assert token() != start
