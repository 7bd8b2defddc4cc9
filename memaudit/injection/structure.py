"""Hits a text's structure shows to be no order to the agent, read before ``assess``
weighs them (issue 20: round 37's false alarms the address lever leaves). Each reading is
a module named for its capability; this one applies them in turn."""

from __future__ import annotations

from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.documented import undocumented
from memaudit.injection.editors_note import editors_notes


def read_structure(text: str, outside: bool, found: Sequence[Hit]) -> list[Hit]:
    """``found`` without an API's documented endpoint (``documented``: a document's or a
    tool's text, ``outside``), a note to a markup's editor soft (``editors_note``)."""
    return editors_notes(undocumented(text, outside, found))
