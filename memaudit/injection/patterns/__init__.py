"""The pattern tables, one module per technique, in the order the engine tries them,
indexed by kind (with each gated pattern's own anchors and gates)."""

from __future__ import annotations

import re

from memaudit.injection.kinds import WEIGHT, Signal
from memaudit.injection.patterns.alias_chain import ALIAS_CHAIN_PATTERNS
from memaudit.injection.patterns.beaconed import BEACONED_PATTERNS
from memaudit.injection.patterns.bridged import SOURCED_PATTERNS
from memaudit.injection.patterns.caution_lifted import CAUTION_PATTERNS
from memaudit.injection.patterns.channels import CHANNEL_PATTERNS
from memaudit.injection.patterns.directives import DIRECTIVE_PATTERNS
from memaudit.injection.patterns.disarmed import WAIVED_PATTERNS
from memaudit.injection.patterns.disclosed import SOURCED_DISCLOSED_PATTERNS
from memaudit.injection.patterns.exfiltration import EXFILTRATION_PATTERNS
from memaudit.injection.patterns.facts import FACT_PATTERNS
from memaudit.injection.patterns.forged import FORGED_PATTERNS
from memaudit.injection.patterns.forwarded import FORWARDED_PATTERNS
from memaudit.injection.patterns.harmful import HARMFUL_PATTERNS
from memaudit.injection.patterns.hearsay import HEARSAY_PATTERNS
from memaudit.injection.patterns.hushed_cost import HUSHED_COST_PATTERNS
from memaudit.injection.patterns.inferred import SOURCED_INFERRED_PATTERNS
from memaudit.injection.patterns.kept_dark import KEPT_DARK_PATTERNS
from memaudit.injection.patterns.laundering import LAUNDERING_PATTERNS
from memaudit.injection.patterns.official_contact import OFFICIAL_CONTACT_PATTERNS
from memaudit.injection.patterns.overrides import OVERRIDE_PATTERNS
from memaudit.injection.patterns.planted import PLANTED_PATTERNS
from memaudit.injection.patterns.propagation import PROPAGATION_PATTERNS
from memaudit.injection.patterns.rebound import REBOUND_PATTERNS
from memaudit.injection.patterns.relay import RELAY_PATTERNS
from memaudit.injection.patterns.remembered_fix import REMEMBERED_FIX_PATTERNS
from memaudit.injection.patterns.renamed_package import RENAMED_PACKAGE_PATTERNS
from memaudit.injection.patterns.retrieval import RETRIEVAL_PATTERNS
from memaudit.injection.patterns.rosters import ROSTERS_PATTERNS
from memaudit.injection.patterns.secondhand import SECONDHAND_PATTERNS
from memaudit.injection.patterns.secrets import SECRET_PATTERNS
from memaudit.injection.patterns.stamped import STAMPED_PATTERNS
from memaudit.injection.patterns.steered import STEERED_PATTERNS
from memaudit.injection.patterns.structural import STRUCTURAL_PATTERNS
from memaudit.injection.patterns.tool_calls import TOOL_CALL_PATTERNS
from memaudit.injection.patterns.tools import TOOL_PATTERNS
from memaudit.injection.patterns.unconfirmed_tool import UNCONFIRMED_TOOL_PATTERNS
from memaudit.injection.patterns.unguarded import UNGUARDED_PATTERNS
from memaudit.injection.patterns.uploaded import HOME_UPLOADED_PATTERNS
from memaudit.injection.patterns.vouched import VOUCHED_PATTERNS
from memaudit.injection.patterns.wildcard import WILDCARD_PATTERNS
from memaudit.injection.patterns.withheld import WITHHELD_PATTERNS
from memaudit.injection.patterns.withheld_guard import WITHHELD_GUARD_PATTERNS
from memaudit.injection.vocabulary import _OWN_ANCHORS, _PATTERN_WEIGHT

