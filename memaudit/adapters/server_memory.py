"""The MCP reference knowledge-graph memory (npm ``@modelcontextprotocol/server-memory``).

One JSON-lines file (``MEMORY_FILE_PATH``; default ``memory.jsonl`` beside the server's
``dist/index.js``). Each line is ``{"type":"entity","name","entityType",
"observations":[...]}`` or ``{"type":"relation","from","to","relationType"}``. The
server keeps no ids, timestamps, authors or sources, and every tool call rewrites the
whole file (a ``<file>.<32 hex>.tmp`` written beside it, then renamed over it).

``read_graph`` is the reusable reader: entities, observations and relations with the
line each came from, bounded (file size, line length, JSON depth) and never raising on
a hostile line — what it skipped is listed in ``Graph.problems``.

Mapping (docs/adapters.md, "MCP knowledge-graph memory"):
- a memory = one observation; subject = its entity (``scope``), id =
  ``<entity>#<8 hex of the normalized text>`` (the server has none); ``source_ref`` =
  ``memory.jsonl:<line>``;
- a relation is a fact ``"<from> <relationType> <to>"`` (id ``rel#<8 hex>``): the
  server's relations link entities, they never say what a memory was derived from, so
  they are not lineage edges;
- source type ``unknown`` (flagged): the server does not record who stated anything.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.bounded import FileReader, resolved
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock
from memaudit.errors import NotAStore
from memaudit.fingerprint import normalize
from memaudit.model import Memory, SourceType
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

DEFAULT_NAME = "memory.jsonl"
LEGACY_NAME = "memory.json"  # migrated by rename when MEMORY_FILE_PATH is unset
MAX_GRAPH_BYTES = 64 * 1024 * 1024
MAX_LINE_CHARS = 8 * 1024 * 1024
DETECT_BYTES = 64 * 1024
TEMP_FILE = re.compile(r"\.[0-9a-f]{32}\.tmp$")
MISSING = [
    "source (who stated it)",
    "timestamps",
    "native ids (memaudit derives them from entity + text)",
    "lineage",
    "confidence",
    "access counts",
]


# -- the reader ------------------------------------------------------------------------


@dataclass(slots=True, frozen=True)
class GraphObservation:
    entity: str
    text: str
    line: int  # 1-based line of the entity in the file
    index: int  # position in the entity's observations


@dataclass(slots=True)
class GraphEntity:
    name: str
    entity_type: str
    line: int
    observations: list[GraphObservation] = field(default_factory=list)


@dataclass(slots=True, frozen=True)
class GraphRelation:
    source: str  # "from" in the file
    target: str  # "to"
    relation_type: str
    line: int


@dataclass(slots=True)
class Graph:
    path: Path
    entities: list[GraphEntity] = field(default_factory=list)
    relations: list[GraphRelation] = field(default_factory=list)
    # (line, why) for every line the server would reject or ignore; line 0 = the file
    problems: list[tuple[int, str]] = field(default_factory=list)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def parse_graph(raw: str, path: Path) -> Graph:
    """Lines as the server reads them (split on newlines, blank ones skipped). The
    server stops at the first line it cannot parse; memaudit records it and goes on."""
    graph = Graph(path)
    for number, line in enumerate(raw.split("\n"), 1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE_CHARS:
            graph.problems.append((number, f"line longer than {MAX_LINE_CHARS:,} characters"))
            continue
        try:
            item = storejson.loads(line)
        except (ValueError, RecursionError):
            graph.problems.append((number, "not valid JSON (the server refuses the whole file)"))
            continue
        if not isinstance(item, dict):
            graph.problems.append((number, "not a JSON object"))
            continue
        kind = item.get("type")
        if kind == "entity":
            name = _text(item.get("name"))
            if name is None:
                graph.problems.append((number, "entity without a string name"))
                continue
            entity = GraphEntity(name, _text(item.get("entityType")) or "", number)
            found = item.get("observations")
            values = found if isinstance(found, list) else []
            if not isinstance(found, list):
                graph.problems.append((number, "entity without an observations list"))
            for index, value in enumerate(values):
                text = _text(value)
                if text is None:
                    graph.problems.append((number, f"observation {index} is not a string"))
                    continue
                entity.observations.append(GraphObservation(name, text, number, index))
            graph.entities.append(entity)
        elif kind == "relation":
            ends = [_text(item.get(k)) for k in ("from", "to", "relationType")]
            if None in ends:
                graph.problems.append((number, "relation without from, to and relationType"))
                continue
            source, target, rel = (e or "" for e in ends)
            graph.relations.append(GraphRelation(source, target, rel, number))
        else:
            graph.problems.append((number, "neither an entity nor a relation (ignored)"))
    return graph


def read_graph(path: Path, reader: FileReader | None = None) -> Graph:
    """The graph in ``path``; a file the reader refuses gives an empty graph whose
    ``problems`` say why."""
    reader = reader or FileReader(path.parent, limit=MAX_GRAPH_BYTES)
    raw = reader.read_text(path, MAX_GRAPH_BYTES)
    if raw is None:
        graph = Graph(path)
        why = reader.refused.get(str(path), "missing or not a regular file")
        graph.problems.append((0, why))
        return graph
    return parse_graph(raw, path)


def observation_id(entity: str, text: str) -> str:
    digest = hashlib.blake2b(f"{entity}\x1f{normalize(text)}".encode(), digest_size=4)
    return f"{entity}#{digest.hexdigest()}"


def relation_id(rel: GraphRelation) -> str:
    key = "\x1f".join((rel.source, rel.relation_type, rel.target)).encode()
    return "rel#" + hashlib.blake2b(key, digest_size=4).hexdigest()


def relation_text(rel: GraphRelation) -> str:
    return f"{rel.source} {rel.relation_type} {rel.target}"


def looks_like_graph(path: Path) -> bool:
    """The first non-blank line of a file is an entity or relation line."""
    head = confined.head(path, DETECT_BYTES)  # never blocks on a FIFO
    for line in head.decode("utf-8", errors="replace").split("\n"):
        if not line.strip():
            continue
        try:
            item = storejson.loads(line)
        except (ValueError, RecursionError):
            return False
        return isinstance(item, dict) and (
            (item.get("type") == "entity" and "observations" in item)
            or (item.get("type") == "relation" and "relationType" in item)
        )
    return False


def find_graph(location: Path) -> Path | None:
    """The graph file of a location: the file itself, or ``memory.jsonl`` (then the
    legacy ``memory.json``) in a folder."""
    if location.is_file():
        return location if looks_like_graph(location) else None
    for name in (DEFAULT_NAME, LEGACY_NAME):
        candidate = location / name
        if candidate.is_file() and looks_like_graph(candidate):
            return candidate
    return None


# -- the store -------------------------------------------------------------------------


class ServerMemoryStore(ListStore):
    adapter_name = "server_memory"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LAYERS})

    def __init__(self, location: str, path: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.path = path
        self.folder = path.parent
        self.reader = FileReader(self.folder, limit=MAX_GRAPH_BYTES)
        self.graph = Graph(path)

    def _load(self) -> list[Memory]:
        self.graph = read_graph(self.path, self.reader)
        name = self.path.name
        out: list[Memory] = []
        seen: dict[str, int] = {}

        def unique(mid: str) -> str:
            seen[mid] = seen.get(mid, 0) + 1
            return mid if seen[mid] == 1 else f"{mid}-{seen[mid]}"

        for entity in self.graph.entities:
            for obs in entity.observations:
                out.append(
                    Memory(
                        id=unique(observation_id(entity.name, obs.text)),
                        content=obs.text,
                        source_type=SourceType.UNKNOWN,
                        scope=entity.name,
                        source_ref=f"{name}:{obs.line}",
                        tags=[entity.entity_type] if entity.entity_type else [],
                        extra={
                            "entity": entity.name,
                            "entity type": entity.entity_type,
                            "observation": obs.index + 1,
                        },
                    )
                )
        for rel in self.graph.relations:
            out.append(
                Memory(
                    id=unique(relation_id(rel)),
                    content=relation_text(rel),
                    source_type=SourceType.UNKNOWN,
                    scope=rel.source,
                    source_ref=f"{name}:{rel.line}",
                    tags=["relation"],
                    extra={"relation": rel.relation_type, "from": rel.source, "to": rel.target},
                )
            )
        if self.graph.problems:
            for n, why in self.graph.problems:  # said by the command too, not only by show
                confined.note_skipped(
                    f"{self.path} line {n}: {why}" if n else f"{self.path}: {why}"
                )
            skipped = "; ".join(f"line {n}: {why}" for n, why in self.graph.problems[:5])
            for memory in out:
                memory.extra["lines not read"] = skipped
        return out

    def provider_config(self) -> dict[str, Any]:
        """The server's only setting is where its file is; it has no gate or switch."""
        return {"MEMORY_FILE_PATH": {"value": str(self.path), "source": "the file memaudit opened"}}

    # -- layers ------------------------------------------------------------------------

    def temp_files(self) -> list[Path]:
        prefix = self.path.name + "."
        return [
            p
            for p in self.reader.files(self.folder)
            if p.name.startswith(prefix) and TEMP_FILE.search(p.name)
        ]

    def layers(self) -> list[Layer]:
        self.all()
        graph_file = self.path
        out = [
            Layer(
                f"{graph_file.name} graph",
                "rows",
                f"{graph_file.name}: entity names, observations and relations, line by line",
                self._probe_graph,
                checked=not any(n == 0 for n, _ in self.graph.problems),
                why_unchecked="; ".join(why for n, why in self.graph.problems if n == 0),
            ),
            sp.raw_bytes_layer(
                f"{graph_file.name} bytes",
                [graph_file],
                description=f"raw bytes of {graph_file.name}: lines the reader skipped "
                "(not JSON, unknown types, extra keys) included",
            ),
            Layer(
                "temp files",
                "side-files",
                f"{graph_file.name}.<hex>.tmp beside it: a rewrite that died before its rename",
                lambda needle: sp.probe_raw("temp files", self.temp_files(), needle),
            ),
        ]
        legacy = self.folder / LEGACY_NAME
        if legacy != graph_file and legacy.is_file() and self.reader.inside(legacy):
            out.append(
                sp.raw_bytes_layer(
                    LEGACY_NAME,
                    [legacy],
                    description="the pre-JSONL file; the server migrates it (rename) only when "
                    "MEMORY_FILE_PATH is unset, so a copy can stay beside a custom path",
                )
            )
        return out

    def _probe_graph(self, needle: Needle) -> list[Residue]:
        layer = f"{self.path.name} graph"
        ids = set(needle.ids)
        texts = sp.needle_texts(needle)
        out: list[Residue] = []
        by_ref = {(m.source_ref, m.content): m.id for m in self.all()}
        name = self.path.name

        def check(where: str, value: str, mid: str | None) -> None:
            if mid is not None and mid in ids:
                out.append(Residue(layer, where, "id"))
            for text in texts:
                how = sp.text_match(text, value)
                if how:
                    out.append(Residue(layer, where, how))
                    break

        for entity in self.graph.entities:
            check(f"{name}:{entity.line} entity name", entity.name, None)
            for obs in entity.observations:
                mid = by_ref.get((f"{name}:{obs.line}", obs.text))
                check(f"{name}:{obs.line} observation {obs.index + 1}", obs.text, mid)
        for rel in self.graph.relations:
            text = relation_text(rel)
            check(f"{name}:{rel.line} relation", text, by_ref.get((f"{name}:{rel.line}", text)))
        return out


