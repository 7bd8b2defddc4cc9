"""The write gate's searches carried across its own writes (``queue_carry``): the first
listing of a queue staged through memaudit asks no search and prints what a listing
without any cache prints; a store changed after the gate's record (an active memory
added by another connection, changed or archived by plain sqlite3, an item approved, the
database file rewritten with the same size) or by another connection between the gate's
commit and its record is searched again, and lists as without a cache."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from memaudit import queue_carry, queue_injection, review
from memaudit.ledger import Ledger
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
# An active memory that contradicts the last item (written over the first active one,
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
    item at a time through the CLI: each stage carries the pools of the ones before."""
    shared.write_queue(db, ACTIVE, [])
    for text in PENDING:
        out = cli("stage", text, "-t", "user_statement", db=db)
        assert out.exit_code == 0, out.output


def listings(cli: Any, db: Path, *extra: str) -> list[str]:
    return shared.listings(cli, db, shared.LISTINGS, *extra)


def row(listing: str, text: str) -> str:
    (found,) = [line for line in listing.splitlines() if text[:30] in line]
    return found


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
    # The probe the gate writes beside the store is gone.
    assert not list(ledger_path.parent.glob(f"{queue_carry.PROBE_PREFIX}*"))


def _added(cli: Any, db: Path) -> None:
    with Ledger.open(db, readonly=False) as led:
        staged = review.stage(led, Candidate(OTHER, SourceType.USER_STATEMENT), remember=False)
        review.approve(led, staged.id)


def _changed(cli: Any, db: Path) -> None:
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE memories SET content = ? WHERE content = ?", (OTHER, ACTIVE[0]))


def _archived(cli: Any, db: Path) -> None:
    """The near duplicate's neighbour (no dispute recorded with it: only the search
    finds it)."""
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE memories SET status = 'archived' WHERE content = ?", (ACTIVE[2],))


def _approved(cli: Any, db: Path) -> None:
    with Ledger.open(db, readonly=True) as led:
        (item,) = [m for m in led.iter_query() if m.content == PENDING[2]]
    out = cli("approve", item.id, db=db)
    assert out.exit_code == 0, out.output


def _rewritten(cli: Any, db: Path) -> None:
    """The database file rewritten in place with another of the same size: a copy in
    which the first active memory says ``OTHER`` (padded to its length)."""
    copy = db.with_name("copy.db")
    shutil.copyfile(db, copy)
    text = OTHER[: len(ACTIVE[0])]
    with closing(sqlite3.connect(copy)) as conn, conn:
        conn.execute("UPDATE memories SET content = ? WHERE content = ?", (text, ACTIVE[0]))
    with closing(sqlite3.connect(copy)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = copy.read_bytes()
    assert len(data) == db.stat().st_size and not Path(f"{db}-wal").exists()
    with open(db, "r+b") as f:
        f.write(data)


CHANGES = {
    "active memory added by another connection": _added,
    "active memory changed by plain sqlite3": _changed,
    "active memory archived by plain sqlite3": _archived,
    "item approved": _approved,
    "database file rewritten with the same size": _rewritten,
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_store_changed_after_the_record_is_searched_again(
    cli: Any, ledger_path: Path, searched: list[str], change: str
) -> None:
    write(cli, ledger_path)
    CHANGES[change](cli, ledger_path)
    searched.clear()
    again = listings(cli, ledger_path)
    assert searched  # the recorded state is not the store's any more
    assert again == listings(cli, ledger_path, "--no-cache")


@pytest.mark.parametrize("when", ["committed", "record"])
def test_another_connection_between_the_commit_and_the_record(
    cli: Any, ledger_path: Path, searched: list[str], monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    """Another connection commits right after the gate's commit, or after its searches,
    before it records: ``PRAGMA data_version`` is not what it was inside the gate's
    transaction, so nothing is recorded (the state read after that commit would hold
    the pools carried from before it, or searched before it). The item staged first has
    its pool carried by the second stage; the write makes its neighbour contradict it."""
    shared.write_queue(ledger_path, ACTIVE, [])
    out = cli("stage", PENDING[2], "-t", "user_statement", db=ledger_path)
    assert out.exit_code == 0, out.output
    real = getattr(queue_carry.Carry, when)

    def meanwhile(self: queue_carry.Carry, *args: Any) -> None:
        _changed(cli, ledger_path)
        real(self, *args)

    monkeypatch.setattr(queue_carry.Carry, when, meanwhile)
    out = cli("stage", PENDING[3], "-t", "user_statement", db=ledger_path)
    assert out.exit_code == 0, out.output
    searched.clear()
    first = listings(cli, ledger_path)
    assert searched
    assert first == listings(cli, ledger_path, "--no-cache")
    assert "conflict" in row(first[0], PENDING[2])


def test_a_stage_that_writes_an_active_memory_carries_nothing(
    cli: Any, ledger_path: Path, searched: list[str]
) -> None:
    """A memory staged straight to active (``route.tool_observation=active``) changes the
    searches' answers: the pools recorded before its stage are not carried (the item
    staged first would keep the pool from before its near duplicate was written; no
    dispute is recorded for a duplicate, so only the search finds it)."""
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
    assert searched
    assert first == listings(cli, ledger_path, "--no-cache")
    assert "duplicate" in row(first[0], PENDING[2])


def test_the_clock_not_past_the_state_is_refused(ledger_path: Path) -> None:
    """A state whose newest change time the filesystem's clock does not pass within
    ``PROBE_WAIT`` (a coarse clock, or one behind) is not proven; a state written before
    is, and no probe is left either way."""
    shared.write_queue(ledger_path, ACTIVE, [])
    real = os.path.realpath(ledger_path)
    st = os.stat(real)
    now = [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]
    assert queue_carry._clock_passed(ledger_path, [now, None, None])
    ahead = [*now[:4], st.st_ctime_ns + 3_600 * 10**9]
    assert not queue_carry._clock_passed(ledger_path, [ahead, None, None])
    assert not list(ledger_path.parent.glob(f"{queue_carry.PROBE_PREFIX}*"))
