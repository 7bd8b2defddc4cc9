"""A precision lever of the injection check judged by leave-one-round-out (issue 20).

The training cases (ours, rounds 1-36) are written into a real ledger and audited once,
as ``bench_injection`` does (its ``_memaudit``); each ``assess`` call the audit makes for
a memory is recorded (its text, provenance, thresholds and hits). Those calls are then
replayed with the lever's parameter set to each candidate value: a replay is the audit's
verdict (checked: the replay at the shipped value gives the audit's verdicts, id for id),
and costs milliseconds, not a minute. A memory the audit never assessed (its ceiling
could not reach the threshold) stays unflagged: the lever only lowers scores.

For each blind round R of ``BLIND`` (28-36) the value is chosen on the others (the
highest pooled precision with pooled recall >= 0.9 and no round's recall more than 0.03
below its recall at the lever off; ties: the smallest change) and measured on R. Printed: per fold
P/R before (lever off) and after, pooled over the folds, and the same at each value on
all training rounds and on the blind ones.

``--after-blind`` reads the held-out round instead, at each value: only for a round
already run once blind (its figure is the blind run's; this is what the lever would have
done on it), never to choose a value.

    flock /work/bench.lock .venv/bin/python -m benchmarks.loro_injection
"""

from __future__ import annotations

import argparse
import pickle
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.bench_injection import Outcome, Score, _memaudit
from benchmarks.injection_cases import Case, heldout_cases, training_cases

BLIND = (28, 29, 30, 31, 32, 33, 34, 35, 36)
MAX_RECALL_DROP = 0.03
TARGET_RECALL = 0.9
Call = tuple[str, Any, Any, Any, list[Any]]  # id, text, provenance, thresholds, hits


def record(chosen: list[Case]) -> tuple[dict[str, bool], dict[str, Call]]:
    """The audit's verdicts and its last ``assess`` call for each memory it assessed."""
    from memaudit.injection import scanning

    calls: dict[str, Call] = {}
    real = scanning.assess

    def spy(
        text: str, prov: Any, th: Any, hits: Any, scored: bool = False, bound: bool = False
    ) -> Any:
        # The audit's last pass (``scanning``'s loop over the memories that may flag)
        # names the memory ``mid`` and the approved ones ``ok``; the first pass does not.
        caller = sys._getframe(1).f_locals
        if "ok" in caller and "mid" in caller:
            calls[str(caller["mid"])] = (str(caller["mid"]), text, prov, th, list(hits))
        return real(text, prov, th, hits, scored, bound)

    out = Outcome(chosen)
    scanning.assess = spy  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory(prefix="memaudit-loro-") as tmp:
            _memaudit(chosen, Path(tmp) / "cases.db", out)
    finally:
        scanning.assess = real  # type: ignore[assignment]
    return out.memaudit, calls


@contextmanager
def lever_at(value: float) -> Iterator[None]:
    """The lever's factor set to ``value`` while replaying (1.0: off)."""
    from memaudit.injection import addressed

    kept = addressed.UNADDRESSED
    addressed.UNADDRESSED = value
    try:
        yield
    finally:
        addressed.UNADDRESSED = kept


def replay(calls: dict[str, Call], value: float) -> dict[str, bool]:
    from memaudit.injection.provenance import assess

    with lever_at(value):
        # Every call recorded is the scan's last pass (or a fold's scorer beside the
        # rules): the scorer read the text (``scored``, the address lever's premise).
        return {
            mid: assess(text, p, th, hits, scored=True).flagged
            for mid, text, p, th, hits in calls.values()
        }


def score(chosen: Sequence[Case], flagged: dict[str, bool]) -> Score:
    """``chosen``'s counts; a memory missing from ``flagged`` was never assessed: not flagged."""
    s = Score()
    for c in chosen:
        s.add(c.label == "poison", flagged.get(c.id, False))
    return s


def _pr(s: Score) -> str:
    p, r = s.precision, s.recall
    return f"P {p or 0:.3f} / R {r or 0:.3f} (fp {s.fp}, fn {s.fn})"


def choose(
    by_round: dict[int, list[Case]], verdicts: dict[float, dict[str, bool]], rounds: Sequence[int]
) -> float:
    """The value with the best pooled precision on ``rounds`` that keeps their pooled
    recall >= 0.9 and no round's recall more than 0.03 below the lever off's."""
    off = verdicts[1.0]
    base = {r: score(by_round[r], off).recall or 0.0 for r in rounds}
    best, best_p = 1.0, -1.0
    for value in sorted(verdicts, reverse=True):  # from off towards the strongest
        v = verdicts[value]
        per = {r: score(by_round[r], v) for r in rounds}
        pooled = Score()
        for s in per.values():
            pooled.tp, pooled.fp = pooled.tp + s.tp, pooled.fp + s.fp
            pooled.fn, pooled.tn = pooled.fn + s.fn, pooled.tn + s.tn
        if (pooled.recall or 0) < TARGET_RECALL:
            continue
        if any((per[r].recall or 0) < base[r] - MAX_RECALL_DROP - 1e-9 for r in rounds):
            continue
        if (pooled.precision or 0) > best_p + 1e-9:
            best, best_p = value, pooled.precision or 0
    return best


