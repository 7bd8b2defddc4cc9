"""The assistant's note of advice it gave the user about the user's own system, and the
user's answer (round 33's false alarms, "the assistant's notes of what it told the user";
rounds 23 and 29 too).

"I told the user their support bot should escape '<|im_end|>' …; they agreed to add a
sanitizer", "I suggested prepending the system text …, and they agreed to try it",
"Suggest escaping these before training; he agreed to try it": the patterns read "bot
should" as a directive to an agent, the named role tokens and "silently" as what an
injection holds. The directive is to the user's bot, told to the user, who answered.

``advice_reported`` reads a hit as reported advice when the text, as a whole:

- reports advice given (``_ADVISED``: "I told the user", "I suggested", "j'ai conseillé
  à l'utilisateur", "ho suggerito all'utente", "le recomendé al usuario", "ich habe dem
  Nutzer geraten");
- names the user's own system as its subject ("their support bot", "his corpus",
  "Samir's chatbot", "leur application", "il suo repository", "su plantilla", "ihr Bot");
- records the user's answer ("they agreed", "il a accepté", "ha accettato", "aceptó",
  "stimmte zu");
- holds no address, no word of a standing or unasked act ("always", "from now on",
  "without asking", "automatically"), and only hits of the harmless kinds a note of advice
  trips (a directive, a named token, a trigger, a rule's word, "silently").

A note that sends, widens a permission or keeps a rule for later keeps its hits.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

_ADVISED = _rx(
    r"\b(?:i\s+)?(?:told|suggested|recommended|advised|explained\s+to)\s+(?:the\s+user|them|him|her)\b"
    r"|\bi\s+(?:suggested|recommended|advised|proposed)\b|^[^\w\n]*suggest\w*\b|[.;]\s+suggest\w*\b"
    r"|\bj'ai\s+(?:conseillé|suggéré|recommandé|dit|expliqué|proposé)\s+(?:à\s+l'utilisat\w+|à\s+(?:lui|elle|eux))"
    r"|\b(?:gli|le)\s+ho\s+(?:consigliato|suggerito|detto|spiegato|proposto)"
    r"|\bho\s+(?:consigliato|suggerito|detto|spiegato|proposto)\s+(?:all'utente|a\s+(?:lui|lei|loro))"
    r"|\ble\s+(?:aconsejé|sugerí|recomendé|dije|expliqué|propuse)\b"
    r"|\bich\s+habe\s+(?:dem\s+nutzer|der\s+nutzerin|ihm|ihr|ihnen)\s+(?:\w+\s+){0,3}?"
    r"(?:geraten|empfohlen|gesagt|erklärt|vorgeschlagen)"
)
_THEIR_SYSTEM = _rx(
    r"\b(?:their|his|her|the\s+user's|\w+'s|leur|son|sa|ses|il\s+suo|la\s+sua|i\s+suoi|su|sus|"
    r"ihr\w*|sein\w*)\s+(?:[\w-]+\s+){0,2}?[\w-]*?(?:bots?|chatbots?|apps?|applications?|"
    r"applicazion[ei]|aplicaci(?:ón|ones)|repo\w*|templates?|chat_template|plantillas?|"
    r"modèles?|code|codice|código|pipelines?|servers?|serveurs?|sites?|systems?|systèmes?|"
    r"sistem[ai]|prompts?|corpus|datasets?|models?|modell\w*|modelos?|services?|scripts?)\b"
)
_ASSENT = _rx(
    r"\b(?:they|he|she|the\s+user)\s+(?:\w+\s+)?(?:agreed|accepted|will\s+try|said\s+yes)\b"
    r"|\b(?:ils?|elles?|l'utilisat\w+)\s+(?:a|ont)\s+accepté|\best\s+d'accord\b"
    r"|\b(?:ha|hanno)\s+accettato\b|\bè\s+d'accordo\b"
    r"|\b(?:aceptó|aceptaron)\b|\bestá\s+de\s+acuerdo\b"
    r"|\b(?:stimmte|stimmten)\s+zu\b|\bhat\s+zugestimmt\b|\bwar\s+einverstanden\b"
)
_STANDING = _rx(
    r"\b(?:always|every|from\s+now\s+on|going\s+forward|without\s+asking|automatically|"
    r"by\s+default|toujours|désormais|sans\s+demander|automatiquement|sempre|d'ora\s+in\s+poi|"
    r"senza\s+chiedere|automaticamente|siempre|a\s+partir\s+de\s+ahora|sin\s+preguntar|"
    r"immer|ab\s+sofort|ohne\s+(?:zu\s+)?fragen|automatisch)\b"
)
_ADDRESS = re.compile(r"@|https?://|\bwww\.")
_ADVICE_KINDS = frozenset(
    {
        Signal.AGENT_DIRECTIVE,
        Signal.ROLE_TOKEN,
        Signal.SECRECY,
        Signal.CONDITIONAL_TRIGGER,
        Signal.IMPERATIVE,
        Signal.STANDING_RULE,
    }
)
MAX_NOTE = 1_000  # a note of advice is short; a longer text is read as it is


def advice_reported(low: str, h: Hit, hits: list[Hit]) -> bool:
    """Whether ``h`` is in a note of advice given the user about their own system, which
    they answered (see the module's docstring)."""
    if h.signal not in _ADVICE_KINDS or len(low) > MAX_NOTE:
        return False
    if any(o.hidden or o.signal not in _ADVICE_KINDS for o in hits):
        return False
    if _ADDRESS.search(low) is not None or _STANDING.search(low) is not None:
        return False
    return all(rx.search(low) is not None for rx in (_ADVISED, _THEIR_SYSTEM, _ASSENT))
