"""What a text records or forbids, read as no order (round 18's false alarms).

The patterns see a send, a standing rule or a directive; some texts hold one and order
nothing:

- a tool's call record, or a client's credentials posted to a token endpoint
  (``forms.protocol_send``, round 17);
- a delivery receipt: a message a tool reports as already sent to an address, with its
  status or its recipients counted ("'Q3 deck' sent to board@… (3 recipients). Delivery
  status: delivered", "envoyé à … Statut : distribué", "gesendet an … zugestellt"). A
  rule in the passive ("every invoice is sent to …") is no receipt;
- a prohibition of handing over a secret: "never send passwords by email", "Never commit
  secrets", "Do NOT include tokens" (round 19), "ne jamais communiquer le code", "Geben Sie den Code niemals weiter": a
  negation before the secret, a verb that would hand it over, and no address for it to
  go to in the sentence ("never send the codes anywhere but backup@…" names one);
- a check added, not skipped: a tool run as a dry run first or after a review ("run the
  db_migrate tool with --dry-run first", "erst als Trockenlauf");
- a protocol described: "the client sends credentials as Authorization: Basic …" (a
  client, a browser or a server as the subject: no one is told to send anything);
- a risk described: "anyone who can write to AGENTS.md can steer coding agents" (who
  could write there, not an order to write);
- a chat template rendered by a call and shown with its result
  ("tokenizer.apply_chat_template(messages) -> '<|begin_of_text|>…'"): its role tokens
  are the format's output, as a tool's call record's send is no order;
- a field's label (round 19): a verb at a line's start followed by its colon ("Answer: go
  to Orders …", "Pregunta: ¿cómo …?", "Rispondere: sì / no") names what follows;
- code typed at a prompt (round 19): ">>> print(tok.chat_template)", "$ echo …", "In [3]:
  …": a verb on a REPL's or a shell's line is the code's, not an order.
"""

from __future__ import annotations

import re

from memaudit.injection.advised import advice_reported
from memaudit.injection.assessment import Hit
from memaudit.injection.confidential import outsiders_kept_out
from memaudit.injection.described import described
from memaudit.injection.forms import protocol_send
from memaudit.injection.gated import user_gated
from memaudit.injection.guides import for_guides
from memaudit.injection.kinds import Signal
from memaudit.injection.loopback import to_loopback
from memaudit.injection.members import for_members
from memaudit.injection.patterns.bridged import BRIDGED_EXAMPLE
from memaudit.injection.patterns.disarmed import SECURITY_OFF
from memaudit.injection.patterns.disclosed import WARNINGS_WITHHELD
from memaudit.injection.patterns.harmful import lure_described
from memaudit.injection.patterns.unguarded import (
    ALERTS_SILENCED,
    UNASKED,
    UNGUARDED,
    kept,
    silencing_negated,
)
from memaudit.injection.protective import acknowledged_preference, around, check_in, protects
from memaudit.injection.readers import for_readers
from memaudit.injection.records import for_people
from memaudit.injection.revoked import tool_revoked
from memaudit.injection.told import told
from memaudit.injection.vocabulary import _rx
from memaudit.injection.write_log import label_read, write_logged

