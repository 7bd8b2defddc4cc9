"""The ``memories`` table as memaudit reads it: its columns (``MEMORY_COLUMNS``, and
``QUALIFIED_COLUMNS`` for joins with the FTS table) and a row of them as a ``Memory``
(``row_to_memory``), lenient with what a damaged or hand-edited ledger holds."""

from __future__ import annotations

import json
from typing import Any

from memaudit.model import Memory, SourceType, Status, Validation

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
    try:
        tag_list = json.loads(tags) if tags else []
    except (ValueError, TypeError):
        tag_list = [_text(tags)]
    return Memory(
        id=mid,
        content=content or "",
        summary=summary,
        tags=[str(t) for t in tag_list] if isinstance(tag_list, list) else [str(tag_list)],
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


def _number(value: Any) -> Any:
    if value is None or isinstance(value, int | float):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _enum(kind: Any, value: Any, fallback: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        return fallback
