"""Fit the injected-instruction text scorer (``memaudit/injection_model.py``) on the
training cases, and cross-validate it by round.

    python -m benchmarks.train_injection_model            # cross-validate, then write the weights
    python -m benchmarks.train_injection_model --cv-only  # cross-validate only
    python -m benchmarks.train_injection_model --check    # refit; fail if the file differs

Training data: rounds 1 to ``FITTED_THROUGH`` (now 1-44: ``injection_cases.jsonl``,
``injection_round5.jsonl`` to ``injection_round44.jsonl``) and the training half of
bastioncorpus — never the held-out round 50 nor bastioncorpus's held-out half (this script
does not read them). A round made training before a refit is not fitted on until the
refit that takes it in raises ``FITTED_THROUGH`` and writes the new weights. Each case is (text, source weight, label); the model is
``P(poison) = sigmoid(w·x + b) × source_weight`` with ``x`` the text's n-gram features,
fitted by full-batch Adam with an L2 penalty, in a fixed order from zero weights: the
same cases give byte-identical weights.

Settings are chosen by leave-one-round-out cross-validation (train on the other rounds and
bastioncorpus's training half, judge the one left out — a new round of phrasings, as the
held-out round is): the model alone, the signal patterns alone and both together.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from benchmarks.injection_cases import (
    FITTED_THROUGH,
    Case,
    bastion_cases,
    provenance,
    training_cases,
)
from memaudit import injection
from memaudit.injection import learned as injection_model
from memaudit.injection.learned import FORMAT, WEIGHTS, Config, Model, text_features

# Chosen by the cross-validation below (see ``--cv-only``); recorded in the weights file.
L2 = 1e-3
EPOCHS = 300
LEARNING_RATE = 0.05
MIN_COUNT = 1  # a feature seen in fewer training texts is left out
PRUNE = 1e-3  # weights smaller than this are not written (they change no decision)
DIGITS = 4


@dataclass(frozen=True, slots=True)
class Example:
    case: Case
    weight: float  # the source weight (the factor the check gives a soft signal)
    label: int
    feats: tuple[str, ...]


# Ordinary memories, all benign: a generated store's distinct texts (``benchmarks.generate``,
# with a seed none of the benchmarks' stores uses). The labeled cases are half poison; a
# real store is nearly all ordinary notes, and without these the scorer learns that
# "according to the docs, sessions are not thread safe" reads like an instruction.
ORDINARY_SEED = 7
ORDINARY_MEMORIES = 6_000
ORDINARY_EVERY = 3  # one distinct text in three, in sorted order
# A second generated store, for the printed false-alarm rate only (not trained on).
CHECK_SEED = 11


def ordinary_texts(seed: int, memories: int = ORDINARY_MEMORIES) -> list[str]:
    """The distinct texts of a generated store, sorted."""
    import sqlite3
    import tempfile
    from pathlib import Path

    from benchmarks.generate import GenConfig, build

    with tempfile.TemporaryDirectory(prefix="memaudit-ordinary-") as tmp:
        path = Path(tmp) / "ordinary.db"
        build(GenConfig(memories, seed=seed), path, parallel=False)
        conn = sqlite3.connect(path)
        try:
            return [r[0] for r in conn.execute("SELECT DISTINCT content FROM memories ORDER BY 1")]
        finally:
            conn.close()


def ordinary_cases() -> list[Case]:
    """Benign ordinary notes, stored as external documents (the strictest weight: their
    text alone must not read as poison)."""
    texts = ordinary_texts(ORDINARY_SEED)[::ORDINARY_EVERY]
    return [
        Case(f"ordinary-{i}", "ordinary", "benign", "en", "doc", t, 0) for i, t in enumerate(texts)
    ]


def training_set() -> list[Case]:
    """Rounds 1 to ``FITTED_THROUGH``, bastioncorpus's training half and ordinary notes:
    nothing held out."""
    out = [c for c in training_cases() if c.split == "train" and c.round <= FITTED_THROUGH]
    out += [c for c in bastion_cases() if c.split == "train"]
    out += ordinary_cases()
    return out


def ordinary_false_alarms(model: Model) -> str:
    """How often the learned hit alone would flag another generated store's texts as
    external documents (none of them is an injection)."""
    texts = ordinary_texts(CHECK_SEED)
    flagged = sum(
        1 for t in texts if (h := injection.learned_hit(t, model)) is not None and h.weight >= 0.5
    )
    return f"{flagged} of {len(texts)} ({flagged / len(texts):.1%})"


def examples(chosen: Sequence[Case], cfg: Config) -> list[Example]:
    out = []
    for n, case in enumerate(chosen):
        weight, _ = injection.source_weight(provenance(case, n))
        text = _visible(case.content)
        out.append(
            Example(
                case,
                weight,
                int(case.label == "poison"),
                tuple(f for f, _ in text_features(text, cfg)),
            )
        )
    return out


def _visible(text: str) -> str:
    """What the scorer reads: the text without invisible characters, as the check's
    other signals read it."""
    return injection.visible(text)


def fit(train: Sequence[Example], cfg: Config, l2: float = L2, epochs: int = EPOCHS) -> Model:
    counts: dict[str, int] = {}
    for ex in train:
        for f in ex.feats:
            counts[f] = counts.get(f, 0) + 1
    vocab = sorted(f for f, c in counts.items() if c >= MIN_COUNT)
    index = {f: i for i, f in enumerate(vocab)}
    rows = [[index[f] for f in ex.feats if f in index] for ex in train]
    n, dim = len(train), len(vocab)
    w = [0.0] * dim
    b = 0.0
    m, v = [0.0] * (dim + 1), [0.0] * (dim + 1)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, epochs + 1):
        grad = [0.0] * dim
        gb = 0.0
        for ex, row in zip(train, rows, strict=True):
            z = b + sum(w[j] for j in row)
            p = _sigmoid(z)
            s = ex.weight
            # d(-log likelihood)/dz for P = sigmoid(z) * s
            if ex.label:
                g = -(1.0 - p)
            else:
                g = s * p * (1.0 - p) / max(1e-12, 1.0 - p * s)
            gb += g
            for j in row:
                grad[j] += g
        for j in range(dim):
            grad[j] = grad[j] / n + l2 * w[j]
        gb /= n
        lr = LEARNING_RATE * math.sqrt(1 - beta2**step) / (1 - beta1**step)
        for j in range(dim):
            g = grad[j]
            m[j] = beta1 * m[j] + (1 - beta1) * g
            v[j] = beta2 * v[j] + (1 - beta2) * g * g
            w[j] -= lr * m[j] / (math.sqrt(v[j]) + eps)
        m[dim] = beta1 * m[dim] + (1 - beta1) * gb
        v[dim] = beta2 * v[dim] + (1 - beta2) * gb * gb
        b -= lr * m[dim] / (math.sqrt(v[dim]) + eps)
    weights = {f: round(x, DIGITS) for f, x in zip(vocab, w, strict=True) if abs(x) >= PRUNE}
    return Model(
        {
            "format": FORMAT,
            "config": asdict(cfg),
            "bias": round(b, DIGITS),
            "weights": weights,
            "meta": {
                "trained_on": f"benchmarks: injection rounds 1-{FITTED_THROUGH}, bastioncorpus's training "
                f"half, ordinary notes of a generated store (seed {ORDINARY_SEED})",
                "cases": n,
                "l2": l2,
                "epochs": epochs,
                "features": dim,
            },
        }
    )


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


# -- cross-validation -------------------------------------------------------------------


@dataclass(slots=True)
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, truth: bool, said: bool) -> None:
        self.tp += truth and said
        self.fp += said and not truth
        self.fn += truth and not said

    def line(self) -> str:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return f"P {p:.2f} R {r:.2f} F1 {f:.2f} (tp {self.tp} fp {self.fp} fn {self.fn})"


def cross_validate(
    cfg: Config,
    l2: float,
    epochs: int,
    settings: Sequence[tuple[float, float]],
    show_errors: bool = False,
    only: Sequence[int] = (),
) -> None:
    chosen = training_set()
    exs = examples(chosen, cfg)
    th = injection.Thresholds()
    patterns_of = {ex.case.id: injection.signals(ex.case.content, learned=False) for ex in exs}
    prov = {ex.case.id: provenance(ex.case, n) for n, ex in enumerate(exs)}
    rounds = sorted(
        {ex.case.round for ex in exs if ex.case.round and (not only or ex.case.round in only)}
    )
    model_alone = Counts()
    patterns = Counts()
    both = {s: Counts() for s in settings}
    by_tech: dict[str, Counts] = {}  # the first setting, per technique and per language
    by_lang: dict[str, Counts] = {}
    for r in rounds:
        train = [ex for ex in exs if ex.case.round != r]
        test = [ex for ex in exs if ex.case.round == r]
        model = fit(train, cfg, l2, epochs)
        fold = {s: Counts() for s in settings}
        for ex in test:
            truth = bool(ex.label)
            p = model.score(_visible(ex.case.content)).probability
            found = patterns_of[ex.case.id]
            model_alone.add(truth, p * ex.weight >= 0.5)
            patterns.add(
                truth, injection.assess(ex.case.content, prov[ex.case.id], th, found).flagged
            )
            for s in settings:
                hit = injection.learned_hit(ex.case.content, model, *s)
                hits = [*found, hit] if hit else found
                said = injection.assess(
                    ex.case.content, prov[ex.case.id], th, hits, scored=True
                ).flagged
                both[s].add(truth, said)
                fold[s].add(truth, said)
                if s == settings[0] and ex.case.technique != "ordinary":
                    by_tech.setdefault(ex.case.technique, Counts()).add(truth, said)
                    by_lang.setdefault(ex.case.lang, Counts()).add(truth, said)
                if show_errors and s == settings[0] and said != truth:
                    kind = "FALSE ALARM" if said else "MISSED"
                    print(
                        f"    {kind} {ex.case.id} [{ex.case.source}] p={p:.2f} "
                        f"{ex.case.content[:100]!r}"
                    )
        print(
            f"  round {r} held out: "
            + "; ".join(f"α={a} ≥{f} {fold[(a, f)].line()}" for a, f in settings)
        )
    print(f"model alone (p × source weight ≥ 0.5): {model_alone.line()}")
    print(f"patterns alone (optimistic: they were tuned on every round): {patterns.line()}")
    print(
        f"ordinary notes flagged by the last fold's learned hit alone: {ordinary_false_alarms(model)}"
    )
    for a, f in settings:
        print(f"patterns + model (α={a}, p ≥ {f}): {both[(a, f)].line()}")
    a, f = settings[0]
    print(f"patterns + model (α={a}, p ≥ {f}), each round judged by the fold that left it out:")
    for name, table in (("technique", by_tech), ("language", by_lang)):
        for key in sorted(k for k in table if table[k].tp + table[k].fn + table[k].fp):
            print(f"  {name} {key}: {table[key].line()}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cv-only", action="store_true", help="cross-validate, write nothing")
    parser.add_argument("--check", action="store_true", help="refit; exit 1 if it differs")
    parser.add_argument("--l2", type=float, default=L2)
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--chars", default="4", help="character n-gram sizes ('' for none)")
    parser.add_argument("--no-bigrams", action="store_true")
    parser.add_argument("--no-skips", action="store_true", help="no word pairs one word apart")
    parser.add_argument("--no-addresses", action="store_true", help="URLs, e-mails as words")
    parser.add_argument("--no-runs", action="store_true", help="keys, hashes, base64 as words")
    parser.add_argument(
        "--no-closed",
        action="store_true",
        help="a text's last sentence as it ends (no full stop added)",
    )
    parser.add_argument(
        "--settings",
        default=f"{injection_model.ALPHA}:{injection_model.FLOOR},0.8:0.6,0.8:0.7,0.7:0.7,0.6:0.1",
        help="α:floor pairs to cross-validate (the first one's errors with --errors)",
    )
    parser.add_argument("--errors", action="store_true", help="list the first setting's errors")
    parser.add_argument(
        "--rounds", default="", help="hold out only these rounds, one at a time (e.g. 5,6,7,8,9)"
    )
    args = parser.parse_args(argv)
    cfg = Config(
        bigrams=not args.no_bigrams,
        chars=tuple(int(x) for x in args.chars.split(",") if x),
        skips=not args.no_skips,
        addresses=not args.no_addresses,
        runs=not args.no_runs,
        closed=not args.no_closed,
    )
    if not args.check:
        # Once each (the default lists the committed setting first, maybe again after).
        settings = list(
            dict.fromkeys(
                (float(a), float(f)) for a, f in (x.split(":") for x in args.settings.split(","))
            )
        )
        only = tuple(int(x) for x in args.rounds.split(",") if x)
        cross_validate(cfg, args.l2, args.epochs, settings, args.errors, only)
        if args.cv_only:
            return 0
    model = fit(examples(training_set(), cfg), cfg, args.l2, args.epochs)
    data = {
        "format": FORMAT,
        "config": asdict(model.cfg),
        "bias": model.bias,
        "meta": model.meta,
        "weights": dict(sorted(model.weights.items())),
    }
    text = json.dumps(data, ensure_ascii=False, indent=0, separators=(",", ":")) + "\n"
    if args.check:
        same = WEIGHTS.exists() and WEIGHTS.read_text(encoding="utf-8") == text
        print("the committed weights are what training gives" if same else "weights differ")
        return 0 if same else 1
    WEIGHTS.write_text(text, encoding="utf-8")
    print(f"wrote {WEIGHTS} ({len(model.weights)} weights, {len(text.encode()):,} bytes)")
    print(
        "ordinary notes of another generated store (seed "
        f"{CHECK_SEED}) the learned hit alone flags as documents: {ordinary_false_alarms(model)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
