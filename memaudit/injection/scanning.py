"""Scanning a store's rows (the audit detector): each distinct text analysed once."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from memaudit.injection.assessment import Assessment, Hit, Thresholds
from memaudit.injection.engine import learned_hit, signals
from memaudit.injection.judgements import LEARNED, SIGNALS, Judgements
from memaudit.injection.kinds import WEIGHT, Signal
from memaudit.injection.provenance import (
    ASSISTANT_ROLES,
    LEARNED_MIN_SOURCE,
    LEARNED_OVER_USER,
    Provenance,
    assess,
    ref_kind,
    relay_reason,
    source_weight,
)
from memaudit.injection.remembered import Remembered
from memaudit.model import SourceType
from memaudit.suggestion import command
from memaudit.textsafety import reveal

if TYPE_CHECKING:
    from memaudit.injection.second_judge import SecondJudge

# -- scanning a store's rows (the audit detector) ----------------------------------------

SCAN_CACHE = 300_000  # distinct texts whose hits are remembered (identical texts recur)
# With a judgements file the hits of a text seen before are a lookup away: only the
# texts of the last few thousand rows are held here (each held text is held whole).
KEPT_SCAN_CACHE = 20_000


@dataclass(slots=True)
class Found:
    """A memory whose assessment reached the threshold."""

    memory_id: str
    status: str
    text: str
    assessment: Assessment

    def evidence(self) -> str:
        a = self.assessment
        return (
            f"{self.memory_id} ({a.tier}) scores {a.score:.2f}: text signals "
            f"{a.text_score:.2f} weighed by its source ({a.source_weight:.2f}: "
            f"{a.source_reason}) — " + "; ".join(a.describe(self.text))
        )

    def suggestion(self) -> str:
        mid = self.memory_id
        then = (
            command("reject", mid, reason="injected instruction")
            if self.status == "pending"
            else command("forget", mid)
        )
        return f"{command('trace', mid, flags='--up')}   then: {then}"


def _source_type(value: Any) -> SourceType:
    try:
        return SourceType(str(value))
    except ValueError:
        return SourceType.UNKNOWN


def scan(
    rows: Iterable[tuple[Any, ...]],
    thresholds: Thresholds,
    *,
    ancestors: Callable[[str], set[str]] | None = None,
    approved: Callable[[list[str]], set[str]] | None = None,
    judgements: Judgements | None = None,
    judge: SecondJudge | None = None,
) -> list[Found]:
    """Assess ``(id, source_type, source_ref, status, derived, role, content)`` rows.

    Text signals are computed once per distinct text; provenance (``ancestors``: the
    source types a memory was derived from; ``approved``: which ids a person approved)
    is looked up only for texts that could reach the threshold from the least trusted
    source, so a large clean store costs one pass of the cheap first look. The learned
    scorer runs only on rows whose source it judges (``LEARNED_MIN_SOURCE``; a derived
    row may be derived from anything, so it is scored). ``judgements``: hits kept from
    earlier runs, read before a text is judged and given the texts judged here.
    ``judge``: a second process's hits for the texts it judged (``second_judge``; the
    rows are then its ``rows()``).
    """
    text_signals: Callable[[str], list[Hit]] = _text_signals
    learned_hits: Callable[[str], list[Hit]] = _learned_hits
    if judge is not None:
        text_signals, learned_hits = judge.computing(_text_signals, _learned_hits)
    signals_of: Callable[[str], list[Hit]] = text_signals
    learned_of: Callable[[str], list[Hit]] = learned_hits
    held = SCAN_CACHE
    if judgements is not None:
        signals_of = partial(judgements.recall, SIGNALS, compute=text_signals)
        learned_of = partial(judgements.recall, LEARNED, compute=learned_hits)
        held = KEPT_SCAN_CACHE if judgements.conn is not None else SCAN_CACHE
    cache = Remembered(signals_of, held)  # text signals by text
    scored = Remembered(learned_of, held)  # the learned scorer's hit by text
    # a user's text relays another's (its pattern hits: a rule in look-alike letters relays)
    relayed_text = Remembered(lambda t: relay_reason(t, _USER, cache[t]) is not None, held)
    # Weight 1, no trace, and a claim about the user laundered into the agent's notes:
    # the most any source lets a text score. A "user statement" whose provenance
    # disagrees scores more still (``LAUNDERED``: with a URL or tool as its source
    # reference, even a bare imperative).
    ceiling = Provenance(SourceType.SUMMARY, None, True, frozenset({SourceType.EXTERNAL_DOCUMENT}))
    # (the speaker's role too: no rule that lowers a user statement's weight by what its
    # reference or its text says — ``owned``, ``saved_setting`` — may lower the bound for a
    # statement whose lineage is looked up only afterwards)
    laundered_ceiling = Provenance(SourceType.USER_STATEMENT, "tool:ceiling", role="assistant")
    bare_is_safe = thresholds.flag > WEIGHT[Signal.IMPERATIVE]
    judged: dict[tuple[Any, ...], bool] = {}  # does the scorer count for such a source
    # Whether a text may reach the threshold from the least trusted source of a shape
    # (the scorer counts, its source reference is a page or a tool, it may be laundered):
    # the same text recurs under the same shapes.
    may_flag: dict[tuple[str, bool, bool, bool], bool] = {}
    maybe = []
    # With a judgements file, most rows' texts are known to have no hits: such a row
    # cannot flag (nor, without the scorer's hit, count as relayed), and is passed by one
    # lookup (``Judgements.no_hits``) before any of the work below.
    known_clean = judgements.no_hits if judgements is not None else None
    for mid, st, ref, status, derived, role, content in rows:
        text = content if isinstance(content, str) else reveal(str(content or ""))
        counts, kind = scorer_counts(st, ref, derived, role, judged)
        if known_clean is not None and known_clean(text, counts or st == "user_statement"):
            continue  # no signal, and no scorer's hit where it is read: nothing to assess
        if not counts and st == "user_statement" and scored[text]:
            # Someone else's text relayed: scored as a document's (round 17); or the
            # scorer is sure, which counts from the user's voice too (``assess``,
            # ``LEARNED_OVER_USER``). The scorer's hit (cheaper than the relay patterns)
            # first: with no hit, nothing changes.
            counts = any(h.weight >= LEARNED_OVER_USER for h in scored[text]) or relayed_text[text]
        outside_ref = kind in ("url", "tool")  # a user statement from a page or a tool
        may_launder = st == "user_statement" and (
            outside_ref or bool(derived) or str(role or "").lower() in ASSISTANT_ROLES
        )
        shape = (text, counts, outside_ref, may_launder)
        flag = may_flag.get(shape)
        if flag is None:
            hits = _hits(text, counts, cache, scored)
            flag = bool(hits) and not (
                bare_is_safe
                and not outside_ref
                and all(h.signal is Signal.IMPERATIVE for h in hits)
            )  # a bare imperative cannot reach the threshold
            if flag:
                ceiling_of = laundered_ceiling if may_launder else ceiling
                # Not ``scored``: undamped by the address lever, a bound of any source's
                # score (the lever only lowers one).
                flag = assess(text, ceiling_of, thresholds, hits, bound=True).flagged
            if len(may_flag) >= held:
                may_flag.clear()
            may_flag[shape] = flag
        if flag:
            hits = _hits(text, counts, cache, scored)
            maybe.append((str(mid), _source_type(st), ref, status, derived, role, text, hits))
    if judgements is not None:
        judgements.flush()
    ok = approved([m[0] for m in maybe]) if approved is not None and maybe else set()
    out = []
    for mid, st, ref, status, derived, role, text, hits in maybe:
        above = (
            frozenset(_source_type(t) for t in ancestors(mid)) if ancestors is not None else None
        )
        prov = Provenance(
            st,
            str(ref) if ref is not None else None,
            bool(derived) or bool(above),
            above,
            mid in ok,
            str(role) if role is not None else None,
        )
        # ``scored``: the scorer's hit is among ``hits`` wherever the source counts it
        # (``_hits``), as the gate's: its silence is read (the address lever).
        a = assess(text, prov, thresholds, hits, scored=True)
        if a.flagged:
            out.append(Found(mid, str(status), text, a))
    return out


_USER = Provenance(SourceType.USER_STATEMENT, "session")


def _text_signals(text: str) -> list[Hit]:
    return signals(text, learned=False)


def _learned_hits(text: str) -> list[Hit]:
    found = learned_hit(text)
    return [found] if found else []


def _hits(
    text: str, counts: bool, cache: Remembered[list[Hit]], scored: Remembered[list[Hit]]
) -> list[Hit]:
    """A text's hits (remembered), with the learned scorer's if it ``counts``."""
    hits = cache[text]
    if not counts:
        return hits
    extra = scored[text]
    return hits + extra if extra else hits


def scorer_counts(
    st: Any, ref: Any, derived: Any, role: Any, memo: dict[tuple[Any, ...], bool]
) -> tuple[bool, str | None]:
    """Whether a row's source counts the learned scorer, and its source reference's kind
    (a user statement's only: only its weight depends on it). ``memo``: by the row's
    shape (the same shapes recur)."""
    kind = ref_kind(str(ref) if ref is not None else None) if st == "user_statement" else None
    key = (st, bool(derived), role, kind)
    counts = memo.get(key)
    if counts is None:
        counts = memo[key] = _most_weight(st, ref, derived, role) >= LEARNED_MIN_SOURCE
    return counts, kind


def reads_scorer(
    st: Any, ref: Any, derived: Any, role: Any, memo: dict[tuple[Any, ...], bool]
) -> bool:
    """Whether ``scan`` asks for a row's learned-scorer hit: its source counts it, or it
    is a user statement (which may relay another's text; ``second_judge``'s helper judges
    what the scan will ask)."""
    return scorer_counts(st, ref, derived, role, memo)[0] or st == "user_statement"


def _most_weight(st: Any, ref: Any, derived: Any, role: Any) -> float:
    """The most a row's source can weigh before its lineage is looked up (a derived
    memory may be derived from anything)."""
    if derived:
        return 1.0
    prov = Provenance(
        _source_type(st),
        str(ref) if ref is not None else None,
        role=str(role) if role is not None else None,
    )
    return source_weight(prov)[0]
