"""A candidate's evidence is written when first read, not by ``find`` (issue 22: a
large store has far more candidates than a listing shows), and reads the same after."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import Statement

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402


@pytest.fixture(scope="module")
def active(tmp_path_factory: pytest.TempPathFactory) -> list[Statement]:
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=1500, seed=7), out, parallel=False)
    with open_store(str(out)) as store:
        return conflicts.active_statements(store)


def test_find_writes_no_evidence_until_it_is_read(active: list[Statement]) -> None:
    found = conflicts.find(active)
    assert len(found) > 10, "the store must offer candidates for this to mean anything"
    # Merged candidates (a change statement's sentence inserted) are written by find;
    # the others wait for a reader.
    unwritten = [c for c in found if c.written is None]
    assert len(unwritten) > len(found) // 2
    first = unwritten[0]
    evidence = first.evidence
    assert evidence and first.written is evidence and first.writer is None
    assert first.evidence is evidence  # written once
    assert all(c.written is None for c in unwritten[1:])


def test_the_evidence_reads_the_same_whenever_it_is_read(active: list[Statement]) -> None:
    """Read at once or after every other candidate's dict: the same sentences."""
    early = [c.to_dict() for c in conflicts.find(active)]
    late = conflicts.find(active)
    reversed_dicts = [c.to_dict() for c in reversed(late)][::-1]
    assert json.dumps(early) == json.dumps(reversed_dicts)
    assert all(d["evidence"] for d in early)


def test_a_change_statement_adds_its_sentence_second_to_a_slot_candidate() -> None:
    """The pair differs in one slot and its newer side states a change of another
    thing: the change's sentence goes second (``changes.change_candidates``), as before
    evidence was written on read."""
    older = Statement("o", "the api uses poetry and runs on postgres", "2026-01-01", None)
    newer = Statement("n", "the api uses uv; moved from postgres to mysql", "2026-02-01", None)
    (cand,) = conflicts.find([older, newer])
    assert cand.change is not None and cand.change["old"] == "postgres"
    assert cand.evidence == [
        "same slot 'package manager': o says poetry; n says uv",
        "n states a change (en): “moved from postgres to mysql” (postgres → mysql); "
        "it is the candidate winner — nothing is superseded until a person resolves it",
        "shared subject terms: api",
        "n signals a change (moved)",
        "created 2026-01-01 (o) and 2026-02-01 (n)",
    ]
