"""One reader for the timestamps stores write (``clock.store_time``), used by every
adapter: ISO text, SQL CURRENT_TIMESTAMP, datetimes and epoch numbers alike."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from memaudit.clock import store_time


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-01-02T10:00:00Z", "2026-01-02T10:00:00Z"),
        ("2026-01-02 10:00:00", "2026-01-02T10:00:00Z"),  # CURRENT_TIMESTAMP, naive = UTC
        ("2026-01-02T12:00:00.123+02:00", "2026-01-02T10:00:00Z"),
        ("2026-01-02", "2026-01-02T00:00:00Z"),
        (1767348000, "2026-01-02T10:00:00Z"),  # epoch seconds
        (1767348000.5, "2026-01-02T10:00:00Z"),
        ("1767348000", "2026-01-02T10:00:00Z"),  # a number written as text
        (datetime(2026, 1, 2, 12, tzinfo=timezone(timedelta(hours=2))), "2026-01-02T10:00:00Z"),
        (datetime(2026, 1, 2, 10), "2026-01-02T10:00:00Z"),
    ],
)
def test_what_stores_write(value: object, expected: str) -> None:
    assert store_time(value) == expected


def test_milliseconds() -> None:
    assert store_time(1767348000000, millis=True) == "2026-01-02T10:00:00Z"
    assert store_time("1767348000000", millis=True) == "2026-01-02T10:00:00Z"
    assert store_time("2026-01-02T10:00:00Z", millis=True) == "2026-01-02T10:00:00Z"


@pytest.mark.parametrize("value", [None, "", "yesterday", True, False, 10**30, "nan", b"x"])
def test_garbage_is_none_never_an_error(value: object) -> None:
    assert store_time(value) is None


def test_utc_now_round_trips() -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    assert store_time(now.isoformat()) == now.strftime("%Y-%m-%dT%H:%M:%SZ")
