"""claude-mem, on data folders written by claude-mem 13.25.3's own worker
(tests/fixtures/providers/claude_mem: hook routes, a scripted LLM, real Chroma)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.errors import ExitCode
from memaudit.store import Capability, Needle
from tests.adapters.conftest import PROVIDERS, TOKEN, dirty, snapshot

DELETED = "obs:" + (PROVIDERS / "claude_mem" / "deleted_id.txt").read_text().strip()


def _json(result):
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def mem(provider):
    return lambda variant="before": provider("claude_mem", variant)


def _rows(cli, location: Path) -> dict[str, dict]:
    result = cli("ls", "--json", "--limit", "0", db=location)
    assert result.exit_code == 0, result.stderr
    return {r["id"]: r for r in _json(result)}


def test_detected_from_the_data_folder_the_db_and_a_home(mem, cli):
    root = mem()
    for location, score in (
        (root / ".claude-mem", 0.9),
        (root / ".claude-mem" / "claude-mem.db", 0.9),
        (root, 0.6),  # a home folder holding .claude-mem
    ):
        ranked = _json(cli("adapters", "--detect", str(location), "--json"))["adapters"]
        assert (ranked[0]["name"], ranked[0]["detect_score"]) == ("claude_mem", score)
        assert ranked[1]["detect_score"] < score
        assert len(_rows(cli, location)) == 13


def test_ls_maps_prompts_tool_uses_observations_and_summaries(mem, cli):
    rows = _rows(cli, mem() / ".claude-mem")
    kinds = sorted((i.split(":")[0], r["source_type"]) for i, r in rows.items())
    assert kinds == [
        ("obs", "assistant_message"),  # save_memory: the French preference
        ("obs", "assistant_message"),  # save_memory: the CI pair (Jenkins, then the change)
        ("obs", "assistant_message"),
        ("obs", "inference"),
        ("obs", "inference"),
        ("obs", "inference"),
        ("prompt", "user_statement"),
        ("prompt", "user_statement"),
        ("summary", "summary"),
        ("summary", "summary"),
        ("tool", "tool_observation"),
        ("tool", "tool_observation"),
        ("tool", "tool_observation"),
    ]
    hint = rows[DELETED]
    assert TOKEN in hint["content"] and hint["summary"] == "Staging deploy passphrase hint recorded"
    assert hint["tags"] == ["discovery", "deploy", "secrets"] and hint["derived"] is True
    assert hint["created_by"] == "claude-mem observer (scripted/fixture-model)"
    manual = sorted(r["content"] for r in rows.values() if r["source_type"] == "assistant_message")
    assert manual == [
        "L'équipe est passée de Jenkins à GitHub Actions pour la CI",
        "L'équipe lance la CI avec Jenkins",
        "The user prefers answers in French",
    ]
    after = _rows(cli, mem("after_delete") / ".claude-mem")
    assert len(after) == 12 and DELETED not in after
    # what its delete left: the prompt and the summary still say it
    assert sorted(i for i, r in after.items() if TOKEN in r["content"]) == [
        "prompt:1",
        "summary:1",
        "tool:1",
    ]


def test_trace_observation_rests_on_its_tool_use_and_summary_on_the_session(mem, cli):
    db = mem() / ".claude-mem"
    data = _json(cli("trace", DELETED, "--json", db=db))
    assert data["lineage_supported"] is True
    parents = {e["parent_id"]: e["relation"] for e in data["edges"] if e["child_id"] == DELETED}
    assert parents == {"tool:1": "infers"}
    summary = _json(cli("trace", "summary:1", "--json", db=db))
    parents = {e["parent_id"] for e in summary["edges"] if e["child_id"] == "summary:1"}
    assert parents == {"obs:1", "obs:2", "prompt:1"}
    gone = _json(cli("trace", "summary:1", "--json", db=mem("after_delete") / ".claude-mem"))
    assert {e["parent_id"] for e in gone["edges"] if e["child_id"] == "summary:1"} == {
        "obs:2",
        "prompt:1",
    }


def test_show_flags_what_claude_mem_never_records(mem, cli):
    result = cli("show", DELETED, db=mem() / ".claude-mem")
    assert result.exit_code == 0, result.stderr
    assert "⚑ store does not record: who stated a fact" in result.stdout
    assert "← infers tool:1" in result.stdout


@pytest.mark.parametrize("variant", ["before", "after_delete"])
def test_audit_and_questions_run_from_claude_mems_settings(mem, cli, variant):
    db = mem(variant) / ".claude-mem"
    audit = cli("audit", "--json", db=db)
    assert audit.exit_code in (ExitCode.OK, ExitCode.FINDINGS), audit.stderr
    answers = {a["id"]: a for a in _json(cli("questions", "--json", db=db))["answers"]}
    assert len(answers) == 11
    assert answers["approval_gate"]["answer"] == "no"
    assert answers["deletion_derived"]["answer"] == "no"
    settings = str(db / "settings.json")
    assert any("'openrouter'" in e and settings in e for e in answers["auto_write"]["evidence"])
    assert any("claude-mem default" in e for e in answers["tool_results"]["evidence"])


def test_settings_never_surface_api_keys(mem):
    with open_store(str(mem() / ".claude-mem")) as store:
        config = json.dumps(store.provider_config())
    assert "fixture-not-a-key" not in config and "API_KEY" not in config


# -- verify: what DELETE /api/observation/:id leaves -------------------------------------

AFTER_DELETE = {
    "session summaries": 1,  # summary 1 "learned"
    "user prompts": 1,
    "sessions": 1,  # sdk_sessions.user_prompt
    "tool uses": 1,  # the Write's input
    "observations_fts index": 1,  # terms still in the segments
    "session_summaries_fts index": 2,
    "user_prompts_fts index": 2,
    "claude-mem.db bytes": 6,
    "Chroma documents": 4,  # prompt_1, obs_1_narrative, obs_1_fact_0, summary_1_learned
    "Chroma full-text index": 1,
    "Chroma full-text copy": 4,
    "Chroma embeddings queue": 4,
    "chroma.sqlite3 bytes": 20,
}
NOT_CHECKED = {"Chroma vectors (HNSW)"}


def _verify(cli, db: Path, *args: str) -> tuple[int, dict[str, dict]]:
    result = cli("verify", *args, "--json", db=db)
    return result.exit_code, {la["layer"]: la for la in _json(result)["layers"]}


def _dirty(layers: dict[str, dict]) -> dict[str, int]:
    return {n: len(la["residue"]) for n, la in layers.items() if la["residue"]}


def test_verify_after_claude_mems_delete_reports_every_layer_that_kept_it(mem, cli):
    code, layers = _verify(cli, mem("after_delete") / ".claude-mem", "--content", TOKEN)
    assert code == ExitCode.RESIDUE
    assert _dirty(layers) == AFTER_DELETE
    assert {n for n, la in layers.items() if not la["probed"]} == NOT_CHECKED
    assert layers["observations"]["clean"] is True  # the one row its delete removed
    _, before = _verify(cli, mem() / ".claude-mem", "--content", TOKEN)
    assert before["observations"]["residue"]
    assert set(AFTER_DELETE) <= set(_dirty(before))


def test_verify_id_finds_chroma_and_the_tool_use_still_naming_the_observation(mem, cli):
    code, layers = _verify(cli, mem("after_delete") / ".claude-mem", DELETED)
    assert code == ExitCode.RESIDUE
    assert layers["observations"]["clean"] is True
    assert [r["where"] for r in layers["tool uses"]["residue"]] == [
        "tool_uses.observation_id [id=1]"
    ]
    chroma = sorted(r["where"] for r in layers["Chroma documents"]["residue"])
    assert chroma == [
        "embeddings [obs_1_fact_0]",
        "embeddings [obs_1_fact_1]",
        "embeddings [obs_1_narrative]",
    ]
    assert len(layers["Chroma embeddings queue"]["residue"]) == 3


def test_never_stored_text_is_found_nowhere(mem, cli):
    for variant in ("before", "after_delete"):
        code, layers = _verify(
            cli, mem(variant) / ".claude-mem", "--content", "never-stored-QX-1234"
        )
        assert _dirty(layers) == {}
        # the HNSW files cannot be probed: nothing is called clean for them
        assert {n for n, la in layers.items() if not la["clean"]} == NOT_CHECKED
        assert code != ExitCode.OK


def test_reading_writes_nothing(mem, cli):
    root = mem("after_delete")
    before = snapshot(root)
    db = root / ".claude-mem"
    for args in (("ls", "--json"), ("audit", "--json"), ("questions",), ("trace", "summary:1")):
        cli(*args, db=db)
    cli("verify", "--content", TOKEN, db=db)
    cli("verify", DELETED, db=db)
    # (the worker left an empty -wal; reading it must not add a -shm beside it)
    assert snapshot(root) == before


def test_a_log_symlinked_out_of_the_folder_is_not_read(mem, tmp_path):
    root = mem("after_delete")
    outside = tmp_path / "elsewhere.log"
    outside.write_text(f"secret {TOKEN}")
    os.symlink(outside, root / ".claude-mem" / "logs" / "planted.log")
    with open_store(str(root / ".claude-mem")) as store:
        assert "logs" not in dirty(store, Needle([], TOKEN))
        assert any("resolves outside" in why for why in store.reader.refused.values())


def test_not_claude_mem(tmp_path, cli):
    db = tmp_path / "claude-mem.db"
    sqlite3.connect(db).execute("CREATE TABLE observations(id)").connection.close()
    result = cli("--adapter", "claude_mem", "ls", db=tmp_path)
    assert result.exit_code == ExitCode.ERROR and "no claude-mem data folder" in result.stderr


def test_capabilities(mem):
    with open_store(str(mem() / ".claude-mem")) as store:
        assert store.capabilities == {Capability.READ, Capability.LINEAGE, Capability.LAYERS}


@pytest.mark.parametrize("settings", ["{not json", "[1, 2]"], ids=["invalid", "a-list"])
def test_a_settings_file_not_read_leaves_the_chroma_mode_unknown(mem, cli, settings):
    """With no local Chroma database, the Chroma layer is "clean" only when settings.json
    says Chroma is local. A settings.json that is there but cannot be read was taken for
    claude-mem's defaults ("local"): a verify then called the collection clean where it
    may be remote. Now the layer is not checked, says why, and the file is named on stderr."""
    root = mem("after_delete") / ".claude-mem"
    for f in sorted((root / "chroma").rglob("*"), reverse=True):
        f.rmdir() if f.is_dir() else f.unlink()
    (root / "chroma").rmdir()
    result = cli("verify", "--content", "never-stored-QX-1234", "--json", db=root)
    layers = {la["layer"]: la for la in _json(result)["layers"]}
    assert layers["Chroma documents"]["probed"] is True  # a local-mode store, read: clean
    (root / "settings.json").write_text(settings)
    result = cli("verify", "--content", "never-stored-QX-1234", "--json", db=root)
    layers = {la["layer"]: la for la in _json(result)["layers"]}
    chroma = layers["Chroma documents"]
    assert chroma["probed"] is False and "may be remote" in chroma["checked"], chroma
    assert "settings.json" in result.stderr and "not read" in result.stderr, result.stderr
    answers = {a["id"]: a for a in _json(cli("questions", "--json", db=root))["answers"]}
    assert not any("claude-mem default" in e for a in answers.values() for e in a["evidence"])