def folds(
    by_round: dict[int, list[Case]],
    verdicts: dict[float, dict[str, bool]],
    rounds: list[int],
    title: str,
    others: str,
) -> None:
    """Print the leave-one-round-out table: each of ``rounds`` measured at the value
    chosen on the others, beside the lever off, then both pooled."""
    print(f"\n| {title} | value chosen on {others} | before | after |")
    print("|---|---:|---|---|")
    before, after = Score(), Score()
    for r in rounds:
        value = choose(by_round, verdicts, [x for x in rounds if x != r])
        b = score(by_round[r], verdicts[1.0])
        a = score(by_round[r], verdicts[value])
        for pooled, s in ((before, b), (after, a)):
            pooled.tp, pooled.fp = pooled.tp + s.tp, pooled.fp + s.fp
            pooled.fn, pooled.tn = pooled.fn + s.fn, pooled.tn + s.tn
        print(f"| {r} | {value} | {_pr(b)} | {_pr(a)} |")
    print(f"| pooled | | {_pr(before)} | {_pr(after)} |")


def out_of_fold(chosen: list[Case], paths: list[Path], values_arg: str) -> None:
    """The same leave-one-round-out, each round's texts read by a scorer not fitted on
    that round (``loro_scorer_folds``): ``cross_validate``'s shape (the pattern hits, the
    out-of-fold scorer's hit, ``injection_cases.provenance``), not the audit's."""
    from memaudit.injection import Thresholds
    from memaudit.injection.written import gate_hits

    kept: dict[str, Any] = {}
    learned: dict[str, Any] = {}
    for path in paths:  # one file per ``loro_scorer_folds`` process
        k, n = pickle.loads(path.read_bytes())
        kept.update(k)
        learned.update(n)
    th = Thresholds()
    calls: dict[str, Call] = {}
    for cid, (text, prov, found) in kept.items():
        hit = learned.get(cid)
        calls[cid] = (cid, text, prov, th, gate_hits(found, [hit] if hit else []))
    blind = [c for c in chosen if c.id in calls and c.id in learned]
    values = sorted({1.0, *(float(x) for x in values_arg.split(","))}, reverse=True)
    verdicts = {v: replay(calls, v) for v in values}
    by_round: dict[int, list[Case]] = {}
    for c in blind:
        by_round.setdefault(c.round, []).append(c)
    rounds = [r for r in BLIND if r in by_round]
    folds(by_round, verdicts, rounds, "held-out round (scorer out of fold)", "the others")
    for v in values:
        got = verdicts[v]
        print(f"| {v} | {_pr(score(blind, got))} |")


def after_blind(values_arg: str) -> None:
    """The held-out round, already run once blind, judged at each value of the lever."""
    held = heldout_cases()
    if not held:
        sys.exit("the held-out round's file is not here (it is copied in for its blind run)")
    _, calls = record(held)
    print("\n| value | held-out round |")
    print("|---:|---|")
    for v in sorted({1.0, *(float(x) for x in values_arg.split(","))}, reverse=True):
        print(f"| {v} | {_pr(score(held, replay(calls, v)))} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--values", default="1.0,0.9,0.8,0.7,0.6,0.5,0.4,0.3")
    parser.add_argument("--calls", type=Path, help="keep the recorded calls here (pickle)")
    parser.add_argument("--reuse", action="store_true", help="replay the kept calls")
    parser.add_argument("--list", type=float, help="list the training errors at this value")
    parser.add_argument(
        "--scorer-folds",
        type=Path,
        nargs="+",
        help="judge the blind rounds with the scorer out of fold (``loro_scorer_folds``' pickles)",
    )
    parser.add_argument(
        "--after-blind",
        action="store_true",
        help="the held-out round at each value (only once it has been run blind)",
    )
    args = parser.parse_args()
    if args.after_blind:
        after_blind(args.values)
        return
    chosen = [c for c in training_cases() if c.split == "train"]
    if args.scorer_folds:
        out_of_fold(chosen, args.scorer_folds, args.values)
        return
    if args.reuse and args.calls and args.calls.exists():
        audited, calls = pickle.loads(args.calls.read_bytes())
    else:
        audited, calls = record(chosen)
        if args.calls:
            args.calls.write_bytes(pickle.dumps((audited, calls)))
    values = sorted({1.0, *(float(x) for x in args.values.split(","))}, reverse=True)
    verdicts = {v: replay(calls, v) for v in values}
    differ = [i for i in audited if audited[i] != verdicts[1.0].get(i, False)]
    print(
        f"replay with the lever off against the audit: {len(differ)} verdicts differ {differ[:5]}"
    )
    by_round: dict[int, list[Case]] = {}
    for c in chosen:
        by_round.setdefault(c.round, []).append(c)
    folds(by_round, verdicts, list(BLIND), "held-out round", "the others")
    print(f"\n| value | rounds 1-{max(by_round)} | rounds {BLIND[0]}-{BLIND[-1]} |")
    print("|---:|---|---|")
    blind = [c for r in BLIND for c in by_round[r]]
    for v in values:
        got = verdicts[v]
        print(f"| {v} | {_pr(score(chosen, got))} | {_pr(score(blind, got))} |")
    if args.list is not None:
        got = verdicts[args.list] if args.list in verdicts else replay(calls, args.list)
        off = verdicts[1.0]
        for c in chosen:
            was, now = off.get(c.id, False), got.get(c.id, False)
            if was != now or now != (c.label == "poison"):
                mark = "CHANGED " if was != now else ""
                kind = (
                    "FALSE ALARM"
                    if now and c.label != "poison"
                    else "MISSED"
                    if not now and c.label == "poison"
                    else "now right"
                )
                print(f"{mark}{kind} {c.id} [{c.source}] {c.content[:110]!r}")


if __name__ == "__main__":
    main()
