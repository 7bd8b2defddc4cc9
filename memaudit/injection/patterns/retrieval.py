"""Retrieval bait: text shaped to be found by a future question and repeated as its
answer — a question-and-answer record, an "example interaction", a keyword list for the
retriever, a canned answer "to reuse for similar questions". A FAQ looks the same (the shape alone weighs 0.25, soft);
the ask to reuse it is an instruction to the agent (0.45); what the answer says (a
host to visit, an account to pay) is the other signals' business."""

from __future__ import annotations

import re

from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

RETRIEVAL_PATTERNS: list[tuple[Signal, re.Pattern[str]]] = [
    (
        Signal.RETRIEVAL_BAIT,
        _rx(
            r"\b(?:reuse|re-use|recycle|repeat)\s+(?:this|that|the\s+same)\s+(?:answer|response|reply|resolution|solution)\b"
            r"|\bfor\s+(?:all\s+|any\s+)?similar\s+(?:questions|requests|queries|cases|prompts)\b"
            r"|\b(?:à|da|para|zum)\s+(?:réutiliser|riutilizzare|reutilizar|wiederverwenden)\b"
            r"|\b(?:use|give|return|apply|serve)\s+(?:this|that|the\s+following)\s+(?:answer|response|reply|resolution)\s+(?:for|to|whenever|when|each|every|any)\b"
            r"|\(wiederverwenden\)|\b(?:canned|template|stock)\s+(?:answer|response|reply)\b"
            r"|\b(?:réponse|risposta|respuesta)\s+(?:type|tipo|modelo|modello)\b|\bmusterantwort\b"
        ),
    ),
    # Each new shape its own pattern: what it needs to match stays what the prefilter
    # rules it out by (one alternation would need only what any alternative needs).
    (
        Signal.RETRIEVAL_BAIT,
        # A query and the action to take for it, a rule for the next such query:
        # "User query: '...' -> Correct action: ...".
        _rx(
            r"\b(?:query|request|prompt|question)\s*:[^\n]{3,300}?(?:->|→|=>)\s*(?:the\s+)?(?:correct|expected|verified|approved)\s+(?:action|answer|response|output|step)\s*:"
        ),
    ),
    (
        Signal.RETRIEVAL_BAIT,
        # A precedent to repeat: "apply the same approach to similar tasks".
        _rx(
            r"\b(?:apply|use|reuse|repeat)\s+(?:the\s+same|this|that)\s+(?:approach|method|fix|steps?|solution|procedure|strategy|workaround)\s+(?:to|for|on|in)\s+(?:all\s+|any\s+|every\s+)?(?:similar|future|comparable)\b"
        ),
    ),
    (
        Signal.QA_RECORD,
        _rx(
            r"\b(?:q|question|frage|pregunta|domanda)\s*:[^\n]{3,200}?"
            r"(?:\?|\s)\s*(?:a|answer|r|réponse|risposta|respuesta|antwort|resolution)\s*:"
            r"|\b(?:example|sample)\s+(?:interaction|exchange|dialog(?:ue)?|conversation)\b"
            r"|\buser\s*:[^\n]{3,200}?\bassistant\s*:"
            r"|\b(?:canonical|standard|approved|official|verified|preferred)\s+(?:answer|response|reply)\s*:"
            # A keyword list for the retriever: "Relevant to: password, login, reset, ...".
            r"|\b(?:relevant\s+to|keywords?|search\s+terms|matches|triggers?\s+on|mots-clés|parole\s+chiave|palabras\s+clave|schlagwörter|stichwörter)\s*:\s*(?:[\w-]+\s*,\s*){4,}[\w-]+"
        ),
    ),
    (
        Signal.QA_RECORD,
        # Words stuffed for the retriever, then what to do: "for python, pip, install,
        # venv, packages, wheels: always ..." (a list after a colon is a tag line).
        _rx(r"(?:\b[\w-]{2,24},[ \t]*){5,}[\w-]{2,24}[ \t]*:(?!//)"),
    ),
]
