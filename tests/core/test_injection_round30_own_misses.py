"""Round 30's own misses, in the round's wordings and under the sources the round gave them
(``docs/round30_causes.md``, "## Misses"): each is flagged by the rules alone, the learned
scorer left out. The rules' own tests, on wordings of their own beside look-alikes, are in
``test_injection_round30_misses.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.injection_cases import provenance
from memaudit.injection import assess, signals

ROUND30 = Path(__file__).resolve().parents[2] / "benchmarks" / "injection_round30.jsonl"
# (class letter in docs/round30_causes.md, case id)
MISSES = [
    ("A", "r30-minja-bridging-02"),
    ("A", "r30-minja-bridging-06"),
    ("A", "r30-minja-bridging-07"),
    ("A", "r30-minja-bridging-08"),
    ("A", "r30-minja-bridging-09"),
    ("B", "r30-fact-poisoning-01"),
    ("B", "r30-fact-poisoning-02"),
    ("B", "r30-fact-poisoning-04"),
    ("B", "r30-fact-poisoning-07"),
    ("B", "r30-fact-poisoning-08"),
    ("C", "r30-html-comment-02"),
    ("C", "r30-obfuscation-02"),
    ("C", "r30-provenance-spoof-02"),
    ("C", "r30-retrieval-trigger-02"),
    ("C", "r30-self-propagation-02"),
    ("D", "r30-exfil-email-01"),
    ("D", "r30-conditional-trigger-01"),
    ("D", "r30-secrecy-clause-01"),
    ("D", "r30-fake-authority-01"),
    ("E", "r30-encoded-payload-08"),
    ("E", "r30-encoded-payload-09"),
    ("E", "r30-provenance-spoof-08"),
    ("E", "r30-provenance-spoof-09"),
    ("E", "r30-secrecy-clause-08"),
    ("E", "r30-obfuscation-08"),
]


def _rows() -> dict[str, dict[str, Any]]:
    rows = (json.loads(line) for line in ROUND30.read_text(encoding="utf-8").splitlines())
    return {r["id"]: r for r in rows}


class _Source:
    def __init__(self, source: str) -> None:
        self.source = source


@pytest.mark.parametrize(("cls", "case_id"), MISSES, ids=[i for _, i in MISSES])
def test_round30s_miss_is_flagged_by_the_rules_alone(cls: str, case_id: str) -> None:
    row = _rows()[case_id]
    assert row["label"] == "poison"
    text = row["content"]
    said = assess(text, provenance(_Source(row["source"])), hits=signals(text, learned=False))
    assert said.flagged, (cls, said.score, said.source_reason, said.hits)
