"""``hidden_characters`` answers "none" without a per-character pass for text that
``str.isprintable`` accepts. That shortcut must never hide a character the full pass
would name: checked for every code point, and on texts that carry each named one."""

from __future__ import annotations

import sys

from memaudit import textsafety


def test_no_printable_character_is_a_hidden_one() -> None:
    printable_yet_hidden = [
        hex(c)
        for c in range(sys.maxunicode + 1)
        if chr(c).isprintable() and textsafety._is_hidden(chr(c))
    ]
    assert printable_yet_hidden == []


def test_each_named_character_is_found_inside_plain_text() -> None:
    for ch, name in textsafety._NAMED.items():
        assert textsafety.hidden_characters(f"plain {ch}text") == [(6, name)]
    assert textsafety.hidden_characters("plain text, é, 中文, tabs\tand\nlines") == []
