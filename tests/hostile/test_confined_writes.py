"""Writes in a folder memaudit does not own never follow a planted symlink.

The Hermes approve path is the write memaudit makes inside a provider's folder: the
drift copy ``MEMORY.md.bak.<ts>``, the lock ``MEMORY.md.lock``, the temporary file and
the replace of MEMORY.md, and the removal of the pending record. Each goes through
``memaudit.confined``; these tests plant symlinks at every name and check that nothing
outside the store changes, and that what memaudit says happened is what happened.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest

from memaudit import confined
from memaudit.adapters import open_store
from memaudit.clock import fixed_clock
from memaudit.errors import Conflict
from memaudit.tui import make_app
from tests.hostile import corpus_files as cf
from tests.hostile.conftest import snapshot
from tests.tui.tui_helpers import settle

BASHRC = "# the user's real shell startup file\nexport PATH=$HOME/bin:$PATH\n"


@pytest.fixture
def drift(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the drifted Hermes home and a stand-in for ~/.bashrc beside it."""
    home = cf.copy_store("hermes_drift", tmp_path)
    bashrc = tmp_path / "bashrc"
    bashrc.write_text(BASHRC)
    return home, bashrc


def test_approve_never_writes_the_drift_copy_through_a_symlink(drift, cli):
    home, bashrc = drift
    memory_md = (home / "memories" / "MEMORY.md").read_bytes()
    cf.plant_backup_links(home, bashrc, int(time.time()) - 5, seconds=120)
    r = cli("approve", "d1f7a001", db=home)
    assert r.exit_code == 7, r.stderr  # conflict: the file was edited outside Hermes
    assert bashrc.read_text() == BASHRC  # the symlink target is untouched
    assert (home / "memories" / "MEMORY.md").read_bytes() == memory_md
    # What the message says was saved exists, is a regular file, and holds the text.
    saved = r.stderr.split("saved a copy to ")[1].split()[0].rstrip(".")
    copy = home / "memories" / saved
    assert copy.is_file() and not copy.is_symlink()
    assert copy.read_bytes() == memory_md
    assert "left it unchanged" in r.stderr
    assert (home / "pending" / "memory" / "d1f7a001.json").is_file()  # still pending


def test_a_failed_drift_copy_is_never_reported_as_saved(drift, monkeypatch):
    """When no copy can be made the message says so (never "saved") and nothing is
    left behind."""
    home, bashrc = drift
    before = snapshot(home)

    def refuse(self, stem, data, **kw):
        raise confined.Unsafe(f"refusing to write {stem}: every name is taken")

    monkeypatch.setattr(confined.Folder, "create_unique", refuse)
    with open_store(str(home), writable=True) as store, pytest.raises(Conflict) as caught:
        store.approve("d1f7a001")
    assert "could not save a copy" in caught.value.message
    assert "saved a copy to" not in caught.value.message
    after = snapshot(home)
    assert after.pop("memories/MEMORY.md.lock") == ("file", b"")  # Hermes' lock, as Hermes
    assert after == before and bashrc.read_text() == BASHRC


def test_a_symlinked_lock_file_is_refused_and_creates_nothing(drift, cli, tmp_path):
    home, _ = drift
    # A staged add skips the drift check: the lock is the first thing opened.
    record = home / "pending" / "memory" / "d1f7a001.json"
    data = json.loads(record.read_text())
    data["payload"] = {"action": "add", "target": "memory", "content": "A new note."}
    record.write_text(json.dumps(data))
    anywhere = tmp_path / "created-anywhere"
    cf.plant_lock_link(home, anywhere)
    memory_md = (home / "memories" / "MEMORY.md").read_bytes()
    r = cli("approve", "d1f7a001", db=home)
    assert r.exit_code == 8, r.stderr
    assert "refusing lock file" in r.stderr
    assert not anywhere.exists()
    assert (home / "memories" / "MEMORY.md").read_bytes() == memory_md
    assert record.is_file()


def test_a_symlinked_memories_folder_is_never_written(drift, cli, tmp_path):
    home, _ = drift
    elsewhere = tmp_path / "elsewhere"
    (home / "memories").rename(elsewhere)
    os.symlink(elsewhere, home / "memories")
    before = snapshot(elsewhere)
    record = home / "pending" / "memory" / "d1f7a001.json"
    data = json.loads(record.read_text())
    data["payload"] = {"action": "add", "target": "memory", "content": "A new note."}
    record.write_text(json.dumps(data))
    r = cli("approve", "d1f7a001", db=home)
    assert r.exit_code == 8 and "is a symlink" in r.stderr, r.stderr
    assert snapshot(elsewhere) == before


def test_a_memory_file_symlinked_out_of_the_store_is_neither_read_nor_replaced(
    drift, cli, tmp_path
):
    home, bashrc = drift
    memory_md = home / "memories" / "MEMORY.md"
    memory_md.unlink()
    os.symlink(bashrc, memory_md)
    listed = cli("ls", "--json", db=home)
    assert listed.exit_code == 0
    assert "PATH" not in listed.stdout  # the outside file's text is not shown
    assert "outside the store" in listed.stderr
    r = cli("approve", "d1f7a001", db=home)
    assert r.exit_code == 8, r.stderr
    assert memory_md.is_symlink() and bashrc.read_text() == BASHRC


def test_review_screen_approve_key_takes_the_same_confined_path(drift):
    """The review screen's `a` on the drifted home: the same refusal, the same files."""
    home, bashrc = drift
    cf.plant_backup_links(home, bashrc, int(time.time()) - 5, seconds=120)
    memory_md = (home / "memories" / "MEMORY.md").read_bytes()
    clock = fixed_clock("2026-11-30T12:00:00Z")

    async def run() -> str:
        store = open_store(str(home), writable=True, clock=clock, actor="reviewer")
        try:
            app = make_app(store, clock=clock, actor="reviewer")
            async with app.run_test(size=(120, 36)) as pilot:
                await settle(pilot)
                await pilot.press("a")
                await settle(pilot)
                return str(app.screen.query_one("#status").render())
        finally:
            store.close()

    shown = asyncio.run(run())
    assert "edited outside Hermes" in shown and "saved a copy to MEMORY.md.bak." in shown
    assert bashrc.read_text() == BASHRC
    assert (home / "memories" / "MEMORY.md").read_bytes() == memory_md
    copies = [p for p in (home / "memories").iterdir() if ".bak." in p.name and not p.is_symlink()]
    assert len(copies) == 1 and copies[0].read_bytes() == memory_md


def test_folder_refuses_unsafe_names(tmp_path):
    with confined.Folder(tmp_path) as folder:
        for bad in ("../escape", "a/b", "", ".."):
            with pytest.raises(confined.Unsafe):
                folder.create_new(bad, b"x")
        os.symlink(tmp_path / "target", tmp_path / "link")
        with pytest.raises(FileExistsError):
            folder.create_new("link", b"x")  # taken, by a symlink: never followed
        folder.replace("link", b"data")  # replaces the link itself
    assert not (tmp_path / "target").exists()
    assert (tmp_path / "link").read_bytes() == b"data" and not (tmp_path / "link").is_symlink()
