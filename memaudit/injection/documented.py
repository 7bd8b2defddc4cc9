"""An API's documented endpoint: an address template its reader fills in, not a beacon
(issue 20; round 37's false alarms ``exfil-url-03``, ``exfil-url-06``).

A document or a tool's output that documents an API shows its endpoint with the query's
values left as placeholders (``?q={city}&appid={API key}``, ``&state={random}``): whoever
calls the API fills them, with values of their own. The data-bearing-address pattern reads
such an address as a beacon, and an order beside it ("redirect the user to …", "keep your
key server-side") as an order to send data there. What separates it from poison is the
address's structure, in any language:

- it is a plain link, not an image (an image is fetched as it is rendered, so only the
  replying agent fills its slot: ``addressed.slotted_image``, weighed in full);
- every slot names no personal data, secret or question of the user's, nor the text the
  agent writes (``patterns.beaconed.personal_slot`` and its names: ``?notes={notes}``,
  ``?k=<token>``, ``?d={report_text_base64}`` stay beacons);
- the text arms no rule for later turns (no standing rule, no trigger): "always call
  https://…?q={city}" is an order to the reading agent whatever it fills.

Only a document's or a tool's text (``addressed.from_outside``) is read so: that is where
an API is documented. Such an address is then no destination (its hit is dropped before
``assess`` weighs the text); every other hit of the text is weighed as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memaudit.injection.addressed import slotted_image
from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.injection.patterns.beaconed import _MINE_RX, SLOT_REACH, personal_slot

# An address: ordinary characters, or a slot in braces or angle brackets whose name may
# hold blanks ("{API key}"). The alternatives open on different characters (linear).
_ADDRESS = re.compile(r"https?://(?:[^\s{}<>\"'()\[\]]|\{[^{}\n]{1,40}\}|<[^<>\n]{1,40}>){1,2000}")
# A query's value that is wholly a placeholder: {name} or <name>.
_PLACEHOLDER = re.compile(r"\{[^{}\n]{1,40}\}|<[^<>\n]{1,40}>")
CODE_NOTE = "in a code sample"  # (``engine._discount``'s note: shown, nothing else read)
# A rule armed for later turns: the text then speaks to its reading agent.
_RULES = frozenset({Signal.STANDING_RULE, Signal.CONDITIONAL_TRIGGER})


def endpoint_template(text: str, h: Hit) -> bool:
    """``h`` is a data-bearing address in a plain link whose query leaves at least one
    placeholder, none of them for the user's data or secrets (the module's docstring)."""
    # (round 45: an API reference shows its endpoint in a code span, "`GET https://…`")
    if h.signal is not Signal.DATA_URL or h.note not in ("", CODE_NOTE) or h.hidden:
        return False
    if slotted_image(text, h) or personal_slot(text, h):
        return False
    at = text.find("http", h.start, min(h.end, h.start + SLOT_REACH))
    m = _ADDRESS.match(text, at) if at >= 0 else None
    if m is None:
        return False
    before = text[max(0, at - 2) : at]
    if before == "](" or text.startswith("![", h.start) or _in_fetching_tag(text, at):
        return False  # an image's address (its placeholder: ``slotted_image``)
    # (the sentence's stop, or the code span's closing backtick)
    _, mark, query = m.group().rstrip(".,;:!?`").partition("?")
    if not mark:
        return False
    slots = [v for part in query.split("&") if _PLACEHOLDER.fullmatch(v := part.partition("=")[2])]
    # (round 26's poison: "?d={report_text_base64}", the text the agent writes, sent off)
    return bool(slots) and not any(_MINE_RX.search(_name(v)) for v in slots)


# How far back from an address its HTML tag's opening is looked for.
_TAG_REACH = 200


def _in_fetching_tag(text: str, at: int) -> bool:
    """The address at ``at`` is an attribute of an HTML tag other than a link's
    (``<img src=…>``, ``<iframe>``, ``<script>``, ``<link>``): fetched as the markup is
    rendered, so its slot is filled by whoever renders it — a beacon, not a documented
    endpoint. Only ``<a href=…>`` is a plain link."""
    lt = text.rfind("<", max(0, at - _TAG_REACH), at)
    if lt < 0 or ">" in text[lt:at]:
        return False
    words = text[lt + 1 : at].split(None, 1)
    # (a "<" that opens no tag keeps the hit too: the reading only ever spares a link)
    return not words or words[0].lower() != "a"


def _name(slot: str) -> str:
    """A placeholder's name as ``beaconed``'s names are read: "{API key}" → "api_key"."""
    return "_".join(slot[1:-1].lower().split())


def undocumented(text: str, outside: bool, found: Sequence[Hit]) -> list[Hit]:
    """``found`` without the addresses of an API's documented endpoint
    (``endpoint_template``), when the text is a document's or a tool's (``outside``) and
    arms no rule for later turns."""
    hits = list(found)
    if not outside or any(h.signal in _RULES for h in hits):
        return hits
    return [h for h in hits if not endpoint_template(text, h)]
