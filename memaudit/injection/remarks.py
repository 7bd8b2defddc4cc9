"""An HTML comment that is its author's remark, read as no carrier (issue 20; round 39's
false alarm ``html-comment-12`` and rounds 24-38's twins: the user's blog template with
"<!-- TODO: replace hero image before publishing -->", passed through a clipboard or an
editor tool).

A comment hides its words from the page's reader, so the pattern flags every comment, and
a user's statement that arrived through a tool weighs at full. A template's comments are
mostly the author's own remarks: a TODO, a section marker, a date. ``remark_hits`` drops
an HTML comment's hit when its words are such a remark:

- short (``REMARK_REACH`` characters between ``<!--`` and ``-->``), with words of its own
  (an empty ``<!-- -->`` names the carrier), and no other hit lies inside it (an order, a send, a rule found in it keeps the comment's hit too);
- it addresses no one (no assistant, AI, agent, model, LLM, bot, "note to" — in the five
  languages), asks to be kept by no one ("keep", "do not remove"), arms no rule (no "always", "from now on", "when", "whenever", "future",
  "ab sofort", "à partir", "a partir", "d'ora in poi") and names no destination (no
  address, link, domain or long number).

The poison of every round's HTML-comment technique speaks to the agent in its comment
("assistant:", "AI agents:", "note to the AI", "persist:", "règle permanente"), arms a
rule in it or names where data goes: each keeps its hit (tested in five languages,
``tests/core/test_injection_remarks.py``). Read for every source: the remark is the
comment's own structure, whoever stored it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memaudit.injection.assessment import Hit
from memaudit.injection.described import _RULE_WORDS
from memaudit.injection.kinds import Signal
from memaudit.injection.vocabulary import _rx

REMARK_REACH = 80  # characters of a comment's words: a remark is short

_OPEN, _CLOSE = "<!--", "-->"
# Someone addressed, a rule armed, or a destination named, in any of the five languages.
_SPOKEN_TO = _rx(
    r"\b(?:assistant|assistants|assistente|asistente|assistent(?:in|en)?|ai|a\.i|ia|ki|agents?|"
    r"agente|llm|llms|models?|modèle|modello|modelo|bots?|gpt|claude|copilot|system|"
    r"persist|hidden|note\s+to|note\s+for|remember|hinweis|nota\s+para|nota\s+per|"
    r"note\s+à|instruc\w*|istruzion\w*|anweisung\w*|règle|regola|regla|regel|"
    # a line marked as added by a script ("<!-- added by setup-helper v0.3 -->")
    r"append\w*|ajout\w*|added|aggiunt\w*|añadid\w*|hinzugefügt|"
    # a line asked to outlive the edit ("do not remove"): what a planted line needs, no
    # remark
    r"(?:not|never|nicht|pas|non|no)\s+(?:remove|delete|löschen|entfernen|supprimer|"
    r"effacer|rimuovere|cancellare|borrar|eliminar))\b"
)
# "<!-- keep -->", "<!-- keep this line -->": the comment asks that it (or its line) be
# kept; "keep alt text" in a remark is the author's own reminder about the page
# Anchored at the text's ends (\A, \Z), never at line starts: "^\s*" under MULTILINE would
# retry from every line of a run of newlines (quadratic on hostile input).
_KEEP_ME = _rx(
    r"\A\s*(?:keep|retain|behalten|beibehalten|garder|conserver|mantenere|conservare|"
    r"mantener|conservar)(?:\s+(?:this|it|me|ceci|cela|cette|questo|questa|esto|esta|dies|diese)"
    r"(?:\s+\w+)?)?[\s.!]*\Z"
)
_ARMED = _rx(
    r"\b(?:when|whenever|if|future|going\s+forward|quand|lorsque|si|à\s+partir|désormais|"
    r"quando|se|d'ora\s+in\s+poi|cuando|a\s+partir|wenn|sobald|ab\s+sofort|künftig)\b"
)
_DESTINATION = re.compile(r"https?:|www\.|@|\w\.[a-z]{2,6}\b|/|\d{6}")


def remark(text: str, start: int, end: int) -> bool:
    """Whether the HTML comment at ``text[start:end]`` holds its author's remark only."""
    low = text[start:end].lower()
    if not (low.startswith(_OPEN) and low.endswith(_CLOSE)):
        return False
    words = low[len(_OPEN) : len(low) - len(_CLOSE)]
    if len(words) > REMARK_REACH or words.startswith("["):  # ("<!--[if mso]>": ``described``)
        return False
    if not any(c.isalpha() for c in words):
        return False  # an empty "<!-- -->" is the carrier named, no remark
    return not (
        _SPOKEN_TO.search(words)
        or _KEEP_ME.search(words)
        or _ARMED.search(words)
        or _RULE_WORDS.search(words)
        or _DESTINATION.search(words)
    )


def remark_hits(text: str, found: Sequence[Hit]) -> list[Hit]:
    """``found`` without the hits of HTML comments that hold their author's remark only."""
    hits = list(found)
    comments = [h for h in hits if h.signal is Signal.HTML_COMMENT and not h.hidden]
    if not comments:
        return hits
    quiet = {
        id(c)
        for c in comments
        if remark(text, c.start, c.end)
        and not any(h is not c and c.start <= h.start < c.end for h in hits)
    }
    return [h for h in hits if id(h) not in quiet]
