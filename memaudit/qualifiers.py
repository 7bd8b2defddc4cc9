"""Qualifier loss: the hedges a summary or inference dropped from its sources.

A documented heuristic, not language understanding. A *qualifier* is a word or
phrase that limits a claim: frequency ("usually", "sometimes"), uncertainty ("I
think", "may", "probably", "seems"), contrast ("but", "except", "unless"), scope
("for small tools", "in staging", "on weekdays"). If a source contains one and the
memory derived from it contains none of the same, the derived memory states the
claim more broadly than its evidence did — the first step of summary-of-summary
drift. Scope phrases are caught by the pattern "for/in/on/during/when + the words
after it" so that "for small tools" is reported as dropped when "small tools" is
gone.
"""

from __future__ import annotations

import re
from typing import Any

# Single words and short phrases, matched on word boundaries, case-insensitively.
HEDGES = (
    "usually",
    "often",
    "sometimes",
    "occasionally",
    "mostly",
    "generally",
    "typically",
    "rarely",
    "seldom",
    "normally",
    "in general",
    "most of the time",
    "i think",
    "i believe",
    "i guess",
    "i suspect",
    "apparently",
    "seems",
    "seem",
    "may",
    "might",
    "could",
    "possibly",
    "probably",
    "perhaps",
    "maybe",
    "likely",
    "unlikely",
    "not sure",
    "unclear",
    "allegedly",
    "reportedly",
    "but",
    "except",
    "unless",
    "although",
    "though",
    "however",
    "only",
    "partly",
    "partially",
    "somewhat",
    "for now",
    "temporarily",
    "so far",
    "at the moment",
)


def _trie(words: tuple[str, ...]) -> str:
    """One regex alternative per shared prefix ("ma(?:y(?:be)?)"...): the same matches
    as the plain alternation of ``words`` (no word is a prefix of another that ends at
    a word boundary, and longer ones are tried first), with far less backtracking."""
    tree: dict[str, Any] = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(tree)


_HEDGE_RE = re.compile(r"\b(" + _trie(HEDGES) + r")\b", re.I)
# "for small tools", "in staging", "on weekdays": a preposition and up to three words.
_SCOPE_RE = re.compile(
    r"\b(for|in|on|during|when|while|within)\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", re.I
)
_STOP = {"the", "a", "an", "this", "that", "it", "is", "are", "be"}
# A scope phrase ends where another clause begins ("on Tuesday with exit code 137").
_CLAUSE = {
    "with",
    "and",
    "or",
    "but",
    "because",
    "so",
    "which",
    "who",
    "where",
    "after",
    "before",
    "to",
    "of",
    "by",
    "from",
    "at",
    "was",
    "were",
    "has",
    "had",
}


# The same patterns for ASCII text lowered first, searched in " " + text: no
# IGNORECASE (ASCII has no letter that case-folds differently); ASCII classes, and `\s`
# spelt as the ASCII characters it matches (\x1c-\x1f included); the word boundary
# before the first word as the non-word character it follows (the space added at the
# start stands for the text's start), which the engine finds by skipping every word
# character in C. A match never ends on the character the next one starts after (it
# ends on a word character, or on the last of a run of `[\w'-]`), so the same matches
# come out, in about half the time. (tests/core/test_audit_graph.py compares them.)
_ASCII_SPACE = r"[\t\n\x0b\x0c\r\x1c-\x1f ]"
_HEDGE_LOWER = re.compile(r"\W(" + _trie(HEDGES) + r")\b", re.A)
_SCOPE_LOWER = re.compile(
    rf"\W(for|in|on|during|when|while|within){_ASCII_SPACE}+"
    rf"((?:[\w'-]+{_ASCII_SPACE}+){{0,2}}[\w'-]+)",
    re.A,
)


def qualifiers(text: str) -> list[str]:
    """The qualifiers present in ``text`` (lower case, in order, no repeats)."""
    if text.isascii():  # lowered first: every group found is lower case already
        text = " " + text.lower()
        found = _HEDGE_LOWER.findall(text)
        scopes = _SCOPE_LOWER.findall(text)
    else:
        found = [h.lower() for h in _HEDGE_RE.findall(text)]
        scopes = [(head.lower(), tail.lower()) for head, tail in _SCOPE_RE.findall(text)]
    for head, tail in scopes:
        words = []
        for w in tail.split():
            if w in _CLAUSE:
                break
            if w not in _STOP:
                words.append(w)
        if words:
            found.append(f"{head} {' '.join(words)}")
    return list(dict.fromkeys(found))


def dropped_qualifiers(derived: str, sources: list[str]) -> list[str]:
    """Qualifiers of the sources that the derived text no longer carries.

    A hedge counts as kept if the derived text has the same hedge; a scope phrase
    counts as kept if the derived text still mentions the words it scoped to.
    """
    derived_lower = derived.lower()
    kept_hedges = {m.group(1).lower() for m in _HEDGE_RE.finditer(derived)}
    dropped: list[str] = []
    for source in sources:
        for q in qualifiers(source):
            if " " in q and q.split(" ", 1)[0] in {
                "for",
                "in",
                "on",
                "during",
                "when",
                "while",
                "within",
            }:
                scope_words = q.split(" ", 1)[1]
                if scope_words not in derived_lower:
                    dropped.append(q)
            elif q not in kept_hedges:
                dropped.append(q)
    return list(dict.fromkeys(dropped))
