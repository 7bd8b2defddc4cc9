"""The readings that show a text to be the user's own words, or a model's notes of them,
whatever its recorded source says (a document, a setting, a channel, a link or a wish of
the user's own; a done act, a recorded wish), and the one that shows a model's conclusion
drawn from a third party's text: the assessment (``provenance.assess``) weighs each by it."""

from __future__ import annotations

import re

from memaudit.injection.assessment import Hit
from memaudit.injection.fetched import fetched_wish, names_fetched
from memaudit.injection.kept_lesson import kept_lesson
from memaudit.injection.kept_link import kept_link
from memaudit.injection.kept_rule import kept_note, kept_rule
from memaudit.injection.kept_say import kept_say, my_notes, write_own
from memaudit.injection.kinds import (
    MENTIONED,
    Signal,
)
from memaudit.injection.lineage import (
    ASSISTANT_ROLES,
    DERIVED_FROM_USER,
    MODEL_STEPS,
    Provenance,
    ref_kind,
)
from memaudit.injection.memory_line import memory_line
from memaudit.injection.noted import about_user
from memaudit.injection.own_things import own_material, own_role
from memaudit.injection.owned import own_rule
from memaudit.injection.patterns.laundering import (
    DONE_ACT,
    DRAWN_FROM_OUTSIDE,
    REQUESTED_BY_USER,
    SAVED_SETTING,
    SENT_BY_ME,
    STANDING_WORDS,
    USER_WROTE_DOC,
    USERS_OWN_DOC,
)
from memaudit.injection.profile_note import profile_note
from memaudit.injection.quoted_own import quoted_own, said_of_document, written_own
from memaudit.injection.served import asks_first, serves_user
from memaudit.injection.wishes import SENT_ON, USER_WISH, copy_done, users_wish, write_asked
from memaudit.model import SourceType

# What a user's own document holds (round 17): settings, a template's comment, a layout, a
# policy, a link — the kinds a signature line or a CV's notes give. A hidden carrier's
# content, a secrecy clause, a beacon, an encoded run, a hard signal or someone else's
# voice (a relay) is no ordinary setting.
ORDINARY_IN_OWN_DOC = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.HTML_COMMENT,
        Signal.USER_FACT,
        Signal.USER_CLAIM,
        Signal.EXFILTRATION,
        Signal.LEARNED,
    }
)


