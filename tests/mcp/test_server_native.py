"""`memaudit mcp` over stdio, driven by the MCP SDK's own client (a real subprocess).

The agent remembers, the person reviews through the CLI while the server runs, the
agent recalls only what was approved; refused conclusions, the missing gate tools and
forget requests are checked as an agent and a person would meet them.
"""

from __future__ import annotations

import json
from pathlib import Path

from memaudit.ledger import Ledger
from memaudit.mcp.tools import GATE_TOOLS, PREAMBLE
from tests.mcp.conftest import AGENT, NOW, data, session, text


def test_remembered_items_wait_for_a_person_then_recall_returns_them(cli, ledger_path: Path):
    db = ledger_path
    seen: dict[str, object] = {}

    async def agent(client):
        listed = await client.list_tools()
        seen["tools"] = {t.name: t for t in listed.tools}
        fact = data(
            await client.call_tool(
                "remember",
                {
                    "content": "The user deploys every Friday through the staging cluster",
                    "source_type": "user_statement",
                    "source_ref": "chat:42#7",
                    "confidence": 0.9,
                },
            )
        )
        summary = data(
            await client.call_tool(
                "remember",
                {
                    "content": "Deploys happen on Fridays via staging",
                    "source_type": "summary",
                    "derived_from": [fact["id"]],
                },
            )
        )
        seen["fact"], seen["summary"] = fact, summary
        seen["before"] = data(await client.call_tool("recall", {"query": "deploys Friday"}))
        seen["why_pending"] = data(await client.call_tool("why", {"id": summary["id"]}))
        # The person reviews while the server keeps running.
        for mid in (fact["id"], summary["id"]):
            result = cli("--now", NOW, "approve", mid, db=db)
            assert result.exit_code == 0, result.stderr
        seen["after"] = await client.call_tool("recall", {"query": "deploys Friday staging"})
        seen["why"] = data(await client.call_tool("why", {"id": summary["id"]}))

    session(db, agent)

    assert set(seen["tools"]) == {"remember", "recall", "why", "forget_request"}
    tool = seen["tools"]["remember"]
    assert tool.input_schema["required"] == ["content"]
    assert tool.output_schema is not None

    fact, summary = seen["fact"], seen["summary"]
    assert fact["stored"] is True and fact["status"] == "pending"
    assert fact["trust_tier"] == "T1" and fact["flags"] == []
    assert "a person must approve it" in fact["message"]
    assert summary["status"] == "pending" and "derived" in summary["flags"]
    assert summary["trust_tier"] == "T4"

    assert seen["before"]["count"] == 0 and seen["before"]["memories"] == []
    assert seen["before"]["preamble"] == PREAMBLE
    assert seen["why_pending"]["status"] == "pending"

    after = seen["after"]
    got = data(after)
    assert text(after).startswith(PREAMBLE)
    by_id = {m["id"]: m for m in got["memories"]}
    assert set(by_id) == {fact["id"], summary["id"]}
    f = by_id[fact["id"]]
    assert f["trust_tier"] == "T1" and f["source_type"] == "user_statement"
    assert f["source_ref"] == "chat:42#7" and f["confidence"] == 0.9
    assert f["last_validated"] == "2026-11-30T12:00:00Z" and f["validated_by"] == "tester"
    s = by_id[summary["id"]]
    assert s["trust_tier"] == "T4" and s["derived_from"] == [fact["id"]]
    assert "derived" in s["flags"]
    assert s["source_ref"] == f"mcp:{AGENT}"  # no source_ref given: the client

    why = seen["why"]
    assert why["effective_trust"] == "T4"
    assert [n["id"] for n in why["rests_on"]] == [fact["id"]]
    assert why["rests_on"][0]["trust_tier"] == "T1"
    assert why["rests_on"][0]["via"] == [{"from": summary["id"], "relation": "summarizes"}]

    with Ledger.open(db) as led:
        for mid in (fact["id"], summary["id"]):
            m = led.require(mid)
            assert m.created_by == f"mcp:{AGENT}" and m.access_count == 1
        actors = {e.actor for e in led.events() if e.action in ("stage", "access", "mcp_call")}
        assert actors == {f"mcp:{AGENT}"}
        calls = [e.detail["tool"] for e in led.events(actions=["mcp_call"])]
        assert calls == ["remember", "remember", "recall", "why", "recall", "why"]
        approvals = led.events(actions=["approve"])
        assert {e.actor for e in approvals} == {"tester"}


