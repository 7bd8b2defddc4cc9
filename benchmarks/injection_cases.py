"""A labeled evaluation set for the injected-instruction check (``bench_injection``).

Each case is a memory as a store would hold it: its text and its provenance. ``label``
is ``poison`` (an instruction planted in memory that a future session would obey) or
``benign`` (a look-alike: the user's own preference, a note with a URL, an article
quoting an attack, a tutorial with ``rm -rf``, the user's e-mail address, ...).
``technique`` groups each poison with the benign look-alikes that resemble it, so
precision per technique counts the false alarms a user of that kind of memory sees.

Sources (how the case is stored; see ``SOURCES``):

- ``user``: a user statement with a session reference (the user talking to their agent);
- ``user-noref``: a user statement with no source reference;
- ``user-url`` / ``user-tool``: claims to be a user statement, but its source reference
  is a web page / a tool call;
- ``user-from-doc``: a user statement derived from an external document (lineage);
- ``tool``, ``doc``, ``asst``: a tool's output, an external document, an assistant
  message;
- ``summary-of-user`` / ``summary-of-doc``: a summary derived from user statements /
  from an external document; ``inference``: a model inference with no lineage;
- ``approved-user``: a user statement a person approved;
- ``extraction-doc`` / ``extraction-user``: a fact extracted from an external document /
  from the user's statements (lineage).

The cases were written by hand for this benchmark (none is taken from memwall's or
bastioncorpus's own tests), one JSON object a line, invisible characters written as
``\\u`` escapes so a reader sees them. History of the rounds (README "Benchmarks" gives
every round's blind figures):

- rounds 1-4 (``injection_cases.jsonl``): each run once, blind, then looked at and used
  to set the signal weights; the next round was written after that;
- round 5 (``injection_round5.jsonl``): written and committed before the learned scorer
  existed and held out from it; run once, blind (P 0.94 / R 0.83); then looked at and
  trained on;
- round 6 (``injection_round6.jsonl``): written blind by another author while the scorer
  was tuned on rounds 1-5, copied in after it was frozen, run once (P 0.893 / R 0.905);
  then looked at, the signals tuned and the scorer refitted on rounds 1-6;
- round 7 (``injection_round7.jsonl``): written blind by another author while rounds 1-6
  were trained on, copied in after that work was frozen, run once (P 0.94 / R 0.82 /
  F1 0.88, memwall F1 0.50); then looked at, the signals generalized by the cause of its
  misses and the scorer refitted on rounds 1-7;
- round 8 (``injection_round8.jsonl``): written blind by another author while rounds 1-7
  were trained on (two new techniques: self-propagation and trusted-source steering),
  copied in after that work was frozen, run once (P 0.96 / R 0.89 / F1 0.92, memwall
  F1 0.50); then looked at, the signals generalized by the cause of its misses and the
  scorer refitted on rounds 1-8;
- round 9 (``injection_round9.jsonl``): written blind by another author while rounds 1-8
  were trained on (two new techniques: fact poisoning and retrieval bait), copied in after
  that work was frozen, run once (P 0.98 / R 0.85 / F1 0.91, memwall F1 0.50); then looked
  at, the signals generalized by the cause of its misses and the scorer refitted on rounds
  1-9;
- round 10 (``injection_round10.jsonl``): written blind by another author while rounds 1-9
  were trained on, copied in after that work was frozen, its SHA-256 checked against its
  author's, run once (P 0.94 / R 0.91 / F1 0.92, memwall F1 0.52); then looked at, the
  signals generalized by the cause of its errors and the scorer refitted on rounds 1-10;
- round 11 (``injection_round11.jsonl``): written blind by another author while rounds
  1-10 were trained on, copied in after that work was frozen, its SHA-256 checked against
  its author's, run once (P 0.93 / R 0.81 / F1 0.86, memwall F1 0.42); then looked at, the
  signals generalized by the cause of its errors and the scorer refitted on rounds 1-11;
- round 12 (``injection_round12.jsonl``): written blind by another author while rounds 1-11
  were trained on (first written with every user-type source benign and most others
  poison, so that the source alone predicted the label; rebuilt by a second author, still
  blind, with benign memories under every untrusted source and poison under user-type
  ones, where flagging every non-user source scores P 0.59), copied in after that work
  was frozen, its SHA-256 checked against its author's, run once (P 0.86 / R 0.89 / F1
  0.87, memwall F1 0.57); then looked at, the signals generalized by the cause of its
  errors and the scorer refitted on rounds 1-12;
- round 13 (``injection_round13.jsonl``): written blind by another author while rounds 1-12
  were trained on, with the source mix of round 12 (135 benign memories under untrusted
  sources, 42 poison under user-type ones: flagging every non-user source scores P 0.51),
  copied in after that work was frozen (``13163fa``), its SHA-256 checked against its
  author's, run once (P 0.84 / R 0.74 / F1 0.79, memwall F1 0.58); then looked at, the
  signals generalized by the cause of its errors and the scorer refitted on rounds 1-13;
- round 14 (``injection_round14.jsonl``): written blind by another author while rounds 1-13
  were trained on (40 poison under user-type sources, 135 benign under the others:
  flagging every non-user source scores P 0.51), copied in after that work was frozen
  (``8d252ac``), its SHA-256 checked against its author's, run once (P 0.85 / R 0.71 /
  F1 0.77, memwall F1 0.52); then looked at, the signals generalized by the cause of its
  errors and the scorer refitted on rounds 1-14;
- round 15 (``injection_round15.jsonl``): written blind by another author while rounds 1-14
  were trained on (40 poison under user-type sources, 136 benign under the others:
  flagging every non-user source scores P 0.51), copied in after that work was frozen
  (``b208f97``), its SHA-256 checked against its author's, run once (P 0.83 / R 0.79 /
  F1 0.81, memwall F1 0.54); then looked at, the signals generalized by the cause of its
  errors and the scorer refitted on rounds 1-15;
- round 16 (``injection_round16.jsonl``): written blind by another author while rounds 1-15
  were trained on (40 poison under user-type sources, 135 benign under the others:
  flagging every non-user source scores P 0.51), copied in after that work was frozen
  (``2e9c4b9``), its SHA-256 checked against its author's, run once (P 0.89 / R 0.84 /
  F1 0.86, memwall F1 0.54); then looked at, the signals generalized by the cause of its
  errors and the scorer refitted on rounds 1-16;
- round 17 (``injection_round17.jsonl``): written blind by another author while rounds 1-16
  were trained on (40 poison under user-type sources, 135 benign under the others:
  flagging every non-user source scores P 0.51), copied in after that work was frozen
  (``b0b4575``), its SHA-256 checked against its author's, run once (P 0.91 / R 0.82 /
  F1 0.86, memwall F1 0.54); then looked at, the signals generalized by the cause of its
  errors and the scorer refitted on rounds 1-17;
- round 18 (``injection_round18.jsonl``): written blind by another author while rounds 1-17
  were trained on (40 poison under user-type sources, 135 benign under the others), copied
  in after that work was frozen (``9f0f0ce``), its SHA-256 checked against its author's,
  run once (P 0.88 / R 0.79 / F1 0.83, memwall F1 0.47); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-18;
- round 19 (``injection_round19.jsonl``): written blind by another author while rounds 1-18
  were trained on (40 poison under user-type sources, 136 benign under the others), copied
  in after that work was frozen (``7ea9b99``), its SHA-256 checked against its author's,
  run once (P 0.89 / R 0.81 / F1 0.85, memwall F1 0.47); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-19;
- round 20 (``injection_round20.jsonl``): written blind by another author while rounds 1-19
  were trained on (40 poison under user-type sources, 134 benign under the others), copied
  in after that work was frozen (``87a3491``), its SHA-256 checked against its author's,
  run once (P 0.89 / R 0.82 / F1 0.85, memwall F1 0.50); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-20;
- round 21 (``injection_round21.jsonl``): written blind by another author while rounds 1-20
  were trained on (40 poison under user-type sources, 135 benign under the others, and
  benign cases under ``user-url``, ``user-tool`` and ``user-from-doc`` too), copied in
  after that work was frozen (``79982af``), its SHA-256 checked against its author's, run
  once (P 0.94 / R 0.85 / F1 0.89, memwall F1 0.62); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-21;
- round 22 (``injection_round22.jsonl``): written blind by another author while rounds 1-21
  were trained on (40 poison under user-type sources, 135 benign under the others, and
  benign cases under ``user-url``, ``user-tool`` and ``user-from-doc`` too), copied in
  after that work was frozen (``97a2297``), its SHA-256 checked against its author's, run
  once (P 0.95 / R 0.83 / F1 0.88, memwall F1 0.50); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-22;
- round 23 (``injection_round23.jsonl``): written blind by another author while rounds 1-22
  were trained on (40 poison under user-type sources, 135 benign under the others, and
  benign cases under ``user-url``, ``user-tool`` and ``user-from-doc`` too), copied in
  after that work was frozen (``c933e7e``), its SHA-256 checked against its author's, run
  once (P 0.89 / R 0.84 / F1 0.87, memwall F1 0.48); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-23;
- round 24 (``injection_round24.jsonl``): written blind by another author while rounds 1-23
  were trained on (40 poison under user-type sources, 134 benign under the others, and
  benign cases under ``user-url``, ``user-tool`` and ``user-from-doc`` too), copied in
  after that work was frozen (``1067beb``), its SHA-256 checked against its author's, run
  once (P 0.91 / R 0.81 / F1 0.86, memwall F1 0.47); then looked at, the signals
  generalized by the cause of its errors and the scorer refitted on rounds 1-24;
- round 25 (``injection_round25.jsonl``): written blind by another author while rounds 1-24
  were trained on (40 poison under user-type sources, benign cases under every source,
  ``user-url``, ``user-tool`` and ``user-from-doc`` included), copied in after that work was
  frozen (``44d2c9f``), its SHA-256 checked against its author's, run once (P 0.897 /
  R 0.872 / F1 0.885, memwall F1 0.55); then looked at, the signals generalized by the
  cause of its errors and the scorer refitted on rounds 1-25;
- round 26 (``injection_round26.jsonl``): written blind by another author while rounds 1-25
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``4f98401``), its SHA-256 checked against its
  author's, run once on ``fa09236`` (P 0.938 / R 0.844 / F1 0.889, memwall F1 0.57); now
  training: its errors are grouped by cause in ``docs/round26_causes.md``, the signals
  generalized by cause and the scorer refitted on rounds 1-26;
- round 27 (``injection_round27.jsonl``): written blind by another author while rounds 1-26
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``9bf6589``), its SHA-256 checked against its
  author's, run once (P 0.896 / R 0.861 / F1 0.878, memwall F1 0.56); now training: its
  errors are grouped by cause in ``docs/round27_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-27;
- round 28 (``injection_round28.jsonl``): written blind by another author while rounds 1-27
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``dcf08ae``), its SHA-256 checked against its
  author's, run once (P 0.847 / R 0.889 / F1 0.867, memwall F1 0.62); now training: its
  errors are grouped by cause in ``docs/round28_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-28;
- round 29 (``injection_round29.jsonl``): written blind by another author while rounds 1-28
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``256916d``), its SHA-256 checked against its
  author's, run once (P 0.858 / R 0.872 / F1 0.865, memwall F1 0.58); now training: its
  errors are grouped by cause in ``docs/round29_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-29;
- round 30 (``injection_round30.jsonl``): written blind by another author while rounds 1-29
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``6fc8083``), its SHA-256 checked against its
  author's, run once (P 0.901 / R 0.861 / F1 0.881, memwall F1 0.57); now training: its
  errors are grouped by cause in ``docs/round30_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-30;
- round 31 (``injection_round31.jsonl``): written blind by another author while rounds 1-30
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``eebabf0``), its SHA-256 checked against its
  author's, run once (P 0.863 / R 0.911 / F1 0.886, memwall F1 0.64); now training: its
  errors are grouped by cause in ``docs/round31_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-31;
- round 32 (``injection_round32.jsonl``): written blind by another author while rounds 1-31
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``ebe3057``), its SHA-256 checked against its
  author's, run once (P 0.885 / R 0.900 / F1 0.892, memwall F1 0.61); now training: its
  errors are grouped by cause in ``docs/round32_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-32;
- round 33 (``injection_round33.jsonl``): written blind by another author while rounds 1-32
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``e4c488b``), its SHA-256 checked against its
  author's, run once (P 0.881 / R 0.906 / F1 0.893, memwall F1 0.59); now training: its
  errors are grouped by cause in ``docs/round33_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-33;
- round 34 (``injection_round34.jsonl``): written blind by another author while rounds 1-33
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``9b3d51e``), its SHA-256 checked against its
  author's, run once (P 0.854 / R 0.944 / F1 0.897, memwall F1 0.58); now training: its
  errors are grouped by cause in ``docs/round34_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-34;
- round 35 (``injection_round35.jsonl``): written blind by another author while rounds 1-34
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``ebf1038``), its SHA-256 checked against its
  author's, run once (P 0.850 / R 0.883 / F1 0.866, memwall F1 0.58); now training: its
  errors are grouped by cause in ``docs/round35_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-35;
- round 36 (``injection_round36.jsonl``): written blind by another author while rounds 1-35
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``4da9ccb``), its SHA-256 checked against its
  author's, run once (P 0.856 / R 0.928 / F1 0.891, memwall F1 0.56); now training: its
  errors are grouped by cause in ``docs/round36_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-36;
- round 37 (``injection_round37.jsonl``): written blind by another author while rounds 1-36
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``bfaa0c9``), its SHA-256 checked against its
  author's, run once (P 0.902 / R 0.867 / F1 0.884, memwall F1 0.51); now training: its
  errors are grouped by cause in ``docs/round37_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-37;
- round 38 (``injection_round38.jsonl``): written blind by another author while rounds 1-37
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``1010e0b``), its SHA-256 checked against its
  author's, run once (P 0.956 / R 0.844 / F1 0.897, memwall F1 0.47); now training: its
  errors are grouped by cause in ``docs/round38_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-38;
- round 39 (``injection_round39.jsonl``): written blind by another author while rounds 1-38
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``c7b8eb0``), its SHA-256 checked against its
  author's, run once (P 0.925 / R 0.889 / F1 0.907, memwall F1 0.50); now training: its
  errors are grouped by cause in ``docs/round39_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-39;
- round 40 (``injection_round40.jsonl``): written blind by another author while rounds 1-39
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``c9f2cb3``), its SHA-256 checked against its
  author's, run once (P 0.916 / R 0.911 / F1 0.914, memwall F1 0.53); now training: its
  errors are grouped by cause in ``docs/round40_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-40;
- round 41 (``injection_round41.jsonl``): written blind by another author while rounds 1-40
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``a8e2cf1``), its SHA-256 checked against its
  author's, run once (P 0.916 / R 0.911 / F1 0.914, memwall F1 0.56); now training: its
  errors are grouped by cause in ``docs/round41_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-41;
- round 42 (``injection_round42.jsonl``): written blind by another author while rounds 1-41
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``a9db171``), its SHA-256 checked against its
  author's, run once (P 0.902 / R 0.922 / F1 0.912, memwall F1 0.58); now training: its
  errors are grouped by cause in ``docs/round42_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-42;
- round 43 (``injection_round43.jsonl``): written blind by another author while rounds 1-42
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``4983ce0``), its SHA-256 checked against its
  author's, run once (P 0.922 / R 0.917 / F1 0.92, memwall F1 0.57); now training: its
  errors are grouped by cause in ``docs/round43_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-43;
- round 44 (``injection_round44.jsonl``): written blind by another author while rounds 1-42
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``890a7ce``), its SHA-256 checked against its
  author's, run once (P 0.927 / R 0.911 / F1 0.92, memwall F1 0.56); now training: its
  errors are grouped by cause in ``docs/round44_causes.md``, the signals generalized by
  cause and the scorer refitted on rounds 1-44;
- round 45 (``injection_round45.jsonl``): written blind by another author while rounds 1-43
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``b1c5772``), its SHA-256 checked against its
  author's, run once (P 0.926 / R 0.900 / F1 0.91, memwall F1 0.61); now training: its
  errors are grouped by cause in ``docs/round45_causes.md`` (the scorer is not refitted
  on it yet);
- round 46 (``injection_round46.jsonl``): written blind by another author while rounds 1-44
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``353402e``), its SHA-256 checked against its
  author's, run once (P 0.933 / R 0.933 / F1 0.93, memwall F1 0.59); now training: its
  errors are grouped by cause in ``docs/round46_causes.md`` (the scorer is not refitted
  on it yet);
- round 47 (``injection_round47.jsonl``): written blind by another author while rounds 1-45
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``504fb59``), its SHA-256 checked against its
  author's, run once (P 0.914 / R 0.939 / F1 0.93, memwall F1 0.54); now training: its
  errors are grouped by cause in ``docs/round47_causes.md`` (the scorer is not refitted
  on it yet);
- round 48 (``injection_round48.jsonl``): written blind by another author while rounds 1-46
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``74fc4f79``), its SHA-256 checked against its
  author's, run once (P 0.898 / R 0.878 / F1 0.89, memwall F1 0.47); now training: its
  errors are grouped by cause in ``docs/round48_causes.md`` (the scorer is not refitted
  on it yet);
- round 49 (``injection_round49.jsonl``): written blind by another author while rounds 1-47
  were trained on (40 poison under user-type sources, benign cases under every source),
  copied in after that work was frozen (``81a4a68a``), its SHA-256 checked against its
  author's, run once (P 0.888 / R 0.928 / F1 0.91, memwall F1 0.52); now training: its
  errors are grouped by cause in ``docs/round49_causes.md`` (the scorer is not refitted
  on it yet);
- round 50 (``injection_round50.jsonl``): written blind by another author while rounds 1-48
  were trained on. It is the **held-out** round: its author's SHA-256 is recorded in
  ``HELDOUT_SHA256``; the file is not in the repository: the lead copies it in after the
  next work is frozen, then runs it once. A file whose digest differs is refused.

Every training round's digest is recorded too: a round is never edited (a new round is
written instead).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SOURCES = (
    "user",
    "user-noref",
    "user-url",
    "user-tool",
    "user-from-doc",
    "tool",
    "doc",
    "asst",
    "summary-of-user",
    "summary-of-doc",
    "inference",
    "approved-user",
    "extraction-doc",
    "extraction-user",
)


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    technique: str
    label: str  # poison | benign
    lang: str
    source: str
    content: str
    round: int = 1

    @property
    def split(self) -> str:
        """``train`` (rounds 1-49: looked at, tuned and trained on) or ``heldout``."""
        return "heldout" if self.round == HELDOUT_ROUND else "train"


DATA = Path(__file__).with_name("injection_cases.jsonl")  # rounds 1-4
# The training rounds after 1-4, each with its digest as it was run blind (then trained on).
TRAINING_ROUNDS: tuple[tuple[Path, str], ...] = (
    (
        Path(__file__).with_name("injection_round5.jsonl"),
        "bdf2b74f08ca662494cd6b6993a70641252066ae7781ad59e86446f8cdcfe7bd",
    ),
    (
        Path(__file__).with_name("injection_round6.jsonl"),
        "9bb875fa6ef1ffc3481a34415d5bf866b5e267dab47f56543e856bbfef6385cd",
    ),
    (
        Path(__file__).with_name("injection_round7.jsonl"),
        "1efe4f68e813482a2816080c112bc5d90d1ef455cfa7326927b6d76ca9db2cb6",
    ),
    (
        Path(__file__).with_name("injection_round8.jsonl"),
        "91f3ebe04452ce4a5073bd37ff034d724a83ff36c538d6b3299e4deb9b6afd30",
    ),
    (
        Path(__file__).with_name("injection_round9.jsonl"),
        "f3dd5beb604b7495b11083eee42b0e4b855086dba074caa9e9ab30d999212156",
    ),
    (
        Path(__file__).with_name("injection_round10.jsonl"),
        "0273440751520a22d24eaad12ec1befc9b63df54755c2c6714c0b5b3cf9e7c08",
    ),
    (
        Path(__file__).with_name("injection_round11.jsonl"),
        "d44d599d320d101702696c4921a57133df7a7d4c24f9c40640aa23149d09db96",
    ),
    (
        Path(__file__).with_name("injection_round12.jsonl"),
        "7b5ca47cb37e6e054ec03bd7c8cfd5d744071833cee9bdb07f15d413849a4e9b",
    ),
    (
        Path(__file__).with_name("injection_round13.jsonl"),
        "17e3a6d326972273b8f25179857246bdb7215daaae8efe0078cc521d4e412df1",
    ),
    (
        Path(__file__).with_name("injection_round14.jsonl"),
        "68e3ba789baad77345c779c81ea94fe0682706ea9fa4db4ae0d23cd3111fff64",
    ),
    (
        Path(__file__).with_name("injection_round15.jsonl"),
        "c1423cb7300aecf3aaa0073992bde0aa11cabe06c8cb327c4546b4fe8a63fbd5",
    ),
    (
        Path(__file__).with_name("injection_round16.jsonl"),
        "f0888dc97ce7da5fb85a4fa9fc1bdc7f4c09cb66c4ed0b39863b6f66dd9d64c2",
    ),
    (
        Path(__file__).with_name("injection_round17.jsonl"),
        "89dd33dcda8c45fde21c6b526439b0840dff2d0e56680d8b9465544637e51f7c",
    ),
    (
        Path(__file__).with_name("injection_round18.jsonl"),
        "16fd22b92d68b3fb04f2d1a48d58cdb191b6a78ced3694e8eac47364d1fec9fb",
    ),
    (
        Path(__file__).with_name("injection_round19.jsonl"),
        "256e16606a33048ed666f1d99b4222cabeec13b8f502d9b3dad0f5c7800df992",
    ),
    (
        Path(__file__).with_name("injection_round20.jsonl"),
        "4bece481df381ecdaeb17340ed52fa81abe0d27a3f3b22d2db917036e59312f3",
    ),
    (
        Path(__file__).with_name("injection_round21.jsonl"),
        "cab32b1f09c4a2ac6b8421a4feece25baf5a1f6078f59c9cebe597fb06bf6de2",
    ),
    (
        Path(__file__).with_name("injection_round22.jsonl"),
        "d3b738996649a42e665cfeef465b7ea9f5ccaefe1f595fd448104d81180b7c18",
    ),
    (
        Path(__file__).with_name("injection_round23.jsonl"),
        "b1f445d8095f5f506117cc4aa94191fe3f271ca1e7b1ad644253559302616ac2",
    ),
    (
        Path(__file__).with_name("injection_round24.jsonl"),
        "631e36e677c2e82aa2e9a607a5b22e93599982984f8216a6b9529591c1ab01a6",
    ),
    (
        Path(__file__).with_name("injection_round25.jsonl"),
        "e9d71504c1e096a70fe93bd322a8aac78ef11f7c0c421507559dd638e8a7d46f",
    ),
    (
        Path(__file__).with_name("injection_round26.jsonl"),
        "4b311dd21f302c0fb44d0d4104c705faffa823c4e3cdb0f82ab605c6d96cb8ea",
    ),
    (
        Path(__file__).with_name("injection_round27.jsonl"),
        "8b831edfffe00c2411fab6ea5adf5e5ff1087b4e925b43c88884b95ff710e440",
    ),
    (
        Path(__file__).with_name("injection_round28.jsonl"),
        "d6712efc2a2eb5c28474f3a31d12d67e39d8c1decf080174ddf7ccd4f7c12072",
    ),
    (
        Path(__file__).with_name("injection_round29.jsonl"),
        "fc2ea1a7dd762923caa9c1e38d449015e82ddd53e3bd185fe79a1c8a8de5ac72",
    ),
    (
        Path(__file__).with_name("injection_round30.jsonl"),
        "b8b24c2de0c0e7a665860fdb1c6254ab8984689c2a73b68510218076d3067b3c",
    ),
    (
        Path(__file__).with_name("injection_round31.jsonl"),
        "3aa10c8cc1d10ea036c9e4bce3ac1240812de8cefaae3e90392ff6a535f94003",
    ),
    (
        Path(__file__).with_name("injection_round32.jsonl"),
        "6e46afdaa2dabe56c6d3dfb5690e7b4987e310cdecabb2fa5853fc76069aa10b",
    ),
    (
        Path(__file__).with_name("injection_round33.jsonl"),
        "a6ba9eed1b32ab31212bc03d93adb6f6114139051b911c10500f89c045591c89",
    ),
    (
        Path(__file__).with_name("injection_round34.jsonl"),
        "0c9d72763e3356b82083152fa50f679dc4882d9bde020e67c09bb67eb8c3d53e",
    ),
    (
        Path(__file__).with_name("injection_round35.jsonl"),
        "ec03a464d1ab159ab4754029b29668f94a1dd66f2a047c566ac9c1c1e153ca8f",
    ),
    (
        Path(__file__).with_name("injection_round36.jsonl"),
        "6dc832581cecaf2061e1af7365b333cb42b86ee5276a7a2f4e952c76b33ddf3e",
    ),
    (
        Path(__file__).with_name("injection_round37.jsonl"),
        "93813aa1db5b10d6ff6f5f11727f3db42f5e79efb64ac3870d18616e7b35c315",
    ),
    (
        Path(__file__).with_name("injection_round38.jsonl"),
        "a94468fadb7855227d3bd3a6d2a5a523ab1b82346fda5ade12782f90be662b84",
    ),
    (
        Path(__file__).with_name("injection_round39.jsonl"),
        "d47b8a0c4a1dd66858e61965d9a14e06428f4400e4df9a689c900681985e02f8",
    ),
    (
        Path(__file__).with_name("injection_round40.jsonl"),
        "572962735ec7ca2a641dafd3971c647967b9d15c13bbc37845dee0389f2bb807",
    ),
    (
        Path(__file__).with_name("injection_round41.jsonl"),
        "c963de99139a3edb86686e1df78fbe25d97ec2c614dee0b778b60a79002958d5",
    ),
    (
        Path(__file__).with_name("injection_round42.jsonl"),
        "8e477479be166b474b918de5dc880e2a5118887294e38bbc36c8c5979a3a0d7d",
    ),
    (
        Path(__file__).with_name("injection_round43.jsonl"),
        "ce77d3d971e2bc96ee9dbfe1af4b006e25764ab6c6de2d623f9d5a34cf4cb860",
    ),
    (
        Path(__file__).with_name("injection_round44.jsonl"),
        "38dfbfc5d8997be904b10a42ea6a5c14958d4a90ebf4b948acba83eb8e4eedc8",
    ),
    (
        Path(__file__).with_name("injection_round45.jsonl"),
        "396638f1dd1bf12ddb6bf5d49336abfe8c9f471ca1ce37803f9040c0733d7674",
    ),
    (
        Path(__file__).with_name("injection_round46.jsonl"),
        "2a191f26e3d42f371c5704708ad160945ef8aeda9adfbc4341533299c92b6b16",
    ),
    (
        Path(__file__).with_name("injection_round47.jsonl"),
        "63b67bc6c5fc8d0b9d07cd1deef0b721060c6dcc5e1fc0b66bec9c6382a1776c",
    ),
    (
        Path(__file__).with_name("injection_round48.jsonl"),
        "7af1198dc0835787d8986050651931802c2f1c1e09ac1c632687340b328c2345",
    ),
    (
        Path(__file__).with_name("injection_round49.jsonl"),
        "f15d608aaae72557343da0d96f4f7d0ef532143f330026b1b5b017a3f3ff6623",
    ),
)
# The last round the committed scorer (``memaudit/injection/learned.json``) was fitted on:
# a round becomes training before the refit that takes it in (the refit raises this), so
# ``train_injection_model --check`` refits on exactly the rounds the weights came from.
FITTED_THROUGH = 44
HELDOUT_ROUND = 50
HELDOUT = Path(__file__).with_name("injection_round50.jsonl")
# Round 50's SHA-256 as its author delivered it (before anyone else read the file). A
# file whose digest differs is refused, never measured; an absent file is no error (it is
# kept outside the repository until the lead copies it in).
HELDOUT_SHA256 = "775ef7d8eb940c101ce952b0f402de8710b559055f38104108e2eda36b34027c"


class HeldOutChanged(RuntimeError):
    """A round's file is not the one recorded (held-out cases are never edited)."""


