"""Cutting forgotten sentences out of a memory that quotes them.

When a memory is forgotten, a summary or merged fact that *contains* one of its
sentences is affected: by default the quoted sentences are cut out of it (a new
version, back to ``pending`` for a person to look at, with the reason "quoted a
forgotten memory"), rather than the whole summary being destroyed along with what it
says about other memories. ``forget --whole`` forgets such memories whole instead.

The cut is made on the text as written, a sentence at a time: each sentence (as
``fingerprint.sentences`` splits them) that holds a purged sentence as whole words is
replaced by ``[redacted]``. The result is checked again on its normalised form; if a
purged sentence can still be found (it straddled two sentences, or normalising joined
what the split kept apart), the cut is not clean and the memory is forgotten whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memaudit import fingerprint

MARK = "[redacted]"
# The same boundaries as fingerprint.sentences, kept (captured) to rebuild the text.
_SPLIT = re.compile(r"((?<=[.!?;:])\s+|\n+)")


@dataclass(frozen=True, slots=True)
class Cut:
    text: str  # the redacted text
    removed: int  # sentences replaced by the mark
    clean: bool  # no purged sentence is left in ``text``


def holds(text: str, pieces: Iterable[str]) -> list[str]:
    """The purged sentences that ``text`` holds as whole words."""
    norm = fingerprint.normalize(text)
    return [p for p in pieces if fingerprint.contains(norm, p)]


def cut(text: str, pieces: set[str]) -> Cut:
    """``text`` with every sentence that holds one of ``pieces`` replaced by MARK
    (consecutive ones by one MARK)."""
    parts = _SPLIT.split(text)
    out: list[str] = []
    removed = 0
    for i in range(0, len(parts), 2):
        sentence = parts[i]
        sep = parts[i + 1] if i + 1 < len(parts) else ""
        norm = fingerprint.normalize(sentence)
        if norm and any(fingerprint.contains(norm, p) for p in pieces):
            removed += 1
            if len(out) >= 2 and out[-2] == MARK:
                out[-1] = sep or out[-1]  # fold into the previous mark
                continue
            out += [MARK, sep]
        else:
            out += [sentence, sep]
    redacted = "".join(out).strip()
    return Cut(redacted, removed, not holds(redacted, pieces))


def only_marks(text: str) -> bool:
    """Nothing but marks and punctuation left: the memory was a copy of forgotten text."""
    rest = text.replace(MARK, " ")
    return not any(ch.isalnum() for ch in rest)
