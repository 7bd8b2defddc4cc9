"""The review screen's lineage tree (``tui.render.lineage_tree``, the detail pane and the
trace screen) for a memory whose store names a source memaudit cannot resolve: a
missing-source node with the raw reference, as `memaudit trace` shows it.

The review app opens only stores with a queue; Mnemosyne's has none, so the renderer the
app uses is driven directly on the real store written by mnemosyne-memory."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from rich.console import Console

from memaudit.adapters import open_store
from memaudit.tui.render import lineage_tree

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "mnemosyne" / "lineage"
IDS = json.loads((FIXTURE / "ids.json").read_text())


def rendered(home: Path, memory_id: str) -> str:
    with open_store(str(home)) as store:
        tree = lineage_tree(store.lineage(memory_id), store.require(memory_id))
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(tree)
    return console.export_text()


def test_review_tree_shows_the_missing_source_with_its_reference(tmp_path: Path) -> None:
    home = tmp_path / "lineage"
    shutil.copytree(FIXTURE, home)
    text = rendered(home / "hermes_home", IDS["orphan_inference"])
    assert "✝ msg-2026-10-03-17" in text and "missing source" in text
    assert "its own evidence" not in text
    # a recorded source is reached, with its tier
    text = rendered(home / "hermes_home", IDS["inference"])
    assert IDS["observed"] in text and "T1" in text and "✝" not in text
    assert "its own evidence" in rendered(home / "hermes_home", IDS["control"])


def test_review_tree_neutralises_a_hostile_reference(tmp_path: Path) -> None:
    """A reference is store bytes: the review screen shows its controls as markers and its
    markup as text, never as styling or a link."""
    import sqlite3

    home = tmp_path / "lineage"
    shutil.copytree(FIXTURE, home)
    conn = sqlite3.connect(home / "hermes_home" / "mnemosyne" / "data" / "mnemosyne.db")
    hostile = "[link=https://evil.example]x[/link]\x1b[31mRED\u202eevil"
    conn.execute(
        "UPDATE working_memory SET metadata_json = ? WHERE id = ?",
        (json.dumps({"derived_from": [hostile]}), IDS["orphan_inference"]),
    )
    conn.commit()
    conn.close()
    text = rendered(home / "hermes_home", IDS["orphan_inference"])
    assert "missing source" in text
    assert "\x1b" not in text and "\u202e" not in text
    assert "⟨ESC⟩" in text and "⟨RLO⟩" in text
    assert "[link=https://evil.example]x[/link]" in text