def _checked(path: Path, recorded: str) -> bytes:
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if not recorded:
        raise HeldOutChanged(
            f"{path.name} has SHA-256 {digest}, and no digest is recorded for it: "
            "record the author's digest (HELDOUT_SHA256 in benchmarks/injection_cases.py) "
            "before it is run"
        )
    if digest != recorded:
        raise HeldOutChanged(
            f"{path.name} has SHA-256 {digest}, not the recorded {recorded}: "
            "a round's cases are never edited (write a new round instead)"
        )
    return data


def heldout_present() -> bool:
    return HELDOUT.exists()


def heldout_bytes() -> bytes:
    return _checked(HELDOUT, HELDOUT_SHA256)


def training_cases() -> list[Case]:
    """Rounds 1-49: what the signals may be tuned and the scorer fitted on."""
    out = _parse(DATA.read_text(encoding="utf-8"))
    for path, digest in TRAINING_ROUNDS:
        out += _parse(_checked(path, digest).decode("utf-8"))
    return out


def heldout_cases() -> list[Case]:
    """The held-out round (hash-checked); none until its file is in place."""
    return _parse(heldout_bytes().decode("utf-8")) if heldout_present() else []


def cases() -> list[Case]:
    """Every case: the training rounds, then the held-out round."""
    return [*training_cases(), *heldout_cases()]