_PARTICIPLE = _rx(
    r"\b(?:sent|forwarded|delivered|e-?mailed|envoyée?s?|transférée?s?|inviat[oaie]|inoltrat[oaie]|"
    r"spedit[oaie]|enviad[oa]s?|reenviad[oa]s?|gesendet|verschickt|weitergeleitet|zugestellt)\b"
)
_STATUS = _rx(
    r"\b(?:delivered|delivery\s+status|recipients?|status\s*:|message[\s-]id|"
    r"distribuée?|remise?|destinataires?|statut\s*:|"
    r"consegnat[oa]|destinatari|stato\s*:|"
    r"entregad[oa]|destinatarios?|estado\s*:|"
    r"zugestellt|zustellstatus|empfänger|status\s*:|"
    # (round 27) the user's own click on Send, logged by the mail tool: an act done by
    # the user, not a rule ("user clicked Send at 14:02", "l'utilisateur a cliqué sur
    # Envoyer", "l'utente ha premuto Invia", "el usuario pulsó Enviar", "auf Senden geklickt")
    r"(?:clicked|pressed|tapped|hit)\s+(?:on\s+)?['\"«“]?send\b|cliqu\w*\s+sur\s+['\"«“]?\s*envoyer|"
    r"(?:cliccato|premuto|toccato)\s+(?:su\s+)?['\"«“]?invia\b|"
    r"(?:clic\s+en|puls\w*|presion\w*|toc\w*)\s+['\"«“]?enviar\b|"
    r"auf\s+['\"„“]?senden['\"“]?\s+(?:geklickt|gedrückt|getippt))"
)
# A log's status field naming the send done, before the recipient ("status: sent; to: …").
_STATUS_FIELD = _rx(
    r"\b(?:status|statut|stato|estado|zustellstatus)['\"]?\s*[:=]\s*['\"]?"
    r"(?:sent|delivered|envoyée?|distribuée?|inviat[oa]|consegnat[oa]|enviad[oa]|entregad[oa]|"
    r"gesendet|zugestellt)\b"
)
# A rule in the passive: what is sent every time is no record of one send.
_RULE_WORDS = _rx(
    r"\b(?:every|each|all|always|any|from\s+now\s+on|chaque|tou(?:s|tes)|toujours|ogni|tutt[ie]|"
    r"sempre|cada|tod[oa]s|siempre|jede[nmrs]?|alle|immer|künftig)\b"
)


# Characters either side of a hit read for its line or its clause: bounded, so a text of
# many hits on one long line is read in time linear in its length.
REACH = 240


def _line(low: str, at: int) -> tuple[int, int]:
    lo, hi = max(0, at - REACH), min(len(low), at + REACH)
    start = low.rfind("\n", lo, at)
    end = low.find("\n", at, hi)
    return (lo if start < 0 else start + 1), (hi if end < 0 else end)


def receipt(low: str, h: Hit) -> bool:
    """Whether an exfiltration hit is a tool's report of a message already sent."""
    if h.signal is not Signal.EXFILTRATION or not _PARTICIPLE.search(low, h.start, h.end):
        return False
    start, end = _line(low, h.start)
    if _RULE_WORDS.search(low, start, end):
        return False
    # (round 33) the status field may come first, its key quoted ("status: sent; to: …",
    # "{'status': 'sent', 'to': …}"): a log's fields come in any order
    return (
        _STATUS.search(low, h.end, end) is not None
        or _STATUS_FIELD.search(low, start, h.end) is not None
    )


_NEGATED = _rx(
    r"(?:\b(?:never|do\s+not|don't|must\s+not|should\s+not|no|not|jamais|ne|pas|aucun|mai|non|"
    r"nessun[oa]?|nunca|nadie|ningún|ninguna|nie|niemals|keine?[nmrs]?|nicht)\b|\bn')"
)
_SECRET = _rx(
    r"\b(?:passwords?|secrets?|credentials?|api[\s_-]?keys?|private\s+keys?|tokens?|pins?|tans?|"
    r"otps?|(?:sms|verification|security|one-time|2fa)\s+codes?|bank\s+details|card\s+numbers?|"
    r"mots?\s+de\s+passe|identifiants|codes?|coordonnées\s+bancaires|clés?|"
    r"password|segreti|credenziali|codic[ei]|chiavi|dati\s+bancari|"
    r"contraseñas?|secretos|credenciales|claves?|códigos?|datos\s+bancarios|"
    r"\w{0,20}passw(?:ort|örter)|geheimnisse|zugangsdaten|\w*codes?|bankdaten|schlüssel|pins?)\b"
)
_HAND_OVER = _rx(
    r"\b(?:send|share|commit|post|paste|give|e-?mail|forward|disclose|tell|upload|push|reveal|"
    r"envoy\w*|partag\w*|communiqu\w*|transmet\w*|donn\w*|publi\w*|commit\w*|"
    r"invi\w*|condivid\w*|comunic\w*|dar[ei]?|inoltr\w*|pubblic\w*|"
    r"envi\w*|compart\w*|dar|comunic\w*|reenv\w*|"
    r"send\w*|schick\w*|teil\w*|weiter\w*|einchecken|comitt\w*|mitteil\w*|geben|gib|"
    # put into what others read (round 19: "Do NOT include passwords, tokens or private
    # keys" in an issue template)
    r"include|attach|put|add|inclu\w*|joind\w*|ajout\w*|mett\w*|includ\w*|allega\w*|"
    r"aggiung\w*|adjunt\w*|añad\w*|pon\w*|füg\w*|häng\w*|einfüg\w*|schreib\w*)\b"
)
_ADDRESSED = re.compile(r"@|https?://|\bwww\.|\b[\w-]{1,63}\.(?:com|net|org|io|de|fr|it|es)\b")
_CLAUSE_END = re.compile(r"[.!?;\n]")
# What such a prohibition wears: "never" before a verb, the verb itself, a directive.
_PROHIBITED = frozenset({Signal.STANDING_RULE, Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE})


