"""A text's injection hits as the write gate finds and keeps them, read back: the gate's
hits made of the scan's two parts (``gate_hits``), and those parts as the judgements file
holds them (``kept_parts``). Apart from ``written`` so that ``pending`` (the review
listing's evidence) reads them without importing the write path, which imports
``queue_injection`` and so ``pending``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from memaudit.injection.judgements import LEARNED, SIGNALS, Judgements

if TYPE_CHECKING:
    from memaudit.injection.assessment import Hit


def gate_hits(pattern_hits: list[Hit], learned: list[Hit]) -> list[Hit]:
    """``engine.signals(text)`` from its two parts: ``signals(text, learned=False)`` and
    the learned scorer's hit. The scorer's hit comes after every hit of the same span
    (it is added last before the stable sort) and changes no other hit's settling (a
    scorer's hit always carries a note, which ``declared.settle`` does not count)."""
    if not learned:
        return pattern_hits
    return sorted([*pattern_hits, *learned], key=lambda h: (h.start, h.end))


def kept_parts(kept: Judgements | None, text: str) -> tuple[list[Hit], list[Hit]] | None:
    """The text's ``Written.parts`` read back for the review listing's evidence: the
    pattern hits as ``kept`` holds them (``Judgements.known``: a row no judgement of the
    text can be is not read), or None when they are not kept (a hit with a note is never
    kept: such a text is judged again). The scorer's hit carries a note (the words it
    weighed), so a flagged text's is seldom kept: it is asked of the scorer then, which
    sets up its model alone (about a third of the engine's set-up)."""
    if kept is None or (found := kept.known(SIGNALS, text)) is None:
        return None
    learned = kept.known(LEARNED, text)
    if learned is None:
        from memaudit.injection.scanning import _learned_hits

        learned = _learned_hits(text)
    return found, learned
