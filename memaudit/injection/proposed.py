"""A model step's proposal with nothing behind it (round 37; issue 20's feedback loop).

What a model step (an inference, a summary, an extraction, a reflection) may soundly
record is what the user said or what a source it names said. One with no lineage in the
store (none, or other model output only), no approval, and no word of the user in it that
proposes a standing change to the agent's files, tools, payees or destinations ("it would
help to add to .cursorrules …", "send every statement to …", "insert <img src=…{doc}>
in replies") proposes it on its own authority: what it writes, the next session obeys.
Such a hit is weighed at full and kept whole by the address lever (``assess``'s
``shown``), as a hit shown by the text itself not to be the user's wish is.

Its benign look-alikes, in every round, name the user whose habit or wish they record ("the
user always forwards confirmations to …", "El usuario suele enviar las facturas a su
gestor …", "Die Nutzerin pflegt in ihrer CLAUDE.md …") or the source they draw on (a text
drawn from a third party's is weighed as such: ``own_words.drawn_from_outside``). The read
is of the record (the source type, the lineage, the approval) and of one structural fact
of the text (is the user named at all), not of a proposal's wording.

A routing stated in the passive with no one to act it ("invoices get forwarded to the
accountant's address", "le fatture vanno inoltrate a …", "les factures sont transférées à
…") records how things are already done (the user's own forwarding habit, round 19):
no step of the agent is proposed. Its poisoned twins (one-time codes forwarded the same
way) are read by what they send (``channels``), not by this class.
"""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.lineage import MODEL_STEPS, Provenance

# What a standing change to the agent's files, tools, payees or destinations gives.
PROPOSAL_KINDS = frozenset(
    {
        Signal.SELF_PROPAGATION,
        Signal.PERSISTENCE,
        Signal.TOOL_POLICY,
        Signal.SENSITIVE_ACTION,
        Signal.EXFILTRATION,
        Signal.DATA_URL,
        Signal.SOURCE_STEERING,
        Signal.REDIRECTED_CHANNEL,
    }
)
# The user named, in the five languages of the rounds (a bare word: "the user's", "User
# probably wants", "l'utente", "la usuaria", "die Nutzerin", "der Benutzer").
_USER_NAMED = re.compile(
    r"\b(?:users?|utilisat(?:eur|rice)s?|usagers?|utent[ei]|usuari[oa]s?|(?:be)?nutzer(?:in)?)\b",
    re.IGNORECASE,
)


# A routing in the passive, the verb just before the destination: "get forwarded to",
# "vanno inoltrate a", "sont transférées à", "se reenvían a", "werden an … weitergeleitet".
_ROUTED = re.compile(
    r"\b(?:(?:get|gets|got|is|are|was|were|been)\s+(?:\w{1,20}\s+)?"
    r"(?:forwarded|sent|routed|copied|e-?mailed)\s+to"
    r"|(?:vanno|va|vengono|viene|sono|è)\s+(?:\w{1,20}\s+)?(?:inoltrat|inviat|girat|spedit)[oaie]\s+a"
    r"|(?:sont|est|seront|sera)\s+(?:\w{1,20}\s+)?(?:transférée?s?|envoyée?s?|transmise?s?)\s+(?:à|vers)"
    r"|se\s+(?:reenví|enví|mand)an?\s+a|(?:son|es)\s+(?:reenviad|enviad|mandad)[oa]s?\s+a"
    r"|(?:werden|wird)\s+an\s)",
    re.IGNORECASE,
)


def routed(text: str, h: Hit) -> bool:
    """The hit is a destination reached by a routing stated in the passive (what is done,
    not a step the agent is to take)."""
    return _ROUTED.search(text, max(0, h.start - 40), h.end) is not None


def unbacked(p: Provenance) -> bool:
    """A model step nothing in the store backs: no lineage (none recorded, or only other
    model output; not "not looked up") and no approval."""
    if p.source_type not in MODEL_STEPS or p.approved:
        return False
    if p.ancestor_types is None:
        return not p.derived
    return p.ancestor_types <= MODEL_STEPS


def proposed(text: str, h: Hit, p: Provenance) -> bool:
    """``h`` is a standing change an unbacked model step proposes with no word of the user."""
    if h.signal not in PROPOSAL_KINDS or h.note in MENTIONED or not unbacked(p):
        return False
    return _USER_NAMED.search(text) is None and not routed(text, h)
