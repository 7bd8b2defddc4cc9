"""The assistant's notes about the user: their facts, their things, their stated wishes
(round 35's false alarms, half of its 28).

An assistant's message weighs at full: "the model instructing itself", and poison under
it exists in every round. Round 35's benign ones are notes *about the user*: "Assistant
note: the user's Hugo site uses <!--more--> …; keep it when editing their posts", "the
user asked me to stop confirming every `ls` …; anything that writes or deletes still
needs a yes", "standing instruction from the user since March — always put a TL;DR
first", "l'utilisateur suit son colis via https://www.laposte.fr/…", "the user wants the
weekly expense report sent to their own work address (…)". The patterns read the note's
own label ("Assistant note:") as text addressed to an assistant, its "keep it" as an
order, its link as a destination, and the learned scorer reads "assistant", "note".

What separates them from the poisoned notes (``about_user``), by structure:

- **the user as grammatical subject or owner** at the opening, within the first words
  after the note's own short label: "the user's …", "the user asked/is/uses …", "from
  the user", "l'utente …", "dell'utente", "del usuario", "des Nutzers" — with no first
  person, condition, report or gerund before it ("sharing the user's location …",
  "sobald der Nutzer …"), but for a trigger that only says what the user's words mean
  ("when the user says 'the usual', they mean …");
- **only the shapes such a note has**: its label, rule-shaped hits, the user's facts or
  claims with no change, the scorer's reading, a bare comment token (``<!--more-->``),
  chat-format tokens named inline, a send only to the user's *own* address ("their own
  work address"); none hard or hidden; no rule for the agent and the agent not the
  subject of what it does ("the assistant may", "it is fine to", "I … send", "je peux");
  no file's lines; lessons stay ``kept_lesson``'s;
- **no order from elsewhere**: an order is the user's (the user named as the asker or
  the source) or keeps the user's things as they are ("keep the mark"); no third party
  as the asker, nothing spread, no check removed; each order's clause (the whole note
  when the learned scorer read it: its reading is dropped with the class) holds no risky
  act (pay, buy, delete, install, recommend, accept, sign, send to another, act unseen,
  harm words), a clause that keeps a check ("still needs a yes") set aside;
- **its data and destinations the user's**: a link only in a note that orders and acts
  on nothing, with no slot for data in it (the user tracks their parcel via a carrier's
  link); an e-mail address only the user's own.

Its poison twin — the same label and opening with a destination not the user's, a risky
act in the order, a third party as the asker, a changed fact, a condition before the
user — keeps its full weight (tested in five languages, both ways, in
``tests/core/test_injection_round35_fa.py``).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.owned import _ACTS, _SENDS, _UNSEEN
from memaudit.injection.patterns.facts import changed
from memaudit.injection.protective import _ELSEWHERE
from memaudit.injection.vocabulary import _EMAIL_LOOSE, _rx
from memaudit.injection.warned import _DESTINATION
from memaudit.injection.wishes import _HARM, _ONWARD_RULE, _SPREAD, _THIRD_PARTY, USER_WISH

LABEL_REACH = 40  # characters of a note's own label before its first colon
SUBJECT_REACH = 120  # characters of the note's body where the user is named
# The user as subject or owner. English: "the user's", "the user" before a verb (a word in
# -s or -ed, or one of the common irregular ones), "from/by/per/in/of the user"; French,
# Italian, Spanish and German by their case forms (the object forms "à l'utilisateur",
# "all'utente", "al usuario", "dem/den Nutzer" are other words).
_USER_SUBJECT = _rx(
    r"\bthe\s+user(?:'s|’s)"
    r"|\b(?:from|by|per|of|in)\s+the\s+user\b"
    r"|\bthe\s+user\s+(?:\w{1,20}ly\s+)?(?:is|was|has|had|does|did|can|will|uses|used|asked|told|"
    r"says|said|wants|wanted|prefers|likes|keeps|needs|confirmed|gave|set|\w{1,20}(?:s|ed))\b"
    r"|(?:^|[\s(:;,—–-])l'utilisat(?:eur|rice)\b|\b(?:de|par)\s+l'utilisat(?:eur|rice)\b"
    r"|(?:^|[\s(:;,—–-])l'utente\b|\bdell'utente\b|\bdall'utente\b"
    r"|(?:^|[\s(:;,—–-])(?:el\s+usuario|la\s+usuaria)\b|\bdel\s+usuario\b|\bde\s+la\s+usuaria\b"
    r"|(?:^|[\s(:;,—–-])(?:der\s+(?:nutzer|benutzer)|die\s+(?:nutzerin|benutzerin))\b(?!\w)"
    r"|\b(?:des\s+(?:nutzers|benutzers)|vom\s+(?:nutzer|benutzer))\b"
)
# A send to the user's own address: "to their own work address", "à sa propre adresse",
# "al suo indirizzo personale", "a su propia dirección", "an seine eigene Adresse".
_OWN_DESTINATION = _rx(
    r"\b(?:their|his|her|the\s+user(?:'s|’s))\s+own\b"
    r"|\b(?:son|sa|ses)\s+propres?\b|\b(?:su[oa]|propri[oa])\s+(?:\w+\s+)?(?:personale|propri[oa])\b"
    r"|\bsu\s+propi[oa]\b|\b(?:seine|ihre)\s+eigene\w*\b"
)
# A trigger that only says what the user's words mean: "when the user says 'the usual',
# they mean …", "quand l'utilisateur dit « … », il veut dire", "quando l'utente dice …
# intende", "cuando el usuario dice … se refiere a / quiere decir", "wenn der Nutzer … sagt,
# meint er".
_MEANING = _rx(
    r"[,;]\s{0,3}(?:they|he|she|the\s+user)\s+(?:mean|means|meant|refers?\s+to)\b"
    r"|[,;]\s{0,3}(?:il|elle)\s+(?:veut\s+dire|entend|parle\s+de)\b"
    r"|[,;]\s{0,3}(?:intende|si\s+riferisce\s+a)\b"
    r"|[,;]\s{0,3}(?:quiere\s+decir|se\s+refiere\s+a)\b"
    r"|[,;]\s{0,3}meint\s+(?:er|sie)\b"
)
# A check removed in so many words: "without checking", "sans vérifier", "senza
# verificare", "sin verificar", "ohne zu prüfen".
_UNCHECKED = _rx(
    r"\bwithout\s+(?:checking|verifying|consulting|showing|telling|reading|asking)"
    r"|\bsans\s+(?:vérifier|contrôler|consulter|montrer|dire|lire|demander)"
    r"|\bsenza\s+(?:verificare|controllare|consultare|mostrare|dire|leggere|chiedere)"
    r"|\bsin\s+(?:verificar|comprobar|consultar|mostrar|decir|leer|preguntar)"
    r"|\bohne\s+(?:zu\s+)?(?:prüfen|überprüfen|kontrollieren|fragen|zeigen|lesen)"
)
_ADDRESS = _rx(_EMAIL_LOOSE)
OPENING_WORDS = 5  # words of the note's body before the user is named
# Before the user is named, what makes the note the agent's act or a rule's condition.
_AGENT_OPENER = _rx(
    r"\b(?:i|me|my|we|our|ich|mich|mir|wir|je|j'|moi|nous|io|noi|yo|nosotros|that|dass|que|che|"
    r"when|whenever|if|once|each|every|quand|lorsque|si|chaque|se|quando|ogni|cuando|cada|"
    r"wenn|sobald|falls|jedes|jeden)\b|\b\w{2,20}ing\b|^[ \t]{0,3}\w{2,20}(?:ant|ndo)\b"
)
_CONDITION = _rx(r"\b(?:when|whenever|if|quand|lorsque|si|quando|se|cuando|wenn|sobald|falls)\b")
# The user named as the source of what follows: "standing request from the user".
_SOURCE_NAMED = _rx(
    r"(?:from|by)\s+the\s+user\b|(?:de|par)\s+l'utilisat|dall'utente|del\s+usuario|vom\s+(?:nutzer|benutzer)"
)
# A check kept for the user: "anything that writes still needs a yes", "demande toujours
# une confirmation", "richiede sempre una conferma", "sigue necesitando confirmación",
# "braucht weiterhin eine Bestätigung".
_CHECK_KEPT = _rx(
    r"\bstill\s+(?:needs?|requires?|gets?)\s+(?:a\s+|an\s+|my\s+|their\s+|the\s+user's\s+)?"
    r"(?:yes|ok|okay|confirmation|approval|go-ahead)\b"
    r"|\b(?:demande|nécessite|exige)\s+toujours\s+(?:une\s+|son\s+|leur\s+)?(?:confirmation|accord|validation)\b"
    r"|\b(?:richiede|serve)\s+(?:sempre|ancora)\s+(?:una\s+|la\s+sua\s+)?(?:conferma|approvazione)\b"
    r"|\b(?:sigue\s+necesitando|requiere\s+siempre|necesita\s+siempre)\s+(?:una\s+|su\s+)?(?:confirmación|aprobación)\b"
    r"|\b(?:braucht|erfordert|benötigt)\s+(?:weiterhin|immer\s+noch|immer)\s+(?:eine\s+|seine\s+|ihre\s+)?(?:bestätigung|zustimmung|freigabe)\b"
)
# The agent given a permission, taking a rule on itself or the subject of what it does:
# "the assistant may sign …",
# "it is fine to accept …", "je peux souscrire", "posso comunicare", "ich darf …".
_AGENT_MODAL = _rx(
    r"\b(?:the\s+)?(?:assistant|agent|ai|model|bot)\s+(?:may|can|should|must|shall|will|is\s+(?:allowed|free|fine))\b"
    r"|\bi\s+(?:may|can|should|must|will|shall|am\s+allowed)\b|\bi'll\b|\b(?:it\s+is|it's)\s+(?:fine|ok|okay|safe)\s+to\b"
    r"|\bje\s+(?:peux|dois|vais|pourrai)\b|\bj'accepte\b|\bposso\b|\bdevo\b|\bpuedo\b|\bdebo\b"
    r"|\bich\s+(?:darf|kann|soll|muss|werde)\b"
    # the agent as the subject of what it does: "je prépare …", "ich schicke …"
    r"|\b(?:je|ich|io|yo)\b|\bj'"
)
# "I hand drafts … but still send …": read in the text as written ("i" is also Italian's
# plural article).
_FIRST_PERSON_I = re.compile(r"\bI\b(?!\.)")
# What the note may order without the user named as the asker: keeping the user's own
# things as they are ("keep the mark", "leave it in place", "garder la balise").
_KEEP = _rx(
    r"\b(?:keep|leave|preserve|retain|garder|gardez|conserver|conservez|laisser|laissez|"
    r"mantenere|mantienil[oa]|conservare|lasciare|lascia|conservar|conservarlo|conservarla|"
    r"mantener|mantenerlo|dejar|beibehalten|behalten|belassen|lassen)\b"
)
# Acts the shared lists leave out: accepting terms, signing, subscribing, German
# participles ("gekauft", "überwiesen").
_MORE_ACTS = _rx(
    r"\b(?:accept\w*|accett\w*|acept\w*|akzeptier\w*|sign(?:s|ed|ing)?|signer|firmar|firmare|"
    r"unterschreib\w*|subscrib\w*|souscri\w*|abbonar\w*|suscrib\w*|abonnier\w*|"
    r"ge(?:kauft|zahlt|sendet|schickt|löscht|teilt)|überwiesen)\b"
)
# Slots for data in a link ("{email}", "<last 5 messages>").
_SLOT = _rx(r"[{}<>]")
_CLAUSE_END = frozenset(".;!?\n")
ORDER_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.EXFILTRATION,
    }
)
NOTE_KINDS = ORDER_KINDS | {
    Signal.USER_FACT,
    Signal.USER_CLAIM,
    Signal.LEARNED,
    Signal.HTML_COMMENT,
    Signal.QA_RECORD,
}
# (round 45) The user as the one who confirmed: "the user confirmed this mapping",
# "confirmé par lui en session", "confermato dall'utente", "el usuario lo confirmó",
# "vom Nutzer bestätigt". Their own confirmation of their own data is no authority claimed.
_USER_CONFIRMED = _rx(
    r"\bthe\s+user\s+(?:has\s+|had\s+)?(?:re-?)?confirmed\b|\bconfirmed\s+by\s+(?:the\s+user|them|him|her)\b"
    r"|\bconfirmée?s?\s+par\s+(?:lui|elle|l'utilisat(?:eur|rice))\b|\bl'utilisat(?:eur|rice)\s+"
    r"(?:l'a\s+|a\s+|l'\s*)?confirm\w*"
    r"|\bconfermat[oaie]\s+(?:dall'utente|da\s+lui|da\s+lei)\b|\bl'utente\s+(?:l'ha\s+|ha\s+)?confermat?\w*"
    r"|\bconfirmad[oa]s?\s+por\s+(?:el\s+usuario|la\s+usuaria|él|ella)\b"
    r"|\b(?:el\s+usuario|la\s+usuaria)\s+(?:lo\s+|la\s+)?(?:ha\s+)?confirm\w*"
    r"|\b(?:vom|von\s+der)\s+(?:nutzer|benutzer|nutzerin|benutzerin)\s+bestätigt\b"
    r"|\b(?:der\s+(?:nutzer|benutzer)|die\s+(?:nutzerin|benutzerin))\s+(?:hat\s+)?(?:es\s+|dies\s+)?bestätigt\w*"
)
# A fact handed to someone else: a payee, a recipient, a beneficiary.
_PAYEE = _rx(
    r"\b(?:payees?|recipients?|beneficiar\w*|bénéficiaires?|destinataires?|destinatari[oa]?s?|"
    r"beneficiari[oa]?s?|empfänger\w*|begünstigt\w*)\b"
)
_BARE_COMMENT = _rx(r"^<!--\s{0,3}[\w-]{1,20}\s{0,3}-->$")


def label_end(text: str) -> int:
    """Where the note's own short label ends ("Assistant note:", "Nota dell'assistente:",
    "Lesson learned:"): after its colon and a space, or 0 when it has none."""
    colon = text.find(":", 0, LABEL_REACH + 1)
    if colon <= 0 or "\n" in text[:colon] or text[colon + 1 : colon + 2] not in (" ", "\t"):
        return 0
    return colon + 1


def _ends(low: str, i: int) -> bool:
    # a dot inside a host name or an address ends nothing
    return low[i] in _CLAUSE_END and (low[i] != "." or i + 1 == len(low) or low[i + 1].isspace())


def _clause(low: str, start: int, end: int) -> tuple[int, int]:
    """The clause around ``start:end``: to the nearest ";", "!", "?", line or full stop."""
    a = start
    while a > 0 and not _ends(low, a - 1):
        a -= 1
    b = end
    while b < len(low) and not _ends(low, b):
        b += 1
    return a, b


def _blank(low: str, spans: list[tuple[int, int]]) -> str:
    for a, b in spans:
        low = low[:a] + " " * (b - a) + low[b:]
    return low


def _fits(text: str, low: str, h: Hit, body: int) -> bool:
    """Whether a hit is a shape such a note has (see the module's docstring)."""
    if h.hard or h.hidden or (h.signal not in NOTE_KINDS and h.signal is not Signal.FAKE_AUTHORITY):
        return False
    if h.signal is Signal.AGENT_DIRECTIVE:
        return h.end <= body  # the note's own label; elsewhere an address to an agent
    if h.signal is Signal.USER_FACT:
        return not changed(low, h.start, h.end) or _confirmed_own(low)
    if h.signal is Signal.FAKE_AUTHORITY:
        # (round 45) "the user confirmed this": the user's own word, no authority claimed,
        # in a note that hands nothing on
        return _confirmed_own(low) and any(
            m.start() < h.end and m.end() > h.start
            for m in _USER_CONFIRMED.finditer(
                low, max(0, h.start - LABEL_REACH), h.end + LABEL_REACH
            )
        )
    if h.signal is Signal.HTML_COMMENT:
        return _BARE_COMMENT.match(text[h.start : h.end].strip()) is not None
    if h.signal is Signal.QA_RECORD:
        return "\n" not in text  # tokens named inline, not a transcript's lines
    if h.signal is Signal.EXFILTRATION:
        a, b = _clause(low, h.start, h.end)
        return _OWN_DESTINATION.search(low, a, b) is not None
    return True


def _confirmed_own(low: str) -> bool:
    """(round 45) Whether the note records the user's own confirmation of a change to their
    own data ("the user changed their phone number, confirmed by them in session") and
    hands nothing on: no new value given (an address, a link, a number, an IBAN) and no
    payee or recipient. A planted change gives the new value or a new payee."""
    return (
        _USER_CONFIRMED.search(low) is not None
        and _DESTINATION.search(low) is None
        and _PAYEE.search(low) is None
    )


def _orders(low: str, found: list[Hit], body: int) -> list[Hit]:
    """The hits that give the future agent an order: not the note's own label, nor a
    trigger that only says what the user's words mean."""
    out = []
    for h in found:
        if h.signal not in ORDER_KINDS or (h.signal is Signal.AGENT_DIRECTIVE and h.end <= body):
            continue
        if h.signal is Signal.CONDITIONAL_TRIGGER:
            a, b = _clause(low, h.start, h.end)
            if _MEANING.search(low, h.end, b) is not None:
                continue
        out.append(h)
    return out


def _topic(low: str, body: int) -> bool:
    """Whether the note opens on the user: named within its first words, with no first
    person, condition, report or gerund before ("sharing the user's location", "dass ich
    die Dokumente des Nutzers", "sobald der Nutzer …" are the agent's acts, not notes about
    the user), but for a source named ("standing request from the user") or a trigger that
    only says what the user's words mean."""
    m = _USER_SUBJECT.search(low, body, body + SUBJECT_REACH)
    if m is None:
        return False
    before = low[body : m.start()]
    if len(before.split()) > OPENING_WORDS:
        return False
    if _AGENT_OPENER.search(before) is None:
        return True
    if _SOURCE_NAMED.match(low, m.start()) is not None:
        return True
    a, b = _clause(low, m.start(), m.end())
    return _CONDITION.search(before) is not None and _MEANING.search(low, m.end(), b) is not None


def _risky(part: str) -> bool:
    return bool(
        _ACTS.search(part)
        or _MORE_ACTS.search(part)
        or _SENDS.search(part)
        or _UNSEEN.search(part)
        or _HARM.search(part)
    )


def about_user(text: str, found: list[Hit]) -> bool:
    """Whether an assistant's (or a model's) note is about the user — their facts, their
    things, their own stated wish — with nothing ordered from elsewhere in it."""
    low = text.lower()
    if not found or len(low) != len(text):
        return False
    body = label_end(text)
    if not _topic(low, body) or not all(_fits(text, low, h, body) for h in found):
        return False
    if "\n" in text.strip() or _AGENT_MODAL.search(low, body) or _FIRST_PERSON_I.search(text, body):
        return False  # a file's lines, or a rule for the agent: no note about the user
    if changed(low, body, len(low)) and not _confirmed_own(low):
        return False  # a fact changed ("moved", "new", "now"): planted facts' ground
    if _THIRD_PARTY.search(low) or _SPREAD.search(low) or _UNCHECKED.search(low):
        return False
    own = [_clause(low, h.start, h.end) for h in found if h.signal is Signal.EXFILTRATION]
    own += [_clause(low, m.start(), m.end()) for m in _CHECK_KEPT.finditer(low)]
    rest = _blank(low, own)  # a send to the user's own address, a check kept: theirs
    orders = _orders(low, found, body)
    asked = USER_WISH.search(low) is not None or _SOURCE_NAMED.search(low) is not None
    if not asked and any(
        h.signal is not Signal.EXFILTRATION
        and _KEEP.search(rest, *_clause(rest, h.start, h.end)) is None
        for h in orders
    ):
        return False  # an order the user did not give, other than keeping their things
    if any(h.signal is Signal.LEARNED for h in found):
        # The scorer's reading is dropped with the class: the whole note must be harmless,
        # not only its orders (what the patterns miss, the scorer alone reads).
        spans = [(0, len(rest))]
    else:
        spans = [
            _clause(rest, h.start, h.end) for h in orders if h.signal is not Signal.EXFILTRATION
        ]
        spans += [_clause(rest, m.start(), m.end()) for m in _ONWARD_RULE.finditer(rest)]
    if any(_risky(rest[a:b]) for a, b in spans):
        return False
    if _ELSEWHERE.search(rest) is None:
        return True
    if _ADDRESS.search(rest):
        return False  # an address that is not the user's own: a contact planted or a send
    # A link that is not the user's own: only in a note that orders and acts on nothing,
    # with no slot for data.
    return not (orders or _SLOT.search(rest) or _risky(rest))


def unlabelled(text: str, found: list[Hit]) -> list[Hit]:
    """The hits less the note's own label read as an address to an agent ("Assistant
    note:", "Lesson learned:"): in the assistant's own note about the user it names its
    writer. Other notes keep it (a "Note to self:" of a rule the user asked for is read as
    before)."""
    if not about_user(text, found):
        return found
    body = label_end(text)
    return [h for h in found if not (h.signal is Signal.AGENT_DIRECTIVE and h.end <= body)]
