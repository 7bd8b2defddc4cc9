"""A walk of a foreign folder says where it did not look: a folder it could not list,
and everything past its budget of entries (rule 2: "clean" only for what was read).

A hostile store can hide a memory file in a folder nested past the path length the
system can open (ENAMETOOLONG: real as root, as these tests run), or bury a few memory
files among millions of other entries (a workspace set to a home folder). Before, a walk
skipped the first silently and went on through the second for as long as it took.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from memaudit.adapters.support import bounded, file_probe
from tests.cli.test_readonly import _python_as_nobody, place  # noqa: F401 (a fixture)

PLANTED = "NEVER-SEEN-PLOVER-5512"


@pytest.fixture
def deep() -> Iterator[object]:
    """``deep(parent)``: a chain of folders under ``parent`` whose full path is longer
    than the system opens (built through directory descriptors), a memory file holding
    PLANTED at its bottom; removed afterwards (shutil.rmtree works through descriptors)."""
    made: list[Path] = []

    def make(parent: Path) -> Path:
        top = parent / ("d" * 200)
        top.mkdir()
        made.append(top)
        fd = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
        try:
            for _ in range(24):  # 24 x 201 characters: past PATH_MAX (4096)
                os.mkdir("d" * 200, dir_fd=fd)
                inner = os.open("d" * 200, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
                os.close(fd)
                fd = inner
            note = os.open("MEMORY.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
            os.write(note, f"- {PLANTED}\n".encode())
            os.close(note)
        finally:
            os.close(fd)
        return top

    yield make
    for top in made:
        shutil.rmtree(top)


def test_a_folder_nested_past_the_path_limit_is_said_not_skipped(tmp_path, deep):
    (tmp_path / "a.md").write_text("x")
    deep(tmp_path)
    files, skipped = file_probe.files_under(tmp_path, suffixes=(".md",))  # no OSError
    assert files == [tmp_path / "a.md"]
    assert any("cannot look at it: File name too long" in why for why in skipped), skipped


_WALK = """
import json, sys
from pathlib import Path
from memaudit.adapters.support import bounded, file_probe
root = Path(sys.argv[1])
reader = bounded.FileReader(root)
reader.files(root, suffix=".md", recursive=True)
print(json.dumps([file_probe.files_under(root, suffixes=(".md",))[1], reader.refused]))
"""


def test_a_folder_that_cannot_be_listed_is_said_not_skipped(place: Path) -> None:  # noqa: F811
    """As an unprivileged user (file modes do not bite root): a folder it may not list
    is named with the reason by both walkers; before, os.walk passed over it in silence."""
    ws = place / "ws"
    (ws / "locked").mkdir(parents=True)
    (ws / "a.md").write_text("x")
    (ws / "locked" / "b.md").write_text(PLANTED)
    os.chmod(ws, 0o755)
    os.chmod(ws / "locked", 0o000)
    done = _python_as_nobody(["-c", _WALK, str(ws)], home=place.parent / "home")
    assert done.returncode == 0, done.stderr
    skipped, refused = json.loads(done.stdout)
    assert skipped == ["locked (cannot list it: Permission denied)"]
    assert refused == {str(ws / "locked"): "cannot list it (Permission denied)"}


def test_a_walk_stops_after_its_budget_of_entries_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(file_probe, "MAX_ENTRIES", 50)
    for i in range(30):
        sub = tmp_path / f"f{i:02}"
        sub.mkdir()
        (sub / "data.bin").write_bytes(b"")  # entries that match nothing still count
    (tmp_path / "f29" / "late.md").write_text("x")
    files, skipped = file_probe.files_under(tmp_path, suffixes=(".md",))
    assert files == []
    assert skipped == [f"entries past the first 50 under {tmp_path} (not walked)"]
    # within the budget, the same tree is walked whole and nothing is said
    monkeypatch.setattr(file_probe, "MAX_ENTRIES", 100)
    assert file_probe.files_under(tmp_path, suffixes=(".md",)) == (
        [tmp_path / "f29" / "late.md"],
        [],
    )


def test_the_bounded_reader_keeps_the_same_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(file_probe, "MAX_ENTRIES", 20)
    for i in range(30):
        (tmp_path / f"n{i:02}.txt").write_text("x")
    reader = bounded.FileReader(tmp_path)
    reader.files(tmp_path, suffix=".md", recursive=True)
    assert reader.refused == {str(tmp_path): "more than 20 entries: the rest not walked"}
    monkeypatch.setattr(file_probe, "MAX_ENTRIES", 40)
    fresh = bounded.FileReader(tmp_path)
    assert len(fresh.files(tmp_path, suffix=".txt", recursive=True)) == 30
    assert fresh.refused == {}


def _verify(cli, root: Path) -> tuple[dict, dict]:
    result = cli("verify", "--content", PLANTED, "--json", db=root, env={"HOME": str(root)})
    assert "Traceback" not in result.stderr, result.stderr
    data = json.loads(result.stdout)
    return data, {la["layer"]: la for la in data["layers"]}


def test_a_workspace_with_a_folder_past_the_path_limit_is_not_checked(home, cli, deep):
    """OpenClaw: a memory file hidden past the path limit inside an agent's workspace;
    its markdown layer said clean before, now *not checked*, saying which folder."""
    root = home("openclaw", "agents")
    deep(root / ".openclaw" / "workspace-work")
    data, layers = _verify(cli, root)
    layer = layers["agent work: markdown"]
    assert layer["probed"] is False
    assert "cannot look at it: File name too long" in layer["checked"]
    assert layers["markdown"]["probed"] is True  # the other workspaces are read as before
    assert data["verdict"] == "unverified"


def test_a_workspace_past_the_entry_budget_is_not_checked(home, cli, monkeypatch):
    root = home("openclaw", "agents")
    monkeypatch.setattr(file_probe, "MAX_ENTRIES", 200)
    junk = root / ".openclaw" / "workspace" / "node_modules"
    junk.mkdir()
    for i in range(300):
        (junk / f"m{i:03}.js").write_text("")
    data, layers = _verify(cli, root)
    assert layers["markdown"]["probed"] is False
    assert "entries past the first 200" in layers["markdown"]["checked"]
    assert data["verdict"] == "unverified"


def test_session_transcripts_past_the_path_limit_are_not_checked(home, cli, deep):
    root = home("openclaw", "agents")
    sessions = root / ".openclaw" / "agents" / "work" / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    (sessions / "s1.jsonl").write_text('{"role": "user", "content": "hello"}\n')
    deep(sessions)
    data, layers = _verify(cli, root)
    layer = layers["session files"]
    assert layer["probed"] is False and "cannot look at it" in layer["checked"]
    assert data["verdict"] == "unverified"


def test_a_letta_reflog_folder_past_the_path_limit_is_not_checked(home, cli, deep):
    """Letta Code: the reflog layer listed its folders when probed and dropped what it
    could not look at; now it says so."""
    root = home("letta_code", "before")
    repo = root / ".letta" / "lc-local-backend" / "memfs" / "agent-local-demo" / "memory"
    deep(repo / ".git" / "logs")
    data, layers = _verify(cli, root)
    layer = layers["reflog and git metadata"]
    assert layer["probed"] is False
    assert (
        "not looked at: .git/logs: " in layer["checked"] and "cannot look at it" in layer["checked"]
    )
    assert data["verdict"] == "unverified"
