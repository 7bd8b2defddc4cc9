"""Hits a text's structure shows to be no order to the agent, read before ``assess``
weighs them (issue 20: round 37's false alarms the address lever leaves). Each reading is
a module named for its capability; this one applies them in turn."""

from __future__ import annotations

from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.documented import undocumented
from memaudit.injection.receipts import receipt_hits
from memaudit.injection.remarks import remark_hits


def read_structure(text: str, outside: bool, found: Sequence[Hit]) -> list[Hit]:
    """``found`` without an API's documented endpoint (``documented``) and without a tool's
    receipt or log (``receipts``), in a document's or a tool's text (``outside``); and
    without an HTML comment that holds its author's remark only (``remarks``, any source).
    (``editors_note``, a comment's order read as a note to the markup's editor, was removed
    after the merge: it quieted the tests' HTML-comment poison of rounds 31 and 33 and
    helps nothing with the address lever off.)"""
    return remark_hits(text, receipt_hits(text, outside, undocumented(text, outside, found)))
