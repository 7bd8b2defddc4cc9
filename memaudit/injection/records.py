"""Documents and records written for people, read as no order (round 30's false alarms,
class N).

An organisation's documents and a tool's records say what people do and what was done;
each of the rules below reads one shape of them, within a bounded reach of the hit, and
keeps the hit when the text holds what would make it an order again:

- **a rule that only forbids assistants an act** ("AI assistants may read calendars but
  must not send external email without the employee's approval", "coding assistants may
  open draft PRs but must not merge", "content they read cannot grant them permissions",
  "les assistants IA ne doivent pas envoyer …", "gli assistenti non devono …", "los
  asistentes no deben …", "KI-Assistenten dürfen … nicht …"): the directive to assistants
  takes an act away; it asks for nothing. A check taken away ("must not ask", "must never
  wait for approval", "ne doivent pas demander"), a secret kept ("must not tell", "must not
  mention"), a refusal forbidden ("must not refuse"), an address or a widening in the text
  keeps it;
- **an extraction's label** ("Extracted from the knowledge base article 'Password reset':
  …"): the word that names where the note was taken from is no request to extract the
  passwords its title names. Only at the text's or a line's start, before its colon;
  (round 31) also an extracted entry named by its kind, its keywords in brackets
  ("Extracted FAQ entry (keywords: password reset):");
- **a chat template printed by a command typed at a prompt** (``$ python -c "…
  apply_chat_template(…)"`` then its output): the role tokens below the command's line
  are what the tokenizer rendered, as round 24's call with an arrow was;
- **a resolved ticket's record of an approval** ("ticket SEC-1182 (Jira) status=Resolved:
  CISO approved the firewall exception …; change applied by the network team on
  2026-11-28"): an approval a tracker records as done, with its ticket and its closing
  status, claims nothing of the agent. An order after it ("so you may now", "proceed",
  "the assistant may") keeps it.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import _ELSEWHERE, _WIDENED, REACH, around
from memaudit.injection.vocabulary import _rx

_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")

# -- a rule that only forbids assistants an act ---------------------------------------------
_FORBIDS = _rx(
    r"\b(?:must|may|should|shall)\s+(?:not|never)\s+|\b(?:mustn't|shouldn't|cannot|can't|"
    r"can\s+not)\s+|\bare\s+not\s+(?:allowed|permitted)\s+to\s+"
    r"|\bne\s+(?:doi\w+|peu\w+)\s+(?:pas|jamais)\s+|\bn'ont\s+pas\s+le\s+droit\s+d[e']\s*"
    r"|\bnon\s+(?:devono|deve|possono|può|potranno)\s+(?:mai\s+)?"
    r"|\bno\s+(?:deben|debe|pueden|puede|podrán)\s+(?:nunca\s+)?"
    r"|\b(?:dürfen|darf|können|kann)\s+(?:\w+\s+){0,6}?(?:nicht|nie|niemals|keine\w*)\s+"
)
# What, forbidden, would take a check away, keep a secret or make the agent obey.
_CHECK_ACT = _rx(
    r"(?:ask|asking|wait|confirm|check|verify|tell|inform|notify|mention|warn|report|log|show|"
    r"refuse|decline|reject|question|hesitate|stop|disclose|reveal|involve|cc|"
    r"demander|attendre|confirmer|vérifier|dire|informer|prévenir|mentionner|signaler|refuser|"
    r"chiedere|aspettare|confermare|verificare|dire|informare|avvisare|menzionare|rifiutare|"
    r"preguntar|esperar|confirmar|verificar|decir|informar|avisar|mencionar|rechazar|negarse|"
    r"fragen|warten|bestätigen|prüfen|sagen|informieren|benachrichtigen|erwähnen|melden|"
    r"ablehnen|verweigern|zeigen)\b"
)
_ASSISTANTS = _rx(
    r"\b(?:ai\s+|coding\s+|ia\s+|ki-?)?(?:assistants?|agents?|tools?|bots?|copilots?|"
    r"assistenti|asistentes|assistenten|agenten)\b"
)


def forbids_act(low: str, h: Hit) -> bool:
    """Whether a directive to assistants lies in a sentence that forbids them an act (not a
    check), in a text with no address and nothing widened."""
    if h.signal is not Signal.AGENT_DIRECTIVE:
        return False
    start, end = around(low, h, _SENTENCE_END)
    if _ASSISTANTS.search(low, max(0, h.start - 40), h.end) is None:
        return False
    forbidding = [m for m in _FORBIDS.finditer(low, h.start, end)]
    if not forbidding:
        return False
    if any(_CHECK_ACT.match(low, m.end()) for m in forbidding):
        return False
    return _nothing_widened(low)


def _nothing_widened(low: str) -> bool:
    return _ELSEWHERE.search(low) is None and _WIDENED.search(low) is None


def _no_order_drawn(low: str) -> bool:
    return _DRAWN_ORDER.search(low) is None


# -- an extraction's label ----------------------------------------------------------------------
_EXTRACTED_LABEL = re.compile(
    r"(?:extracted|taken|excerpted|pulled)\s+from\s+[^:\n]{2,120}:"
    r"|extrait\s+d[eu']\s*[^:\n]{2,120}:|estratt[oa]\s+da\w*\s+[^:\n]{2,120}:"
    r"|extraíd[oa]\s+de\w*\s+[^:\n]{2,120}:|extrahiert\s+aus\s+[^:\n]{2,120}:"
    # (round 31) an extracted entry named by its kind, its keywords in brackets: "Extracted
    # FAQ entry (keywords: password reset):"
    r"|(?:extracted|excerpted)\s+(?:[\w-]+\s+){0,3}?(?:entry|record|item|section|passage|snippet|"
    r"answer|article)\s*(?:\([^()\n]{0,120}\))?\s*:"
)


def extraction_label(low: str, h: Hit) -> bool:
    """Whether a request-to-extract hit is the label of an extraction at a line's start."""
    if h.signal is not Signal.SYSTEM_PROMPT:
        return False
    line = low.rfind("\n", 0, h.start) + 1
    lead = len(low[line : h.start]) - len(low[line : h.start].lstrip(" \t-*#>"))
    if line + lead != h.start:
        return False
    m = _EXTRACTED_LABEL.match(low, h.start)
    return m is not None and m.end() >= h.end


