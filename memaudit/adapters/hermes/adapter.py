"""Detecting and opening a HERMES_HOME."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memaudit.adapters.hermes.queue import HermesStore
from memaudit.adapters.hermes.store import _memory_file_home, is_hermes_home
from memaudit.store import Adapter


class HermesAdapter(Adapter):
    name = "hermes"
    description = (
        "Hermes agent built-in memory: a HERMES_HOME folder (memories/MEMORY.md, USER.md, "
        "pending/memory/*.json approval queue, state.db transcripts)"
    )
    capabilities = HermesStore.capabilities
    tested_against = (
        "HERMES_HOME folders written by hermes-agent 0.19.0 (tests/fixtures/providers/hermes)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if _memory_file_home(path) is not None:
                return 0.6  # memories/MEMORY.md or USER.md itself
            if not path.is_dir():
                return 0.0
            if is_hermes_home(path):
                return 0.9
            if path.name == "memories" and is_hermes_home(path.parent):
                return 0.6
            return 0.0
        except OSError:
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HermesStore:
        path = Path(location).expanduser()
        path = _memory_file_home(path) or path  # accept memories/MEMORY.md or USER.md
        if path.name == "memories" and is_hermes_home(path.parent):
            path = path.parent  # accept the memories/ folder itself
        if not path.is_dir():
            from memaudit.errors import NotAStore

            raise NotAStore(f"{location}: a Hermes store is a HERMES_HOME folder")
        return HermesStore(
            path,
            writable=writable,
            clock=options.get("clock"),
            actor=options.get("actor"),
            lock_timeout=options.get("lock_timeout"),
        )
