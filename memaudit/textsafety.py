"""Making stored text safe and honest to show: the core of the output boundary.

Memory content comes from agents, tools and web pages, and so do ids, actor names,
JSON keys and table names. Shown raw, such text can hide words behind zero-width
characters, reorder them with bidi overrides, or drive the user's terminal with escape
sequences (retitle it, recolour it, write to the clipboard). ``reveal`` turns every
such character into a visible marker; the faces call it (through
``memaudit.tui.text``) before showing any stored text. ``json_text`` is the one JSON
writer for scripts: the same data, with the same characters written as ``\\uXXXX``.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

_NAMED = {
    "\u200b": "ZWSP",
    "\u200c": "ZWNJ",
    "\u200d": "ZWJ",
    "\u200e": "LRM",
    "\u200f": "RLM",
    "\u202a": "LRE",
    "\u202b": "RLE",
    "\u202c": "PDF",
    "\u202d": "LRO",
    "\u202e": "RLO",
    "\u2060": "WJ",
    "\u2066": "LRI",
    "\u2067": "RLI",
    "\u2068": "FSI",
    "\u2069": "PDI",
    "\ufeff": "BOM",
    "\u00ad": "SHY",
    "\x1b": "ESC",
}


# Cc: control characters (C0, DEL, C1); Cf: format characters (invisible, bidi);
# Cs: lone surrogates (no terminal can encode them); Zl, Zp: line and paragraph
# separators (a line break some viewers obey and others hide).
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _is_hidden(ch: str) -> bool:
    if ch in _NAMED:
        return True
    return unicodedata.category(ch) in _HIDDEN_CATEGORIES and ch not in "\n\t"


def hidden_characters(text: str) -> list[tuple[int, str]]:
    """Positions and names of characters a reader would not see."""
    if text.isprintable():  # as in ``reveal``: no hidden character is printable
        return []
    return [(i, marker_name(ch)) for i, ch in enumerate(text) if _is_hidden(ch)]


def marker_name(ch: str) -> str:
    return _NAMED.get(ch) or f"U+{ord(ch):04X}"


def reveal(text: str, keep_newlines: bool = True) -> str:
    """Replace hidden and control characters with ``⟨NAME⟩`` markers."""
    text = _as_text(text)
    # No hidden character (nor a newline) is one str.isprintable accepts: most text
    # needs no per-character pass.
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\n" and not keep_newlines:
            out.append("⏎")
        elif _is_hidden(ch):
            out.append(f"⟨{marker_name(ch)}⟩")
        else:
            out.append(ch)
    return "".join(out)


def preview(text: str, width: int = 80) -> str:
    """One safe line: hidden characters revealed, newlines shown, cut to width."""
    text = _as_text(text)
    line = reveal(" ".join(text.split("\n")), keep_newlines=False)
    line = " ".join(line.split())
    return line if len(line) <= width else line[: max(1, width - 1)] + "…"


def _as_text(value: object) -> str:
    """Stores hand over blobs and numbers where text was expected; show those too."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def json_text(data: Any, indent: int | None = None) -> str:
    """``data`` as JSON for scripts (``--json``, ``--jsonl``): the same data as
    ``json.dumps`` gives, but every character ``reveal`` would mark (C0 and C1
    controls, bidi overrides, invisible format characters, separators, lone
    surrogates) written as a ``\\uXXXX`` escape, so none reaches a terminal, a pager or
    a log viewer raw."""
    out = json.dumps(data, indent=indent, ensure_ascii=False, default=str)
    # json.dumps already escapes C0 inside strings; raw newlines are its indentation.
    if out.replace("\n", "").isprintable():
        return out
    lines = out.split("\n")
    for n, line in enumerate(lines):
        if not line.isprintable():
            lines[n] = "".join(_json_escape(ch) if _is_hidden(ch) else ch for ch in line)
    return "\n".join(lines)


def _json_escape(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # JSON escapes only 16-bit units: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"
