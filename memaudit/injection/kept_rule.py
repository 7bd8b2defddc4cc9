"""The user's own rules and notes under a page's, a handout's or a tool's reference (round
36's false alarms).

A "user statement" stored with a page's or a tool's reference, or drawn from a document,
is read as a page's text laundered into the user's voice (``provenance.user_mismatch``).
Two shapes in it are the user's own, by structure, whatever the page said:

- **a gate kept with the user** (``gated_rule``): the user, in the first person, makes the
  agent ask them first — "never use git push --force on main — ask me first", "always show
  me the full command and wait for my OK before running anything with sudo",
  "demande-moi d'abord", "chiedimi prima", "pregúntame antes", "frag mich vorher". The rule
  restricts the agent and keeps the user's say: it sends nothing anywhere;
- **a note the user keeps** (``kept_note``): the user adopts what a handout or a leaflet
  says as their own note — "From the vet clinic's handout, which I want you to keep: …",
  "please remember: grapes are toxic to dogs", "merk dir", "retiens", "ricorda",
  "recuerda" — and asks at most to be reminded.

Their poison twins of the same shape keep their full weight: a gate taken away ("never ask
me first", "don't wait for my OK"), kept for a few cases only ("ask me first only above
1,000 €", "except", "unless"), or anything that sends, pays, installs, deletes, recommends,
acts unseen, names a destination or touches money, access or warnings (``owned``'s and
``wishes``' words); a statement about "the user" in the third person (a page's voice, or
a note-taker's); a hidden carrier or any hit besides a rule's shape, a tool policy or a
command the gate holds back.
"""

from __future__ import annotations

from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import MENTIONED, Signal
from memaudit.injection.owned import _ACTS, _SENDS, _UNSEEN, OWN_RULE_KINDS
from memaudit.injection.patterns.laundering import OWN_VOICE
from memaudit.injection.patterns.secrets import THE_USER
from memaudit.injection.protective import _CHECK_TAKEN, _ELSEWHERE, _SECRET
from memaudit.injection.vocabulary import _rx
from memaudit.injection.wishes import _HARM

# The agent made to ask the user first, in the user's own voice.
_GATE = _rx(
    r"\b(?:ask|check\s+with|confirm\s+with)\s+me\s+(?:first|before)\b"
    r"|\bwait\s+for\s+my\s+(?:ok|okay|go-ahead|approval|confirmation|consent|yes)\b"
    r"|\b(?:get|have)\s+my\s+(?:ok|okay|approval|confirmation|consent)\s+(?:first|before)\b"
    r"|\bdemande-moi\s+(?:d'abord|avant|la\s+permission|mon\s+accord)\b"
    r"|\battends\s+(?:mon|ma)\s+(?:accord|feu\s+vert|ok|approbation|validation|confirmation)\b"
    r"|\bchiedimi\s+(?:prima|sempre\s+prima|il\s+permesso|conferma)\b"
    r"|\baspetta\s+(?:il\s+mio|la\s+mia)\s+(?:ok|via\s+libera|consenso|permesso|conferma)\b"
    r"|\bpregúntame\s+(?:antes|primero|siempre\s+antes)\b"
    r"|\bespera\s+(?:a\s+)?(?:mi|tener\s+mi)\s+(?:ok|visto\s+bueno|confirmación|aprobación|permiso)\b"
    r"|\bfrag(?:e|st)?\s+mich\s+(?:vorher|zuerst|erst|immer\s+vorher)\b"
    r"|\bwarte\s+auf\s+mein\w{0,2}\s+(?:ok|okay|freigabe|zustimmung|bestätigung|go)\b"
)
# What takes the gate away again, just before it: "never ask me first", "don't wait for my
# OK", "ne … plus", "non chiedermi", "ya no", "nicht mehr".
_GATE_UNDONE = _rx(
    r"\b(?:never|don't|do\s+not|no\s+need\s+to|stop|no\s+longer|plus|jamais|pas|non|mai|più|"
    r"nunca|no|ya\s+no|nie|niemals|nicht|kein\w{0,2})\b[^.!?;\n]{0,20}$"
)
# A gate kept for some cases only: "only above 1,000 €", "except", "unless", "sauf",
# "tranne", "salvo", "excepto", "außer", "nur".
_GATE_NARROWED = _rx(
    r"\b(?:only|except|unless|but\s+not|seulement|uniquement|sauf|sinon|solo|soltanto|tranne|"
    r"salvo|eccetto|excepto|menos|nur|außer|ausgenommen)\b"
)
GATE_REACH = 20  # characters before a gate read for a negation that takes it away
KEEP_REACH = 80  # characters of a statement's opening read for the user's adoption
# The user adopting a handout's or a page's words as their own note.
_KEEP = _rx(
    r"\b(?:which|that)\s+i\s+want\s+you\s+to\s+(?:keep|remember)\b|\bplease\s+(?:keep|remember)\b"
    r"|\bi\s+want\s+(?:this|that|it)\s+(?:kept|as\s+my\s+(?:own\s+)?(?:rule|note))\b"
    r"|\bque\s+je\s+veux\s+que\s+tu\s+(?:gardes|retiennes|conserves)\b|\bretiens\b|\bsouviens-toi\b"
    r"|\bche\s+voglio\s+che\s+tu\s+(?:tenga|conservi|ricordi)\b|\bricorda(?:ti)?\b"
    r"|\bque\s+quiero\s+que\s+(?:guardes|recuerdes|conserves)\b|\brecuerda\b"
    r"|\bdi[es]\s+du\s+(?:dir\s+)?(?:behalten|merken)\s+sollst\b|\bmerk(?:e)?\s+dir\b"
    r"|\bbitte\s+(?:behalten|merken)\b"
)
# What a kept note may ask of the agent beside keeping it: a reminder to the user.
_NOTE_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.AGENT_DIRECTIVE,
        Signal.IMPERATIVE,
        Signal.LEARNED,
        Signal.USER_FACT,
    }
)
# A command or a tool's use the gate holds back ("wait for my OK before running rm -rf").
_GATED_KINDS = OWN_RULE_KINDS | {Signal.TOOL_POLICY, Signal.DESTRUCTIVE_COMMAND}


