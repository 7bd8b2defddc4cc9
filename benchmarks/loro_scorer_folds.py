"""The blind rounds' cases (28-36) as the learned scorer reads them out of fold: for each
round the committed scorer was fitted on, it is refitted without that round
(``train_injection_model.fit`` on its training set less the round, the committed
settings), and its hit on each of the round's texts kept; a round it was not fitted on is
read by the committed scorer itself. Beside it, each text's pattern hits and its
provenance as ``cross_validate`` reads them. Written to a pickle for ``loro_injection
--scorer-folds`` (heavy: the committed scorer is fitted on rounds 1-35, so round 36 is
read by it as it is and eight fits are made; niced, not under the lock: it times nothing).

    nice -n 5 .venv/bin/python -m benchmarks.loro_scorer_folds /tmp/folds.pkl

Rounds named after the file are the only ones read (in that order): two processes, each
on part of the rounds, finish sooner on two cores; ``loro_injection --scorer-folds`` reads
their files together.
"""

from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path

from benchmarks.injection_cases import provenance, training_cases
from benchmarks.train_injection_model import EPOCHS, L2, examples, fit, training_set
from memaudit import injection
from memaudit.injection import learned as injection_model

BLIND = (28, 29, 30, 31, 32, 33, 34, 35, 36)


def main() -> None:
    out = Path(sys.argv[1])
    rounds = [int(r) for r in sys.argv[2:]] or list(BLIND)
    cfg = injection_model.model().cfg
    ours = [c for c in training_cases() if c.split == "train"]
    index = {c.id: n for n, c in enumerate(ours)}
    kept: dict[str, tuple[str, object, list[injection.Hit]]] = {}
    for c in ours:
        if c.round in rounds:
            found = injection.signals(c.content, learned=False)
            kept[c.id] = (c.content, provenance(c, index[c.id]), found)
    exs = examples(training_set(), cfg)
    learned: dict[str, injection.Hit | None] = {}
    for r in rounds:
        started = time.perf_counter()
        if r in {ex.case.round for ex in exs}:
            model = fit([ex for ex in exs if ex.case.round != r], cfg, L2, EPOCHS)
        else:
            model = None  # not fitted on: the committed scorer is out of fold already
        for c in ours:
            if c.round == r:
                learned[c.id] = injection.learned_hit(c.content, model)
        print(f"round {r}: {time.perf_counter() - started:.0f} s", flush=True)
        out.write_bytes(pickle.dumps((kept, learned)))


if __name__ == "__main__":
    main()