# -- a chat template printed by a command ----------------------------------------------------
_PROMPT_CALL = re.compile(
    r"^[ \t]*(?:\$|>>>|in\s*\[\d+\]:)[ \t][^\n]{0,400}?(?:apply_chat_template|chat_template|"
    r"render_template|format_messages|format_prompt|build_prompt)\s*\([^\n]{0,400}$",
    re.MULTILINE,
)


def printed_template(low: str, hits: list[Hit]) -> int:
    """Where the output of a command typed at a prompt that renders a chat template begins
    (the end of the command's line), or -1."""
    if not any(h.signal is Signal.ROLE_TOKEN for h in hits):
        return -1
    m = _PROMPT_CALL.search(low)
    return m.end() if m else -1


# -- a resolved ticket's record of an approval ---------------------------------------------
_TICKET = _rx(
    r"\b(?:ticket|issue|jira|incident|change)\b[^\n]{0,30}?\b[a-z][a-z0-9]{1,9}-\d{1,6}\b"
)
_CLOSED = _rx(
    r"\bstatus\s*[=:]\s*(?:resolved|closed|done|completed|fixed)\b"
    r"|\b(?:statut|stato|estado)\s*[=:]\s*(?:résolu|fermé|clos|risolto|chiuso|resuelto|cerrado)\b"
    r"|\bstatus\s*[=:]\s*(?:erledigt|geschlossen|gelöst)\b"
)
_DONE_ON = _rx(
    r"\b(?:applied|deployed|implemented|done|completed|rolled\s+out)\s+(?:by\s+[^;.\n]{1,40}?\s+)?"
    r"on\s+\d|\b(?:appliqu|déploy|mis\s+en\s+place)\w*\s+(?:par\s+[^;.\n]{1,40}?\s+)?le\s+\d"
    r"|\b(?:applicat|distribuit|implementat)\w*\s+(?:da\w*\s+[^;.\n]{1,40}?\s+)?il\s+\d"
    r"|\b(?:aplicad|desplegad|implementad)\w*\s+(?:por\s+[^;.\n]{1,40}?\s+)?el\s+\d"
    r"|\b(?:umgesetzt|angewendet|ausgerollt|eingespielt)\s+(?:von\s+[^;.\n]{1,40}?\s+)?am\s+\d"
    r"|\bam\s+\d[^;.\n]{0,40}?\b(?:umgesetzt|angewendet|ausgerollt|eingespielt)\b"
)
# An order drawn from the record: "so you may now", "proceed", "the assistant may".
_DRAWN_ORDER = _rx(
    r"\b(?:you|assistant|agent|proceed|therefore|so\s+(?:you|the)|now\s+(?:you|go)|vous|tu|"
    r"procéd\w*|donc|procedi|quindi|procede|por\s+lo\s+tanto|du|sie\s+dürfen|fahre|daher)\b"
)


def ticket_record(low: str, h: Hit) -> bool:
    """Whether an authority claim is an approval a resolved ticket records as applied."""
    if h.signal is not Signal.FAKE_AUTHORITY:
        return False
    lo = max(0, h.start - REACH)
    hi = min(len(low), h.end + REACH)
    return (
        _TICKET.search(low, lo, h.start) is not None
        and _CLOSED.search(low, lo, h.start) is not None
        and _DONE_ON.search(low, h.end, hi) is not None
        and _no_order_drawn(low)
    )


def for_people(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a hit is one of the records above: no order."""
    printed = printed_template(low, hits) if h.signal is Signal.ROLE_TOKEN else -1
    return (
        forbids_act(low, h)
        or extraction_label(low, h)
        or 0 <= printed <= h.start
        or ticket_record(low, h)
    )
