"""Claude Code memory: the CLAUDE.md hierarchy, auto memory, and the session transcripts.

Read from Claude Code 2.1.197 (npm ``@anthropic-ai/claude-code``; the layout is in its
bundled code, and the fixture was written by the binary itself):

- **config dir**: ``$CLAUDE_CONFIG_DIR`` or ``~/.claude``; ``~/.claude.json`` beside it
  (or inside ``$CLAUDE_CONFIG_DIR``).
- **instruction files** loaded at session start: the user's ``<config>/CLAUDE.md`` and
  ``<config>/rules/**/*.md``; for every folder from the filesystem root down to the
  project, ``CLAUDE.md``, ``.claude/CLAUDE.md``, ``.claude/rules/**/*.md`` and
  ``CLAUDE.local.md``; ``@path`` imports in their text (not in code), up to 5 deep,
  text files only, each file at most 4 MiB; HTML comment blocks are stripped; a rule
  file whose front matter has ``paths:`` loads only when matching files are touched.
- **auto memory**: ``<config>/projects/<key>/memory/`` (``<key>`` = the project's git
  root — or folder — with every character outside ``[A-Za-z0-9]`` replaced by ``-``;
  over 200 characters: cut, ``-`` and a base-36 hash), or the folder the setting
  ``autoMemoryDirectory`` names (policy, local, project, then user settings). One fact
  per topic file (front matter ``name``, ``description``, ``metadata.type`` user |
  feedback | project | reference, and ``originSessionId``, which Claude Code adds), and
  ``MEMORY.md``, one ``- [Title](file.md) — hook`` line per memory. Only MEMORY.md is
  loaded at session start: its first 200 lines, then cut at the last newline before
  25,000 characters. Claude writes (and ``rm``-s) ``.md`` files there without asking.
  ``autoMemoryEnabled: false`` (or ``CLAUDE_CODE_DISABLE_AUTO_MEMORY``) turns it off.
- **transcripts**: ``<config>/projects/<key>/<session>.jsonl`` (and subagents'), one JSON
  object per line: every prompt, every tool call with its full input (a ``Write`` of a
  memory file holds the whole file), every tool result. Deleting a memory never touches
  them. Also ``<config>/history.jsonl`` (typed prompts), ``file-history/`` (copies of
  files before an edit), ``paste-cache/``.

Mapping (docs/adapters.md, "Claude Code memory"): a topic file is one memory
(``inference``: the model wrote it, from what it read or concluded; Claude Code records
the session, not who stated the fact); each MEMORY.md line is a ``summary`` memory with a
``summarizes`` edge to the file it points to; each list item or paragraph of an
instruction file is an ``external_document`` memory (its author is not recorded). The
transcripts give each auto-memory file its history (every Write, Edit and rm).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memaudit import confined
from memaudit.adapters import file_probe
from memaudit.adapters import sqlite_probe as sp
from memaudit.adapters.base import Adapter, Capability, Layer, Needle, Residue
from memaudit.adapters.bounded import FileReader, resolved
from memaudit.adapters.byterover import split_front
from memaudit.adapters.listing import ListStore, filter_events, iso_or_none
from memaudit.clock import Clock, to_iso
from memaudit.errors import NotAStore
from memaudit.fingerprint import normalize
from memaudit.model import Edge, Event, Memory, Relation, SourceType

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


# -- markdown -------------------------------------------------------------------------


def comment_lines(lines: list[str]) -> set[int]:
    """0-based indexes of lines inside HTML comment blocks (a block starts a line)."""
    inside: set[int] = set()
    n = 0
    while n < len(lines):
        if COMMENT_START.match(lines[n]):
            start = n
            while n < len(lines) and "-->" not in lines[n]:
                n += 1
            inside.update(range(start, min(n, len(lines) - 1) + 1))
        n += 1
    return inside


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def loaded_index_lines(lines: list[str]) -> dict[int, str]:
    """For each 0-based line of MEMORY.md: whether Claude Code loads it at session start.

    Its rule (2.1.197): strip HTML comment blocks, trim, keep the first 200 lines, then
    if that is over 25,000 characters (UTF-16 units) cut at the last newline before.
    """
    hidden = comment_lines(lines)
    kept = [i for i in range(len(lines)) if i not in hidden]
    while kept and not lines[kept[0]].strip():
        kept.pop(0)
    while kept and not lines[kept[-1]].strip():
        kept.pop()
    verdict = {i: "no: inside an HTML comment, which Claude Code strips" for i in hidden}
    offset = 0
    budget = INDEX_CHARS
    for position, i in enumerate(kept):
        if position >= INDEX_LINES:
            verdict[i] = f"no: past the first {INDEX_LINES} lines of {INDEX}"
            continue
        end = offset + utf16_len(lines[i])
        verdict[i] = (
            f"yes (line {position + 1} of the {INDEX} text loaded at session start)"
            if end <= budget
            else f"no: past the {INDEX_CHARS:,}-character cut of {INDEX}"
        )
        offset = end + 1
    for i in range(len(lines)):
        verdict.setdefault(i, "no: blank")
    return verdict


@dataclass(slots=True)
class Block:
    """One entry of an instruction file: a list item, a paragraph or a code block."""

    text: str
    line: int  # 1-based first line
    section: str | None
    in_comment: bool


def blocks(text: str) -> list[Block]:
    lines = text.split("\n")
    hidden = comment_lines(lines)
    out: list[Block] = []
    section: str | None = None
    current: list[str] = []
    start = 0
    fenced = False

    def flush() -> None:
        body = "\n".join(current).strip()
        if body and body not in ("<!--", "-->"):
            out.append(Block(body, start + 1, section, start in hidden))
        current.clear()

    for n, line in enumerate(lines):
        if FENCE.match(line):
            if not fenced:
                flush()
                start = n
            current.append(line)
            fenced = not fenced
            if not fenced:
                flush()
            continue
        if fenced:
            current.append(line)
            continue
        stripped = line.strip()
        if stripped.startswith("#") and not stripped.startswith("#!") and n not in hidden:
            flush()
            section = stripped.lstrip("#").strip() or section
            continue
        if not stripped or LIST_ITEM.match(line) or (n in hidden) != (start in hidden):
            flush()
            start = n
            if not stripped:
                continue
        if not current:
            start = n
        current.append(line)
    flush()
    return out


def imports_of(text: str) -> list[str]:
    """``@path`` references outside code, as Claude Code reads them (``#`` fragments
    dropped, ``\\ `` unescaped)."""
    found: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        line = re.sub(r"`[^`]*`", "", line)  # code spans
        for match in IMPORT.finditer(line):
            ref = match.group(1).split("#", 1)[0].replace("\\ ", " ")
            if not ref or ref == "/":
                continue
            plausible = ref.startswith(("./", "~/", "/")) or re.match(r"[a-zA-Z0-9._-]", ref)
            if plausible and ref not in found:
                found.append(ref)
    return found


def short(text: str, size: int = 8) -> str:
    return hashlib.blake2b(normalize(text).encode(), digest_size=size // 2).hexdigest()


def file_time(path: Path) -> str | None:
    try:
        return to_iso(datetime.fromtimestamp(path.stat().st_mtime, tz=UTC))
    except (OSError, OverflowError, ValueError):
        return None


# -- transcripts ----------------------------------------------------------------------


@dataclass(slots=True)
class ToolWrite:
    """One tool call of a session that wrote or removed a file."""

    session: str
    transcript: str  # shown path:line
    at: str | None
    tool: str
    action: str  # write | edit | delete
    path: str
    prompt: str | None  # the user's prompt of that turn, as stored


def transcript_lines(path: Path, reader: FileReader) -> Iterator[tuple[int, bytes]]:
    """(line number, raw line) of a JSONL file, streamed; over-long lines skipped."""
    if not reader.regular_file(path):
        return
    try:
        with confined.open_binary(path, root=None) as fh:
            for number, raw in enumerate(fh, 1):
                if len(raw) > MAX_LINE_BYTES:
                    reader.refuse(path, f"line {number} longer than {MAX_LINE_BYTES:,} bytes")
                    continue
                yield number, raw
    except confined.Unsafe as exc:
        reader.refuse(path, exc.message)
    except OSError as exc:
        reader.refuse(path, f"cannot read it ({exc.strerror or type(exc).__name__})")


def _json(raw: bytes) -> dict[str, Any] | None:
    try:
        item = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return item if isinstance(item, dict) else None


def _prompt_of(raw: bytes | None) -> str | None:
    item = _json(raw) if raw is not None else None
    message = item.get("message") if item is not None else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else None


def tool_writes(
    path: Path, shown: str, reader: FileReader, wanted: tuple[bytes, ...]
) -> list[ToolWrite]:
    """Write/Edit/rm tool calls in one transcript (one streamed pass) whose line mentions
    one of ``wanted``; a prompt line is decoded only when a write follows it."""
    out: list[ToolWrite] = []
    prompt_raw: bytes | None = None
    for number, raw in transcript_lines(path, reader):
        if b'"type":"user"' in raw and b'"tool_result"' not in raw:
            prompt_raw = raw
            continue
        if b'"tool_use"' not in raw or not any(w in raw for w in wanted):
            continue
        item = _json(raw)
        if item is None:
            continue
        message = item.get("message") if isinstance(item.get("message"), dict) else {}
        content = message.get("content") if isinstance(message, dict) else None
        if item.get("type") != "assistant" or not isinstance(content, list):
            continue
        prompt = _prompt_of(prompt_raw)
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue
            name = str(block.get("name") or "")
            found_args = block.get("input")
            args: dict[str, Any] = found_args if isinstance(found_args, dict) else {}
            stamp = iso_or_none(item.get("timestamp"))
            session = str(item.get("sessionId") or path.stem)
            where = f"{shown}:{number}"
            if name in WRITE_TOOLS and isinstance(args.get("file_path"), str):
                out.append(
                    ToolWrite(
                        session, where, stamp, name, WRITE_TOOLS[name], args["file_path"], prompt
                    )
                )
            elif name == "Bash" and isinstance(args.get("command"), str):
                command = args["command"]
                if re.match(r"\s*rm\s", command):
                    for word in command.split()[1:]:
                        if not word.startswith("-"):
                            out.append(
                                ToolWrite(session, where, stamp, name, "delete", word, prompt)
                            )
    return out


def probe_jsonl(
    layer: str, files: list[tuple[Path, str]], reader: FileReader, needle: Needle
) -> list[Residue]:
    """Needle texts and id forms in JSON-lines files: each line whose raw bytes hold
    every significant token is decoded, and each string in it compared."""
    texts = sp.needle_texts(needle)
    id_forms = [i for i in needle.ids if len(i) >= 4]
    prefilters = [[t.encode() for t in sp.significant_tokens(text)] for text in texts]
    out: list[Residue] = []
    for path, shown in files:
        hits = 0
        for number, raw in transcript_lines(path, reader):
            lower = raw.lower()
            maybe_text = any(toks and all(t in lower for t in toks) for toks in prefilters)
            maybe_id = [i for i in id_forms if i.encode() in raw]
            if not maybe_text and not maybe_id:
                continue
            item = _json(raw)
            strings = (
                list(file_probe._strings(item))
                if item is not None
                else [("$", raw.decode("utf-8", "replace"))]
            )
            found = False
            for where, value in strings:
                for text in texts if maybe_text else []:
                    how = sp.text_match(text, value)
                    if how:
                        out.append(Residue(layer, f"{shown}:{number} {where}", how))
                        found = True
                        break
                for mid in maybe_id:
                    if mid in value:
                        out.append(Residue(layer, f"{shown}:{number} {where}", "id", sp.label(mid)))
                        found = True
            hits += found
            if hits >= sp.MAX_HITS:
                break
    return out


# -- the store ------------------------------------------------------------------------


@dataclass(slots=True)
class ProjectDir:
    """One ``<config>/projects/<key>`` folder and the memory folder Claude Code uses."""

    key: str
    folder: Path  # <config>/projects/<key> (may not exist)
    memory: Path  # the auto-memory folder
    how: str  # how memaudit found it
    prefix: str = "memory:"  # of its memories' ids: memory:<file>, or memory:<key>/<file>

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


class ClaudeCodeStore(ListStore):
    adapter_name = "claude_code"
    capabilities = frozenset(
        {Capability.READ, Capability.LINEAGE, Capability.HISTORY, Capability.LAYERS}
    )

    def __init__(self, location: str, scope: Scope, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.scope = scope
        self.config = scope.config
        if len(scope.projects) > 1:  # ids say which project; one project needs no name
            for project in scope.projects:
                project.prefix = f"memory:{project.label}/"
        roots = [scope.config]
        if scope.project_root is not None:
            roots.append(scope.project_root)
            # Claude Code also loads these from every folder above the project, and nothing
            # else there: they (not the folders) are what may be read.
            for folder in scope.project_root.parents:
                roots += [folder / n for n in ANCESTOR_FILES]
        roots += [p.memory for p in scope.projects]
        if MANAGED_DIR.is_dir():
            roots.append(MANAGED_DIR)
        self.reader = FileReader(*roots, limit=MAX_MD_BYTES)
        self._writes: list[ToolWrite] | None = None
        self.instruction_files: list[InstructionFile] = []

    # -- settings -------------------------------------------------------------------

    def _settings_files(self) -> list[tuple[str, Path]]:
        files = [("policy", MANAGED_DIR / "managed-settings.json")]
        root = self.scope.project_root
        if root is not None:
            files += [
                ("local", root / ".claude" / "settings.local.json"),
                ("project", root / ".claude" / "settings.json"),
            ]
        files.append(("user", self.config / "settings.json"))
        return files

    def setting(self, key: str) -> tuple[Any, str] | None:
        """The effective value of a Claude Code setting and the file it came from
        (policy, then local, project, user — Claude Code's precedence)."""
        for _, path in self._settings_files():
            data = self._json_file(path)
            if isinstance(data, dict) and key in data:
                return data[key], str(path)
        return None

    def _json_file(self, path: Path) -> Any:
        raw = self.reader.read_text(path, 1024 * 1024) if path.exists() else None
        if raw is None:
            return None
        try:
            return json.loads(raw)
        except (ValueError, RecursionError):
            return None

    def provider_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, default in (("autoMemoryEnabled", True), ("autoMemoryDirectory", None)):
            found = self.setting(key)
            if found is not None:
                out[f"claude_code.{key}"] = {"value": found[0], "source": found[1]}
            elif default is not None:
                out[f"claude_code.{key}"] = {
                    "value": default,
                    "source": "Claude Code default (not set in any settings file)",
                }
        excludes = self.setting("claudeMdExcludes")
        if excludes is not None:
            out["claude_code.claudeMdExcludes"] = {"value": excludes[0], "source": excludes[1]}
        return out

    # -- reading --------------------------------------------------------------------

    def _load(self) -> list[Memory]:
        self._writes = None
        out: list[Memory] = []
        edges: list[Edge] = []
        for project in self.scope.projects:
            memories, found = self._auto_memory(project)
            out += memories
            edges += found
        out += self._instructions()
        self._edges = edges
        return out

    def writes(self) -> list[ToolWrite]:
        """Every Write/Edit/rm of a file in a memory folder or an instruction file, from
        the transcripts in scope (oldest first)."""
        if self._writes is None:
            found: list[ToolWrite] = []
            for path, shown in self.transcripts():
                found += tool_writes(path, shown, self.reader, (b"/memory/", b"CLAUDE"))
            found.sort(key=lambda w: (w.at or "", w.transcript))
            self._writes = found
        return self._writes

    def transcripts(self, *, other_projects: bool = False) -> list[tuple[Path, str]]:
        """(file, shown path) of the session transcripts of the projects in scope (or,
        with ``other_projects``, of every other project under the config dir)."""
        base = self.config / "projects"
        keys = {p.key for p in self.scope.projects}
        if other_projects:
            folders = [base / name for name in sorted(_subdirs(base)) if name not in keys]
        else:
            folders = [p.folder for p in self.scope.projects]
        out: list[tuple[Path, str]] = []
        for folder in folders:
            for path in self.reader.files(folder, suffix=".jsonl", recursive=True):
                out.append((path, self._shown(path)))
        return out

    def _shown(self, path: Path) -> str:
        """A short, stable name for a file: relative to its project folder (transcripts,
        auto memory), the config dir (``~claude/...``) or the project."""
        for project in self.scope.projects:
            for root in (project.memory, project.folder):
                if path.is_relative_to(root):
                    rel = path.relative_to(root).as_posix()
                    rel = ("memory/" + rel) if root == project.memory else rel
                    return rel if project.prefix == "memory:" else f"{project.label}/{rel}"
        for base, prefix in ((self.config, "~claude/"), (self.scope.project_root, "")):
            if base is None:
                continue
            try:
                return prefix + path.relative_to(base).as_posix()
            except ValueError:
                continue
        return str(path)

    def _memory_rel(self, project: ProjectDir, written: str) -> str | None:
        """The memory-folder path a transcript's file_path names (the transcript keeps the
        absolute path of the machine and time it was written)."""
        norm = written.replace("\\", "/")
        for prefix in (str(project.memory).rstrip("/") + "/", f"/projects/{project.key}/memory/"):
            if prefix in norm:
                return norm.split(prefix, 1)[1]
        return None

    def _auto_memory(self, project: ProjectDir) -> tuple[list[Memory], list[Edge]]:
        folder = project.memory
        files = [
            p
            for p in self.reader.files(folder, suffix=".md", recursive=True)
            if p != folder / INDEX
        ]
        by_rel: dict[str, list[ToolWrite]] = {}
        for w in self.writes():
            rel = self._memory_rel(project, w.path)
            if rel is not None:
                by_rel.setdefault(rel, []).append(w)
        index_text = self.reader.read_text(folder / INDEX) if (folder / INDEX).exists() else None
        index_lines = index_text.split("\n") if index_text is not None else []
        verdicts = loaded_index_lines(index_lines)
        pointed: dict[str, int] = {}
        out: list[Memory] = []
        edges: list[Edge] = []
        prefix = project.prefix
        for n, line in enumerate(index_lines):
            stripped = line.strip()
            if not stripped or (stripped.startswith("#") and not stripped.startswith("#!")):
                continue
            match = LINK.match(line)
            target = match.group("target") if match else None
            mid = f"{prefix}{INDEX}#{short(stripped)}"
            extra: dict[str, Any] = {
                "file": f"{INDEX} line {n + 1}",
                "loaded at session start": verdicts[n],
            }
            if target:
                pointed.setdefault(target, n + 1)
                extra["points to"] = target
                if (folder / target).is_file():
                    edges.append(Edge(mid, prefix + target, Relation.SUMMARIZES))
                else:
                    extra["points to a file that does not exist"] = target
            index_writes = by_rel.get(INDEX, [])
            out.append(
                Memory(
                    id=mid,
                    content=stripped,
                    source_type=SourceType.SUMMARY if target else SourceType.INFERENCE,
                    derived=True,
                    scope=f"auto memory ({project.label})",
                    source_ref=f"{self._shown(folder / INDEX)}:{n + 1}",
                    created_at=(index_writes[0].at if index_writes else file_time(folder / INDEX)),
                    updated_at=(index_writes[-1].at if index_writes else None),
                    created_by="claude (auto memory)",
                    extra=extra,
                    missing=[] if target else ["what this line summarizes (it points to no file)"],
                )
            )
        for path in files:
            rel = path.relative_to(folder).as_posix()
            text = self.reader.read_text(path)
            if text is None:
                continue
            front, body = split_front(text)
            found_meta = front.get("metadata")
            meta: dict[str, Any] = found_meta if isinstance(found_meta, dict) else {}
            kind = meta.get("type") or front.get("type")
            history = by_rel.get(rel, [])
            first = next(
                (w for w in history if w.action == "write"), history[0] if history else None
            )
            extra = {
                "file": rel,
                "name": front.get("name"),
                "type": kind,
                "loaded at session start": (
                    f"no: read on demand; its {INDEX} line {pointed[rel]} is what is loaded"
                    if rel in pointed
                    else f"no: no {INDEX} line points to it (Claude finds it only by listing "
                    "the folder)"
                ),
            }
            session = meta.get("originSessionId") or front.get("originSessionId")
            if session:
                extra["origin session"] = session
            if first is not None:
                extra["written by"] = f"claude ({first.tool} in session {first.session})"
                if first.prompt is not None:
                    extra["prompted by"] = first.prompt
            links = sorted(set(re.findall(r"\[\[([^\]]+)\]\]", body)))
            if links:
                extra["links"] = ", ".join(links)
            missing = list(MISSING_AUTOMEM)
            if first is None:
                missing.insert(
                    0, "the transcript that wrote it (pruned, or written outside a session)"
                )
            out.append(
                Memory(
                    id=prefix + rel,
                    content=body.strip(),
                    summary=front.get("description")
                    if isinstance(front.get("description"), str)
                    else None,
                    source_type=SourceType.INFERENCE,
                    derived=True,
                    tags=[str(kind)] if kind else [],
                    scope=f"auto memory ({project.label})"
                    + (" team" if rel.startswith("team/") else ""),
                    source_ref=first.transcript if first else self._shown(path),
                    created_at=first.at if first and first.at else file_time(path),
                    updated_at=history[-1].at if history else None,
                    created_by="claude (auto memory)",
                    extra={k: v for k, v in extra.items() if v is not None},
                    missing=missing,
                )
            )
        return out, edges

    # -- instruction files ----------------------------------------------------------

    def _instruction_files(self) -> list[InstructionFile]:
        out: list[InstructionFile] = []
        seen: set[Path] = set()

        def add(
            path: Path, scope: str, rel: str, loaded: str, parent: str | None = None, depth: int = 0
        ) -> None:
            real = resolved(path)
            if real is None or real in seen or not self.reader.regular_file(path):
                return
            seen.add(real)
            text = self.reader.read_text(path)
            if text is None:
                return
            front, _ = split_front(text)
            if front.get("paths"):
                loaded = "only when files matching its paths: are touched (a conditional rule)"
            out.append(InstructionFile(path, scope, rel, loaded, parent))
            if depth + 1 >= IMPORT_DEPTH:
                return
            for ref in imports_of(text):
                target = Path(ref[2:]).expanduser() if ref.startswith("~/") else Path(ref)
                if ref.startswith("~/"):
                    target = Path.home() / ref[2:]
                elif not target.is_absolute():
                    target = path.parent / target
                if target.suffix and target.suffix.lower() not in TEXT_EXTENSIONS:
                    continue
                if not target.exists():
                    continue
                if not self.reader.inside(target):
                    continue  # refused (recorded): an import that leaves the store
                t_scope, t_rel = self._place(target)
                add(target, t_scope, t_rel, f"at session start (imported by {rel})", rel, depth + 1)

        managed = MANAGED_DIR / "CLAUDE.md"
        if managed.is_file():
            add(managed, "managed", "CLAUDE.md", "at session start (managed policy)")
        for path in self._rules(MANAGED_DIR / ".claude" / "rules"):
            add(path, "managed", path.relative_to(MANAGED_DIR).as_posix(), "at session start")
        add(self.config / "CLAUDE.md", "user", "CLAUDE.md", "at session start (every project)")
        for path in self._rules(self.config / "rules"):
            add(
                path,
                "user",
                path.relative_to(self.config).as_posix(),
                "at session start (every project)",
            )
        root = self.scope.project_root
        if root is not None:
            for folder in [*reversed(root.parents), root]:
                where = "" if folder == root else os.path.relpath(folder, root) + "/"
                for name, scope in (("CLAUDE.md", "project"), (".claude/CLAUDE.md", "project")):
                    add(folder / name, scope, where + name, "at session start")
                for path in self._rules(folder / ".claude" / "rules"):
                    add(
                        path,
                        "project",
                        where + path.relative_to(folder).as_posix(),
                        "at session start",
                    )
                add(
                    folder / "CLAUDE.local.md",
                    "local",
                    where + "CLAUDE.local.md",
                    "at session start",
                )
        return out

    def _rules(self, folder: Path) -> list[Path]:
        return self.reader.files(folder, suffix=".md", recursive=True) if folder.is_dir() else []

    def _place(self, path: Path) -> tuple[str, str]:
        real = resolved(path) or path
        for root, scope in ((self.scope.project_root, "project"), (self.config, "user")):
            rroot = resolved(root) if root is not None else None
            if rroot is not None and real.is_relative_to(rroot):
                return scope, real.relative_to(rroot).as_posix()
        return "imported", str(path)

    @staticmethod
    def _names_file(written: str, f: InstructionFile) -> bool:
        """Does a transcript's file_path (absolute, on the machine that wrote it) name
        this instruction file? Matched by its path below the project or config dir."""
        norm = written.replace("\\", "/")
        if f.scope == "user":
            return norm.endswith("/.claude/" + f.rel)
        return norm.endswith("/" + f.rel.lstrip("./")) and "/.claude/projects/" not in norm

    def _instructions(self) -> list[Memory]:
        self.instruction_files = self._instruction_files()
        out: list[Memory] = []
        seen: dict[str, int] = {}
        for f in self.instruction_files:
            text = self.reader.read_text(f.path) or ""
            front, body = split_front(text)
            offset = text[: len(text) - len(body)].count("\n") if front else 0
            edits = [w for w in self.writes() if self._names_file(w.path, f)]
            for block in blocks(body):
                base = f"{f.scope}:{f.rel}#{short(block.text)}"
                seen[base] = seen.get(base, 0) + 1
                mid = base if seen[base] == 1 else f"{base}-{seen[base]}"
                extra: dict[str, Any] = {
                    "file": f"{f.scope}: {f.rel}",
                    "loaded at session start": (
                        "no: inside an HTML comment, which Claude Code strips"
                        if block.in_comment
                        else ("yes" if f.loaded.startswith("at session start") else "no")
                        + f" ({f.loaded})"
                    ),
                }
                if block.section:
                    extra["section"] = block.section
                if f.imported_by:
                    extra["imported by"] = f.imported_by
                if edits:
                    extra["edited through Claude's tools"] = f"{len(edits)} time(s) (transcripts)"
                out.append(
                    Memory(
                        id=mid,
                        content=block.text,
                        source_type=SourceType.EXTERNAL_DOCUMENT,
                        scope=f"{f.scope} instructions",
                        source_ref=f"{self._shown(f.path)}:{block.line + offset}",
                        created_at=file_time(f.path),
                        extra=extra,
                        missing=list(MISSING_INSTRUCTIONS),
                    )
                )
        if self.reader.refused:
            shown = "; ".join(f"{p}: {why}" for p, why in list(self.reader.refused.items())[:5])
            for memory in out:
                memory.extra["not read"] = shown
        return out

    # -- lineage and history --------------------------------------------------------

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kw: Any
    ) -> list[Event]:
        """Every Write, Edit and rm of an auto-memory file recorded in the transcripts;
        an edit of MEMORY.md is listed under each of its lines."""
        out: list[Event] = []
        for project in self.scope.projects:
            prefix = project.prefix
            for w in self.writes():
                rel = self._memory_rel(project, w.path)
                if rel is None:
                    continue
                out.append(
                    Event(
                        w.transcript,
                        w.at,
                        f"claude (session {w.session})",
                        w.action,
                        prefix + rel,
                        None,
                        {"tool": w.tool, "transcript": w.transcript},
                    )
                )
        if memory_id is not None:
            target = memory_id.split("#", 1)[0]
            out = [e for e in out if e.memory_id == target]
            return filter_events(out, limit=limit, **kw)
        return filter_events(out, limit=limit, **kw)

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        self.all()
        why = self.scope.unresolved
        reader = self.reader
        config = self.config

        def memory_files() -> list[tuple[Path, str]]:
            return [
                (p, self._shown(p))
                for project in self.scope.projects
                for p in reader.files(project.memory, recursive=True)
            ]

        def instruction_files() -> list[tuple[Path, str]]:
            return [(f.path, f"{f.scope}: {f.rel}") for f in self.instruction_files]

        def under(folder: Path) -> Callable[[], list[tuple[Path, str]]]:
            return lambda: [(p, self._shown(p)) for p in reader.files(folder, recursive=True)]

        handled = {config / "projects", config / "file-history", config / "paste-cache"}

        def other_files() -> list[tuple[Path, str]]:
            out = []
            for p in reader.files(config, recursive=True):
                if p.name in NEVER_READ or any(p.is_relative_to(h) for h in handled):
                    continue
                if p == config / "history.jsonl" or p == config / "CLAUDE.md":
                    continue
                if p.is_relative_to(config / "rules"):
                    continue
                out.append((p, self._shown(p)))
            return out

        layers = [
            self._text_layer(
                "auto memory files",
                memory_files,
                "MEMORY.md and the topic files of the auto-memory folder(s)",
                checked=bool(self.scope.projects),
                why=why,
            ),
            self._text_layer(
                "CLAUDE.md files",
                instruction_files,
                "every instruction file loaded at session start: CLAUDE.md, "
                ".claude/CLAUDE.md, CLAUDE.local.md, rules and @imports",
            ),
            Layer(
                "transcripts",
                "transcripts",
                "session transcripts (<config>/projects/<key>/*.jsonl): prompts, tool calls with "
                "their full input, tool results — a memory's delete never touches them",
                lambda needle: probe_jsonl(
                    "transcripts", self.transcripts(), reader, self._by_file_name(needle)
                ),
                checked=bool(self.scope.projects),
                why_unchecked=why,
            ),
        ]
        if self.scope.project_root is not None:
            layers.append(
                Layer(
                    "other projects' transcripts",
                    "transcripts",
                    "transcripts of every other project under the config dir (the same text "
                    "said in another folder)",
                    lambda needle: probe_jsonl(
                        "other projects' transcripts",
                        self.transcripts(other_projects=True),
                        reader,
                        self._by_file_name(needle),
                    ),
                )
            )
        layers += [
            Layer(
                "prompt history",
                "transcripts",
                "<config>/history.jsonl: every prompt typed in the interactive UI",
                lambda needle: probe_jsonl(
                    "prompt history",
                    [(config / "history.jsonl", "~claude/history.jsonl")]
                    if (config / "history.jsonl").exists()
                    else [],
                    reader,
                    self._by_file_name(needle),
                ),
            ),
            self._text_layer(
                "file history",
                under(config / "file-history"),
                "<config>/file-history/: copies of files taken before Claude edited them "
                "(checkpoints)",
                kind="history",
            ),
            self._text_layer(
                "paste cache", under(config / "paste-cache"), "<config>/paste-cache/: pasted text"
            ),
            self._raw_layer(
                "other Claude Code files",
                other_files,
                "everything else under the config dir (todos, plans, shell snapshots, "
                "session-env, debug logs, backups, settings); .credentials.json is never read",
            ),
        ]
        state = settings_json(config)
        if state.is_file():
            layers.append(
                self._raw_layer(
                    ".claude.json",
                    lambda: [(state, str(state.name))] if reader.inside(state) else [],
                    f"{state}: Claude Code's state file (per-project settings and history)",
                )
            )
        return layers

    def _by_file_name(self, needle: Needle) -> Needle:
        """The needle with its ids replaced by the file names they point at: the
        transcripts and side files name files, never memaudit's ids."""
        return Needle(self._needle_paths(needle), needle.content, needle.more_content)

    def _needle_paths(self, needle: Needle) -> list[str]:
        """The file names memaudit ids point at (``memory:<file>``,
        ``memory:MEMORY.md#<hash>``, ``<scope>:<file>#<hash>``): what the store's other
        files can mention."""
        out = []
        for mid in needle.ids:
            path = mid.split("#", 1)[0].split(":", 1)[-1]
            name = path.rsplit("/", 1)[-1]
            if name and name != INDEX and len(name) >= 4:
                out.append(name)
        return out

    def _text_layer(
        self,
        name: str,
        files: Callable[[], list[tuple[Path, str]]],
        description: str,
        *,
        kind: str = "side-files",
        checked: bool = True,
        why: str = "",
    ) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            out: list[Residue] = []
            texts = sp.needle_texts(needle)
            names = self._needle_paths(needle)
            for path, shown in files():
                text = self.reader.read_text(path)
                if text is None:
                    out += (
                        sp.probe_raw(name, [path], needle, whole_layer=False)
                        if self.reader.inside(path)
                        else []
                    )
                    continue
                for wanted in texts:
                    how = sp.text_match(wanted, text) or next(
                        (h for line in text.split("\n") if (h := sp.text_match(wanted, line))), None
                    )
                    if how:
                        out.append(Residue(name, shown, how))
                        break
                for file_name in names:
                    if path.name == file_name:
                        out.append(Residue(name, shown, "id", "the memory's own file"))
                    elif file_name in text:
                        out.append(Residue(name, shown, "id", "names the memory's file"))
            return out

        return Layer(name, kind, description, probe, checked=checked, why_unchecked=why)

    def _raw_layer(
        self, name: str, files: Callable[[], list[tuple[Path, str]]], description: str
    ) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            return sp.probe_raw(name, [p for p, _ in files()], self._by_file_name(needle))

        return Layer(name, "raw-bytes", description, probe)


