"""Invisible and look-alike characters that the text itself names.

A hidden carrier hides: a text that says which characters it holds ("a zero-width space
(U+200B) lets long URLs wrap", "U+202E RIGHT-TO-LEFT OVERRIDE makes 'invoice‮fdp.exe'
read backwards", "the link uses Cyrillic U+0430 for the 'a': homograph phishing") shows
them to its reader. Rounds 14-28 raised ten such false alarms (typography tips,
Unicode explainers, a word processor's export, a mail filter's and dnstwist's reports,
an inference quoting DeepSeek's full-width token).

Such a carrier counts as a mention (``DECLARED_NOTE``, one of ``kinds.MENTIONED``) only
when what it carries is no payload:

- zero-width characters each stand alone (a run of them is how bits are spelled);
- tag characters spell a word or two (``TAG_PAYLOAD``) in which nothing was found;
- a direction override reorders one quoted word (a file name shown), not a sentence;
- look-alike letters are named by their script, or are a chat format's own token's;
- a look-alike domain is named as the attack it is (homoglyph, phishing...) in a text
  that tells the agent nothing (no instruction and no destination beside it), or (round
  47) is shown as a normaliser fixed it: an arrow, its own Latin reading, the letter's
  script and the replacement named ("'Cаffè_menu.pdf' → 'Caffè_menu.pdf' (sostituita la
  'а' cirillica …)").

Every other hit stays as it is: a declared carrier in a text that also orders, names a
destination or claims authority is judged on those.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.confusables import LOOKALIKE_DOMAIN, LOOKALIKE_NOTE, fold
from memaudit.injection.kinds import (
    DECLARED_NOTE,
    DESTINATION_KINDS,
    INSTRUCTION_KINDS,
    QUOTED_META,
    Signal,
)

REACH = 300  # characters around a carrier in which its name counts
TAG_PAYLOAD = 24  # most tag characters a declared run may hold

_I = re.IGNORECASE
_CODE_POINT = r"\bu\+[0-9a-f]{4,5}\b"
_ZERO_WIDTH = re.compile(
    _CODE_POINT + r"|zero[- ]?width|\bzw(?:sp|nj|j)\b|soft[- ]hyphens?|control characters?"
    r"|largeur\s+(?:nulle|z[ée]ro)|chasse\s+nulle|caract[eè]res?\s+de\s+contr[ôo]le"
    r"|traits?\s+d'union\s+conditionnels?|larghezza\s+(?:zero|nulla)"
    r"|caratter[ei]\s+di\s+controllo|trattin[oi]\s+(?:morbid|facoltativ)"
    r"|anch(?:o|ura)\s+(?:cero|nul)|caracteres?\s+de\s+control|gui[oó]n(?:es)?\s+(?:suaves?|blandos?)"
    r"|null\s*breite|nullbreit|breite\s+null|steuerzeichen|weiche[ns]?\s+trenn",
    _I,
)
_BIDI = re.compile(
    _CODE_POINT + r"|right[- ]to[- ]left|\b(?:rlo|lro|rli|lri|fsi|pdi|pdf)\b|\bbidi"
    r"|droite\s+[àa]\s+gauche|destra\s+a\s+sinistra|derecha\s+a\s+izquierda"
    r"|rechts\s+nach\s+links",
    _I,
)
_TAG = re.compile(
    _CODE_POINT + r"|tag[- ]?(?:characters?|chars?|zeichen)"
    r"|caract[eè]res?\s+(?:unicode\s+)?(?:de\s+)?[«\"'‘“]?\s*(?:tags?|etiqueta)\b"
    r"|caratter[ei]\s+(?:unicode\s+)?[«\"'‘“]?(?:tag)\b",
    _I,
)
# A look-alike letter named by its script.
_SCRIPT = re.compile(
    _CODE_POINT + r"|cyrill|kyrill|cirill|cir[ií]lic|\bgreek|\bgrec\b|\bgrecque|griechisch"
    r"|\bgrec[oa]\b|griego|fullwidth|pleine\s+chasse|homo?glyph|omoglif|hom[oó]glif|homograph"
    r"|omograf|hom[oó]graf|look-?alike",
    _I,
)
# A look-alike domain named as the attack it is: a report, not an address to use.
_ATTACK = re.compile(
    r"homo?glyph|omoglif|hom[oó]glif|homograph|omograf|hom[oó]graf|phishing|hame[çc]onnage"
    r"|spoof|typo-?squat|look-?alike|usurpa|suplanta|contraffa|gef[äa]lscht",
    _I,
)
_ZW_CHARS = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")
_OVERRIDES = frozenset("\u202d\u202e")
_OPENING = frozenset("'\"‘“«`")
_CLOSING = frozenset("'\"’”»`")


def _named(rx: re.Pattern[str], text: str, h: Hit) -> bool:
    return rx.search(text, max(0, h.start - REACH), min(len(text), h.end + REACH)) is not None


def _lone_zero_width(text: str) -> bool:
    """Each zero-width character between visible ones: none spells bits in a run."""
    return not any(a in _ZW_CHARS and b in _ZW_CHARS for a, b in zip(text, text[1:], strict=False))


def _quoted_overrides(text: str) -> bool:
    """Each direction override sits inside one quoted word ('invoice\u202efdp.exe'): it
    reorders a file name shown as the example, not a sentence a reader cannot see."""
    for i, ch in enumerate(text):
        if ch not in _OVERRIDES:
            continue
        start = max(text.rfind(c, 0, i) for c in " \n\t") + 1
        ends = [k for k in (text.find(c, i) for c in " \n\t") if k != -1]
        end = min(ends) if ends else len(text)
        word = text[start:end].rstrip(".,;:!?)")
        if len(word) < 3 or word[0] not in _OPENING or word[-1] not in _CLOSING:
            return False
    return True


def _token_spelling(text: str, hits: list[Hit]) -> bool:
    """Every look-alike letter is inside a chat format's own token: DeepSeek writes its
    turns with full-width bars (``<｜Assistant｜>``, round 23), no disguise."""
    folded = fold(text)[0]
    if len(folded) != len(text):
        return False
    tokens = [(t.start, t.end) for t in hits if t.signal is Signal.ROLE_TOKEN]
    odd = [i for i, (a, b) in enumerate(zip(text, folded, strict=True)) if a != b]
    return bool(odd) and all(any(s <= i < e for s, e in tokens) for i in odd)


def _lookalike_host(text: str, h: Hit) -> bool:
    """A look-alike domain's hit (``confusables.lookalike_domains``; its note says so
    unless it was already discounted as part of a text about attacks)."""
    span = text[h.start : h.end]
    return h.note.startswith(LOOKALIKE_DOMAIN) or (
        "." in span and " " not in span and not span.isascii()
    )


def _declared(text: str, h: Hit, hits: list[Hit]) -> bool:
    if h.signal is Signal.HIDDEN_CHARACTERS:
        if "zero-width" in h.note:
            return _lone_zero_width(text) and _named(_ZERO_WIDTH, text, h)
        if "bidi control" in h.note:
            return _quoted_overrides(text) and _named(_BIDI, text, h)
        return False
    if h.signal is Signal.TAG_CHARACTERS:
        return h.end - h.start <= TAG_PAYLOAD and _named(_TAG, text, h)
    if h.signal is Signal.ENCODED_PAYLOAD and LOOKALIKE_NOTE in h.note:
        # (the hit spans the whole text)
        return _SCRIPT.search(text) is not None or _token_spelling(text, hits)
    if h.signal is Signal.SOURCE_STEERING and _lookalike_host(text, h):
        # (a hit already counted as quoted or as part of a text about attacks tells no one)
        told = any(
            o is not h and not o.note and o.signal in INSTRUCTION_KINDS | DESTINATION_KINDS
            for o in hits
        )
        return not told and (_named(_ATTACK, text, h) or _normalised(text, h))
    return False


# (round 47) A normaliser's report: the look-alike shown, then its Latin reading after an
# arrow, the letter's script named and the replacement said ("'Cаffè_menu.pdf' →
# 'Caffè_menu.pdf' (sostituita la 'а' cirillica con la 'a' latina)", "replaced",
# "remplacé", "sustituida", "ersetzt"): the fix done, no address offered.
_ARROW = re.compile(r"\s{0,3}['\"‘“«`]?\s{0,3}(?:→|->|=>|⇒)\s{0,3}['\"‘“«`]?")
_REPLACED = re.compile(
    r"replac\w*|normali[sz]\w*|substitut\w*|remplac\w*|substitu\w*|sostitu\w*|normalizz\w*|"
    r"sustitu\w*|reemplaz\w*|normaliz\w*|ersetz\w*|normalisier\w*",
    _I,
)


def _normalised(text: str, h: Hit) -> bool:
    """Whether the look-alike host at ``h`` is followed by an arrow and its own Latin
    reading, in a text that names the letter's script and the replacement."""
    arrow = _ARROW.match(text, h.end, h.end + 12)
    if arrow is None:
        return False
    latin = fold(text[h.start : h.end])[0]
    return (
        text.startswith(latin, arrow.end())
        and _named(_SCRIPT, text, h)
        and _named(_REPLACED, text, h)
    )


def settle(text: str, hits: list[Hit]) -> list[Hit]:
    """``hits`` with each declared carrier counted as a mention. Nothing is settled when
    a hit was found inside a hidden carrier (its payload speaks)."""
    if not hits or any(h.hidden for h in hits):
        return hits
    return [
        Hit(h.signal, h.start, h.end, h.weight * QUOTED_META, DECLARED_NOTE)
        if _declared(text, h, hits)
        else h
        for h in hits
    ]
