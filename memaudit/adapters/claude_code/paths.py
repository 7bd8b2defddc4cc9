"""Where Claude Code keeps things: its config dir, project keys, settings, the
project's auto-memory folder and transcripts, and which of them a path given to
``--db`` names."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit import confined
from memaudit.adapters.support.foreign import read_json

CONFIG_ENV = "CLAUDE_CONFIG_DIR"
MANAGED_DIR = Path("/etc/claude-code")
INDEX = "MEMORY.md"
INDEX_LINES = 200
INDEX_CHARS = 25_000
MAX_MD_BYTES = 4 * 1024 * 1024  # Claude Code's own cap on an instruction file
MAX_LINE_BYTES = 16 * 1024 * 1024  # a transcript line longer than this is not parsed
IMPORT_DEPTH = 5
KEY_MAX = 200
# Extensions Claude Code follows in an @import (others are skipped as non-text).
TEXT_EXTENSIONS = frozenset(
    {
        ".md",
        ".txt",
        ".text",
        ".json",
        ".yaml",
        ".yml",
        ".toml",
        ".xml",
        ".csv",
        ".html",
        ".htm",
        ".css",
        ".scss",
        ".sass",
        ".less",
        ".js",
        ".ts",
        ".tsx",
        ".jsx",
        ".mjs",
        ".cjs",
        ".mts",
        ".cts",
        ".py",
        ".pyi",
        ".pyw",
        ".rb",
        ".erb",
        ".rake",
        ".go",
        ".rs",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".c",
        ".cpp",
        ".cc",
        ".cxx",
        ".h",
        ".hpp",
        ".hxx",
        ".cs",
        ".swift",
        ".sh",
        ".bash",
        ".zsh",
        ".fish",
        ".ps1",
        ".bat",
        ".cmd",
        ".env",
        ".ini",
        ".cfg",
        ".conf",
        ".config",
        ".properties",
        ".sql",
        ".graphql",
        ".gql",
        ".proto",
        ".vue",
        ".svelte",
        ".astro",
        ".ejs",
        ".hbs",
        ".pug",
        ".jade",
        ".php",
        ".pl",
        ".pm",
        ".lua",
        ".r",
        ".dart",
        ".ex",
        ".exs",
        ".erl",
        ".hrl",
        ".clj",
        ".cljs",
        ".cljc",
        ".edn",
        ".hs",
        ".lhs",
        ".elm",
        ".ml",
        ".mli",
        ".f",
        ".f90",
        ".f95",
        ".for",
        ".cmake",
        ".make",
        ".makefile",
        ".gradle",
        ".sbt",
        ".rst",
        ".adoc",
        ".asciidoc",
        ".org",
        ".tex",
        ".latex",
        ".lock",
        ".log",
        ".diff",
        ".patch",
    }
)
WRITE_TOOLS = {"Write": "write", "Edit": "edit", "MultiEdit": "edit", "NotebookEdit": "edit"}
ANCESTOR_FILES = ("CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md", ".claude/rules")
NEVER_READ = {".credentials.json"}  # login tokens: never memory, never opened
MISSING_AUTOMEM = [
    "who stated a fact (the model writes every memory file; the transcript shows the session)",
    "confidence",
    "validation by a person (Claude writes memory files without asking)",
]
MISSING_INSTRUCTIONS = [
    "author (the user, a teammate, or Claude through its edit tools)",
    "timestamps (only the file's modification time)",
]
LINK = re.compile(
    r"^\s*[-*+]\s*\[(?P<title>[^\]]*)\]\((?P<target>[^)\s]+)\)\s*(?:[—–-]+\s*(?P<hook>.*))?$"
)
IMPORT = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")
COMMENT_START = re.compile(r"^\s*<!--")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
FENCE = re.compile(r"^\s*(```|~~~)")


# -- where Claude Code keeps things ---------------------------------------------------


def js_hash(text: str) -> int:
    """Claude Code's 32-bit string hash (Java's ``hashCode`` over UTF-16 code units)."""
    value = 0
    data = text.encode("utf-16-le")
    for i in range(0, len(data), 2):
        value = (value * 31 + int.from_bytes(data[i : i + 2], "little")) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def project_key(path: str) -> str:
    """The folder name Claude Code gives a project under ``<config>/projects``."""
    key = re.sub(r"[^a-zA-Z0-9]", "-", path)
    if len(key) <= KEY_MAX:
        return key
    return f"{key[:KEY_MAX]}-{base36(abs(js_hash(path)))}"


def config_dir() -> Path:
    env = os.environ.get(CONFIG_ENV)
    return Path(env).expanduser() if env else Path.home() / ".claude"


def settings_json(config: Path) -> Path:
    """``~/.claude.json`` (or ``$CLAUDE_CONFIG_DIR/.claude.json``)."""
    return (config if os.environ.get(CONFIG_ENV) else config.parent) / ".claude.json"


def git_root(folder: Path) -> Path | None:
    """The repository a folder belongs to (a worktree's main repository), as Claude Code
    keys auto memory by it; None outside git."""
    for candidate in [folder, *folder.parents]:
        marker = candidate / ".git"
        if marker.is_dir():
            return candidate
        if marker.is_file():
            head = confined.head(marker, 4096).decode("utf-8", errors="replace")
            m = re.match(r"gitdir:\s*(.+)", head)
            gitdir = Path(m.group(1).strip()) if m else None
            if gitdir is not None and gitdir.parent.name == "worktrees":
                return gitdir.parent.parent.parent
            return candidate
    return None


def is_config_dir(path: Path) -> bool:
    return (path / "projects").is_dir() or (
        path.name == ".claude"
        and ((path / "CLAUDE.md").is_file() or (path / "settings.json").is_file())
    )


def is_project(path: Path) -> bool:
    return (
        (path / "CLAUDE.md").is_file()
        or (path / "CLAUDE.local.md").is_file()
        or (path / ".claude" / "CLAUDE.md").is_file()
        or (path / ".claude" / "settings.json").is_file()
        or (path / ".claude" / "rules").is_dir()
    )


def is_home(path: Path) -> bool:
    """A home folder: its ``.claude`` holds ``projects/`` (a project's ``.claude`` never
    does; both can hold settings.json, so that alone says nothing)."""
    return (path / ".claude" / "projects").is_dir()


def transcript_folder(path: Path) -> bool:
    """``<config>/projects/<key>`` itself, or its ``memory`` folder."""
    if path.name == "memory" and path.parent.parent.name == "projects":
        return True
    return path.parent.name == "projects" and (
        (path / "memory").is_dir() or any(path.glob("*.jsonl"))
    )


@dataclass(slots=True)
class ProjectDir:
    """One ``<config>/projects/<key>`` folder and the memory folder Claude Code uses."""

    key: str
    folder: Path  # <config>/projects/<key> (may not exist)
    memory: Path  # the auto-memory folder
    how: str  # how memaudit found it
    prefix: str = "memory:"  # of its memories' ids: memory:<file>, or memory:<key>/<file>
    # a settings file that may set autoMemoryDirectory but was not read: ``memory`` is
    # Claude Code's default folder, and the one it may name instead was not looked at
    unread: str = ""

    @property
    def label(self) -> str:
        return self.key.lstrip("-") or self.key


@dataclass(slots=True)
class InstructionFile:
    path: Path
    scope: str  # user | project | local | managed
    rel: str  # shown / id path
    loaded: str  # when Claude Code loads it
    imported_by: str | None = None


@dataclass(slots=True)
class Scope:
    config: Path
    project_root: Path | None  # the project folder given with --db
    projects: list[ProjectDir] = field(default_factory=list)
    unresolved: str = ""  # why the project's auto memory / transcripts were not found


def _subdirs(folder: Path) -> list[str]:
    try:
        return [e.name for e in os.scandir(folder) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


# A setting whose value is unknown: a settings file that ranks above every file setting it
# is there but could not be read (``setting``).
UNREAD = object()


def settings_files(config: Path, project_root: Path | None) -> list[tuple[Path, Path]]:
    """Claude Code's settings files in its precedence order (policy, local, project,
    user), each with the folder it is read inside (a link out of it is not followed)."""
    files = [(MANAGED_DIR / "managed-settings.json", MANAGED_DIR)]
    if project_root is not None:
        files += [
            (project_root / ".claude" / "settings.local.json", project_root),
            (project_root / ".claude" / "settings.json", project_root),
        ]
    files.append((config / "settings.json", config))
    return files


def setting(
    config: Path, project_root: Path | None, key: str, usable: Callable[[Any], bool] | None = None
) -> tuple[Any, str] | None:
    """The effective value of a Claude Code setting (the first file, in its precedence,
    whose value is ``usable``) and the file it came from; ``(UNREAD, file)`` when a file
    ranking above it is there but could not be read (said once on stderr): unknown."""
    for path, root in settings_files(config, project_root):
        data, unread = read_json(path, root=root)
        if unread is not None:
            return UNREAD, str(path)
        if data is not None and key in data and (usable is None or usable(data[key])):
            return data[key], str(path)
    return None


def _memory_folder(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip()) and Path(value).expanduser().is_absolute()


def _memory_override(config: Path, project_root: Path | None) -> tuple[Path | None, str] | None:
    """``autoMemoryDirectory`` from policy, local, project or user settings (Claude
    Code's order; ``~/`` expanded); ``(None, file)`` when a settings file that may set it
    could not be read."""
    found = setting(config, project_root, "autoMemoryDirectory", _memory_folder)
    if found is None or found[0] is UNREAD:
        return None if found is None else (None, found[1])
    return Path(found[0]).expanduser(), found[1]


def project_dir(config: Path, project_root: Path) -> tuple[ProjectDir | None, str]:
    """The projects/<key> folder of a project; a copied or moved project (whose recorded
    path differs) is matched by its folder name when exactly one key ends with it."""
    anchor = git_root(project_root) or project_root
    key = project_key(str(anchor))
    base = config / "projects"
    override = _memory_override(config, project_root)
    unread = ""  # a settings file that may name another auto-memory folder was not read
    if override is not None and override[0] is None:
        unread, override = override[1], None
    if (base / key).is_dir():
        folder, how = base / key, f"projects/{key}"
    else:
        tails = {"-" + project_key(anchor.name), "-" + project_key(project_root.name)}
        near = [name for name in _subdirs(base) if name.endswith(tuple(tails))]
        if len(near) != 1:
            if override is None:
                why = (
                    f"no {base}/{key} folder (this project has no auto memory or transcripts "
                    "under this config dir; set CLAUDE_CONFIG_DIR if it uses another)"
                )
                if unread:
                    why += f"; {unread} was not read, so autoMemoryDirectory is unknown"
                return None, why
            folder, how = base / key, f"projects/{key}"
        else:
            key = near[0]
            folder, how = base / key, f"projects/{key} (matched by folder name: the project moved)"
    memory = folder / "memory"
    if override is not None and override[0] is not None:
        memory, how = override[0], f"autoMemoryDirectory from {override[1]}"
    return ProjectDir(key, folder, memory, how, unread=unread), ""


def find_scope(location: Path) -> Scope | None:
    path = location.expanduser()
    if not path.is_dir():
        return None
    if transcript_folder(path):
        folder = path.parent if path.name == "memory" else path
        config = folder.parent.parent
        return Scope(config, None, [ProjectDir(folder.name, folder, folder / "memory", "given")])
    candidates = [path] if is_config_dir(path) else []
    if not candidates and is_home(path):
        candidates = [path / ".claude"]
    if candidates:
        config = candidates[0]
        base = config / "projects"
        projects = [
            ProjectDir(name, base / name, base / name / "memory", f"projects/{name}")
            for name in sorted(_subdirs(base))
        ]
        return Scope(config, None, projects)
    if is_project(path):
        config = config_dir()
        project, why = project_dir(config, path.resolve())
        return Scope(config, path.resolve(), [project] if project else [], why)
    return None