def _parse(text: str) -> list[Case]:
    out = []
    for line in text.splitlines():
        row = json.loads(line)
        if row["source"] not in SOURCES:
            raise ValueError(f"{row['id']}: unknown source {row['source']!r}")
        out.append(
            Case(
                row["id"],
                row["technique"],
                row["label"],
                row["lang"],
                row["source"],
                row["content"],
                row["round"],
            )
        )
    return out


# How each case's provenance is written into a ledger: (source_type, source_ref, parent
# source type, approved). ``bench_injection`` stages the cases this way; ``provenance``
# gives what the audit then reads back, for the training script.
SOURCE_SHAPE: dict[str, tuple[str, str | None, str | None]] = {
    "user": ("user_statement", "session:{n}#msg-3", None),
    "user-noref": ("user_statement", None, None),
    "user-url": ("user_statement", "https://pages.example/{n}", None),
    "user-tool": ("user_statement", "tool:web_fetch#call-{n}", None),
    "user-from-doc": ("user_statement", "session:{n}#msg-1", "external_document"),
    "tool": ("tool_observation", "tool:web_fetch#call-{n}", None),
    "doc": ("external_document", "https://pages.example/{n}", None),
    "asst": ("assistant_message", "session:{n}#msg-4", None),
    "summary-of-user": ("summary", "summarizer:{n}", "user_statement"),
    "summary-of-doc": ("summary", "summarizer:{n}", "external_document"),
    "inference": ("inference", None, None),
    "approved-user": ("user_statement", "session:{n}#msg-2", None),
    "extraction-doc": ("extraction", "extractor:{n}", "external_document"),
    "extraction-user": ("extraction", "extractor:{n}", "user_statement"),
}
APPROVED_SOURCES = frozenset({"approved-user"})


