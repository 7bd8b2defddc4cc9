"""``conflicts.has_candidate`` answers what ``bool(conflicts.find(...))`` answers, on
random hostile pools: repeated and empty ids, missing or equal dates, scopes, texts
with no subject, several slots, timezones, change words and change statements (which
send the question to ``find``), and blocks over ``EXACT_BLOCK`` members (where
``find`` compares representatives only)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memaudit import conflicts
from memaudit.conflicts import Features, Statement, search

VALUES = ["pip", "poetry", "uv", "postgres", "mysql", "vim", "vs code", "emacs", "bash", "zsh"]
ZONES = ["europe/paris", "utc", "america/new_york"]
WORDS = ["atlas", "umbra", "service", "deploy", "cache", "tide", "ledger", "harbour", "k8s"]
EXTRA = ["now", "instead", "the", "uses", "2026", "ünïcode", "x", "a.b", "c#", "-"]
FILLER = [f"filler{k}" for k in range(30)]
CHANGES = ["moved from poetry to uv", "no longer uses vim", "switched to zsh", "replaced by mysql"]
SCOPES = [None, "", "project:atlas", "project:umbra"]
DATES = [None, "", "2026-01-01T00:00:00", "2026-01-02T00:00:00", "2026-01-02T00:00:00", "z"]


def _text(rng: random.Random, words: list[str], change_rate: float) -> str:
    parts = rng.sample(words, rng.randint(0, min(5, len(words))))
    parts += rng.sample(VALUES, rng.randint(0, 2))
    if rng.random() < 0.1:
        parts.append(rng.choice(ZONES))
    parts += rng.sample(EXTRA, rng.randint(0, 2))
    if rng.random() < change_rate:
        parts.append(rng.choice(CHANGES))
    rng.shuffle(parts)
    return " ".join(parts)


def _pool(seed: int) -> tuple[list[Statement], set[str]]:
    """One item (or a few) and its neighbours: sometimes a crowd naming one slot around
    one word (a block over EXACT_BLOCK), sometimes ids that repeat the item's."""
    rng = random.Random(seed)
    change_rate = rng.choice([0.0, 0.0, 0.05])
    words = rng.sample(WORDS, rng.randint(1, len(WORDS)))
    size = rng.choice([rng.randint(0, 12), rng.randint(10, 40), rng.randint(55, 140)])
    crowd = rng.random() < 0.4
    ids = [f"m{k}" for k in range(rng.choice([size + 1, max(1, size // 3)]))] + ["", "m0"]
    out = []
    for k in range(size + 1):
        if crowd and rng.random() < 0.8:  # one word, one slot: a crowd more or less alike
            filler = rng.sample(FILLER, rng.choice([0, 1, 3, 6, 6]))
            text = " ".join([words[0], rng.choice(VALUES[:3]), *filler])
        else:
            text = _text(rng, words, change_rate)
        mid = f"m{k}" if rng.random() < 0.8 else rng.choice(ids)
        at = rng.choice(DATES) if rng.random() < 0.3 else f"2026-02-{rng.randint(1, 28):02d}"
        out.append(Statement(mid, text, at, rng.choice(SCOPES)))
    if rng.random() < 0.15:  # two memories under one id, that would make a pair
        twin = rng.choice(out)
        out.append(Statement(twin.id, f"{words[0]} {rng.choice(VALUES[:3])}", None, None))
        out.append(Statement(twin.id, f"{words[0]} {rng.choice(VALUES[:3])}", None, None))
    rng.shuffle(out)
    only = {m.id for m in rng.sample(out, rng.randint(1, min(3, len(out))))}
    if rng.random() < 0.1:
        only.add("absent")
    return out, only


def _same(memories: list[Statement], only: set[str], min_score: float) -> bool:
    plain = bool(conflicts.find(memories, only=only, min_score=min_score, prune=False))
    assert plain == bool(conflicts.find(memories, only=only, min_score=min_score))
    return conflicts.has_candidate(memories, only, min_score=min_score) == plain


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), min_score=st.sampled_from([0.3, 0.5, 0.5, 0.6, 0.75]))
def test_has_candidate_answers_as_find_does(seed: int, min_score: float) -> None:
    memories, only = _pool(seed)
    assert _same(memories, only, min_score)


def _answers(count: int) -> tuple[int, int, int]:
    """Over ``count`` seeded pools: the answers that differ from ``find``'s, the pools
    with a candidate, and those with a block over EXACT_BLOCK."""
    wrong = found = crowded = 0
    for seed in range(count):
        memories, only = _pool(seed)
        wrong += not _same(memories, only, search.MIN_SCORE)
        found += bool(conflicts.find(memories, only=only))
        crowded += len(memories) > search.EXACT_BLOCK
    return wrong, found, crowded


def test_the_pools_hold_both_answers_and_crowded_blocks() -> None:
    wrong, found, crowded = _answers(400)
    assert wrong == 0
    assert 40 < found < 360 and crowded > 40


@pytest.mark.parametrize("part", ["representatives", "no subject", "bound", "same id"])
def test_a_witness_that_skips_a_rule_of_find_answers_otherwise(
    part: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison above can fail: ``has_candidate`` with one of ``find``'s rules
    left out gives other answers on the same pools."""
    from memaudit.conflicts import witness

    if part == "representatives":  # every member of a big block compared
        monkeypatch.setattr(witness, "EXACT_BLOCK", 10**6)
    elif part == "no subject":  # two texts without subject words in no common block
        monkeypatch.setattr(witness, "_NO_SUBJECT", frozenset())
    else:
        reaches = witness._reaches
        # "bound": the score's floor a little higher than find's; "same id": two memories
        # with one id compared (the second read under another id)
        raised = 0.02 if part == "bound" else 0.0

        def changed(
            a: Statement, fa: Features, b: Statement, fb: Features, idf: dict[str, float], at: float
        ) -> bool:
            if part == "same id":
                b = Statement(b.id + "'", b.content, b.created_at, b.scope)
            return reaches(a, fa, b, fb, idf, at + raised)

        monkeypatch.setattr(witness, "_reaches", changed)
    assert _answers(400)[0] > 0


def test_a_block_over_the_cap_is_skipped_as_find_skips_it() -> None:
    """One word and one slot shared by more than BLOCK_CAP memories: ``find`` does not
    compare that block (it cannot tell subjects apart), so neither does the witness."""
    crowd = [
        Statement(f"m{k}", "atlas poetry", f"2026-02-{k % 28 + 1:02d}", None)
        for k in range(search.BLOCK_CAP)
    ]
    memories = [Statement("item", "atlas pip", None, None), *crowd]
    assert not conflicts.find(memories, only={"item"})
    assert not conflicts.has_candidate(memories, {"item"})
    # one fewer in the crowd: compared (through representatives), and a candidate
    assert conflicts.find(memories[:-1], only={"item"})
    assert conflicts.has_candidate(memories[:-1], {"item"})


def _against(seed: int, min_score: float) -> int:
    """Over one seeded pool's first three memories, each compared with one
    ``Neighbourhood`` of the rest (read once, asked three times): the answers that
    differ from ``has_candidate``'s on the same memories."""
    memories, _ = _pool(seed)
    items, rest = memories[:3], memories[3:]
    hood = conflicts.Neighbourhood.of(rest)
    return sum(
        conflicts.has_candidate_against(item, hood, min_score=min_score)
        != conflicts.has_candidate([item, *rest], {item.id}, min_score=min_score)
        for item in items
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), min_score=st.sampled_from([0.3, 0.5, 0.5, 0.6, 0.75]))
def test_a_shared_neighbourhood_answers_as_has_candidate(seed: int, min_score: float) -> None:
    """The review listing reads an item's neighbours once for every item with the same
    searches (``has_candidate_against``); on the hostile pools above (repeated ids, an
    item whose id is a member's, crowded blocks, change statements) it answers as
    ``has_candidate`` does for the item and the members."""
    assert _against(seed, min_score) == 0


def test_the_shared_pools_hold_both_answers() -> None:
    found = same_id = 0
    for seed in range(300):
        memories, _ = _pool(seed)
        items, rest = memories[:3], memories[3:]
        found += any(conflicts.has_candidate([i, *rest], {i.id}) for i in items)
        same_id += any(i.id in {m.id for m in rest} for i in items)
    assert 30 < found < 270 and same_id > 30


@pytest.mark.parametrize(
    ("item", "member"),
    [
        (
            "The platform team holds the sprint review on Monday.",
            "The platform team moved the sprint review from Monday to Thursday.",
        ),
        ("The atlas service uses vim", "The atlas service no longer uses vim"),
    ],
)
def test_a_neighbour_that_states_a_change_is_asked_of_find(item: str, member: str) -> None:
    """A member's change statement pairs it with the item whatever their slots hold
    (``find``'s change candidates): the shared neighbourhood sends the question on."""
    rest = [
        Statement("a", member, "2026-02-03", None),
        Statement("b", "umbra uses vim", None, None),
    ]
    mine = Statement("i", item, "2026-02-01", None)
    assert conflicts.has_candidate([mine, *rest], {"i"})
    assert conflicts.has_candidate_against(mine, conflicts.Neighbourhood.of(rest))