_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    *OVERRIDE_PATTERNS,
    *SECRET_PATTERNS,
    *DIRECTIVE_PATTERNS,
    *PROPAGATION_PATTERNS,
    *RELAY_PATTERNS,
    *TOOL_PATTERNS,
    *TOOL_CALL_PATTERNS,
    *STRUCTURAL_PATTERNS,
    *EXFILTRATION_PATTERNS,
    *LAUNDERING_PATTERNS,
    *FACT_PATTERNS,
    *CHANNEL_PATTERNS,
    # round 36: an official body's contact told second-hand or put in the channel's place
    *OFFICIAL_CONTACT_PATTERNS,
    # round 39: a safety caution lifted by a plain claim (weighed by source, as a channel)
    *CAUTION_PATTERNS,
    # round 38: a destination re-bound by a chain of steps, the consequence drawn
    *REBOUND_PATTERNS,
    *RETRIEVAL_PATTERNS,
    *PLANTED_PATTERNS,
    *UNGUARDED_PATTERNS,
    # round 38: a control waived (a TLS check, permissions, a bucket, a backup), by source
    *WAIVED_PATTERNS,
    # rounds 16-42: a folder of the user's home sent to a remote address, by source
    *HOME_UPLOADED_PATTERNS,
    *HARMFUL_PATTERNS,
    # weighed by source (round 24): a label, orders followed unconfirmed, copies everywhere
    *SOURCED_PATTERNS,
    # weighed by source (round 25): a source tag naming the user, rules replicated, steering
    *FORGED_PATTERNS,
    # weighed by source (round 26): a trusted payee added, the alarm disarmed while away
    *SOURCED_DISCLOSED_PATTERNS,
    # round 27: the user's voice claimed by a stamp or a signature (weighed at full,
    # ``provenance``)
    *VOUCHED_PATTERNS,
    # round 28: a third party's harmful order to the assistant, passed on by the user
    *SECONDHAND_PATTERNS,
    # round 37: a third party's message the user forwards, taking a check away from them
    *FORWARDED_PATTERNS,
    # round 42: a caller's, a text's or an ad's instruction that hands the user's codes,
    # access or documents over, relayed in the user's voice
    *HEARSAY_PATTERNS,
    # round 28: an act kept from the user, in the passive or with a pronoun
    *WITHHELD_PATTERNS,
    # round 29: a sign-in, a call or details sent to a name-and-service-word domain; the
    # user's records pasted to a public paste site
    *STEERED_PATTERNS,
    # rounds 13-27 (recurring): an address whose slot names a secret
    *BEACONED_PATTERNS,
    # round 31: a boss's message said to let the agent pay (weighed by source)
    *SOURCED_INFERRED_PATTERNS,
    # round 31: a whole contact list handed to a partner (weighed by source)
    *ROSTERS_PATTERNS,
    # round 32: every tool granted by a policy file or claimed by a manifest; fetched
    # records stamped as the owner's approved request (weighed by source)
    *WILDCARD_PATTERNS,
    *STAMPED_PATTERNS,
    # round 39: an insecure act remembered as the fix that worked; secrets allowed into a
    # repository (weighed by source)
    *REMEMBERED_FIX_PATTERNS,
    # round 39: an identity equated by a step, then a payment asked through it
    *ALIAS_CHAIN_PATTERNS,
    # round 40: the user kept in the dark and given a cover story when they ask
    *KEPT_DARK_PATTERNS,
    # round 40: a known package's name re-pointed to a look-alike, to be installed
    *RENAMED_PACKAGE_PATTERNS,
    # round 41: a named tool that acts declared free of confirmation (weighed by source)
    *UNCONFIRMED_TOOL_PATTERNS,
    # round 43: a charge, a price rise or a forwarding rule kept from the user
    *HUSHED_COST_PATTERNS,
    # round 47: what protects the user withheld (at full on a third party's word); money
    # moved on a topic of conversation (at full)
    *WITHHELD_GUARD_PATTERNS,
]

