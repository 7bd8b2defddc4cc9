"""An audit's child process checks the column types of the tables its detectors read
only (``runner.READS``): what each offloaded detector reads, recorded by SQLite's
authorizer on every sample store, is within what ``READS`` names for it; and a child
checks no other table."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.adapters.native import NativeStore
from memaudit.audit import runner
from memaudit.audit.registry import select
from memaudit.clock import parse_time
from memaudit.ledger.typed_view import COLUMNS

from ..conftest import SAMPLES

STORES = sorted(p.stem for p in SAMPLES.glob("*.db"))
NOW = parse_time("2026-01-01T00:00:00Z")


def test_every_offloaded_detector_says_what_it_reads() -> None:
    assert set(runner.READS) == set(runner.OFFLOAD)


@pytest.mark.parametrize("name", STORES)
def test_an_offloaded_detector_reads_only_the_tables_its_child_checks(
    sample: Callable[[str], Path], name: str
) -> None:
    read: dict[str, set[str]] = {}
    detector = ""

    def record(action: int, arg1: str | None, *_: object) -> int:
        if action == sqlite3.SQLITE_READ and arg1 in COLUMNS:
            read.setdefault(detector, set()).add(arg1)
        return sqlite3.SQLITE_OK

    with open_store(str(sample(name))) as store:
        store.sql_view().conn.set_authorizer(record)
        for detector in runner.OFFLOAD:
            runner._run(store, NOW, select([detector]), None, remember=False)
    for detector, tables in read.items():
        assert tables <= set(runner.READS[detector]), (name, detector, tables)
    assert read.get("injected_instruction", set()) <= {"memories", "edges", "events"}


def test_a_child_checks_only_its_tables(sample: Callable[[str], Path]) -> None:
    """A mistyped value in a table no child detector reads is not seen by the text
    group's child (it is the parent's to report), and is by the injection group's."""
    path = sample("summary_drift")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE edges SET relation = CAST(relation AS BLOB)")
        (n,) = conn.execute("SELECT count(*) FROM edges").fetchone()
    assert n
    done = runner._run_offloaded(
        str(path),
        "native",
        ["near_duplicate", "stated_change"],
        "2026-01-01T00:00:00Z",
        None,
        False,
    )
    assert done["mistyped"] == {}
    done = runner._run_offloaded(
        str(path), "native", ["injected_instruction"], "2026-01-01T00:00:00Z", None, False
    )
    assert done["mistyped"] == {"edges.relation": n}
    with open_store(str(path)) as store:
        assert isinstance(store, NativeStore) and store.checked_tables is None
        assert dict(store.sql_view().mistyped) == {"edges.relation": n}
