"""Forget requests: an agent asks, a person forgets, rejects or dismisses."""

from __future__ import annotations

import json

import pytest

from memaudit import forget, forget_requests, review
from memaudit.errors import InvalidInput, NotFound, Refused
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.review import Candidate


def put(ledger: Ledger, text: str, *, approve: bool = True) -> str:
    staged = review.stage(ledger, Candidate(text, SourceType.USER_STATEMENT))
    if approve:
        review.approve(ledger, staged.id, actor="alice")
    return staged.id


def test_a_request_names_the_memory_and_keeps_the_reason_out_of_the_log(ledger: Ledger) -> None:
    mid = put(ledger, "My bank PIN is 4711")
    [(req, new)] = forget_requests.request(
        ledger, [mid], "the user said: forget PIN 4711", actor="mcp:a"
    )
    assert new and req.memory_id == mid and req.requested_by == "mcp:a"
    assert forget_requests.open_requests(ledger) == [req]
    [event] = ledger.events(actions=[forget_requests.EVENT_REQUEST])
    assert (event.memory_id, event.actor, event.reason) == (mid, "mcp:a", None)
    assert "4711" not in json.dumps([e.to_dict() for e in ledger.events()])
    # The same agent asking again adds nothing; another one is its own request.
    [(same, again)] = forget_requests.request(ledger, [mid], "again", actor="mcp:a")
    assert same == req and not again
    forget_requests.request(ledger, [mid], "me too", actor="mcp:b")
    assert forget_requests.count(ledger) == 2


def test_forgetting_or_rejecting_the_memory_takes_its_requests_and_reasons(
    ledger: Ledger,
) -> None:
    active = put(ledger, "The user lives at 12 Via Roma")
    waiting = put(ledger, "The user's phone is 555-0100", approve=False)
    forget_requests.request(ledger, [active, waiting], "quoting 12 Via Roma", actor="mcp:a")
    review.reject(ledger, waiting, "the user asked", actor="alice")
    assert [r.memory_id for r in forget_requests.open_requests(ledger)] == [active]
    result = forget.apply(ledger, forget.plan(ledger, [active]), actor="alice")
    assert result.clean, [r.residue for r in result.reports if not r.clean]
    assert forget_requests.open_requests(ledger) == []
    with pytest.raises(NotFound, match="forgotten"):
        forget_requests.request(ledger, [active], "once more", actor="mcp:a")


def test_dismiss(ledger: Ledger) -> None:
    mid = put(ledger, "The user prefers dark mode")
    [(req, _)] = forget_requests.request(ledger, [mid], "outdated?", actor="mcp:a")
    with pytest.raises(InvalidInput, match="reason"):
        forget_requests.dismiss(ledger, [req.id], " ", actor="alice")
    with pytest.raises(Refused, match="repeats what is being kept"):
        forget_requests.dismiss(ledger, [req.id], "keep: The user prefers dark mode", actor="alice")
    done = forget_requests.dismiss(ledger, [req.id], "still true", actor="alice")
    assert done == [req] and forget_requests.open_requests(ledger) == []
    assert ledger.require(mid).content == "The user prefers dark mode"
    [event] = ledger.events(actions=[forget_requests.EVENT_DISMISS])
    assert (event.actor, event.reason, event.detail["request"]) == ("alice", "still true", req.id)
    with pytest.raises(NotFound, match="no open forget request"):
        forget_requests.dismiss(ledger, [req.id], "again", actor="alice")


def test_a_text_names_exactly_the_memories_holding_it(ledger: Ledger) -> None:
    pin = put(ledger, "My bank PIN is 4711.")
    hidden = put(ledger, "Note: my  BANK\u200b pin is 4711, keep it safe")
    pending = put(ledger, "Reminder: bank PIN is 4711", approve=False)
    put(ledger, "The bank is open until 4 and my PIN is secret")  # shares words only
    assert set(forget_requests.holding(ledger, "bank PIN is 4711")) == {pin, hidden, pending}
    assert forget_requests.holding(ledger, "PIN is 4712") == []
    with pytest.raises(InvalidInput, match="empty"):
        forget_requests.holding(ledger, " \u200b ")


def test_limits(ledger: Ledger, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = [put(ledger, f"Shared fact number {n}") for n in range(4)]
    monkeypatch.setattr(forget_requests, "MAX_MATCHES", 3)
    with pytest.raises(InvalidInput, match="4 memories hold that text"):
        forget_requests.holding(ledger, "shared fact")
    with pytest.raises(InvalidInput, match="reason is required"):
        forget_requests.request(ledger, ids[:1], "", actor="mcp:a")
    with pytest.raises(InvalidInput, match="limit"):
        forget_requests.request(ledger, ids[:1], "x" * 2001, actor="mcp:a")
    with pytest.raises(NotFound):
        forget_requests.request(ledger, ["m_nope"], "why", actor="mcp:a")
    assert forget_requests.count(ledger) == 0  # nothing half-written


def test_forget_verifies_the_requests_layer(ledger: Ledger) -> None:
    """A request's reason may quote another memory: forgetting that one finds it there
    (a named layer), instead of calling the ledger clean."""
    secret = put(ledger, "The staging passphrase is ZEBRA-7731-QUOKKA for the deploy box.")
    other = put(ledger, "The user deploys on Fridays")
    forget_requests.request(
        ledger,
        [other],
        "it sits next to: The staging passphrase is ZEBRA-7731-QUOKKA for the deploy box.",
        actor="mcp:a",
    )
    result = forget.apply(ledger, forget.plan(ledger, [secret]), actor="alice")
    dirty = {r.layer for r in result.reports if not r.clean}
    assert "forget_requests" in dirty
    [report] = [r for r in result.reports if r.layer == "forget_requests"]
    assert report.probed and report.residue
