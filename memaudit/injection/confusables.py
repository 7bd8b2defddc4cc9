"""Look-alike letters read as the letters they imitate, before the patterns run: a word
mixing Latin letters with Cyrillic or Greek ones that look the same ("Аssistаnt" with
Cyrillic А and а), and fullwidth or mathematical letters ("ｉｇｎｏｒｅ", "𝐢𝐠𝐧𝐨𝐫𝐞").

The fold is one character for one (offsets stay those of the text), and it touches only
what can be a disguise: a text in Cyrillic or Greek ("Алексей Смирнов") has no word
that mixes scripts, so it is read as written."""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit, _cut
from memaudit.injection.forms import _ADDRESS, _META
from memaudit.injection.kinds import META, WEIGHT, Signal

# Cyrillic and Greek letters drawn like Latin ones (after Unicode's confusables list).
_LOOKALIKE = {
    **dict(
        zip("аеорсухіјѕһԁԛԝкмтвнАВЕКМНОРСТХУІЈЅ", "aeopcyxijshdqwkmtbhABEKMHOPCTXYIJS", strict=True)
    ),
    **dict(zip("αορικνυτΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "aopikvutABEZHIKMNOPTYX", strict=True)),
}
# Fullwidth ASCII (U+FF01-FF5E) and the mathematical alphanumerics' Latin letters.
_WIDE = {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}
_MATH = {}
for _base in range(0x1D400, 0x1D6A4, 52):  # bold, italic, ..., monospace: A-Z then a-z
    for _k in range(52):
        _MATH[chr(_base + _k)] = chr((0x41 if _k < 26 else 0x61 - 26) + _k)
# Small capitals (round 28: "ᴀꜱꜱɪꜱᴛᴀɴᴛ: ʀᴇᴍᴇᴍʙᴇʀ …"), a whole alphabet from the phonetic
# and Latin Extended blocks (no small x: the plain one stands in).
_SMALL_CAPS = dict(
    zip(
        "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ",
        "abcdefghijklmnopqrstuvwyz",
        strict=True,
    )
)
_FOLD = str.maketrans({**_LOOKALIKE, **_WIDE, **_MATH, **_SMALL_CAPS})
_STYLED_ONLY = str.maketrans({**_WIDE, **_MATH, **_SMALL_CAPS})
_SCRIPTS = "\u0370-\u03ff\u0400-\u04ff\u0500-\u052f"
# A Latin letter beside a Cyrillic or Greek one: a word that mixes scripts.
_MIXED = re.compile(rf"[A-Za-z][{_SCRIPTS}]|[{_SCRIPTS}][A-Za-z]")
# A styled letter; small capitals only as a word of three (one "ɪ" or "ʀ" is phonetics).
_STYLED = re.compile("[\uff01-\uff5e\U0001d400-\U0001d6a3]|[" + "".join(_SMALL_CAPS) + "]{3,}")


def fold(view: str) -> tuple[str, int]:
    """The text with look-alike letters read as Latin ones, and how many were folded (0:
    the text as it is; every ASCII text costs one test)."""
    if view.isascii():
        return view, 0
    mixed = _MIXED.search(view) is not None
    if not mixed and _STYLED.search(view) is None:
        return view, 0
    if mixed:
        # Only the words that mix scripts: a Cyrillic name stays Cyrillic.
        folded = re.sub(
            r"\w+",
            lambda m: m.group(0).translate(_FOLD) if _MIXED.search(m.group(0)) else m.group(0),
            view,
        )
        folded = folded.translate(_STYLED_ONLY)
    else:
        folded = view.translate(_FOLD)
    return folded, sum(a != b for a, b in zip(view, folded, strict=True))


LOOKALIKE_NOTE = "look-alike letter(s)"


# Round 29: a code point named with its script ("U+0430 CYRILLIC SMALL LETTER A", as a
# Unicode inspector, `unicodedata.name` or a linter prints them): the text shows the letter
# for what it is, no disguise.
_CODE_POINT_NAMED = re.compile(
    r"\bu\+[0-9a-f]{4,5}\s*:?\s*(?:cyrillic|greek|fullwidth|mathematical|latin\s+letter\s+small\s+capital)\b",
    re.IGNORECASE,
)


def lookalike_hit(view: str, count: int) -> list[Hit]:
    """The disguise itself, named (counted where what the letters spell is a signal);
    none when the text names each look-alike's code point with its script."""
    if len(_CODE_POINT_NAMED.findall(view)) >= count:
        return []
    return [
        Hit(
            Signal.ENCODED_PAYLOAD,
            0,
            len(view),
            WEIGHT[Signal.ENCODED_PAYLOAD],
            f"{count} {LOOKALIKE_NOTE} (Cyrillic, Greek, fullwidth or mathematical) read as "
            f"Latin: “{_cut(view, 80)}”",
        )
    ]


# A host name: labels of letters, digits and hyphens (any script) joined by dots, ending in
# a Latin top-level domain.
_HOST = re.compile(r"(?<![\w.@-])(?:[^\W_](?:[\w-]{0,62})\.)+[a-z]{2,24}(?![\w-])", re.IGNORECASE)
LOOKALIKE_DOMAIN = "look-alike domain"
# Weighed from any source (``provenance.assess``): no one's own bank or login page has
# Cyrillic or Greek letters inside a Latin name; the look-alike is what a phishing
# address is, whoever wrote it down (round 14).
LOOKALIKE_DOMAIN_WEIGHT = 0.6


def lookalike_domains(view: str) -> list[Hit]:
    """Host names with a label that mixes Latin letters with Cyrillic or Greek ones
    ("pаypаl.com" with Cyrillic а): a domain dressed as another. A host all in one
    script ("пример.рф" has no Latin TLD; "example.com") is read as written. Call only
    when ``fold`` found look-alike letters."""
    out: list[Hit] = []
    for m in _HOST.finditer(view):
        host = m.group(0)
        if any(_MIXED.search(label) for label in host.split(".")):
            note = f"{LOOKALIKE_DOMAIN}: “{host}” reads as “{host.translate(_FOLD)}”"
            out.append(
                Hit(Signal.SOURCE_STEERING, m.start(), m.end(), LOOKALIKE_DOMAIN_WEIGHT, note)
            )
    if not out:
        return out
    # Shown in a text about attacks ("homograph attacks register раypal.com"): weighed as
    # every signal there is, by the source (its note no longer says look-alike domain).
    addresses = [(a.start(), a.end()) for a in _ADDRESS.finditer(view)]
    meta = [
        t.start()
        for t in _META.finditer(view.lower())
        if not any(a <= t.start() < b for a, b in addresses)
        and not any(h.start <= t.start() < h.end for h in out)
    ]
    return [
        Hit(h.signal, h.start, h.end, h.weight * META, "in a text about attacks or examples")
        if any(abs(p - h.start) <= 300 for p in meta)
        else h
        for h in out
    ]
