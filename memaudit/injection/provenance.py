"""A memory's provenance, its source weight, and the assessment: text signals x source weight."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from memaudit.injection.addressed import FROM_OUTSIDE, from_elsewhere, from_outside, weighed
from memaudit.injection.assessment import Assessment, Hit, Thresholds, counted_at_full
from memaudit.injection.confusables import LOOKALIKE_DOMAIN, LOOKALIKE_NOTE
from memaudit.injection.engine import learned_hit, signals
from memaudit.injection.gate import _active
from memaudit.injection.guessed_consent import guessed_claim, inferred_route
from memaudit.injection.kinds import (
    ACTION_KINDS,
    DESTINATION_KINDS,
    HARD_FLOOR,
    INSTRUCTION_KINDS,
    MENTIONED,
    UNTRACED_BOOST,
    WEIGHT,
    Signal,
)
from memaudit.injection.lineage import APPROVED as APPROVED
from memaudit.injection.lineage import ASSISTANT_ROLES as ASSISTANT_ROLES
from memaudit.injection.lineage import DERIVED_FROM_USER as DERIVED_FROM_USER
from memaudit.injection.lineage import DERIVED_UNKNOWN as DERIVED_UNKNOWN
from memaudit.injection.lineage import MODEL_STEPS as _MODEL_STEPS
from memaudit.injection.lineage import UNTRUSTED_TYPES as UNTRUSTED_TYPES
from memaudit.injection.lineage import USER_TRUSTED as USER_TRUSTED
from memaudit.injection.lineage import USER_UNTRACED as USER_UNTRACED
from memaudit.injection.lineage import Provenance as Provenance
from memaudit.injection.lineage import ref_kind as ref_kind
from memaudit.injection.noted import unlabelled
from memaudit.injection.own_words import (
    done_for_user,
    drawn_from_outside,
    own_rule_with_link,
    own_things_kept,
    own_wish_kept,
    recorded_wish,
    saved_setting,
    users_channel,
    users_own_document,
)
from memaudit.injection.patterns.beaconed import FILLED_SLOT_WEIGHT, filled, personal_slot
from memaudit.injection.patterns.facts import FIRST_PERSON, changed, only_pointed_to_own_space
from memaudit.injection.patterns.laundering import (
    OWN_IMPORT,
    OWN_VOICE,
    SELF_CERTIFIED,
)
from memaudit.injection.patterns.official_contact import told_second_hand
from memaudit.injection.patterns.planted import WORM, appended_elsewhere
from memaudit.injection.patterns.relay import ANY_PARTY, clicked_through, in_users_words, relayed
from memaudit.injection.patterns.secrets import THE_USER
from memaudit.injection.patterns.unguarded import at_full
from memaudit.injection.patterns.vouched import ORIGIN_STAMP, STATUS_CLAIMED, vouched
from memaudit.injection.patterns.withheld_guard import guard_withheld, money_on_cue
from memaudit.injection.proposed import proposed
from memaudit.injection.structure import read_structure
from memaudit.model import SourceType


def user_mismatch(p: Provenance) -> str | None:
    """Why a memory that claims to be the user's statement is not (its role field, its
    lineage or its source reference says otherwise), or None."""
    if p.source_type is not SourceType.USER_STATEMENT:
        return None
    role = (p.role or "").lower()
    others = (
        sorted(t.value for t in p.ancestor_types if t is not SourceType.USER_STATEMENT)
        if p.ancestor_types
        else []
    )
    kind = ref_kind(p.source_ref)
    if role in ASSISTANT_ROLES:
        return f"claims to be a user statement, but the store's role field says {role!r}"
    if others:
        return "claims to be a user statement, but is derived from " + ", ".join(others)
    if p.derived and p.ancestor_types is None:
        return "claims to be a user statement, but is derived from other memories"
    if kind in ("url", "tool"):
        return f"claims to be a user statement, but its source_ref is a {kind}"
    return None


# The user's own statement written as a transcript line ("User: …", "Utilisateur : …",
# "Utente:", "Usuario:", "Nutzer:"): the leading speaker label naming the user is how the
# line was recorded, not a forged turn. Round 25 flagged five such statements (a running
# preference, a travel agent's address, "Add to MEMORY.md: I use pnpm") because the role
# header, a hard signal, kept its weight under the user's 0.35; round 48 six more whose
# reference is a tool, and two assistant's notes opening "Assistant: …". A label names a
# speaker: it is no forged turn when it names the speaker the store names (the user on a
# user statement, whatever its reference or lineage, unless the store's role field says
# the assistant wrote it; the assistant on the assistant's message, with the "Sure"/"Of
# course" a transcript's reply opens with). Only the label that opens the text: a later
# "\nSystem:" or "\nUser:" still forges a turn, a template token ("<|im_start|>") is no
# label, and the same label on a tool's output or a document (another speaker than the
# store's) is still a role header.
_OWN_LABEL = re.compile(
    r"\s{0,8}(?:user|utilisat(?:eur|rice)|utente|usuari[oa]|(?:be)?nutzer(?:in)?)\s{0,8}:\s{0,8}",
    re.IGNORECASE,
)
_ASSISTANT_LABEL = re.compile(
    r"\s{0,8}(?:assistant|assistante|assistente|asistente|assistent(?:in)?)\s{0,8}:\s{0,8}"
    r"(?:(?:sure|certainly|of\s{1,3}course|okay|ok|absolutely)\b)?",
    re.IGNORECASE,
)


def speaker_label(text: str, h: Hit, p: Provenance | None = None) -> bool:
    """Whether ``h`` is the role header that only labels the text as the line of the
    speaker the store names (``p``; without it, the user's)."""
    if h.signal is not Signal.ROLE_TOKEN or h.hidden:
        return False
    if p is None or p.source_type is SourceType.USER_STATEMENT:
        if p is not None and (p.role or "").lower() in ASSISTANT_ROLES:
            return False  # the store says the assistant wrote it: "User:" names another
        label = _OWN_LABEL
    elif p.source_type is SourceType.ASSISTANT_MESSAGE:
        label = _ASSISTANT_LABEL
    else:
        return False
    m = label.match(text)
    return m is not None and h.end <= m.end()


def source_weight(p: Provenance) -> tuple[float, str]:
    """How far the source is the user speaking to their own agent (0.35) versus text the
    agent read somewhere (1.0): the factor for soft signals, with the reason."""
    st = p.source_type
    kind = ref_kind(p.source_ref)
    weight: float
    if st is SourceType.USER_STATEMENT:
        mismatch = user_mismatch(p)
        if mismatch is not None:
            weight, why = 1.0, mismatch
        elif kind == "none":
            weight, why = (
                USER_UNTRACED,
                "a user statement with no source reference: nothing shows the user said it",
            )
        else:
            weight, why = USER_TRUSTED, "the user's own statement, with a source reference"
    elif st in UNTRUSTED_TYPES:
        why = {
            SourceType.TOOL_OBSERVATION: "a tool's output: instructions in it are not the user's",
            SourceType.EXTERNAL_DOCUMENT: "an external document: instructions in it are not the user's",
            SourceType.ASSISTANT_MESSAGE: "the assistant's own message: the model instructing itself",
            SourceType.UNKNOWN: "unknown source: nothing says the user wrote it",
        }[st]
        weight = 0.9 if st is SourceType.UNKNOWN else 1.0
    else:  # extraction, summary, inference, reflection
        if p.ancestor_types:
            bad = sorted(t.value for t in p.ancestor_types & UNTRUSTED_TYPES)
            if bad:
                weight, why = 1.0, f"{st.value} derived from untrusted sources ({', '.join(bad)})"
            elif p.ancestor_types <= {SourceType.USER_STATEMENT} | _MODEL_STEPS:
                has_user = SourceType.USER_STATEMENT in p.ancestor_types
                weight = DERIVED_FROM_USER if has_user else DERIVED_UNKNOWN
                why = (
                    f"{st.value} derived only from the user's statements"
                    if has_user
                    else f"{st.value} derived from model output only"
                )
            else:
                weight, why = DERIVED_UNKNOWN, f"{st.value} of mixed lineage"
        else:
            weight = DERIVED_UNKNOWN
            why = (
                f"{st.value} with no recorded lineage"
                if not p.derived
                else f"{st.value}, sources not looked up"
            )
    if p.approved and weight > USER_TRUSTED:
        weight *= APPROVED
        why += "; approved by a person"
    elif not p.approved and st is not SourceType.USER_STATEMENT:
        why += "; no approval event"
    return weight, why


# The learned scorer judges text that came from outside — a tool's output, a document,
# the assistant's own message, an unknown source, what claims to be the user's or a
# model's conclusion but derives from those — and a model's conclusion nothing traces to
# the user (no lineage, or model output only). The user's own words and a model's notes
# derived from them are judged by the patterns alone: "the user wants answers in French"
# is what a preference sounds like, and the scorer reads preferences as instructions.
# (0.8 rather than 0.9 since the round-5 errors: leave-one-round-out cross-validation
# found model inferences with no lineage that the scorer read right and the rule hid.)
LEARNED_MIN_SOURCE = 0.8
# Below that, the scorer's hit still counts, and at full, where it is sure and nothing
# explains the text as the user's own harmless words: its weight (ALPHA × p) at least
# ``LEARNED_OVER_USER`` (p ≥ 0.93 at ALPHA 0.7), and ``LEARNED_OVER_OWN`` (p ≥ 0.98) over
# the user's own statement with a reference, the most trusted voice. Fitted on thousands
# of user-voice cases both ways (preferences; scams and rules relayed by the user, notes
# that add a rule the user never gave), a sure verdict separates them: by a fit that
# left the round out, at p ≥ 0.86, rounds 25-30's 150 such poison 131 → 145 found, their
# 168 such benign 3 → 5 flagged; 0.93 since the refit on rounds 1-30 (five look-alikes).
LEARNED_OVER_USER = 0.65
LEARNED_OVER_OWN = 0.686


def assess(
    text: str,
    provenance: Provenance,
    thresholds: Thresholds | None = None,
    hits: list[Hit] | None = None,
    scored: bool = False,
    bound: bool = False,
) -> Assessment:
    """Text signals × source weight → a score in [0, 1] and a severity (or None).
    ``scored``: the scorer read the text, its hit if any in ``hits`` (``addressed.damping``).
    ``bound``: a bound of any source's score (``scanning``'s first pass): no reading that
    drops a hit for one provenance only (``read_structure``'s documented endpoint)."""
    from memaudit.trust import tier_of

    th = thresholds or Thresholds()
    found, scored = (signals(text), True) if hits is None else (hits, scored)
    found = read_structure(text, from_outside(provenance) and not bound, found)
    weight, why = source_weight(provenance)
    # (round 25; round 26: with no reference too, the label is how the line was written;
    # round 48: whatever the user statement's reference, and the assistant's own label)
    found = [h for h in found if not speaker_label(text, h, provenance)]
    # Someone else's instruction relayed in a trusted source weighs as the text it is (13):
    # addressed to AI agents, added by a script, a rule for the assistant about "the user" in
    # a user's statement; the scorer reads it as a document's (17: no pattern's wording).
    relay = relay_reason(text, provenance, found) if weight < 1.0 and found else None
    # Two ways a text is shown to be the user's own harmless words (either keeps the learned
    # scorer out): ``own_doc``, its lineage explained too (a document, a setting, a channel,
    # a link or a wish of the user's own), so its lineage gives no laundering hit
    # (``_provenance_hits``); ``explained``, its words only (the assistant's record of what
    # the user asked for), its lineage still read.
    own_doc = relay is None and bool(found) and users_own_document(text, provenance, found)
    explained = False
    # (round 47) A model's guess of the user's consent to a route is no wish the user gave:
    # nothing explains it as the user's own harmless words (``inferred``).
    guessed = (
        relay is None
        and bool(found)
        and weight >= LEARNED_MIN_SOURCE
        and bool(inferred_route(text, provenance, {}))
    )
    if own_doc:
        weight = DERIVED_FROM_USER
        why = "a user statement drawn from a document the text names as the user's own"
    elif relay is None and bool(found) and saved_setting(text, provenance, found):
        own_doc = True  # (its lineage explained, as a document of the user's own is)
        weight = DERIVED_FROM_USER
        why = "a user statement saved through the settings tool it names"
    elif relay is None and bool(found) and users_channel(text, provenance, found):
        own_doc = True  # (its lineage explained: the user's own words, through a tool)
        weight = DERIVED_FROM_USER
        why = "a user statement taken down by the speech-to-text or comments tool it names"
    elif relay is None and bool(found) and own_rule_with_link(text, provenance, found):
        own_doc = True  # (round 29: its reference is where the user found the idea)
        weight = DERIVED_FROM_USER
        why = "the user's own harmless rule in their own voice, a link beside it"
    elif relay is None and not guessed and bool(found) and own_wish_kept(text, provenance, found):
        own_doc = True  # (round 30: a harmless wish that keeps the user's say)
        weight = DERIVED_FROM_USER
        why = (
            "the user's own harmless wish in their own voice (their say kept, or a link of theirs)"
        )
    elif relay is None and not guessed and bool(found) and own_things_kept(text, provenance, found):
        own_doc = True  # (round 47: the user's own file, list or role, through a tool or page)
        weight = DERIVED_FROM_USER
        why = "the user's own material or role in their own voice, asking nothing of others"
    elif relay is None and not guessed and bool(found) and done_for_user(text, provenance, found):
        weight = DERIVED_FROM_USER
        why = "a record of an action done at the user's request"
        explained = True
    elif (
        relay is None
        and not guessed
        and bool(found)
        and recorded_wish(text, provenance, weight, found)
    ):
        weight, explained = DERIVED_FROM_USER, True  # (round 28)
        why = "the assistant's note of a harmless rule the user asked for, or a lesson about them"
        found = unlabelled(text, found)  # (round 35) its own label is no address to an agent
    elif drawn_from_outside(text, provenance, weight):
        weight = 1.0  # (round 26)
        why += "; but its text says it was drawn from a third party's text"
    if weight < LEARNED_MIN_SOURCE and relay is None:
        sure = LEARNED_OVER_OWN if weight <= USER_TRUSTED else LEARNED_OVER_USER
        found = [
            h
            for h in found
            if h.signal is not Signal.LEARNED or (not (explained or own_doc) and h.weight >= sure)
        ]
        why += counted_at_full(found)
    # Round 26: a click approving another's text (a notice clicked through, "clicked 'Allow'",
    # a one-click saved suggestion, a bulk approval of imported notes) is an untrusted text a
    # person approved (1.0 × APPROVED), not the user's words. The scorer still does not read
    # it: a consent prompt, a saved suggestion ("the user prefers …") read as orders.
    if relay is None and found and weight < APPROVED and clicked_through(text.lower()):
        weight = APPROVED
        why += "; but it records a click approving a text someone else wrote"
    tier = tier_of(provenance.source_type).value
    if not found:
        return Assessment(0.0, 0.0, weight, why, [], None, tier)
    # Of the hits of one signal, the one that counts most from this source counts: a hit
    # weighed at full (the text shows it against the user) outweighs a stronger one that
    # weighs by source (round 47's withheld guard, 0.6, must not hide round 20's "masquer
    # les alertes de sécurité", 0.55 at full, in a summary of the user's words). Of equal
    # counts, the heavier hit, then the one shown against the user, then the first found.
    best: dict[Signal, Hit] = {}
    counts: dict[Signal, tuple[float, float, bool]] = {}
    for h in found:
        shown = _shown(text, h, provenance)
        factor = _factor(text, h, provenance, weight, relay is not None, shown)
        count = (h.weight * factor, h.weight, shown)
        if h.signal not in best or count > counts[h.signal]:
            best[h.signal], counts[h.signal] = h, count
    traced = provenance.has_trace
    kinds = set(best)
    if relay is not None:
        why += f"; but {relay}: weighed as text from elsewhere"
    extra: list[Hit] = []
    if kinds & INSTRUCTION_KINDS and kinds & DESTINATION_KINDS:
        # In the hits' order (a set's would change with the interpreter's hash seed):
        # of two destinations of equal weight, the first found is named.
        dest = max((h for k, h in best.items() if k in DESTINATION_KINDS), key=lambda h: h.weight)
        extra.append(
            Hit(
                Signal.INSTRUCTION_AND_DESTINATION,
                dest.start,
                dest.end,
                WEIGHT[Signal.INSTRUCTION_AND_DESTINATION] * min(1.0, dest.weight / 0.45),
            )
        )
    extra += _provenance_hits(provenance, best, traced, text, weight, own_doc)
    outside = from_elsewhere(provenance, relay is not None)  # (``addressed.damping``)
    counted = [*found, *extra]  # (``addressed.claimed_for_user`` reads the laundered voice)
    keep_text = keep = 1.0
    for h in [*best.values(), *extra]:
        if _own_stamp(text, h, provenance):
            continue  # the stamp says what the store says: no spoof (round 25's look-alike)
        # The text itself shows the hit is no wish of the user's (the user kept in the dark,
        # their data sent, anyone obeyed, a check removed, a stamp of their voice, a worm:
        # rounds 12-27): weighed at full from any source, and by the lever (``weighed``).
        shown = _shown(text, h, provenance)
        factor = _factor(text, h, provenance, weight, relay is not None, shown)
        w = weighed(text, h, counted, shown, outside, scored=scored)  # soft: less if no order read
        if (h.signal is Signal.FAKE_AUTHORITY and not provenance.authority_backed) or (
            h.signal is Signal.FAKE_EXPERIENCE and not traced
        ):
            w = min(0.9, w * UNTRACED_BOOST)
        if filled(text, h):
            w = max(w, FILLED_SLOT_WEIGHT)  # weighs as a slot in braces does (class H)
        keep_text *= 1.0 - min(w, 0.99)
        keep *= 1.0 - min(w * factor, 0.99)
    score = round(1.0 - keep, 3)  # compared as shown
    severity = None  # nothing below the flag threshold, whatever medium and high say
    if score >= th.flag:
        severity = "high" if score >= th.high else "medium" if score >= th.medium else "low"
    return Assessment(score, 1.0 - keep_text, weight, why, found + extra, severity, tier)


def _factor(
    text: str, h: Hit, p: Provenance, weight: float, relayed: bool, shown: bool | None = None
) -> float:
    """What a hit's weight is multiplied by from this source: 1.0 where the text shows it
    is no wish of the user's, else the source's weight."""
    if shown is None:
        shown = _shown(text, h, p)
    if shown or relayed or _self_certified(text, h):
        return 1.0  # and a relay (13), a forged source (21): the lever weighs them
    if h.signal is Signal.LEARNED and weight < LEARNED_MIN_SOURCE:
        return 1.0  # kept above only where the scorer is sure (LEARNED_OVER_USER)
    if h.signal is Signal.SOURCE_STEERING and h.note.startswith(LOOKALIKE_DOMAIN):
        return 1.0  # a brand's domain in other letters is phishing (round 14)
    if h.signal is Signal.REDIRECTED_CHANNEL and (weight > USER_TRUSTED or told_second_hand(text)):
        # An institution's channel is a claim about the world, not the user's wish: only
        # the user's own statement with a reference (17), not relayed from a stranger (36).
        return 1.0
    return max(weight, HARD_FLOOR) if h.hard else weight


def relay_reason(text: str, p: Provenance, hits: Sequence[Hit] = ()) -> str | None:
    """Why a text from a trusted source relays someone else's instruction, or None."""
    low = text.lower()
    why = relayed(low)
    if why is None and p.source_type is SourceType.USER_STATEMENT:
        why = in_users_words(low)
    # Round 17: what was appended to an agent's instruction file by a script, an update
    # or a diff is not the user's; nor is a rule spelled in look-alike letters, which no
    # one types (the check reads it folded, ``confusables``).
    if why is None and appended_elsewhere(low):
        why = "it says a script, an update or a diff wrote it into an agent's instruction file"
    if why is None and any(_disguised(h) for h in hits):
        why = "it is spelled in look-alike letters"
    return why


def _disguised(h: Hit) -> bool:
    # its note: "37 look-alike letter(s) ... read as Latin: …" (``confusables.lookalike_hit``)
    return h.signal is Signal.ENCODED_PAYLOAD and h.note.partition(" ")[2].startswith(
        LOOKALIKE_NOTE
    )


def _self_certified(text: str, h: Hit) -> bool:
    if h.signal is not Signal.FAKE_AUTHORITY or h.note in MENTIONED:
        return False
    return SELF_CERTIFIED.match(text.lower(), h.start) is not None


def _vouched(text: str, h: Hit, p: Provenance) -> bool:
    """A note the store did not take from the user (a summary, an extraction, an
    inference, a tool's or a page's text) that claims the user's voice by a stamp or a
    signature (round 27). On the user's own statement "[user-confirmed]" is their label."""
    if h.signal is not Signal.FAKE_AUTHORITY or h.note in MENTIONED:
        return False
    if p.source_type is SourceType.USER_STATEMENT:
        return False
    return vouched(text.lower(), h.start) if len(text) == len(text.lower()) else False


# (round 38) "Assistant note:" opening the assistant's own message names its author, as a
# byline does: the label of a note, not a note addressed to the agent ("AI instructions:",
# "Assistant rules:" in a page or a tool's output are, and stay ``AGENT_DIRECTIVE``).
_BYLINE = re.compile(r"[^\w\n]{0,3}(?:the\s+)?(?:assistant|ai|model|agent)(?:'s)?\s+notes?\s*:")


def _own_stamp(text: str, h: Hit, p: Provenance) -> bool:
    """A label that says what the store says: an origin stamp naming the user ("[fonte:
    utente, sessione 12]") on the user's own statement with a session reference, or
    "Assistant note:" opening the assistant's own message. It claims nothing the store
    does not hold."""
    if h.signal is Signal.AGENT_DIRECTIVE and p.source_type is SourceType.ASSISTANT_MESSAGE:
        return h.start == 0 and _BYLINE.match(text.lower()) is not None
    if h.signal is not Signal.FAKE_AUTHORITY or p.source_type is not SourceType.USER_STATEMENT:
        return False
    if not p.authority_backed:
        return False
    return (
        ORIGIN_STAMP.match(text.lower(), h.start) is not None
        if len(text) == len(text.lower())
        else False
    )


def _worm(text: str, h: Hit) -> bool:
    if h.signal is not Signal.SELF_PROPAGATION or h.note in MENTIONED:
        return False
    return WORM.match(text.lower(), h.start) is not None


def _any_party(text: str, h: Hit) -> bool:
    if h.signal is not Signal.SOURCE_STEERING or h.note in MENTIONED:
        return False
    return ANY_PARTY.match(text.lower(), h.start) is not None


SECRECY_REACH = 40  # characters either side of a secrecy clause where "the user" is read


def _unguarded(text: str, h: Hit) -> bool:
    """A risky act with its safeguard removed, or the user's security alerts silenced."""
    if h.signal not in (Signal.SENSITIVE_ACTION, Signal.SECRECY) or h.note in MENTIONED:
        return False
    if len(text) != len(text.lower()):
        return False
    low = text.lower()
    # (round 47) what protects the user withheld on a third party's word; money moved on a
    # topic of conversation (``withheld_guard``)
    return at_full(low, h.start) or guard_withheld(low, h.start) or money_on_cue(low, h.start)


def _status_claimed(text: str, h: Hit) -> bool:
    """(round 47) A status of the user's confirmation given by a mechanism that is not the
    user (a form's flag, an automatic promotion): weighed at full from any source, the
    user's own statement too (no user writes that they were promoted automatically)."""
    if h.signal is not Signal.FAKE_AUTHORITY or h.note in MENTIONED:
        return False
    low = text.lower()
    return len(low) == len(text) and STATUS_CLAIMED.match(low, h.start) is not None


def _shown(text: str, h: Hit, provenance: Provenance) -> bool:
    """The text itself shows the hit is no wish of the user's (weighed at full)."""
    shown = _against_user(text, h) or personal_slot(text, h) or _any_party(text, h)
    shown = shown or _unguarded(text, h) or _vouched(text, h, provenance) or _worm(text, h)
    shown = shown or proposed(text, h, provenance)  # (round 37: a model step's own)
    return shown or _status_claimed(text, h)


def _against_user(text: str, h: Hit) -> bool:
    """A secrecy clause that keeps "the user" (named in the third person) in the dark."""
    if h.signal is not Signal.SECRECY or h.note in MENTIONED:
        return False
    low = text.lower()
    return THE_USER.search(low, max(0, h.start - SECRECY_REACH), h.end + SECRECY_REACH) is not None


def _provenance_hits(
    p: Provenance,
    best: dict[Signal, Hit],
    traced: bool,
    text: str,
    weight: float,
    own_doc: bool = False,
) -> list[Hit]:
    """Signals of the text and its provenance together.

    - LAUNDERED: the user's voice where the store says it is not the user's — a "user
      statement" whose source reference, lineage or role field disagrees and that says
      anything the patterns notice (a bare imperative only when its source reference is
      a URL or a tool call), or text that speaks for the user (USER_CLAIM) in a summary,
      extraction or inference drawn from a tool's output or a document, with no user
      statement or approval behind it.
    - EXPERIENCE_AND_INSTRUCTION: a claimed past success, with nothing in the store behind
      it, given as the reason for an instruction or a risky act (MemoryGraft's shape:
      "last time this worked; do it again").
    - PLANTED_FACT: a fact about the user's accounts, contacts, carers or trust
      (USER_FACT) that comes with a change ("moved to a new account:
      IBAN ..."; since round 26 a value alone is none) from text the learned scorer judges (``LEARNED_MIN_SOURCE``: a document, a
      tool's output, the assistant, a model conclusion nothing traces to the user) with no
      approval behind it; in the user's own voice ("my new bank account") only where the
      store says the user did not say it. The user telling their agent, and notes drawn
      from what they said, get none.
    """
    out: list[Hit] = []
    claim = best.get(Signal.USER_CLAIM)
    # A page or a tool's output that describes the user is what it is (a profile, a CRM
    # record: their own signals weigh it), and agents' notes say "User asked ..." all the
    # time (real stores: ByteRover's summaries of the assistant's messages). The claim is
    # laundered when a summary, extraction or inference drawn from a page or a tool's
    # output speaks for the user.
    # A document the text names as the user's own speaks of its owner ("l'utente vuole
    # che …" in the user's uploaded template; round 26): not laundered either.
    laundered_into = (
        p.source_type not in UNTRUSTED_TYPES
        and bool(p.ancestor_types and p.ancestor_types & FROM_OUTSIDE)
        and not own_doc
    )
    # A document the text names as the user's own explains the lineage (round 17).
    mismatch = user_mismatch(p) is not None and not own_doc
    # A bare imperative is enough only when the statement's own source is a page or a
    # tool; a user statement whose lineage holds other memories (a reply to the
    # assistant, say) needs a signal of its own.
    outside_ref = ref_kind(p.source_ref) in ("url", "tool")
    # A signal the text only mentions (tokens named, a quote in a write-up) says nothing.
    spoken = {k: h for k, h in best.items() if h.note not in MENTIONED}
    said = any(h.signal is not Signal.IMPERATIVE for h in spoken.values()) or (
        outside_ref and bool(spoken)
    )
    # The user handing over what they pasted, in their own voice: what it quotes or shows
    # as code (a discounted signal) and what a user says to their agent are theirs.
    plain = {k for k, h in spoken.items() if not h.note}
    if said and mismatch and not plain - VOICE_ONLY and own_import(text):
        said = False
    if (mismatch and said) or (
        claim is not None and not p.authority_backed and (laundered_into or mismatch)
    ):
        at = claim or max(best.values(), key=lambda h: h.weight)
        out.append(Hit(Signal.LAUNDERED, at.start, at.end, WEIGHT[Signal.LAUNDERED]))
    fact = best.get(Signal.USER_FACT)
    if fact is not None and not p.approved and (weight >= LEARNED_MIN_SOURCE or mismatch):
        low = text.lower()
        own = FIRST_PERSON.match(low, fact.start) is not None if len(low) == len(text) else False
        if (
            (mismatch or not own)
            and changed(low, fact.start, fact.end)
            and not only_pointed_to_own_space(low)  # (round 48: "le nouveau RIB … espace client")
        ):
            out.append(Hit(Signal.PLANTED_FACT, fact.start, fact.end, WEIGHT[Signal.PLANTED_FACT]))
    # (round 47) A model's guess made the user's consent to a route ("the user probably
    # wants their cookies synced to …"): the guess speaks for the user, nothing backs it.
    # (Its route counts where the claim was laundered already: a summary of a page.)
    if not own_doc and weight >= LEARNED_MIN_SOURCE:
        have = {h.signal for h in out}
        out += [h for h in inferred_route(text, p, best) if h.signal not in have]
    experience = best.get(Signal.FAKE_EXPERIENCE)
    if experience is not None and not traced and set(best) & ACTION_KINDS:
        out.append(
            Hit(
                Signal.EXPERIENCE_AND_INSTRUCTION,
                experience.start,
                experience.end,
                WEIGHT[Signal.EXPERIENCE_AND_INSTRUCTION] * min(1.0, experience.weight / 0.3),
            )
        )
    return out


# What a user says to their own agent about what they pasted (round 12): a standing rule,
# a condition, a request, a comment or token they quote. A destination, a secrecy clause,
# a tool policy or a claimed approval in it still counts.
VOICE_ONLY = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.HTML_COMMENT,
        Signal.DESTRUCTIVE_COMMAND,
        Signal.USER_FACT,
        Signal.FAKE_EXPERIENCE,
    }
)


def own_import(text: str) -> bool:
    """The user says where the text they hand over came from, in their own voice."""
    low = text.lower()
    return OWN_IMPORT.search(low) is not None and OWN_VOICE.search(low) is not None


def maybe_suspect(text: str, learned: list[Hit] | None = None) -> bool:
    """The cheap first look (and the learned scorer): False means ``signals(text)``
    finds nothing. ``learned``: the scorer's hit when the caller has it."""
    if not text.isprintable():
        return True
    # (round 47: the model's guess of the user's consent is read by code, not a pattern)
    found = bool(_active(text, text.lower())) or bool(guessed_claim(text, []))
    return found or (bool(learned) if learned is not None else learned_hit(text) is not None)


def from_memory(
    memory: Any,
    ancestor_types: frozenset[SourceType] | None = None,
    approved: bool = False,
) -> Provenance:
    """Provenance from a canonical ``Memory`` (and what the caller looked up about it)."""
    role = memory.extra.get("role") or memory.extra.get("author_type") if memory.extra else None
    return Provenance(
        memory.source_type,
        memory.source_ref,
        bool(memory.derived),
        ancestor_types,
        approved,
        str(role) if role is not None else None,
    )
