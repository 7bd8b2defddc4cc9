"""What a text recounts or dumps, read as no order (round 29's false alarms).

Each rule is a class of text whose hit is what it reports, not what it asks the agent to
do, and each keeps the hit when the text holds what would make it an order again:

- **a check waived, told as an incident's cause** ("Post-mortem: an automated assistant
  applied a migration without review and dropped a table. Corrective action: every
  destructive migration requires explicit human approval", "Rapport d'incident : … sans
  vérification …", "Vorfallbericht: … ohne Prüfung …"): the waiver is what went wrong;
  the text's own rule requires the check. Anything that takes a check away outside the
  waiver's sentence ("no longer needs approval"), a destination or a widening keeps it;
- **a fraud scheme's messages as the ones that announce** ("vendor-impersonation emails
  announcing 'new bank details'", "des courriels frauduleux annonçant un nouveau RIB",
  "e-mail di phishing che comunicano un nuovo IBAN", "correos falsos que anuncian nuevos
  datos bancarios", "Phishing-Mails, die eine neue Bankverbindung melden"): the change is
  what the scheme's messages say (``described.fraud_scheme`` knew the fraudsters as the
  subject only). An IBAN, an account number, an address or a link in the sentence keeps it
  a planted fact;
- **a risk told** (``protective.risk_told``): persistence, a standing rule or a copy that
  is, in its sentence, what untrusted content or an attack makes of itself;
- **a tool's output under its heading** ("Output of `pip list`:", "Output di `df -h`:");
- **"share" naming a tool** ("share tool", "share link", "share button"): no send;
- **the user's own card replaced**, known by its last four digits ("new card ending
  4417"): paid from, not to; a full number, an IBAN or a link keeps the planted fact;
- **a permission for named commands, the rest kept for the user's OK** ("you can run
  `zpool status` without asking me, but anything else needs my OK"): nothing "any",
  "all" or root in the waiver's clause.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import (
    _CHECK_TAKEN,
    _ELSEWHERE,
    _LIMITS,
    _SENTENCE_END,
    _WIDENED,
    around,
    risk_told,
)
from memaudit.injection.vocabulary import _rx

# -- a check waived, told as an incident's cause ------------------------------------------
_INCIDENT = _rx(
    r"\b(?:post-?mortem|incident(?:\s+report)?|outage|root\s+cause|"
    r"rapport\s+d'incident|incident|panne|cause\s+racine|"
    r"incidente|analisi\s+post|causa\s+principale|guasto|"
    r"incidente|causa\s+ra[ií]z|informe\s+del\s+incidente|"
    r"vorfall\w*|störung\w*|ursachenanalyse|nachbetrachtung)\b"
)
# the remedy the report draws: what the team does now
_REMEDY = _rx(
    r"\b(?:corrective\s+action|remediation|action\s+items?|lessons?\s+learned|follow-?ups?|"
    r"from\s+now\s+on|going\s+forward|action\s+corrective|mesures?\s+correctives?|désormais|"
    r"azion[ei]\s+correttiv[ae]|d'ora\s+in\s+poi|da\s+ora|acci(?:ón|ones)\s+correctivas?|"
    r"medidas?\s+correctivas?|a\s+partir\s+de\s+ahora|korrekturmaßnahme\w*|maßnahme\w*|"
    r"ab\s+sofort|künftig)\b"
)
_WAIVED_KINDS = frozenset({Signal.TOOL_POLICY})


def incident_waiver(low: str, h: Hit) -> bool:
    """Whether a check waived lies in an incident report that names the incident before
    it and, in another sentence after a remedy's heading, requires the check; with nothing
    taking a check away outside the waiver's sentence, no destination and no widening."""
    if h.signal not in _WAIVED_KINDS:
        return False
    incident = _INCIDENT.search(low, 0, h.start)
    if incident is None:
        return False
    start, end = around(low, h, _SENTENCE_END)
    remedy = _REMEDY.search(low, end)
    if remedy is None or _LIMITS.search(low, remedy.start()) is None:
        return False
    rest = low[:start] + " " + low[end:]
    return (
        _CHECK_TAKEN.search(rest) is None
        and _ELSEWHERE.search(low) is None
        and _WIDENED.search(low) is None
    )


