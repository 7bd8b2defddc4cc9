"""LangGraph SqliteStore adapter, on stores written by langgraph-checkpoint-sqlite 3.1.2."""

from __future__ import annotations

import json

from memaudit.adapters import open_store
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, residue, snapshot

VAULT = "users.alice.memories/vault-hint"


def test_detected_from_file_and_folder(provider, cli):
    folder = provider("langgraph")
    for location in (folder / "store.db", folder):
        result = cli("ls", "--json", "--limit", "0", db=location)
        assert result.exit_code == 0, result.stderr
        assert len(json.loads(result.stdout)) == 9
    with open_store(str(folder / "store.db")) as store:
        assert store.adapter_name == "langgraph"
        assert not store.has(Capability.HISTORY) and not store.has(Capability.FORGET)


def test_ls_json_maps_namespace_key_and_value(provider, cli):
    folder = provider("langgraph")
    rows = {m["id"]: m for m in json.loads(cli("ls", "--json", "--limit", "0", db=folder).stdout)}
    assert VAULT in rows
    assert rows[VAULT]["scope"] == "users.alice.memories"
    assert rows[VAULT]["content"] == "The staging vault passphrase hint is ZEBRA-7731-QUOKKA"
    deploy = rows["agents.ops-bot.memories/deploy-cause"]
    assert deploy["source_type"] == "assistant_message" and deploy["trust_tier"] == "T5"
    assert deploy["extra"]["source_type_from"].startswith("value.role")
    bun = rows["users.alice.memories/bun-eval"]
    assert bun["expires_at"] and bun["extra"]["ttl_minutes"] == 43200.0
    assert rows["users.alice.memories/editor"]["content"].startswith("The user's editor is Neovim")
    assert rows["users.alice.memories/editor"]["version"] == 1  # upsert: no history kept
    assert rows[VAULT]["created_at"].endswith("Z")


def test_show_flags_missing_history_and_source(provider, cli):
    folder = provider("langgraph")
    data = json.loads(
        cli("show", "users.alice.summaries/packaging-summary", "--json", db=folder).stdout
    )
    flags = " | ".join(data["flags"])
    assert "history" in flags and "derivation" in flags and "source" in flags
    assert data["events"] == []
    # The application's own derived_from is its lineage (issue 17); kind says summary.
    assert data["extra"]["value.derived_from"] == [
        "users.alice.memories/pkg-poetry",
        "users.alice.memories/pkg-uv",
    ]
    assert {(p["parent_id"], p["relation"]) for p in data["parents"]} == {
        ("users.alice.memories/pkg-poetry", "summarizes"),
        ("users.alice.memories/pkg-uv", "summarizes"),
    }
    assert data["source_type"] == "summary" and data["derived"] is True


def test_after_delete_lists_eight(provider, cli):
    rows = json.loads(
        cli("ls", "--json", "--limit", "0", db=provider("langgraph", "after_delete")).stdout
    )
    assert len(rows) == 8 and VAULT not in {r["id"] for r in rows}


def test_layers_before_delete(provider):
    with open_store(str(provider("langgraph"))) as store:
        found = dirty(store, Needle(content=TOKEN))
    assert found == {"store": 1, "store.db bytes": 1}


def test_verify_after_delete_reports_the_orphan_vector(provider):
    """NOTES.md: the store row is gone, the store_vectors row survives (foreign keys
    off), the cell bytes were zeroed (secure_delete=1 on this build)."""
    with open_store(str(provider("langgraph", "after_delete"))) as store:
        found = residue(store, Needle(content=TOKEN))
        by_id = dirty(store, Needle(ids=[VAULT]))
    assert found["store_vectors"] == [(f"store_vectors [{VAULT}, field text]", "orphan vector")]
    assert found["store"] == [] and found["store.db bytes"] == []
    assert by_id == {"store_vectors": 1, "store.db bytes": 2}  # the row + its PK index entry


def test_verify_with_secure_delete_off_finds_freed_bytes(provider):
    with open_store(str(provider("langgraph", "after_delete_secure_delete_off"))) as store:
        found = residue(store, Needle(content=TOKEN))
        by_id = dirty(store, Needle(ids=[VAULT]))
    assert len(found["store.db bytes"]) == 1 and found["store.db bytes"][0][1] == "bytes"
    assert "page 3" in found["store.db bytes"][0][0]
    assert found["store"] == []
    assert by_id["store.db bytes"] == 4  # live vector row + index, freed store cell + index


def test_opening_never_writes(provider, cli):
    folder = provider("langgraph", "after_delete_secure_delete_off")
    before = snapshot(folder)
    assert cli("ls", db=folder / "store.db").exit_code == 0
    assert cli("stats", db=folder / "store.db").exit_code == 0
    with open_store(str(folder)) as store:
        residue(store, Needle(ids=[VAULT], content=TOKEN))
    assert snapshot(folder) == before
