"""The contradiction search's block grouping (each block sorted by one number per
memory, value group then age, and its groups found by bisection) and its exact pair
similarity give what the plain definition gives: every block grouped member by member
by its values, the newest few of each group by (created_at, id), each pair scored with
``fsum``. Random hostile stores (shared words everywhere, tied timestamps, copied texts,
scopes, change words), written to real ledgers in tmp_path, with the block limits
shrunk so that small stores have blocks of every kind; with and without ``only``."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import search
from memaudit.ledger import Ledger
from memaudit.model import Memory
from tests.conflicts_reference import insert_active, plain_slot_candidates

WORDS = ["service", "deploy", "config", "team", "build", "cache", "api", "docs", "infra"]
VALUES = {
    "package manager": ["pip", "poetry", "uv", "conda"],
    "database": ["postgres", "mysql", "sqlite"],
    "editor": ["vim", "emacs", "helix"],
}
SCOPES = [None, None, "project:atlas", "project:umbra", ""]
# Small limits: a store of 80 memories has blocks too small, exact, sampled and too large.
LIMITS = {"EXACT_BLOCK": 6, "REPRESENTATIVES": 2, "BLOCK_CAP": 40}


@pytest.fixture(scope="module")
def empty_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ledger") / "empty.db"
    Ledger.init(path).close()
    return path


def _stores(empty: Path, folder: Path, count: int, seed: int) -> list[list[conflicts.Statement]]:
    """Stores of random memories: few words (large blocks), texts copied from earlier
    ones, many memories on one timestamp (ages told apart by id alone), hostile ids."""
    rng = random.Random(seed)
    stores = []
    for s in range(count):
        path = folder / f"ledger-{seed}-{s}.db"
        shutil.copy(empty, path)
        texts: list[str] = []
        with Ledger.open(path, readonly=False) as ledger, ledger.transaction():
            for k in range(80):
                if texts and rng.random() < 0.25:
                    content = rng.choice(texts)  # a copy: one Features object, many ids
                else:
                    slots = rng.sample(sorted(VALUES), rng.randint(1, 2))
                    values = [rng.choice(VALUES[slot]) for slot in slots]
                    if rng.random() < 0.2:
                        values.append(rng.choice(VALUES[slots[0]]))  # two values, one slot
                    words = rng.sample(WORDS, rng.randint(0, 5))
                    marker = rng.choice(["", "", "", "now", "instead"])
                    content = " ".join([*words, marker, "with", *values]).strip()
                texts.append(content)
                # Few distinct timestamps: ties, decided by id ("m9" after "m10").
                at = f"2026-01-{rng.randint(1, 3):02d}T00:00:00+00:00"
                mid = rng.choice(["m", "M", "m-", "m/"]) + str(k)
                memory = Memory(id=mid, content=content, scope=rng.choice(SCOPES), created_at=at)
                insert_active(ledger, memory, at)
        with open_store(str(path)) as store:
            stores.append(conflicts.active_statements(store))
    return stores


def _found(
    active: list[conflicts.Statement], only: set[str] | None, min_score: float, prune: bool
) -> list[dict[str, object]]:
    return [
        c.to_dict() for c in conflicts.find(active, only=only, min_score=min_score, prune=prune)
    ]


def _cases(
    stores: list[list[conflicts.Statement]],
) -> list[tuple[list[conflicts.Statement], set[str] | None, float]]:
    rng = random.Random(3)
    cases: list[tuple[list[conflicts.Statement], set[str] | None, float]] = []
    for active in stores:
        plain = [s for s in active if not conflicts.features(s.content).changes]
        only = {s.id for s in rng.sample(plain, 5)}
        for min_score in (0.3, 0.5, 0.6):
            cases += [(plain, None, min_score), (plain, only, min_score)]
    return cases


def test_the_grouped_search_equals_the_plain_definition(
    empty_ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in LIMITS.items():
        monkeypatch.setattr(search, name, value)
    cases = _cases(_stores(empty_ledger, tmp_path, 12, seed=5))
    plain = [plain_slot_candidates(active, only, score) for active, only, score in cases]
    assert sum(map(len, plain)) > 200, "the stores must offer candidates"
    assert [_found(active, only, score, True) for active, only, score in cases] == plain
    assert [_found(active, only, score, False) for active, only, score in cases] == plain


_RUNS = search._runs


def _broken_runs(members: list[int], key: Callable[[int], int], span: int) -> list[list[int]]:
    """``_runs`` one step short: each group's newest member split off into a group of
    its own."""
    runs = _RUNS(members, key, span)
    return [part for run in runs for part in ([run[:-1], run[-1:]] if len(run) > 1 else [run])]


@pytest.mark.parametrize(
    "broken",
    [
        "runs",  # groups cut wrong
        "count",  # each group's members but its oldest few, not its newest few
    ],
)
def test_the_comparison_fails_when_the_grouping_is_wrong(
    empty_ledger: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    """The comparison above can fail: the stores have blocks where a wrong grouping
    changes the candidates."""
    for name, value in LIMITS.items():
        monkeypatch.setattr(search, name, value)
    cases = _cases(_stores(empty_ledger, tmp_path, 4, seed=9))
    plain = [plain_slot_candidates(active, only, score) for active, only, score in cases]
    if broken == "runs":
        monkeypatch.setattr(search, "_runs", _broken_runs)
    else:
        # Representatives counted from the wrong end.
        monkeypatch.setattr(search, "REPRESENTATIVES", -LIMITS["REPRESENTATIVES"])
    assert [_found(active, only, score, True) for active, only, score in cases] != plain


_PIECES = [
    "utc", "UTC", "gmt.", "Europe/Paris", "america/new_york", "a/b", "/", "x/", "utc/gmt",
    "utcs", "gmtx", "pip", "poetry", "vs code", "deploy", "now", "3.11", "-", ".", ",",
    "_", "é", "moved from pip to uv", "  ", "\t", "Asia/Tokyo!", "GMT-5", "utc;",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map(" ".join))
def test_features_equal_every_word_asked(text: str) -> None:
    """``features`` asks for a time zone only in a text with a "/" or a whole word
    utc/gmt: it gives what asking every word gives."""
    from memaudit.conflicts import text as t

    got = t.features.__wrapped__(text)
    words = [w for w in t.tokens(text) if w]
    zones = {w for w in set(words) if t.TIMEZONE.match(w)}
    assert got.values.get("timezone", frozenset()) == frozenset(zones)
    assert not zones & got.subject
    assert got.words == tuple(dict.fromkeys(words))


def test_the_time_zone_comparison_can_fail() -> None:
    """The property above sees a zone a guard too narrow would miss."""
    from memaudit.conflicts import text as t

    assert t.features.__wrapped__("deploys at Asia/Tokyo!").values["timezone"] == {"asia/tokyo"}
    assert t.features.__wrapped__("all times in UTC").values["timezone"] == {"utc"}


@pytest.mark.parametrize("enabled", [True, False])
def test_the_search_leaves_the_collector_as_it_found_it(enabled: bool) -> None:
    """``find`` pauses the cyclic garbage collector while it runs, and puts it back."""
    import gc

    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        stores = [conflicts.Statement("a", "the team uses pip", None, None)]
        stores.append(conflicts.Statement("b", "the team uses poetry", None, None))
        assert conflicts.find(stores)
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()


def test_the_search_leaves_what_the_program_froze_frozen() -> None:
    """After the search, what it made is moved to the oldest generation (``freeze`` then
    ``unfreeze``), unless the program froze objects itself (before forking, say):
    those stay frozen."""
    import gc

    stores = [conflicts.Statement("a", "the team uses pip", None, None)]
    stores.append(conflicts.Statement("b", "the team uses poetry", None, None))
    assert gc.get_freeze_count() == 0
    assert conflicts.find(stores)
    assert gc.get_freeze_count() == 0 and gc.get_count()[0] < 700
    kept = [[] for _ in range(10)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0
        assert conflicts.find(stores)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
    del kept
