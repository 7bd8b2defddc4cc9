"""The write gate: classification by policy, approval, rejection, optimistic versions."""

import json

import pytest

from memaudit import review
from memaudit.errors import Conflict, InvalidInput, NotFound, Refused
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, SourceType, Status
from memaudit.review import Candidate


def count(ledger: Ledger) -> int:
    return ledger.count(MemoryFilter())


def test_observations_go_to_pending(ledger: Ledger) -> None:
    for st in (SourceType.USER_STATEMENT, SourceType.TOOL_OBSERVATION):
        staged = review.stage(ledger, Candidate(f"Observed by {st.value}.", st))
        assert staged.status is Status.PENDING and not staged.derived


def test_summary_is_pending_and_marked_derived(ledger: Ledger) -> None:
    src = review.stage(ledger, Candidate("I usually use PostgreSQL.", SourceType.USER_STATEMENT))
    staged = review.stage(
        ledger, Candidate("User prefers PostgreSQL.", SourceType.SUMMARY, derived_from=[src.id])
    )
    assert staged.status is Status.PENDING and staged.derived
    assert [(e.parent_id, e.relation.value) for e in ledger.parents(staged.id)] == [
        (src.id, "summarizes")
    ]


@pytest.mark.parametrize(
    "st", [SourceType.INFERENCE, SourceType.REFLECTION, SourceType.ASSISTANT_MESSAGE]
)
def test_model_conclusions_are_refused_without_promote(ledger: Ledger, st: SourceType) -> None:
    events_before = len(ledger.events())
    with pytest.raises(Refused, match="transient"):
        review.stage(ledger, Candidate("The cache layer is unreliable.", st))
    assert count(ledger) == 0
    assert len(ledger.events()) == events_before


def test_promoted_conclusion_is_pending_and_derived(ledger: Ledger) -> None:
    staged = review.stage(
        ledger, Candidate("The cache is unreliable.", SourceType.INFERENCE, promote=True)
    )
    memory = ledger.require(staged.id)
    assert memory.status is Status.PENDING and memory.derived
    assert ledger.events(memory_id=staged.id)[0].detail["promoted"] is True


def test_approve_and_its_event(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("The user likes tea.", SourceType.USER_STATEMENT))
    memory = review.approve(ledger, staged.id, actor="alice")
    assert memory.status is Status.ACTIVE
    last = ledger.events(memory_id=staged.id)[-1]
    assert (last.action, last.actor) == ("approve", "alice")


def test_approving_a_changed_item_is_refused(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("Deploys on Friday.", SourceType.USER_STATEMENT))
    seen = ledger.require(staged.id).version
    review.edit(ledger, staged.id, "Deploys on Monday.")
    with pytest.raises(Conflict, match="changed since it was read"):
        review.approve(ledger, staged.id, expected_version=seen)
    assert ledger.require(staged.id).status is Status.PENDING


def test_reject_removes_content_and_keeps_a_tombstone(ledger: Ledger) -> None:
    secret = "The vault hint is OTTER-1234-LYNX and nobody else knows it."
    staged = review.stage(ledger, Candidate(secret, SourceType.USER_STATEMENT))
    review.reject(ledger, staged.id, "not for memory")
    assert ledger.get(staged.id) is None
    assert ledger.tombstone(staged.id)["status"] == "rejected"
    dump = "\n".join(
        str(r)
        for t in ("memories", "events", "tombstones", "memories_fts_data")
        for r in ledger.conn.execute(f"SELECT * FROM {t}")
    )
    assert "otter" not in dump.lower()
    with pytest.raises(NotFound, match="rejected"):
        ledger.require(staged.id)


def test_reject_needs_a_reason(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("x y z", SourceType.USER_STATEMENT))
    with pytest.raises(InvalidInput, match="reason"):
        review.reject(ledger, staged.id, "  ")


def test_batch_is_all_or_nothing(ledger: Ledger) -> None:
    batch = [
        Candidate("First fact.", SourceType.USER_STATEMENT),
        Candidate("An inference.", SourceType.INFERENCE),
    ]
    with pytest.raises(Refused, match="item 2"):
        review.stage_batch(ledger, batch)
    assert count(ledger) == 0
    batch2 = [
        Candidate("First fact.", SourceType.USER_STATEMENT),
        Candidate("Second", SourceType.USER_STATEMENT, derived_from=["nope"]),
    ]
    with pytest.raises(NotFound, match="item 2"):
        review.stage_batch(ledger, batch2)
    assert count(ledger) == 0


def test_content_limits(ledger: Ledger) -> None:
    with pytest.raises(InvalidInput, match="limit is 16000"):
        review.stage(ledger, Candidate("x" * 16001, SourceType.USER_STATEMENT))
    with pytest.raises(InvalidInput, match="empty"):
        review.stage(ledger, Candidate("   ", SourceType.USER_STATEMENT))
    with pytest.raises(InvalidInput, match="confidence"):
        review.stage(ledger, Candidate("x", SourceType.USER_STATEMENT, confidence=1.5))
    assert count(ledger) == 0


def test_candidate_from_json_rejects_wrong_types() -> None:
    for bad, msg in [
        ([], "JSON object"),
        ({"content": 1, "source_type": "user_statement"}, "content"),
        ({"content": "x", "source_type": "guess"}, "unknown source type"),
        ({"content": "x", "source_type": "user_statement", "tags": "a"}, "tags"),
        ({"content": "x", "source_type": "user_statement", "confidence": "high"}, "confidence"),
        ({"content": "x", "source_type": "user_statement", "colour": "red"}, "unknown field"),
    ]:
        with pytest.raises(InvalidInput, match=msg):
            review.Candidate.from_json(bad)


def test_events_never_hold_rejected_content(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("Secret plan: PELICAN-99.", SourceType.USER_STATEMENT))
    review.edit(ledger, staged.id, "Secret plan: PELICAN-100.")
    review.reject(ledger, staged.id, "private")
    rows = ledger.conn.execute("SELECT * FROM events").fetchall()
    tomb = ledger.conn.execute("SELECT * FROM tombstones").fetchall()
    assert "PELICAN" not in json.dumps(rows) + json.dumps(tomb)


def test_record_access_counts(ledger: Ledger) -> None:
    staged = review.stage(ledger, Candidate("x y z", SourceType.USER_STATEMENT))
    review.record_access(ledger, staged.id)
    memory = review.record_access(ledger, staged.id)
    assert memory.access_count == 2 and memory.last_accessed is not None


def test_policy_route_active_skips_review(ledger: Ledger) -> None:
    with ledger.transaction():
        ledger.conn.execute(
            "UPDATE policy SET value = '\"active\"' WHERE key = 'route.assistant_message'"
        )
    staged = review.stage(ledger, Candidate("I am helpful.", SourceType.ASSISTANT_MESSAGE))
    assert staged.status is Status.ACTIVE
    assert ledger.events(memory_id=staged.id)[0].action == "write"
