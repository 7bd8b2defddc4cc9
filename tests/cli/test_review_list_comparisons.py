"""The review listing's comparisons kept across listings (``memaudit.queue_answers``): a
listing again compares nothing it compared before and prints the same bytes as a
listing without the cache; an item whose inputs changed (its text, a neighbour, a copy,
a dispute, the threshold, the comparer) is compared again, so a kept answer never
stands for the store as it is now; a damaged file or row changes nothing but the time;
``--no-cache`` and ``MEMAUDIT_CACHE_DIR=off`` keep and read nothing."""

from __future__ import annotations

import dataclasses
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from memaudit import pending, queue_compare, queue_injection, review
from memaudit.adapters.native import NativeStore
from memaudit.injection import judgements
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, SourceType, Status
from memaudit.queue_answers import PREFIX, Answers
from memaudit.review import Candidate
from tests import cache_damage as shared
from tests.buried_copy import bury_copy
from tests.cache_damage import DAMAGES, damage

NOW = "2026-01-01T00:00:00Z"
ACTIVE = [
    "The team deploys the api service with poetry on fridays",
    "Alice prefers tea in the morning before the standup",
    "The release pipeline runs on jenkins every single night at ten and posts the build "
    "report to the team channel",
]
PENDING = [
    "The team deploys the api service with uv on fridays",  # conflict
    "Alice prefers tea in the morning before the standup",  # duplicate (same text)
    "The release pipeline runs on jenkins every single night at ten and posts the build "
    "report to the team channels",  # duplicate (similar: 0.89)
    "The ops team deploys the web frontend with npm on mondays",  # neither
]
LISTINGS = shared.LISTINGS


@pytest.fixture(autouse=True)
def _one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons in this process, where ``compared`` counts them."""
    monkeypatch.setenv(queue_injection.WORKERS_ENV, "1")


@pytest.fixture
def queue(ledger_path: Path) -> Path:
    return shared.write_queue(ledger_path, ACTIVE, PENDING)


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return shared.count_compared(monkeypatch)


def listings(cli: Any, db: Path, *extra: str) -> list[str]:
    return shared.listings(cli, db, LISTINGS, *extra)


def files() -> list[Path]:
    return shared.files(PREFIX)


def flags_of(listing: str, text: str) -> str:
    """The flags column of the row whose content starts like ``text``."""
    (row,) = [line for line in listing.splitlines() if text[:30] in line]
    return row


def test_a_listing_again_compares_nothing_and_prints_the_same(
    cli: Any, queue: Path, compared: list[str]
) -> None:
    afresh = listings(cli, queue, "--no-cache")
    assert len(compared) == len(LISTINGS) * len(PENDING) and files() == []
    first = listings(cli, queue)
    assert first == afresh and len(files()) == 1
    compared.clear()
    again = listings(cli, queue)
    assert again == afresh and compared == []  # every item answered from the file
    assert "conflict" in flags_of(afresh[0], PENDING[0])
    assert "duplicate" in flags_of(afresh[0], PENDING[1])
    assert "duplicate" in flags_of(afresh[0], PENDING[2])
    assert "conflict" not in flags_of(afresh[0], PENDING[3])


def test_an_edited_item_is_compared_again(cli: Any, queue: Path, compared: list[str]) -> None:
    listings(cli, queue)
    with Ledger.open(queue, readonly=False) as led:
        (item,) = [
            m for m in led.query(MemoryFilter(statuses=[Status.PENDING])) if m.content == PENDING[1]
        ]
        review.edit(led, item.id, "Alice prefers green tea in the morning before the standup")
    compared.clear()
    again = listings(cli, queue)
    assert set(compared) == {"Alice prefers green tea in the morning before the standup"}
    assert again == listings(cli, queue, "--no-cache")
    assert "duplicate" not in flags_of(again[0], "Alice prefers green")  # no copy now


def test_a_new_neighbour_is_compared_with(cli: Any, queue: Path, compared: list[str]) -> None:
    """An active memory written since: the items that find it are compared again (here
    it contradicts the last item, which nothing flagged)."""
    first = listings(cli, queue)
    assert "conflict" not in flags_of(first[0], PENDING[3])
    with Ledger.open(queue, readonly=False) as led:
        text = "The ops team deploys the web frontend with yarn on mondays"
        review.approve(led, review.stage(led, Candidate(text, SourceType.USER_STATEMENT)).id)
    compared.clear()
    again = listings(cli, queue)
    assert PENDING[3] in compared
    assert again == listings(cli, queue, "--no-cache")
    assert "conflict" in flags_of(again[0], PENDING[3])


def test_a_copy_gone_beyond_the_searches_reach_is_read(
    cli: Any, ledger_path: Path, compared: list[str]
) -> None:
    """The item's only active copy is beyond its searches (``buried_copy``): archived
    out of band, the item is no duplicate any more, and the listing again says so."""
    with Ledger.open(ledger_path, readonly=False) as led:
        _, copy = bury_copy(led)
    first = listings(cli, ledger_path)
    assert "duplicate" in first[0]
    with sqlite3.connect(ledger_path) as conn:
        conn.execute("UPDATE memories SET status = 'archived' WHERE id = ?", (copy,))
    again = listings(cli, ledger_path)
    assert again == listings(cli, ledger_path, "--no-cache") and "duplicate" not in again[0]


def test_a_new_threshold_is_not_answered_by_old_answers(cli: Any, queue: Path) -> None:
    first = listings(cli, queue)
    set_ = cli("policy", "set", "duplicates.similarity", "0.99", db=queue)
    assert set_.exit_code == 0, set_.output
    again = listings(cli, queue)
    assert again == listings(cli, queue, "--no-cache")
    assert "duplicate" in flags_of(first[0], PENDING[2])
    assert "duplicate" not in flags_of(again[0], PENDING[2])  # similar, not at 0.99


def test_each_input_of_a_comparison_changes_its_key(
    queue: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every field the two comparisons read, each changed alone, gives another key (the
    CLI tests above reach some of them only through others)."""
    with Ledger.open(queue) as led:
        store = NativeStore(led)
        items = [
            pending.QueueItem(m, None)
            for m in led.query(MemoryFilter(statuses=[Status.PENDING]))
            if m.content == PENDING[0]
        ]
        reading = pending.Reading()
        queue_compare.prepare(store, items, reading)
        memory = items[0].memory
        assert reading.disputed and reading.disputed.get(memory.id)  # the gate's record

        def key(threshold: float = 0.8, m: Any = memory) -> bytes:
            answers = Answers.open(threshold)
            try:
                return answers.keys(store, [m], reading)[0]
            finally:
                answers.close()

        base = key()
        assert key() == base
        changed = [key(0.81)]
        with monkeypatch.context() as patched:  # another comparer (its code, its Python)
            patched.setattr(judgements, "engine", lambda: "f" * 64)
            changed.append(key())
        # another text with the same searches and the same copies
        reading.copies[memory.content + "."] = reading.copies[memory.content]
        reading.disputed["x"] = reading.disputed[memory.id]  # another id, the same disputes
        for name, value in [
            ("id", "x"),
            ("content", memory.content + "."),
            ("created_at", "2020-01-01T00:00:00Z"),
            ("scope", "work"),
        ]:
            changed.append(key(m=dataclasses.replace(memory, **{name: value})))
        copies = reading.copies[memory.content]
        reading.copies[memory.content] = [*copies, "m_copy"]
        changed.append(key())
        reading.copies[memory.content] = copies
        (other,) = reading.disputed[memory.id]
        reading.active[other] = not reading.active[other]
        changed.append(key())
        reading.active[other] = not reading.active[other]
        reading.disputed[memory.id] = [other, "m_other"]
        reading.active["m_other"] = False
        changed.append(key())
        reading.disputed[memory.id] = [other]
        assert key() == base
        q = reading.searches_of(memory.content)[0]
        answer = reading.searches[q]
        for k in range(4):  # id, content, created_at, scope
            row = list(answer[0])
            row[k] = f"{row[k]}!"
            reading.searches[q] = [type(answer[0])(*row), *answer[1:]]
            reading.pools.clear()
            changed.append(key())
        reading.searches[q] = answer
        reading.pools.clear()
        assert key() == base
    assert len(set(changed)) == len(changed) and base not in changed


