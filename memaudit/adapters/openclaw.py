"""OpenClaw (npm ``openclaw``, 2026.9): markdown memory plus its SQLite index.

An OpenClaw home (``~/.openclaw``; ``--db`` takes it, the folder holding it, or the
workspace) holds ``openclaw.json`` (config), the workspace (``workspace/``:
``MEMORY.md`` and ``USER.md`` — the curated core —, ``memory/YYYY-MM-DD.md`` daily
notes, ``DREAMS.md``), per agent ``agents/<id>/agent/openclaw-agent.sqlite`` (the index:
``memory_index_sources``, ``memory_index_chunks(id, path, start_line, end_line, text,
embedding, ...)``, ``memory_index_chunks_fts`` (FTS5), ``memory_index_chunks_vec``
(sqlite-vec; its ``_rowids`` shadow table names each chunk), ``memory_embedding_cache``
(vectors keyed by a hash of the chunk text), ``memory_index_chunk_provenance``
(``origin_class owner|agent|untrusted|system``, ``session_kind``, ``observed_at``),
``memory_index_chunk_recall_metadata`` (importance, triggers) and the session
transcripts (``transcript_events``, ``session_transcript_fts``)) and
``state/openclaw.sqlite`` (``plugin_state_entries``: the memory plugin's short-term
recall records — snippet, concept tags, counts — and recall events with their queries).
Older versions kept the index in ``memory/<agentId>.sqlite`` (read the same way).

Mapping (docs/adapters.md): markdown is the source of truth, so a memory = one entry
of a workspace memory file (a list item or a paragraph; headings are structure), id
``<path>#<12 hex of its text>`` (stable when lines move), provenance ``<path>:L<n>``.
The index chunk covering the line gives origin class (owner -> user_statement, agent ->
inference, untrusted -> inference flagged untrusted, system -> unknown), importance and
the time it was observed; the recall records give access counts.
"""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters import openclaw_agents
from memaudit.adapters.support import file_probe, sqlite_vec
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import as_int, open_ro, read_json5
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore
from memaudit.fingerprint import normalize
from memaudit.model import Memory, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, LayerNotChecked, Needle, Residue

CONFIG = "openclaw.json"
AGENT_DB = "openclaw-agent.sqlite"
CURATED = ("MEMORY.md", "USER.md")
DAILY = re.compile(r"^memory/(\d{4}-\d{2}-\d{2})[^/]*\.md$")
COMMENT = re.compile(r"<!--(.*?)-->")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
ORIGIN_SOURCE = {
    "owner": SourceType.USER_STATEMENT,
    "agent": SourceType.INFERENCE,
    "untrusted": SourceType.INFERENCE,
    "system": SourceType.UNKNOWN,
}
MISSING = [
    "who wrote each line (OpenClaw classifies the origin of a whole file, not of an entry)",
    "per-entry times (only when a file was indexed, and a daily note's date)",
    "derivation (dreaming promotions keep session origins, not the memories they merged)",
    "validation by a person",
]
MAX_MD_BYTES = 8 * 1024 * 1024


@dataclass(slots=True)
class Entry:
    path: str  # workspace-relative, posix
    start: int
    end: int
    text: str  # as written, annotations removed
    notes: dict[str, str]  # <!-- key: value --> annotations


def parse_entries(text: str, path: str) -> list[Entry]:
    """List items and paragraphs of a markdown file, with 1-based line ranges."""
    out: list[Entry] = []
    block: list[str] = []
    start = 0

    def flush(end: int) -> None:
        if block:
            raw = " ".join(s.strip() for s in block)
            notes = {}
            for note in COMMENT.findall(raw):
                key, _, value = note.partition(":")
                if value:
                    notes[key.strip().lower()] = value.strip()
            body = ITEM.sub("", COMMENT.sub("", raw)).strip()
            if body:
                out.append(Entry(path, start, end, body, notes))
        block.clear()

    in_code = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            in_code = not in_code
            flush(n - 1)
            continue
        if in_code:
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            flush(n - 1)
            continue
        if ITEM.match(line):
            flush(n - 1)
        if not block:
            start = n
        block.append(line)
    flush(len(text.splitlines()))
    return out


