"""Time, injectable everywhere.

All stored timestamps are UTC ISO-8601 strings with a ``Z`` suffix and second
precision, so they sort as text and compare in SQL. ``now`` is always a parameter
(``--now`` on the CLI) so decay and staleness can be tested and replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from memaudit.errors import InvalidInput

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def fixed_clock(at: datetime | str) -> Clock:
    moment = parse_time(at) if isinstance(at, str) else at

    def clock() -> datetime:
        return moment

    return clock


def to_iso(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(value: str) -> datetime:
    """Parse an ISO date or datetime; naive values are taken as UTC.

    Accepts what real stores write: ``2026-01-02``, ``2026-01-02 10:00:00``,
    ``2026-01-02T10:00:00.123456+02:00``, ``...Z``.
    """
    text = value.strip()
    if not text:
        raise InvalidInput("empty time value")
    if text.endswith("Z") or text.endswith("z"):
        text = text[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        try:
            moment = datetime.combine(date.fromisoformat(text), datetime.min.time())
        except ValueError:
            raise InvalidInput(
                f"not a date or time: {value!r} (use ISO 8601, e.g. 2026-11-30 or "
                "2026-11-30T08:00:00Z)"
            ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def store_time(value: object, *, millis: bool = False) -> str | None:
    """A timestamp as a store wrote it — ISO text, SQL ``CURRENT_TIMESTAMP``, a
    ``datetime``, an epoch number (seconds, or milliseconds with ``millis``), as a number
    or as text — as UTC ISO-Z. Naive values are taken as UTC (stores do not say which
    zone they meant). Anything else gives None rather than an error: one odd row must
    not stop ``ls``."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        if isinstance(value, datetime):
            return to_iso(value)
        if isinstance(value, int | float):
            return _epoch(float(value), millis)
        text = str(value)
        try:
            return to_iso(parse_time(text))
        except InvalidInput:
            return _epoch(float(text), millis)  # a number written as text
    except (ValueError, OverflowError, OSError):
        return None


def _epoch(seconds: float, millis: bool) -> str:
    return to_iso(datetime.fromtimestamp(seconds / 1000 if millis else seconds, UTC))


def parse_since(value: str, now: datetime) -> datetime:
    """``7d``, ``12h``, ``30m`` relative to now, or an absolute ISO time."""
    text = value.strip().lower()
    units = {"d": "days", "h": "hours", "m": "minutes", "w": "weeks"}
    if len(text) >= 2 and text[-1] in units and text[:-1].isdigit():
        return now - timedelta(**{units[text[-1]]: int(text[:-1])})
    return parse_time(value)


def age_days(then: str | None, now: datetime) -> float | None:
    if not then:
        return None
    return (now - parse_time(then)).total_seconds() / 86400.0


def human_age(days: float | None) -> str:
    if days is None:
        return "-"
    if days < 1 / 24:
        return f"{max(0, int(days * 1440))}m"
    if days < 1:
        return f"{int(days * 24)}h"
    if days < 60:
        return f"{int(days)}d"
    return f"{int(days // 30)}mo"