def test_another_comparer_reads_none_of_this_ones(
    cli: Any, queue: Path, compared: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = listings(cli, queue)
    monkeypatch.setattr(judgements, "engine", lambda: "f" * 64)
    compared.clear()
    # every item compared by the first listing, which keeps them for the others
    assert listings(cli, queue) == first and len(compared) == len(PENDING)
    assert len(files()) == 2


def test_no_cache_and_off_keep_and_read_nothing(
    cli: Any, queue: Path, compared: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = listings(cli, queue, "--no-cache")
    assert files() == []
    listings(cli, queue)  # kept now
    compared.clear()
    assert listings(cli, queue, "--no-cache") == first
    assert len(compared) == len(LISTINGS) * len(PENDING)
    monkeypatch.setenv(judgements.ENV, "off")
    compared.clear()
    assert listings(cli, queue) == first and len(compared) == len(LISTINGS) * len(PENDING)


def test_the_file_keeps_no_word_of_a_text(cli: Any, queue: Path) -> None:
    listings(cli, queue)
    (path,) = files()
    raw = b"".join(p.read_bytes() for p in path.parent.glob(f"{path.name}*"))
    for text in [*ACTIVE, *PENDING]:
        for word in text.split():
            if len(word) > 4:
                assert word.encode() not in raw, word
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT digest, flags FROM compared").fetchall()
    assert len(rows) == len(PENDING) and all(len(d) == 32 and 0 <= f <= 3 for d, f in rows)


@pytest.mark.parametrize("value", [4, -1, "1", 1.0, b"\x01", None])
def test_a_row_that_is_no_answer_is_compared_again(
    cli: Any, queue: Path, compared: list[str], value: object
) -> None:
    first = listings(cli, queue)
    (path,) = files()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE compared RENAME TO old")
        conn.execute("CREATE TABLE compared (digest BLOB PRIMARY KEY, flags)")
        conn.execute("INSERT INTO compared SELECT digest, ? FROM old", (value,))
    compared.clear()
    assert listings(cli, queue) == first and len(compared) == len(PENDING)


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_or_busy_cache_changes_nothing(
    cli: Any, queue: Path, compared: list[str], how: str
) -> None:
    first = listings(cli, queue, "--no-cache")
    listings(cli, queue)
    (path,) = files()
    holder = damage(path, how, "compared")
    try:
        compared.clear()
        assert listings(cli, queue) == first
        assert len(compared) == len(LISTINGS) * len(PENDING)  # nothing read from the file
    finally:
        if holder is not None:
            holder.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks on Linux")
def test_items_compared_again_in_two_processes_print_the_same(
    cli: Any, queue: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some answers kept, the others compared with a forked second process
    (``queue_compare.computed``): the same bytes as one process without the cache."""
    listings(cli, queue)
    with Ledger.open(queue, readonly=False) as led:
        (item,) = [
            m for m in led.query(MemoryFilter(statuses=[Status.PENDING])) if m.content == PENDING[0]
        ]
        review.edit(led, item.id, "The team deploys the api service with pip on fridays")
    afresh = listings(cli, queue, "--no-cache")
    monkeypatch.setenv(queue_injection.WORKERS_ENV, "2")
    assert listings(cli, queue) == afresh
