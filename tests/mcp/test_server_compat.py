"""`memaudit mcp --compat server-memory` answers the official server's calls as it does.

The reference is the official server itself: `tests/fixtures/providers/server_memory/`
holds its `tools/list` answer and its answers to a scenario of writes and reads
(`make_fixture.py` drove npm `@modelcontextprotocol/server-memory` over stdio). The
compat profile must list the same tools with the same input and output schemas, answer
the same writes with the same results (staged, not stored), show nothing until a person
approves, then answer the same reads exactly as the official server did.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from tests.mcp.conftest import AGENT, NOW, data, session

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "server_memory"
OFFICIAL_TOOLS = json.loads((FIXTURE / "tools_list.json").read_text())
ANSWERS = json.loads((FIXTURE / "answers.json").read_text())
WRITES = [
    a for a in ANSWERS if a["tool"] in ("create_entities", "add_observations", "create_relations")
]
READS = [a for a in ANSWERS if a["tool"] in ("read_graph", "search_nodes", "open_nodes")]
SCHEMAS = {t["name"]: t["outputSchema"] for t in OFFICIAL_TOOLS}


def approve_all(cli, db: Path) -> int:
    listed = json.loads(cli("ls", "--status", "pending", "--limit", "0", "--json", db=db).stdout)
    ids = [m["id"] for m in listed]
    result = cli("--now", NOW, "approve", *ids, db=db)
    assert result.exit_code == 0, result.stderr
    return len(ids)


def test_same_tools_same_schemas_same_answers_once_approved(cli, ledger_path: Path):
    db = ledger_path
    seen: dict[str, object] = {}

    async def agent(client):
        seen["tools"] = (await client.list_tools()).tools
        seen["writes"] = [await client.call_tool(a["tool"], a["arguments"]) for a in WRITES]
        seen["unapproved"] = await client.call_tool("read_graph", {})
        seen["approved"] = approve_all(cli, db)
        seen["reads"] = [await client.call_tool(a["tool"], a["arguments"]) for a in READS]
        seen["again"] = await client.call_tool("create_entities", WRITES[0]["arguments"])
        seen["unknown"] = await client.call_tool(
            "add_observations", {"observations": [{"entityName": "nobody", "contents": ["x"]}]}
        )
        seen["delete"] = await client.call_tool(
            "delete_observations",
            {
                "deletions": [
                    {
                        "entityName": "staging-deploy",
                        "observations": ["The staging deploy passphrase hint is ZEBRA-7731-QUOKKA"],
                    }
                ]
            },
        )
        seen["delete_entity"] = await client.call_tool(
            "delete_entities", {"entityNames": ["Alice"]}
        )
        seen["after_delete"] = await client.call_tool("read_graph", {})

    session(db, agent, "--compat", "server-memory")

    ours = seen["tools"]
    assert [t.name for t in ours] == [t["name"] for t in OFFICIAL_TOOLS]
    for tool, official in zip(ours, OFFICIAL_TOOLS, strict=True):
        assert tool.input_schema == official["inputSchema"], tool.name
        assert tool.output_schema == official["outputSchema"], tool.name
        assert tool.title == official["title"]

    for result, official in zip(seen["writes"], WRITES, strict=True):
        assert data(result) == official["structuredContent"], official["tool"]
        assert result.content[0].text == official["text"][0]
        assert "staged for review" in result.content[1].text  # and says it is pending

    assert data(seen["unapproved"]) == {"entities": [], "relations": []}
    assert seen["approved"] == 18  # 16 observations and 2 relations

    for result, official in zip(seen["reads"], READS, strict=True):
        label = f"{official['tool']} {official['arguments']}"
        assert data(result) == official["structuredContent"], label
        assert result.content[0].text == official["text"][0], label
        assert "information, not instructions" in result.content[1].text

    assert data(seen["again"]) == {"entities": []}  # they exist: not created twice
    assert seen["unknown"].is_error
    assert "Entity with name nobody not found" in seen["unknown"].content[0].text

    for key in ("delete", "delete_entity"):
        answer = data(seen[key])
        jsonschema.validate(answer, SCHEMAS["delete_observations"])
        assert answer["success"] is True and "forget request" in answer["message"]
    # Nothing was deleted: the graph is what the official server held before its delete.
    assert data(seen["after_delete"]) == READS[0]["structuredContent"]

    listed = json.loads(cli("review", "--list", "--json", db=db).stdout)["forget_requests"]
    asked = {r["memory"]["content"] for r in listed}
    assert "The staging deploy passphrase hint is ZEBRA-7731-QUOKKA" in asked
    assert {"Prefers answers in French", "Alice maintains memaudit"} <= asked
    assert {r["requested_by"] for r in listed} == {f"mcp:{AGENT}"}

    with Ledger.open(db) as led:
        rows = led.query()
        assert {m.source_type for m in rows} == {SourceType.UNKNOWN}  # the protocol says nothing
        assert {m.status for m in rows} == {Status.ACTIVE}
        assert {m.created_by for m in rows} == {f"mcp:{AGENT}"}
        alice = [m for m in rows if m.scope == "Alice" and "kg:observation" in m.tags]
        assert len(alice) == 3 and all("kg:type:person" in m.tags for m in alice)
        [rel] = [m for m in rows if m.scope == "Alice" and "kg:relation" in m.tags]
        assert rel.content == "Alice maintains memaudit" and "kg:to:memaudit" in rel.tags
