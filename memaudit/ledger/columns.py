"""The ``memories`` table as memaudit reads it: its columns (``MEMORY_COLUMNS``, and
``QUALIFIED_COLUMNS`` for joins with the FTS table) and a row of them as a ``Memory``
(``row_to_memory``), lenient with what a damaged or hand-edited ledger holds."""

from __future__ import annotations

import math
import sys
from dataclasses import fields, replace
from typing import Any

from memaudit import storejson
from memaudit.model import Event, Memory, SourceType, Status, Validation

MEMORY_COLUMNS = (
    "id, content, summary, tags, source_type, source_ref, confidence, importance, scope, "
    "status, validation, validated_by, validated_at, derived, superseded_by, "
    "contradicted_by, created_at, updated_at, created_by, last_accessed, access_count, "
    "decay_score, expires_at, pinned, version"
)
# The same, qualified: memories_fts has content/summary/tags columns too.
QUALIFIED_COLUMNS = ", ".join("memories." + c.strip() for c in MEMORY_COLUMNS.split(","))


def row_to_memory(row: tuple[Any, ...]) -> Memory:
    (
        mid,
        content,
        summary,
        tags,
        source_type,
        source_ref,
        confidence,
        importance,
        scope,
        status,
        validation,
        validated_by,
        validated_at,
        derived,
        superseded_by,
        contradicted_by,
        created_at,
        updated_at,
        created_by,
        last_accessed,
        access_count,
        decay_score,
        expires_at,
        pinned,
        version,
    ) = row
    # A damaged or hand-edited ledger can hold blobs or numbers where text belongs
    # (SQLite does not enforce column types); show them, do not crash on them.
    mid, content, summary, source_ref, scope = map(
        _text, (mid, content, summary, source_ref, scope)
    )
    validated_by, validated_at, superseded_by, contradicted_by = map(
        _text, (validated_by, validated_at, superseded_by, contradicted_by)
    )
    created_at, updated_at, created_by, last_accessed, expires_at = map(
        _text, (created_at, updated_at, created_by, last_accessed, expires_at)
    )
    confidence, importance, decay_score = map(_number, (confidence, importance, decay_score))
    access_count, version = _number(access_count), _number(version)
    tag_list = read_tags(tags)
    return Memory(
        id=mid,
        content=content or "",
        summary=summary,
        tags=tag_list,
        source_type=_enum(SourceType, source_type, SourceType.UNKNOWN),
        source_ref=source_ref,
        confidence=confidence,
        importance=importance,
        scope=scope,
        status=_enum(Status, status, Status.ACTIVE),
        validation=_enum(Validation, validation, Validation.UNVALIDATED),
        validated_by=validated_by,
        validated_at=validated_at,
        derived=bool(derived),
        superseded_by=superseded_by,
        contradicted_by=contradicted_by,
        created_at=created_at,
        updated_at=updated_at,
        created_by=created_by,
        last_accessed=last_accessed,
        access_count=int(access_count or 0),
        decay_score=decay_score,
        expires_at=expires_at,
        pinned=bool(pinned),
        version=int(version or 1),
    )


def read_tags(tags: Any) -> list[str]:
    """The ``tags`` column (a JSON list) as ``ls`` shows it: anything else, one tag."""
    try:
        tag_list = storejson.loads(tags) if tags else []
    except ValueError:
        tag_list = [_text(tags)]
    return [str(t) for t in tag_list] if isinstance(tag_list, list) else [str(tag_list)]


def light_row(row: tuple[Any, ...]) -> tuple[str, str, str | None, str | None]:
    """(id, content, created_at, scope) with ``row_to_memory``'s conversions: a damaged
    row reads as its Memory would."""
    mid, content, created_at, scope = row
    return _text(mid), _text(content) or "", _text(created_at), _text(scope)


def _text(value: Any) -> Any:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


_MAX_FLOAT_INT = int(sys.float_info.max)
_INT64 = 2**63 - 1  # what SQLite binds (sqlview): a count past it is no count


def _number(value: Any) -> Any:
    """A finite number or None: NaN and ±inf (a REAL, or the texts "NaN"/"inf") are no
    confidence or count (``int(inf)`` raises; NaN compares false with everything)."""
    if value is None:
        return value
    if isinstance(value, int):  # past a float's range only in a foreign store's JSON
        return value if abs(value) <= _MAX_FLOAT_INT else None
    if not isinstance(value, float):
        try:
            value = float(value)
        except (TypeError, ValueError):
            return None
    return value if math.isfinite(value) else None


def _enum(kind: Any, value: Any, fallback: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        return fallback


# Memory's fields by declared type (the model's annotations are strings here).
_FIELDS = {f.name: str(f.type) for f in fields(Memory)}
_TEXT_FIELDS = tuple(n for n, t in _FIELDS.items() if t == "str | None" or n == "id")
_NUMBER_FIELDS = tuple(n for n, t in _FIELDS.items() if t == "float | None")


def typed_memory(memory: Memory) -> Memory:
    """A foreign adapter's Memory with each field of its declared type, read as
    ``row_to_memory`` reads a ledger row: an adapter maps a store's values as they are
    (a text ``trust_score``, a blob content, an integer id), and the commands format
    and compare them as the model says. Changed in place; a clean Memory costs a few
    type checks."""
    for name in _TEXT_FIELDS:
        value = getattr(memory, name)
        if value is not None and not isinstance(value, str):
            setattr(memory, name, _text(value))
    if not isinstance(memory.content, str):
        memory.content = _text(memory.content) or ""
    for name in _NUMBER_FIELDS:
        value = getattr(memory, name)
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or _number(value) is None  # NaN, ±inf, an integer past a float's range
        ):
            setattr(memory, name, _number(value))
    for name, default in (("access_count", 0), ("version", 1)):
        value = getattr(memory, name)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > _INT64:
            number = _number(value)
            ok = number is not None and abs(number) <= _INT64
            setattr(memory, name, int(number) if ok else default)
    if not isinstance(memory.tags, list) or not all(isinstance(t, str) for t in memory.tags):
        tags = memory.tags if isinstance(memory.tags, list) else [memory.tags]
        memory.tags = [t if isinstance(t, str) else str(_text(t)) for t in tags if t is not None]
    memory.derived, memory.pinned = bool(memory.derived), bool(memory.pinned)
    return memory


def typed_event(event: Event) -> Event:
    """A foreign adapter's Event with each field of its declared type, as
    ``typed_memory`` gives a Memory: a store's JSON can put a list in an operation's
    reason or a number in its path, and ``sqlview`` binds these fields as SQL values.
    A clean Event is returned as it is."""
    changes: dict[str, Any] = {
        name: _text(value)
        for name in ("at", "actor", "memory_id", "reason")
        if (value := getattr(event, name)) is not None and not isinstance(value, str)
    }
    if not isinstance(event.action, str):
        changes["action"] = str(_text(event.action))
    if not isinstance(event.detail, dict):
        changes["detail"] = {"detail": event.detail}
    return replace(event, **changes) if changes else event
