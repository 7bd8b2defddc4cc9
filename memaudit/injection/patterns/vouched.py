"""The user's voice claimed by a tag or a signature (after round 27).

The store records who said what. A text that carries its own stamp of the user's
approval — a tag such as "[USER-VERIFIED]", "[user_approved]", "[vérifié-par-l'utilisateur]"
— or that stands for the user because a message or a note was *signed* as them ("a note
signed '— the user'", "firmaba «soy yo, el usuario»", "signé « l'utilisateur »", "firmato
'l'utente'", "unterschrieben mit „der Nutzer“") claims a provenance that anyone who can
type can forge. Like a self-certified source tag (``laundering.SELF_CERTIFIED``), it is a
``fake_authority`` weighed at full from any source (``provenance``).

Safe: a tag must be a bracketed token of its own, with the user word joined to the
verification by a hyphen, an underscore or a space and nothing else inside ("(verified by
the user in session 12)" is a note's aside, not a stamp); a signature must be a quoted
one ("signed by the user on 3 May" is a fact about a lease: no quote mark follows the verb).
"""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _a, _rx, _w

_USER = (
    r"(?:the\s+user|user|l'utilisat(?:eur|rice)|utilisat(?:eur|rice)|l'utente|utente|"
    r"(?:el\s+|la\s+)?usuari[oa]|(?:der\s+|die\s+|den\s+|vom\s+)?(?:be)?nutzer(?:in)?)"
)
_CHECKED = (
    r"(?:verified|approved|confirmed|authenticated|signed|trusted|"
    r"vérifié\w*|approuvé\w*|confirmé\w*|authentifié\w*|"
    r"verificat[oa]|approvat[oa]|confermat[oa]|autenticat[oa]|"
    r"verificad[oa]|aprobad[oa]|confirmad[oa]|autenticad[oa]|"
    r"verifiziert|bestätigt|freigegeben|genehmigt)"
)
_BY = r"(?:[\s_-]+(?:by|par|da|dall'|por|von|vom)\s*[\s_-]*)?"
_JOIN = r"[\s_-]+"
# "[USER-VERIFIED]", "[verified-by-user]", "[vom Nutzer bestätigt]"
USER_STAMP = _a(
    "user utilisat utente usuari nutzer benutzer",
    _w(
        0.55,
        _rx(
            rf"\[\s*{_USER}{_JOIN}{_CHECKED}\s*\]"
            rf"|\[\s*{_CHECKED}{_BY}{_USER}\s*\]"
            rf"|\[\s*(?:vom|von\s+der)\s+(?:be)?nutzer(?:in)?\s+{_CHECKED}\s*\]"
        ),
    ),
)
_SIGNED = (
    r"(?:signed|sign(?:s|ing)\s+off|signé\w*|firmat[oaie]|firmav[oa]|firm(?:a|aba|ó|ado|ada)|"
    r"unterschrieben|unterzeichnet|gezeichnet)"
)
_QUOTE = r"[\"'“”‘’«»„‚]"
# a note or a message signed with a quote that names the user: 'signed "— the user"',
# "firmaba «soy yo, el usuario, …»"
SIGNED_AS_USER = _a(
    "signed sign signé firmat firmav firma firmó unterschrieben unterzeichnet gezeichnet",
    _w(
        0.55,
        _rx(
            rf"\b{_SIGNED}\s+(?:(?:as|with|comme|avec|come|con|como|mit|als)\s+)?{_QUOTE}\s*"
            rf"(?:[—–-]\s*)?[^\"“”«»„\n]{{0,20}}?\b{_USER}\b"
        ),
    ),
)

VOUCHED_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (Signal.FAKE_AUTHORITY, USER_STAMP),
    (Signal.FAKE_AUTHORITY, SIGNED_AS_USER),
]


def vouched(low: str, start: int) -> bool:
    """Whether a hit at ``start`` is the user's voice claimed by a stamp or a signature."""
    return bool(USER_STAMP.match(low, start) or SIGNED_AS_USER.match(low, start))
