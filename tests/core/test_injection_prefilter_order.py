"""The prefilter orders each need's tests rarest first once it has seen a process's first
texts (``Prefilter._learn``): the same answer for every pattern on every text (training
rounds 1-25, bastioncorpus, a generated store's texts; the held-out round is not read),
fewer patterns left to test after the one-AND key, and the engine's keys follow."""

from __future__ import annotations

import re

import pytest

from memaudit.injection import engine, prefilter
from memaudit.injection.engine import signals, visible
from memaudit.injection.prefilter import Prefilter, analyse


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    from benchmarks.injection_cases import bastion_cases, training_cases
    from tests.generated_texts import generated_texts

    generated = generated_texts(tmp_path_factory.mktemp("order"), seed=11)
    cases = [c.content for c in [*training_cases(), *bastion_cases()]]
    return cases + generated


@pytest.fixture(scope="module")
def notes(texts: list[str]) -> list[str]:
    """A generated store's texts (plain notes: what most of a store holds)."""
    return texts[-2000:]


def _pair(
    patterns: list[re.Pattern[str]], learn_from: list[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[Prefilter, Prefilter]:
    """A prefilter as read, and one that ordered its needs after ``learn_from``."""
    tables = analyse(patterns)
    monkeypatch.setattr(prefilter, "LEARN", 0)
    read = Prefilter(patterns, tables)
    monkeypatch.setattr(prefilter, "LEARN", len(learn_from))
    monkeypatch.setattr(prefilter, "EVERY", 2)
    ordered = Prefilter(patterns, tables)
    for text in learn_from:
        ordered.present(visible(text).lower())
    assert ordered._seen is None, "the needs were not ordered"
    return read, ordered


def test_ordered_needs_give_every_pattern_the_same_answer(
    texts: list[str], notes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    patterns = list(engine._PREFILTER.patterns)
    read, ordered = _pair(patterns, notes[:400], monkeypatch)
    assert ordered._rules != read._rules  # some need's order changed: not compared to itself
    for text in texts:
        low = visible(text).lower()
        a, b = read.present(low), ordered.present(low)
        assert a == b
        for rx in patterns:
            assert read.possible(rx, a) == ordered.possible(rx, b), (rx.pattern[:60], text[:60])
            if rx.search(low):
                assert ordered.possible(rx, b)


def test_ordered_keys_rule_out_more_patterns_by_one_test(
    notes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the order is for: after the key test (one AND, no call) fewer patterns are
    left to ``possible`` on notes like those it learned from (measured at 200k: 12-13
    calls a text down to about 6)."""
    patterns = list(engine._PREFILTER.patterns)
    read, ordered = _pair(patterns, notes[:400], monkeypatch)

    def left(pf: Prefilter) -> int:
        keys = [pf.key([rx]) for rx in patterns]
        return sum(1 for t in notes[400:] for k in keys if pf.present(visible(t).lower()).mask & k)

    assert left(ordered) < 0.75 * left(read)


def test_the_engine_keys_follow_the_order(
    texts: list[str], notes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's kind and pattern keys are derived again when the prefilter orders
    its needs, and its signals do not change."""
    before = [signals(t) for t in texts[:600]]
    engine._prefiltered.cache_clear()
    monkeypatch.setattr(prefilter, "LEARN", 64)
    monkeypatch.setattr(prefilter, "EVERY", 1)
    try:
        pf, kind_key, needs_by_kind = engine._prefiltered()
        for text in notes[:64]:  # the texts it learns from
            signals(text)
        assert pf._seen is None, "the needs were not ordered"
        for signal, patterns in needs_by_kind.items():
            assert kind_key[signal] == pf.key(p for p, _, _, _ in patterns)
            for p, _, _, need in patterns:
                assert need == pf.key([p])
        assert [signals(t) for t in texts[:600]] == before
    finally:
        engine._prefiltered.cache_clear()
