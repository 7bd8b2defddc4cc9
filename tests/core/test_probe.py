"""The probe core: markers that cannot collide, and probe 6's reading of what a store kept.

Probe 6 against the real providers (tests/cli/test_probe_run.py) only ever sees "kept
both" offline — their contradiction handling needs an LLM — so the other outcomes are
checked here on the canonical model the adapters return.
"""

from __future__ import annotations

import re

import pytest

from memaudit.model import Memory, Status, Validation
from memaudit.probe import markers
from memaudit.probe.automated import _classify6
from memaudit.probe.report import ProbeResult, Verdict, all_passed


@pytest.mark.parametrize("_", range(50))
def test_guided_markers_never_say_what_they_look_for(_: int) -> None:
    m = markers.guided()
    said = " ".join(line for step in markers.steps(m) for line in step.say)
    assert m.conclusion not in said and m.tool_output not in said
    assert m.ordinary in said and m.remember in said
    assert m.conclusion == str(m.locker + m.offset)
    assert re.fullmatch(r"[A-Z]+-\d+", m.tool_output)
    words = [m.ordinary.split("-")[0], m.remember.split("-")[0], m.depot, m.tool_word]
    assert len(set(words)) == 4
    assert markers.GuidedMarkers.from_dict(m.to_dict()) == m
    for banned in ("password", "secret", "token", "key"):
        assert banned not in said.lower()


def _facts() -> markers.ContradictionFacts:
    return markers.ContradictionFacts("HERON-1111", "ALDER-2222", "BIRCH-3333")


def _mem(mid: str, value: str, **kw) -> Memory:
    return Memory(id=mid, content=f"The build server for project HERON-1111 is {value}.", **kw)


def test_kept_both_with_timestamps_passes() -> None:
    old = _mem("a", "ALDER-2222", created_at="2026-11-30T10:00:00Z")
    new = _mem("b", "BIRCH-3333", created_at="2026-12-01T10:00:00Z")
    verdict, happened = _classify6(_facts(), [old], [new], [], same_id=False)
    assert verdict is Verdict.PASS and "+24.0 h apart" in happened


def test_kept_both_without_timestamps_fails() -> None:
    verdict, happened = _classify6(
        _facts(), [_mem("a", "ALDER-2222")], [_mem("b", "BIRCH-3333")], [], same_id=False
    )
    assert verdict is Verdict.FAIL and "no timestamps" in happened


def test_older_destroyed_fails_and_names_where_its_text_survived() -> None:
    from memaudit.store import Residue
    from memaudit.verification import LayerReport

    survived = [LayerReport("history", "history", "", [Residue("history", "h.old", "exact text")])]
    new = _mem("b", "BIRCH-3333", created_at="2026-12-01T10:00:00Z")
    verdict, happened = _classify6(_facts(), [], [new], survived, same_id=False)
    assert verdict is Verdict.FAIL
    assert (
        happened
        == "destroyed the older, with no validation and no question; its text survives only in history"
    )
    verdict, happened = _classify6(_facts(), [], [new], [], same_id=True)
    assert happened.startswith("overwrote the older in place (same id)")


def test_superseded_needs_validation_and_a_question_passes() -> None:
    new = _mem("b", "BIRCH-3333", created_at="2026-12-01T10:00:00Z")
    silent = _mem("a", "ALDER-2222", status=Status.SUPERSEDED, superseded_by="b")
    verdict, happened = _classify6(_facts(), [silent], [new], [], same_id=False)
    assert verdict is Verdict.FAIL and "without validation" in happened
    checked = _mem(
        "a",
        "ALDER-2222",
        status=Status.SUPERSEDED,
        superseded_by="b",
        validation=Validation.VALIDATED,
        validated_by="alice",
    )
    verdict, happened = _classify6(_facts(), [checked], [new], [], same_id=False)
    assert verdict is Verdict.PASS and "with validation by alice" in happened
    pending = _mem("b", "BIRCH-3333", status=Status.PENDING)
    verdict, happened = _classify6(
        _facts(), [_mem("a", "ALDER-2222")], [pending], [], same_id=False
    )
    assert verdict is Verdict.PASS and happened.startswith("asked")


def test_a_run_passes_only_when_some_probe_applied_and_all_applicable_passed() -> None:
    def r(v: Verdict) -> ProbeResult:
        return ProbeResult(1, "t", "e", "h", v)

    assert all_passed([r(Verdict.PASS), r(Verdict.NOT_APPLICABLE), r(Verdict.CLEAN)])
    assert not all_passed([r(Verdict.PASS), r(Verdict.UNVERIFIED)])
    assert not all_passed([r(Verdict.NOT_APPLICABLE)])  # nothing checked is not a pass
