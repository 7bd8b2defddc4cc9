"""The pruned contradiction search finds exactly what the exhaustive one finds, on a
real generated ledger (its bound skips only pairs that cannot reach the floor)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import Statement, search

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402


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


def _every_offered_pair(active: list[Statement]) -> list[dict[str, object]]:
    """The slot candidates ``find`` must give, by its definition and nothing else: every
    pair every block offers, scored in each block (no pair skipped as already seen),
    the lowest-ranked block whose pair reaches the floor naming the slot."""
    from collections import defaultdict

    from memaudit.conflicts.slots import quick_score, slot_candidate

    feats = [conflicts.features(m.content) for m in active]
    assert not any(f.changes for f in feats), "this reference covers slot candidates only"
    df: dict[str, int] = defaultdict(int)
    for f in feats:
        for t in f.subject:
            df[t] += 1
    idf = {t: math.log(1 + len(active) / c) for t, c in df.items()}
    blocks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, f in enumerate(feats):
        for slot in f.values:
            for t in f.subject or [""]:
                blocks[(slot, t)].append(i)
    age = {i: (m.created_at or "", m.id) for i, m in enumerate(active)}
    best: dict[tuple[int, int], tuple[int, str]] = {}
    for rank, ((slot, _t), members) in enumerate(blocks.items()):
        if not 2 <= len(members) <= search.BLOCK_CAP:
            continue
        groups: dict[frozenset[str], list[int]] = defaultdict(list)
        for i in members:
            groups[feats[i].values[slot]].append(i)
        if len(members) > search.EXACT_BLOCK:
            groups = defaultdict(
                list,
                {
                    k: sorted(g, key=age.__getitem__)[-search.REPRESENTATIVES :]
                    for k, g in groups.items()
                },
            )
        keys = list(groups)
        for x, kx in enumerate(keys):
            for ky in keys[x + 1 :]:
                for i in groups[kx]:
                    for j in groups[ky]:
                        pair = (min(i, j), max(i, j))
                        fi, fj = feats[i], feats[j]
                        shared = fi.subject & fj.subject
                        if fi.subject and fj.subject:
                            w = math.fsum(idf[t] for t in shared)
                            sim = w / math.fsum(idf[t] for t in fi.subject | fj.subject)
                        else:
                            sim = 0.5 if not fi.subject and not fj.subject else 0.3
                        score = quick_score(active[i], fi, active[j], fj, sim)
                        if score >= search.MIN_SCORE - 0.0005 - 1e-9 and (
                            pair not in best or best[pair][0] > rank
                        ):
                            best[pair] = (rank, slot)
    found = []
    for (i, j), (_rank, slot) in best.items():
        cand = slot_candidate(active[i], feats[i], active[j], feats[j], slot, idf)
        if cand is not None and cand.score >= search.MIN_SCORE:
            found.append(cand)
    return _dicts(sorted(found, key=lambda c: (-c.score, c.newer_id, c.older_id)))


def test_the_search_gives_every_pair_its_blocks_offer(active: list[Statement]) -> None:
    """``find`` skips a pair another block of its slot offered already (a set
    difference per memory): that skip loses nothing. A skip kept across slots (a pair
    first offered by another slot's block keeps that slot) fails this."""
    plain = [s for s in active if not conflicts.features(s.content).changes]
    reference = _every_offered_pair(plain)
    assert len(reference) > 20
    assert _dicts(conflicts.find(plain, prune=False)) == reference