_AGENT_WORDS = (
    "assist asistent agent ai$ ais$ llm model bot$ bots$ chatbot copilot claude gpt chatgpt gemini"
)
# (kind, a piece of the pattern's source that finds it, its own anchors, its own gates)
_GATED_PATTERNS: list[tuple[Signal, str, str, tuple[str, ...]]] = [
    (Signal.AGENT_DIRECTIVE, r"note\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?", _AGENT_WORDS, ()),
    (
        Signal.AGENT_DIRECTIVE,
        r"\s+(?:instructions?|notes?|rules?|directives?|guidance)\s*:",
        _AGENT_WORDS + " shown$ displayed$ quoted$ inserted$ repeated$ added$ included$ "
        "mentioned$ appended$ muss$ müssen$ soll$ sollen$ doit$ doivent$ deve$ devono$ debe$ deben$",
        (),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        r"(?:reminder|attention|note|memo|heads",
        _AGENT_WORDS + " self$ myself$ moi-même stess mism selbst fixée fixé puesto$ regol",
        (),
    ),
    (
        Signal.AGENT_DIRECTIVE,
        r"\s+(?:must|should|shall|will\s+always",
        _AGENT_WORDS + " want$ need$",
        (),
    ),
    (Signal.AGENT_DIRECTIVE, r"(?:\s+systems?|\s+agents?)?\b", _AGENT_WORDS, ()),
    (
        Signal.TOOL_POLICY,
        r"\b(?:approved|authori[sz]ed|allowed|permitted|cleared|granted)\s+(?:you",
        "approved authori allowed permitted cleared granted disabl turn$ turning$ bypass sudo$ "
        "root$ verify stop$ quit$ longer$ you$ standard default recommended official usual",
        ("--",),
    ),
    (
        Signal.TOOL_POLICY,
        r"\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:allowed",
        "you$ grant auto cleared authori allowed permitted approved bypass skip ignor disabl "
        "override circumvent",
        (),
    ),
    (
        Signal.TOOL_POLICY,
        r"\b(?:skip(?:s|ping)?|bypass",
        "skip bypass disabl turn$ turns$ turning$ ignor without need$ ask",
        (),
    ),
    (Signal.TOOL_POLICY, r"\bthe\s+(?:safest|best", "way$", ()),
    (
        Signal.RETRIEVAL_BAIT,
        r"(?:\b(?!",  # a keyword run sent to one provider: its route words and hosts
        "exclusively$ only$ solely$ always$ esclusivamente$ soltanto$ "
        "solo$ sempre$ rivolgersi$ siempre$ solamente$ únicamente$ exclusivement$ uniquement$ "
        "toujours$ ausschließlich$ immer$ nur$",
        (
            ".com",
            ".net",
            ".org",
            ".io",
            ".biz",
            ".info",
            ".shop",
            ".co",
            ".app",
            ".xyz",
            ".online",
            ".site",
            ".me",
            ".de",
            ".fr",
            ".it",
            ".es",
            ".eu",
            ".uk",
        ),
    ),
]
_OWN_GATES: dict[re.Pattern[str], tuple[str, ...]] = {}
for _kind, _piece, _anchors, _gates in _GATED_PATTERNS:
    (_found,) = [p for k, p in _PATTERNS if k is _kind and _piece in p.pattern]
    _OWN_ANCHORS[_found] = _anchors
    if _gates:
        _OWN_GATES[_found] = _gates

_BY_KIND: dict[Signal, list[tuple[re.Pattern[str], float, str | None]]] = {}
_KEYED: dict[str, tuple[Signal, str]] = {}  # gate key -> (kind, its own anchors)
_KEY_GATES: dict[str, tuple[str, ...]] = {}
for _n, (_signal, _pattern) in enumerate(_PATTERNS):
    _key = f"{_signal.value}#{_n}" if _pattern in _OWN_ANCHORS else None
    if _key is not None:
        _KEYED[_key] = (_signal, _OWN_ANCHORS[_pattern])
        if _pattern in _OWN_GATES:
            _KEY_GATES[_key] = _OWN_GATES[_pattern]
    _BY_KIND.setdefault(_signal, []).append(
        (_pattern, _PATTERN_WEIGHT.get(_pattern, WEIGHT[_signal]), _key)
    )
_PATTERN_KINDS = frozenset(_BY_KIND)