def entry_id(path: str, text: str) -> str:
    return f"{path}#{sha256(normalize(text).encode()).hexdigest()[:12]}"


# -- where things are -------------------------------------------------------------------


def find_root(location: Path) -> Path | None:
    """The OpenClaw home for a home folder, ``~/.openclaw``, its workspace or an agent DB."""
    candidates = [location, location / ".openclaw", location.parent]
    if location.name == AGENT_DB:
        candidates.insert(0, location.parents[3] if len(location.parents) > 3 else location)
    for c in candidates:
        if _is_root(c):
            return c
    return None


def _is_root(path: Path) -> bool:
    if not path.is_dir() or path.is_symlink():
        return False
    if (path / CONFIG).is_file():
        return True
    agents = path / "agents"
    return agents.is_dir() and any(agents.glob(f"*/agent/{AGENT_DB}"))


def _read_config(root: Path) -> tuple[dict[str, Any] | None, str]:
    """openclaw.json (JSON5, as OpenClaw reads it) as a dict, and why it was not read when
    it is there but could not be (said once on stderr)."""
    data, unread = read_json5(root / CONFIG)
    if data is not None and _includes(data):  # OpenClaw merges those files in: not read here
        unread = f"{root / CONFIG}: it includes other files ($include), which are not read"
        confined.note_skipped(f"{unread}; its settings were not read")
        return None, unread
    return data, unread or ""


def _includes(data: dict[str, Any]) -> bool:
    """Whether any object of the config has an ``$include`` key (OpenClaw's own key)."""
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "$include" in node:
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def _workspace_path(configured: Any) -> tuple[Path | None, str]:
    """agents.defaults.workspace as OpenClaw resolves it (trimmed as JavaScript trims,
    ``~`` and ``~/`` as the home, ``..`` folded), or why it cannot be resolved here:
    ``${VAR}`` (OpenClaw substitutes its own environment), a relative path or ``~name``
    (OpenClaw resolves it from wherever it runs), not a string."""
    if not isinstance(configured, str):
        return None, "the configured workspace is not a path"
    path, why = openclaw_agents.user_path(configured, os.environ)
    return path, why and f"the configured workspace {why}"


def _safe_folder(path: Path, root: Path) -> str:
    """Why an agent's workspace is not read, or "" (a folder, or nothing there). A
    symlink on the way is not followed: below the OpenClaw home every component must be
    a real folder, and a workspace outside it must be its own real path."""
    try:
        if not os.path.lexists(path):
            return ""  # nothing there (OpenClaw makes it on the agent's first run)
        if path.is_symlink():
            return "its workspace is a symlink (not followed)"
        real = os.path.realpath(path)
        expected = (
            os.path.join(os.path.realpath(root), path.relative_to(root))
            if path.is_relative_to(root)
            else str(path)
        )
        if os.path.normpath(real) != os.path.normpath(expected):
            return "its workspace path passes through a symlink (not followed)"
        if not path.is_dir():
            return "its workspace is not a folder"
        if not os.access(path, os.R_OK | os.X_OK):
            return "its workspace cannot be read (permissions)"
    except (OSError, ValueError) as exc:
        return f"its workspace cannot be looked at ({exc.__class__.__name__})"
    return ""


def _dig(data: Any, *keys: str) -> Any:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data


