"""Lineage findings: each one on the scenario it is for, and silent on a clean lineage."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit import review
from memaudit.adapters import open_store
from memaudit.adapters.native import NativeStore
from memaudit.ledger import Ledger
from memaudit.lineage_checks import (
    Kind,
    LineageFinding,
    findings_for,
    lineage_findings,
    looks_similar,
    summary_depth,
)
from memaudit.model import Relation, SourceType
from memaudit.review import Candidate
from memaudit.store import Store

U, T, S, I, A = (  # noqa: E741  (short names keep the scenarios readable)
    SourceType.USER_STATEMENT,
    SourceType.TOOL_OBSERVATION,
    SourceType.SUMMARY,
    SourceType.INFERENCE,
    SourceType.ASSISTANT_MESSAGE,
)


def add(
    ledger: Ledger,
    mid: str,
    content: str,
    source_type: SourceType = U,
    parents: list[str] | None = None,
    *,
    confidence: float | None = None,
    source_ref: str | None = None,
    approve: bool = True,
) -> str:
    promote = ledger.policy().route(source_type) == "transient"
    review.stage(
        ledger,
        Candidate(
            content=content,
            source_type=source_type,
            id=mid,
            derived_from=parents or [],
            confidence=confidence,
            source_ref=source_ref,
            promote=promote,
        ),
    )
    if approve:
        review.approve(ledger, mid, promote=promote)
    return mid


def kinds(found: list[LineageFinding], kind: Kind) -> list[LineageFinding]:
    return [f for f in found if f.kind is kind]


def trace_findings(store: Store, mid: str) -> list[LineageFinding]:
    return lineage_findings(store, store.lineage(mid))


@pytest.fixture
def clean(ledger: Ledger) -> NativeStore:
    """Observation → a summary that keeps its qualifiers, no surer than its source."""
    add(
        ledger,
        "obs",
        "I usually deploy on Fridays, but only for small fixes.",
        confidence=0.9,
        source_ref="s-1#m-1",
    )
    add(
        ledger,
        "sum",
        "The user usually deploys on Fridays, but only small fixes.",
        S,
        ["obs"],
        confidence=0.8,
        source_ref="summary:s-1",
    )
    add(ledger, "other", "The staging database runs PostgreSQL 16.", T, source_ref="tool:psql")
    return NativeStore(ledger)


def test_clean_lineage_has_no_findings(clean: NativeStore) -> None:
    for mid in ("obs", "sum", "other"):
        assert trace_findings(clean, mid) == []
        assert findings_for(clean, mid) == []


# -- laundered confidence -----------------------------------------------------


def test_cache_loop_launders_confidence(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("cache_loop"))) as store:
        found = kinds(findings_for(store, "cache-inf-3"), Kind.LAUNDERED_CONFIDENCE)
    assert [f.memory_ids for f in found] == [("cache-inf-3", "cache-obs-1")]
    assert found[0].detail == {
        "confidence": 0.95,
        "weakest_source": "cache-obs-1",
        "weakest_confidence": 0.7,
    }
    assert "0.95" in found[0].evidence and "0.70" in found[0].evidence


def test_equal_or_lower_confidence_is_not_laundering(ledger: Ledger) -> None:
    add(ledger, "obs", "The build took 4 minutes.", T, confidence=0.8)
    add(ledger, "inf", "Builds take about 4 minutes.", I, ["obs"], confidence=0.8)
    add(ledger, "inf2", "Builds are quick.", I, ["inf"], confidence=0.6)
    store = NativeStore(ledger)
    assert kinds(trace_findings(store, "inf2"), Kind.LAUNDERED_CONFIDENCE) == []


# -- laundered source ---------------------------------------------------------


def test_observation_resting_on_model_output_is_laundered(ledger: Ledger) -> None:
    add(ledger, "guess", "Server X is probably overloaded.", I)
    add(ledger, "claim", "Server X is overloaded.", U, ["guess"])
    found = kinds(findings_for(NativeStore(ledger), "claim"), Kind.LAUNDERED_SOURCE)
    assert [f.memory_ids for f in found] == [("claim", "guess")]
    assert "inference" in found[0].evidence


def test_unapproved_active_assistant_output_is_laundered(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("self_echo"))) as store:
        found = kinds(findings_for(store, "echo-asst"), Kind.LAUNDERED_SOURCE)
        user = kinds(findings_for(store, "echo-user"), Kind.LAUNDERED_SOURCE)
    assert [f.memory_ids for f in found] == [("echo-asst",)]
    assert user == []


def test_promoted_assistant_output_is_not_laundered(ledger: Ledger) -> None:
    add(ledger, "said", "Use the staging cluster for load tests.", A)  # promoted, approved
    add(ledger, "pending", "Maybe rotate the keys.", A, approve=False)
    add(ledger, "obs", "Deploys run from main.", U)
    add(ledger, "obs2", "Deploys run from main only.", U, ["obs"])  # T1 on T1
    store = NativeStore(ledger)
    for mid in ("said", "pending", "obs2"):
        assert kinds(findings_for(store, mid), Kind.LAUNDERED_SOURCE) == []


# -- single-root corroboration --------------------------------------------------


@pytest.mark.parametrize("mid", ["netx-1", "netx-2", "netx-3", "netx-obs"])
def test_three_corroboration_is_one_root(sample: Callable[[str], Path], mid: str) -> None:
    with open_store(str(sample("three_corroboration"))) as store:
        found = kinds(trace_findings(store, mid), Kind.SINGLE_ROOT_CORROBORATION)
    assert [f.memory_ids for f in found] == [("netx-1", "netx-2", "netx-3")]
    assert found[0].detail["roots"] == ["netx-obs"]
    assert found[0].detail["conversations"] == ["conv-17"]


def test_one_conversation_without_edges_is_one_root(ledger: Ledger) -> None:
    add(ledger, "m1", "The billing service times out under load.", U, source_ref="conv-9#1")
    add(ledger, "m2", "Billing service timeouts happen under load.", U, source_ref="conv-9#4")
    add(ledger, "m3", "The billing service times out under load.", U, source_ref="conv-10#2")
    found = kinds(findings_for(NativeStore(ledger), "m1"), Kind.SINGLE_ROOT_CORROBORATION)
    assert [f.memory_ids for f in found] == [("m1", "m2")]
    assert found[0].detail["roots"] == []


def test_similar_memories_from_separate_roots_corroborate(ledger: Ledger) -> None:
    add(ledger, "a", "Server X has a network problem.", U, source_ref="conv-1#1")
    add(ledger, "b", "Server X has recurring network problems.", T, source_ref="tool:ping#7")
    add(ledger, "c", "Server X network problem confirmed.", I, ["b"], source_ref="conv-2")
    store = NativeStore(ledger)
    for mid in "abc":
        assert kinds(trace_findings(store, mid), Kind.SINGLE_ROOT_CORROBORATION) == []


def test_similarity_heuristic() -> None:
    assert looks_similar(
        "Server X has a network problem.", "Server X has recurring network problems."
    )
    assert not looks_similar("Server X has a network problem.", "Server Y was rebooted.")


# -- qualifier loss -------------------------------------------------------------


def test_summary_drift_names_dropped_qualifiers(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("summary_drift"))) as store:
        found = kinds(trace_findings(store, "drift-3"), Kind.QUALIFIER_LOSS)
    assert [f.memory_ids for f in found] == [("drift-1", "drift-0")]
    assert found[0].detail["dropped"] == ["usually", "but", "for small tools"]
    for word in ('"usually"', '"but"', '"for small tools"'):
        assert word in found[0].evidence


def test_kept_qualifiers_are_not_lost(clean: NativeStore) -> None:
    assert kinds(trace_findings(clean, "sum"), Kind.QUALIFIER_LOSS) == []


# -- summary-of-summary depth -----------------------------------------------------


def test_summary_of_summary_depth(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("summary_drift"))) as store:
        lineage = store.lineage("drift-3", down=False)
        found = kinds(findings_for(store, "drift-3"), Kind.SUMMARY_DEPTH)
        shallow = kinds(findings_for(store, "drift-1"), Kind.SUMMARY_DEPTH)
    assert summary_depth(lineage, "drift-3") == 3
    assert [(f.memory_ids, f.detail) for f in found] == [(("drift-3",), {"depth": 3})]
    assert shallow == []


# -- effective trust ----------------------------------------------------------------


def test_summary_of_an_inference_has_effective_trust_t5(ledger: Ledger) -> None:
    add(ledger, "obs", "The job failed twice this week.", T)
    add(ledger, "inf", "The job is flaky.", I, ["obs"])
    add(
        ledger,
        "sum",
        "Known flaky job.",
        S,
        ["inf"],
    )
    found = kinds(findings_for(NativeStore(ledger), "sum"), Kind.EFFECTIVE_TRUST)
    assert [(f.memory_ids, f.detail) for f in found] == [
        (("sum", "inf"), {"own": "T4", "effective": "T5"})
    ]


def test_effective_trust_no_weaker_than_own_tier_is_no_finding(
    sample: Callable[[str], Path],
) -> None:
    with open_store(str(sample("cache_loop"))) as store:
        lineage = store.lineage("cache-inf-3")
        assert lineage.effective_trust() is not None
        assert lineage.effective_trust().value == "T5"  # type: ignore[union-attr]
        # Already T5 by its own source type: nothing hidden, so no finding.
        assert kinds(findings_for(store, "cache-inf-3"), Kind.EFFECTIVE_TRUST) == []


# -- cycles and missing sources -------------------------------------------------------


def test_cycle_is_a_finding(ledger: Ledger) -> None:
    add(ledger, "a", "Alpha.", U)
    add(ledger, "b", "Beta from alpha.", I, ["a"])
    review.link(ledger, "a", ["b"], Relation.INFERS)
    found = kinds(findings_for(NativeStore(ledger), "b"), Kind.CYCLE)
    assert [f.memory_ids for f in found] == [("a", "b")]
    assert "a → b → a" in found[0].evidence


def test_missing_source_is_a_finding(ledger: Ledger) -> None:
    add(ledger, "obs", "The cache was cold.", T, approve=False)
    add(ledger, "inf", "The cache causes slow starts.", I, ["obs"])
    review.reject(ledger, "obs", "not our cluster")
    found = kinds(findings_for(NativeStore(ledger), "inf"), Kind.MISSING_SOURCE)
    assert [f.memory_ids for f in found] == [("inf", "obs")]
    assert "rejected" in found[0].evidence and "not our cluster" in found[0].evidence
    assert found[0].suggestion == "memaudit log --memory obs"


def test_no_cycle_or_missing_source_on_a_clean_lineage(clean: NativeStore) -> None:
    found = trace_findings(clean, "sum")
    assert kinds(found, Kind.CYCLE) == [] and kinds(found, Kind.MISSING_SOURCE) == []


def test_findings_serialise(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("cache_loop"))) as store:
        data = [f.to_dict() for f in findings_for(store, "cache-inf-3")]
    assert {"kind", "severity", "memory_ids", "evidence", "suggestion", "detail"} <= set(data[0])
