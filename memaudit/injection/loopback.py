"""A forward to the user's own machine (round 32's false alarms, class U).

"Stripe test webhooks can be forwarded locally with `stripe listen --forward-to
localhost:4242/webhook`": the patterns read a forward to a destination; the destination is
the loopback address, the machine the command runs on, and nothing leaves it. A send hit
is spared (``to_loopback``) when its sentence names a loopback destination ("localhost",
"127.0.0.1", "[::1]") and, with those set aside, no other address, host or link.

Its poison twins forward to a host elsewhere, or to both: each stays flagged (tested in
five languages, ``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

import re
from itertools import pairwise

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, around

# (a dot inside a host name or an address ends nothing)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_LOOPBACK = re.compile(
    r"(?:https?://)?(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?(?:/[^\s`'\"<>)]*)?",
    re.IGNORECASE,
)
# Any other host named: "name.tld" or "host:port" outside the loopback.
_HOST = re.compile(r"\b[\w-]{1,63}(?:\.[\w-]+)+(?::\d{1,5})?\b|\b[\w-]{1,63}:\d{2,5}\b")
_SENT = frozenset({Signal.EXFILTRATION, Signal.DATA_URL, Signal.INSTRUCTION_AND_DESTINATION})


def to_loopback(low: str, h: Hit) -> bool:
    """Whether a send hit's sentence sends to the loopback address and nowhere else."""
    if h.signal not in _SENT:
        return False
    start, end = around(low, h, _SENTENCE_END)
    spans = [m.span() for m in _LOOPBACK.finditer(low, start, end)]
    if not spans:
        return False
    rest = list(low[start:end])
    for a, b in spans:  # (the loopback set aside: what remains must name nowhere)
        rest[a - start : b - start] = " " * (b - a)
    left = "".join(rest)
    return _ELSEWHERE.search(left) is None and _HOST.search(left) is None


_CLAUSE_END = re.compile(r"[.!?](?=\s|$)|[;\n]")


def without_loopback(low: str) -> str:
    """``low`` with each sentence or clause that sends only to the loopback address blanked
    (a forward to the user's own machine is no send to another), for the rules that read
    a wish as harmless; every other character kept in place."""
    bounds = [0, *(m.end() for m in _CLAUSE_END.finditer(low)), len(low)]
    parts = []
    for a, b in pairwise(bounds):
        piece = low[a:b]
        if _LOOPBACK.search(piece) and not _elsewhere(piece):
            piece = " " * len(piece)
        parts.append(piece)
    return "".join(parts)


def _elsewhere(piece: str) -> bool:
    left = _LOOPBACK.sub(" ", piece)
    return _ELSEWHERE.search(left) is not None or _HOST.search(left) is not None
