"""The kinds of signal an injected instruction gives, their labels and weights,
and which of them no source makes benign."""

from __future__ import annotations

from enum import StrEnum


class Signal(StrEnum):
    OVERRIDE = "override"
    JAILBREAK = "jailbreak"
    SYSTEM_PROMPT = "system_prompt"
    SECRECY = "secrecy"
    PERSISTENCE = "persistence"
    SELF_PROPAGATION = "self_propagation"
    SOURCE_STEERING = "source_steering"
    AGENT_DIRECTIVE = "agent_directive"
    STANDING_RULE = "standing_rule"
    CONDITIONAL_TRIGGER = "conditional_trigger"
    IMPERATIVE = "imperative"
    TOOL_POLICY = "tool_policy"
    DESTRUCTIVE_COMMAND = "destructive_command"
    SENSITIVE_ACTION = "sensitive_action"
    EXFILTRATION = "exfiltration"
    DATA_URL = "data_url"
    FAKE_AUTHORITY = "fake_authority"
    FAKE_EXPERIENCE = "fake_experience"
    ROLE_TOKEN = "role_token"
    HTML_COMMENT = "html_comment"
    ENCODED_PAYLOAD = "encoded_payload"
    DECODE_AND_RUN = "decode_and_run"
    HIDDEN_CHARACTERS = "hidden_characters"
    TAG_CHARACTERS = "tag_characters"
    INSTRUCTION_AND_DESTINATION = "instruction_and_destination"
    USER_CLAIM = "user_claim"
    USER_FACT = "user_fact"
    PLANTED_FACT = "planted_fact"
    REDIRECTED_CHANNEL = "redirected_channel"
    RETRIEVAL_BAIT = "retrieval_bait"
    QA_RECORD = "qa_record"
    LAUNDERED = "laundered"
    EXPERIENCE_AND_INSTRUCTION = "experience_and_instruction"
    LEARNED = "learned"


LABEL = {
    Signal.OVERRIDE: "override of earlier instructions",
    Signal.JAILBREAK: "jailbreak persona / rules switched off",
    Signal.SYSTEM_PROMPT: "asks for the system prompt or secrets",
    Signal.SECRECY: "secrecy clause",
    Signal.PERSISTENCE: "asks to be kept in memory",
    Signal.SELF_PROPAGATION: "asks to be copied, spread or to outlive pruning",
    Signal.SOURCE_STEERING: "steers which source or vendor is trusted, ranked first",
    Signal.AGENT_DIRECTIVE: "directive to the agent",
    Signal.STANDING_RULE: "standing rule",
    Signal.CONDITIONAL_TRIGGER: "conditional trigger",
    Signal.IMPERATIVE: "imperative",
    Signal.TOOL_POLICY: "tool or permission policy",
    Signal.DESTRUCTIVE_COMMAND: "destructive command",
    Signal.SENSITIVE_ACTION: "money, credentials or safety named as routine",
    Signal.EXFILTRATION: "sends data to a destination",
    Signal.DATA_URL: "data-bearing URL or image beacon",
    Signal.FAKE_AUTHORITY: "claimed authority or approval",
    Signal.FAKE_EXPERIENCE: "claimed past success",
    Signal.ROLE_TOKEN: "chat-template / role token",
    Signal.HTML_COMMENT: "HTML comment",
    Signal.ENCODED_PAYLOAD: "encoded text",
    Signal.DECODE_AND_RUN: "asks to decode and obey",
    Signal.HIDDEN_CHARACTERS: "hidden or bidi characters",
    Signal.TAG_CHARACTERS: "Unicode tag characters or variation selectors carrying text",
    Signal.INSTRUCTION_AND_DESTINATION: "instruction plus outbound destination",
    Signal.USER_CLAIM: "speaks for the user (a wish or permission)",
    Signal.USER_FACT: "states the user's accounts, contacts, carers or trust",
    Signal.PLANTED_FACT: "a changed fact about the user, from a source that is not the user",
    Signal.REDIRECTED_CHANNEL: "an institution's channel, payment or safety rule stated where no institution has it",
    Signal.RETRIEVAL_BAIT: "asks to be reused as the answer to similar questions",
    Signal.QA_RECORD: "a question-and-answer record, example exchange or keyword list",
    Signal.LAUNDERED: "the user's voice, but its provenance says otherwise",
    Signal.EXPERIENCE_AND_INSTRUCTION: "claimed past success given as a reason to act",
    Signal.LEARNED: "reads like an instruction to the agent (learned scorer)",
}

