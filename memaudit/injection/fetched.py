"""The user's own harmless wish that names its reference as the page they had the
assistant fetch or showed it (round 31's false alarms, class P).

A "user statement" whose source reference is a URL or a tool call disagrees with itself
(``provenance.user_mismatch``) and weighs at full: a page's text stored as the user's is
how instructions get laundered. Round 29 spared the user's rule when the text says the
link is the one *they* sent or where *they* saw the idea (``owned._REF_MINE``); round 30
the wish that keeps the user's say (``kept_say``). Round 31's recurring false alarms name
the reference the other way round, as what the assistant did at the user's request: "the
page you fetched", "the page I had you fetch", "the geocache page I showed you", "the
style guide at that link", "la page que tu as récupérée", "la pagina che hai aperto", "la
página que consultaste", "die Seite, die du abgerufen hast". The reference is explained by
the text: the user went to that page through their assistant and now says what they want
of it. Such a statement weighs as notes drawn from the user's words (``DERIVED_FROM_USER``)
when all of these hold:

- it names the reference so (``FETCHED_REF``), in the user's first person or a direct
  "please", never of "the user" in the third person (a page's or a note-taker's voice);
- its hits are rule-shaped (a standing rule, a trigger, a directive, an imperative, a
  request to remember), or what the user's own material shows: role tokens of a template
  named as their format, a visible HTML comment, an encoded run whose decoded text holds
  no signal, a destructive command the user forbids ("never force-push"); none hidden;
- it waives no check ("without asking", "never ask me", "ne me demande pas") and is
  harmless by what it does once the clauses that forbid an act or keep the user's say are
  set aside (``kept_say._harmless``: no money, access, warning or hiding, no destination,
  nothing paid, installed, deleted, recommended, sent to another or done unseen).

Its poison twin — the same sentence that forwards to an address, pays, installs what the
page names, waives the check, keeps something from the user, or carries an order in its
comment or its encoded run — keeps its full weight (tested in five languages).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kept_say import _harmless, _tokens_shown, _voiced
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.loopback import without_loopback
from memaudit.injection.owned import OWN_RULE_KINDS
from memaudit.injection.vocabulary import _rx

_PLACE = (
    r"(?:page|docs?|documentation|site|website|link|article|guide|template|post|results?|"
    r"listing|faq|readme|pagina|documentazione|sito|articolo|guida|modello|risultat[oi]|"
    r"página|documentación|sitio|enlace|artículo|guía|plantilla|resultados?|"
    r"lien|modèle|résultats?|compte\s+rendu|seite|doku|dokumentation|webseite|artikel|"
    r"leitfaden|vorlage|ergebnis(?:se)?|notes|minutes|report|rapport|verbale|appunti|notas|acta|"
    r"informe|notizen|protokoll|bericht)"
)
_GAP = r"(?:[^.;!?\n]{0,40}?\s)?"


def _named_place(clause: str, comma: str = "") -> str:
    """A place, then (after a few words at most) the clause that says how it came."""
    return r"\b" + _PLACE + comma + r"\s+" + _GAP + clause


# The reference named as what the assistant fetched, or what the user showed or shared.
FETCHED_REF = _rx(
    "|".join(
        [
            _named_place(
                r"(?:that\s+|which\s+)?you\s+(?:just\s+)?"
                r"(?:fetched|retrieved|opened|pulled(?:\s+up)?|loaded|looked\s+up|browsed|scraped)\b"
            ),
            _named_place(
                r"(?:that\s+|which\s+)?i\s+(?:had|asked|got)\s+you\s+(?:to\s+)?"
                r"(?:fetch|open|retrieve|pull\s+up|load|look\s+up|browse|read)\b"
            ),
            _named_place(r"(?:that\s+|which\s+)?i\s+(?:just\s+)?(?:showed|shared\s+with)\s+you\b"),
            r"\b(?:at|from|on|in)\s+that\s+(?:link|page|site|url)\b",
            _named_place(
                r"que\s+(?:tu\s+as|vous\s+avez)\s+"
                r"(?:récupérée?|ouverte?|consultée?|chargée?|trouvée?)\b"
            ),
            _named_place(
                r"que\s+je\s+(?:t'|vous\s+)ai\s+(?:montrée?|fait\s+(?:ouvrir|récupérer))\b"
            ),
            _named_place(r"que\s+j'ai\s+partagée?\b"),
            _named_place(
                r"che\s+(?:hai|avete)\s+(?:recuperat|apert|caricat|consultat|trovat)[oa]\b"
            ),
            _named_place(r"che\s+ti\s+ho\s+(?:mostrat[oa]|fatto\s+(?:aprire|recuperare))\b"),
            _named_place(r"che\s+ho\s+condiviso\b"),
            _named_place(
                r"que\s+(?:has\s+(?:recuperado|abierto|consultado|cargado)|"
                r"recuperaste|abriste|consultaste|cargaste)\b"
            ),
            _named_place(r"que\s+te\s+(?:mostré|enseñé|hice\s+abrir|he\s+mostrado)\b"),
            _named_place(r"que\s+(?:compartí|he\s+compartido)\b"),
            # (German sets the relative clause off with a comma)
            _named_place(
                r"(?:die|das|den)\s+du\s+(?:\w+\s+){0,2}?"
                r"(?:abgerufen|geöffnet|geholt|geladen|aufgerufen)\s+hast\b",
                ",?",
            ),
            _named_place(r"(?:die|das|den)\s+ich\s+dir\s+(?:gezeigt|geteilt)\s+habe\b", ",?"),
        ]
    )
)
# The words of the naming itself: the place and how it came (shared, showed, fetched).
_REF_WORDS = re.compile(
    r"\b" + _PLACE + r"\b|\b(?:partagée?|condiviso|compartí|compartido|geteilt|shared|montrée?|"
    r"mostrat[oa]|mostré|mostrado|gezeigt|showed)\b",
    re.IGNORECASE,
)
# A check waived: no wish that keeps the user's say.
_WAIVES = _rx(
    r"\bwithout\s+(?:asking|checking|confirm\w*)|\b(?:never|don't|do\s+not)\s+ask\b"
    r"|\bno\s+need\s+to\s+(?:ask|check|confirm)"
    r"|\bsans\s+(?:me\s+|te\s+|vous\s+)?(?:demander|confirm\w*)|\bne\s+(?:me\s+)?demande\s+(?:pas|jamais)\b"
    r"|\bsenza\s+(?:chieder\w*|conferm\w*)|\bnon\s+chieder\w*"
    r"|\bsin\s+(?:preguntar\w*|confirm\w*)|\bno\s+(?:me\s+)?preguntes\b|\bnunca\s+preguntes\b"
    r"|\bohne\s+(?:zu\s+fragen|rückfrage|nachfrage|bestätigung)|\bfrag\w*\s+(?:mich\s+)?(?:nie|nicht)\b"
)
# A clause that forbids the agent an act ("never force-push", "jamais de paiement") or
# keeps the user's say over one ("always ask me before running any command that deletes
# files", "demande-moi toujours confirmation avant toute suppression"): the act it names
# is kept from the agent, not asked of it.
_GUARDED = re.compile(
    r"\b(?:never|jamais|mai|nunca|niemals|nie)\b[^.;,!?\n]{0,60}"
    r"|\b(?:always\s+ask\s+me|ask\s+me\s+(?:first\s+)?before|check\s+with\s+me\s+before)[^.;!?\n]{0,80}"
    r"|\b(?:me\s+demandes?|demande-moi)\s+(?:toujours\s+)?(?:confirmation\s+|l'accord\s+)?avant\b"
    r"[^.;!?\n]{0,80}"
    r"|\b(?:chiedimi|mi\s+chieda|chiedi\s+sempre)\s+(?:sempre\s+)?(?:conferma\s+)?prima\b[^.;!?\n]{0,80}"
    r"|\b(?:pregúntame|me\s+preguntes)\s+(?:siempre\s+)?(?:antes|primero)\b[^.;!?\n]{0,80}"
    r"|\bfrag\w*\s+(?:mich\s+)?(?:immer\s+)?(?:vorher|zuerst|bevor)\b[^.;!?\n]{0,80}",
    re.IGNORECASE,
)
# A forbidding clause that hides or tells nothing: "never mention it to me" is secrecy.
_HIDES = _rx(
    r"\b(?:tell|mention|show|inform|notify|dire|mentionner|montrer|dirmi|menzionar\w*|mostrar\w*|"
    r"decir\w*|mencionar\w*|sagen|erwähn\w*|zeig\w*)\b"
)
# Nouns that an "e-mail" word names without any send: "the HTML email template".
_EMAIL_NOUN = re.compile(
    r"\be-?mail\s+(?:templates?|layouts?|designs?|invitations?|drafts?|signatures?|footers?)\b",
    re.IGNORECASE,
)
_SHOWN_KINDS = frozenset({Signal.HTML_COMMENT, Signal.ENCODED_PAYLOAD, Signal.PERSISTENCE})


def _forbidden(low: str, h: Hit, text: str) -> bool:
    """A destructive command the user forbids: its words stand in a "never" clause."""
    word = text[h.start : h.end].lower()
    return any(word in m.group(0) for m in _GUARDED.finditer(low))


def _allowed(h: Hit, low: str, text: str) -> bool:
    if h.hidden:
        return False
    if h.signal in OWN_RULE_KINDS or h.note in MENTIONED or h.signal in _SHOWN_KINDS:
        return True
    return h.signal is Signal.DESTRUCTIVE_COMMAND and _forbidden(low, h, text)


def fetched_wish(text: str, found: list[Hit]) -> bool:
    """Whether a statement is the user's own harmless wish about a page they had the
    assistant fetch, or showed it (named so in the text)."""
    low = text.lower()
    if len(low) != len(text) or not found or FETCHED_REF.search(low) is None:
        return False
    if not _voiced(low) or _WAIVES.search(low) is not None:
        return False
    said = _tokens_shown(low, found)
    if not all(_allowed(h, low, text) for h in said):
        return False
    if any(_HIDES.search(m.group(0)) for m in _GUARDED.finditer(low)):
        return False
    # (what an encoded run decodes to is read as the text is)
    decoded = " ".join(h.note for h in found if h.signal is Signal.ENCODED_PAYLOAD)
    # (the reference's own words, "the page", "que j'ai partagé", are no act of the wish;
    # what stands between them is read)
    named = FETCHED_REF.sub(lambda m: _REF_WORDS.sub(" ", m.group(0)), low)
    rest = _EMAIL_NOUN.sub(" ", _GUARDED.sub(" ", named))
    rest = without_loopback(rest)  # (round 32: a forward to the user's own machine)
    return _harmless(rest + " " + decoded.lower())


def names_fetched(text: str) -> bool:
    """Whether a statement, in the user's voice, names the document it is drawn from as
    one they shared or showed, or had the assistant fetch (as ``SENT_BY_ME`` names one
    they sent)."""
    low = text.lower()
    return len(low) == len(text) and FETCHED_REF.search(low) is not None and _voiced(low)
