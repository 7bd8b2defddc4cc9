"""The Hermes adapter on HERMES_HOME folders written by hermes-agent 0.19.0.

Facts asserted here come from tests/fixtures/providers/hermes/NOTES.md: the scenario,
the approve semantics, and where ZEBRA-7731-QUOKKA survives Hermes' own remove.
"""

from __future__ import annotations

import fcntl
import json
import shutil
import threading
import time
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.adapters.hermes import HermesStore, entry_id
from memaudit.errors import Conflict, ExitCode, Refused, StoreBusy, Unsupported
from memaudit.model import MemoryFilter, Status
from memaudit.sidecar import open_sidecar
from memaudit.store import Needle

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "hermes"
IDS = json.loads((FIX / "ids.json").read_text())
TOKEN = "ZEBRA-7731-QUOKKA"


def home_copy(tmp_path: Path, which: str = "before") -> Path:
    dst = tmp_path / which / "hermes_home"
    shutil.copytree(FIX / which / "hermes_home", dst)
    return dst


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def open_rw(home: Path) -> HermesStore:
    store = open_store(str(home), writable=True)
    assert isinstance(store, HermesStore)
    return store


# -- listing and detection -------------------------------------------------------


def test_adapters_lists_hermes_with_its_capabilities(cli) -> None:
    res = cli("adapters", "--json")
    rows = {r["name"]: r for r in json.loads(res.stdout)["adapters"]}
    assert rows["hermes"]["capabilities"] == ["layers", "queue", "read"]
    assert "hermes-agent 0.19.0" in rows["hermes"]["tested_against"]


