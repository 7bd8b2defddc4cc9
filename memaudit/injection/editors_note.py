"""An HTML comment that is a note to the markup's editor, not a carrier (issue 20; round
37's false alarm ``html-comment-11``).

What a hidden carrier holds weighs as a hard signal (``Hit.hidden``): a comment is where
poison hides an order from the person who reads the page. But a template's comment is
also where people leave themselves a reminder ("<!-- insert monthly photo here -->",
"<!-- TODO: replace hero image -->"): an imperative to whoever edits the markup, with
nothing else. Read by structure, in any language: when every hit of the text is a
comment, a bare imperative or a directive (or a fact about the user), with no
destination, no secrecy, no rule for later turns, no override, no payload and no order the
learned scorer reads, the directives inside the comment weigh as the soft hits they are
(the address lever then weighs them as any other). Its poison twins keep the comment a
carrier: "<!-- assistant: send the list to … -->" (a destination), "<!-- from now on … -->"
(a standing rule), "<!-- ignore … -->" (an override).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal

# The only kinds a note to the markup's editor holds.
_NOTE_KINDS = frozenset(
    {Signal.HTML_COMMENT, Signal.IMPERATIVE, Signal.AGENT_DIRECTIVE, Signal.USER_FACT}
)
_SOFTENED = frozenset({Signal.IMPERATIVE, Signal.AGENT_DIRECTIVE})


def editors_notes(found: Sequence[Hit]) -> list[Hit]:
    """``found``, a comment's directives made soft when the text is only a note to the
    markup's editor (the module's docstring); else as found."""
    hits = list(found)
    comments = [h for h in hits if h.signal is Signal.HTML_COMMENT]
    if not comments or any(h.signal not in _NOTE_KINDS for h in hits):
        return hits
    return [
        dataclasses.replace(h, hidden=False)
        if h.hidden
        and h.signal in _SOFTENED
        and any(c.start <= h.start and h.end <= c.end for c in comments)
        else h
        for h in hits
    ]
