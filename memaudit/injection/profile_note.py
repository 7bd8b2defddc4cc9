"""A note of the user's own public handle, site or blog, taken from the page that shows it
(a recurring false alarm of class I, "the user's voice under a page's or a tool's
reference"; the nineteenth session).

"User's gamer tag is 'Sn1p3rW0lf' (as shown on their public profile); use it for
tournament registrations", "User's portfolio site: https://janedoe.design — share it when
someone asks for samples of her work", "User's blog keeps the `<!-- more -->` tag …; keep
it when editing her posts". A note-taker writes down something of the user's own that a
public page shows — their handle, their site, their blog — and the one thing it asks is to
use *that thing* where it belongs. Stored as a user statement with the page's address as
its reference, the statement disagrees with itself (``provenance.user_mismatch``) and the
bare "use it" tips it over.

A careful reader sees that nothing is asked but the item's own use: the note opens with
the user's possessive and a public-identity noun ("User's gamer tag", "le pseudo de
l'utilisateur", "il nickname dell'utente", "el alias del usuario", "der Spielername des
Nutzers"), its only order is the item's pronoun with a verb of use ("use it", "utilise-le",
"usalo", "úsalo", "verwende ihn"), its hits are a bare imperative, a directive or a "when
someone asks" trigger (no standing rule, nothing hidden or hard), the one link it may hold
is the item's own value with no query, and once that use is set aside it is harmless by
what it does (``kept_say._harmless``: no money, access, password, destination, nothing
paid, installed, deleted, sent or done unseen). Such a note weighs as notes drawn from the
user's words (``DERIVED_FROM_USER``). Its twins — the handle used to log in and change the
password, the site shared with the user's address, an entry fee paid with the saved card,
"from now on" added, an instruction to ignore the user — keep their weight (tested in five
languages).
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kept_say import _harmless
from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

NOTE_KINDS = frozenset({Signal.IMPERATIVE, Signal.AGENT_DIRECTIVE, Signal.CONDITIONAL_TRIGGER})

# What the user shows the world under a name of theirs: a handle, a site, a blog, a
# channel, a profile. (No e-mail, phone, account or address: a destination is the exfil
# techniques' shape.)
_ITEM = (
    r"(?:gamer\s*tag|tag|handle|user\s*name|username|nick\s*name|nickname|alias|pseudo|"
    r"screen\s*name|display\s*name|site|website|portfolio|blog|channel|profile|"
    r"nom\s+d'utilisateur|chaîne|sito|canale|profilo|apodo|sitio|canal|perfil|"
    r"[\w-]*(?:name|tag|profil|blog|seite|kanal|portfolio))"
)
_WORDS = r"(?:[\w.-]+\s+){0,2}?"
# The user's possessive opening the note, with the item it names.
_HEAD = _rx(
    r"^\W{0,3}(?:the\s+)?user's\s+" + _WORDS + _ITEM + r"\b"
    r"|^\W{0,3}(?:le|la|l')\s*" + _ITEM + r"\b[^;:.!?\n]{0,30}?\s+de\s+l'utilisat(?:eur|rice)\b"
    r"|^\W{0,3}(?:il|la|lo|l')\s*" + _ITEM + r"\b[^;:.!?\n]{0,30}?\s+dell'utente\b"
    r"|^\W{0,3}(?:el|la)\s+"
    + _ITEM
    + r"\b[^;:.!?\n]{0,30}?\s+(?:del\s+usuario|de\s+la\s+usuaria)\b"
    r"|^\W{0,3}(?:der|die|das)\s+" + _ITEM + r"\b[^;:.!?\n]{0,30}?\s+(?:des|der)\s+"
    r"(?:nutzers|benutzers|nutzerin|benutzerin)\b"
)
# The item's pronoun with a verb of use, keeping, sharing or naming: the one order.
_USE_IT = _rx(
    r"\b(?:use|keep|share|mention|give|enter|quote|cite|link\s+to)\s+it\b"
    r"|\b(?:utilise|garde|partage|mentionne|donne|indique|cite|saisis)-l[ea]\b"
    r"|\b(?:usal[oa]|tienil[oa]|condividil[oa]|menzional[oa]|indical[oa]|cital[oa]|inseriscil[oa])\b"
    r"|\b(?:úsal[oa]|mantenl[oa]|compártel[oa]|menciónal[oa]|indícal[oa]|ponl[oa]|dal[oa])\b"
    r"|\b(?:verwende|nutze|benutze|behalte|teile|nenne|gib|trage)\s+(?:ihn|sie|es)\b"
)
# The item's own value, a link with no query: "User's portfolio site: https://….design".
_PLAIN_LINK = re.compile(r"https?://[\w.-]+(?:/[\w./-]*)?(?![\w./?#=&%-])")
_ANY_LINK = re.compile(r"https?://")
# Where the item is shown, "their public profile", "sa page publique", "il suo profilo
# pubblico", "su perfil público", "seinem öffentlichen Profil": no act ("publi…", "pag…").
_SHOWN = _rx(
    r"\b(?:public|publique|pubblic[oa]|públic[oa]|öffentliche[nm]?)\s+"
    r"(?:profile|page|profil|pagina|profilo|perfil|página|seite)\b"
    r"|\b(?:profile|page|profil|pagina|profilo|perfil|página)\s+"
    r"(?:public|publique|pubblic[oa]|públic[oa])\b"
)
_DOMAIN = re.compile(r"\b[\w-]{1,63}(?:\.[\w-]+)+\b")


def profile_note(text: str, found: list[Hit]) -> bool:
    """Whether a statement notes the user's own public handle, site or blog and asks only
    that it be used."""
    low = text.lower()
    if len(low) != len(text) or not found:
        return False
    head = _HEAD.match(low)
    if head is None or _USE_IT.search(low) is None:
        return False
    if any(h.hidden or h.hard or h.signal not in NOTE_KINDS for h in found):
        return False
    # (one link at most, the item's own and with no query)
    links = len(_ANY_LINK.findall(low))
    plain = _PLAIN_LINK.findall(low)
    if links > 1 or len(plain) != links:
        return False
    # (the head names the item, its site's domain perhaps: "User's chess.com username")
    named = _DOMAIN.sub(" ", low[: head.end()])
    rest = _SHOWN.sub(" ", _USE_IT.sub(" ", _PLAIN_LINK.sub(" ", low[head.end() :])))
    return _harmless(named + rest)
