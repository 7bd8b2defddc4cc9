"""The audit detectors on the sample stores: each fires on its scenario, none on the
clean control."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memaudit import audit
from memaudit.adapters import open_store
from memaudit.clock import parse_time
from memaudit.ledger import Ledger
from memaudit.model import Memory, MemoryFilter, SourceType, Status
from memaudit.review import Candidate, stage
from memaudit.store import Capability, Store
from tests.conftest import NOW

NOW_DT = parse_time(NOW)


def run(path: Path, *patterns: str) -> audit.Report:
    with open_store(str(path)) as store:
        return audit.run(store, NOW_DT, patterns=list(patterns) or None)


def findings(report: audit.Report, detector: str) -> list[audit.Finding]:
    return [f for f in report.findings() if f.detector == detector]


# (sample, detector, the memory ids the finding names first, words in its evidence)
CASES = [
    ("self_echo", "self_echo", ("echo-asst",), ["active assistant message", "no approve"]),
    (
        "summary_drift",
        "summary_chain",
        ("drift-3", "drift-2", "drift-1", "drift-0"),
        ["3 summarisation steps"],
    ),
    (
        "summary_drift",
        "qualifier_loss",
        ("drift-1", "drift-0"),
        ["usually", "but", "for small tools"],
    ),
    (
        "reflection_amplification",
        "unmarked_interpretation",
        ("mig-refl", "mig-obs-1", "mig-obs-2", "mig-obs-3"),
        ["reads as 4 independent facts", "3 observations"],
    ),
    (
        "retrieval_amplification",
        "hot_memory",
        ("hot-inf", "hot-obs"),
        ["retrieved 40 times", "1 independent observation", "spawned 2", "Gini"],
    ),
    ("retrieval_amplification", "pinned_fresh", ("hot-inf",), ["34 of 34", "maximum freshness"]),
    (
        "contradiction_collapse",
        "mass_invalidation",
        ("prod-00",),
        ["invalidated 12 of 20", "60%", "0 of them have a validation event"],
    ),
    (
        "contradiction_collapse",
        "unvalidated_supersession",
        ("prod-00", "stg-00"),
        ["no validate or resolve event"],
    ),
    (
        "user_model",
        "inferred_user_trait",
        ("orm-asst",),
        ["100% model output", "no observation at all"],
    ),
    (
        "summary_drift",
        "inferred_user_trait",
        ("p-database", "drift-3"),
        ["88% model output", "drift-0"],
    ),
    (
        "self_echo",
        "agent_self_model",
        ("self-model", "echo-asst-2"),
        ["describes the agent", "echo-asst-2"],
    ),
    (
        "pending_queue",
        "near_duplicate",
        ("q-active-tz", "q-dup"),
        ["nearly the same thing", "1.00"],
    ),
    ("pending_queue", "stale_pending", ("q-stale",), ["121 days", "stale_pending_days"]),
    (
        "stale_lockin",
        "stale_lockin",
        ("deploy-jenkins", "deploy-gha"),
        ["importance 9", "still active"],
    ),
    (
        "poetry_uv",
        "stated_change",
        ("pkg-poetry", "pkg-uv"),
        ["still says poetry", "moved the project from poetry to uv", "candidate winner"],
    ),
    (
        "bun_investigation",
        "idle_lockin",
        ("bun-1",),
        ["investigation or plan", "importance 8", "212 idle days"],
    ),
    (
        "destructive_consolidation",
        "destructive_consolidation",
        ("pg-obs", "pg-inf"),
        ["tool_observation", "inference"],
    ),
    (
        "pending_queue",
        "injected_instruction",
        ("q-hidden",),
        ["assistant's own message", "bidi", "without review"],
    ),
]


@pytest.mark.parametrize(
    ("name", "detector", "ids", "words"), CASES, ids=[f"{c[1]}@{c[0]}" for c in CASES]
)
def test_detector_fires_on_its_sample(
    sample: Callable[[str], Path], name: str, detector: str, ids: tuple[str, ...], words: list[str]
) -> None:
    report = run(sample(name), detector)
    found = findings(report, detector)
    assert found, f"{detector} found nothing in {name}"
    match = [f for f in found if f.memory_ids[: len(ids)] == ids]
    assert match, [f.memory_ids for f in found]
    f = match[0]
    for word in words:
        assert word in f.evidence, (word, f.evidence)
    assert f.rule == audit.BY_NAME[detector].rule
    assert f.suggestion.startswith("memaudit ")


@pytest.mark.parametrize("detector", [d.name for d in audit.DETECTORS])
def test_detector_is_silent_on_the_clean_control(
    sample: Callable[[str], Path], detector: str
) -> None:
    report = run(sample("clean_control"), detector)
    (result,) = [r for r in report.results if r.detector.name == detector]
    assert result.checked
    assert result.total == 0, [f.evidence for f in result.findings]


def test_every_detector_has_a_firing_sample() -> None:
    assert {c[1] for c in CASES} | {"exact_duplicate"} == set(audit.BY_NAME)


def test_exact_duplicates_after_normalisation(ledger: Ledger) -> None:
    for n, text in enumerate(
        ["The API key rotates monthly.", "the  API key rotates MONTHLY.", "Other."]
    ):
        stage(ledger, Candidate(text, SourceType.USER_STATEMENT, id=f"d{n}"))
    store = open_store(str(ledger.path))
    report = audit.run(store, NOW_DT, patterns=["duplicates"])
    exact = findings(report, "exact_duplicate")
    assert [f.memory_ids for f in exact] == [("d0", "d1")]
    # Exact duplicates are not reported again as near-duplicates.
    assert findings(report, "near_duplicate") == []


def test_mass_invalidation_of_more_than_half_in_one_run(ledger: Ledger) -> None:
    """Eleven of twenty invalidated by one consolidation run (no run id: grouped by
    actor and time) is contradiction collapse; a run of three is not."""
    ledger.conn.execute("UPDATE policy SET value = '5' WHERE key = 'audit.mass_invalidation_min'")
    for n in range(20):
        stage(
            ledger,
            Candidate(f"Fact number {n} about host h{n}.", SourceType.TOOL_OBSERVATION, id=f"f{n}"),
        )
    with ledger.transaction():
        for n in range(11):
            ledger.conn.execute(
                "UPDATE memories SET status='superseded', superseded_by='f19' WHERE id=?",
                (f"f{n}",),
            )
            ledger.log("supersede", f"f{n}", actor="consolidator", detail={"by": "f19"})
    store = open_store(str(ledger.path))
    report = audit.run(store, NOW_DT, patterns=["contradiction_collapse"])
    (mass,) = findings(report, "mass_invalidation")
    assert mass.severity is audit.Severity.HIGH
    assert mass.detail["invalidated"] == 11 and mass.detail["store_size"] == 20
    assert "invalidated 11 of 20" in mass.evidence


def test_validated_supersession_is_not_collapse(sample: Callable[[str], Path]) -> None:
    report = run(sample("clean_control"), "contradiction_collapse", "destructive_consolidation")
    assert report.counts() == dict.fromkeys(audit.Severity, 0)


def test_thresholds_come_from_the_policy(sample: Callable[[str], Path]) -> None:
    path = sample("pending_queue")
    with Ledger.open(path, readonly=False) as led, led.transaction():
        led.conn.execute("UPDATE policy SET value = '400' WHERE key = 'stale_pending_days'")
    assert findings(run(path, "stale_pending"), "stale_pending") == []


def test_findings_are_capped_but_all_counted(sample: Callable[[str], Path]) -> None:
    with open_store(str(sample("contradiction_collapse"))) as store:
        report = audit.run(store, NOW_DT, patterns=["unvalidated_supersession"], max_findings=3)
    (result,) = report.results
    assert len(result.findings) == 3 and result.total == 12


def test_unknown_pattern_is_refused() -> None:
    with pytest.raises(Exception, match="unknown pattern 'nope'"):
        audit.select(["nope"])


class ListStore(Store):
    """A minimal foreign store: memories only, no events, no edges."""

    adapter_name = "list"
    capabilities = frozenset({Capability.READ})

    def __init__(self, items: list[Memory]) -> None:
        super().__init__("list://test")
        self.items = items

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        return list(self.items)

    def get(self, memory_id: str) -> Memory | None:
        return next((m for m in self.items if m.id == memory_id), None)


def _foreign() -> ListStore:
    common: dict[str, Any] = {"status": Status.ACTIVE, "created_at": "2026-11-01T00:00:00Z"}
    return ListStore(
        [
            Memory(
                "a1",
                "The user likes tea.",
                SourceType.UNKNOWN,
                extra={"role": "assistant"},
                **common,
            ),
            Memory("a2", "I always check the logs first.", SourceType.ASSISTANT_MESSAGE, **common),
            Memory("u1", "The build uses make.", SourceType.USER_STATEMENT, **common),
            Memory("u2", "The build uses make", SourceType.USER_STATEMENT, **common),
        ]
    )


def test_a_foreign_store_without_events_says_not_checked() -> None:
    report = audit.run(_foreign(), NOW_DT)
    by_name = {r.detector.name: r for r in report.results}
    assert not by_name["self_echo"].checked
    assert by_name["self_echo"].why_unchecked == "the store records no events"
    assert not by_name["summary_chain"].checked
    assert "no derivation edges" in by_name["summary_chain"].why_unchecked
    # What can be checked from the memories alone still is: the role field counts.
    assert [f.memory_ids for f in findings(report, "agent_self_model")] == [("a2",)]
    assert [f.memory_ids for f in findings(report, "near_duplicate")] == [("u1", "u2")]
    data = report.to_dict()
    assert "self_echo: the store records no events" in data["patterns"]["self_echo"]["not_checked"]


def test_near_duplicate_blocking_finds_pairs_without_comparing_all() -> None:
    """Templated texts (the hard case for blocking): the near-duplicate is found, and
    the pairs looked at grow with n, not n²."""
    n = 2000
    texts = {i: f"Service number {i} runs on host alpha-{i} in rack {i % 7}." for i in range(n)}
    texts[5000] = "Service number 17 runs on host alpha-17 in rack 3"
    stats: dict[str, int] = {}
    pairs = audit.near_duplicate_pairs(iter(texts.items()), 0.8, stats)
    assert [(a, b) for a, b, _ in pairs] == [(17, 5000)]
    assert stats["considered"] < 20 * n  # all pairs would be about n²/2 = 2,000,000


@pytest.mark.parametrize("name", ["pending_queue", "summary_drift"])
def test_a_second_process_reports_the_same_findings(
    sample: Callable[[str], Path], name: str
) -> None:
    """Large ledgers run the content-heavy detectors in a child process; forced here on
    a sample, the report is the one a single process makes."""

    def shape(report: audit.Report) -> dict[str, Any]:
        data = report.to_dict()
        for d in data["detectors"]:
            d.pop("seconds")
            d["stats"].pop("judgements", None)  # the second run reads the first's
        return data

    with open_store(str(sample(name))) as store:
        one = audit.run(store, NOW_DT, workers=1)
        two = audit.run(store, NOW_DT, workers=2)
    assert shape(two) == shape(one)
    assert [r.detector.name for r in two.results] == [d.name for d in audit.DETECTORS]
    if name == "pending_queue":
        assert findings(two, "near_duplicate")


def test_text_detectors_kept_here_run_after_the_graph_is_dropped(
    sample: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a second process, exact_duplicate and unmarked_interpretation run in this
    one (the text process finished last at 1M), after the graph detectors and in a run
    of their own: the derivation graph is no longer held (it would add to the peak)."""
    import dataclasses
    import os

    from memaudit.audit import registry
    from memaudit.audit.runner import AFTER_GRAPH

    seen: dict[str, tuple[int, bool, int]] = {}  # name: (turn, graph held, process)

    def spying(det: audit.Detector) -> audit.Detector:
        def spy(ctx: Any) -> None:
            seen[det.name] = (len(seen), "derivation_graph" in ctx.memo, os.getpid())
            det.run(ctx)

        return dataclasses.replace(det, run=spy)

    watched = ("qualifier_loss", *AFTER_GRAPH)
    spied = [spying(d) if d.name in watched else d for d in audit.DETECTORS]
    monkeypatch.setattr(registry, "DETECTORS", spied)  # what `select` reads
    with open_store(str(sample("summary_drift"))) as store:
        report = audit.run(store, NOW_DT, workers=2)
    # The spies exist in this process only: what a child ran is not in `seen`.
    me = os.getpid()
    assert seen == {
        "qualifier_loss": (0, True, me),  # the graph detectors share the graph
        "unmarked_interpretation": (1, False, me),  # in the registry's order
        "exact_duplicate": (2, False, me),
    }
    assert [r.detector.name for r in report.results] == [d.name for d in audit.DETECTORS]
