"""claude-mem (npm ``claude-mem``, 13.x): ``~/.claude-mem/claude-mem.db`` plus Chroma.

claude-mem records Claude Code sessions through hooks: each prompt is stored, each tool
use is queued and compressed by an LLM (the "observer") into observations, and each
session ends with a summary. Read from claude-mem 13.25.3 (its worker wrote the fixture):

- data dir ``$CLAUDE_MEM_DATA_DIR`` (or ``settings.json``'s), else ``~/.claude-mem``;
- ``claude-mem.db`` (bun:sqlite, WAL): ``sdk_sessions`` (``user_prompt`` = the first
  prompt), ``user_prompts``, ``observations`` (``type, title, subtitle, facts`` JSON,
  ``narrative, text, concepts, files_*, generated_by_model``), ``session_summaries``
  (``request, investigated, learned, completed, next_steps, notes``), ``tool_uses``
  (each tool call's input and response, and the ``observation_id`` it produced),
  ``pending_messages`` (the queue), FTS5 ``*_fts`` over prompts, observations and
  summaries (external content, kept by triggers), and the sync tables (``sync_outbox``,
  ``sync_content_outbox``, ``sync_dead_letter``);
- ``chroma/``: a Chroma persistent folder (``chroma.sqlite3``: documents
  ``obs_<id>_narrative|fact_<n>``, ``summary_<id>_<field>``, ``prompt_<id>``, their
  metadata, a trigram full-text index and the ``embeddings_queue`` log; one folder of
  HNSW files per vector segment); ``backups/*.db``, ``logs/``, ``corpora/``,
  ``settings.json``.

A delete (the viewer, ``DELETE /api/observation/:id``; also summary and prompt routes)
runs one ``DELETE FROM <table>`` and nothing else: Chroma keeps the documents, the
session summary keeps what it learned, ``tool_uses`` keeps the input, the prompt stays.

Mapping (docs/adapters.md, "claude-mem"): prompts are ``user_statement``; tool uses
``tool_observation``; observations ``inference`` (an LLM compressed the tool use; a
``save_memory`` call, subtitle "Manual memory", is ``assistant_message``) with ``infers``
edges to the tool uses that produced them; summaries ``summary`` with ``summarizes``
edges to their session's observations and prompts.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from memaudit import storejson
from memaudit.adapters.support import file_probe
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.bounded import FileReader
from memaudit.adapters.support.foreign import as_int, open_ro, read_json, sqlite_tables
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore
from memaudit.model import Edge, Memory, Relation, SourceType
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

DB_NAME = "claude-mem.db"
SIGNATURE = {"sdk_sessions", "observations", "session_summaries", "user_prompts"}
MANUAL_SUBTITLE = "Manual memory"
SUMMARY_FIELDS = ("request", "investigated", "learned", "completed", "next_steps", "notes")
OBSERVATION_TEXT = ["title", "subtitle", "facts", "narrative", "text", "concepts"]
# claude-mem's defaults (SettingsDefaultsManager) for the settings `questions` reads.
SETTING_DEFAULTS: dict[str, str] = {
    "CLAUDE_MEM_PROVIDER": "claude",
    "CLAUDE_MEM_SKIP_TOOLS": "ListMcpResourcesTool,SlashCommand,Skill,TodoWrite,AskUserQuestion",
    "CLAUDE_MEM_EXCLUDED_PROJECTS": "",
    "CLAUDE_MEM_CHROMA_ENABLED": "true",
    "CLAUDE_MEM_CHROMA_MODE": "local",
    "CLAUDE_MEM_CONTEXT_OBSERVATIONS": "50",
    "CLAUDE_MEM_CONTEXT_SHOW_LAST_SUMMARY": "true",
    "CLAUDE_MEM_SEMANTIC_INJECT": "false",
    "CLAUDE_MEM_TRANSCRIPTS_ENABLED": "true",
    "CLAUDE_MEM_FOLDER_CLAUDEMD_ENABLED": "false",
}
MISSING = [
    "who stated a fact (observations are an LLM's compression of tool use)",
    "confidence",
    "validation by a person (there is no review step)",
]
# table -> (text columns, id form: "obs:<id>" etc. or None)
ROW_LAYERS: dict[str, tuple[str, list[str], str | None, str]] = {
    "observations": ("observations", OBSERVATION_TEXT, "obs", "rows"),
    "session summaries": ("session_summaries", list(SUMMARY_FIELDS), "summary", "summaries"),
    "user prompts": ("user_prompts", ["prompt_text"], "prompt", "rows"),
    "sessions": ("sdk_sessions", ["user_prompt", "custom_title"], None, "transcripts"),
    "tool uses": ("tool_uses", ["tool_input", "tool_response"], "tool", "transcripts"),
    "pending messages": (
        "pending_messages",
        ["tool_input", "tool_response", "last_user_message", "last_assistant_message"],
        None,
        "history",
    ),
    "sync outbox": ("sync_outbox", ["body", "canonical_body"], None, "side-files"),
    "sync content outbox": ("sync_content_outbox", ["body"], None, "side-files"),
    "sync dead letter": ("sync_dead_letter", ["raw_body"], None, "side-files"),
}
# Chroma document ids claude-mem writes for a memaudit id.
CHROMA_PREFIX = {"obs": "obs_{}_", "summary": "summary_{}_", "prompt": "prompt_{}"}


def find_data(location: Path) -> Path | None:
    """The claude-mem data folder of a location: the folder itself, ``.claude-mem`` in
    it (a home folder), or the folder of a ``claude-mem.db`` given directly."""
    if location.is_file():
        return location.parent if sqlite_tables(location) >= SIGNATURE else None
    for folder in (location, location / ".claude-mem"):
        if sqlite_tables(folder / DB_NAME) >= SIGNATURE:
            return folder
    return None


def _list(value: Any) -> list[str]:
    if not isinstance(value, str) or not value.strip():
        return []
    try:
        data = storejson.loads(value)
    except (ValueError, RecursionError):
        return [value]
    return [str(v) for v in data] if isinstance(data, list) else [str(data)]


def _epoch_iso(ms: Any, text: Any) -> str | None:
    if isinstance(ms, int | float) and ms > 0:
        return store_time(ms, millis=True)
    return store_time(text)


class ClaudeMemStore(ListStore):
    adapter_name = "claude_mem"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})

    def __init__(self, location: str, data: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.data = data
        self.db = data / DB_NAME
        self.chroma = data / "chroma"
        self.reader = FileReader(data)

    # -- reading ------------------------------------------------------------------

    def _rows(
        self, conn: sqlite3.Connection, table: str, order: str = "id"
    ) -> list[dict[str, Any]]:
        if table not in sp.table_names(conn):
            return []
        return [dict(r) for r in conn.execute(f"SELECT * FROM {sp._q(table)} ORDER BY {order}")]

    def _load(self) -> list[Memory]:
        with closing(open_ro(self.db)) as conn:
            sessions = self._rows(conn, "sdk_sessions")
            prompts = self._rows(conn, "user_prompts")
            observations = self._rows(conn, "observations")
            summaries = self._rows(conn, "session_summaries")
            tools = self._rows(conn, "tool_uses")
        by_content = {s.get("content_session_id"): s for s in sessions}
        by_memory = {s.get("memory_session_id"): s for s in sessions if s.get("memory_session_id")}
        out: list[Memory] = []
        edges: list[Edge] = []
        prompt_ids: dict[tuple[Any, Any], str] = {}
        for p in prompts:
            mid = f"prompt:{as_int(p.get('id'))}"
            session = by_content.get(p.get("content_session_id")) or {}
            prompt_ids[(p.get("content_session_id"), p.get("prompt_number"))] = mid
            out.append(
                Memory(
                    id=mid,
                    content=str(p.get("prompt_text") or ""),
                    source_type=SourceType.USER_STATEMENT,
                    scope=str(session.get("project") or "") or None,
                    source_ref=f"session {p.get('content_session_id')} prompt #{p.get('prompt_number')}",
                    created_at=_epoch_iso(p.get("created_at_epoch"), p.get("created_at")),
                    created_by="user (Claude Code prompt, via the UserPromptSubmit hook)",
                    extra={"prompt number": p.get("prompt_number")},
                )
            )
        by_observation: dict[int, list[str]] = {}
        for t in tools:
            mid = f"tool:{as_int(t.get('id'))}"
            obs = t.get("observation_id")
            if obs is not None:
                by_observation.setdefault(as_int(obs), []).append(mid)
            out.append(
                Memory(
                    id=mid,
                    content=f"{t.get('tool_name')} {t.get('tool_input') or ''}\n→ {t.get('tool_response') or ''}",
                    source_type=SourceType.TOOL_OBSERVATION,
                    scope=str(t.get("project") or "") or None,
                    source_ref=f"session {t.get('content_session_id')} tool use {t.get('tool_use_id')}",
                    created_at=_epoch_iso(t.get("created_at_epoch"), t.get("created_at")),
                    created_by=f"Claude Code tool {t.get('tool_name')} (PostToolUse hook)",
                    extra={
                        "tool": t.get("tool_name"),
                        "cwd": t.get("cwd"),
                        "observation produced": f"obs:{obs}" if obs is not None else None,
                    },
                )
            )
        obs_by_session: dict[Any, list[str]] = {}
        for o in observations:
            oid = as_int(o.get("id"))
            mid = f"obs:{oid}"
            manual = o.get("subtitle") == MANUAL_SUBTITLE
            session = by_memory.get(o.get("memory_session_id")) or {}
            obs_by_session.setdefault(o.get("memory_session_id"), []).append(mid)
            parents = by_observation.get(oid, [])
            edges += [Edge(mid, p, Relation.INFERS) for p in parents]
            facts = _list(o.get("facts"))
            body = str(o.get("narrative") or o.get("text") or o.get("title") or "")
            extra: dict[str, Any] = {
                "type": o.get("type"),
                "subtitle": o.get("subtitle"),
                "facts": "; ".join(facts) if facts else None,
                "files read": ", ".join(_list(o.get("files_read"))) or None,
                "files modified": ", ".join(_list(o.get("files_modified"))) or None,
                "generated by model": o.get("generated_by_model"),
                "session": session.get("content_session_id"),
                "prompt number": o.get("prompt_number"),
            }
            missing = [] if parents or manual else ["the tool use it was compressed from"]
            out.append(
                Memory(
                    id=mid,
                    content=body,
                    summary=o.get("title"),
                    source_type=SourceType.ASSISTANT_MESSAGE if manual else SourceType.INFERENCE,
                    derived=not manual,
                    tags=[str(o.get("type"))] + _list(o.get("concepts"))
                    if o.get("type")
                    else _list(o.get("concepts")),
                    scope=str(o.get("project") or "") or None,
                    source_ref=(
                        "save_memory (MCP tool)"
                        if manual
                        else f"session {session.get('content_session_id')} prompt #{o.get('prompt_number')}"
                    ),
                    created_at=_epoch_iso(o.get("created_at_epoch"), o.get("created_at")),
                    created_by=(
                        "the agent (save_memory)"
                        if manual
                        else f"claude-mem observer ({o.get('generated_by_model') or 'model not recorded'})"
                    ),
                    extra={k: v for k, v in extra.items() if v not in (None, "")},
                    missing=missing,
                )
            )
        for s in summaries:
            mid = f"summary:{as_int(s.get('id'))}"
            session = by_memory.get(s.get("memory_session_id")) or {}
            parts = [f"{f}: {s[f]}" for f in SUMMARY_FIELDS if s.get(f)]
            sources = list(obs_by_session.get(s.get("memory_session_id"), []))
            content_sid = session.get("content_session_id")
            sources += [pid for (sid, _), pid in prompt_ids.items() if sid == content_sid and sid]
            edges += [Edge(mid, p, Relation.SUMMARIZES) for p in sources]
            out.append(
                Memory(
                    id=mid,
                    content="\n".join(parts),
                    summary=s.get("request"),
                    source_type=SourceType.SUMMARY,
                    derived=True,
                    scope=str(s.get("project") or "") or None,
                    source_ref=f"session {content_sid} prompt #{s.get('prompt_number')}",
                    created_at=_epoch_iso(s.get("created_at_epoch"), s.get("created_at")),
                    created_by="claude-mem observer (session summary)",
                    extra={"session": content_sid, "prompt number": s.get("prompt_number")},
                    missing=[] if sources else ["the observations it summarizes (none left)"],
                )
            )
        self._edges = edges
        return out

    def provider_config(self) -> dict[str, Any]:
        """claude-mem's settings.json (flat, or under ``env``), only the keys that decide
        what is recorded or recalled; keys it does not set carry claude-mem's default."""
        path = self.data / "settings.json"
        # there but not read (said on stderr): its keys are unknown, not claude-mem's
        # defaults, and not the environment's either (the file's value wins over them)
        data, unread = read_json(path)
        block = data.get("env", data) if isinstance(data, dict) else None
        block = block if isinstance(block, dict) else {}
        out: dict[str, Any] = {}
        for key, default in SETTING_DEFAULTS.items():
            env = os.environ.get(key)
            if key in block:
                out[f"claude_mem.{key}"] = {"value": block[key], "source": str(path)}
            elif unread is not None:
                continue
            elif env is not None:
                out[f"claude_mem.{key}"] = {"value": env, "source": f"environment ({key})"}
            else:
                where = "not set in the file" if data is not None else "no settings file"
                out[f"claude_mem.{key}"] = {
                    "value": default,
                    "source": f"claude-mem default ({where}: {path})",
                }
        return out

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        self.all()
        tables = file_probe.table_set(self.db)
        out: list[Layer] = []
        for name, (table, columns, form, kind) in ROW_LAYERS.items():
            if table in tables:
                present = file_probe.present_columns(self.db, table, columns)
                extra_ids = ["observation_id"] if table == "tool_uses" else []
                out.append(self._rows_layer(name, table, present, form, kind, extra_ids))
        with closing(sp.connect_ro(self.db)) as conn:
            fts = sp.fts5_tables(conn)
        out += [sp.fts5_layer(f"{t} index", self.db, t) for t in fts]
        out.append(
            sp.raw_bytes_layer(
                f"{DB_NAME} bytes",
                [self.db],
                description=f"raw bytes of {DB_NAME} (+ WAL): deleted rows in free pages",
                id_forms=self._chroma_forms,
            )
        )
        out += self._chroma_layers()
        out += [
            self._files_layer(
                "backups",
                "backups",
                "backups/*.db: copies of the database made before migrations and cleanups",
            ),
            self._files_layer(
                "logs", "logs", "logs/*.log: the worker's log (titles, prompts in errors)"
            ),
            self._files_layer(
                "corpora",
                "corpora",
                "corpora/*.corpus.json: observations compiled into knowledge-agent corpora",
            ),
            self._files_layer(
                "other claude-mem files",
                "",
                "settings, sync state, observer sessions and the rest of the data folder",
                exclude=("chroma", "backups", "logs", "corpora"),
            ),
        ]
        return out

    def _ids_for(self, needle: Needle, form: str | None) -> list[int]:
        if form is None:
            return []
        out = []
        for mid in needle.ids:
            prefix, _, number = mid.partition(":")
            if prefix == form and number.isdigit():
                out.append(int(number))
        return out

    def _rows_layer(
        self,
        name: str,
        table: str,
        columns: list[str],
        form: str | None,
        kind: str,
        id_columns: list[str],
    ) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            found: list[Residue] = []
            with closing(sp.connect_ro(self.db)) as conn:
                if table not in sp.table_names(conn):
                    return found
                found += sp.probe_columns(
                    conn,
                    name,
                    table,
                    Needle([], needle.content, needle.more_content),
                    text_columns=columns,
                    key_column="id",
                )
                for number in self._ids_for(needle, form):
                    if conn.execute(
                        f"SELECT 1 FROM {sp._q(table)} WHERE id = ?", (number,)
                    ).fetchone():
                        found.append(Residue(name, f"{table} [id={number}]", "id"))
                obs = self._ids_for(needle, "obs")
                for col in id_columns:
                    for number in obs:
                        for (key,) in conn.execute(
                            f"SELECT id FROM {sp._q(table)} WHERE {sp._q(col)} = ?", (number,)
                        ):
                            found.append(Residue(name, f"{table}.{col} [id={key}]", "id"))
            return found

        return Layer(name, kind, f"{DB_NAME}: {table} ({', '.join(columns)})", probe)

    def _chroma_forms(self, mid: str) -> list[str]:
        prefix, _, number = mid.partition(":")
        pattern = CHROMA_PREFIX.get(prefix)
        return [pattern.format(number)] if pattern and number.isdigit() else [mid]

    def _chroma_layers(self) -> list[Layer]:
        db = self.chroma / "chroma.sqlite3"
        if not db.is_file() or not self.reader.inside(db):
            remote = self._chroma_remote() if not db.exists() else None
            why = (
                "no chroma/chroma.sqlite3 (Chroma off, remote, or never synced)"
                if not db.exists()
                else "chroma/chroma.sqlite3 is not readable here"
            )
            if not db.exists() and remote is None:
                why += "; settings.json was not read, so Chroma may be remote"
            return [
                Layer(
                    "Chroma documents",
                    "vectors",
                    "the Chroma collection claude-mem syncs to",
                    lambda needle: [],
                    checked=remote is False,
                    why_unchecked=why,
                )
            ]
        tables = file_probe.table_set(db)
        out = [
            Layer(
                "Chroma documents",
                "vectors",
                "chroma.sqlite3: every synced document (obs_<id>_*, summary_<id>_*, prompt_<id>) "
                "and its metadata — a claude-mem delete never reaches them",
                lambda needle: self._probe_chroma(db, needle),
            )
        ]
        if "embedding_fulltext_search" in tables:
            out.append(
                file_probe.trigram_layer("Chroma full-text index", db, "embedding_fulltext_search")
            )
        if "embedding_fulltext_search_content" in tables:
            out.append(
                sp.column_layer(
                    "Chroma full-text copy",
                    db,
                    "embedding_fulltext_search_content",
                    text_columns=["c0"],
                    key_column="id",
                    kind="fts",
                    description="chroma.sqlite3: the full-text index's own copy",
                )
            )
        if "embeddings_queue" in tables:
            out.append(
                Layer(
                    "Chroma embeddings queue",
                    "history",
                    "chroma.sqlite3 embeddings_queue: Chroma's write log (ids, documents in metadata)",
                    lambda needle: self._probe_queue(db, needle),
                )
            )
        out.append(
            sp.raw_bytes_layer(
                "chroma.sqlite3 bytes",
                [db],
                id_forms=self._chroma_forms,
                description="raw bytes of chroma.sqlite3 (+ WAL): free pages",
            )
        )
        segments = [d for d in self.reader.files(self.chroma, recursive=True) if d.suffix == ".bin"]
        out.append(
            Layer(
                "Chroma vectors (HNSW)",
                "vectors",
                f"{len(segments)} HNSW segment file(s) under chroma/: vectors and integer labels",
                lambda needle: [],
                checked=False,
                why_unchecked="HNSW files hold only vectors and integer labels: no text or id to "
                "match, and matching a vector needs the embedding model claude-mem used",
            )
        )
        return out

    def _chroma_remote(self) -> bool | None:
        """Whether claude-mem syncs to a remote Chroma; None when its settings.json is
        there but could not be read (the mode is unknown)."""
        mode = self.provider_config().get("claude_mem.CLAUDE_MEM_CHROMA_MODE")
        return None if mode is None else str(mode.get("value")).lower() == "remote"

    def _probe_chroma(self, db: Path, needle: Needle) -> list[Residue]:
        texts = sp.needle_texts(needle)
        forms = [f for mid in needle.ids for f in self._chroma_forms(mid)]
        out: list[Residue] = []
        with closing(sp.connect_ro(db)) as conn:
            names = sp.table_names(conn)
            if not {"embeddings", "embedding_metadata"} <= names:
                return out
            rows = conn.execute(
                "SELECT e.embedding_id, m.key, m.string_value FROM embeddings e "
                "LEFT JOIN embedding_metadata m ON m.id = e.id ORDER BY e.id"
            )
            seen_ids: set[str] = set()
            for embedding_id, key, value in rows:
                eid = str(embedding_id)
                if eid not in seen_ids:
                    seen_ids.add(eid)
                    if any(eid == f or (f.endswith("_") and eid.startswith(f)) for f in forms):
                        out.append(Residue("Chroma documents", f"embeddings [{eid}]", "id"))
                if not isinstance(value, str):
                    continue
                for text in texts:
                    how = sp.text_match(text, value)
                    if how:
                        out.append(
                            Residue("Chroma documents", f"embedding_metadata [{eid}] {key}", how)
                        )
                        break
                if len(out) >= sp.MAX_HITS:
                    break
        return out

    def _probe_queue(self, db: Path, needle: Needle) -> list[Residue]:
        texts = sp.needle_texts(needle)
        forms = [f for mid in needle.ids for f in self._chroma_forms(mid)]
        out: list[Residue] = []
        with closing(sp.connect_ro(db)) as conn:
            for seq, eid, meta in conn.execute("SELECT seq_id, id, metadata FROM embeddings_queue"):
                eid = str(eid)
                if any(eid == f or (f.endswith("_") and eid.startswith(f)) for f in forms):
                    out.append(
                        Residue(
                            "Chroma embeddings queue", f"embeddings_queue [seq_id={seq}] id", "id"
                        )
                    )
                if isinstance(meta, str | bytes):
                    text_meta = meta.decode("utf-8", "replace") if isinstance(meta, bytes) else meta
                    for text in texts:
                        how = sp.text_match(text, text_meta)
                        if how:
                            out.append(
                                Residue(
                                    "Chroma embeddings queue",
                                    f"embeddings_queue [seq_id={seq}] metadata",
                                    how,
                                )
                            )
                            break
                if len(out) >= sp.MAX_HITS:
                    break
        return out

    def _files_layer(
        self, name: str, sub: str, description: str, *, exclude: tuple[str, ...] = ()
    ) -> Layer:
        folder = self.data / sub if sub else self.data

        def files() -> list[Path]:
            found = self.reader.files(folder, recursive=True)
            if exclude or not sub:
                skip = [self.data / e for e in exclude]
                found = [
                    p
                    for p in found
                    if not any(p.is_relative_to(s) for s in skip)
                    and p.name
                    not in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm", f"{DB_NAME}-journal")
                ]
            return found

        def probe(needle: Needle) -> list[Residue]:
            return sp.probe_raw(name, files(), needle, self._chroma_forms)

        return Layer(name, "side-files", description, probe)