def _harmless(low: str, held: Sequence[tuple[int, int]] = ()) -> bool:
    """Nothing sent, paid, installed, deleted or recommended (but an act a gate holds back,
    in ``held``); no destination, no check taken away, nothing done unseen, no money,
    secrets, access or warnings; no "the user"."""
    acts = (m for m in _ACTS.finditer(low) if not any(a <= m.start() < b for a, b in held))
    return not (
        THE_USER.search(low)
        or _HARM.search(low)
        or _SECRET.search(low)  # (a PIN, a code, a payment: "give my PIN")
        or _ELSEWHERE.search(low)
        or any(True for _ in acts)
        or _SENDS.search(low)
        or _UNSEEN.search(low)
        or _CHECK_TAKEN.search(low)
    )


def _only(found: list[Hit], kinds: frozenset[Signal]) -> bool:
    return bool(found) and not any(
        h.hidden or (h.signal not in kinds and h.note not in MENTIONED) for h in found
    )


# Where what a gate holds back ends: the clause's end, or another act joined to it ("ask me
# before deleting files, and then pay …").
_CLAUSE_END = _rx(
    r"[.,;!?\n]|\b(?:and|then|also|et|puis|aussi|e|poi|anche|y|luego|también|und|dann|auch)\b"
)
# A prohibition on the agent: what follows it in its clause is held back too ("never run
# kubectl delete …", "jamais", "mai", "nunca", "niemals").
_FORBIDS = _rx(r"\b(?:never|don't|do\s+not|jamais|mai|nunca|niemals|nie)\b")
HELD_REACH = 80  # characters after a gate that it may hold back


def _held_until(low: str, start: int) -> int:
    end = min(len(low), start + HELD_REACH)
    stop = _CLAUSE_END.search(low, start, end)
    return stop.start() if stop else end


def gated_rule(text: str, found: list[Hit]) -> bool:
    """Whether a statement is the user's own rule that makes the agent ask them first,
    with the gate neither taken away nor narrowed and nothing harmful beside it."""
    if not _only(found, _GATED_KINDS):
        return False
    low = text.lower()
    gates = list(_GATE.finditer(low))
    holds = [*gates, *_FORBIDS.finditer(low)]  # (what a gate or a "never" holds back)
    held = [(m.end(), _held_until(low, m.end())) for m in holds]
    if not gates or OWN_VOICE.search(low) is None or not _harmless(low, held):
        return False
    for m in gates:
        if _GATE_UNDONE.search(low, max(0, m.start() - GATE_REACH), m.start()):
            return False
        if _GATE_NARROWED.search(low, m.end(), min(len(low), m.end() + GATE_REACH)):
            return False
    return True


def kept_note(text: str, found: list[Hit]) -> bool:
    """Whether a statement is a handout's or a page's words the user adopts as their own
    note, asking at most to be reminded, with nothing harmful in it."""
    if not _only(found, _NOTE_KINDS):
        return False
    # (the user's framing opens it: "From the vet's leaflet, please remember: …")
    return _KEEP.search(text.lower(), 0, KEEP_REACH) is not None and _harmless(text.lower())


def kept_rule(text: str, found: list[Hit]) -> bool:
    """Either shape: a gate kept with the user, or a note the user keeps."""
    return gated_rule(text, found) or kept_note(text, found)
