"""ByteRover (npm ``byterover-cli``, the ``brv`` CLI; a Hermes memory provider).

Plain files, read-only. Under the project (Hermes: ``$HERMES_HOME/byterover/``):
``.brv/context-tree/<domain>/<topic>[/<subtopic>]/<title>.md`` — YAML front matter
(``title, summary, tags, related, keywords, createdAt, updatedAt``) and sections
(``## Reason``, ``## Raw Concept``, ``## Narrative``, ``## Facts`` with lines
``- **subject**: statement [category]``); derived ``_index.md`` (directory summaries),
``*.abstract.md``/``*.overview.md``, ``_manifest.json``; ``_archived/`` (``.stub.md``
ghost cue + lossless ``.full.md``); ``.brv/review-backups/`` (a file's content before a
curate changed or deleted it). Per machine, ``<data>/projects/<sanitized project
path>/``: ``keystore/signals/<rel>.json`` (importance, recency, maturity, accessCount,
updateCount) and ``curate-log/cur-<ms>.json`` (the raw input and every operation).

Mapping (docs/adapters-byterover.md):
- a memory = one fact line (id ``<rel path>#<subject>``); a topic file without facts is
  one memory (id = its path); archived files read from their ``.full.md`` (status
  archived, same ids as before archiving); each ``_index.md`` is a summary memory
  whose edges point to what it covers.
- source type from the curate log, the only provenance: the input Hermes passes on
  every turn (``User: ...\\nAssistant: ...``) or before compression contains the
  assistant's words -> assistant_message; mirrored Hermes memory writes (``[User
  profile]``/``[Agent memory]``) -> unknown (Hermes records no author); any other text
  -> inference (a model rewrote someone's text into facts); no log entry -> unknown.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path
from typing import Any

from memaudit import confined, storejson, storeyaml
from memaudit.adapters.support import file_probe
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import as_number, read_json, read_yaml, settings
from memaudit.adapters.support.listing import ListStore, filter_events
from memaudit.clock import Clock, store_time, to_iso
from memaudit.errors import NotAStore
from memaudit.model import Edge, Event, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

BRV = ".brv"
TREE = "context-tree"
DERIVED_SUFFIXES = (".abstract.md", ".overview.md")
FACT = re.compile(
    r"^- \*\*(?P<subject>[^*]+)\*\*: (?P<statement>.*?)(?: \[(?P<category>[\w-]+)\])?\s*$"
)
WRITES = {"ADD", "UPDATE", "UPSERT", "MERGE"}
MISSING = [
    "which side of the conversation a fact came from (the curate log keeps the whole input)",
    "the model that curated it",
    "per-fact times (only the file's createdAt/updatedAt)",
    "validation by a person (maturity is a score tier, not a review)",
]
# brv's own cap on a sanitized project folder name (server/utils/path-utils.js).
MAX_SANITIZED = 200
HASH_SUFFIX = 12
WINDOWS_ILLEGAL = {
    '"': "%22",
    "*": "%2A",
    ":": "%3A",
    "<": "%3C",
    ">": "%3E",
    "?": "%3F",
    "|": "%7C",
}


# -- where brv keeps things ------------------------------------------------------------


def sanitize_project_path(resolved: str) -> str:
    """brv's per-project folder name for an absolute project path: components
    percent-encoded (``%``, ``--``, Windows-illegal characters) and joined with ``--``;
    over 200 characters, truncated with ``---`` and 12 hex of sha256."""
    normalized = re.sub(r"^([A-Za-z]):", r"\1", resolved)
    parts = [p for p in re.split(r"[/\\]+", normalized) if p]
    encoded = []
    for part in parts:
        text = part.replace("%", "%25").replace("--", "%2D%2D")
        for char, repl in WINDOWS_ILLEGAL.items():
            text = text.replace(char, repl)
        encoded.append(text)
    joined = "--".join(encoded)
    if len(joined) <= MAX_SANITIZED:
        return joined
    digest = sha256(joined.encode()).hexdigest()[:HASH_SUFFIX]
    return joined[: MAX_SANITIZED - HASH_SUFFIX - 3] + "---" + digest


def global_data_dir() -> Path:
    """brv's data directory: ``BRV_DATA_DIR``, else the platform's (XDG on Linux)."""
    if os.environ.get("BRV_DATA_DIR"):
        return Path(os.environ["BRV_DATA_DIR"])
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "brv" if base else home / "AppData" / "Local" / "brv"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "brv"
    xdg = os.environ.get("XDG_DATA_HOME")
    return Path(xdg) / "brv" if xdg else home / ".local" / "share" / "brv"


def find_brv(location: Path) -> Path | None:
    """The ``.brv`` folder for a Hermes home, a project folder, ``.brv`` or its tree."""
    for candidate in (
        location / "byterover" / BRV,
        location / BRV,
        location,
        location.parent,
    ):
        if candidate.name == BRV and (candidate / TREE).is_dir():
            return candidate
    return None


def project_data_dir(project: Path, option: str | None) -> Path:
    """The per-machine folder: ``brv_data`` as given (a project folder with
    ``curate-log``/``keystore``, or brv's data dir holding ``projects/``), else brv's
    default location for this project's real path."""
    if option:
        given = Path(option).expanduser()
        if (given / "curate-log").is_dir() or (given / "keystore").is_dir():
            return given
        base = given
    else:
        base = global_data_dir()
    try:
        resolved = str(project.resolve(strict=True))
    except OSError:
        resolved = str(project.absolute())
    derived = base / "projects" / sanitize_project_path(resolved)
    if derived.is_dir():
        return derived
    # A store copied from elsewhere keeps its data under the original path's name:
    # accept the one project folder whose name ends with this folder's name.
    tail = "--" + sanitize_project_path(project.name)
    try:
        near = [d for d in (base / "projects").iterdir() if d.is_dir() and d.name.endswith(tail)]
    except OSError:
        near = []
    return near[0] if len(near) == 1 else derived


# -- markdown -------------------------------------------------------------------------


@dataclass(slots=True)
class Topic:
    rel: str  # path under context-tree as brv names it (original path for archived)
    front: dict[str, Any]
    body: str
    facts: list[tuple[str, str, str | None]]  # subject, statement, category
    file: Path


# Front-matter keys brv writes as lists: any other type in a hostile file is one item.
LIST_KEYS = ("tags", "related", "keywords", "covers")


def split_front(text: str, where: str | None = None) -> tuple[dict[str, Any], str]:
    """A markdown file's YAML front matter (read by ``storeyaml``: no alias, bounded
    depth, dates as text) and its body. Front matter that cannot be read is empty; with
    ``where`` (the file) that is said."""
    if not text.startswith("---\n"):
        return {}, text
    end = text.find("\n---", 4)
    if end < 0:
        return {}, text
    try:
        front = storeyaml.loads(text[4:end]) or {}
    except ValueError as exc:
        if where:
            confined.note_skipped(f"{where}: front matter not read ({exc})")
        front = {}
    body = text[end + 4 :].lstrip("\n")
    if not isinstance(front, dict):
        if where:
            confined.note_skipped(f"{where}: front matter not read (not a mapping)")
        return {}, body
    for key in LIST_KEYS:
        value = front.get(key)
        if value is not None and not isinstance(value, list):
            front[key] = [value]
    return front, body


def read_topic(path: Path, rel: str, root: Path) -> Topic:
    text = confined.read_text(path, root=root, errors="replace")
    front, body = split_front(text, str(path))
    facts: list[tuple[str, str, str | None]] = []
    in_facts = False
    for line in body.splitlines():
        if line.startswith("## "):
            in_facts = line.strip() == "## Facts"
            continue
        m = FACT.match(line) if in_facts else None
        if m:
            facts.append((m["subject"].strip(), m["statement"].strip(), m["category"]))
    return Topic(rel, front, body, facts, path)


def _typed_entry(entry: Any) -> dict[str, Any]:
    """A curate-log entry with the types brv writes where this adapter relies on them
    (operations a list of objects, their type/path fields text, ``startedAt`` a number,
    ``input.context`` text): a hostile file's other types read as absent, not as an
    error. Not an object at all: ``ValueError``."""
    if not isinstance(entry, dict):
        raise ValueError(f"not an object but {type(entry).__name__}")
    ops = entry.get("operations")
    entry["operations"] = [o for o in ops if isinstance(o, dict)] if isinstance(ops, list) else []
    for op in entry["operations"]:
        for key in ("type", "filePath", "path", "status", "reviewStatus"):
            if key in op and not isinstance(op[key], str):
                op[key] = None
        extra = op.get("additionalFilePaths")
        op["additionalFilePaths"] = (
            [f for f in extra if isinstance(f, str)] if isinstance(extra, list) else []
        )
    entry["startedAt"] = as_number(entry.get("startedAt"))  # the log's order: a number
    given = entry.get("input")
    context = given.get("context") if isinstance(given, dict) else None
    entry["input"] = {**given} if isinstance(given, dict) else {}
    entry["input"]["context"] = context if isinstance(context, str) else None
    return entry


def section(body: str, name: str) -> str:
    out: list[str] = []
    inside = False
    for line in body.splitlines():
        if line.startswith("## "):
            inside = line.strip() == f"## {name}"
            continue
        if inside:
            out.append(line)
    return "\n".join(out).strip()


def is_derived(path: Path) -> bool:
    return path.name in ("_index.md", "context.md") or path.name.endswith(DERIVED_SUFFIXES)


def tree_rel(file_path: str) -> str | None:
    """The context-tree relative path of an absolute ``filePath`` from the curate log
    (written on another machine or before a copy: matched by its ``.brv/context-tree``)."""
    marker = f"/{BRV}/{TREE}/"
    norm = file_path.replace("\\", "/")
    return norm.split(marker, 1)[1] if marker in norm else None


def source_of(text: str | None) -> tuple[SourceType, str]:
    """Source type of a memory curated from ``text`` (the curate-log input)."""
    if not text:
        return SourceType.UNKNOWN, "no curate-log input for this file"
    head = text.lstrip()
    if head.startswith("User: ") and "\nAssistant: " in head:
        return SourceType.ASSISTANT_MESSAGE, "a Hermes turn (user and assistant text)"
    if head.startswith("[Pre-compression context]"):
        return SourceType.ASSISTANT_MESSAGE, "Hermes pre-compression flush (user and assistant)"
    if head.startswith(("[User profile]", "[Agent memory]")):
        return SourceType.UNKNOWN, "mirrored Hermes memory write (Hermes records no author)"
    return SourceType.INFERENCE, "text curated into facts by brv's model (author not recorded)"


# -- the store ------------------------------------------------------------------------


class ByteRoverStore(ListStore):
    adapter_name = "byterover"
    never_records = MISSING
    importance_scale = 100.0  # the store's importance runs 0-100
    capabilities = frozenset(
        {Capability.READ, Capability.LINEAGE, Capability.HISTORY, Capability.LAYERS}
    )

    def __init__(self, location: str, brv: Path, data: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.brv = brv
        self.tree = brv / TREE
        self.data = data
        self._log: list[dict[str, Any]] | None = None

    # -- per-machine data -----------------------------------------------------------

    def curate_log(self) -> list[dict[str, Any]]:
        """Entries of curate-log/, oldest first (unreadable files skipped)."""
        if self._log is None:
            entries = []
            found = confined.walk_files(
                self.data / "curate-log",
                lambda p: p.name.startswith("cur-") and p.suffix == ".json",
                max_depth=0,
            )
            for path in sorted(found):
                try:
                    entry = _typed_entry(storejson.loads(_read(path, self.data)))
                except confined.Unsafe as exc:
                    confined.note_skipped(exc.message)
                    continue
                except OSError:
                    continue
                except ValueError as exc:  # not JSON, too deep, not an object
                    confined.note_skipped(f"{path}: curate-log entry not read ({exc})")
                    continue
                entry["_file"] = path.name
                entries.append(entry)
            entries.sort(key=lambda e: (e["startedAt"] or 0, e["_file"]))
            self._log = entries
        return self._log

    def signals(self, rel: str) -> dict[str, Any]:
        path = self.data / "keystore" / "signals" / f"{rel}.json"
        try:
            value = storejson.loads(_read(path, self.data)).get("value")
        except (OSError, ValueError, AttributeError, confined.Unsafe):
            return {}
        return value if isinstance(value, dict) else {}  # its values: typed_memory

    def _writers(self) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
        """Per context-tree path: the last successful write operation and its entry."""
        out: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
        for entry in self.curate_log():
            for op in entry.get("operations") or []:
                if not isinstance(op, dict) or op.get("status") != "success":
                    continue
                if op.get("type") not in WRITES:
                    continue
                for fp in [op.get("filePath"), *(op.get("additionalFilePaths") or [])]:
                    rel = tree_rel(str(fp)) if fp else None
                    if rel:
                        out[rel] = (op, entry)
        return out

    # -- reading --------------------------------------------------------------------

    def topic_files(self) -> Iterator[tuple[Path, str]]:
        for path in sorted(confined.walk_files(self.tree, lambda p: p.suffix == ".md")):
            rel = path.relative_to(self.tree).as_posix()
            if rel.startswith("_archived/") or is_derived(path):
                continue
            yield path, rel

    def archived_files(self) -> Iterator[tuple[Path, str]]:
        archived = self.tree / "_archived"
        for path in sorted(confined.walk_files(archived, lambda p: p.name.endswith(".full.md"))):
            inner = path.relative_to(self.tree / "_archived").as_posix()
            yield path, inner.removesuffix(".full.md") + ".md"

    def _load(self) -> list[Memory]:
        writers = self._writers()
        out: list[Memory] = []
        by_file: dict[str, list[Memory]] = {}
        sources = [(p, r, Status.ACTIVE) for p, r in self.topic_files()]
        sources += [(p, r, Status.ARCHIVED) for p, r in self.archived_files()]
        for path, rel, status in sources:
            try:
                topic = read_topic(path, rel, self.tree)
            except confined.Unsafe as exc:  # a memory not read is said
                confined.note_skipped(exc.message)
                continue
            except OSError:
                continue
            memories = self._topic_memories(topic, status, writers.get(rel))
            by_file.setdefault(rel, []).extend(memories)
            out += memories
        out += self._summaries(by_file)
        return out

    def _topic_memories(
        self,
        topic: Topic,
        status: Status,
        writer: tuple[dict[str, Any], dict[str, Any]] | None,
    ) -> list[Memory]:
        fm = topic.front
        op, entry = writer or ({}, {})
        text = (entry.get("input") or {}).get("context") if entry else None
        source, how = source_of(text)
        missing = list(MISSING)
        if not entry:
            missing.insert(0, "curate-log entry (per-machine data absent, pruned or elsewhere)")
        sig = self.signals(topic.rel) if status is Status.ACTIVE else {}
        review = op.get("reviewStatus")
        if status is Status.ACTIVE and review == "pending":
            status = Status.PENDING
        extra: dict[str, Any] = {"file": topic.rel, "title": fm.get("title"), "provenance": how}
        if status is Status.ARCHIVED:
            extra["archived copy"] = topic.file.relative_to(self.tree).as_posix()
        if entry:
            extra["curate log"] = entry.get("_file")
            extra["curate input"] = text
            extra["curate operation"] = op.get("type")
            if op.get("confidence"):
                extra["curate confidence"] = op.get("confidence")
            if review:
                extra["review status"] = review
        for key in ("maturity", "recency", "updateCount"):
            if key in sig:
                extra[key] = sig[key]
        if fm.get("related"):
            extra["related"] = fm.get("related")
        reason = section(topic.body, "Reason")
        if reason:
            extra["reason"] = reason
        tags = list(fm.get("tags") or [])  # items typed by typed_memory
        common: dict[str, Any] = {
            "source_type": source,
            "status": status,
            "summary": fm.get("summary"),
            "source_ref": topic.rel,
            "scope": topic.rel.rsplit("/", 1)[0] if "/" in topic.rel else None,
            "created_at": store_time(fm.get("createdAt")),
            "updated_at": store_time(fm.get("updatedAt")),
            "importance": sig.get("importance"),
            "access_count": sig.get("accessCount") or 0,  # typed by typed_memory
            "created_by": f"brv curate ({entry.get('taskId')})" if entry else None,
            "derived": True,
            "missing": missing,
        }
        if not topic.facts:
            content = fm.get("summary") or section(topic.body, "Narrative") or topic.body.strip()
            return [Memory(id=topic.rel, content=str(content), tags=tags, extra=extra, **common)]
        out = []
        seen: dict[str, int] = {}
        for subject, statement, category in topic.facts:
            seen[subject] = seen.get(subject, 0) + 1
            suffix = f"-{seen[subject]}" if seen[subject] > 1 else ""
            out.append(
                Memory(
                    id=f"{topic.rel}#{subject}{suffix}",
                    content=statement,
                    tags=tags + ([category] if category else []),
                    extra={**extra, "subject": subject, "category": category},
                    **common,
                )
            )
        return out

    def _summaries(self, by_file: dict[str, list[Memory]]) -> list[Memory]:
        """Each ``_index.md`` as a summary memory; edges to what its ``covers`` names
        (a file's facts, or a subdirectory's own ``_index.md``)."""
        out: list[Memory] = []
        edges: list[Edge] = []
        indexes = sorted(
            confined.walk_files(
                self.tree,
                lambda p: p.name == "_index.md",
                prune=lambda p: p.name == "_archived" and p.parent == self.tree,
            )
        )
        for path in indexes:
            rel = path.relative_to(self.tree).as_posix()
            folder = rel.removesuffix("_index.md").rstrip("/")
            try:
                front, body = split_front(_read(path, self.tree), str(path))
            except confined.Unsafe as exc:
                confined.note_skipped(exc.message)
                continue
            except OSError:
                continue
            gone: list[str] = []
            for name in front.get("covers") or []:
                child = f"{folder}/{name}" if folder else str(name)
                if child.endswith("_index.md"):
                    targets = [child] if self._tree_file(child) else []
                elif child.endswith(".md"):
                    # Archived topics count: the summary was written from their text.
                    targets = [m.id for m in by_file.get(child, [])]
                    if not targets and not self._tree_file(child):
                        gone.append(str(name))
                elif self._tree_file(f"{child}/_index.md"):
                    targets = [f"{child}/_index.md"]
                else:
                    targets = [
                        m.id for f, ms in by_file.items() if f.startswith(child + "/") for m in ms
                    ]
                edges += [Edge(rel, t, Relation.SUMMARIZES) for t in targets]
            extra: dict[str, Any] = {
                "file": rel,
                "summary level": front.get("summary_level"),
                "covers": front.get("covers"),
            }
            if gone:
                extra["covers files that no longer exist"] = gone
            stamp = datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
            out.append(
                Memory(
                    id=rel,
                    content=body.strip(),
                    source_type=SourceType.SUMMARY,
                    source_ref=rel,
                    scope=folder or None,
                    derived=True,
                    created_at=to_iso(stamp),
                    extra=extra,
                    missing=["when it was generated (only the file's modification time)"],
                )
            )
        self._edges = edges
        return out

    def _tree_file(self, rel: str) -> bool:
        """Is ``rel`` (a name from a summary's ``covers``: store text) a regular file
        inside the tree? Checked through ``confined``: never a stat out of the tree
        (``../``) and no error on a name the file system refuses (too long)."""
        path = self.tree / rel
        return confined.inside(path, self.tree) and confined.regular_file(path, self.tree)

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kw: Any
    ) -> list[Event]:
        """Every curate-log operation, as brv recorded it (file-level)."""
        out: list[Event] = []
        for entry in self.curate_log():
            for n, op in enumerate(entry.get("operations") or []):
                if not isinstance(op, dict):
                    continue
                rel = tree_rel(str(op.get("filePath") or "")) or op.get("path")
                detail = {
                    k: op[k]
                    for k in ("status", "confidence", "impact", "needsReview", "reviewStatus")
                    if k in op
                }
                detail["curate log"] = entry.get("_file")
                out.append(
                    Event(
                        f"{entry.get('id')}:{n}",
                        store_time(entry.get("startedAt"), millis=True),
                        f"brv curate ({entry.get('taskId')})",
                        str(op.get("type", "?")).lower(),
                        rel,
                        op.get("reason"),
                        detail,
                    )
                )
        if memory_id is not None:
            file = memory_id.split("#", 1)[0]
            out = [e for e in out if e.memory_id == file]
        return filter_events(out, limit=limit, **kw)

    def provider_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        config = self.brv / "config.json"
        data = read_json(config).data  # there but not read: said, and no setting from it
        if data is not None and "reviewDisabled" in data:
            out["reviewDisabled"] = {"value": data["reviewDisabled"], "source": str(config)}
        hermes = self.brv.parent.parent / "config.yaml"
        if self.brv.parent.name == "byterover" and (hermes.exists() or hermes.is_symlink()):
            # Hermes 0.19.0 curates every turn unless auto_extract is set false; a
            # config.yaml that could not be read leaves it unknown (no setting at all).
            found = settings(
                read_yaml(hermes),
                ["memory", "byterover"],
                hermes,
                {"auto_extract": True},
                prefix="memory.byterover",
            )
            if "memory.byterover.auto_extract" in found:
                out["memory.byterover.auto_extract"] = found["memory.byterover.auto_extract"]
        return out

    # -- layers ---------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        tree, brv, data = self.tree, self.brv, self.data
        has_data = data.is_dir()
        why = (
            ""
            if has_data
            else f"brv's per-machine folder {data} was not found (pass brv_data=PATH)"
        )

        def md(pred: Callable[[Path], bool], root: Path) -> Callable[[], list[Path]]:
            # Regular files inside the store only: never a symlink out of it, a FIFO, ...
            return lambda: sorted(confined.walk_files(root, pred))

        def in_tree(p: Path) -> bool:
            return "_archived" not in p.relative_to(tree).parts

        layers = [
            self._files_layer(
                "context tree",
                md(lambda p: p.suffix == ".md" and in_tree(p) and not is_derived(p), tree),
                "topic files under .brv/context-tree (what brv serves)",
            ),
            self._files_layer(
                "domain/topic context.md",
                md(lambda p: p.name == "context.md" and in_tree(p), tree),
                "domain and topic descriptions written at first curate",
            ),
            self._files_layer(
                "_index.md summaries",
                md(lambda p: p.name == "_index.md" and in_tree(p), tree),
                "directory summaries; regenerated only by dream, so they keep deleted text",
                kind="summaries",
            ),
            self._files_layer(
                "abstracts and overviews",
                md(lambda p: p.name.endswith(DERIVED_SUFFIXES), tree),
                "*.abstract.md / *.overview.md per topic (left behind when a file is archived)",
                kind="summaries",
            ),
            self._files_layer(
                "_manifest.json",
                md(lambda p: p.name == "_manifest.json", tree),
                "retrieval manifest of paths and summaries",
                kind="side-files",
            ),
            self._files_layer(
                "_archived full copies",
                md(lambda p: p.name.endswith(".full.md"), tree / "_archived"),
                "lossless copies of archived topics",
            ),
            self._files_layer(
                "_archived stubs",
                md(lambda p: p.name.endswith(".stub.md"), tree / "_archived"),
                "ghost cues (first ~220 tokens) of archived topics",
            ),
            self._files_layer(
                "review backups",
                md(lambda p: p.is_file(), brv / "review-backups"),
                "a file's content before a curate changed or deleted it (kept until review)",
                kind="history",
            ),
            self._files_layer(
                "other .brv files",
                md(
                    lambda p: (
                        not p.is_relative_to(tree) and not p.is_relative_to(brv / "review-backups")
                    ),
                    brv,
                ),
                "config, queue and dream state, context-tree-backup/conflicts",
            ),
            self._files_layer(
                "curate log",
                md(lambda p: p.suffix == ".json", data / "curate-log"),
                "per-machine: each curate's raw input text and operations (previousSummary)",
                kind="history",
                checked=has_data,
                why=why,
            ),
            self._files_layer(
                "signals sidecar",
                md(lambda p: p.suffix == ".json", data / "keystore" / "signals"),
                "per-machine ranking signals, one file per topic path",
                checked=has_data,
                why=why,
            ),
            self._files_layer(
                "other per-machine files",
                md(
                    lambda p: (
                        not p.is_relative_to(data / "curate-log")
                        and not p.is_relative_to(data / "keystore" / "signals")
                    ),
                    data,
                ),
                "agent sessions/messages (keystore), task history, query and dream logs",
                checked=has_data,
                why=why,
            ),
        ]
        git = tree / ".git"
        if git.exists():
            layers.append(
                Layer(
                    "git history (brv vc)",
                    "history",
                    f"{git}: every committed version of the tree",
                    lambda needle: [],
                    checked=False,
                    why_unchecked="git objects are compressed; search them with "
                    f"`git -C {tree} log --all -p -S <text>`",
                )
            )
        return layers

    def _files_layer(
        self,
        name: str,
        files: Callable[[], list[Path]],
        description: str,
        *,
        kind: str = "side-files",
        checked: bool = True,
        why: str = "",
    ) -> Layer:
        base = self.brv.parent

        def probe(needle: Needle) -> list[Residue]:
            # memaudit ids are <file>#<subject>: brv's records name the file.
            rels = sorted({i.split("#", 1)[0] for i in needle.ids})
            out: list[Residue] = []
            for path in files() if checked else []:
                shown = _shown(path, base, self.data)
                root = self.data if path.is_relative_to(self.data) else base
                if path.suffix == ".json":
                    out += file_probe.probe_json_file(
                        name, path, shown, Needle([], needle.content), root=root
                    )
                else:
                    out += _text_hits(name, path, shown, needle, root)
                if rels:
                    out += _path_hits(name, path, shown, rels, root)
            return out

        return Layer(name, kind, description, probe, checked=checked, why_unchecked=why)


def _shown(path: Path, base: Path, data: Path) -> str:
    for root, prefix in ((base, ""), (data, "<brv data>/")):
        try:
            return prefix + path.relative_to(root).as_posix()
        except ValueError:
            continue
    return str(path)


def _read(path: Path, root: Path) -> str:
    """A file of the store or of brv's data folder, through ``confined``."""
    return confined.read_text(path, root=root, errors="replace")


def _text_hits(layer: str, path: Path, shown: str, needle: Needle, root: Path) -> list[Residue]:
    try:
        text = _read(path, root)
    except (OSError, confined.Unsafe):
        return []
    for wanted in sp.needle_texts(needle):
        how = sp.text_match(wanted, text)
        if how:
            return [Residue(layer, shown, how)]
    return []


def _path_hits(layer: str, path: Path, shown: str, rels: list[str], root: Path) -> list[Residue]:
    """Files named after, or mentioning, a memory's topic path."""
    out = []
    posix = path.as_posix()
    try:
        text = _read(path, root)
    except (OSError, confined.Unsafe):
        text = ""
    for rel in rels:
        stem = rel.removesuffix(".md")
        if posix.endswith((f"/{rel}", f"/{rel}.json", f"/{stem}.full.md", f"/{stem}.stub.md")):
            out.append(Residue(layer, shown, "id", "file named by the topic path"))
        elif rel in text:
            out.append(Residue(layer, shown, "id", "mentions the topic path"))
    return out


class ByteRoverAdapter(Adapter):
    name = "byterover"
    description = (
        "ByteRover (brv, byterover-cli): .brv/context-tree markdown + per-machine "
        "curate log and signals (read-only)"
    )
    capabilities = ByteRoverStore.capabilities
    tested_against = (
        "stores written by byterover-cli 3.14.0's own storage modules (curate tool, "
        "curate-log handler, summary/archive/manifest services) driven by a script with "
        "scripted curate operations — not by `brv curate` itself, whose daemon needs "
        "ByteRover's servers and an LLM (tests/fixtures/providers/byterover)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            return 0.9 if path.is_dir() and find_brv(path) else 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> ByteRoverStore:
        path = Path(location)
        brv = find_brv(path) if path.is_dir() else None
        if brv is None:
            raise NotAStore(
                f"{location}: no ByteRover store (.brv/context-tree) found here or in "
                "byterover/ below it"
            )
        data = project_data_dir(brv.parent, options.get("brv_data"))
        store = ByteRoverStore(location, brv, data, clock=options.get("clock"))
        store.all()
        return store
