"""Detecting and opening Claude Code memory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memaudit.adapters.claude_code.paths import (
    find_scope,
    is_config_dir,
    is_home,
    is_project,
    transcript_folder,
)
from memaudit.adapters.claude_code.store import ClaudeCodeStore
from memaudit.errors import NotAStore
from memaudit.store import Adapter


class ClaudeCodeAdapter(Adapter):
    name = "claude_code"
    description = (
        "Claude Code memory: CLAUDE.md hierarchy and @imports, auto memory "
        "(~/.claude/projects/<project>/memory), session transcripts (read-only); "
        "--db takes a project folder, ~/.claude or ~"
    )
    capabilities = ClaudeCodeStore.capabilities
    tested_against = (
        "a home and project written by Claude Code 2.1.197 itself (claude -p, its model "
        "replaced by a scripted stand-in for the Messages API: the tool calls are scripted, "
        "Claude Code's own tools wrote every file) (tests/fixtures/providers/claude_code)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location).expanduser()
            if not path.is_dir():
                return 0.0
            if transcript_folder(path):
                return 0.85
            if is_config_dir(path):
                return 0.9 if (path / "projects").is_dir() else 0.6
            if is_home(path):
                return 0.7
            if is_project(path):
                return 0.8
            return 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def explain(cls, location: str) -> str:
        try:
            path = Path(location).expanduser()
            if not path.is_dir():
                return "not a folder"
            if transcript_folder(path):
                return "a projects/<key> folder of a Claude Code config dir"
            if is_config_dir(path):
                return "a Claude Code config dir" + (
                    " with projects/" if (path / "projects").is_dir() else ""
                )
            if is_home(path):
                return "a home folder with .claude/projects (opens its .claude)"
            if is_project(path):
                return "a project folder with CLAUDE.md, CLAUDE.local.md or .claude/"
            return "no CLAUDE.md, .claude/ or projects/ here"
        except OSError:
            return ""

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> ClaudeCodeStore:
        scope = find_scope(Path(location))
        if scope is None:
            raise NotAStore(
                f"{location}: not a Claude Code store (a project folder with CLAUDE.md or "
                ".claude/, a config dir such as ~/.claude, or a home folder holding one)"
            )
        store = ClaudeCodeStore(location, scope, clock=options.get("clock"))
        store.all()
        return store
