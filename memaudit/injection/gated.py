"""A write allowed only when the user asks for it (round 32's false alarms, class W).

"Summary of the wiki page 'Agent memory hygiene': entries may only be added when the user
asks explicitly; anything derived from web pages goes into a separate, untrusted scratch
file." The patterns read "when the user asks" as a trigger and "untrusted" as a
directive; the sentence makes the agent's write wait for the user's own ask, a check kept
as ``protective.limits_agent``'s are. Its rule-shaped hits are spared (``user_gated``)
when the trigger is the gate itself (or the word read as its order right after it), on the user's explicit ask ("only when the user asks",
"que si l'utilisateur le demande", "solo quando l'utente lo chiede", "solo cuando el
usuario lo pide", "nur wenn der Nutzer darum bittet") and the text holds no exception
("except", "sauf", "tranne", "salvo", "außer"), no destination, no check taken away, no
widening.

Its poison twins carve an exception that writes without asking, or name a destination:
each stays flagged (tested in five languages, ``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _CHECK_TAKEN, _ELSEWHERE, _WIDENED
from memaudit.injection.vocabulary import _rx

GATE_REACH = 600  # characters either side of a hit read for an exception (bounded)

_ONLY_WHEN_ASKED = _rx(
    r"\bonly\s+(?:be\s+)?(?:\w+\s+){0,4}?(?:when|if|after)\s+(?:the\s+user|they|you)\s+"
    r"(?:explicitly\s+|expressly\s+)?(?:asks?|requests?|says\s+so)\b"
    r"|\b(?:que|seulement)\s+(?:si|quand|lorsque)\s+l'utilisat(?:eur|rice)\s+(?:le\s+)?"
    r"(?:demande|réclame)\b"
    r"|\bsolo\s+(?:se|quando)\s+l'utente\s+(?:lo\s+)?(?:chiede|richiede)\b"
    r"|\bsolo\s+(?:si|cuando)\s+el\s+usuario\s+(?:lo\s+)?(?:pide|solicita)\b"
    r"|\bnur,?\s+(?:dann\s+)?(?:wenn|falls)\s+(?:der\s+nutzer|die\s+nutzerin)\s+(?:\w+\s+){0,3}?"
    r"(?:bittet|verlangt|wünscht)\b"
)
_EXCEPT = _rx(
    r"\b(?:except|unless|but\s+not|sauf|excepté|à\s+moins|tranne|eccetto|salvo|a\s+meno|"
    r"excepto|salvo|a\s+menos|außer|ausgenommen|es\s+sei\s+denn)\b"
)
_READ_AS_ORDER = frozenset({Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE})
GATE_TAIL = 60  # characters past a trigger where its gate's ask ends ("… le demande")
CONSEQUENT_GAP = 3  # characters between a trigger's end and the word read as its order


def user_gated(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a trigger hit is the gate "only when the user explicitly asks" (or the word
    read as its order right after it), nothing around it carving an exception, sending
    anywhere, taking a check away or widening."""
    trigger: Hit | None = None
    if h.signal is Signal.CONDITIONAL_TRIGGER:
        trigger = h
    elif h.signal in _READ_AS_ORDER:
        trigger = next(
            (
                t
                for t in hits
                if t.signal is Signal.CONDITIONAL_TRIGGER
                and t.end <= h.start <= t.end + CONSEQUENT_GAP
            ),
            None,
        )
    if trigger is None:
        return False
    gate = next(
        (
            m
            for m in _ONLY_WHEN_ASKED.finditer(
                low, max(0, trigger.start - GATE_REACH), trigger.end + GATE_TAIL
            )
            if m.start() <= trigger.start < m.end()
        ),
        None,
    )
    if gate is None:
        return False
    lo, hi = max(0, h.start - GATE_REACH), h.end + GATE_REACH
    window = low[lo:hi]
    return not (
        _EXCEPT.search(window)
        or _ELSEWHERE.search(window)
        or _CHECK_TAKEN.search(window)
        or _WIDENED.search(window)
    )