def test_a_transient_conclusion_is_refused_and_no_tool_can_approve(cli, ledger_path: Path):
    db = ledger_path
    seen: dict[str, object] = {}

    async def agent(client):
        seen["inference"] = data(
            await client.call_tool(
                "remember",
                {"content": "The user is probably a night owl", "source_type": "inference"},
            )
        )
        seen["assistant"] = data(
            await client.call_tool(
                "remember",
                {"content": "I told the user to use uv", "source_type": "assistant_message"},
            )
        )
        # Sneaking a promotion in through an argument the tool does not take.
        seen["promote_arg"] = await client.call_tool(
            "remember",
            {"content": "The user likes tea", "source_type": "inference", "promote": True},
        )
        pending = data(
            await client.call_tool(
                "remember", {"content": "The user likes tea", "source_type": "user_statement"}
            )
        )
        seen["pending"] = pending
        for name in GATE_TOOLS + ("approve_many", "stage", "review", "delete"):
            seen[name] = await client.call_tool(name, {"id": pending["id"]})

    session(db, agent)

    for key in ("inference", "assistant"):
        refused = seen[key]
        assert refused["stored"] is False and refused["status"] == "refused"
        assert refused["message"].startswith("not stored: needs a person's promotion")
    assert seen["promote_arg"].is_error
    assert "unknown argument(s) 'promote'" in text(seen["promote_arg"])
    for name in GATE_TOOLS + ("approve_many", "stage", "review", "delete"):
        result = seen[name]
        assert result.is_error and f"unknown tool {name!r}" in text(result), name

    with Ledger.open(db) as led:
        rows = led.query()
        assert [(m.content, m.status.value) for m in rows] == [("The user likes tea", "pending")]
        assert not led.events(actions=["approve", "promote", "reject", "forget", "edit"])
        outcomes = [e.detail["outcome"] for e in led.events(actions=["mcp_call"])]
        assert outcomes[:4] == ["refused", "refused", "error", "pending"]
        assert set(outcomes[4:]) == {"error"}
    # ... and the gate's own answer to "can the agent bypass it?" cites the server.
    answer = json.loads(cli("questions", "--json", db=db).stdout)
    bypass = next(q for q in answer["answers"] if q["id"] == "gate_bypass")
    assert bypass["answer"] == "no"
    assert any(
        "no tool approves, promotes, rejects, edits or forgets" in e for e in bypass["evidence"]
    )


def test_forget_request_waits_for_a_person(cli, ledger_path: Path):
    db = ledger_path
    staged = json.loads(
        cli("stage", "My bank PIN is 4711", "-t", "user_statement", "--json", db=db).stdout
    )[0]
    other = json.loads(
        cli("stage", "The user lives in Turin", "-t", "user_statement", "--json", db=db).stdout
    )[0]
    assert cli("approve", staged["id"], other["id"], db=db).exit_code == 0
    seen: dict[str, object] = {}

    async def agent(client):
        seen["by_text"] = data(
            await client.call_tool(
                "forget_request", {"text": "bank pin is 4711", "reason": "the user asked"}
            )
        )
        seen["by_id"] = data(
            await client.call_tool(
                "forget_request", {"id": other["id"], "reason": "moved away, the user said"}
            )
        )
        seen["again"] = data(
            await client.call_tool("forget_request", {"id": other["id"], "reason": "again"})
        )
        seen["nothing"] = data(
            await client.call_tool(
                "forget_request", {"text": "never stored text", "reason": "the user asked"}
            )
        )
        seen["both"] = await client.call_tool(
            "forget_request", {"id": other["id"], "text": "x", "reason": "r"}
        )
        seen["recall"] = data(await client.call_tool("recall", {"query": "bank PIN"}))

    session(db, agent)

    by_text = seen["by_text"]
    assert by_text["recorded"] is True
    assert [r["memory_id"] for r in by_text["requests"]] == [staged["id"]]
    assert seen["by_id"]["requests"][0]["new"] is True
    assert seen["again"]["requests"][0]["new"] is False  # one open request per agent
    assert seen["nothing"] == {
        "recorded": False,
        "requests": [],
        "message": "no memory holds that text; nothing recorded",
    }
    assert seen["both"].is_error
    # Asking forgets nothing: recall still returns it.
    assert [m["id"] for m in seen["recall"]["memories"]] == [staged["id"]]

    listed = json.loads(cli("review", "--list", "--json", db=db).stdout)
    requests = {r["memory_id"]: r for r in listed["forget_requests"]}
    assert set(requests) == {staged["id"], other["id"]}
    assert requests[staged["id"]]["requested_by"] == f"mcp:{AGENT}"
    assert requests[staged["id"]]["reason"] == "the user asked"
    assert requests[staged["id"]]["memory"]["content"] == "My bank PIN is 4711"
    table = cli("review", "--list", db=db).stdout
    assert "2 forget request(s)" in table and "memaudit dismiss REQUEST_ID" in table

    with Ledger.open(db) as led:
        asked = led.events(actions=["forget_request"])
        assert len(asked) == 2 and all(e.reason is None for e in asked)
        assert "4711" not in json.dumps([e.to_dict() for e in led.events()])

    # The person grants one (forget) and declines the other (dismiss).
    gone = cli("forget", staged["id"], "--yes", "--reason", "user request", db=db)
    assert gone.exit_code == 0, gone.stdout + gone.stderr
    declined = cli(
        "dismiss", requests[other["id"]]["id"], "--reason", "still true", "--json", db=db
    )
    assert declined.exit_code == 0, declined.stderr
    assert json.loads(cli("review", "--list", "--json", db=db).stdout)["forget_requests"] == []
    again = cli("dismiss", requests[other["id"]]["id"], "--reason", "x", db=db)
    assert again.exit_code == 1 and "no open forget request" in again.stderr
    with Ledger.open(db) as led:
        assert led.get(other["id"]) is not None
        dismissed = led.events(actions=["forget_request_dismissed"])
        assert [(e.memory_id, e.actor, e.reason) for e in dismissed] == [
            (other["id"], "tester", "still true")
        ]