class ServerMemoryAdapter(Adapter):
    name = "server_memory"
    description = (
        "MCP knowledge-graph memory (@modelcontextprotocol/server-memory): a memory.jsonl "
        "file of entities, observations and relations (read-only)"
    )
    capabilities = ServerMemoryStore.capabilities
    tested_against = (
        "memory.jsonl files written by @modelcontextprotocol/server-memory 2026.8.31 "
        "(memory-server 0.6.3) over stdio JSON-RPC (tests/fixtures/providers/server_memory)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            found = find_graph(path)
            if found is None:
                return 0.0
            return 0.9 if path.is_file() else 0.85
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def explain(cls, location: str) -> str:
        try:
            found = find_graph(Path(location))
        except OSError:
            found = None
        if found is None:
            return "no memory.jsonl whose first line is an entity or a relation"
        return f"{found.name}: JSON lines of entities and relations"

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> ServerMemoryStore:
        path = Path(location).expanduser()
        found = find_graph(path)
        if found is None:
            raise NotAStore(
                f"{location}: no knowledge-graph file (JSON lines of entities and relations, "
                f"{DEFAULT_NAME} in a folder)"
            )
        real = resolved(found)
        if real is None:
            raise NotAStore(f"{location}: {found.name} cannot be resolved (dangling symlink?)")
        if path.is_dir() and not real.is_relative_to(resolved(path) or path):
            raise NotAStore(
                f"{location}: {found.name} is a symlink leading outside the folder (to {real}); "
                "pass the file itself to read it"
            )
        if real.stat().st_size > MAX_GRAPH_BYTES:
            raise NotAStore(
                f"{location}: {found.name} is larger than {MAX_GRAPH_BYTES // (1024 * 1024)} MiB; "
                "not a memory file memaudit will read whole"
            )
        store = ServerMemoryStore(location, real, clock=options.get("clock"))
        store.all()
        return store
