"""The pruned contradiction search finds exactly what the exhaustive one finds, on a
real generated ledger (its bound skips only pairs that cannot reach the floor)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import Statement, search

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402
from tests.conflicts_reference import plain_slot_candidates  # noqa: E402


@pytest.fixture(scope="module")
def active(tmp_path_factory: pytest.TempPathFactory) -> list[Statement]:
    """The active memories of a generated ledger of 3,000 (contradictions, scopes,
    shared subjects, change words)."""
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=3000, seed=42), out, parallel=False)
    with open_store(str(out)) as store:
        return conflicts.active_statements(store)


def _dicts(found: list[conflicts.ConflictCandidate]) -> list[dict[str, object]]:
    return [c.to_dict() for c in found]


@pytest.mark.parametrize("min_score", [0.3, 0.5, 0.6, 0.75])
def test_the_pruned_search_equals_the_exhaustive_one(
    active: list[Statement], min_score: float
) -> None:
    pruned = conflicts.find(active, min_score=min_score)
    exhaustive = conflicts.find(active, min_score=min_score, prune=False)
    assert pruned, "the store must offer candidates for the comparison to mean anything"
    assert _dicts(pruned) == _dicts(exhaustive)


def test_the_store_has_pairs_at_the_edge_of_the_bound(
    active: list[Statement], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison above can fail: a bound only a little more aggressive than the
    true one loses candidates on this store."""
    exhaustive = conflicts.find(active, prune=False)
    true_ratio = search._least_ratio

    def aggressive(floor: float, *, marked: bool, scopes_differ: bool) -> float:
        return true_ratio(floor, marked=marked, scopes_differ=scopes_differ) + 0.05

    monkeypatch.setattr(search, "_least_ratio", aggressive)
    assert _dicts(conflicts.find(active)) != _dicts(exhaustive)


def test_the_search_gives_every_pair_its_blocks_offer(active: list[Statement]) -> None:
    """``find`` skips a pair another block of its slot offered already (a set
    difference per memory): that skip loses nothing. A skip kept across slots (a pair
    first offered by another slot's block keeps that slot) fails this."""
    plain = [s for s in active if not conflicts.features(s.content).changes]
    reference = plain_slot_candidates(plain)
    assert len(reference) > 20
    assert _dicts(conflicts.find(plain, prune=False)) == reference