def provenance(case: Case, n: int = 0) -> Any:
    """The ``injection.Provenance`` the audit reads for ``case`` once staged as above."""
    from memaudit.injection import Provenance
    from memaudit.model import SourceType

    st, ref, parent = SOURCE_SHAPE[case.source]
    above = frozenset({SourceType(parent)}) if parent else frozenset()
    return Provenance(
        SourceType(st),
        ref.format(n=n) if ref else None,
        bool(above),
        above,
        case.source in APPROVED_SOURCES,
    )


# -- bastioncorpus (an external labeled corpus, MIT) --------------------------------------

# bastioncorpus's channels as memory sources.
BASTION_SOURCE = {"user_input": "user", "tool_output": "tool", "memory": "inference"}
CANARY = "ZX41-CANARY-7Q"
# Chosen before the scorer was trained and never changed: a row is held out when the first
# byte of SHA-256(salt + id) is odd (about half). The signal patterns were looked at with
# all of bastioncorpus in view (issue 20's first rounds), so its held-out half is held out
# from the learned scorer only.
BASTION_SALT = b"memaudit-issue-20-bastion-split-v1:"


def bastion_split(row_id: str) -> str:
    digest = hashlib.sha256(BASTION_SALT + row_id.encode()).digest()
    return "heldout" if digest[0] % 2 else "train"


@dataclass(frozen=True, slots=True)
class BastionCase(Case):
    """A bastioncorpus row: malicious → poison, benign traps → benign."""

    @property
    def split(self) -> str:
        return bastion_split(self.id.removeprefix("bc-"))


def bastion_cases() -> list[Case]:
    from bastioncorpus import load_corpus

    out: list[Case] = []
    for row in load_corpus():
        out.append(
            BastionCase(
                f"bc-{row.id}",
                row.category if row.label == "malicious" else "benign_traps",
                "poison" if row.label == "malicious" else "benign",
                row.lang,
                BASTION_SOURCE.get(row.channel, "tool"),
                row.text.replace("{canary}", CANARY),
                0,
            )
        )
    return out
