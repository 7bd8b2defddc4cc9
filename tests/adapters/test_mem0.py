"""mem0 OSS adapter, on stores written by mem0ai 2.2.1 (tests/fixtures/providers/mem0)."""

from __future__ import annotations

import json

from memaudit.adapters import open_store
from memaudit.model import SourceType, Status
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, provider_ids, residue, snapshot

IDS = provider_ids("mem0")


def test_detected_from_folder_and_history_file(provider, cli):
    folder = provider("mem0")
    for location in (folder, folder / "history.db"):
        result = cli("ls", "--json", "--limit", "0", db=location)
        assert result.exit_code == 0, result.stderr
        assert len(json.loads(result.stdout)) == 8
    with open_store(str(folder)) as store:
        assert store.adapter_name == "mem0"


def test_ls_json_maps_roles_scope_and_expiry(provider, cli):
    folder = provider("mem0")
    rows = {m["id"]: m for m in json.loads(cli("ls", "--json", "--limit", "0", db=folder).stdout)}
    assert set(rows) == set(IDS.values())
    assert rows[IDS["user_pref"]]["source_type"] == "user_statement"
    assert rows[IDS["user_pref"]]["trust_tier"] == "T1"
    assert rows[IDS["user_pref"]]["created_by"] == "alice"  # actor_id (the message's name)
    assert rows[IDS["assistant_claim"]]["source_type"] == "assistant_message"
    assert rows[IDS["assistant_claim"]]["trust_tier"] == "T5"
    assert rows[IDS["assistant_claim"]]["scope"] == "user:alice/agent:ops-bot"
    assert rows[IDS["summary"]]["scope"] == "agent:ops-bot/run:run-2026-11-01"
    # Back-dated and expired (expiration_date 2025-03-01): mem0 hides it, we say why.
    assert rows[IDS["stale_bun"]]["status"] == "expired"
    assert rows[IDS["stale_bun"]]["created_at"] == "2024-11-02T10:00:00Z"
    assert rows[IDS["stale_bun"]]["expires_at"] == "2025-03-01T00:00:00Z"
    assert rows[IDS["poetry"]]["extra"]["metadata.topic"] == "packaging"
    assert rows[IDS["editor"]]["content"] == "The user's editor is Neovim (switched from VS Code)"
    assert rows[IDS["editor"]]["version"] == 2


def test_after_delete_lists_seven(provider, cli):
    folder = provider("mem0", "after_delete")
    rows = json.loads(cli("ls", "--json", "--limit", "0", db=folder).stdout)
    assert len(rows) == 7
    assert IDS["token"] not in {r["id"] for r in rows}
    assert cli("show", IDS["token"], db=folder).exit_code == 1


def test_show_flags_what_mem0_does_not_record(provider, cli):
    folder = provider("mem0")
    data = json.loads(cli("show", IDS["editor"], "--json", db=folder).stdout)
    flags = " | ".join(data["flags"])
    assert "derivation" in flags and "source message" in flags and "validation" in flags
    # The version chain is the history: ADD then UPDATE, the old text shown for a live memory.
    assert [e["action"] for e in data["events"]] == ["add", "update"]
    assert data["events"][1]["reason"] == "was: The user's editor is VS Code"
    assert data["events"][1]["detail"]["version"] == 2
    text = cli("show", IDS["editor"], db=folder).stdout
    assert "history" in text and "was: The user's editor is VS Code" in text


def test_history_chain_of_deleted_memory_withholds_its_text(provider):
    with open_store(str(provider("mem0", "after_delete"))) as store:
        # lineage: a caller's metadata parents (issue 17); history: the ADD/DELETE chain
        assert store.has(Capability.HISTORY) and store.has(Capability.LINEAGE)
        events = store.events(memory_id=IDS["token"])
        assert [e.action for e in events] == ["add", "delete"]
        assert all(TOKEN not in json.dumps(e.to_dict()) for e in events)
        assert events[1].detail["is_deleted"] is True


def test_llm_extracted_fact_without_role_is_inference(provider):
    """infer=True writes no role: the memory is model output (T5), flagged as such."""
    from memaudit.adapters.mem0 import Mem0Store

    with open_store(str(provider("mem0"))) as store:
        assert isinstance(store, Mem0Store)
        point = next(p for _, p in store.points() if p["id"] == IDS["poetry"])
        payload = dict(point["payload"])
        del payload["role"]
        memory = store._memory("memaudit", point, payload, {}, "2026-11-30")
    assert memory.source_type is SourceType.INFERENCE
    assert memory.derived and any("role" in m for m in memory.missing)


def test_layers_before_delete_find_the_token_everywhere_it_is(provider):
    with open_store(str(provider("mem0"))) as store:
        found = dirty(store, Needle(content=TOKEN))
    # NOTES.md: history ADD row; the one pickled point (payload data + text_lemmatized).
    assert found == {
        "history": 1,
        "history.db bytes": 1,
        "qdrant points": 2,
        "qdrant storage bytes": 2,
    }


def test_verify_after_delete_reports_history_residue_only(provider):
    """NOTES.md: after Memory.delete the point is gone (secure_delete zeroed it) but
    history.db keeps the ADD row's new_memory and the DELETE row's old_memory."""
    with open_store(str(provider("mem0", "after_delete"))) as store:
        found = residue(store, Needle(content=TOKEN))
    assert sorted(found["history"]) == sorted(
        [
            ("history.new_memory [id=5b3c3b15-a588-4bd5-af78-b0651b8a8ca0]", "contains text"),
            ("history.old_memory [id=b17de681-f54b-4fcc-982d-d72f7ffd671a]", "contains text"),
        ]
    )
    assert len(found["history.db bytes"]) == 2
    for clean in ("qdrant points", "qdrant storage bytes", "messages", "qdrant side files"):
        assert found[clean] == [], clean


def test_verify_by_id_finds_history_rows_of_deleted_memory(provider):
    with open_store(str(provider("mem0", "after_delete"))) as store:
        found = dirty(store, Needle(ids=[IDS["token"]]))
    assert found == {"history": 2, "history.db bytes": 2}


def test_status_expired_follows_the_clock(provider):
    from memaudit.clock import fixed_clock

    with open_store(str(provider("mem0")), clock=fixed_clock("2025-01-01T00:00:00Z")) as store:
        assert store.require(IDS["stale_bun"]).status is Status.ACTIVE


def test_opening_never_writes(provider, cli):
    folder = provider("mem0", "after_delete")
    before = snapshot(folder)
    for args in (["ls", "--json"], ["show", IDS["editor"]], ["stats"]):
        assert cli(*args, db=folder).exit_code == 0
    with open_store(str(folder)) as store:
        for layer in store.layers():
            layer.probe(Needle(ids=[IDS["token"]], content=TOKEN))
    assert snapshot(folder) == before