class OpenClawStore(ListStore):
    adapter_name = "openclaw"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LAYERS})

    def __init__(self, location: str, root: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.root = root
        self.config, self.config_problem = _read_config(root)
        configured = _dig(self.config, "agents", "defaults", "workspace")
        workspace, unresolved = (
            _workspace_path(configured) if configured not in (None, "") else (None, "")
        )
        workspace = workspace or root / "workspace"
        # A configured workspace outside the home is still the user's memory; a symlinked
        # one is not followed.
        self.workspace = workspace if not workspace.is_symlink() else root / "workspace"
        # Why the workspace OpenClaw uses may not be the one read (never "clean" then).
        self.workspace_unknown = (
            f"openclaw.json was not read ({self.config_problem}), so the workspace it may "
            "configure is unknown"
            if self.config_problem
            else f"{unresolved}, so where OpenClaw keeps it is unknown"
            if unresolved
            else f"the configured workspace {workspace} is a symlink (not followed)"
            if workspace != self.workspace
            else ""
        )
        # Every agent's workspace, as OpenClaw resolves it; what is not resolved is said.
        self.roster = (
            openclaw_agents.resolve(self.config, root, os.environ)
            if not self.config_problem
            else openclaw_agents.Roster(
                [], "openclaw.json was not read, so which agents it lists is unknown"
            )
        )
        self.agent_dbs = sorted(
            p for p in (root / "agents").glob(f"*/agent/{AGENT_DB}") if not p.is_symlink()
        )
        legacy = root / "memory"
        self.legacy_dbs = sorted(
            p for p in (legacy.glob("*.sqlite") if legacy.is_dir() else []) if not p.is_symlink()
        )
        state = root / "state" / "openclaw.sqlite"
        self.state_db = state if state.is_file() and not state.is_symlink() else None

    # -- reading ----------------------------------------------------------------------

    def memory_files(self) -> list[Path]:
        files, left_out = file_probe.files_under(self.workspace / "memory", suffixes=(".md",))
        curated = [self.workspace / n for n in CURATED]
        # a memory file not read is said (one Warning line), not only left out
        for what in left_out:
            confined.note_skipped(f"{self.workspace / 'memory'}/{what}")
        for p in curated:
            if p.is_symlink():
                confined.note_skipped(f"{p} (symlink, not followed)")
        return [p for p in curated if p.is_file() and not p.is_symlink()] + files

    def rel(self, path: Path) -> str:
        return path.relative_to(self.workspace).as_posix()

    def chunks(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for db in self.agent_dbs + self.legacy_dbs:
            with closing(open_ro(db)) as conn:
                tables = sp.table_names(conn)
                table = "memory_index_chunks" if "memory_index_chunks" in tables else "chunks"
                if table not in tables:
                    continue
                prov = "memory_index_chunk_provenance" in tables
                meta = "memory_index_chunk_recall_metadata" in tables
                sql = (
                    "SELECT c.id, c.path, c.start_line, c.end_line, c.text"
                    + (", p.origin_class, p.session_kind, p.observed_at" if prov else "")
                    + (", r.importance, r.triggers" if meta else "")
                    + f" FROM {table} c"
                    + (
                        " LEFT JOIN memory_index_chunk_provenance p ON p.chunk_id = c.id"
                        if prov
                        else ""
                    )
                    + (
                        " LEFT JOIN memory_index_chunk_recall_metadata r ON r.chunk_id = c.id"
                        if meta
                        else ""
                    )
                )
                for row in conn.execute(sql):
                    item = dict(row)
                    item["agent"] = db.parent.parent.name if db.name == AGENT_DB else db.stem
                    out.append(item)
        return out

    def recalls(self) -> list[dict[str, Any]]:
        """The memory plugin's short-term recall records (path, lines, counts)."""
        if self.state_db is None:
            return []
        out = []
        with closing(open_ro(self.state_db)) as conn:
            if "plugin_state_entries" not in sp.table_names(conn):
                return []
            rows = conn.execute(
                "SELECT value_json FROM plugin_state_entries "
                "WHERE plugin_id = 'memory-core' AND namespace = 'short-term-recall'"
            )
            for (raw,) in rows:
                try:
                    value = storejson.loads(raw).get("value")
                except (ValueError, AttributeError, TypeError, RecursionError):
                    continue
                if isinstance(value, dict):
                    out.append(value)
        return out

    def _load(self) -> list[Memory]:
        chunks = self.chunks()
        recalls = self.recalls()
        out: list[Memory] = []
        for path in self.memory_files():
            text = file_probe.read_text_bounded(path, MAX_MD_BYTES, say=True)
            if text is None:
                continue
            rel = self.rel(path)
            for entry in parse_entries(text, rel):
                out.append(self._memory(entry, chunks, recalls))
        return out

    def _memory(
        self, e: Entry, chunks: list[dict[str, Any]], recalls: list[dict[str, Any]]
    ) -> Memory:
        chunk = next(
            (
                c
                for c in chunks
                if c.get("path") == e.path
                and as_int(c.get("start_line")) <= e.start <= as_int(c.get("end_line"))
            ),
            None,
        )
        missing: list[str] = []
        extra: dict[str, Any] = {"file": e.path, "lines": f"{e.start}-{e.end}"}
        origin = str(chunk.get("origin_class") or "") if chunk else ""
        if chunk is None:
            source = SourceType.UNKNOWN
            missing.append("index chunk (this line is not indexed yet, or the index is gone)")
        else:
            source = ORIGIN_SOURCE.get(origin, SourceType.UNKNOWN)
            extra["index chunk"] = chunk.get("id")
            extra["chunk lines"] = f"{chunk.get('start_line')}-{chunk.get('end_line')}"
            if origin:
                extra["origin class"] = origin
                extra["session kind"] = chunk.get("session_kind")
            if normalize(e.text) not in normalize(str(chunk.get("text") or "")):
                extra["index"] = "stale: the indexed chunk does not hold this text"
        if origin == "untrusted":
            extra["untrusted"] = "derived from external content (web, tools, other people)"
        daily = DAILY.match(e.path)
        created = None
        if chunk is not None and chunk.get("observed_at"):
            created = store_time(chunk.get("observed_at"), millis=True)
        if daily:
            created = created or f"{daily.group(1)}T00:00:00Z"
        importance = e.notes.get("importance") or (chunk or {}).get("importance")
        if e.notes.get("trigger"):
            extra["triggers"] = e.notes["trigger"]
        if e.notes.get("project"):
            extra["project"] = e.notes["project"]
        hits = [
            r
            for r in recalls
            if r.get("path") == e.path
            and as_int(r.get("startLine")) <= e.start <= as_int(r.get("endLine"))
        ]
        last = max((str(r.get("lastRecalledAt") or "") for r in hits), default="")
        return Memory(
            id=entry_id(e.path, e.text),
            content=e.text,
            source_type=source,
            status=Status.ACTIVE,
            source_ref=f"{e.path}:L{e.start}" + (f"-{e.end}" if e.end != e.start else ""),
            importance=_float(importance),
            scope="curated" if e.path in CURATED else ("daily" if daily else "workspace"),
            derived=source is SourceType.INFERENCE,
            created_at=created,
            last_accessed=store_time(last) if last else None,
            access_count=sum(as_int(r.get("recallCount")) for r in hits),
            extra=extra,
            missing=missing,
        )

    def provider_config(self) -> dict[str, Any]:
        if self.config is None:
            return {}
        source = str(self.root / CONFIG)
        out: dict[str, Any] = {}
        for key in (
            ("memory", "search", "provider"),
            ("memory", "search", "enabled"),
            ("memory", "search", "rememberAcrossConversations"),
            ("plugins", "entries", "memory-core", "config", "dreaming", "enabled"),
            ("plugins", "entries", "active-memory", "enabled"),
        ):
            value = _dig(self.config, *key)
            if value is not None:
                out["openclaw." + ".".join(key)] = {"value": value, "source": source}
        return out

    # -- layers -----------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        out = [self._markdown_layer()]
        if self.workspace_unknown:  # agents.defaults.workspace may name another folder
            out.append(
                Layer(
                    "configured workspace",
                    "side-files",
                    "the workspace openclaw.json names (agents.defaults.workspace) "
                    f"instead of {self.workspace}",
                    lambda needle: [],
                    checked=False,
                    why_unchecked=f"{self.workspace_unknown}: only {self.workspace} was read",
                )
            )
        out += self._agent_layers()
        for db in self.agent_dbs + self.legacy_dbs:
            out += self._index_layers(db)
        if self.state_db is not None:
            out.append(
                Layer(
                    "recall records",
                    "history",
                    "state/openclaw.sqlite: the memory plugin's recall records and events "
                    "(snippets, concept tags, queries), kept after the lines are deleted",
                    self._probe_recalls,
                )
            )
            out.append(sp.raw_bytes_layer("state db bytes", [self.state_db]))
        sessions, skipped = file_probe.files_under(self.root / "agents", suffixes=(".jsonl",))
        if sessions or skipped:
            out.append(
                Layer(
                    "session files",
                    "history",
                    "agents/*/sessions/*.jsonl transcripts (older versions, or exports)",
                    lambda needle: _probe_files("session files", sessions, self.root, needle),
                    checked=not skipped,
                    why_unchecked="not looked at: " + "; ".join(skipped[:5]) if skipped else "",
                )
            )
        return out

    def _agent_layers(self) -> list[Layer]:
        """Each other agent's workspace (every .md file, as for the workspace read) and
        what keeps its index from being read; *not checked*, with why, for what OpenClaw's
        rule cannot be reproduced here. Ids shown are OpenClaw's normalized ones."""
        if self.roster.problem:
            return [
                Layer(
                    "other agents' workspaces",
                    "side-files",
                    "the workspaces of the agents openclaw.json lists (agents.entries/list)",
                    lambda needle: [],
                    checked=False,
                    why_unchecked=f"{self.roster.problem}: only {self.workspace} was read",
                )
            ]
        out: list[Layer] = []
        shared: dict[Path, list[str]] = {}
        for agent in self.roster.agents:
            why = agent.why or (_safe_folder(agent.path, self.root) if agent.path else "")
            name = f"agent {agent.agent}: markdown"
            if why or agent.path is None:
                out.append(
                    Layer(
                        name,
                        "side-files",
                        f"the workspace of agent {agent.agent}",
                        lambda needle: [],
                        checked=False,
                        why_unchecked=why,
                    )
                )
            elif agent.path != self.workspace:
                shared.setdefault(agent.path, []).append(agent.agent)
            out += self._agent_index_layer(agent.agent)
        for path, agents in shared.items():
            out.append(self._workspace_layer(f"agent {', '.join(agents)}: markdown", path, agents))
        return out

    def _agent_index_layer(self, agent: str) -> list[Layer]:
        """OpenClaw keeps each agent's index at agents/<id>/agent/openclaw-agent.sqlite
        under its state folder (its agentDir does not move it); one that is there but not
        a plain file is not read (a symlink could lead anywhere)."""
        db = self.root / "agents" / agent / "agent" / AGENT_DB
        if db in self.agent_dbs or not os.path.lexists(db):
            return []
        return [
            Layer(
                f"agent {agent}: index",
                "derived",
                f"agents/{agent}/agent/{AGENT_DB}",
                lambda needle: [],
                checked=False,
                why_unchecked=f"{db} is a symlink or not a file (not followed)",
            )
        ]

    def _workspace_layer(self, name: str, path: Path, agents: list[str]) -> Layer:
        files, skipped = file_probe.files_under(path, suffixes=(".md",))
        dbs = [f"agents/{a}/agent/{AGENT_DB}" for a in agents]
        read = [db for db in dbs if self.root / db in self.agent_dbs]
        why = "not looked at: " + "; ".join(skipped[:5]) if skipped else ""
        return Layer(
            name,
            "side-files",
            f"every .md file of the workspace of agent {', '.join(agents)} ({path}): "
            "MEMORY.md, memory/*.md, DREAMS.md, bootstrap files; "
            + (
                f"its index ({', '.join(read)}) is read in the index layers"
                if read
                else f"it has no index ({', '.join(dbs)} is not there)"
            )
            + (f" — {why}" if why else ""),
            lambda needle: _probe_files(name, files, path, needle),
            checked=not skipped,
            why_unchecked=why,
        )

    def _markdown_layer(self) -> Layer:
        files, skipped = file_probe.files_under(self.workspace, suffixes=(".md",))
        why = ""
        if skipped:
            why = "not looked at: " + "; ".join(skipped[:5])
        mine = [a.agent for a in self.roster.agents if a.path == self.workspace and not a.why]
        whose = f" of agent {', '.join(mine)}" if mine else ""
        return Layer(
            "markdown",
            "side-files",
            f"every .md file of the workspace{whose} ({self.workspace}): memory files, "
            "DREAMS.md, bootstrap files" + (f" — {why}" if why else ""),
            lambda needle: _probe_files("markdown", files, self.workspace, needle),
            checked=not skipped,
            why_unchecked=why,
        )

    def _index_layers(self, db: Path) -> list[Layer]:
        with closing(open_ro(db)) as conn:
            tables = sp.table_names(conn)
            zstd = (
                conn.execute(
                    "SELECT count(*) FROM transcript_events WHERE event_zstd IS NOT NULL"
                ).fetchone()[0]
                if "transcript_events" in tables
                else 0
            )
        tag = db.parent.parent.name if db.name == AGENT_DB else db.stem
        new = "memory_index_chunks" in tables
        chunks = "memory_index_chunks" if new else "chunks"
        fts = "memory_index_chunks_fts" if new else "chunks_fts"
        out: list[Layer] = []

        def named(name: str) -> str:
            return name if len(self.agent_dbs) + len(self.legacy_dbs) == 1 else f"{name} ({tag})"

        if chunks in tables:
            out.append(
                sp.column_layer(
                    named("chunks"),
                    db,
                    chunks,
                    id_columns=["id"],
                    text_columns=["text"],
                    description=f"{db.name}: {chunks} (chunk text, path, line range)",
                )
            )
        if fts in tables:
            out.append(sp.fts5_layer(named("FTS terms"), db, fts))
        vec = f"{chunks}_vec" if new else "chunks_vec"
        if vec in tables or f"{vec}_rowids" in tables:
            out.append(self._vectors_layer(named("vectors"), db, vec, chunks))
        cache = "memory_embedding_cache" if new else "embedding_cache"
        if cache in tables:
            out.append(self._cache_layer(named("embedding cache"), db, cache, chunks))
        if "memory_index_chunk_recall_metadata" in tables:
            out.append(
                sp.column_layer(
                    named("chunk recall metadata"),
                    db,
                    "memory_index_chunk_recall_metadata",
                    id_columns=["chunk_id"],
                    text_columns=["triggers"],
                    description=f"{db.name}: importance and trigger phrases per chunk",
                )
            )
        if "transcript_events" in tables:
            why = (
                f"{zstd} transcript events are zstd-compressed (memaudit has no zstd reader)"
                if zstd
                else ""
            )
            out.append(
                Layer(
                    named("sessions"),
                    "history",
                    f"{db.name}: transcript_events (session transcripts OpenClaw indexes)",
                    sp.column_layer(
                        "sessions", db, "transcript_events", text_columns=["event_json"]
                    ).probe,
                    checked=not zstd,
                    why_unchecked=why,
                )
            )
        if "session_transcript_fts" in tables:
            out.append(sp.fts5_layer(named("session FTS terms"), db, "session_transcript_fts"))
        out.append(sp.raw_bytes_layer(named("index db bytes"), [db]))
        return out

    def _vectors_layer(self, name: str, db: Path, vec: str, chunks: str) -> Layer:
        """The sqlite-vec table through its shadow tables (one vector per chunk id; a
        vector whose chunk is gone is an orphan), and the vectors of live chunks
        holding the text: copies of it."""

        def probe(needle: Needle) -> list[Residue]:
            with closing(open_ro(db)) as conn:
                found = sqlite_vec.probe_vec0(conn, name, vec, needle, base=(chunks, "id"))
                texts = sp.needle_texts(needle)
                if not texts:
                    return found
                rows = conn.execute(
                    f"SELECT v.id, c.text FROM {sp._q(vec + '_rowids')} v JOIN {sp._q(chunks)} c "
                    "ON c.id = v.id"
                ).fetchall()
            for vid, text in rows:
                if any(sp.text_match(t, str(text or "")) for t in texts):
                    found.append(
                        Residue(
                            name, f"{vec}_rowids [id={vid}]", "vector of a chunk holding the text"
                        )
                    )
            return found

        return Layer(
            name,
            "vectors",
            f"{db.name}: sqlite-vec {vec} (one vector per chunk id), read through its shadow "
            "tables; a vector whose chunk is gone is an orphan",
            probe,
        )

    def _cache_layer(self, name: str, db: Path, cache: str, chunks: str) -> Layer:
        """Embeddings keyed by the SHA-256 of a chunk's text: one of a live chunk
        holding the text is a copy of it; one whose chunk is gone is an orphan (the
        embedding of text no longer indexed: which text cannot be read back, unless the
        text looked for is that chunk's whole text — the same hash)."""

        def probe(needle: Needle) -> list[Residue]:
            texts = sp.needle_texts(needle)
            hashes = {sha256(t.encode()).hexdigest(): n for n, t in enumerate(texts, 1)}
            out: list[Residue] = []
            with closing(open_ro(db)) as conn:
                if "hash" not in sp.columns(conn, cache):
                    raise LayerNotChecked(f"{cache} has no hash column: a layout not known here")
                rows = conn.execute(
                    f"SELECT e.rowid, e.hash, (SELECT c.text FROM {sp._q(chunks)} c "
                    f"WHERE c.hash = e.hash LIMIT 1) FROM {sp._q(cache)} e"
                ).fetchall()
            for rowid, digest, text in rows:
                where = f"{cache} [rowid={rowid}]"
                if str(digest) in hashes:
                    out.append(Residue(name, where, "hash of the text", f"text {hashes[digest]}"))
                elif text is None:
                    out.append(
                        Residue(
                            name,
                            where,
                            "orphan embedding",
                            "the embedding of a chunk no longer indexed; which text it encodes "
                            "cannot be read back (`openclaw memory reset` clears the cache)",
                            orphan=str(digest),
                        )
                    )
                elif any(sp.text_match(t, str(text)) for t in texts):
                    out.append(Residue(name, where, "embedding of a chunk holding the text"))
            return out

        return Layer(
            name,
            "vectors",
            f"{db.name}: {cache} (embeddings keyed by the SHA-256 of a chunk's text; one whose "
            "chunk is gone is an orphan)",
            probe,
        )

    def _probe_recalls(self, needle: Needle) -> list[Residue]:
        assert self.state_db is not None
        out: list[Residue] = []
        texts = sp.needle_texts(needle)
        ids = {i.split("#", 1)[0] for i in needle.ids}
        with closing(open_ro(self.state_db)) as conn:
            if "plugin_state_entries" not in sp.table_names(conn):
                return out
            rows = conn.execute(
                "SELECT rowid, namespace, value_json FROM plugin_state_entries "
                "WHERE plugin_id LIKE 'memory%'"
            )
            for rowid, namespace, raw in rows:
                try:
                    data = storejson.loads(raw)
                except (ValueError, TypeError, RecursionError):
                    data = raw
                where = f"plugin_state_entries [{namespace} rowid={rowid}]"
                for key, value in file_probe._strings(data):
                    if value in ids:
                        out.append(Residue("recall records", f"{where} {key}", "id"))
                    for t in texts:
                        how = sp.text_match(t, value)
                        if how:
                            out.append(Residue("recall records", f"{where} {key}", how))
                            break
                if len(out) >= sp.MAX_HITS:
                    break
        return out


def _probe_files(layer: str, files: list[Path], base: Path, needle: Needle) -> list[Residue]:
    def id_hits(rel: str, text: str) -> list[Residue]:
        out = []
        for mid in needle.ids:
            if mid.split("#", 1)[0] == rel:
                hit = [e for e in parse_entries(text, rel) if entry_id(rel, e.text) == mid]
                if hit:
                    out.append(Residue(layer, f"{rel}:L{hit[0].start}", "id"))
        return out

    return file_probe.probe_text_files(layer, files, base, needle, id_hits, limit=MAX_MD_BYTES)


def _float(value: Any) -> float | None:
    try:
        return float(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


class OpenClawAdapter(Adapter):
    name = "openclaw"
    description = (
        "OpenClaw: workspace markdown memory + the per-agent SQLite index (chunks, FTS5, "
        "vectors, embedding cache) and the memory plugin's recall records (read-only)"
    )
    capabilities = OpenClawStore.capabilities
    tested_against = (
        "stores written by openclaw 2026.9.6 (`openclaw memory index/search` on Node "
        "24.22.3, embeddings from a deterministic local stub) "
        "(tests/fixtures/providers/openclaw)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            root = find_root(path)
            if root is None:
                return 0.0
            return 0.95 if root in (path, path / ".openclaw") or path.name == AGENT_DB else 0.9
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> OpenClawStore:
        root = find_root(Path(location))
        if root is None:
            raise NotAStore(
                f"{location}: no OpenClaw home (openclaw.json or agents/*/agent/{AGENT_DB})"
            )
        store = OpenClawStore(location, root, clock=options.get("clock"))
        try:
            store.all()
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read the OpenClaw index ({exc})") from None
        return store
