"""Injected instructions in memory: text signals, weighted by where the text came from.

A memory that tells the agent what to do is not a fact about the world or the user: it
is an instruction that every future session will obey. Some of those are legitimate —
"Always answer me in French" is a preference when the *user* said it — and the same
sentence is an injection when it arrived in a web page, a tool's output or the
assistant's own message, or when it claims to be the user's but its lineage or source
says otherwise. So the verdict has two factors:

- **text signals**, each a named kind with the span of text that triggered it (override
  of earlier instructions, standing rules, conditional triggers, secrecy clauses, tool
  and policy directives, exfiltration destinations, fake authority or experience,
  chat-template role tokens, HTML comments, encoded payloads that decode to text,
  hidden, bidi and Unicode tag characters — in English, French, Italian, Spanish and
  German). A signal quoted in a text that discusses attacks ("attackers write 'ignore
  previous instructions'") counts for less; so does a command inside a code sample.
- **a source weight** from the memory's provenance: source type, source reference,
  lineage (derived from an untrusted source) and approval.

``score = 1 - Π(1 - weight_i × factor_i)`` over the strongest hit of each kind, where
``factor`` is the source weight for *soft* signals (what a user may legitimately say to
their own agent: standing rules, triggers, directives, destinations) and at least
``HARD_FLOOR`` for *hard* ones (override of instructions, jailbreak personas, requests
for the system prompt, role tokens, hidden, encoded and tag-character payloads), which no
source makes benign. Thresholds come from the policy (``injection.*``).

Pure text analysis: no store, no UI. ``assess`` is what the audit detector, the write
gate and the review queue call; spans are offsets into the original text.

Where things are: ``kinds`` (the signals, their labels and weights), ``vocabulary``
and ``patterns/`` (the regex tables, one module per technique, in every language),
``forms`` (role tokens, comments, encodings, quotes, code), ``gate`` (the cheap first
look), ``prefilter`` (which patterns may match a text, derived from their regex source),
``remembered`` (the bounded per-word and per-text memo they share), ``engine`` (the text
view, decoding and the analysis: ``signals``),
``learned`` (the learned text scorer, a soft signal beside the patterns; its weights are
``learned.json``), ``assessment`` (what the analysis returns), ``provenance`` (source weight and
``assess``), ``scanning`` (a store's rows, for the audit detector) and ``judgements``
(texts' hits kept across runs, in the user's cache folder, so an audit run again judges
only the texts that changed).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memaudit.injection.assessment import Assessment, Hit, Thresholds
    from memaudit.injection.engine import learned_hit, signals, visible
    from memaudit.injection.judgements import Judgements
    from memaudit.injection.kinds import HARD, LABEL, WEIGHT, Signal
    from memaudit.injection.provenance import (
        USER_TRUSTED,
        Provenance,
        assess,
        from_memory,
        maybe_suspect,
        ref_kind,
        source_weight,
    )
    from memaudit.injection.scanning import Found, scan

# Each name loaded from its module when first asked for (PEP 562): importing a light
# module of the package (``judgements``, ``kinds``) does not load the engine's
# patterns, which take most of a second.
_WHERE = {
    "Assessment": "assessment",
    "Hit": "assessment",
    "Thresholds": "assessment",
    "learned_hit": "engine",
    "signals": "engine",
    "visible": "engine",
    "Judgements": "judgements",
    "HARD": "kinds",
    "LABEL": "kinds",
    "WEIGHT": "kinds",
    "Signal": "kinds",
    "USER_TRUSTED": "provenance",
    "Provenance": "provenance",
    "assess": "provenance",
    "from_memory": "provenance",
    "maybe_suspect": "provenance",
    "ref_kind": "provenance",
    "source_weight": "provenance",
    "Found": "scanning",
    "scan": "scanning",
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value
    return value


__all__ = [
    "HARD",
    "LABEL",
    "USER_TRUSTED",
    "WEIGHT",
    "Assessment",
    "Found",
    "Hit",
    "Judgements",
    "Provenance",
    "Signal",
    "Thresholds",
    "assess",
    "from_memory",
    "learned_hit",
    "maybe_suspect",
    "ref_kind",
    "scan",
    "signals",
    "source_weight",
    "visible",
]