def _clause(low: str, h: Hit) -> tuple[int, int]:
    return around(low, h, _CLAUSE_END)


def forbids_leak(low: str, h: Hit) -> bool:
    """Whether a rule or directive hit is in a clause that forbids handing over a secret."""
    if h.signal is Signal.SENSITIVE_ACTION:
        return _verb_last_forbidden(low, h)
    if h.signal not in _PROHIBITED:
        return False
    start, end = _clause(low, h)
    neg = _NEGATED.search(low, start, end)
    if neg is None or _ADDRESSED.search(low, start, end):
        return False
    secret = _SECRET.search(low, neg.end(), end)
    return secret is not None and _HAND_OVER.search(low, start, end) is not None


def _verb_last_forbidden(low: str, h: Hit) -> bool:
    """(round 47) A secret handed over with the verb last and the negation inside the hit
    ("Master-Passwort niemals im Klartext speichern oder weitergeben"): the secret before
    the negation, the handing over after it, no address in the clause. The engine's
    negation, read before a hit, cannot see it."""
    start, end = _clause(low, h)
    neg = _NEGATED.search(low, h.start, h.end)
    if neg is None or _ADDRESSED.search(low, start, end):
        return False
    return (
        _SECRET.search(low, h.start, neg.start()) is not None
        and _HAND_OVER.search(low, neg.end(), h.end) is not None
    )


_DRY_RUN = _rx(
    r"(?:--dry-run|--check\b|--plan\b|--what-?if\b|\bdry[\s-]run\b|\bafter\s+(?:a\s+|the\s+)?review\b|"
    r"\bà\s+blanc\b|\baprès\s+(?:la\s+)?relecture\b|\ba\s+secco\b|\bdopo\s+(?:la\s+)?revisione\b|"
    r"\ben\s+seco\b|\btras\s+(?:la\s+)?revisión\b|\btrockenlauf\w*|\bprobelauf\w*|"
    r"\bnach\s+(?:der\s+)?prüfung\b)"
)
# "skip the dry run", "without review": the check named to be left out.
_SKIPPED = _rx(
    r"\b(?:skip\w*|without|no|bypass\w*|sans|saute[rz]?|omet\w*|senza|salta\w*|ometti\w*|sin|"
    r"omit\w*|ohne|überspring\w*|kein(?:e[nmrs]?)?)\b"
)


SKIP_REACH = 16  # characters before a dry run or a review where "skip", "without" leave it out


def adds_check(low: str, h: Hit) -> bool:
    """Whether a tool-policy hit is in a clause that runs a dry run or a review first."""
    if h.signal is not Signal.TOOL_POLICY:
        return False
    return check_in(low, _DRY_RUN, _SKIPPED, _clause(low, h), SKIP_REACH)


_DESCRIBER = _rx(
    r"\b(?:the|a|le|la|un|il|el|der|die|das|ein)\s+(?:http\s+)?(?:client|browser|server|app|"
    # round 21: the identity provider of an OAuth flow ("the provider sends the browser to")
    r"(?:identity\s+|oauth\s+)?provider|idp|fournisseur|fornitore|proveedor|anbieter|"
    r"library|sdk|request|user\s+agent|navigateur|serveur|serveur|navegador|servidor|"
    r"biblioteca|bibliothèque|libreria|bibliothek)\s+(?:then\s+|simply\s+|puis\s+|poi\s+|luego\s+|dann\s+)?$"
)
_THIRD_PERSON_SEND = _rx(
    r"(?:sends|forwards|posts|transmits|submits|envoie|transmet|invia|inoltra|trasmette|envía|"
    r"reenvía|transmite|sendet|übermittelt|schickt)\b"
)
SUBJECT_REACH = 40  # characters before a send where its subject is read