def _subdirs(folder: Path) -> list[str]:
    try:
        return [e.name for e in os.scandir(folder) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


# -- locating a store -----------------------------------------------------------------


def _memory_override(config: Path, project_root: Path | None) -> tuple[Path, str] | None:
    """``autoMemoryDirectory`` from policy, local, project or user settings (Claude
    Code's order; ``~/`` expanded)."""
    files = [MANAGED_DIR / "managed-settings.json"]
    if project_root is not None:
        files += [
            project_root / ".claude" / "settings.local.json",
            project_root / ".claude" / "settings.json",
        ]
    files.append(config / "settings.json")
    for path in files:
        try:
            data = json.loads(confined.read_text(path, root=None, limit=1024 * 1024))
        except (OSError, ValueError, RecursionError, confined.Unsafe):
            continue
        value = data.get("autoMemoryDirectory") if isinstance(data, dict) else None
        if isinstance(value, str) and value.strip():
            folder = Path(value).expanduser()
            if folder.is_absolute():
                return folder, str(path)
    return None


def project_dir(config: Path, project_root: Path) -> tuple[ProjectDir | None, str]:
    """The projects/<key> folder of a project; a copied or moved project (whose recorded
    path differs) is matched by its folder name when exactly one key ends with it."""
    anchor = git_root(project_root) or project_root
    key = project_key(str(anchor))
    base = config / "projects"
    override = _memory_override(config, project_root)
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
                return None, why
            folder, how = base / key, f"projects/{key}"
        else:
            key = near[0]
            folder, how = base / key, f"projects/{key} (matched by folder name: the project moved)"
    memory = folder / "memory"
    if override is not None:
        memory, how = override[0], f"autoMemoryDirectory from {override[1]}"
    return ProjectDir(key, folder, memory, how), ""


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
