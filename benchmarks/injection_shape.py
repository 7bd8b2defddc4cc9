"""Where a first audit's injection analysis spends its time, by what each text turns out
to be: measured before choosing what to make cheaper (docs/injection.md "The shape of a
first run").

    python -m benchmarks.injection_shape STORE [--sample N] [--seed S]

Each distinct text of the store's active and pending memories (as the audit reads them)
is judged as a first run judges it, pattern analysis and learned scorer timed apart
(CPU), and put in one class:

- ``nothing can run``: no signal, and nothing the analysis runs could have found one —
  no pattern and no form the prefilter lets run, no decoding, comment, whole-text
  reading or hidden character turned on, the text as stored is the text read. Only
  such texts could be passed by a cheaper exact proof of "no signal" (an early exit).
- ``no signal``: no hit, though some pattern or stage ran (it needs the run to know).
- ``bare imperative``: the only hits are imperatives (never enough to flag, unless a
  page or a tool is the source of a user statement).
- ``below every floor``: hits, the scorer's included, that do not flag even from the
  most hostile provenance the audit weighs (``scanning.scan``'s ceilings).
- ``may flag``: flags from that provenance.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass

CLASSES = ("nothing can run", "no signal", "bare imperative", "below every floor", "may flag")


@dataclass
class Share:
    texts: int = 0
    chars: int = 0
    analysis: float = 0.0  # CPU seconds of ``signals(learned=False)``
    scorer: float = 0.0  # CPU seconds of ``learned_hit``


def texts_of(store: str) -> list[str]:
    """The distinct texts the audit judges (read-only; the store is not written)."""
    conn = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT content FROM memories WHERE +status IN ('active', 'pending')")
        return sorted({c if isinstance(c, str) else str(c or "") for (c,) in rows})
    finally:
        conn.close()


def nothing_can_run(text: str) -> bool:
    """Whether no pattern, form or stage of the analysis could run on ``text`` (read
    from the same gate and prefilter the analysis uses)."""
    from memaudit.injection import engine, forms, vocabulary
    from memaudit.injection.confusables import fold
    from memaudit.injection.gate import _active
    from memaudit.injection.kinds import Signal
    from memaudit.injection.patterns import _PATTERN_KINDS

    view, index, hidden = engine._view(text)
    folded, lookalikes = fold(view)
    low = folded.lower()
    if index is not None or hidden or lookalikes or len(low) != len(folded):
        return False
    on = _active(folded, low)
    if on & {Signal.ENCODED_PAYLOAD, Signal.HTML_COMMENT, "rot13", "reversed"}:
        return False
    prefilter, kind_key, needs_by_kind = engine._prefiltered()
    present = prefilter.present(low)
    runs = (
        vocabulary._IMPERATIVE,
        vocabulary._ALWAYS_POSITIVE,
        vocabulary._CLAUSE,
        vocabulary._TRIGGER,
        forms._SEND,
        forms._ROLE_TOKENS,
        forms._ROLE_HEADER,
        forms._DECODE_AND_RUN,
    )
    if any(prefilter.possible(rx, present) for rx in runs):
        return False
    for signal in on & _PATTERN_KINDS:
        if not present.mask & kind_key[signal]:
            continue
        for rx, _, key, _ in needs_by_kind[signal]:
            if (key is None or key in on) and prefilter.possible(rx, present):
                return False
    return True


def shape(texts: Iterable[str]) -> dict[str, Share]:
    from memaudit.injection.assessment import Thresholds
    from memaudit.injection.engine import learned_hit, signals
    from memaudit.injection.kinds import Signal
    from memaudit.injection.provenance import Provenance, assess
    from memaudit.model import SourceType

    hostile = [
        Provenance(SourceType.SUMMARY, None, True, frozenset({SourceType.EXTERNAL_DOCUMENT})),
        Provenance(SourceType.USER_STATEMENT, "tool:ceiling"),
    ]
    thresholds = Thresholds()
    out = {c: Share() for c in CLASSES}
    clock = time.process_time
    first = True
    for text in texts:
        if first:  # the engine's set-up is not a text's cost
            signals(text, learned=False), learned_hit(text)
            first = False
        a = clock()
        hits = signals(text, learned=False)
        b = clock()
        scored = learned_hit(text)
        c = clock()
        every = [*hits, *([scored] if scored else [])]
        if not every:
            what = "nothing can run" if nothing_can_run(text) else "no signal"
        elif all(h.signal is Signal.IMPERATIVE for h in every):
            what = "bare imperative"
        elif any(assess(text, p, thresholds, every).flagged for p in hostile):
            what = "may flag"
        else:
            what = "below every floor"
        share = out[what]
        share.texts += 1
        share.chars += len(text)
        share.analysis += b - a
        share.scorer += c - b
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store")
    ap.add_argument("--sample", type=int, default=0, help="this many texts at random (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    texts = texts_of(args.store)
    print(f"{len(texts):,} distinct texts")
    if args.sample and args.sample < len(texts):
        texts = random.Random(args.seed).sample(texts, args.sample)
        print(f"a sample of {len(texts):,} (seed {args.seed})")
    found = shape(texts)
    n = sum(s.texts for s in found.values()) or 1
    cpu = sum(s.analysis + s.scorer for s in found.values()) or 1.0
    print(
        f"{'class':<18} {'texts':>8} {'share':>6} {'chars':>6} {'analysis':>9} {'scorer':>7} {'of CPU':>7}"
    )
    for name, s in found.items():
        k = s.texts or 1
        print(
            f"{name:<18} {s.texts:>8,} {s.texts / n:>6.1%} {s.chars / k:>6.0f} "
            f"{s.analysis / k * 1e6:>7.0f}µs {s.scorer / k * 1e6:>5.0f}µs "
            f"{(s.analysis + s.scorer) / cpu:>7.1%}"
        )
    print(f"in all {cpu:.2f} s of CPU, {cpu / n * 1e6:.0f} µs a text")


if __name__ == "__main__":
    main()
