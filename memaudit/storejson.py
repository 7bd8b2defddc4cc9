"""JSON read from a store: the one parser for it.

A store's JSON (a metadata column, a pending record, a JSON Lines file, an event's
detail) is attacker-controlled, and nesting is a weapon: ``[[[[…]]]]`` 100,000 deep
makes ``json.loads`` raise ``RecursionError`` (not a ``ValueError``, so a caller's
"not JSON" branch misses it), and a value a little under the interpreter's limit
parses, then breaks the first recursive walk of it (a content probe, a lineage
reader). ``loads`` refuses a document nested deeper than ``MAX_DEPTH`` with a
``ValueError``, so every caller's existing "not JSON" handling covers it.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 200  # far more than any store writes; far less than the recursion limit

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def too_deep(text: str) -> bool:
    """True when brackets outside strings nest deeper than ``MAX_DEPTH``."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False  # the common case: no scan
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def loads(data: object) -> Any:
    """``json.loads`` for a value from a store; too deep a document, or a value that is
    not text at all, is a ``ValueError``."""
    # Brackets and quotes are ASCII, never part of a multi-byte UTF-8 sequence: latin-1
    # finds them in bytes without deciding the encoding (json.loads still does that).
    if not isinstance(data, str | bytes | bytearray):  # a number or NULL where JSON was
        raise ValueError(f"not JSON text but {type(data).__name__}")
    text = data if isinstance(data, str) else bytes(data).decode("latin-1")
    if too_deep(text):
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(data)
    except RecursionError as exc:  # a bound on the text above should make this unreachable
        raise ValueError("JSON nested too deep") from exc


def mapping(raw: object) -> dict[str, Any]:
    """A store's JSON that holds an object (a provider's settings file or row), from its
    bytes or text; the JSON counterpart of ``storeyaml.mapping``. A value that is not
    JSON, too deep or not an object is a ``ValueError`` (bytes that are not UTF-8 are
    read as U+FFFD)."""
    text = raw.decode("utf-8-sig", errors="replace") if isinstance(raw, bytes) else raw
    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON (line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data
