"""The analysis: what a reader sees (hidden, bidi and tag characters made visible,
offsets back to the stored text; payloads decoded from the encodings attackers use),
and the text signals with their spans, discounted where quoted, negated, in code or
in a text about attacks."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

from memaudit.injection.assessment import Hit, _cut
from memaudit.injection.bounded import beyond_bound
from memaudit.injection.confusables import fold, lookalike_domains, lookalike_hit
from memaudit.injection.declared import settle as _settle
from memaudit.injection.decoders import _decode_runs, _texty, by_numbers
from memaudit.injection.described import manual_learned
from memaudit.injection.executed import EXECUTED_WEIGHT, executed_runs
from memaudit.injection.expository import EXPOSITION_NOTE, explains_attack, expounded
from memaudit.injection.forms import (
    _ADDRESS,
    _CODE,
    _DECODE_AND_RUN,
    _HTML_COMMENT,
    _META,
    _QUOTES,
    _ROLE_HEADER,
    _ROLE_META,
    _ROLE_TOKENS,
    _SEND,
    _SHOWING,
    _SHOWN_CODE,
    _TEMPLATE_NOTE,
    _TO_DESTINATION,
    CODECS,
    EXAMPLE_NOTE,
    FIELDS_NAME,
    SPLIT_NAME,
    _named_tokens,
    _sentence_bounds,
    bidi_weight,
    called_advisory,
    comment_hit,
    hidden_order,
    in_example,
    negated_before,
    selector_bytes,
    waived_warning,
    written_rtl,
    written_with_joiners,
)
from memaudit.injection.forms import rot13 as _rot13
from memaudit.injection.gate import _ALL_KINDS, _active
from memaudit.injection.glued import GLUED
from memaudit.injection.guessed_consent import guessed_claim
from memaudit.injection.hyphens import rejoined, typographic
from memaudit.injection.kinds import (
    CODE,
    HIDDEN_BOOST,
    MAX_DECODE_DEPTH,
    MAX_TEXT,
    META,
    NAMED_NOTE,
    NO_CONTEXT,
    QUOTED,
    QUOTED_META,
    QUOTED_META_NOTE,
    WEIGHT,
    Signal,
)
from memaudit.injection.memory_line import line_for_file
from memaudit.injection.patterns import _BY_KIND, _PATTERN_KINDS, _PATTERNS
from memaudit.injection.patterns.channels import holds as channel_holds
from memaudit.injection.patterns.commented import addressed_hits
from memaudit.injection.patterns.hearsay import own_teller
from memaudit.injection.patterns.official_contact import contact_kept
from memaudit.injection.patterns.secrets import SYSTEM_PROMPT_NAMED
from memaudit.injection.prefilter import Prefilter
from memaudit.injection.prefilter_kept import prefilter as kept_prefilter
from memaudit.injection.protective import quiet_learned
from memaudit.injection.safeguards import meta_outside, quieted
from memaudit.injection.vocabulary import (
    _ALWAYS_POSITIVE,
    _BEHAVIOUR,
    _CLAUSE,
    _IMPERATIVE,
    _TRIGGER,
    _ci,
    not_a_directive,
)
from memaudit.injection.warned import WARNING_NOTE, is_warning, warned
from memaudit.textsafety import marker_name, reveal

# -- the text view: what a reader sees, with offsets back to the stored text -------------

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_FILE_STARTS = frozenset("\n'\"`“‘«")
_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")
_MARKS = frozenset("\u200e\u200f\u061c")  # LRM, RLM, ALM
_TAG_LO, _TAG_HI = 0xE0000, 0xE007F
_VARIATION = frozenset(chr(c) for c in range(0xFE00, 0xFE10))


def _invisible(ch: str) -> bool:
    if ch in _BIDI or ch in _ZERO_WIDTH:
        return True
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Cf") and ch not in "\n\t\r"


def _view(text: str) -> tuple[str, list[int] | None, list[Hit]]:
    """What a reader sees (``_unhidden``), with words broken across lines read whole."""
    return rejoined(*_unhidden(text))


def _unhidden(text: str) -> tuple[str, list[int] | None, list[Hit]]:
    """The text without invisible characters (so "ig\u200bnore" reads "ignore"), the
    offset of each view character in ``text`` (None: identical), and the hits for the
    invisible characters themselves (tag-character runs decoded)."""
    if (text.isprintable() or all(c.isprintable() or c in "\n\t\r" for c in text)) and not (
        not text.isascii() and _SELECTOR_RUN.search(text)
    ):
        return text, None, []
    hits: list[Hit] = []
    keep: list[int] = []
    i, n = 0, len(text)
    zw: list[int] = []
    bidi: list[int] = []
    other: list[int] = []
    while i < n:
        ch = text[i]
        cp = ord(ch)
        if _TAG_LO <= cp <= _TAG_HI:
            j = i
            while j < n and _TAG_LO <= ord(text[j]) <= _TAG_HI:
                j += 1
            # A subdivision flag (black flag + a few tag letters + cancel tag) is an emoji.
            is_flag = i > 0 and text[i - 1] == "\U0001f3f4" and j - i <= 7
            if not is_flag:
                decoded = "".join(
                    chr(ord(c) - _TAG_LO) for c in text[i:j] if 0x20 <= ord(c) - _TAG_LO < 0x7F
                )
                hits.append(
                    Hit(
                        Signal.TAG_CHARACTERS,
                        i,
                        j,
                        WEIGHT[Signal.TAG_CHARACTERS] if len(decoded.strip()) >= 2 else 0.4,
                        f"{j - i} tag characters decode to “{_cut(decoded, 80)}”",
                    )
                )
                hits.extend(_inner(decoded, i, j, "in tag characters"))
            i = j
            continue
        if _selector(cp):
            j = i
            while j < n and _selector(ord(text[j])):
                j += 1
            if j - i >= SELECTOR_RUN:
                hits.extend(_selector_hits(text[i:j], i, j))
                i = j
                continue
            keep.extend(range(i, j))  # an emoji's variation selector: how emoji are written
            i = j
            continue
        if _invisible(ch):
            if ch == "\u00ad" and typographic(text, i):
                i += 1
                continue
            if ch == "\ufeff" and (i == 0 or text[i - 1] in _FILE_STARTS):
                # A byte-order mark where a file's text starts (the text's, a line's, a
                # quoted first line's): how the file was saved. It splits no word.
                i += 1
                continue
            # A zero-width joiner inside an emoji sequence is how emoji are written.
            joiner = (
                ch == "\u200d"
                and 0 < i < n - 1
                and unicodedata.category(text[i - 1]) in ("So", "Sk", "Mn")
                or (ch == "\u200d" and i > 0 and text[i - 1] in _VARIATION)
                or (ch in "\u200c\u200d" and written_with_joiners(text))
            )
            if not joiner:
                (bidi if ch in _BIDI else zw if ch in _ZERO_WIDTH else other).append(i)
            i += 1
            continue
        keep.append(i)
        i += 1
    if bidi and any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        # Direction marks beside right-to-left letters are how such text is written.
        rtl = written_rtl(text)
        bidi = [k for k in bidi if text[k] not in _MARKS and k not in rtl]
    for group, weight, what in (
        (bidi, bidi_weight([text[k] for k in bidi]), "bidi control"),
        (zw, WEIGHT[Signal.HIDDEN_CHARACTERS], "zero-width"),
        (other, 0.3, "control/format"),
    ):
        if group:
            names = sorted({marker_name(text[k]) for k in group})
            hits.append(
                Hit(
                    Signal.HIDDEN_CHARACTERS,
                    group[0],
                    group[0] + 1,
                    min(0.9, weight + 0.05 * (len(group) - 1)),
                    f"{len(group)} {what} character(s): {', '.join(names[:6])}",
                )
            )
    return "".join(text[k] for k in keep), keep, hits


# Variation selectors carrying bytes after a visible character (``forms.selector_bytes``).
SELECTOR_RUN = 4
_SELECTOR_RUN = re.compile(f"[\ufe00-\ufe0f\U000e0100-\U000e01ef]{{{SELECTOR_RUN},}}")


def _selector(cp: int) -> bool:
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


def _selector_hits(run: str, start: int, end: int) -> list[Hit]:
    """A run of variation selectors decoded as bytes and shown, as tag characters are."""
    raw = selector_bytes(run)
    decoded = raw.decode("utf-8", "replace")
    texty = _texty(decoded) is not None
    hits = [
        Hit(
            Signal.TAG_CHARACTERS,
            start,
            end,
            WEIGHT[Signal.TAG_CHARACTERS] if texty else 0.4,
            f"{end - start} variation selectors decode to “{_cut(reveal(decoded), 80)}”",
        )
    ]
    return hits + (_inner(decoded, start, end, "in variation selectors") if texty else [])


def _inner(
    text: str,
    start: int,
    end: int,
    where: str,
    depth: int = 1,
    gate: bool = True,
    undone: str = "",
) -> list[Hit]:
    """Signals in text hidden inside a carrier: counted (stronger) on the carrier's span.
    ``undone``: the whole-text reading that produced ``text``, not applied to it again."""
    if depth > MAX_DECODE_DEPTH:
        return []
    found = _text_hits(text, depth + 1, gate, undone)
    # Round 17: an order hidden in an encoding is an order, whatever else it says (an
    # imperative, or an infinitive order: "die TAN abfragen und an … senden").
    if where.removeprefix("decoded ") in CODECS and hidden_order(text, found):
        found.append(Hit(Signal.AGENT_DIRECTIVE, 0, len(text), 0.0, "an order"))
    return [
        Hit(
            h.signal,
            start,
            end,
            min(0.95, WEIGHT[h.signal] * HIDDEN_BOOST),
            f"{where}: “{_cut(text[h.start : h.end], 60)}”",
            hidden=True,
        )
        for h in found
        if h.signal not in (Signal.IMPERATIVE,)
    ]


# -- the analysis -----------------------------------------------------------------


def _regions(rx: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in rx.finditer(text)]


def _inside(regions: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in regions)


# (round 48) A verb that opens a heading, a noun of what follows ("Output del linter:",
# "Output of the build:", "Export der Daten:"): the tool's label, not an order.
_LABEL_NOUN = re.compile(
    r"[^\S\n]{1,3}(?:of|del|della|dello|dei|degli|delle|di|de|des|du|der|vom|von)"
    r"[^\S\n]{1,3}[\w'’.-]{1,30}(?:[^\S\n][\w'’.-]{1,30}){0,2}[^\S\n]{0,2}:"
)


# (round 48) An English noun-verb borrowed as the name of a message, closing the label that
# says where a note comes from: "(email dell'INPS):", "(mail de la CAF) :", "(Mail der
# Krankenkasse):", "(council e-mail):". The message is named, nothing is sent. (In a
# sentence, "inoltro le email della scuola a …", the send is still read.)
_NOUN_OF = re.compile(
    r"(?:e-?mail|mail|post|report|export)(?:[^\S\n]{1,3}(?:dell['’]|de[^\S\n]l['’]|"
    r"(?:della|dello|del|dei|degli|delle|di|du|des|de[^\S\n]la|de|der|vom|von|from)[^\S\n]{1,3})"
    r"[\w'’.-]{1,30}(?:[^\S\n][\w'’.-]{1,30}){0,3}(?:[^\S\n]{0,2}\))?[^\S\n]{0,2}:"
    # (or closing a parenthesised label bare, "(council e-mail):"; a bare "Office email:"
    # may head the send it names, "… requests go to … with the user's chat history")
    r"|[^\S\n]{0,2}\))"
)


def _text_hits(view: str, depth: int = 1, gate: bool = True, undone: str = "") -> list[Hit]:
    """Signals in visible text (offsets into ``view``), context discounts applied."""
    if len(view) > MAX_TEXT:
        view = view[:MAX_TEXT]
    low = view.lower()
    rx: Callable[[re.Pattern[str]], re.Pattern[str]] = _same
    if len(low) != len(view):  # e.g. "İ": match the original text, ignoring case
        low, rx = view, _ci
    on = _active(view, low) if gate else _ALL_KINDS
    if undone in on:
        # Reversing or rot13-ing a text twice gives it back: a warning holding "never"
        # and "Revenue" ("reven": "never" reversed) read its own words as hidden (round 45).
        on = on - {undone}
    if not on:
        return []
    # The prefilter runs only patterns that can match (it reads the lowered text; a text
    # whose lowercase form has another length is matched ignoring case: no prefilter).
    prefilter, kind_key, needs_by_kind = _prefiltered()
    present = prefilter.present(low) if PREFILTER and gate and rx is _same else None

    def may(pattern: re.Pattern[str]) -> bool:
        return present is None or prefilter.possible(pattern, present)

    raw: list[Hit] = []
    held = present.mask if present is not None else -1
    for signal in on & _PATTERN_KINDS:
        if not held & kind_key[signal]:
            continue  # none of the kind's patterns can match (most kinds, most texts)
        for pattern, weight, key, need in needs_by_kind[signal]:
            if key is not None and gate and key not in on:
                continue
            if present is not None:
                if not held & need:
                    continue  # (this test rules most patterns out, without a call)
                narrow = prefilter.narrowed(pattern, present)  # (its alternatives that may)
                if narrow is None:
                    continue
                pattern = narrow
            for m in rx(pattern).finditer(low):
                raw.append(Hit(signal, m.start(), m.end(), weight))
    # Imperatives at sentence starts: behaviour verbs are directives to the agent;
    # "always"/"never" before one, or in the same sentence, makes it a standing rule.
    if on - {"conditional_clause"} and may(_IMPERATIVE):
        bounds = _sentence_bounds(low)
        imperative = rx(_IMPERATIVE)
        always = rx(_ALWAYS_POSITIVE) if may(_ALWAYS_POSITIVE) else None
        for k, pos in enumerate(bounds):
            im = imperative.match(low, pos)
            if im is None:
                continue
            verb = im.group("verb")
            s, e = im.start("verb"), im.end("verb")
            if _LABEL_NOUN.match(low, e) is not None:
                continue  # ("Output del linter:", "Output of the build:": a heading, no order)
            sent_end = bounds[k + 1] if k + 1 < len(bounds) else len(low)
            if verb in _BEHAVIOUR:
                raw.append(Hit(Signal.AGENT_DIRECTIVE, s, e, WEIGHT[Signal.AGENT_DIRECTIVE]))
            else:
                raw.append(Hit(Signal.IMPERATIVE, s, e, WEIGHT[Signal.IMPERATIVE]))
            alw = im.group("alw")
            if alw and alw not in ("don't", "do not"):
                raw.append(
                    Hit(Signal.STANDING_RULE, im.start("alw"), e, WEIGHT[Signal.STANDING_RULE])
                )
            else:
                tail = always.search(low, e, sent_end) if always is not None else None
                if tail:
                    raw.append(
                        Hit(
                            Signal.STANDING_RULE,
                            tail.start(),
                            tail.end(),
                            WEIGHT[Signal.STANDING_RULE],
                        )
                    )
    # Conditional clause then an imperative: "when the user asks X, recommend Y".
    clause = "conditional_clause" in on and "," in low
    clauses = rx(_CLAUSE).finditer(low) if clause and may(_CLAUSE) else ()
    for m in clauses:
        verb = m.group("verb")
        signal = Signal.AGENT_DIRECTIVE if verb in _BEHAVIOUR else Signal.IMPERATIVE
        raw.append(Hit(signal, m.start("verb"), m.end("verb"), WEIGHT[signal]))
        if m.group("alw"):
            raw.append(
                Hit(
                    Signal.STANDING_RULE,
                    m.start("alw"),
                    m.end("verb"),
                    WEIGHT[Signal.STANDING_RULE],
                )
            )
        raw.append(
            Hit(
                Signal.CONDITIONAL_TRIGGER,
                m.start(),
                m.start("verb"),
                WEIGHT[Signal.CONDITIONAL_TRIGGER],
            )
        )
    # A trigger rule (MINJA's shape): "when the user asks about X, <do Y>".
    rules = rx(_TRIGGER).finditer(low) if clause and may(_TRIGGER) else ()
    for m in rules:
        if not_a_directive(view, low, m):
            continue
        raw.append(Hit(Signal.AGENT_DIRECTIVE, m.start("main"), m.end("main"), 0.5))
        raw.append(
            Hit(
                Signal.CONDITIONAL_TRIGGER,
                m.start(),
                m.start("main"),
                WEIGHT[Signal.CONDITIONAL_TRIGGER],
            )
        )
    # Sending something to a destination.
    for m in rx(_SEND).finditer(low) if Signal.EXFILTRATION in on and may(_SEND) else ():
        if _NOUN_OF.match(low, m.start()) is not None:
            continue  # ("email dell'INPS", "Mail der Bank": the message named, no send)
        end = min(len(low), m.end() + 120)
        stop = _STOP.search(low, m.end(), end)
        d = rx(_TO_DESTINATION).search(low, m.end(), stop.start() if stop else end)
        if d:
            raw.append(Hit(Signal.EXFILTRATION, m.start(), d.end(), WEIGHT[Signal.EXFILTRATION]))
    # Chat-template and role tokens; a role header line ("system: ...").
    if Signal.ROLE_TOKEN in on:
        for m in rx(_ROLE_TOKENS).finditer(low) if may(_ROLE_TOKENS) else ():
            raw.append(Hit(Signal.ROLE_TOKEN, m.start(), m.end(), WEIGHT[Signal.ROLE_TOKEN]))
        for m in rx(_ROLE_HEADER).finditer(low) if ":" in low and may(_ROLE_HEADER) else ():
            raw.append(Hit(Signal.ROLE_TOKEN, m.start(), m.end() - 1, 0.45))
    # Hidden carriers: HTML comments, encoded runs. What they say counts as hidden.
    shown: list[tuple[int, int]] | None = None
    for m in _HTML_COMMENT.finditer(view) if Signal.HTML_COMMENT in on else ():
        if shown is None:
            shown = _regions(_SHOWN_CODE, view) if "`" in view else []
        if _inside(shown, m.start(), m.end()):
            continue  # displayed in a code span: its words are read as the text's own
        raw.append(comment_hit(view, m.start(), m.end()))
        # (round 27) a comment opening with an address to agents: a hidden order
        raw.extend(addressed_hits(view, m.start(), m.end()))
        if _TEMPLATE_NOTE.search(m.group(1)):
            continue  # a template's guidance to whoever fills it in
        raw.extend(_inner(m.group(1), m.start(), m.end(), "in an HTML comment", depth, gate))
    decode_and_run = Signal.DECODE_AND_RUN in on and may(_DECODE_AND_RUN)
    for m in rx(_DECODE_AND_RUN).finditer(low) if decode_and_run else ():
        raw.append(Hit(Signal.DECODE_AND_RUN, m.start(), m.end(), WEIGHT[Signal.DECODE_AND_RUN]))
    for kind, how, decoded in (
        ("rot13", "rot13", _rot13(view) if "rot13" in on else ""),
        ("reversed", "written backwards", view[::-1] if "reversed" in on else ""),
    ):
        inner = (
            _inner(decoded, 0, len(view), f"decoded {how}", depth, gate, kind) if decoded else []
        )
        # (a fact about the user read backwards is how a hint is spelt, round 21: no order)
        if any(h.signal not in (Signal.USER_FACT, Signal.USER_CLAIM) for h in inner):
            raw.append(
                Hit(
                    Signal.ENCODED_PAYLOAD,
                    0,
                    len(view),
                    WEIGHT[Signal.ENCODED_PAYLOAD],
                    f"{how} decodes to “{_cut(decoded, 80)}”",
                )
            )
            raw.extend(inner)
    runs = _decode_runs(view) if Signal.ENCODED_PAYLOAD in on else ()
    for s, e, how, decoded in runs:
        if how == SPLIT_NAME and explains_attack(view):
            continue  # (round 44) a lesson on the trick ("hyphenate words: 'in-struc-tions'")
        inner = _inner(decoded, s, e, f"decoded {how}", depth, gate)
        if how in (SPLIT_NAME, FIELDS_NAME):  # text read again: only what joining adds
            seen = {h.signal for h in raw} | {Signal.ENCODED_PAYLOAD}
            inner = [h for h in inner if h.signal not in seen]
        # (leetspeak is read by anyone: style, unless it spells a signal; round 21)
        spelled = how in (
            "spaced letters",
            "letters joined by dots or dashes",
            "leetspeak",
            GLUED,
            SPLIT_NAME,
            FIELDS_NAME,
        )
        spelled = spelled or by_numbers(decoded)  # (round 45) numbers made it text
        weight = WEIGHT[Signal.ENCODED_PAYLOAD] if not spelled or inner else 0.0
        if weight:
            raw.append(
                Hit(Signal.ENCODED_PAYLOAD, s, e, weight, f"{how} decodes to “{_cut(decoded, 80)}”")
            )
        raw.extend(inner)
    # (round 39) a decoded literal handed to an interpreter: the act is the signal
    for s, e, decoded in executed_runs(view) if Signal.ENCODED_PAYLOAD in on else ():
        said = f": “{_cut(decoded, 80)}”" if decoded else ""
        raw.append(
            Hit(Signal.ENCODED_PAYLOAD, s, e, EXECUTED_WEIGHT, f"runs a decoded literal{said}")
        )
        raw.extend(_inner(decoded, s, e, "decoded and run", depth, gate) if decoded else [])
    raw, unread = beyond_bound([h for h in raw if not _required_not_skipped(low, h)])
    raw = quieted(low, raw)  # (``unread``: past a bound, kept as found; ``bounded``)
    if all(h.signal is Signal.IMPERATIVE for h in raw):
        return raw + unread  # a bare imperative is never enough to flag: no context needed
    return _discount(view, raw) + unread


def _same(rx: re.Pattern[str]) -> re.Pattern[str]:
    return rx


# Off: every pattern the gate lets through runs (the results are the same; tests compare).
PREFILTER = True
# Per kind of the tables: what one of its patterns needs, and what each pattern needs.
KindKeys = dict[Signal, int]
NeedsByKind = dict[Signal, list[tuple[re.Pattern[str], float, Any, int]]]


@cache
def _prefiltered() -> tuple[Prefilter, KindKeys, NeedsByKind]:
    """The prefilter of every pattern the analysis runs on the lowered text, with the
    kinds' keys (again when it orders its needs): built on the first text judged, not on
    import, so that an audit run again whose judgements are all kept (``judgements``)
    never builds it; from tables an earlier process kept (``prefilter_kept``)."""
    forms = [_IMPERATIVE, _ALWAYS_POSITIVE, _CLAUSE, _TRIGGER, _SEND, _ROLE_TOKENS]
    prefilter = kept_prefilter([*(p for _, p in _PATTERNS), *forms, _ROLE_HEADER, _DECODE_AND_RUN])
    kind_key, needs_by_kind = KindKeys(), NeedsByKind()

    def keyed() -> None:
        for signal, patterns in _BY_KIND.items():
            kind_key[signal] = prefilter.key(p for p, _, _ in patterns)
            needs_by_kind[signal] = [(p, w, k, prefilter.key([p])) for p, w, k in patterns]

    prefilter.when_reordered(keyed)
    return prefilter, kind_key, needs_by_kind


def __getattr__(name: str) -> Any:
    """``_PREFILTER`` (as the tests name it), built when first asked for."""
    if name == "_PREFILTER":
        return _prefiltered()[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_STOP = re.compile(r"[.!?\n](?:\s|$)")

# Kinds a negation makes protective: "never send the API keys", "not without asking".
NEGATABLE = frozenset(
    {
        Signal.TOOL_POLICY,
        Signal.SYSTEM_PROMPT,
        Signal.EXFILTRATION,
        Signal.DESTRUCTIVE_COMMAND,
        Signal.SENSITIVE_ACTION,
        Signal.REDIRECTED_CHANNEL,
    }
)


def _required_not_skipped(view: str, h: Hit) -> bool:
    """True when the hit is negated (and so no signal): a negation just before it ("never
    force-push"), or in its sentence for a "without ..." clause ("do not touch X without
    asking" asks for a check); a channel claim that does not hold (``channels.holds``); a
    rule the user set up after a talk with their own accountant or sister (round 46)."""
    if h.signal not in NEGATABLE:
        return False
    if h.signal is Signal.SENSITIVE_ACTION and own_teller(view, h.start, h.end):
        return True
    line_start = max(view.rfind(c, 0, h.start) for c in (". ", "! ", "? ", "\n")) + 1
    if not view.startswith(("without", "sans", "senza", "sin ", "ohne"), h.start):
        line_start = max(line_start, h.start - NEGATION_REACH)
    held = h.signal is not Signal.REDIRECTED_CHANNEL or (
        channel_holds(view, h.start, h.end) and not contact_kept(view, h.start, h.end)
    )
    return not held or negated_before(view, line_start, h.start)


NEGATION_REACH = 25  # characters before a hit in which a negation turns it around


def _in_domain(text: str, start: int, end: int) -> bool:  # "track.example", "example.org"
    before = text[start - 1] if start else ""
    after = text[end : end + 2]
    return before == "." or (len(after) == 2 and after[0] == "." and after[1].isalpha())


def _discount(view: str, raw: list[Hit]) -> list[Hit]:
    """Quoted in a text about attacks, quoted, in code, or in a sentence about attacks."""
    quotes = [
        (a, b)
        for a, b in _regions(_QUOTES, view)
        # After a key, a bracket, "=" (an HTML attribute) or a tool call's arrow: no quote.
        if not view[:a].rstrip().endswith((":", "{", "[", ",", "=", "->", "→"))
        and not line_for_file(view, a)  # the line a write to the agent's file names
    ]
    code = _regions(_CODE, view)
    addresses = _regions(_ADDRESS, view)  # "example.com" is no example
    about_tokens = [m.start() for m in _ROLE_META.finditer(view.lower())]
    low = view.lower()
    meta = [
        m.start()
        for m in _META.finditer(low)
        if not _inside(addresses, m.start(), m.end())
        and not _in_domain(view, m.start(), m.end())
        and not waived_warning(low, m.start())
        and not called_advisory(low, m.start())
    ]
    named = _named_tokens(view, raw)
    out = []
    for h in raw:
        if (h.start, h.end) in named:
            # "[INST] and [/INST]": tokens named side by side are mentioned, not used.
            out.append(Hit(h.signal, h.start, h.end, h.weight * QUOTED_META, NAMED_NOTE, h.hidden))
            continue
        if h.signal in NO_CONTEXT or h.hidden:
            if _shown_as_example(view, h, meta):
                h = Hit(
                    h.signal,
                    h.start,
                    h.end,
                    h.weight * QUOTED_META,
                    "; ".join(filter(None, (h.note, EXAMPLE_NOTE))),
                    h.hidden,
                )
            out.append(h)
            continue
        about_format = h.signal is Signal.ROLE_TOKEN or (
            # The system prompt named with no request, in a text about chat formats.
            h.signal is Signal.SYSTEM_PROMPT
            and SYSTEM_PROMPT_NAMED.fullmatch(view[h.start : h.end].lower()) is not None
        )
        near_meta = any(abs(p - h.start) <= 300 for p in meta_outside(low, h, meta)) or (
            about_format and any(abs(p - h.start) <= 200 for p in about_tokens)
        )
        quoted = _inside(quotes, h.start, h.end)
        in_code = _inside(code, h.start, h.end)
        factor, why = 1.0, ""
        if (quoted or in_code) and near_meta:
            factor, why = QUOTED_META, QUOTED_META_NOTE
        elif in_code:
            factor, why = CODE, "in a code sample"
        elif quoted:
            factor, why = QUOTED, "quoted"
        elif near_meta and in_example(view, h.start):
            factor, why = QUOTED_META, EXAMPLE_NOTE
        elif near_meta:
            factor, why = META, "in a text about attacks or examples"
        if factor < 1.0:
            h = Hit(h.signal, h.start, h.end, h.weight * factor, why, h.hidden)
        out.append(h)
    return out


EXAMPLE_REACH = 40  # characters before a visible carrier where "such as", "e.g." show it


def _shown_as_example(view: str, h: Hit, meta: list[int]) -> bool:
    """A visible carrier (an HTML comment, an encoded run: not invisible characters,
    which never reach here) shown as the example of a text about attacks: "hidden
    comments such as <!-- ... --> are a known way to plant instructions"."""
    if not meta or h.end - h.start >= len(view) - 1:  # a whole-text reading (rot13, ...)
        return False
    return bool(_SHOWING.search(view, max(0, h.start - EXAMPLE_REACH), h.start))


def signals(text: str, *, gate: bool = True, learned: bool = True) -> list[Hit]:
    """Every signal in ``text`` (spans: offsets into it). ``gate=False``: every pattern on
    every text (what the prefilter must never change); ``learned=False``: no scorer's hit."""
    view, index, hidden = _view(text)
    folded, lookalikes = fold(view)
    hits = _text_hits(folded, gate=gate)
    hits += guessed_claim(folded, hits)  # (round 47: a model's guess of the user's consent)
    if lookalikes and any(h.signal is not Signal.IMPERATIVE for h in hits):
        hits += lookalike_hit(folded, lookalikes)  # a disguise, if it spells a signal
    hits += lookalike_domains(view) if lookalikes else []  # a brand in other letters
    if learned:
        hits = [*hits, *_learned(folded)]
    found = sorted(hidden + _back(text, index, hits), key=lambda h: (h.start, h.end))
    found = expounded(text, _settle(text, found))  # (round 33: a text explaining an attack)
    found = warned(text, found)  # (round 44: an institution's warning to its customers)
    return manual_learned(text, found)  # (round 47: a manual saying what a command does)


def visible(text: str) -> str:
    """The text as the patterns and the scorer read it: no invisible characters, look-alikes folded."""
    return fold(_view(text)[0])[0]


def learned_hit(
    text: str, scorer: Any = None, alpha: float | None = None, floor: float | None = None
) -> Hit | None:
    """The learned scorer's hit alone (its span as offsets into ``text``), or None.
    ``scorer``, ``alpha``, ``floor``: another model and settings (the training script's
    cross-validation); by default the committed ones."""
    view, index, _ = _view(text)
    view = fold(view)[0]
    found = _back(text, index, _learned(view, scorer, alpha, floor))
    return found[0] if found else None


def _learned(
    view: str, scorer: Any = None, alpha: float | None = None, floor: float | None = None
) -> list[Hit]:
    """The learned scorer on the visible text, as a soft signal: it weighs ``ALPHA ×
    probability`` (then the source weight applies, as to every soft signal), less in a
    text about attacks or examples (the patterns' context rules); its span is the
    sentence that weighs most, its note the probability and the words that weigh most.
    Nothing below ``FLOOR``."""
    from memaudit.injection import learned

    runs = learned.without_runs(view)
    if not learned.enough_words(view, runs):
        return []
    m = scorer or learned.model()
    least = learned.FLOOR if floor is None else floor
    if learned.PREFILTER and not m.may_reach(view, least, runs):
        return []  # proven below the floor without the full score
    found = m.score(view)
    if found.probability < least:
        return []
    note = f"p {found.probability:.2f}"
    if found.top:
        note += ": " + ", ".join(reveal(t) for t in found.top)
    a = learned.ALPHA if alpha is None else alpha
    hit = Hit(Signal.LEARNED, found.start, found.end, min(0.99, a * found.probability))
    (seen,) = _discount(view, [hit])
    if seen.weight == hit.weight and (why := quiet_learned(view.lower(), found.end)):
        # "The assistant is cautious and ...": a self-model's traits, not an order; a
        # tool's use narrowed (round 26), none either.
        seen = Hit(Signal.LEARNED, seen.start, seen.end, seen.weight * META, why)
    elif seen.weight == hit.weight and explains_attack(view):
        # (issue 20) a news item or a lesson about an attack, read whole: a mention
        seen = Hit(Signal.LEARNED, seen.start, seen.end, seen.weight * META, EXPOSITION_NOTE)
    elif seen.weight == hit.weight and is_warning(view.lower()):
        # (round 44) an institution's warning to its customers, read whole: a mention
        seen = Hit(Signal.LEARNED, seen.start, seen.end, seen.weight * META, WARNING_NOTE)
    if seen.note:  # discounted: say why beside what the scorer saw
        note += f" ({seen.note})"
    return [Hit(Signal.LEARNED, seen.start, seen.end, seen.weight, note)]


def _back(text: str, index: list[int] | None, hits: list[Hit]) -> list[Hit]:
    """Hits on the visible view, their spans mapped back to offsets into ``text``."""
    if index is None or not hits:
        return hits
    n = len(index)

    def back(k: int, end: bool) -> int:
        if end:
            return index[k - 1] + 1 if 0 < k <= n else (index[-1] + 1 if n else 0)
        return index[k] if k < n else len(text)

    return [
        Hit(h.signal, back(h.start, False), back(h.end, True), h.weight, h.note, h.hidden)
        for h in hits
    ]
