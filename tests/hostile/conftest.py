"""Shared by the hostile-store tests: a fresh TMPDIR, and a snapshot of a store."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from memaudit import scratch


@pytest.fixture
def tmpdir_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty TMPDIR for the commands (Python's tempfile re-reads it)."""
    folder = tmp_path / "tmpdir"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", None)
    scratch.cleanup()
    return folder


def snapshot(folder: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every entry under ``folder``: files by content, symlinks by target, folders and
    special files by kind. Never follows a link or opens a FIFO."""
    out: dict[str, tuple[str, bytes | str]] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            rel = str(p.relative_to(folder))
            if p.is_symlink():
                out[rel] = ("link", os.readlink(p))
            elif p.is_dir():
                out[rel] = ("dir", "")
            elif p.is_file():
                out[rel] = ("file", p.read_bytes())
            else:
                out[rel] = ("special", "")
    return out