# Base weight of each kind, and whether a trusted source discounts it.
WEIGHT: dict[Signal, float] = {
    Signal.OVERRIDE: 0.75,
    Signal.JAILBREAK: 0.7,
    Signal.SYSTEM_PROMPT: 0.7,
    Signal.SECRECY: 0.55,
    Signal.PERSISTENCE: 0.45,
    # A memory worm's ask and a planted "trusted source" are instructions to the agent
    # whatever their wording; a user's own preference is discounted by its source.
    Signal.SELF_PROPAGATION: 0.55,
    Signal.SOURCE_STEERING: 0.5,
    Signal.AGENT_DIRECTIVE: 0.4,
    Signal.STANDING_RULE: 0.25,
    Signal.CONDITIONAL_TRIGGER: 0.3,
    Signal.IMPERATIVE: 0.12,
    Signal.TOOL_POLICY: 0.45,
    Signal.DESTRUCTIVE_COMMAND: 0.3,
    Signal.SENSITIVE_ACTION: 0.3,
    Signal.EXFILTRATION: 0.55,
    Signal.DATA_URL: 0.45,
    Signal.FAKE_AUTHORITY: 0.4,
    Signal.FAKE_EXPERIENCE: 0.3,
    Signal.ROLE_TOKEN: 0.6,
    Signal.HTML_COMMENT: 0.25,
    Signal.ENCODED_PAYLOAD: 0.45,
    Signal.DECODE_AND_RUN: 0.65,
    Signal.HIDDEN_CHARACTERS: 0.35,
    Signal.TAG_CHARACTERS: 0.9,
    Signal.INSTRUCTION_AND_DESTINATION: 0.3,
    # Weighed by provenance in ``provenance.assess``: a user's wish is only a signal when
    # nothing in the store shows the user said it.
    Signal.USER_CLAIM: 0.05,  # alone, next to nothing: agents' notes say "User asked ..."
    # A fact about the user's bank account or emergency contact is what a profile holds;
    # it is poison when it arrives from outside, as a change (PLANTED_FACT).
    Signal.USER_FACT: 0.05,
    Signal.PLANTED_FACT: 0.5,
    # A claim about the world that sends the user's money, codes or calls elsewhere (a
    # free-mail "official" address, gift cards for a tax, the TAN by phone): weighed at
    # full from anything but the user's own statement (``provenance.assess``).
    Signal.REDIRECTED_CHANNEL: 0.55,
    # Retrieval bait: "reuse this answer for similar questions" asks the agent to repeat
    # it (0.45); a question-and-answer shape is what a FAQ looks like too (0.25).
    Signal.RETRIEVAL_BAIT: 0.45,
    Signal.QA_RECORD: 0.25,
    Signal.LAUNDERED: 0.45,
    Signal.EXPERIENCE_AND_INSTRUCTION: 0.3,
    # The learned scorer's hit weighs ALPHA × its probability (injection.learned).
    Signal.LEARNED: 0.0,
}
HARD = frozenset(
    {
        Signal.OVERRIDE,
        Signal.JAILBREAK,
        Signal.SYSTEM_PROMPT,
        Signal.ROLE_TOKEN,
        Signal.DECODE_AND_RUN,
        Signal.HIDDEN_CHARACTERS,
        Signal.TAG_CHARACTERS,
    }
)
# A hard signal counts at least this much whatever the source.
HARD_FLOOR = 0.9
# Signals whose claim needs a trace in the store; with none they weigh this much more.
UNTRACED_BOOST = 1.4
# Instruction-like kinds (for the instruction + destination combination).
INSTRUCTION_KINDS = frozenset(
    {
        Signal.OVERRIDE,
        Signal.JAILBREAK,
        Signal.SYSTEM_PROMPT,
        Signal.SECRECY,
        Signal.PERSISTENCE,
        Signal.SELF_PROPAGATION,
        Signal.SOURCE_STEERING,
        Signal.AGENT_DIRECTIVE,
        Signal.STANDING_RULE,
        Signal.CONDITIONAL_TRIGGER,
        Signal.TOOL_POLICY,
        Signal.FAKE_AUTHORITY,
        Signal.RETRIEVAL_BAIT,
    }
)
DESTINATION_KINDS = frozenset({Signal.EXFILTRATION, Signal.DATA_URL})
# What a claimed past success may be given as the reason for (the combination
# EXPERIENCE_AND_INSTRUCTION): any instruction or risky act, even a bare imperative.
ACTION_KINDS = INSTRUCTION_KINDS - {Signal.FAKE_AUTHORITY} | {
    Signal.IMPERATIVE,
    Signal.DESTRUCTIVE_COMMAND,
    Signal.SENSITIVE_ACTION,
    Signal.EXFILTRATION,
}
# Context discounts: a signal quoted (or in code) in a text about attacks or examples,
# quoted elsewhere, or unquoted in a sentence about attacks.
QUOTED_META = 0.3
QUOTED = 0.75
META = 0.5
CODE = 0.6
# Why a hit was discounted as a mention (its note): a text that only mentions a signal —
# role tokens named side by side, a quote in a write-up about attacks — does not say it.
NAMED_NOTE = "named"
QUOTED_META_NOTE = "quoted in a text about attacks or examples"
# Invisible or look-alike characters the text names ("a zero-width space (U+200B)"):
# shown, not hidden (``declared``).
DECLARED_NOTE = "declared: the text names these characters (or they spell a format's token)"
MENTIONED = frozenset({NAMED_NOTE, QUOTED_META_NOTE, DECLARED_NOTE})
# Invisible carriers are never "quoted": these kinds get no context discount.
NO_CONTEXT = frozenset(
    {
        Signal.HIDDEN_CHARACTERS,
        Signal.TAG_CHARACTERS,
        Signal.ENCODED_PAYLOAD,
        Signal.HTML_COMMENT,
        # "Example interaction: ..." is the bait's own label, not a text about examples.
        Signal.RETRIEVAL_BAIT,
        Signal.QA_RECORD,
    }
)
# Text inside a hidden carrier (comment, encoding, tag characters) is hidden instruction.
HIDDEN_BOOST = 1.2
MAX_TEXT = 20_000  # longer texts are analysed on their first MAX_TEXT characters
MAX_DECODE_DEPTH = 2