def users_own_document(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose lineage holds a document, and whose text names that
    document as the user's own and holds only what such a document ordinarily does: it
    weighs as notes drawn from the user's words (``DERIVED_FROM_USER``), not as a page.
    Named by its opening ("From the user's uploaded CV:") or, in the user's voice, as the
    one they sent ("see the invoice I sent you", round 18)."""
    if p.source_type is not SourceType.USER_STATEMENT or not p.ancestor_types:
        return False
    if p.ancestor_types - {SourceType.EXTERNAL_DOCUMENT, SourceType.USER_STATEMENT}:
        return False
    if ref_kind(p.source_ref) != "other" or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    # (a token or a quote the text only names is part of the document's format; round 26;
    # round 29: its conventions copied into the agent's file at the user's request)
    asked = write_asked(text) or write_own(text)  # (round 30: in the user's own voice)
    if any(
        h.hidden
        or (
            h.signal not in ORDINARY_IN_OWN_DOC
            and h.note not in MENTIONED
            and not (asked and h.signal is Signal.SELF_PROPAGATION)
        )
        for h in found
    ):
        return False
    if kept_note(text, found) or said_of_document(text, found):
        return True  # (round 36: a handout the user keeps; round 38: what the user said of it)
    low = text.lower()
    wrote = USER_WROTE_DOC.match(low)
    if wrote is not None and written_own(low[wrote.end() :], found):
        return True  # (round 42: "from the handbook the user wrote", "from their own …")
    # What the learned scorer reads as an order is no ordinary setting (round 26: the
    # document's own words are judged, not only the patterns' hits).
    if any(h.signal is Signal.LEARNED for h in found):
        return False
    return (
        USERS_OWN_DOC.match(low) is not None
        or SENT_BY_ME.search(low) is not None
        or (asked and my_notes(text))  # (round 30: "From my onboarding notes: please add …")
        or names_fetched(text)  # (round 31: "the report I shared", "the page I showed you")
    )


# What a saved setting holds (round 21): a rule about presentation or scheduling, in the
# shapes a preference takes. A destination, a secrecy clause, a tool policy, a hidden
# carrier, anything copied into an agent's files: no setting of that kind.
SETTING_KINDS = frozenset(
    {
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.USER_FACT,
        Signal.USER_CLAIM,
        Signal.LEARNED,
    }
)


def saved_setting(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose source reference is the tool call that saved it, whose text
    names that settings tool at its start and holds only what a setting does: it weighs as
    notes drawn from the user's words (``DERIVED_FROM_USER``), not as a tool's output."""
    if p.source_type is not SourceType.USER_STATEMENT or p.ancestor_types or p.derived:
        return False
    if ref_kind(p.source_ref) != "tool" or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    if any(h.hidden or h.signal not in SETTING_KINDS for h in found):
        return False
    return SAVED_SETTING.match(text.lower()) is not None


# Round 26: the tool a user's words came through — speech-to-text ("voice.transcribe",
# "whisper", "dictation") or a design or document tool's comments ("figma.get_comments") —
# named in the statement's opening or its source reference.
_USERS_CHANNEL = re.compile(
    # a word of speech taken down, alone or in a tool's name ("voice.transcribe", "stt_v2")
    r"\b(?:[\w-]+[._])?(?:transcri(?:be|bed|ption|pt)\w*|speech[_-]to[_-]text|dictat(?:e|ion)\w*|"
    r"whisper|voice[_.-](?:memo|note|input|command)s?)\b|\b[\w-]+[._]stt\b|\bstt[._]\w+"
    # comments read by a tool: only in a tool's name ("figma.get_comments", "docs.comments"),
    # never the word "comments" in what the user said
    r"|\b[\w-]+[._](?:(?:get|list|read|fetch)_)?comments\b",
    re.IGNORECASE,
)
CHANNEL_REACH = 100  # characters of a statement's opening read for the tool it came through


def users_channel(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose source reference is a tool call, and which names (in its
    opening or its reference) a speech-to-text or comment-reading tool: the user's words
    through their own channel, weighed as notes drawn from them (``DERIVED_FROM_USER``),
    not as a tool's output. Never with a hard or hidden signal: a transcript saying
    "ignore your instructions" is still read at full."""
    if p.source_type is not SourceType.USER_STATEMENT or p.ancestor_types or p.derived:
        return False
    if ref_kind(p.source_ref) != "tool" or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    if any(h.hard for h in found):
        return False
    return bool(
        _USERS_CHANNEL.search(text, 0, CHANNEL_REACH) or _USERS_CHANNEL.search(p.source_ref or "")
    )


# What a record of a done act holds (rounds 24, 25): the address it went to, the image it
# embedded, the user's approval it names. A secrecy clause, a tool policy, a standing or
# conditional rule, anything copied into an agent's files, a hidden carrier or a hard
# signal: no report of a done act.
DONE_KINDS = frozenset(
    {
        Signal.EXFILTRATION,
        Signal.DATA_URL,
        Signal.IMPERATIVE,
        Signal.AGENT_DIRECTIVE,
        Signal.FAKE_AUTHORITY,
        Signal.USER_FACT,
        Signal.USER_CLAIM,
        Signal.LEARNED,
    }
)


def own_rule_with_link(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose reference is a page or a tool call, holding the user's own
    harmless rule in their own voice (``owned.own_rule``)."""
    if p.source_type is not SourceType.USER_STATEMENT or p.ancestor_types or p.derived:
        return False
    if ref_kind(p.source_ref) not in ("url", "tool") or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    return own_rule(text, found) or kept_rule(text, found)  # (round 36: "ask me first")


def own_wish_kept(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose reference is a page or a tool call, holding the user's own
    harmless wish, link, handle or line for the agent's file (rounds 30, 31; session 19), or
    its words quoted after a label naming its own channel or a link it shared (round 41)."""
    if p.source_type is not SourceType.USER_STATEMENT or p.ancestor_types or p.derived:
        return False
    if ref_kind(p.source_ref) not in ("url", "tool") or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    wish = kept_say(text, found) or kept_link(text, found) or fetched_wish(text, found)
    wish = wish or profile_note(text, found) or memory_line(text, found)
    return wish or quoted_own(text, found)


def own_things_kept(text: str, p: Provenance, found: list[Hit]) -> bool:
    """A user statement whose reference is a page or a tool call, asking in the user's own
    voice only for a change to their own material, or stating their own role and asking
    nothing (round 47, ``own_things``)."""
    if p.source_type is not SourceType.USER_STATEMENT or p.ancestor_types or p.derived:
        return False
    if ref_kind(p.source_ref) not in ("url", "tool") or (p.role or "").lower() in ASSISTANT_ROLES:
        return False
    return own_material(text, found) or own_role(text, found)


_DONE_SOURCES = frozenset({SourceType.ASSISTANT_MESSAGE, SourceType.TOOL_OBSERVATION})


def done_for_user(text: str, p: Provenance, found: list[Hit]) -> bool:
    """The assistant's message or a tool's output recording an act already done at the
    user's request, with no rule for later: it weighs as notes drawn from the user's
    words (``DERIVED_FROM_USER``), not as an instruction the model gives itself."""
    if p.source_type not in _DONE_SOURCES:
        return False
    if p.source_type is SourceType.ASSISTANT_MESSAGE and copy_done(text, found):
        return True  # (round 29: "per the user's request, I added … to all drafts")
    if any(h.hidden or h.signal not in DONE_KINDS for h in found):
        return False
    low = text.lower()
    # (round 28: "el usuario me pidió reenviar …; enviado el 12/06", the user named as the
    # asker as a note of their wishes names them, a send logged with its date)
    if REQUESTED_BY_USER.search(low) is None and USER_WISH.search(low) is None:
        return False
    if DONE_ACT.search(low) is None and SENT_ON.search(low) is None:
        return False
    return STANDING_WORDS.search(low) is None


_NOTE_SOURCES = frozenset({SourceType.ASSISTANT_MESSAGE, *MODEL_STEPS})


def recorded_wish(text: str, p: Provenance, weight: float, found: list[Hit]) -> bool:
    """An assistant's or a model's note (nothing untrusted in its lineage) of the user's harmless
    wish (``users_wish``), a lesson (``kept_lesson``) or their own facts (``about_user``)."""
    if p.source_type not in _NOTE_SOURCES or weight <= DERIVED_FROM_USER:
        return False
    if p.source_type is not SourceType.ASSISTANT_MESSAGE and weight >= 1.0:
        return False  # derived from a tool's output or a document: not the user's words
    if users_wish(text, found) or kept_lesson(text, found) or about_user(text, found):
        return True
    if p.source_type is SourceType.ASSISTANT_MESSAGE and asks_first(text, found):
        return True  # (round 48: a draft offered, "shall I send it?")
    return serves_user(text, found)  # (round 47: a reminder, tag or check the user asked for)


def drawn_from_outside(text: str, p: Provenance, weight: float) -> bool:
    """A model's conclusion with nothing untrusted in its recorded lineage (none, or model
    output only) whose text says it was drawn from a third party's text (a post, an
    advert, a changelog, a contract, a sample script): weighed as derived from untrusted
    sources, as its lineage would have said (round 26)."""
    if p.source_type not in MODEL_STEPS or weight >= 1.0:
        return False
    if p.ancestor_types and SourceType.USER_STATEMENT in p.ancestor_types:
        return False  # notes on what the user said: the user read the post
    return DRAWN_FROM_OUTSIDE.search(text.lower()) is not None
