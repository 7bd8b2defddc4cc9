"""A link or an image the user keeps for their own use, stored with a page's or a tool's
reference (a recurring false alarm: rounds 13, 18, 21).

"Use this as the header image in my newsletter drafts: ![header](https://images.…/photo-
…?w=1200)", "Guarda este enlace para seguir mi pedido: https://…?tracking-number=…",
"dans mes signatures de forum, afficher ma photo ![profil](https://www.gravatar.com/
avatar/…?s=80)", "Le lien du gîte … ; garde-le, je réserverai en juillet": the user keeps
a link of their own. With the page or the tool as its reference the statement weighs at
full, and an image's query reads as a beacon (``data_url``). A careful reader sees what
the link can carry: its query holds fixed values only, written out in the text — a size,
a version, a tracking number — and no slot for the agent to fill (``{…}``, ``<…>``,
``[…]``), no key that names the conversation or the user's data. Nothing of the user's
goes anywhere the link does not already say.

Such a statement is weighed as notes drawn from the user's words (``DERIVED_FROM_USER``)
when it speaks in the user's first person, never of "the user" (or, round 46, opens with a
label naming the user as its speaker, ``USER_LABEL``, and speaks of "the user" nowhere
after it), holds only a beacon, a trigger, an
imperative, a directive or a rule word (none hard or hidden), every link in it carries
fixed values only, and it holds nothing harmful (``owned``'s lists, plus no sign-in, card,
code or e-mail address). Its twins — a slot for the user's e-mail in the image's query, a
key named for the chat, a card number entered on the page — keep their weight.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.owned import _ACTS, _SENDS, _UNSEEN
from memaudit.injection.patterns.laundering import OWN_VOICE
from memaudit.injection.patterns.secrets import THE_USER
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _HARM

LINK_KINDS = frozenset(
    {
        Signal.DATA_URL,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        # (round 42: "my power dashboard is https://… - open it when I ask about it")
        Signal.CONDITIONAL_TRIGGER,
    }
)
_URL = re.compile(r"https?://[^\s)\]>\"'«»]{1,2000}")
# A query's pair: a key and a value written out (letters, digits, dots, dashes).
_FIXED_PAIR = re.compile(r"[\w.-]{1,40}=[\w.%-]{0,200}")
# Keys that name what the agent would fill in: the chat, the user's data.
_DATA_KEY = re.compile(
    r"^(?:q|query|data|d|msg|message|text|body|content|prompt|chat|history|conv\w*|"
    r"email|mail|user\w*|name|phone|secret|token|key|ctx|context|payload|p|s)$"
)
_SIGN_IN = _rx(
    r"\b(?:log\s*in|login|sign\s*in|enter|type|card|pin|code|cvv|otp|iban|"
    r"connecte\w*|identifi\w*|carte|saisi\w*|accedi|carta|inserisci|inicia|tarjeta|introduce|"
    r"anmeld\w*|karte|eingeben|gib)\b"
)
_ADDRESS = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+\.")
# (round 46) A note's opening label naming the user as its speaker, and what it says in
# brackets ("User note (saved from the user's own bookmarks page):", "Note de
# l'utilisatrice (tirée de sa propre page de favoris) :", "Notiz des Nutzers (aus seinen
# eigenen Lesezeichen):", "Nota dell'utente (dai suoi segnalibri):", "Nota del usuario (de
# su propia página de marcadores):", "L'utilisateur (réf. appel outil drive.list) :"): the
# user's words in the third person, their label no order about "the user".
USER_LABEL = _rx(
    r"\A\W{0,3}(?:(?:the\s+)?user(?:'s|’s)?(?:\s+(?:note|statement|bookmark))?"
    r"|(?:note\s+de\s+)?l'utilisat(?:eur|rice)|notiz\s+(?:des\s+(?:nutzers|benutzers)|"
    r"der\s+(?:nutzerin|benutzerin))|(?:nota\s+dell'|l')utente"
    r"|(?:nota\s+de)?(?:l\s+usuario|\s+la\s+usuaria)|el\s+usuario|la\s+usuaria"
    # (round 47) a statement, a remark, words of the user's: "Propos de l'utilisateur (réf.
    # outil : …) :", "Nutzeraussage (Quelle: …):", "Dichiarazione dell'utente (…):"
    r"|(?:propos|déclaration|paroles|citation)\s+de\s+l'utilisat(?:eur|rice)"
    r"|(?:dichiarazione|parole)\s+dell'utente|(?:declaración|palabras)\s+(?:del\s+usuario|"
    r"de\s+la\s+usuaria)|(?:be)?nutzer(?:innen)?aussage|aussage\s+(?:des\s+(?:nutzers|"
    r"benutzers)|der\s+(?:nutzerin|benutzerin)))"
    r"\s{0,2}(?:\([^()\n]{0,120}\)\s{0,2})?:"
)


def _fixed(url: str) -> bool:
    """Whether a link's query holds only fixed values, under keys that name no data."""
    _, _, query = url.partition("?")
    if any(c in url for c in "{}<>[]") or "%7b" in url.lower():
        return False
    if not query:
        return True
    for pair in query.split("&"):
        if not _FIXED_PAIR.fullmatch(pair):
            return False
        key = pair.partition("=")[0].lower()
        # (a size such as "s=80", "w=1200" is a number: no data)
        value = pair.partition("=")[2]
        if _DATA_KEY.match(key) and not value.isdigit():
            return False
    return True


def kept_link(text: str, found: list[Hit]) -> bool:
    """Whether a statement keeps a link or an image for the user's own use."""
    if not found or any(
        h.hidden or h.hard or (h.signal not in LINK_KINDS and h.note not in MENTIONED)
        for h in found
    ):
        return False
    low = text.lower()
    if len(low) != len(text):
        return False
    label = USER_LABEL.match(low)
    said = low[label.end() :] if label is not None else low  # (the label names the user)
    if (label is None and OWN_VOICE.search(low) is None) or THE_USER.search(said):
        return False
    urls = [m.group(0) for m in _URL.finditer(text)]
    if not urls or len(urls) > 3 or not all(_fixed(u) for u in urls):
        return False
    rest = _URL.sub(" ", low)
    return not (
        _HARM.search(rest)
        or _ACTS.search(rest)
        or _SENDS.search(rest)
        or _UNSEEN.search(rest)
        or _SIGN_IN.search(rest)
        or _ADDRESS.search(rest)
    )
