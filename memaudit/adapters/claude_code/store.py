"""The Claude Code store: auto memory, the instruction files loaded at session
start, their history from the transcripts, and every layer that can hold a memory."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memaudit.adapters.byterover import split_front
from memaudit.adapters.claude_code.markdown import (
    blocks,
    file_time,
    imports_of,
    loaded_index_lines,
    short,
)
from memaudit.adapters.claude_code.paths import (
    ANCESTOR_FILES,
    IMPORT_DEPTH,
    INDEX,
    LINK,
    MANAGED_DIR,
    MAX_MD_BYTES,
    MISSING_AUTOMEM,
    MISSING_INSTRUCTIONS,
    NEVER_READ,
    TEXT_EXTENSIONS,
    UNREAD,
    InstructionFile,
    ProjectDir,
    Scope,
    _subdirs,
    setting,
    settings_json,
)
from memaudit.adapters.claude_code.transcripts import ToolWrite, probe_jsonl, tool_writes
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.bounded import FileReader, resolved
from memaudit.adapters.support.listing import ListStore, filter_events
from memaudit.clock import Clock
from memaudit.model import Edge, Event, Memory, Relation, SourceType
from memaudit.store import Capability, Layer, Needle, Residue


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
        # ~/.claude.json, beside the config dir: the file (not its folder) has a layer
        # of its own, which read nothing while it was outside every root.
        roots.append(settings_json(scope.config))
        if MANAGED_DIR.is_dir():
            roots.append(MANAGED_DIR)
        self.reader = FileReader(*roots, limit=MAX_MD_BYTES)
        self._writes: list[ToolWrite] | None = None
        self.instruction_files: list[InstructionFile] = []

    # -- settings -------------------------------------------------------------------

    def setting(self, key: str) -> tuple[Any, str] | None:
        """The effective value of a Claude Code setting and the file it came from
        (policy, then local, project, user — Claude Code's precedence); ``(UNREAD,
        file)`` when a file ranking above every one that sets it could not be read."""
        return setting(self.config, self.scope.project_root, key)

    def provider_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, default in (("autoMemoryEnabled", True), ("autoMemoryDirectory", None)):
            found = self.setting(key)
            if found is not None and found[0] is UNREAD:
                continue  # unknown: neither a value nor Claude Code's default
            if found is not None:
                out[f"claude_code.{key}"] = {"value": found[0], "source": found[1]}
            elif default is not None:
                out[f"claude_code.{key}"] = {
                    "value": default,
                    "source": "Claude Code default (not set in any settings file)",
                }
        excludes = self.setting("claudeMdExcludes")
        if excludes is not None and excludes[0] is not UNREAD:
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
        for project in self.scope.projects:
            if project.unread:  # the folder autoMemoryDirectory may name was not looked at
                layers.append(
                    Layer(
                        "auto memory folder (autoMemoryDirectory)",
                        "side-files",
                        "the auto-memory folder a settings file may name instead of "
                        f"{project.memory}",
                        lambda needle: [],
                        checked=False,
                        why_unchecked=f"{project.unread} was not read, so autoMemoryDirectory "
                        f"is unknown: only {project.memory} was read",
                    )
                )
                break
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
