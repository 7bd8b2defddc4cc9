"""A bound on the context rules' work in a text of very many hits.

The rules that read a hit's context (``safeguards.quieted``, ``engine._discount``) look at
its sentence and, for some, at the text's other hits: a hostile text made of one
directive repeated ("<!-- assistant must " 1,000 times) took over a minute for 20,000
characters. Only the strongest hit of each kind counts in the score, so past
``PER_KIND`` hits of a kind the rest are kept as they were found, their context unread:
at full weight, never quieted. Padding a text with discounted decoys cannot hide a
directive placed after them; a text with that many hits of one kind is flagged on them.
No labelled case comes near the bound (at most 13 hits of one kind).
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit

PER_KIND = 32


def beyond_bound(hits: list[Hit]) -> tuple[list[Hit], list[Hit]]:
    """``hits`` split in found order: the first ``PER_KIND`` of each kind (their context
    read), and the others (kept as found)."""
    seen: dict[object, int] = {}
    read: list[Hit] = []
    kept: list[Hit] = []
    for h in hits:
        n = seen[h.signal] = seen.get(h.signal, 0) + 1
        (read if n <= PER_KIND else kept).append(h)
    return read, kept
