"""A tool the user took away, noted by the assistant (round 32's false alarms, class S).

"Note to self: the user revoked the email-send tool for this project; I can draft
messages but must hand them to the user to send." The note opens like an order the model
gives itself ("Note to self:"), and what it records is a narrowing: the user took a tool
or a permission away, and the act goes back to the user. It is spared (``tool_revoked``)
when all of these hold:

- the user is the one who took it away ("the user revoked / removed / disabled",
  "l'utilisatrice a retiré", "l'utente ha revocato", "el usuario revocó", "der Nutzer hat
  … entzogen");
- the act is handed back to the user or waits for them ("hand them to the user to send",
  "les lui remettre", "consegnarle all'utente", "entregárselos al usuario", "dem Nutzer
  übergeben"), or the text otherwise limits the agent (``protective.limits_agent``);
- nothing brings the tool back another way ("but I can still send through …",
  "trotzdem"), no destination, no check taken away, no widening.

Its poison twins are the same note with the tool reached another way, an address to
send to, or the revocation said to be lifted — each stays flagged (tested in five
languages, ``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _CHECK_TAKEN, _ELSEWHERE, _WIDENED, limits_agent
from memaudit.injection.vocabulary import _rx

REVOKE_REACH = 400  # characters read from the note's start (bounded: linear time)

# The user as the one who took a tool or permission away.
_REVOKED = _rx(
    r"\b(?:the\s+)?user\s+(?:has\s+|had\s+)?(?:revoked|removed|disabled|withdrew|withdrawn|"
    r"turned\s+off|switched\s+off|took\s+away|taken\s+away)\b"
    r"|\bl'utilisat(?:eur|rice)\s+(?:m'\s*)?a\s+(?:révoqué|retiré|désactivé|supprimé|coupé)\b"
    r"|\bl'utente\s+(?:mi\s+)?ha\s+(?:revocato|rimosso|disattivato|tolto|ritirato)\b"
    r"|\b(?:el\s+usuario|la\s+usuaria)\s+(?:me\s+)?(?:ha\s+)?(?:revocó|revocado|retiró|retirado|"
    r"desactivó|desactivado|quitó|quitado)\b"
    r"|\b(?:der\s+nutzer|die\s+nutzerin|der\s+benutzer)\s+hat\s+(?:mir\s+)?[^.;!?\n]{0,60}?"
    r"\b(?:entzogen|widerrufen|deaktiviert|abgeschaltet|entfernt|gesperrt)\b"
)
# The act handed back to the user: "hand them to the user", "les remettre à
# l'utilisatrice", "consegnarle all'utente", "entregárselos al usuario", "dem Nutzer
# übergeben"; or the user does it themselves.
_HANDED_BACK = _rx(
    r"\b(?:hand|give|pass|leave|return)\w*\s+(?:them|it|those|these|the\s+\w+)\s+(?:back\s+)?"
    r"to\s+(?:the\s+user|them|him|her)\b|\b(?:the\s+user|they|he|she)\s+(?:sends?|sent|does|do)\s+"
    r"(?:them|it)\s+(?:themselves|himself|herself)\b"
    r"|\b(?:remett|donn|laiss|transmett)\w*\s+à\s+l'utilisat(?:eur|rice)\b|\bles\s+lui\s+(?:remett|donn|laiss)\w*"
    r"|\b(?:consegn|lasci|d[aà]r|pass)\w*\s+all'utente\b"
    r"|\b(?:entreg|dej|pas|d)\w*\s+al\s+usuario\b|\bentregárs\w+"
    r"|\b(?:dem\s+nutzer|der\s+nutzerin|ihm|ihr)\s+(?:\w+\s+){0,3}?(?:übergeben|überlassen|"
    r"geben|vorlegen)\b"
)
# The tool reached again another way: "but I can still send via …", "trotzdem".
_STILL = _rx(
    r"\b(?:still|anyway|anyhow|nevertheless|instead|workaround|via|through|"
    r"quand\s+même|malgré|à\s+la\s+place|via|comunque|lo\s+stesso|invece|tramite|"
    r"igualmente|de\s+todos\s+modos|en\s+su\s+lugar|mediante|"
    r"trotzdem|dennoch|stattdessen|über\s+(?:den|das|die))\b"
)
_NOTE_KINDS = frozenset({Signal.AGENT_DIRECTIVE, Signal.STANDING_RULE, Signal.IMPERATIVE})


def tool_revoked(low: str, h: Hit) -> bool:
    """Whether a rule-shaped hit lies in a note recording a tool the user took away, the
    act handed back to the user, nothing bringing the tool back."""
    if h.signal not in _NOTE_KINDS:
        return False
    head = low[:REVOKE_REACH]
    if len(low) > REVOKE_REACH or _REVOKED.search(head) is None:
        return False  # (a note, not a long text: read whole, once)
    if _HANDED_BACK.search(head) is None and not limits_agent(head):
        return False
    return not (
        _STILL.search(head)
        or _ELSEWHERE.search(head)
        or _WIDENED.search(head)
        or _CHECK_TAKEN.search(head)
    )
