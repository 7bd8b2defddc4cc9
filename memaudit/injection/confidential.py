"""A confidentiality duty toward outsiders (round 32's false alarms, class T).

"From the NDA my client sent: I must not disclose the project codename to anyone outside
the core team. Please never mention it in emails to external addresses." The patterns
read "never mention" as a secrecy clause or a standing rule; what it keeps quiet is kept
from outsiders, on the user's behalf, not from the user. Its hits are spared
(``outsiders_kept_out``) when, in their clause:

- a mention or a disclosure is forbidden ("never mention", "must not disclose", "ne
  mentionne jamais", "non menzionare mai", "nunca menciones", "nie erwähnen");
- the ones kept out are outsiders ("anyone outside the core team", "external
  addresses", "third parties", "à l'extérieur", "indirizzi esterni", "terceros",
  "externe Adressen");
- the user is not among them ("never mention it to the user", "à moi"), and the text
  writes no address or link anywhere.

Its poison twins keep something from the user, or write an address: each stays flagged
(tested in five languages, ``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, around
from memaudit.injection.vocabulary import _rx

_CLAUSE_END = re.compile(r"[.!?;\n]")
NOTE_REACH = 600  # characters either side of a hit read for an address (bounded)

_FORBIDDEN_MENTION = _rx(
    r"\b(?:never|must\s+not|mustn't|may\s+not|do\s+not|don't|not\s+to)\s+(?:\w+\s+){0,2}?"
    r"(?:mention|disclose|reveal|name|share|discuss)\w*"
    r"|\bne\s+(?:\w+\s+){0,2}?(?:mentionn|divulgu|révél|cit|nomm|partag)\w*\s+(?:\w+\s+){0,2}?jamais\b"
    r"|\bne\s+(?:jamais|pas)\s+(?:mentionner|divulguer|révéler|citer|partager)\b"
    r"|\bnon\s+(?:\w+\s+){0,1}?(?:menzion|rivel|divulg|cit|nomin|condivid)\w*\s+(?:mai\b)?"
    r"|\b(?:nunca|no)\s+(?:\w+\s+){0,1}?(?:mencion|revel|divulg|cit|nombr|compart)\w*"
    r"|\b(?:nie|niemals|nicht)\s+(?:\w+\s+){0,2}?(?:erwähn|nenn|preisgeb|verrat|weitergeb|teil)\w*"
    r"|\b(?:erwähn|nenn|verrat)\w*\s+[^.;!?\n]{0,60}?\b(?:nie|niemals|nicht)\b"
)
_OUTSIDERS = _rx(
    r"\b(?:(?:anyone|anybody|people|someone|everyone)\s+outside|outside\s+(?:the|our|my|their)\s+"
    r"(?:\w+\s+)?(?:team|company|firm|group|family|project|deal)|outsiders?|third[\s-]part(?:y|ies)|"
    r"external\s+(?:addresses|address|parties|party|people|recipients|contacts|partners|clients|domains?)|"
    r"(?:adresses|personnes|destinataires|contacts)\s+(?:externes|extérieur\w*)|à\s+l'extérieur|des\s+tiers|"
    r"(?:indirizzi|persone|destinatari|contatti)\s+estern[ie]|(?:esterni|estranei)\s+al|a\s+terzi|"
    r"(?:direcciones|personas|destinatarios|contactos)\s+(?:externas|externos|ajen[oa]s)|fuera\s+del?\s+"
    r"(?:equipo|empresa|grupo|proyecto)|a\s+terceros|"
    r"externe\w*\s+(?:adressen|personen|empfänger\w*|kontakte\w*|partner\w*)|außerhalb\s+(?:des|der|unseres|"
    r"unserer)|an\s+dritte|außenstehende\w*)\b"
)
# The user among the ones kept out: "to me", "to the user", "à moi", "all'utente".
_FROM_USER = _rx(
    r"\b(?:to|from|with)\s+(?:me|the\s+user|them)\b|\b(?:à|de)\s+(?:moi|l'utilisat(?:eur|rice))\b"
    r"|\b(?:a\s+me|all'utente|dall'utente)\b|\b(?:a\s+mí|al\s+usuario|del\s+usuario)\b"
    r"|\b(?:mir|mich|dem\s+nutzer|der\s+nutzerin)\b"
)
_KEPT_KINDS = frozenset(
    {
        Signal.SECRECY,
        Signal.STANDING_RULE,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.LAUNDERED,
    }
)


def outsiders_kept_out(low: str, h: Hit) -> bool:
    """Whether a secrecy or rule hit lies in a clause forbidding a mention to outsiders,
    the user not among them, no address written."""
    if h.signal not in _KEPT_KINDS:
        return False
    start, end = around(low, h, _CLAUSE_END)
    if _FORBIDDEN_MENTION.search(low, start, end) is None:
        return False
    if _OUTSIDERS.search(low, start, end) is None or _FROM_USER.search(low, start, end):
        return False
    return _ELSEWHERE.search(low, max(0, h.start - NOTE_REACH), h.end + NOTE_REACH) is None
