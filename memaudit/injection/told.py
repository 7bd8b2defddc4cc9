"""Texts that tell people about an attack, read as no order (round 30's false alarms,
class O).

Round 29 read a risk told (``protective.risk_told``: what an attack *can make* an agent
do) for the learned scorer only. Round 30's articles, notes and trainings tell the attack
in other words, and the patterns read the acts they name as orders:

- **what an injected text asks of an agent, or what it is for** ("an injected
  instruction may ask an agent to fetch https://evil.example/?data=<secret>", "le texte
  malveillant prend la forme d'une expérience passée … afin que l'agent répète l'action
  sans demander", "un'istruzione iniettata può chiedere a un agente di …", "una
  instrucción inyectada puede pedir a un agente que …", "eine eingeschleuste Anweisung
  kann einen Agenten auffordern, …"): every hit in that sentence is the attack's, told.
  "So"/"therefore" after it draws an order and keeps them (as round 29's rule);
- **a check required beside an attack told** ("Agents should require user approval for
  requests that include user data"): ``protective.limiting`` quiets a rule that limits
  the agent only in a text with no address; the example address of a sentence that tells
  the attack is the attack's, not a destination of the text. The act the check covers,
  named after it in its sentence, is no order either. A check taken away, a widening or
  an address outside the told sentences keeps every hit.

Hidden carriers (comments, encodings, invisible characters) are never read as told: a
live payload inside an article is still one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import NO_CONTEXT, Signal
from memaudit.injection.protective import (
    _ATTACK_TOLD,
    _CHECK_TAKEN,
    _DRAWN,
    _ELSEWHERE,
    _LIMITS,
    _WIDENED,
    around,
)
from memaudit.injection.vocabulary import _rx

_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")

_INJECTED = (
    r"(?:(?:injected|malicious|planted|hidden|poisoned|hostile)\s+(?:instructions?|prompts?|texts?|"
    r"content|pages?|memor(?:y|ies)|messages?)|(?:instructions?|textes?|contenus?|pages?|"
    r"souvenirs?|messages?)\s+(?:injecté|malveillant|piégé|caché)e?s?|"
    r"(?:istruzion[ei]|test[oi]|contenut[oi]|pagin[ae]|messagg[io])\s+(?:iniettat|malevol|nascost)[oaie]|"
    r"(?:instrucci(?:ón|ones)|textos?|contenidos?|páginas?|mensajes?)\s+(?:inyectad|malicios|ocult)[oa]s?|"
    r"(?:eingeschleuste|bösartige|versteckte|manipulierte)\w*\s+(?:anweisung|text|inhalt|seite|"
    r"nachricht)\w*)"
)
_AGENT = (
    r"(?:(?:an?|the|its|un|une|l'|uno?|una|el|la|einen|den|die|der)\s*)?(?:ai\s+|ia\s+|ki-?)?"
    r"(?:assistant|agent|model|llm|chatbot|assistente|asistente|modelo|modello|modèle|"
    r"assistenten|agenten|modell)\w*"
)
# What the injected text asks of an agent, or what it is for.
_ASKS_AGENT = _rx(
    rf"\b{_INJECTED}\s+(?:[^\s.;!?]+\s+){{0,6}}?(?:can|could|may|might|will|"
    r"peut|peuvent|pourrait|può|possono|potrebbe|puede|pueden|podría|kann|können|könnte)\s+"
    r"(?:ask|tell|instruct|direct|order|demander\s+à|ordonner\s+à|chiedere\s+a|ordinare\s+a|"
    rf"pedir(?:le)?\s+a|ordenar(?:le)?\s+a|auffordern|anweisen)\s*{_AGENT}"
    # (German: the agent before the verb, "kann einen Agenten auffordern")
    rf"|\b{_INJECTED}\s+(?:[^\s.;!?]+\s+){{0,6}}?(?:kann|können|könnte)\s+{_AGENT}\s+"
    r"(?:auffordern|anweisen|dazu\s+bringen|bitten)"
    rf"|\b{_INJECTED}\s+[^.;!?\n]{{0,200}}?\b(?:so\s+that|in\s+order\s+(?:for|that)|afin\s+que|"
    rf"pour\s+que|affinché|perché|para\s+que|damit)\s+{_AGENT}"
)


# (read once per text, not once per hit: over the training texts 9,608 of its 16,270
# calls were repeats, ~1.2 s of 44 s; the bound on hits per kind leaves several per text)
@lru_cache(maxsize=8)
def _told_spans(low: str) -> tuple[tuple[int, int], ...]:
    """The sentences that tell what an injected text asks of an agent or aims at, or what an
    attack can make it do, with no order drawn after."""
    spans = []
    for rx in (_ASKS_AGENT, _ATTACK_TOLD):
        for m in rx.finditer(low):
            probe = Hit(Signal.IMPERATIVE, m.start(), m.end(), 0.0)
            start, end = around(low, probe, _SENTENCE_END)
            if _DRAWN.search(low, m.end(), end) is None:
                spans.append((start, end))
    return tuple(spans)


def _readable(h: Hit) -> bool:
    return not h.hidden and h.signal not in NO_CONTEXT


def attack_told(low: str, h: Hit) -> bool:
    """Whether a hit lies in a sentence that tells what an injected text asks of an agent."""
    if not _readable(h):
        return False
    return any(a <= h.start and h.end <= b for a, b in _told_spans(low))


def check_beside_told(low: str, h: Hit) -> bool:
    """Whether a hit is a rule requiring a check (or the act it covers, after it) in a text
    whose only address lies in a sentence that tells an attack."""
    if not _readable(h):
        return False
    start, end = around(low, h, _SENTENCE_END)
    m = _LIMITS.search(low, start, end)
    if m is None:
        return False
    if h.signal not in (Signal.AGENT_DIRECTIVE, Signal.STANDING_RULE, Signal.IMPERATIVE) and (
        h.start < m.start()
    ):
        return False
    told = _told_spans(low)
    if not told:
        return False
    rest = low
    for a, b in told:
        rest = rest[:a] + " " * (b - a) + rest[b:]
    return (
        _CHECK_TAKEN.search(rest) is None
        and _ELSEWHERE.search(rest) is None
        and _WIDENED.search(rest) is None
    )


# A text that says its quoted payloads are examples never to run: "None of the payloads
# quoted here should ever be executed; they are examples for testing your sanitizer".
_DECLARED = _rx(
    r"\bnone\s+of\s+the\s+(?:payloads?|strings?|examples?|prompts?|samples?)\s+"
    r"(?:quoted|shown|listed|cited|above|below|here)[^.;\n]{0,40}?\b(?:should|must|may|is\s+to|are\s+to)\s+"
    r"(?:ever\s+)?be\s+(?:executed|run|followed|obeyed)"
    r"|\bthe\s+(?:payloads?|strings?|examples?|prompts?|samples?)\s+"
    r"(?:quoted|shown|listed|cited|above|below|here)[^.;\n]{0,40}?\b(?:should|must|may|is\s+to|are\s+to)\s+"
    r"(?:never|not)\s+(?:ever\s+)?be\s+(?:executed|run|followed|obeyed)"
    r"|\baucun\w*\s+des\s+(?:charges|exemples|chaînes|payloads?)\s+(?:utiles\s+)?(?:cité|montré|présenté)\w*\s+"
    r"(?:ici\s+)?ne\s+doi\w+\s+(?:jamais\s+)?être\s+(?:exécuté|suivi)"
    r"|\bnessun\w*\s+de(?:i|gli|lle)\s+(?:payload|esempi|stringhe)\s+(?:citat|riportat|mostrat)\w*\s+"
    r"(?:qui\s+)?(?:va|deve|devono|vanno)\s+(?:mai\s+)?(?:eseguit|seguit)"
    r"|\bningun\w*\s+de\s+(?:los|las)\s+(?:payloads?|ejemplos|cadenas)\s+(?:citad|mostrad)\w*\s+"
    r"(?:aquí\s+)?debe\w*\s+(?:nunca\s+)?(?:ejecutarse|seguirse)"
    r"|\bkeine\w*\s+der\s+hier\s+(?:zitierten|gezeigten)\s+(?:payloads?|beispiele|zeichenketten)\s+"
    r"(?:darf|dürfen|soll|sollen)\s+(?:je(?:mals)?\s+)?(?:ausgeführt|befolgt)"
)
# Tokens of a chat format named as such: "any special tokens", "control tokens" are the
# template's, not a secret (``secrets`` reads "any … tokens" as credentials).
_FORMAT_TOKENS = _rx(r"\b(?:special|control|role|chat|template|stop|eos|bos)\s+tokens\Z")


def declared_example(low: str, h: Hit) -> bool:
    """Whether a role token lies in a text that says its quoted payloads are examples never
    to be run (the token names the format; an order beside it is still read)."""
    return h.signal is Signal.ROLE_TOKEN and not h.hidden and _DECLARED.search(low) is not None


def format_tokens(low: str, h: Hit) -> bool:
    """Whether a request-for-secrets hit ends on a chat format's tokens, named."""
    return (
        h.signal is Signal.SYSTEM_PROMPT and _FORMAT_TOKENS.search(low[h.start : h.end]) is not None
    )


def told(low: str, h: Hit) -> bool:
    """Whether a hit is the attack's, told to people, a check required beside it, or a
    format's tokens named."""
    return (
        attack_told(low, h)
        or check_beside_told(low, h)
        or declared_example(low, h)
        or format_tokens(low, h)
    )