def describes_protocol(low: str, h: Hit) -> bool:
    """Whether a send is a protocol's step described ("the client sends credentials as
    …"), its subject a client, a browser or a server."""
    if h.signal not in (Signal.SYSTEM_PROMPT, Signal.EXFILTRATION):
        return False
    if not _THIRD_PERSON_SEND.match(low, h.start):
        return False
    return _DESCRIBER.search(low[max(0, h.start - SUBJECT_REACH) : h.start]) is not None


_WHO_COULD = _rx(
    r"(?:\b(?:who|that)\s+(?:can|could|may)|\banyone\s+able\s+to|\b(?:qui|quiconque)\s+"
    r"(?:peut|pourrait)|\bchiunque\s+(?:possa|può|potrebbe)|\b(?:quien|cualquiera\s+que)\s+"
    r"(?:pueda|puede|podría)|\bwer\s+(?:\w+\s+){0,3}?(?:kann|könnte))\s*$"
)


def risk_described(low: str, h: Hit) -> bool:
    """Whether a write to an agent's instruction file is who could make it, not an order."""
    if h.signal is not Signal.SELF_PROPAGATION:
        return False
    return _WHO_COULD.search(low[max(0, h.start - SUBJECT_REACH) : h.start]) is not None


_TEMPLATE_CALL = re.compile(
    r"[\w.]*(?:apply_chat_template|chat_template|render_template|format_messages|"
    r"format_prompt|build_prompt)\s*\([^)\n]{0,200}\)\s*(?:->|→|=>|returns?\b|==?)"
)


def rendered_template(low: str, hits: list[Hit]) -> int:
    """Where a chat template's rendering by a call begins to be shown (its arrow), or -1."""
    if not any(h.signal is Signal.ROLE_TOKEN for h in hits):
        return -1
    m = _TEMPLATE_CALL.search(low)
    return m.end() if m else -1


_LABEL_AFTER = re.compile(r"[ \t]?:")
_LINE_LEAD = re.compile(r"[ \t*#>•-]*")
_ONE_WORD = re.compile(r"[\w'-]+")
_PROMPT = re.compile(r"[ \t]*(?:>>>|\.\.\.|\$|in\s*\[\d+\]:)[ \t]")


def label_or_code(low: str, h: Hit) -> bool:
    """Whether a directive's verb is a field's label (alone before its line's colon) or
    code typed at a prompt on its line."""
    if h.signal not in (Signal.AGENT_DIRECTIVE, Signal.IMPERATIVE):
        return False
    line = low.rfind("\n", 0, h.start) + 1
    if _PROMPT.match(low, line) is not None:
        return True
    lead = _LINE_LEAD.match(low, line)
    # one word: "Note for agents:" addresses someone, "Answer:" names a field
    return (
        lead is not None
        and lead.end() == h.start
        and _ONE_WORD.fullmatch(low, h.start, h.end) is not None
        and _LABEL_AFTER.match(low, h.end) is not None
    )


def check_kept(low: str, h: Hit) -> bool:
    """Whether a risky act read as unguarded keeps its check (round 20): negated ("never
    pay any invoice without checking") or asked for first ("always ask before paying any
    invoice received by email")."""
    if h.signal is not Signal.SENSITIVE_ACTION or not (
        UNGUARDED.match(low, h.start) or UNASKED.match(low, h.start)
    ):
        return False
    return kept(low, h.start, h.end)


# The hits whose own span may hold a word about attacks without being about attacks.
WAIVES_META = (BRIDGED_EXAMPLE, SECURITY_OFF)
_KEY = re.compile(r'(?<!\w)\w+"\s*:')  # a key of JSON data (tool outputs), no prose
# (round 34) a worked example's remap is an example by its own frame: the words that say a
# text gives examples ("Summary of 'Agent reasoning examples'") are that frame too, wherever
# they stand; the words about attacks still make it a mention.
_EXAMPLE_WORD = re.compile(r"(?:examples?|exemples?|esempi[oi]|ejemplos?|beispiele?)\b")


