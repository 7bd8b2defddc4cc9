"""The review listing's comparisons kept when memaudit writes (``queue_compare.keep_written``,
called by the write gate after its transaction): the first listing of a queue staged
through memaudit compares none of its items and prints the same bytes as a listing that
compares every one; any change to the store after the write that the comparison would
read (a new active memory, an edited item, a neighbour archived or rewritten by another
tool behind memaudit's back) gives the listing another key, so that item is compared
again and its flags are the store's as it is now; ``--no-cache`` and
``MEMAUDIT_CACHE_DIR=off`` keep nothing."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from memaudit import queue_injection, review
from memaudit.injection import judgements
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, SourceType, Status
from memaudit.queue_answers import PREFIX
from memaudit.review import Candidate
from tests import cache_damage as shared

ACTIVE = [
    "The team deploys the api service with poetry on fridays",
    "Alice prefers tea in the morning before the standup",
    "The release pipeline runs on jenkins every single night at ten",
]
PENDING = [
    "The team deploys the api service with uv on fridays",  # conflict
    "Alice prefers tea in the morning before the standup",  # duplicate (same text)
    "The ops team deploys the web frontend with npm on mondays",  # neither
    "Bob walks the harbour dogs every evening near the lighthouse",  # neither
]
LISTINGS = shared.LISTINGS


@pytest.fixture(autouse=True)
def _one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing's comparisons in this process (where ``compared`` counts them)."""
    monkeypatch.setenv(queue_injection.WORKERS_ENV, "1")


def write(cli: Any, db: Path, *extra: str) -> None:
    """The active memories (staged and approved), then the queue, staged through the CLI."""
    with Ledger.open(db, readonly=False) as led:
        for text in ACTIVE:
            staged = review.stage(
                led, Candidate(text, SourceType.USER_STATEMENT), remember="--no-cache" not in extra
            )
            review.approve(led, staged.id)
    for text in PENDING:
        out = cli("stage", text, "-t", "user_statement", *extra, db=db)
        assert out.exit_code == 0, out.output


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return shared.count_compared(monkeypatch)


def listings(cli: Any, db: Path, *extra: str) -> list[str]:
    return shared.listings(cli, db, LISTINGS, *extra)


def row_of(listing: str, text: str) -> str:
    (row,) = [line for line in listing.splitlines() if text[:30] in line]
    return row


def test_the_first_listing_of_a_queue_staged_through_memaudit_compares_nothing(
    cli: Any, ledger_path: Path, compared: list[str]
) -> None:
    write(cli, ledger_path)
    assert len(shared.files(PREFIX)) == 1
    compared.clear()  # (the gate's own comparisons)
    first = listings(cli, ledger_path)
    assert compared == []  # every item answered from what the gate kept
    afresh = listings(cli, ledger_path, "--no-cache")
    assert len(compared) == len(LISTINGS) * len(PENDING)
    assert first == afresh  # the same bytes as comparing every item now
    assert "conflict" in row_of(first[0], PENDING[0])
    assert "duplicate" in row_of(first[0], PENDING[1])
    assert "duplicate" not in row_of(first[0], PENDING[2])
    for path in [*shared.files(PREFIX), *Path(shared.files(PREFIX)[0]).parent.glob("*-wal")]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def _new_copy(db: Path) -> str:
    """A new active memory that copies the last pending item (through memaudit)."""
    with Ledger.open(db, readonly=False) as led:
        review.approve(led, review.stage(led, Candidate(PENDING[3], SourceType.USER_STATEMENT)).id)
    return PENDING[3]


def _edited(db: Path) -> str:
    """The last pending item edited into a copy of an active memory (through memaudit)."""
    with Ledger.open(db, readonly=False) as led:
        (item,) = led.query(MemoryFilter(statuses=[Status.PENDING], search="harbour dogs"))
        review.edit(led, item.id, ACTIVE[2])
    return ACTIVE[2]


def _archived_by_another_tool(db: Path) -> str:
    """The active copy of a pending item archived by another program, in SQL."""
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "UPDATE memories SET status = 'archived' WHERE status = 'active' AND content = ?",
            (ACTIVE[1],),
        )
    return PENDING[1]


def _rewritten_by_another_tool(db: Path) -> str:
    """An active memory rewritten by another program, in SQL, into a near copy of the
    third pending item (same searches, a new neighbour text)."""
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "UPDATE memories SET content = ? WHERE status = 'active' AND content = ?",
            (PENDING[2].replace("mondays", "monday"), ACTIVE[2]),
        )
    return PENDING[2]


CHANGES: dict[str, tuple[Callable[[Path], str], bool]] = {
    # how the store changes after the write → the item it concerns, its new duplicate flag
    "a new active copy": (_new_copy, True),
    "the item edited": (_edited, True),
    "its copy archived by another tool": (_archived_by_another_tool, False),
    "a neighbour rewritten by another tool": (_rewritten_by_another_tool, True),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_to_the_store_after_the_write_is_compared_again(
    cli: Any, ledger_path: Path, compared: list[str], change: str
) -> None:
    write(cli, ledger_path)
    change_store, duplicate = CHANGES[change]
    concerned = change_store(ledger_path)
    compared.clear()
    first = listings(cli, ledger_path)
    assert concerned in compared  # its kept answer was not used
    assert first == listings(cli, ledger_path, "--no-cache")
    assert ("duplicate" in row_of(first[0], concerned)) is duplicate


@pytest.mark.parametrize("off", ["--no-cache", "MEMAUDIT_CACHE_DIR=off"])
def test_a_write_without_the_cache_keeps_no_comparison(
    cli: Any, ledger_path: Path, compared: list[str], monkeypatch: pytest.MonkeyPatch, off: str
) -> None:
    if off == "--no-cache":
        write(cli, ledger_path, "--no-cache")
    else:
        folder = os.environ[judgements.ENV]
        monkeypatch.setenv(judgements.ENV, "off")
        write(cli, ledger_path)
        monkeypatch.setenv(judgements.ENV, folder)
    assert shared.files(PREFIX) == []
    compared.clear()
    listings(cli, ledger_path)
    # the first listing compares every item (and keeps them: the others compare none)
    assert sorted(compared) == sorted(PENDING)
