"""Making stored text safe and honest to show.

Memory content comes from agents, tools and web pages. Shown raw it can hide words
behind zero-width characters, reorder them with bidi overrides, or drive the user's
terminal with escape sequences (retitle it, recolour it, write to the clipboard).
``reveal`` turns every such character into a visible marker; faces call it before
printing any stored text.
"""

from __future__ import annotations

import unicodedata

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


def _is_hidden(ch: str) -> bool:
    if ch in _NAMED:
        return True
    cat = unicodedata.category(ch)
    # Cc: control characters (C0, DEL, C1); Cf: format characters (invisible).
    return cat in ("Cc", "Cf") and ch not in "\n\t"


def hidden_characters(text: str) -> list[tuple[int, str]]:
    """Positions and names of characters a reader would not see."""
    return [(i, marker_name(ch)) for i, ch in enumerate(text) if _is_hidden(ch)]


def marker_name(ch: str) -> str:
    return _NAMED.get(ch) or f"U+{ord(ch):04X}"


def reveal(text: str, keep_newlines: bool = True) -> str:
    """Replace hidden and control characters with ``⟨NAME⟩`` markers."""
    text = _as_text(text)
    # Every hidden character is in category Cc or Cf (or is a newline), none of which
    # str.isprintable accepts: most text needs no per-character pass.
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
