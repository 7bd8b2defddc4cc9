"""The contradiction search's bounds drop no pair the full scorer would report: random
memories, written to a real ledger in tmp_path, searched with the bounds and without
(``prune=False`` scores every pair the blocks offer)."""

from __future__ import annotations

import random
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import search
from memaudit.ledger import Ledger
from memaudit.model import Memory
from tests.conflicts_reference import insert_active

# A few words in most texts, many in some: long subjects (summaries) sharing some of
# their words, the pairs the bounds are for, with weights that differ.
COMMON = ["service", "deploy", "config", "team", "build", "cache"]
RARE = [f"word{k}" for k in range(40)]
VALUES = {
    "package manager": ["pip", "poetry", "uv"],
    "database": ["postgres", "mysql", "sqlite"],
    "editor": ["vim", "emacs"],
}
SCOPES = [None, None, "project:atlas", "project:umbra"]

# One memory: its slot values, its subject words, a change word, a scope, a day, and
# whether it also quotes the words of the one before (a summary quoting its source:
# pairs whose shared words are the lighter side's, where the bound is exact).
_MEMORY = st.tuples(
    st.lists(st.sampled_from(sorted(VALUES)), min_size=1, max_size=2, unique=True).flatmap(
        lambda slots: st.tuples(*(st.sampled_from(VALUES[s]) for s in slots))
    ),
    st.lists(st.sampled_from(COMMON), max_size=4).flatmap(
        lambda common: st.lists(st.sampled_from(RARE), max_size=24).map(common.__add__)
    ),
    st.sampled_from(["", "", "", "now", "instead"]),
    st.sampled_from(SCOPES),
    st.integers(1, 28),
    st.sampled_from([False, False, True]),
)
Drawn = tuple[tuple[str, ...], list[str], str, str | None, int, bool]


@pytest.fixture(scope="module")
def empty_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ledger") / "empty.db"
    Ledger.init(path).close()
    return path


def _store(empty: Path, folder: Path, drawn: Sequence[Drawn]) -> list[conflicts.Statement]:
    """The memories written to a copy of an empty ledger, read back as ``conflicts`` reads
    a store's active memories."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"ledger-{len(list(folder.iterdir()))}.db"
    shutil.copy(empty, path)
    with Ledger.open(path, readonly=False) as ledger, ledger.transaction():
        quoted: list[str] = []
        for k, (values, own, marker, scope, day, quotes) in enumerate(drawn):
            words = quoted + own if quotes else own
            quoted = words
            content = " ".join([*words, marker, "with", *values]).strip()
            at = f"2026-01-{day:02d}T00:00:{k % 60:02d}+00:00"
            memory = Memory(id=f"m{k:03d}", content=content, scope=scope, created_at=at)
            insert_active(ledger, memory, at)
    with open_store(str(path)) as store:
        return conflicts.active_statements(store)


def _dicts(found: list[conflicts.ConflictCandidate]) -> list[dict[str, object]]:
    return [c.to_dict() for c in found]


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    drawn=st.lists(_MEMORY, min_size=2, max_size=40),
    min_score=st.sampled_from([0.3, 0.5, 0.55, 0.6, 0.75]),
)
def test_the_bounds_drop_no_pair_the_scorer_reports(
    empty_ledger: Path, tmp_path: Path, drawn: list[Drawn], min_score: float
) -> None:
    active = _store(empty_ledger, tmp_path, drawn)
    bounded = conflicts.find(active, min_score=min_score)
    assert _dicts(bounded) == _dicts(conflicts.find(active, min_score=min_score, prune=False))


def _random_stores(empty: Path, folder: Path, count: int) -> list[list[conflicts.Statement]]:
    """Stores of random memories, drawn as the property above draws them (seeded)."""
    rng = random.Random(7)
    stores = []
    for _ in range(count):
        drawn: list[Drawn] = []
        for _ in range(40):
            slots = rng.sample(sorted(VALUES), rng.randint(1, 2))
            quotes = rng.random() < 0.4
            if quotes:
                words = rng.choices(RARE, k=rng.randint(0, 6))
            else:
                words = rng.choices(COMMON, k=rng.randint(0, 4))
                words += rng.choices(RARE, k=rng.randint(0, 24))
            drawn.append(
                (
                    tuple(rng.choice(VALUES[s]) for s in slots),
                    words,
                    rng.choice(["", "", "", "now", "instead"]),
                    rng.choice(SCOPES),
                    rng.randint(1, 28),
                    quotes,
                )
            )
        stores.append(_store(empty, folder, drawn))
    return stores


def test_a_bound_a_little_too_tight_loses_pairs(
    empty_ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The property above can fail: the shared-words bound asked for 3% more than a
    pair needs drops candidates on these stores. The stores have pairs for the bound to
    judge: the true bound (below, unpatched) gives what the full scorer gives."""
    stores = _random_stores(empty_ledger, tmp_path, 10)
    full = [_dicts(conflicts.find(active, prune=False)) for active in stores]
    assert sum(map(len, full)) > 20
    assert [_dicts(conflicts.find(active)) for active in stores] == full
    true_limits = search._limits

    def tight(
        floor: float, *, marked: bool, scopes_differ: bool, prune: bool
    ) -> tuple[float, float]:
        least, part = true_limits(floor, marked=marked, scopes_differ=scopes_differ, prune=prune)
        return least, part * 1.03

    monkeypatch.setattr(search, "_limits", tight)
    assert [_dicts(conflicts.find(active)) for active in stores] != full


@settings(max_examples=300, deadline=None)
@given(
    counts=st.lists(st.integers(1, 10_000), min_size=1, max_size=60),
    total=st.integers(10_000, 2_000_000),
    picks=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=60, max_size=60),
)
def test_the_exact_weights_give_the_similarity_to_the_last_bit(
    counts: list[int], total: int, picks: list[tuple[bool, bool]]
) -> None:
    """``exact_similarity`` over whole units (integer sums; ``ExactWeights``, as ``find``
    scores a pair)
    gives the float ``_similarity`` (``fsum``) gives, bit for bit, on idf weights as
    ``find`` computes them."""
    import math

    from memaudit.conflicts.slots import ExactWeights, _similarity, exact_similarity, whole_units
    from memaudit.conflicts.text import Features

    idf = {f"w{k}": math.log(1 + total / c) for k, c in enumerate(counts)}
    words = sorted(idf)
    a = Features({}, frozenset(w for w, (x, _) in zip(words, picks, strict=False) if x), [])
    b = Features({}, frozenset(w for w, (_, y) in zip(words, picks, strict=False) if y), [])
    if not a.subject or not b.subject or not a.subject & b.subject:
        return  # ``find`` scores those pairs with constants, as ``_similarity`` does
    units = {t: whole_units(w) for t, w in idf.items()}
    shared = sum(units[t] for t in a.subject & b.subject)
    total_a, total_b = (sum(units[t] for t in f.subject) for f in (a, b))
    assert exact_similarity(shared, total_a, total_b) == _similarity(a, b, idf)
    # As ``find`` asks it: words and subjects converted on first use.
    assert ExactWeights(idf).similarity(a.subject & b.subject, a, b) == _similarity(a, b, idf)


def test_a_weight_below_half_is_refused() -> None:
    """Whole units are exact only from 0.5 up: a smaller weight is an error, never a
    rounded count (an idf ``log(1 + n/c)`` is at least log 2)."""
    import math

    from memaudit.conflicts.slots import whole_units

    assert whole_units(0.5) == 1 << 52
    with pytest.raises(ValueError, match="whole count"):
        whole_units(math.nextafter(0.25, 1.0))  # its last bit is worth half a unit
