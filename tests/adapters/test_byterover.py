"""ByteRover adapter, on a .brv store written by byterover-cli 3.14.0's own modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.adapters.byterover import project_data_dir, sanitize_project_path, source_of
from memaudit.model import Relation, SourceType
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, residue, snapshot

HINT = "project/deploy/staging_passphrase_hint.md"
HINT_ID = f"{HINT}#staging_passphrase_hint"
PROJECT = "tmp--memaudit-brv-fixture--hermes_home--byterover"


def _open(root: Path):
    return open_store(
        str(root / "hermes_home"), brv_data=str(root / "brv-data" / "projects" / PROJECT)
    )


def _ls(cli, location):
    result = cli("ls", "--json", "--limit", "0", db=location)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def brv(provider, monkeypatch):
    def copy(variant: str = "before") -> Path:
        root = provider("byterover", variant)
        # brv's own override of its data directory (as the fixture script used).
        monkeypatch.setenv("BRV_DATA_DIR", str(root / "brv-data"))
        return root

    return copy


def test_detected_from_hermes_home_project_and_brv(brv, cli):
    root = brv()
    home = root / "hermes_home"
    for location in (home, home / "byterover", home / "byterover" / ".brv"):
        # 7 facts (one archived) + 7 _index.md summaries
        assert len(_ls(cli, location)) == 18  # with team/practices (2 facts, 2 _index.md)
    with _open(root) as store:
        assert store.adapter_name == "byterover"
        assert store.has(Capability.LINEAGE) and store.has(Capability.LAYERS)
        assert not store.has(Capability.FORGET)


def test_facts_map_with_curate_log_provenance(brv, cli):
    rows = {r["id"]: r for r in _ls(cli, brv() / "hermes_home")}
    hint = rows[HINT_ID]
    assert hint["content"] == f"The staging deploy passphrase hint is {TOKEN}"
    assert hint["source_type"] == "assistant_message" and hint["trust_tier"] == "T5"
    assert hint["source_ref"] == HINT and hint["scope"] == "project/deploy"
    assert hint["tags"] == ["deploy", "environment"]
    assert hint["importance"] == 50 and hint["extra"]["maturity"] == "draft"
    assert hint["extra"]["curate input"].startswith("User: The staging deploy passphrase")
    assert "\nAssistant: I will remember" in hint["extra"]["curate input"]
    # brv flagged the UPDATE for review: pending in memaudit's terms.
    assert rows["project/tooling/python_packaging.md#python_version"]["status"] == "pending"
    # Mirrored Hermes profile writes carry no author.
    assert rows["user/preferences/answer_style.md#answer_style"]["source_type"] == "unknown"
    assert rows["project/history/bun_evaluation.md#bun_evaluation"]["status"] == "archived"
    assert rows["project/deploy/_index.md"]["source_type"] == "summary"


def test_contradiction_pair_listed(brv, cli):
    contents = [r["content"] for r in _ls(cli, brv() / "hermes_home")]
    assert "The project uses poetry for packaging" in contents
    assert "The project moved from poetry to uv" in contents


def test_missing_provenance_without_per_machine_data(brv, tmp_path, monkeypatch):
    root = brv()
    monkeypatch.setenv("BRV_DATA_DIR", str(tmp_path / "nowhere"))
    with open_store(str(root / "hermes_home")) as store:
        hint = store.require(HINT_ID)
        assert hint.source_type is SourceType.UNKNOWN
        assert hint.missing[0].startswith("curate-log entry")
        layers = {layer.name: layer for layer in store.layers()}
        assert not layers["curate log"].checked
        assert "brv_data" in layers["curate log"].why_unchecked


def test_lineage_summaries_cover_facts(brv):
    with _open(brv()) as store:
        deploy = [(e.parent_id, e.relation) for e in store.edges(["project/deploy/_index.md"])]
        assert (HINT_ID, Relation.SUMMARIZES) in deploy
        assert ("project/deploy/_index.md", Relation.SUMMARIZES) in [
            (e.parent_id, e.relation) for e in store.edges(["project/_index.md"])
        ]


def test_events_are_the_curate_log(brv):
    with _open(brv("after_delete")) as store:
        actions = [e.action for e in store.events(memory_id=HINT_ID)]
        assert actions == ["add", "delete"]


def test_residue_after_brv_delete(brv):
    root = brv("after_delete")
    with _open(root) as store:
        assert store.get(HINT_ID) is None
        found = dirty(store, Needle([HINT_ID], TOKEN))
        summary = store.require("project/deploy/_index.md")
        assert summary.extra["covers files that no longer exist"] == ["staging_passphrase_hint.md"]
    assert set(found) == {"_index.md summaries", "review backups", "curate log"}
    assert found["_index.md summaries"] == 3  # deploy/, project/ and the root summary
    rows = residue(_open(root), Needle([], TOKEN))
    assert any("previousSummary" in where for where, _ in rows["curate log"])
    assert any("input.context" in where for where, _ in rows["curate log"])


def test_before_delete_every_copy_is_found(brv):
    with _open(brv()) as store:
        found = dirty(store, Needle([HINT_ID], TOKEN))
    assert {"context tree", "abstracts and overviews", "signals sidecar", "_manifest.json"} <= set(
        found
    )


def test_archived_full_copy_probed(brv):
    with _open(brv()) as store:
        found = dirty(store, Needle([], "evaluated Bun.js for build scripts in 2024"))
    assert "_archived full copies" in found and "context tree" not in found


def test_reading_writes_nothing(brv, cli):
    root = brv()
    before = snapshot(root)
    _ls(cli, root / "hermes_home")
    with _open(root) as store:
        residue(store, Needle([HINT_ID], TOKEN))
    assert snapshot(root) == before


def test_sanitizing_rule_matches_brv():
    # Values computed by byterover-cli 3.14.0's sanitizeProjectPath.
    assert sanitize_project_path("/tmp/memaudit-brv-fixture/hermes_home/byterover") == PROJECT
    assert sanitize_project_path("/a--b/c:d") == "a%2D%2Db--c%3Ad"
    long = sanitize_project_path("/" + "x" * 300)
    assert len(long) == 200 and long[185:188] == "---" and long[:185] == "x" * 185


def test_default_data_dir_from_xdg(tmp_path, monkeypatch):
    monkeypatch.delenv("BRV_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    project = tmp_path / "proj"
    project.mkdir()
    expected = tmp_path / "xdg" / "brv" / "projects" / sanitize_project_path(str(project.resolve()))
    assert project_data_dir(project, None) == expected


def test_source_types_of_inputs():
    assert source_of("User: hi there\nAssistant: hello")[0] is SourceType.ASSISTANT_MESSAGE
    assert source_of("[Pre-compression context]\nuser: x")[0] is SourceType.ASSISTANT_MESSAGE
    assert source_of("[Agent memory] x")[0] is SourceType.UNKNOWN
    assert source_of("Auth uses JWT")[0] is SourceType.INFERENCE
    assert source_of(None)[0] is SourceType.UNKNOWN


def test_not_a_store(tmp_path, cli):
    result = cli("--adapter", "byterover", "ls", db=tmp_path)
    assert result.exit_code != 0 and "no ByteRover store" in result.stderr


def test_verify_content_reports_residue_per_layer(brv, cli):
    root = brv("after_delete")
    result = cli("verify", "--content", TOKEN, "--json", db=root / "hermes_home")
    assert result.exit_code == 3, result.stderr
    layers = {x["layer"]: x for x in json.loads(result.stdout)["layers"]}
    dirty_layers = {name for name, x in layers.items() if not x["clean"]}
    assert dirty_layers == {"_index.md summaries", "review backups", "curate log"}
    assert layers["curate log"]["probed"] is True


def test_verify_content_clean_for_text_never_stored(brv, cli):
    result = cli(
        "verify", "--content", "never-stored-QX-1234", db=brv("after_delete") / "hermes_home"
    )
    assert result.exit_code == 0, result.stderr