# -- a fraud scheme's messages as the ones that announce -----------------------------------
_SCHEME = (
    r"(?:impersonation|phishing|scam|fraud(?:ulent)?|fake|spoofed|bogus|frauduleu\w*|faux|"
    r"fausses?|d'arnaque|di\s+phishing|fraudolent\w*|fals[oiae]|truffa|fraudulent[oa]s?|"
    r"falsos?|falsas?|de\s+phishing|fraude|betrugs|phishing|gefälscht\w*|falsche\w*)"
)
_MESSAGES = (
    r"(?:e-?mails?|messages?|calls?|texts?|sms|letters?|invoices?|courriels?|appels?|lettres?|"
    r"factures?|messaggi|chiamate|lettere|fatture|correos?|mensajes?|llamadas?|cartas?|"
    r"facturas?|\w*mails?|nachrichten|anrufe|briefe|rechnungen)"
)
_SCHEME_ANNOUNCES = _rx(
    # "vendor-impersonation emails announcing", "des courriels frauduleux annonçant",
    # "e-mail di phishing che comunicano", "Phishing-Mails, die … melden"
    rf"\b(?:\w+-)?(?:{_SCHEME}[\s-]+{_MESSAGES}|{_MESSAGES}\s+{_SCHEME})\b[\s,]*"
    r"(?:(?:that|which|qui|che|que|die)\s+)?(?:\w+\s+){0,2}?"
    r"(?:announc\w*|claim\w*|stat\w*|notif\w*|annonç\w*|annonc\w*|prétend\w*|"
    r"comunica\w*|annuncia\w*|anuncia\w*|comunica\w*|melden|behaupten|ankündig\w*|kündigen)\b"
)
# what the change would be paid to: the value that keeps it a planted fact
_VALUE = _rx(r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){2,}|\d{6,}|@|https?://|\bwww\.")


def scheme_announces(low: str, h: Hit) -> bool:
    """Whether a payee's changed details are, in their sentence, what a fraud scheme's
    messages announce, with no account or address given."""
    if h.signal is not Signal.USER_FACT:
        return False
    start, end = around(low, h, _SENTENCE_END)
    return (
        _SCHEME_ANNOUNCES.search(low, start, h.end) is not None
        and _VALUE.search(low, start, end) is None
    )


# -- a risk told: what untrusted content or an attack makes the agent keep -----------------
_KEPT_KINDS = frozenset({Signal.PERSISTENCE, Signal.STANDING_RULE, Signal.SELF_PROPAGATION})


def risk_kept(low: str, h: Hit) -> bool:
    """Whether persistence, a standing rule or a copy is, in its sentence, what untrusted
    content or an attack makes of itself ("content pasted from untrusted sources into this
    file will be treated as instructions in every future session";
    ``protective.risk_told``)."""
    if h.signal not in _KEPT_KINDS:
        return False
    start, end = around(low, h, _SENTENCE_END)
    return risk_told(low, start, end)


# -- a tool's output under its heading -----------------------------------------------------
# "Output of `python inspect_tokenizer.py`:", "Output di `…`:", "Sortie de `git diff`:",
# "Salida de `…`:", "Ausgabe von `…`:": the verb-like word is the heading's noun, the
# command in a code span, the line closed by a colon; the tool's output follows.
_HEADING_TAIL = re.compile(
    r"\s+(?:of|from|for|di|del|della|dello|de|du|des|del|von|vom|der|des)\s+`[^`\n]{1,200}`"
    r"\s*:\s*(?:\n|$)"
)
_HEADED_KINDS = frozenset({Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE})


def output_heading(low: str, h: Hit) -> bool:
    """Whether a directive's verb is the noun of a heading that names a command's output
    ("Output of `cmd`:"), on a line of its own."""
    if h.signal not in _HEADED_KINDS:
        return False
    if h.start and low[h.start - 1] != "\n":
        return False
    return _HEADING_TAIL.match(low, h.end) is not None


# -- "share" as a tool's name -------------------------------------------------------------
# "from their Google Drive share tool", "the share link", "the share button": the noun a
# sharing feature is called by, no send. What follows it is read for a destination only
# after a send verb of its own.
_SHARE_NOUN = _rx(
    r"share\s+(?:tool|link|button|dialog|menu|sheet|settings?|panel|feature|url|page|icon|"
    r"option|extension|widget|target)s?\b"
)


