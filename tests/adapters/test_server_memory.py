"""MCP knowledge-graph memory (@modelcontextprotocol/server-memory), on memory.jsonl files
the server itself wrote (tests/fixtures/providers/server_memory), and on hostile ones."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.adapters import server_memory as sm
from memaudit.errors import ExitCode
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, snapshot

HINT = f"The staging deploy passphrase hint is {TOKEN}"
HINT_ID = sm.observation_id("staging-deploy", HINT)


def _json(result):
    assert result.exit_code in (0, 3, 4), result.stderr
    assert "Traceback" not in result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def graph(provider):
    return lambda variant="before": provider("server_memory", variant)


# -- the reader -----------------------------------------------------------------------


def test_reader_gives_entities_observations_relations_with_their_lines(graph):
    g = sm.read_graph(graph() / "memory.jsonl")
    assert [(e.name, e.entity_type, e.line) for e in g.entities] == [
        ("Alice", "person", 1),
        ("memaudit", "project", 2),
        ("staging-deploy", "environment", 3),
        # issue 17: change statements and look-alikes (make_fixture.scenario_change_statements)
        ("projet-facturation", "project", 4),
        ("team-chat", "team", 5),
        ("equipo-web", "team", 6),
        ("budget-meeting", "meeting", 7),
        ("sprint-meeting", "meeting", 8),
    ]
    staging = g.entities[2].observations
    assert [(o.text, o.line, o.index) for o in staging][1] == (HINT, 3, 1)
    assert [(r.source, r.relation_type, r.target, r.line) for r in g.relations] == [
        ("Alice", "maintains", "memaudit", 9),
        ("memaudit", "deploys_to", "staging-deploy", 10),
    ]
    assert g.problems == []


def test_reader_skips_hostile_lines_and_says_why(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    lines = [
        json.dumps(
            {"type": "entity", "name": "ok", "entityType": "t", "observations": ["fine", 7]}
        ),
        "not json at all",
        deep,
        json.dumps(["a", "list"]),
        json.dumps({"type": "entity", "observations": ["no name"]}),
        json.dumps({"type": "relation", "from": "a", "to": 3, "relationType": "r"}),
        json.dumps({"type": "something else"}),
        "x" * (sm.MAX_LINE_CHARS + 1),
    ]
    path = tmp_path / "memory.jsonl"
    path.write_text("\n".join(lines))
    g = sm.read_graph(path)
    assert [o.text for e in g.entities for o in e.observations] == ["fine"]
    assert [n for n, _ in g.problems] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert "not a string" in g.problems[0][1] and "longer than" in g.problems[-1][1]


def test_reader_refuses_a_file_over_the_size_bound(tmp_path, monkeypatch):
    path = tmp_path / "memory.jsonl"
    path.write_text(json.dumps({"type": "entity", "name": "a", "observations": ["x" * 200]}))
    monkeypatch.setattr(sm, "MAX_GRAPH_BYTES", 100)
    g = sm.read_graph(path)
    assert g.entities == [] and "larger than 100 bytes" in g.problems[0][1]


# -- the store ------------------------------------------------------------------------


def test_detected_from_the_folder_and_the_file(graph, cli):
    folder = graph()
    for location in (folder, folder / "memory.jsonl"):
        ranked = _json(cli("adapters", "--detect", str(location), "--json"))["adapters"]
        assert (
            ranked[0]["name"] == "server_memory"
            and ranked[0]["detect_score"] > ranked[1]["detect_score"]
        )
        assert "entities and relations" in ranked[0]["detect_reason"]
        assert len(_json(cli("ls", "--json", "--limit", "0", db=location))) == 18


def test_ls_maps_observations_and_relations(graph, cli):
    rows = {r["id"]: r for r in _json(cli("ls", "--json", "--limit", "0", db=graph()))}
    hint = rows[HINT_ID]
    assert hint["content"] == HINT and hint["scope"] == "staging-deploy"
    assert hint["source_ref"] == "memory.jsonl:3" and hint["source_type"] == "unknown"
    assert hint["tags"] == ["environment"] and hint["created_at"] is None
    relations = sorted(r["content"] for r in rows.values() if r["tags"] == ["relation"])
    assert relations == ["Alice maintains memaudit", "memaudit deploys_to staging-deploy"]
    after = _json(cli("ls", "--json", "--limit", "0", db=graph("after_delete")))
    assert len(after) == 17 and HINT_ID not in {r["id"] for r in after}


def test_show_flags_what_the_server_never_records(graph, cli):
    result = cli("show", HINT_ID, db=graph())
    assert result.exit_code == 0, result.stderr
    for text in ("memory.jsonl:3", "staging-deploy", "environment"):
        assert text in result.stdout
    for flag in ("timestamps", "source (who stated it)", "native ids"):
        assert f"⚑ store does not record: {flag}" in result.stdout
    data = _json(cli("show", HINT_ID, "--json", db=graph()))
    assert "store does not record: lineage" in data["flags"]


def test_trace_says_the_server_records_no_lineage(graph, cli):
    data = _json(cli("trace", HINT_ID, "--json", db=graph()))
    assert data["lineage_supported"] is False


@pytest.mark.parametrize("variant", ["before", "after_delete"])
def test_audit_and_questions_run(graph, cli, variant):
    audit = cli("audit", "--json", db=graph(variant))
    assert audit.exit_code in (ExitCode.OK, ExitCode.FINDINGS), audit.stderr
    answers = {a["id"]: a for a in _json(cli("questions", "--json", db=graph(variant)))["answers"]}
    assert len(answers) == 11
    assert answers["approval_gate"]["answer"] == "no"
    assert answers["recall_independent"]["answer"] == "yes"
    assert any("MEMORY_FILE_PATH" in e for e in answers["auto_write"]["evidence"])


def test_verify_after_the_servers_own_delete_finds_nothing_left(graph, cli):
    """delete_observations rewrites memory.jsonl (temp file + rename): no layer keeps it."""
    result = cli("verify", "--content", TOKEN, "--json", db=graph("after_delete"))
    data = _json(result)
    assert result.exit_code == ExitCode.OK
    assert {la["layer"]: la["clean"] for la in data["layers"]} == {
        "memory.jsonl graph": True,
        "memory.jsonl bytes": True,
        "temp files": True,
    }
    before = _json(cli("verify", "--content", TOKEN, "--json", db=graph()))
    assert {la["layer"] for la in before["layers"] if la["residue"]} == {
        "memory.jsonl graph",
        "memory.jsonl bytes",
    }


def test_verify_id_finds_the_observation_before_and_nothing_after(graph, cli):
    before = _json(cli("verify", HINT_ID, "--json", db=graph()))
    graph_rows = next(la for la in before["layers"] if la["layer"] == "memory.jsonl graph")
    assert [(r["where"], r["match"]) for r in graph_rows["residue"]] == [
        ("memory.jsonl:3 observation 2", "id")
    ]
    after = cli("verify", HINT_ID, "--json", db=graph("after_delete"))
    assert after.exit_code == ExitCode.OK and not any(
        la["residue"] for la in _json(after)["layers"]
    )


def test_never_stored_text_is_found_nowhere(graph, cli):
    for variant in ("before", "after_delete"):
        result = cli("verify", "--content", "never-stored-QX-1234", "--json", db=graph(variant))
        assert result.exit_code == ExitCode.OK
        assert all(la["clean"] and la["probed"] for la in _json(result)["layers"])


def test_a_leftover_temp_file_is_a_layer(graph):
    folder = graph("after_delete")
    (folder / f"memory.jsonl.{'ab' * 16}.tmp").write_text(f'{{"observations":["{HINT}"]}}')
    with open_store(str(folder)) as store:
        assert dirty(store, Needle([], TOKEN)) == {"temp files": 1}


def test_reading_writes_nothing(graph, cli):
    folder = graph()
    before = snapshot(folder)
    cli("ls", "--json", db=folder)
    cli("show", HINT_ID, db=folder)
    cli("audit", "--json", db=folder)
    cli("verify", "--content", TOKEN, db=folder)
    assert snapshot(folder) == before


def test_a_symlinked_graph_leaving_the_folder_is_refused(tmp_path, cli):
    outside = tmp_path / "outside.jsonl"
    outside.write_text(json.dumps({"type": "entity", "name": "x", "observations": ["secret"]}))
    folder = tmp_path / "store"
    folder.mkdir()
    os.symlink(outside, folder / "memory.jsonl")
    result = cli("--adapter", "server_memory", "ls", db=folder)
    assert result.exit_code == ExitCode.ERROR
    assert "symlink leading outside the folder" in result.stderr and "secret" not in result.stdout


def test_a_temp_file_symlinked_out_of_the_folder_is_not_read(graph, tmp_path):
    folder = graph("after_delete")
    outside = tmp_path / "elsewhere.txt"
    outside.write_text(HINT)
    os.symlink(outside, folder / f"memory.jsonl.{'cd' * 16}.tmp")
    with open_store(str(folder)) as store:
        assert dirty(store, Needle([], TOKEN)) == {}
        assert any("resolves outside the store" in why for why in store.reader.refused.values())


def test_capabilities(graph):
    with open_store(str(graph())) as store:
        assert store.capabilities == {Capability.READ, Capability.LAYERS}
        assert store.provider_config()["MEMORY_FILE_PATH"]["value"].endswith("memory.jsonl")


def test_hostile_names_reach_the_terminal_neutralised(tmp_path, cli):
    path = tmp_path / "memory.jsonl"
    path.write_text(
        json.dumps(
            {
                "type": "entity",
                "name": "e\x1b]0;pwned\x07",
                "entityType": "[bold]x",
                "observations": ["o\x1b[2J"],
            }
        )
    )
    result = cli("ls", db=tmp_path)
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout


def test_not_a_graph(tmp_path: Path, cli):
    (tmp_path / "memory.jsonl").write_text('{"hello": "world"}\n')
    result = cli("--adapter", "server_memory", "ls", db=tmp_path)
    assert result.exit_code == ExitCode.ERROR and "no knowledge-graph file" in result.stderr
