"""Basic Memory adapter, on a project written by basic-memory 0.24.1."""

from __future__ import annotations

import json

from memaudit.adapters import open_store
from memaudit.model import Relation
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, residue, snapshot

SUMMARY = "main/summaries/packaging-summary"
PACKAGING = "main/projects/project-packaging"


def _ls(cli, location):
    result = cli("ls", "--json", "--limit", "0", db=location)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_detected_from_root_config_folder_and_db(provider, cli):
    root = provider("basic_memory")
    for location in (root, root / "config", root / "config" / "memory.db"):
        assert len(_ls(cli, location)) == 8  # one memory per observation (NOTES.md)
    with open_store(str(root)) as store:
        assert store.adapter_name == "basic_memory"
        assert store.has(Capability.LINEAGE) and not store.has(Capability.FORGET)


def test_notes_folder_is_found_beside_a_copied_index(provider):
    root = provider("basic_memory")
    with open_store(str(root / "config" / "memory.db")) as store:
        # config.json and the project table record the original machine's path.
        assert list(store.project_dirs.values()) == [root / "notes"]


def test_ls_maps_observations(provider, cli):
    rows = _ls(cli, provider("basic_memory"))
    vault = next(r for r in rows if r["scope"] == "main/secrets/staging-vault")
    assert vault["content"] == "The staging vault passphrase hint is ZEBRA-7731-QUOKKA #vault"
    assert vault["tags"] == ["vault"]
    assert vault["source_ref"] == "secrets/Staging Vault.md"
    assert vault["source_type"] == "external_document" and vault["trust_tier"] == "T2"
    assert vault["extra"]["category"] == "hint" and vault["extra"]["context"] == "from the user"
    assert vault["id"].startswith("main/secrets/staging-vault#")
    # The edited observation holds the new text only.
    assert any(r["content"].startswith("Editor is Neovim") for r in rows)
    assert not any("Editor is VS Code" in r["content"] for r in rows)


def test_ids_are_stable_across_separate_builds(provider, cli):
    """before/ and after_delete/ were built separately: row ids match, yet memaudit's
    ids must not depend on them (they change on every re-index)."""
    before = {r["id"] for r in _ls(cli, provider("basic_memory"))}
    after = {r["id"] for r in _ls(cli, provider("basic_memory", "after_delete"))}
    assert after < before and len(before - after) == 1


def test_derived_from_relation_is_lineage(provider, cli):
    root = provider("basic_memory")
    with open_store(str(root)) as store:
        summary = next(m for m in store.memories() if m.scope == SUMMARY)
        parents = [e for e in store.edges([summary.id]) if e.child_id == summary.id]
        assert summary.derived
        assert {store.require(e.parent_id).scope for e in parents} == {PACKAGING}
        assert {e.relation for e in parents} == {Relation.DERIVED}
        assert len(parents) == 2  # both observations of the source note
        # works_on / relates_to / used_by / links_to are not derivation: listed, not edges.
        assert len(store.edges()) == 2
        assert "links_to → Project Packaging" in summary.extra["note relations"]
    data = json.loads(cli("show", summary.id, "--json", db=root).stdout)
    assert {p["parent_id"] for p in data["parents"]} == {e.parent_id for e in parents}
    assert any("author" in f for f in data["flags"])


def test_provider_config_reads_chosen_keys_only(provider):
    with open_store(str(provider("basic_memory"))) as store:
        config = store.provider_config()
    assert config["semantic_embedding_provider"]["value"] == "fastembed"
    assert config["semantic_embedding_provider"]["source"].endswith("config.json")
    assert "cloud_api_key" not in config


def test_layers_before_delete(provider):
    with open_store(str(provider("basic_memory"))) as store:
        found = residue(store, Needle(content=TOKEN))
    assert {k for k, v in found.items() if v} == {
        "markdown files",
        "observation",
        "note_content",
        "search_index_content",
        "fts search_index",
        "memory.db bytes",
    }
    assert ("search_index", "term (searchable)") in found["fts search_index"]


def test_verify_after_delete_reports_fts_segments_only(provider):
    """NOTES.md: the note, its rows and search_index rows are gone, the token's
    terms survive in 8 leaf pages of search_index_data; raw bytes 0 (secure_delete);
    the change journal keeps the note's permalink, not its text."""
    with open_store(str(provider("basic_memory", "after_delete"))) as store:
        found = residue(store, Needle(content=TOKEN))
        by_id = dirty(store, Needle(ids=["main/secrets/staging-vault#86625491"]))
        layers = {layer.name: layer for layer in store.layers()}
    assert {k: len(v) for k, v in found.items() if v} == {"fts search_index": 1}
    assert found["fts search_index"] == [("search_index_data", "term in index segment")]
    detail = layers["fts search_index"].probe(Needle(content=TOKEN))[0].detail
    assert "in 8 leaf page(s)" in detail
    assert by_id == {"accepted_project_note_change": 2}  # 'created' and 'deleted' rows
    assert layers["markdown files"].checked


def test_opening_never_writes(provider, cli):
    root = provider("basic_memory", "after_delete")
    before = snapshot(root)
    assert cli("ls", db=root).exit_code == 0
    assert cli("stats", db=root / "config").exit_code == 0
    with open_store(str(root)) as store:
        residue(store, Needle(ids=["main/secrets/staging-vault#86625491"], content=TOKEN))
    # memory.db is in WAL mode with no -wal: a plain mode=ro open would create -wal/-shm.
    assert snapshot(root) == before