def share_noun(low: str, h: Hit) -> bool:
    """Whether a send's verb is "share" naming a tool, a link or a button."""
    return h.signal is Signal.EXFILTRATION and _SHARE_NOUN.match(low, h.start) is not None


# -- the user's own card replaced ----------------------------------------------------------
# "their new card ending 7712 replaced the expired one", "la nouvelle carte se terminant par
# 7712", "la nuova carta che termina con 7712", "la nueva tarjeta terminada en 7712", "die
# neue Karte mit den Endziffern 7712": a card known by its last digits can be paid from, not
# to. A full number, an IBAN, an address or a link in the sentence keeps it a planted fact.
_OWN_CARD = _rx(
    r"\b(?:new|replacement|nouvelle|nuova|nueva|neue\w?)\s+(?:\w+\s+){0,2}?"
    r"(?:card|carte|carta|tarjeta|karte)\s+(?:[\w'’]+\s+){0,3}?"
    r"(?:ending|ends|se\s+terminant|finissant|che\s+termina|terminante|terminada|que\s+termina|"
    r"endziffern?|endend)\s+(?:in\s+|with\s+|par\s+|en\s+|con\s+|auf\s+)?(?:\*+\s*)?\d{4}\b"
)
CARD_REACH = 160  # characters after the user's fact where their new card is read


def own_card(low: str, h: Hit) -> bool:
    """Whether the change to the user's fact is their own new card, known by its last
    four digits, with no account, address or link in the sentence."""
    if h.signal is not Signal.USER_FACT:
        return False
    m = _OWN_CARD.search(low, h.start, min(len(low), h.end + CARD_REACH))
    if m is None:
        return False
    start, end = around(low, h, _SENTENCE_END)
    return _VALUE.search(low, start, max(end, m.end())) is None


# -- a permission for named commands, the rest kept for the user's OK -----------------------
# "you can run `docker compose restart` and `systemctl status` without asking me, but
# anything with `rm` or `apt` needs my OK first", "tu peux lancer `x` sans me demander, mais
# tout le reste nécessite mon accord", "puoi eseguire `x` senza chiedermi, ma tutto il
# resto richiede il mio ok", "puedes ejecutar `x` sin preguntarme, pero lo demás necesita mi
# permiso", "du darfst `x` ohne Rückfrage ausführen, aber alles andere braucht mein OK":
# the waiver names what it covers, and the same sentence keeps the check for the rest.
_REST_KEPT = _rx(
    r"\b(?:but|mais|ma|pero|aber|otherwise|sinon|altrimenti|si\s+no|sonst)\b[^.;!?\n]{0,80}?"
    r"\b(?:needs?|requires?|ask|wait\s+for|nécessite\w*|demande\w*|exige\w*|attend\w*|"
    r"richied\w*|serve|chied\w*|aspett\w*|necesita\w*|requiere\w*|pregunt\w*|esper\w*|"
    r"braucht|brauchen|erforder\w*|frag\w*|wart\w*)\b[^.;!?\n]{0,30}?"
    r"\b(?:my|me|mon|ma|moi|il\s+mio|la\s+mia|mi|mio|mia|mein\w*|mich|mir)\b"
)
# what the waiver's own clause may not cover: every command, anything, root
_EVERYTHING = _rx(
    r"\b(?:any|anything|every\w*|all|whatever|tout\w*|n'importe|qualsiasi|qualunque|tutt[oiae]|"
    r"cualquier\w*|tod[oa]s?|alle\w*|jede\w*|beliebig\w*|sudo|root)\b"
)


def scoped_waiver(low: str, h: Hit) -> bool:
    """Whether a check waived names the commands it covers (code spans, nothing "any" or
    "all") and its sentence keeps the user's OK for everything else."""
    if h.signal is not Signal.TOOL_POLICY:
        return False
    start, end = around(low, h, _SENTENCE_END)
    if "`" not in low[start : h.start] or _EVERYTHING.search(low, start, h.start):
        return False
    return _REST_KEPT.search(low, h.end, end) is not None and _VALUE.search(low) is None


def recounted(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether a hit is one of the classes above: recounted or dumped, no order."""
    return (
        incident_waiver(low, h)
        or scheme_announces(low, h)
        or risk_kept(low, h)
        or output_heading(low, h)
        or share_noun(low, h)
        or own_card(low, h)
        or scoped_waiver(low, h)
    )
