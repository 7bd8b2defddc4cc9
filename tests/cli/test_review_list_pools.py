"""The review listing's searches kept across listings (``queue_answers``: the pools'
digests, under the state of the store's files): a listing again of a store no program
wrote since asks no search and prints the same; a store written since by another
program, through its WAL or its database file, is searched again."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from memaudit import queue_answers, queue_injection
from memaudit.ledger import Ledger, active_set
from memaudit.queue_answers import PREFIX
from tests import cache_damage as shared

ACTIVE = [
    "The team deploys the api service with poetry on fridays",
    "Alice prefers tea in the morning before the standup",
]
PENDING = [
    "The team deploys the api service with uv on fridays",  # conflict
    "Alice prefers tea in the morning before the standup",  # duplicate (same text)
    "The ops team deploys the web frontend with npm on mondays",  # neither
]
# What another program writes over the first active memory: it contradicts the last
# item now (the first keeps the dispute its stage recorded).
OTHER = "The ops team deploys the web frontend with yarn on mondays"
SETTLED = 0.05  # (``queue_answers.SETTLED``: far above the kernel's clock tick still)


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """One process (the searches asked here, where ``searched`` sees them), and a store
    settled a moment after its last write, not seconds."""
    monkeypatch.setenv(queue_injection.WORKERS_ENV, "1")
    monkeypatch.setattr(queue_answers, "SETTLED", SETTLED)


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every full-text search the listings ask the store from now on."""
    asked: list[str] = []
    real = Ledger.active_matches

    def counted(self: Ledger, searches: Sequence[str], limit: int, **kw: Any) -> Any:
        asked.extend(searches)
        return real(self, searches, limit, **kw)

    monkeypatch.setattr(Ledger, "active_matches", counted)
    return asked


@pytest.fixture(params=["token", "older ledger"])
def queue(ledger_path: Path, request: pytest.FixtureRequest) -> Path:
    """The queue in a ledger that keeps the active-set token (its state), or in one
    without it (its files' settled state)."""
    shared.write_queue(ledger_path, ACTIVE, PENDING)
    return ledger_path if request.param == "token" else shared.without_token(ledger_path)


def listings(cli: Any, db: Path, *extra: str) -> list[str]:
    return shared.listings(cli, db, shared.LISTINGS, *extra)


def settle() -> None:
    time.sleep(SETTLED * 3)


def row(listing: str, text: str) -> str:
    (found,) = [line for line in listing.splitlines() if text[:30] in line]
    return found


def pools() -> list[tuple[bytes, bytes, bytes, bytes]]:
    (path,) = shared.files(PREFIX)
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT file, state, searches, pool FROM pools").fetchall()


def test_a_settled_store_listed_again_asks_no_search(
    cli: Any, queue: Path, searched: list[str]
) -> None:
    settle()
    first = listings(cli, queue)
    assert searched and pools()
    searched.clear()
    again = listings(cli, queue)
    assert searched == []  # every pool's digest read, none searched
    assert again == first == listings(cli, queue, "--no-cache")
    assert "conflict" in row(first[0], PENDING[0]) and "duplicate" in row(first[0], PENDING[1])
    assert "conflict" not in row(first[0], PENDING[2])


@pytest.mark.parametrize("through", ["wal", "database file", "wal, listed by a link"])
def test_a_store_written_by_another_program_is_searched_again(
    cli: Any, queue: Path, searched: list[str], through: str, tmp_path: Path
) -> None:
    """Plain sqlite3 rewrites an active memory (no memaudit code runs): the listing
    again searches, and flags the items as a listing without any cache does. Listed by
    a symbolic link, the WAL SQLite uses is the one beside the file it leads to."""
    listed = queue
    if through.endswith("link"):
        listed = tmp_path / "elsewhere" / "link.db"
        listed.parent.mkdir()
        listed.symlink_to(queue)
    settle()
    first = listings(cli, listed)
    assert "conflict" not in row(first[0], PENDING[2]) and pools()
    # A reader left open keeps the write in the WAL (the last connection's close would
    # copy it into the database file and remove the WAL).
    reader = sqlite3.connect(queue) if through.startswith("wal") else None
    if reader is not None:
        reader.execute("SELECT count(*) FROM memories").fetchone()
    try:
        with sqlite3.connect(queue) as conn:
            conn.execute("UPDATE memories SET content = ? WHERE content = ?", (OTHER, ACTIVE[0]))
        conn.close()
        assert Path(f"{queue}-wal").exists() == through.startswith("wal")
        searched.clear()
        again = listings(cli, listed)
        assert searched
        assert again == listings(cli, listed, "--no-cache")
        assert "conflict" in row(again[0], PENDING[2])
    finally:
        if reader is not None:
            reader.close()
    settle()  # the new state is recorded once settled, and read after
    assert listings(cli, listed) == again
    searched.clear()
    assert listings(cli, listed) == again and searched == []


def test_a_store_written_moments_ago_records_no_search(
    cli: Any, queue: Path, searched: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A files' state whose newest change is younger than ``SETTLED`` is not recorded: a
    write in the same tick of the kernel's clock could leave the same state. A token
    needs no settling: any write that changes the searches' answers replaces it."""
    monkeypatch.setattr(queue_answers, "SETTLED", 3600.0)
    first = listings(cli, queue)
    with closing(sqlite3.connect(queue)) as conn:
        token = active_set.token(conn) is not None
    assert bool(pools()) == token
    searched.clear()
    assert listings(cli, queue) == first and bool(searched) != token


def test_the_pools_keep_no_word_of_a_text(cli: Any, queue: Path) -> None:
    settle()
    listings(cli, queue)
    rows = pools()
    assert rows and all(len(v) == 32 for r in rows for v in r)
    (path,) = shared.files(PREFIX)
    raw = b"".join(p.read_bytes() for p in path.parent.glob(f"{path.name}*"))
    for text in [*ACTIVE, *PENDING]:
        for word in text.split():
            if len(word) > 4:
                assert word.encode() not in raw, word
