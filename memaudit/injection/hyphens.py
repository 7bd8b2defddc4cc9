"""Hyphens inside words, read as the words they split: a soft hyphen as typography, and
a word broken across lines with a hyphen ("Pass-\\nwörter", round 21) rejoined."""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit

SOFT_HYPHEN_WORD = 40  # letters: a longer "word" is words run together


def typographic(text: str, i: int) -> bool:
    """A soft hyphen inside one word of a text with spaces ("Donau\u00addampf\u00adschiff")
    is typography: the view reads the word whole, and it hides nothing. Between words of
    a text that has no spaces ("user\u00adprefers\u00adno ...") it is the spaces, hidden."""
    if not (0 < i < len(text) - 1 and text[i - 1].isalpha() and text[i + 1].isalpha()):
        return False
    a = i
    while a > 0 and (text[a - 1].isalpha() or text[a - 1] == "\u00ad"):
        a -= 1
    b = i
    while b < len(text) and (text[b].isalpha() or text[b] == "\u00ad"):
        b += 1
    return " " in text and b - a - text.count("\u00ad", a, b) <= SOFT_HYPHEN_WORD


# A letter, a hyphen at the end of a line, the line after starting with a lower-case letter:
# one word broken across lines, as a typesetter (or an attacker splitting "Pass-\nwörter"
# away from the patterns) breaks it. A list's dash or a capital after the break is no such
# thing.
_BROKEN = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n[ \t]*(?=[a-zß-öø-ÿ])")


def rejoined(
    view: str, index: list[int] | None, hidden: list[Hit]
) -> tuple[str, list[int] | None, list[Hit]]:
    """The view with each word broken across lines by a hyphen read whole, and the offset
    of each character back in the stored text (``index``: None when the view is it)."""
    if "-" not in view or "\n" not in view:
        return view, index, hidden
    cuts = [(m.start(), m.end()) for m in _BROKEN.finditer(view)]
    if not cuts:
        return view, index, hidden
    at = index if index is not None else range(len(view))
    keep: list[int] = []
    last = 0
    for start, end in cuts:
        keep.extend(range(last, start))
        last = end
    keep.extend(range(last, len(view)))
    return "".join(view[k] for k in keep), [at[k] for k in keep], hidden
