"""Reading the files of a store memaudit does not own: bounded, and never led outside it.

File-based stores (the MCP knowledge-graph file, Claude Code's memory folders, ...) are
folders anyone could have planted: a symlink to ``~/.ssh``, a 20 GB "memory file", a
million files, a JSON line nested ten thousand deep. Every adapter that walks such a
folder reads through one ``FileReader``:

- a path whose real location (symlinks resolved) leaves the reader's roots is not read;
- a file larger than ``limit`` bytes is not read whole (its bytes can still be scanned
  in chunks by ``sqlite_probe.probe_raw``);
- a walk stops after ``max_files`` files, or after looking at ``MAX_ENTRIES`` entries
  (files and folders, matching or not);
- what was refused is kept in ``refused`` (path, why), so the adapter can show it as a
  flag and its layers can say what they did not look at — never a silent skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from memaudit import confined
from memaudit.adapters.support import file_probe
from memaudit.adapters.support.file_probe import MAX_FILE_BYTES

MAX_FILES = 20_000  # per walk: far more than any memory folder holds


def resolved(path: Path) -> Path | None:
    """The real location of ``path`` (symlinks followed), or None when it cannot be
    resolved (a loop, a dangling link, a permission error)."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


class FileReader:
    """Reads files under ``roots`` only, each up to ``limit`` bytes."""

    def __init__(self, *roots: Path, limit: int = MAX_FILE_BYTES, max_files: int = MAX_FILES):
        self.roots = [r for r in (resolved(Path(root)) for root in roots) if r is not None]
        self.limit = limit
        self.max_files = max_files
        self.refused: dict[str, str] = {}  # shown path -> why it was not read

    def add_root(self, root: Path) -> None:
        real = resolved(root)
        if real is not None and real not in self.roots:
            self.roots.append(real)

    def refuse(self, path: Path, why: str) -> None:
        if str(path) not in self.refused:
            self.refused[str(path)] = why
            # the command says so too (one Warning line): a memory in a file not read
            # must not just be missing from a listing or an audit
            confined.note_skipped(f"{path}: {why}")

    def inside(self, path: Path) -> bool:
        """True when ``path`` exists and its real location is under one of the roots."""
        real = resolved(path)
        if real is None:
            if path.is_symlink():
                self.refuse(path, "dangling or looping symlink")
            return False
        if any(real == root or real.is_relative_to(root) for root in self.roots):
            return True
        self.refuse(path, f"resolves outside the store (to {real})")
        return False

    def regular_file(self, path: Path) -> bool:
        return self.inside(path) and path.is_file()

    def read_bytes(self, path: Path, limit: int | None = None) -> bytes | None:
        """The whole file, or None when it is missing, outside the roots, not a regular
        file, unreadable or larger than ``limit``."""
        cap = self.limit if limit is None else limit
        if not self.regular_file(path):
            return None
        try:  # the open itself goes through ``confined`` (no FIFO, device, swapped link)
            return confined.read_bytes(path, root=None, limit=cap)
        except confined.Unsafe as exc:
            self.refuse(path, exc.message)
        except OSError as exc:
            self.refuse(path, f"cannot read it ({exc.strerror or type(exc).__name__})")
        return None

    def read_text(self, path: Path, limit: int | None = None) -> str | None:
        data = self.read_bytes(path, limit)
        return None if data is None else data.decode("utf-8", errors="replace")

    def files(self, folder: Path, *, suffix: str = "", recursive: bool = False) -> list[Path]:
        """Regular files in ``folder`` (sorted), ending with ``suffix``; symlinked files
        or folders that leave the roots are refused, and the walk is bounded."""
        out: list[Path] = []
        if not folder.is_dir() or not self.inside(folder):
            return out
        for path in self._walk(folder, recursive):
            if len(out) >= self.max_files:
                self.refuse(folder, f"more than {self.max_files:,} files: the rest not read")
                break
            if path.name.endswith(suffix) and self.regular_file(path):
                out.append(path)
        return sorted(out)

    def _walk(self, folder: Path, recursive: bool) -> Iterator[Path]:
        pending = [folder]
        seen: set[Path] = set()
        looked, budget = 0, file_probe.MAX_ENTRIES
        while pending:
            current = pending.pop()
            real = resolved(current)
            if real is None or real in seen:
                continue
            seen.add(real)
            try:
                with os.scandir(current) as listing:  # one huge folder is not read whole
                    entries = sorted(islice(listing, budget - looked + 1), key=lambda e: e.name)
            except OSError as exc:
                self.refuse(current, f"cannot list it ({exc.strerror or type(exc).__name__})")
                continue
            looked += len(entries)
            if looked > budget:
                self.refuse(folder, f"more than {budget:,} entries: the rest not walked")
                return
            for entry in entries:
                path = Path(entry.path)
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    if recursive and self.inside(path):
                        pending.append(path)
                    continue
                yield path