class ClaudeMemAdapter(Adapter):
    name = "claude_mem"
    description = (
        "claude-mem: ~/.claude-mem/claude-mem.db (sessions, prompts, observations, summaries, "
        "tool uses, FTS5, sync queues) and its Chroma folder (read-only)"
    )
    capabilities = ClaudeMemStore.capabilities
    tested_against = (
        "a data folder written by claude-mem 13.25.3's own worker (Bun 1.4.5) through its hook "
        "routes, its LLM replaced by a scripted OpenAI-compatible endpoint and uvx by a shim "
        "running chroma-mcp 0.2.6 with a fake embedder (tests/fixtures/providers/claude_mem)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location).expanduser()
            found = find_data(path)
            if found is None:
                return 0.0
            if path.is_file() or found == path:
                return 0.9
            return 0.6  # a home folder holding .claude-mem
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def explain(cls, location: str) -> str:
        try:
            path = Path(location).expanduser()
            found = find_data(path)
        except OSError:
            found = None
        if found is None:
            return "no claude-mem.db with sdk_sessions, observations, summaries and prompts"
        if found != path and not path.is_file():
            return f"a home folder holding {found.name}/{DB_NAME} (opens it)"
        return f"{DB_NAME} with claude-mem's tables"

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> ClaudeMemStore:
        path = Path(location).expanduser()
        found = find_data(path)
        if found is None:
            raise NotAStore(
                f"{location}: no claude-mem data folder (claude-mem.db with sdk_sessions, "
                "observations, session_summaries and user_prompts)"
            )
        try:
            store = ClaudeMemStore(location, found, clock=options.get("clock"))
            store.all()
            return store
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read {DB_NAME} ({exc})") from None