def test_folder_is_detected_and_adapter_can_be_forced(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    res = cli("adapters", "--detect", str(home), "--json")
    scores = {r["name"]: r["detect_score"] for r in json.loads(res.stdout)["adapters"]}
    assert max(scores, key=lambda n: scores[n]) == "hermes"
    assert scores["native"] == 0.0
    forced = cli("--adapter", "hermes", "ls", "--json", db=home)
    assert forced.exit_code == 0
    wrong = cli("--adapter", "holographic", "ls", db=home)
    assert wrong.exit_code != 0


def test_ls_json_lists_every_entry_and_pending_record(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    rows = json.loads(cli("ls", "--json", "--limit", "0", db=home).stdout)
    active = [r for r in rows if r["status"] == "active"]
    pending = [r for r in rows if r["status"] == "pending"]
    assert len(active) == 7  # 5 MEMORY.md + 2 USER.md entries
    assert sorted(r["id"] for r in pending) == sorted(IDS.values())
    token = [r for r in active if TOKEN in r["content"]]
    assert [r["id"] for r in token] == [
        entry_id("memory", f"The staging vault passphrase hint is {TOKEN}")
    ]
    assert all(r["source_type"] == "unknown" and r["trust_tier"] == "T5" for r in active)
    bg = next(r for r in pending if r["id"] == IDS["replace_token_bg"])
    assert bg["source_type"] == "reflection"  # staged by the background review
    assert bg["extra"]["origin"] == "background_review"
    assert bg["created_at"].endswith("Z")


def test_ls_status_pending_lists_the_queue(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    rows = json.loads(cli("ls", "--status", "pending", "--json", db=home).stdout)
    assert {r["id"] for r in rows} == set(IDS.values())
    remove = next(r for r in rows if r["id"] == IDS["remove_bun"])
    assert remove["extra"]["action"] == "remove"
    assert remove["summary"] == "remove from memory: Bun.js"


def test_ids_are_stable_across_opens_and_whitespace(tmp_path: Path) -> None:
    a = entry_id("memory", "The project  moved from poetry to uv")
    assert a == entry_id("memory", "the project moved from poetry to uv")
    assert a != entry_id("user", "the project moved from poetry to uv")
    home = home_copy(tmp_path)
    with open_store(str(home)) as s1, open_store(str(home)) as s2:
        assert [m.id for m in s1.memories()] == [m.id for m in s2.memories()]


def test_show_flags_what_hermes_does_not_record(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    mid = entry_id("user", "User's editor is VS Code")
    data = json.loads(cli("show", mid, "--json", db=home).stdout)
    assert data["scope"] == "user profile (USER.md)"
    assert data["source_ref"] == "memories/USER.md#2"
    flags = " | ".join(data["flags"])
    assert "source unknown" in flags
    assert "store does not record: timestamps" in flags
    assert "store does not record: source (who stated it)" in flags
    text = cli("show", mid, db=home).stdout
    assert "store does not record: lineage" in text


def test_read_only_open_changes_nothing(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    before = snapshot(home)
    for args in (("ls", "--json"), ("stats",), ("show", IDS["add_summary"])):
        assert cli(*args, db=home).exit_code == 0
    with open_store(str(home)) as store:
        for layer in store.layers():
            layer.probe(Needle(content=TOKEN))
    assert snapshot(home) == before


def test_provider_config_reads_write_approval(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    with open_store(str(home)) as store:
        cfg = store.provider_config()
    assert cfg["memory.write_approval"] == {
        "value": True,
        "source": str(home / "config.yaml"),
    }
    assert cfg["memory.memory_char_limit"]["value"] == 2200
    assert "provider default" in cfg["memory.memory_char_limit"]["source"]
    (home / "config.yaml").write_text("memory:\n  write_approval: 'approve'\n")
    with open_store(str(home)) as store:
        assert store.provider_config()["memory.write_approval"]["value"] is True


# -- approve / reject --------------------------------------------------------------


def test_approve_add_and_remove_is_byte_identical_to_hermes(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    expected = FIX / "expected_after_approve" / "hermes_home"
    res = cli("approve", IDS["add_summary"], IDS["remove_bun"], "--json", db=home)
    assert res.exit_code == 0, res.stderr
    assert [r["id"] for r in json.loads(res.stdout)] == [IDS["add_summary"], IDS["remove_bun"]]
    for name in ("MEMORY.md", "USER.md"):
        assert (home / "memories" / name).read_bytes() == (
            expected / "memories" / name
        ).read_bytes()
    assert sorted(p.name for p in (home / "pending" / "memory").iterdir()) == sorted(
        p.name for p in (expected / "pending" / "memory").iterdir()
    )
    assert not list((home / "memories").glob(".mem_*"))  # no temp file left
    # memaudit's record is in the sidecar, not in HERMES_HOME
    ledger = open_sidecar(str(home), readonly=True)
    assert ledger is not None
    with ledger:
        events = ledger.events(actions=["approve"])
    assert [e.memory_id for e in events] == [IDS["add_summary"], IDS["remove_bun"]]
    assert events[0].detail["action"] == "add"
    assert not [p for p in home.rglob("*") if "memaudit" in p.name]


def test_approve_replace_in_user_profile(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    with open_rw(home) as store:
        m = store.approve(IDS["replace_editor"])
    assert m.status is Status.ACTIVE
    assert (home / "memories" / "USER.md").read_text() == (
        "User prefers concise answers without emoji.\n§\n"
        "User's editor is Neovim (switched from VS Code)"
    )
    assert m.extra["entry id"] == entry_id(
        "user", "User's editor is Neovim (switched from VS Code)"
    )


def test_approve_after_the_entry_is_gone_fails_and_keeps_the_record(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path, "after_delete")
    before = snapshot(home)
    res = cli("approve", IDS["replace_token_bg"], db=home)
    assert res.exit_code == ExitCode.CONFLICT
    assert "No entry matched" in res.stderr
    assert snapshot(home) == before


def test_ambiguous_substring_is_refused_like_hermes(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    rec = home / "pending" / "memory" / f"{IDS['remove_bun']}.json"
    data = json.loads(rec.read_text())
    data["payload"]["old_text"] = "The project"  # matches entries 1 and 2
    rec.write_text(json.dumps(data))
    before = (home / "memories" / "MEMORY.md").read_bytes()
    with open_rw(home) as store, pytest.raises(Conflict, match="Be more specific"):
        store.approve(IDS["remove_bun"])
    assert (home / "memories" / "MEMORY.md").read_bytes() == before
    assert rec.exists()


def test_char_limit_is_enforced_over_the_joined_text(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n  memory_char_limit: 300\n")
    # 298 bytes now; the add would make 298 + 3 + 49 characters
    with open_rw(home) as store, pytest.raises(Refused, match="300"):
        store.approve(IDS["add_summary"])
    assert (home / "pending" / "memory" / f"{IDS['add_summary']}.json").exists()


def test_drift_is_backed_up_and_refused(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    path = home / "memories" / "MEMORY.md"
    # an empty entry does not round-trip through Hermes' split/join: drift
    path.write_text(path.read_text() + "\n§\n\n§\nhand-written note")
    with open_rw(home) as store, pytest.raises(Conflict, match="edited outside"):
        store.approve(IDS["remove_bun"])
    baks = list((home / "memories").glob("MEMORY.md.bak.*"))
    assert len(baks) == 1 and baks[0].read_text() == path.read_text()
    with open_store(str(home)) as store:
        hits = next(la for la in store.layers() if la.name == "side copies").probe(
            Needle(content="hand-written note")
        )
    assert [h.where for h in hits] == [f"memories/{baks[0].name}"]


def test_reject_removes_the_record_and_the_sidecar_keeps_the_decision(cli, tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    memory_before = (home / "memories" / "MEMORY.md").read_bytes()
    res = cli("reject", IDS["replace_token_bg"], "--reason", "holds a secret", db=home)
    assert res.exit_code == 0, res.stderr
    assert not (home / "pending" / "memory" / f"{IDS['replace_token_bg']}.json").exists()
    assert (home / "memories" / "MEMORY.md").read_bytes() == memory_before
    ledger = open_sidecar(str(home), readonly=True)
    assert ledger is not None
    with ledger:
        (event,) = ledger.events(actions=["reject"])
    assert event.memory_id == IDS["replace_token_bg"]
    assert event.reason == "holds a secret"
    assert event.actor == "tester"
    assert TOKEN not in json.dumps(event.to_dict())  # the decision, not the content


@pytest.mark.parametrize("bad", ["../../x", "../memory/../../x", "a/b", ".."])
def test_escaping_pending_id_is_refused(cli, tmp_path: Path, bad: str) -> None:
    home = home_copy(tmp_path)
    victim = tmp_path / "x.json"
    victim.write_text("{}")
    outside = snapshot(tmp_path)
    for cmd in (("approve", bad), ("reject", bad, "--reason", "r")):
        res = cli(*cmd, db=home)
        assert res.exit_code == ExitCode.REFUSED, res.stderr
        assert "refusing pending id" in res.stderr
    assert snapshot(tmp_path) == outside


def test_mnemosyne_shaped_record_is_listed_but_not_replayed(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    mn = (
        FIX.parent / "mnemosyne" / "before" / "hermes_home" / "pending" / "memory" / "cbfb97ed.json"
    )
    shutil.copy(mn, home / "pending" / "memory" / "cbfb97ed.json")
    with open_rw(home) as store:
        (m,) = store.memories(MemoryFilter(ids=["cbfb97ed"]))
        assert m.status is Status.PENDING
        assert m.source_type.value == "assistant_message"
        assert m.extra["tool"] == "mnemosyne_remember"
        with pytest.raises(Unsupported, match="mnemosyne_apply_pending"):
            store.approve("cbfb97ed")
        store.reject("cbfb97ed", "not wanted")
    assert not (home / "pending" / "memory" / "cbfb97ed.json").exists()


def test_a_held_lock_makes_approve_wait_then_say_so(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    lock = (home / "memories" / "MEMORY.md.lock").open("a+")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        store = HermesStore(home, writable=True, lock_timeout=0.2)
        started = time.monotonic()
        with pytest.raises(StoreBusy, match="MEMORY.md.lock is locked"):
            store.approve(IDS["add_summary"])
        assert time.monotonic() - started >= 0.2
        assert (home / "pending" / "memory" / f"{IDS['add_summary']}.json").exists()

        # released while waiting: the approve goes through
        timer = threading.Timer(0.2, lambda: fcntl.flock(lock, fcntl.LOCK_UN))
        timer.start()
        HermesStore(home, writable=True, lock_timeout=5).approve(IDS["add_summary"])
        timer.join()
    finally:
        lock.close()
    assert "Summary: packaging" in (home / "memories" / "MEMORY.md").read_text()


def test_read_only_store_refuses_to_write(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    with open_store(str(home)) as store, pytest.raises(Refused, match="read-only"):
        store.approve(IDS["add_summary"])


# -- residue after Hermes' own delete ------------------------------------------------


def test_probes_report_what_hermes_remove_left(tmp_path: Path) -> None:
    home = home_copy(tmp_path, "after_delete")
    token_entry = entry_id("memory", f"The staging vault passphrase hint is {TOKEN}")
    with open_store(str(home)) as store:
        found = {
            la.name: la.probe(Needle(ids=[token_entry], content=TOKEN)) for la in store.layers()
        }
    # clean: the memory files (the entry is gone), side copies (none were made)
    assert found["memory files"] == []
    assert found["side copies"] == []
    # the staged replace still quotes the token in its summary and old_text
    assert sorted(r.where for r in found["pending records"]) == [
        f"pending/memory/{IDS['replace_token_bg']}.json payload.old_text",
        f"pending/memory/{IDS['replace_token_bg']}.json summary",
    ]
    # state.db: message 1 (user text) and 2 (tool-call arguments)
    assert sorted(r.where for r in found["transcripts"]) == [
        "messages.content [id=1]",
        "messages.tool_calls [id=2]",
    ]
    assert found["transcript sessions"] == []
    for fts in ("messages_fts", "messages_fts_trigram"):
        assert sorted(r.where for r in found[f"transcript index copy {fts}"]) == [
            f"{fts}_content.c0 [id=1]",
            f"{fts}_content.c0 [id=2]",
        ]
    assert {r.match for r in found["transcript index messages_fts"]} == {
        "term (searchable)",
        "term in index segment",
    }
    assert [r.match for r in found["transcript index messages_fts_trigram"]] == [
        "trigrams in index segment"
    ]
    assert len(found["transcript raw bytes"]) == 6


def test_before_delete_the_token_is_in_the_memory_file(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    with open_store(str(home)) as store:
        (layer,) = [la for la in store.layers() if la.name == "memory files"]
        hits = layer.probe(Needle(content=TOKEN))
    assert [(h.where, h.match) for h in hits] == [("memories/MEMORY.md entry 4", "contains text")]


def test_approve_many_stops_at_the_first_failure_and_says_what_was_applied(
    cli, tmp_path: Path
) -> None:
    home = home_copy(tmp_path, "after_delete")
    res = cli("approve", IDS["add_summary"], IDS["replace_token_bg"], db=home)
    assert res.exit_code == ExitCode.CONFLICT
    assert f"already applied: {IDS['add_summary']}" in res.stderr
    assert "Summary: packaging" in (home / "memories" / "MEMORY.md").read_text()
    assert (home / "pending" / "memory" / f"{IDS['replace_token_bg']}.json").exists()
    # an unknown id anywhere in the list applies nothing
    res = cli("approve", IDS["replace_editor"], "deadbeef", db=home)
    assert res.exit_code == ExitCode.ERROR and "deadbeef" in res.stderr
    assert "Neovim" not in (home / "memories" / "USER.md").read_text()


def test_a_folder_of_no_known_kind_lists_what_was_tried(cli, tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.md").write_text("not a memory store")
    res = cli("ls", db=tmp_path / "other")
    assert res.exit_code != 0
    assert "not a memory store I know" in res.stderr
    for name in ("hermes", "mnemosyne", "holographic"):
        assert name in res.stderr
