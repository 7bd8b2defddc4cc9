"""The user's own words, quoted after a label that says how they came in (round 41's false
alarms, and their class in rounds 35-38).

A "user statement" whose reference is a page or a tool call weighs at full: a page's text
stored as the user's is how orders get laundered (``owned``). Two labels say the words
after them are the user's own, not the page's or the tool's:

- **the user's own settings or voice channel** named before the colon: "User statement
  via the settings tool:", "User via the voice-assistant tool:", "Règle donnée par
  l'utilisateur dans l'outil de préférences :", "Dictado por el usuario (herramienta de
  voz):", "Preferenza dettata tramite lo strumento vocale:", "Über das Einstellungs-Tool
  gespeichert:" — a browser extension, a clipboard, a mail reader or a plugin is no such
  channel (what it captures is someone else's text);
- **a link shared and what the user said about it**, quoted to the end of the text: "User
  shared https://gov.uk/passport-fees and said: '…'", "L'utilisateur a partagé cette page
  et a dit : « … »", "L'utente ha condiviso … e ha detto: «…»", "El usuario compartió … y
  dijo: «…»", "Der Nutzer hat … geteilt und sagte: „…“". "Pasted from", "said to keep it:
  <text>" and a short quote followed by the page's text ("said 'note the steps': step 1
  …") stay the page's.

The user's words are then weighed as notes drawn from them (``DERIVED_FROM_USER``) when
their hits are rule-shaped only (none hard or hidden) and they are harmless by what they
do, whoever wrote them (``owned``'s lists: no money, access, hiding or warnings removed,
no destination, nothing paid, installed, deleted, recommended or sent to others — "the
recipe I send you" is the user's own sending) and they never speak of "the user". The
poison twins — the same label before a forward to an address, a payment, a link to open
with the chat, a check turned off — keep their weight.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.owned import _ACTS, _SENDS, _UNSEEN
from memaudit.injection.patterns.secrets import THE_USER
from memaudit.injection.protective import _ELSEWHERE
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _HARM

QUOTED_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.USER_FACT,
        Signal.USER_CLAIM,
        Signal.LEARNED,
    }
)
LABEL_REACH = 160  # characters read for the label before the user's words

# The user's own settings, preferences or voice channel, named in the label.
_CHANNEL = _rx(
    r"\b(?:(?:settings?|preferences?|voice(?:[\s-]assistant)?|dictation)[\s-](?:tool|app|panel)"
    r"|dictated|outil\s+(?:de\s+)?(?:préférences|réglages|paramètres|vocal|dictée)|dictée"
    r"|strumento\s+(?:delle\s+|di\s+)?(?:preferenze|impostazioni|vocale|dettatura)|dettat[oa]"
    r"|herramienta\s+de\s+(?:voz|ajustes|preferencias|configuración|dictado)|dictad[oa]"
    r"|(?:einstellungs|präferenz|sprach)[\w-]{0,20}?(?:tool|werkzeug|app|assistent\w*)|diktiert"
    # (round 44) the user's own editor's plugin, whose settings the user sets: "set via the
    # editor plugin", "plugin de l'éditeur", "plugin dell'editor", "plugin del editor",
    # "Editor-Plugin" (a browser's extension clips others' text: not named here)
    r"|(?:code[\s-])?editor[\s-](?:plugin|extension)|ide[\s-](?:plugin|extension)"
    r"|(?:plugin|extension)\s+de\s+l'éditeur|plugin\s+dell'editor|(?:plugin|extensión)\s+del\s+editor"
    r"|editor-(?:plugin|erweiterung))\b"
    # (round 42) a note or a file the user wrote themselves, read by a tool: "note qu'il a
    # créée lui-même", "a note the user wrote", "the user's own notes", "nota che l'utente ha
    # scritto", "notas que escribió el usuario", "Notiz, die der Nutzer selbst angelegt hat"
    r"|\b(?:notes?|document|file|doc)\s+(?:that\s+)?the\s+user\s+(?:wrote|created|made|keeps)\b"
    r"|\b(?:the\s+user(?:'s|’s)|their)\s+own\s+(?:notes?|document|file|doc)\b"
    r"|\b(?:notes?|document|fichier)\s+qu'(?:il|elle|l'utilisat(?:eur|rice))\s+a\s+"
    r"(?:créé|écrit|rédigé)e?s?\b|\bses\s+propres\s+notes\b"
    r"|\b(?:not[ae]|documento|file)\s+(?:che\s+)?(?:l'utente\s+)?ha\s+(?:scritto|creato|redatto)\b"
    r"|\b(?:not[ae]|documento)\s+(?:scritt|creat|redatt)[oaie]\s+dall'utente\b"
    r"|\b(?:notas?|documento|archivo)\s+que\s+(?:el\s+usuario\s+|la\s+usuaria\s+)?"
    r"(?:escribió|creó|redactó)\b|\bsus\s+propias\s+notas\b"
    r"|\b(?:notiz|notizen|dokument|datei),?\s+(?:die|das|den)\s+(?:der\s+nutzer|die\s+nutzerin|er|sie)"
    r"\s+selbst\s+(?:geschrieben|angelegt|erstellt|verfasst)\b"
)
# A label's end: its colon (the user's words follow).
_LABEL = re.compile(r"\A([^:\n]{1,160}):")
# "User shared <link or page> and said: '…'" in five languages; the quote runs to the end.
_SHARED_SAID = _rx(
    r"\A\W{0,3}(?:the\s+)?user\s+(?:shared|sent|linked)\s[^\n\"“«]{1,160}?\s"
    r"and\s+said\s*(?::\s*)?[\"“«'‘]"
    r"|\A\W{0,3}l'utilisat(?:eur|rice)\s+a\s+(?:partagé|envoyé)\s[^\n\"“«]{1,160}?\s"
    r"et\s+a\s+dit\s*(?::\s*)?[\"“«'‘]"
    r"|\A\W{0,3}l'utente\s+ha\s+(?:condiviso|inviato|mandato)\s[^\n\"“«]{1,160}?\s"
    r"e\s+ha\s+detto\s*(?::\s*)?[\"“«'‘]"
    r"|\A\W{0,3}el\s+usuario\s+(?:compartió|envió|mandó)\s[^\n\"“«]{1,160}?\s"
    r"y\s+dijo\s*(?::\s*)?[\"“«'‘]"
    r"|\A\W{0,3}(?:der\s+)?(?:nutzer|benutzer)(?:in)?\s+(?:hat|teilte|schickte)\s[^\n\"“„«]{1,160}?\s"
    r"und\s+(?:sagte|meinte|hat\s+gesagt)\s*(?::\s*)?[\"“„«'‘]"
)
_CLOSE = re.compile(r"[\"”“»'’]\W{0,3}\Z")
# The user sending to the assistant ("whenever I send you a recipe", "je t'envoie"), which
# ``_SENDS`` would read as a send to someone else.
_SENT_TO_ME = _rx(
    r"\bi\s+(?:send|forward|share)\s+you\b|\bje\s+(?:t'|te\s+|vous\s+)(?:envoie|transf[eè]re|"
    r"partage)\b|\bti\s+(?:mando|invio|inoltro|giro)\b|\bte\s+(?:env[ií]o|mando|reenv[ií]o)\b|"
    r"\bich\s+dir\s+(?:schicke|sende)\b"
)
_ADDRESS = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+\.")
# (round 44) a formatter's marker that keeps a hand layout ("prettier-ignore", "fmt: off",
# "clang-format off", "yapf: disable", "markdownlint-disable"): a convention of the user's
# files, not "ignore" as a check dropped.
_FORMAT_MARKER = _rx(
    r"\bprettier-ignore(?:-start|-end)?\b|\bfmt:\s?(?:off|on|skip)\b|\bclang-format\s(?:off|on)\b"
    r"|\byapf:\s?(?:disable|enable)\b|\bmarkdownlint-(?:disable|enable)(?:-line|-next-line|-file)?\b"
)
# (round 44) a check kept: an act the user forbids unless asked first ("never run `npm
# publish` … without asking them first", "ne jamais … sans me demander", "mai … senza
# chiedermelo", "nunca … sin preguntarme", "nie … ohne mich zu fragen"): the act is held
# back, so it is read as no act (a clause, up to its first punctuation).
_KEPT_CHECK = _rx(
    r"\b(?:never|don't|do\s+not)\s[^.,;:!?\n]{0,80}?\bwithout\s+(?:first\s+)?(?:asking|checking\s+with)"
    r"\s+(?:me|them|him|her)(?:\s+first)?\b"
    r"|\b(?:ne\s+jamais|ne\s+\w+\s+jamais|n'\w+\s+jamais)\s[^.,;:!?\n]{0,80}?\bsans\s+(?:me|lui|leur)\s+"
    r"(?:le\s+)?demander\b"
    r"|\b(?:mai|non\s+\w+\s+mai)\s[^.,;:!?\n]{0,80}?\bsenza\s+(?:chiedermelo|chiedergli(?:elo)?|chiederle|"
    r"chiedere\s+a\s+me)\b"
    r"|\b(?:nunca|no\s+\w+\s+nunca)\s[^.,;:!?\n]{0,80}?\bsin\s+(?:preguntarme|preguntarle|consultarme|"
    r"consultarle)\b"
    r"|\b\w+\s+(?:nie|niemals)\s[^.,;:!?\n]{0,80}?\bohne\s+(?:mich|ihn|sie)\s+(?:vorher\s+)?zu\s+fragen\b"
)


def _said(low: str) -> str | None:
    """The user's words quoted after "User shared <link or document> and said:", when the
    quote runs to the end of the text; None otherwise."""
    said = _SHARED_SAID.match(low)
    if said is None:
        return None
    rest = low[said.end() :]
    close = _CLOSE.search(rest)
    # (the quote runs to the end: no page text after a short "note this")
    if close is None or any(q in rest[: close.start()] for q in '"“”«»'):
        return None
    return rest[: close.start()]


def _words(text: str) -> str | None:
    """The user's words after a label that names their own channel or what they said
    about a link they shared; None when the label names neither."""
    low = text.lower()
    if len(low) != len(text):
        return None
    if _SHARED_SAID.match(low) is not None:
        return _said(low)
    label = _LABEL.match(low)
    if label is None or label.end() > LABEL_REACH or _CHANNEL.search(label.group(1)) is None:
        return None
    return low[label.end() :]


def harmless_words(words: str) -> bool:
    """Whether the user's words (lower case, their label cut off) do nothing harmful,
    whoever wrote them: no money, access, hiding or warnings removed, no destination, nothing
    paid, installed, deleted, recommended or sent to others, no address, no "the user"."""
    if not words.strip() or THE_USER.search(words):
        return False
    words = _SENT_TO_ME.sub(" ", words)  # ("whenever I send you a recipe")
    words = _KEPT_CHECK.sub(" ", words)  # ("never publish without asking them first")
    words = _FORMAT_MARKER.sub(" ", words)  # ("keep the `<!-- prettier-ignore -->` markers")
    return not (
        _HARM.search(words)
        or _ACTS.search(words)
        or _SENDS.search(words)
        or _UNSEEN.search(words)
        or _ELSEWHERE.search(words)
        or _ADDRESS.search(words)
    )


def _quotable(found: list[Hit]) -> bool:
    return bool(found) and not any(
        h.hidden or h.hard or (h.signal not in QUOTED_KINDS and h.note not in MENTIONED)
        for h in found
    )


def said_of_document(text: str, found: list[Hit]) -> bool:
    """Whether a statement drawn from a document is what the user said about it, quoted to
    the end ("User shared their style guide and said: '…'", round 38), and harmless."""
    if not _quotable(found) or len(text.lower()) != len(text):
        return False
    words = _said(text.lower())
    return words is not None and harmless_words(words)


def written_own(words: str, found: list[Hit]) -> bool:
    """Whether the rules of a document the user wrote (its label cut off: ``words``) are
    the user's own: rule-shaped hits only (no send, beacon or carrier), and what the learned
    scorer reads as an order only when the words are harmless (round 42)."""
    if not _quotable(found) or _ADDRESS.search(words) or _ELSEWHERE.search(words):
        return False
    return not any(h.signal is Signal.LEARNED for h in found) or harmless_words(words)


def quoted_own(text: str, found: list[Hit]) -> bool:
    """Whether a statement's text is the user's own harmless words, quoted after a label
    naming their settings or voice channel, or a link they shared and what they said."""
    if not _quotable(found):
        return False
    words = _words(text)
    return words is not None and harmless_words(words)