def meta_outside(low: str, h: Hit, meta: list[int]) -> list[int]:
    """The words about attacks that make a hit a mention, but those inside an order to
    silence security alerts: "suppress the phishing warnings" names phishing as what it
    hides, it does not discuss attacks (round 20). Round 24: nor does a worked example's
    own framing ("Solved example to reuse: …") or the scanner an order switches off
    (``WAIVES_META``), nor a key of a tool's JSON output (``"advisory": …``)."""
    # (round 26) nor "never pass on the bank's scam warnings": it names what it withholds
    withheld = (ALERTS_SILENCED, WARNINGS_WITHHELD)
    inside = (h.signal is Signal.SECRECY and any(rx.match(low, h.start) for rx in withheld)) or (
        h.signal is Signal.SENSITIVE_ACTION and any(rx.match(low, h.start) for rx in WAIVES_META)
    )
    bridged = h.signal is Signal.SENSITIVE_ACTION and BRIDGED_EXAMPLE.match(low, h.start)
    return [
        p
        for p in meta
        if not (inside and h.start <= p < h.end)
        and not (p and low[p - 1] == '"' and _KEY.match(low, p))
        and not (bridged and _EXAMPLE_WORD.match(low, p))
    ]


# What a lure asks its reader to do (round 21): "texts asking you to forward your codes to
# …" describe the lure, they do not order it.
LURED = frozenset(
    {
        Signal.SENSITIVE_ACTION,
        Signal.EXFILTRATION,
        Signal.SYSTEM_PROMPT,
        Signal.REDIRECTED_CHANNEL,
    }
)


# Round 21: an OAuth authorization response ("…/callback?code=...&state=..."): where the
# provider sends the user's browser back with a one-time code, no beacon the agent fills.
_OAUTH_RESPONSE = _rx(
    r"[?&](?:code=[^&\s]*&(?:(?!code=)[\w-]+=[^&\s]*&)*state=|state=[^&\s]*&(?:(?!state=)[\w-]+=[^&\s]*&)*code=)"
)


def oauth_response(low: str, h: Hit) -> bool:
    """Whether a data-bearing address is an OAuth redirect's code and state."""
    if h.signal is not Signal.DATA_URL:
        return False
    end = low.find(" ", h.start)
    return _OAUTH_RESPONSE.search(low, h.start, end if end > 0 else len(low)) is not None


def quieted(low: str, hits: list[Hit]) -> list[Hit]:
    """The hits that say what they seem to: a call record, a receipt, a prohibition of
    leaking a secret, a check added, a protocol or a risk described, a rendered
    template's tokens left out."""
    shown = rendered_template(low, hits)
    if acknowledged_preference(low, hits):
        return []
    return [
        h
        for h in hits
        if not protocol_send(low, h)
        and not receipt(low, h)
        and not forbids_leak(low, h)
        and not adds_check(low, h)
        and not describes_protocol(low, h)
        and not risk_described(low, h)
        and not label_or_code(low, h)
        and not check_kept(low, h)
        and not (h.signal in LURED and lure_described(low, h.start))
        and not oauth_response(low, h)
        and not (h.signal is Signal.SECRECY and silencing_negated(low, h.start))
        and not protects(low, h)
        and not (0 <= shown <= h.start and h.signal is Signal.ROLE_TOKEN)
        and not described(low, h, hits)
        and not for_people(low, h, hits)
        and not told(low, h)
        and not for_readers(low, h)  # (round 31)
        and not for_guides(low, h)  # (round 32)
        and not tool_revoked(low, h)  # (round 32)
        and not outsiders_kept_out(low, h)  # (round 32)
        and not to_loopback(low, h)  # (round 32)
        and not write_logged(low, h, hits)  # (round 32)
        and not label_read(low, h, hits)  # (round 32)
        and not user_gated(low, h, hits)  # (round 32)
        and not advice_reported(low, h, hits)  # (round 33)
        and not for_members(low, h)  # (round 40, issue 20)
    ]
