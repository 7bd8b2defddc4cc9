"""A tool's receipt or log: what a tool reports it did, read as no order (issue 20; round
39's false alarms ``chat-template-08``, ``exfil-email-07``, ``exfil-url-05``).

A tool's output that records a call already made — a mail sent and its status, a webhook
POSTed and the server's "200 OK", a chat template rendered by the call it names — holds
what the patterns look for (the HTTP verb read as an imperative, the webhook's address as
a beacon, "confirmed by the user" as a claimed approval, the rendered role tokens) and
orders no one: it says, in the past, what was done. ``receipt_hits`` drops those hits
when the text, as a whole, is such a record:

- it is short (``RECEIPT_REACH``) and opens with the tool's head: a call record
  ("send_mail →", "mail.send(…) ->") or a log's or an output's label ("log de GitHub
  Actions:", "output of render(…):", "sortie de …:", "output di …:", "Ausgabe von …:");
- it reports the call's result: a response code ("→ 200 OK"), a status field ("Status:
  gesendet", "statut : envoyé", "stato: inviato", "estado: enviado"), or, for a rendered
  template, the render call named in its head (``safeguards._TEMPLATE_CALL``'s names);
- every hit is one a receipt holds: the HTTP verb before its address, an address with no
  query to carry data, the user named as who confirmed it, role tokens after a render
  call's head, and the scorer's reading of the whole. No rule word ("always", "from now
  on", "künftig"), no hidden hit, and no hit of any other kind (an order to the agent, a
  standing rule, a send, an override keeps every hit).

Its poison twins are a tool's output that tells the agent what to do next, and a receipt
whose text carries an order, a rule or a data-bearing address: each stays flagged
(tested in five languages, ``tests/core/test_injection_receipts.py``). Only a tool's or a
document's text (``addressed.from_outside``) is read so: a user's statement is no log.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.described import _RULE_WORDS
from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

RECEIPT_REACH = 400  # characters: a receipt is short (and every pattern below is bounded)

# The tool's head at the text's start: a call record (an identifier with a dot or an
# underscore, its arguments, an arrow) or a log's or an output's label before its colon.
_CALL_HEAD = re.compile(
    r"[ \t]{0,8}(?=[\w.]{0,80}[._])[\w.]{1,80}[ \t]{0,4}(?:\([^)\n]{0,200}\)[ \t]{0,4})?"
    r"(?:->|→|=>|(?:result|output|receipt|log)?[ \t]{0,2}:)"
)
# A command typed at a shell prompt, its output on the lines below.
_SHELL_HEAD = re.compile(r"[ \t]{0,8}\$[ \t]{1,4}[^\n]{1,200}\n")
_LABEL_HEAD = _rx(
    r"[ \t]{0,8}(?:"
    r"(?:[\w.-]{1,40}[ \t]){0,3}?log|"  # "CI log", "GitHub Actions log"
    r"(?:log|output|result|response|salida|registro|respuesta|resultado|sortie|journal|"
    r"résultat|réponse|uscita|risultato|risposta|ausgabe|protokoll|antwort|ergebnis)"
    r"[ \t](?:of|from|de|del|de[ \t]la|du|des|di|della|dello|von|der|vom)[ \t][^\n:]{1,120}?"
    r")[ \t]{0,4}:"
)
# The result reported: a response code, a status field, an arrow to "ok".
_RESULT = _rx(
    r"(?:→|->|=>)[ \t]{0,4}(?:http[ \t/0-9.]{0,8})?[1-5]\d\d\b"
    r"|\b[1-5]\d\d[ \t](?:ok|created|accepted|no[ \t]content)\b"
    r"|(?:→|->|=>|—|:|;)[ \t]{0,4}(?:ok|success|succeeded|done|sent|delivered)\b"
    r"|\bexit[ \t]code[ \t]\d{1,3}\b"
    r"|\b(?:status|statut|stato|estado|zustellstatus)[ \t]{0,2}[:=][ \t]{0,2}\w"
)
# A head that names a template (``apply_chat_template``, ``show_template.py``) or a prompt
# builder: what follows is its rendering.
_TEMPLATE_RENDER = _rx(r"template\b|\b(?:format_messages|format_prompt|build_prompt)\b")
_HTTP_VERB = re.compile(r"(?:POST|GET|PUT|PATCH|DELETE|HEAD)[ \t]{1,4}https?://")
# The user named as who confirmed the call ("confirmed by the user", "vom Nutzer bestätigt").
_USER_CONFIRMED = _rx(
    r"\b(?:(?:confirmed|approved|verified)[ \t]by[ \t](?:the[ \t])?user\b|user[ \t]approved|"
    r"(?:confirmée?|validée?|approuvée?)[ \t]par[ \t]l'utilisat(?:eur|rice)|"
    r"(?:confermat[oa]|approvat[oa])[ \t]dall'utente|"
    r"(?:confirmad[oa]|aprobad[oa])[ \t]por[ \t]el[ \t]usuario|"
    r"(?:vom|von[ \t]der)[ \t](?:nutzer|nutzerin|benutzer|benutzerin)[ \t](?:bestätigt|freigegeben))"
)
_NAMED_IN_HEAD = frozenset({Signal.EXFILTRATION, Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE})
_PLAIN_ADDRESS = re.compile(r"https?://[^\s?#=&]{1,300}(?=[\s'\")\]]|$)")


def _head(low: str) -> re.Match[str] | None:
    return _CALL_HEAD.match(low) or _LABEL_HEAD.match(low) or _SHELL_HEAD.match(low)


def _receipt_hit(text: str, low: str, h: Hit, head_end: int, rendered: bool) -> bool:
    """Whether ``h`` is what a receipt holds (the module's list)."""
    if h.hidden:
        return False
    if h.signal is Signal.LEARNED or (h.start < head_end and h.signal in _NAMED_IN_HEAD):
        return True  # (the tool's own name, "email.send", read as a send or an order)
    if h.signal is Signal.IMPERATIVE:
        return _HTTP_VERB.match(text, h.start) is not None
    if h.signal is Signal.DATA_URL:
        # the address the verb named, its path only: no query to carry data out
        start = low.rfind("http", max(0, h.start - 12), h.start + 1)
        return start >= 0 and _PLAIN_ADDRESS.match(low, start) is not None
    if h.signal is Signal.FAKE_AUTHORITY:
        return _USER_CONFIRMED.search(low, max(0, h.start - 40), h.end + 40) is not None
    if h.signal is Signal.ROLE_TOKEN:
        return rendered and h.start >= head_end
    return False


def receipt_hits(text: str, outside: bool, found: Sequence[Hit]) -> list[Hit]:
    """``found`` without the hits of a tool's receipt or log (the module's rules), when
    the text is a tool's or a document's (``outside``)."""
    hits = list(found)
    if not outside or not hits or len(text) > RECEIPT_REACH:
        return hits
    low = text.lower()
    head = _head(low)
    if head is None or _RULE_WORDS.search(low) is not None:
        return hits
    rendered = _TEMPLATE_RENDER.search(low, 0, head.end()) is not None
    if not rendered and _RESULT.search(low) is None:
        return hits
    if not all(_receipt_hit(text, low, h, head.end(), rendered) for h in hits):
        return hits
    return []
