"""Basic Memory (``basic-memory``): a project folder of markdown notes + ``memory.db``.

Notes are markdown files; observations are their ``- [category] content #tag
(context)`` lines and relations their ``- relation_type [[Target]]`` lines. The
index ``memory.db`` (``~/.basic-memory/`` by default, beside ``config.json``) holds
``entity`` (one row per note), ``observation``, ``relation``, ``note_content`` (a full
copy of each note's markdown), ``note_section``, ``accepted_project_note_change`` (a
change journal: created/updated/deleted, with ``source`` and actor), the FTS5
``search_index`` (with its own content table), and, when the Python can load
sqlite-vec, vector chunk tables.

Mapping (see docs/adapters.md):
- a memory = an observation; id = ``<note permalink>#<8 hex of category+content>``
  (the database's integer ids are reassigned whenever a note is re-indexed, so they
  are not used as ids); scope = the note's permalink; source_ref = its file path.
- source type: a note is a document in the user's knowledge base, so its
  observations are ``external_document`` (T2) unless the change journal names the
  writer: ``mcp``/``agent_runtime`` or an agent/MCP-client actor -> assistant_message,
  ``web_v2`` (a person in the web UI) -> user_statement, ``document_ingestion`` ->
  extraction, ``wiki_projector`` -> summary. Basic Memory does not record whether
  a local write through its tools or API came from the user or the assistant.
- relations whose type names a derivation (``derived_from``, ``summarizes``,
  ``summary_of``, ``inferred_from``, ``extracted_from``, ``based_on``, ``source``,
  ``merged_from``, ``reflects_on``) become edges from each observation of the note to
  each observation of the target note; other relations (``works_on``, ``relates_to``,
  ...) say nothing about where a fact came from and are listed on the memory.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import read_json, require_columns
from memaudit.adapters.support.lineage_refs import relation_for
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore, StoreBusy
from memaudit.fingerprint import normalize
from memaudit.ledger.columns import _text as column_text
from memaudit.model import Edge, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue
from memaudit.trust import DERIVED_TYPES

SIGNATURE = {"entity", "observation", "relation"}
DERIVATION = {
    "derived_from": Relation.DERIVED,
    "based_on": Relation.DERIVED,
    "source": Relation.DERIVED,
    "sourced_from": Relation.DERIVED,
    "summarizes": Relation.SUMMARIZES,
    "summary_of": Relation.SUMMARIZES,
    "inferred_from": Relation.INFERS,
    "extracted_from": Relation.EXTRACTS,
    "merged_from": Relation.MERGES,
    "merges": Relation.MERGES,
    "reflects_on": Relation.REFLECTS_ON,
}
CHANGE_SOURCE = {
    "mcp": SourceType.ASSISTANT_MESSAGE,
    "agent_runtime": SourceType.ASSISTANT_MESSAGE,
    "web_v2": SourceType.USER_STATEMENT,
    "document_ingestion": SourceType.EXTRACTION,
    "wiki_projector": SourceType.SUMMARY,
}
AGENT_ACTORS = {"agent", "mcp_client"}
# A note's front matter ``type:`` (``entity.note_type``; ``write_note --type``) that says
# how its content was produced. Any other type (``note``, ``guide``, ...) says nothing.
NOTE_TYPES = {
    "inference": SourceType.INFERENCE,
    "summary": SourceType.SUMMARY,
    "reflection": SourceType.REFLECTION,
    "extraction": SourceType.EXTRACTION,
}

# Settings in config.json that decide what gets written or kept (never secrets).
CONFIG_KEYS = (
    "index_changes",
    "write_note_overwrite_default",
    "ensure_frontmatter_on_sync",
    "update_permalinks_on_move",
    "semantic_vector_index",
    "semantic_embedding_provider",
    "semantic_embedding_model",
    "default_project",
)
MISSING = [
    "observation timestamps (only the note's created/updated times)",
    "confidence",
    "validation or review",
    "access count and last access",
]
TEXT_TABLES: dict[str, tuple[list[str], list[str]]] = {
    # table: (columns holding a note's permalink, text columns)
    "entity": (["permalink"], ["title", "entity_metadata"]),
    "observation": ([], ["content", "context"]),
    "relation": ([], ["to_name", "context"]),
    "note_content": ([], ["markdown_content"]),
    "note_section": ([], ["heading", "heading_path"]),
    "memory_time_index": ([], ["source_text"]),
    "accepted_project_note_change": (["permalink"], ["title"]),
}


def _is_index(path: Path) -> bool:
    if not path.is_file() or not sp.looks_like_sqlite(path):
        return False
    with closing(sp.connect_ro(path)) as conn:
        return sp.table_names(conn) >= SIGNATURE


def _find_db(folder: Path) -> Path | None:
    for candidate in (
        folder / "memory.db",
        folder / "config" / "memory.db",
        folder / ".basic-memory" / "memory.db",
    ):
        if _is_index(candidate):
            return candidate
    return None


def _is_notes_folder(folder: Path) -> bool:
    """Markdown with Basic Memory's front matter (a permalink line) near the top."""
    try:
        for n, md in enumerate(confined.walk_files(folder, lambda p: p.suffix == ".md")):
            if n > 50:
                break
            head = confined.head(md, 2000).decode("utf-8", errors="replace")
            if head.startswith("---") and "\npermalink:" in head:
                return True
    except confined.Unsafe:  # too big or too deep to be a notes folder
        return False
    return False


def _default_db() -> Path | None:
    env = os.environ.get("BASIC_MEMORY_CONFIG_DIR")
    base = Path(env) if env else Path.home() / ".basic-memory"
    db = base / "memory.db"
    return db if _is_index(db) else None


def _texts(row: sqlite3.Row) -> dict[str, Any]:
    return {k: column_text(v) if isinstance(v, bytes) else v for k, v in dict(row).items()}


def short_hash(*parts: str) -> str:
    return hashlib.blake2b(
        "\x1f".join(normalize(p) for p in parts).encode(), digest_size=4
    ).hexdigest()


class BasicMemoryStore(ListStore):
    adapter_name = "basic_memory"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})

    def __init__(
        self,
        location: str,
        db: Path,
        *,
        notes: Path | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(location, clock=clock)
        self.db = db
        self.config_file = db.parent / "config.json"
        self._notes_hint = notes
        self.project_dirs: dict[int, Path] = {}

    # -- reading ------------------------------------------------------------------

    def _config(self) -> dict[str, Any]:
        # there but not read: said on stderr, and no setting from it (never a default)
        return read_json(self.config_file).data or {}

    def _resolve_projects(self, conn: sqlite3.Connection) -> None:
        """Each project's notes folder: the one given, the recorded path, or a folder
        near the database that holds the notes' files (a copied store keeps absolute
        paths of the machine that wrote it)."""
        projects = {}
        if "project" in sp.table_names(conn):
            projects = {pid: path for pid, path in conn.execute("SELECT id, path FROM project")}
        for pid, recorded in projects.items():
            sample = [  # only text is a path: a blob or number here names no file
                r[0]
                for r in conn.execute(
                    "SELECT file_path FROM entity WHERE project_id = ? LIMIT 20", (pid,)
                )
                if isinstance(r[0], str)
            ]
            # The given folder first; then folders beside the database's own folder
            # (a copied store, or ~/basic-memory next to ~/.basic-memory); then the
            # recorded path, which may be another machine's or the copy's original.
            candidates = [self._notes_hint] if self._notes_hint else []
            near = self.db.parent.parent
            candidates += [near / "notes"] + sorted(
                p for p in near.iterdir() if p.is_dir() and p != self.db.parent
            )
            if isinstance(recorded, str):
                candidates.append(Path(recorded))
            for folder in candidates:
                if (
                    folder
                    and folder.is_dir()
                    and (not sample or any((folder / f).is_file() for f in sample))
                ):
                    self.project_dirs[pid] = folder
                    break

    def _load(self) -> list[Memory]:
        with closing(sp.connect_ro(self.db)) as conn:
            conn.row_factory = sqlite3.Row
            self._resolve_projects(conn)
            # No column of these tables holds a blob: one there is read as its text
            notes = {r["id"]: _texts(r) for r in conn.execute("SELECT * FROM entity")}
            obs_rows = [_texts(r) for r in conn.execute("SELECT * FROM observation ORDER BY id")]
            rel_rows = [_texts(r) for r in conn.execute("SELECT * FROM relation ORDER BY id")]
            writer = self._writers(conn)
        what = f"{self.db} (Basic Memory index)"
        require_columns(list(notes.values()), "entity", {"id", "title", "file_path"}, what)
        require_columns(obs_rows, "observation", {"id", "entity_id", "category", "content"}, what)
        require_columns(
            rel_rows, "relation", {"from_id", "to_id", "relation_type", "to_name"}, what
        )
        by_note: dict[int, list[Memory]] = {}
        out: list[Memory] = []
        relations_of: dict[int, list[str]] = {}
        for rel in rel_rows:
            if rel["relation_type"] not in DERIVATION:
                relations_of.setdefault(rel["from_id"], []).append(
                    f"{rel['relation_type']} → {rel['to_name']}"
                )
        for row in obs_rows:
            note = notes.get(row["entity_id"])
            if note is None:  # content in the index the audit cannot place: said
                confined.note_skipped(
                    f"{self.db}: observation {row['id']} (its note {row['entity_id']} is not in the index)"
                )
                continue
            memory = self._memory(row, note, writer.get(row["entity_id"]), relations_of)
            by_note.setdefault(note["id"], []).append(memory)
            out.append(memory)
        edges: list[Edge] = []
        for rel in rel_rows:
            relation = DERIVATION.get(rel["relation_type"])
            if relation is None:
                continue
            # A target note Basic Memory could not resolve (``to_id`` NULL) is still a
            # named source: the edge points at the wiki link as written, and `trace`
            # shows it as a missing source.
            targets = (
                [m.id for m in by_note.get(rel["to_id"], [])]
                if rel["to_id"] is not None
                else [f"[[{rel['to_name']}]]"]
            )
            for child in by_note.get(rel["from_id"], []):
                child.derived = True
                how = relation_for(child.source_type, relation)
                edges.extend(Edge(child.id, parent, how) for parent in targets)
        self._edges = edges
        return out

    def _writers(self, conn: sqlite3.Connection) -> dict[int, dict[str, Any]]:
        """The latest change-journal row per note (who or what wrote it last)."""
        if "accepted_project_note_change" not in sp.table_names(conn):
            return {}
        cols = set(sp.columns(conn, "accepted_project_note_change"))
        want = [c for c in ("source", "actor_kind", "actor_name", "operation") if c in cols]
        if "source" not in want:
            return {}
        out: dict[int, dict[str, Any]] = {}
        sql = f"SELECT entity_id, {', '.join(want)} FROM accepted_project_note_change ORDER BY id"
        for row in conn.execute(sql):
            out[row["entity_id"]] = dict(row)
        return out

    def _memory(
        self,
        row: dict[str, Any],
        note: dict[str, Any],
        writer: dict[str, Any] | None,
        relations_of: dict[int, list[str]],
    ) -> Memory:
        source = SourceType.EXTERNAL_DOCUMENT
        missing = []
        created_by = note.get("created_by")
        if writer:
            if writer.get("actor_kind") in AGENT_ACTORS:
                source = SourceType.ASSISTANT_MESSAGE
            else:
                source = CHANGE_SOURCE.get(str(writer.get("source")), source)
            created_by = writer.get("actor_name") or created_by or f"via {writer.get('source')}"
        note_type = str(note.get("note_type") or "").strip().lower()
        if note_type in NOTE_TYPES:
            source = NOTE_TYPES[note_type]
        if source is SourceType.EXTERNAL_DOCUMENT:
            missing.append(
                "author: whether the user or the assistant wrote the note (its tools and "
                "API do not record it)"
            )
        try:
            parsed = storejson.loads(row.get("tags") or "[]")
        except ValueError:
            parsed = []
        # basic-memory 0.24.1 stores JSON null for an observation without tags.
        tags = [str(t) for t in parsed] if isinstance(parsed, list) else []
        fm_status = str(note.get("frontmatter_status") or "").lower()
        status = Status(fm_status) if fm_status in {s.value for s in Status} else Status.ACTIVE
        permalink = note.get("permalink") or note["file_path"]
        dup = row.get("duplicate_index") or 0
        mid = f"{permalink}#{short_hash(row['category'], row['content'])}" + (
            f"-{dup}" if dup else ""
        )
        extra: dict[str, Any] = {
            "category": row["category"],
            "note": note["title"],
            "observation_row": row["id"],
        }
        if row.get("context"):
            extra["context"] = row["context"]
        if relations_of.get(note["id"]):
            extra["note relations"] = "; ".join(relations_of[note["id"]])
        if writer:
            extra["last change"] = f"{writer.get('operation')} via {writer.get('source')}"
        if note_type:
            extra["note type"] = note_type
        return Memory(
            id=mid,
            content=row["content"],
            source_type=source,
            status=status,
            tags=tags,
            source_ref=note["file_path"],
            scope=permalink,
            derived=source in DERIVED_TYPES,
            created_at=store_time(note.get("created_at")),
            updated_at=store_time(note.get("updated_at")),
            created_by=created_by,
            extra=extra,
            missing=missing,
        )

    def provider_config(self) -> dict[str, Any]:
        data = self._config()
        return {
            key: {"value": data[key], "source": str(self.config_file)}
            for key in CONFIG_KEYS
            if key in data
        }

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        self.all()
        out: list[Layer] = [
            Layer(
                "markdown files",
                "side-files",
                "the notes themselves: "
                + ", ".join(str(p) for p in self.project_dirs.values())
                + (" (project folder not found)" if not self.project_dirs else ""),
                self._probe_markdown,
                checked=bool(self.project_dirs),
                why_unchecked=""
                if self.project_dirs
                else "the project's notes folder was not found",
            )
        ]
        with closing(sp.connect_ro(self.db)) as conn:
            tables = sp.table_names(conn)
            fts = sp.fts5_tables(conn)
            vector_tables = sorted(t for t in tables if t.startswith("search_vector"))
            content_tables = {
                f"{t}_content": [c for c in sp.columns(conn, f"{t}_content") if c != "id"]
                for t in fts
                if f"{t}_content" in tables
            }
            vector_cols = {t: sp.columns(conn, t) for t in vector_tables}
        for table, (id_cols, text_cols) in TEXT_TABLES.items():
            if table in tables:
                out.append(self._rows_layer(table, id_cols, text_cols))
        for table, cols in content_tables.items():
            out.append(self._rows_layer(table, [], cols, kind="fts"))
        out += [sp.fts5_layer(f"fts {t}", self.db, t) for t in fts]
        for table, cols in vector_cols.items():
            text_cols = [c for c in cols if "text" in c or "content" in c]
            out.append(self._rows_layer(table, [], text_cols, kind="vectors"))
        out.append(sp.raw_bytes_layer("memory.db bytes", [self.db]))
        log = self.db.parent / "basic-memory.log"
        if log.is_file():
            out.append(
                sp.raw_bytes_layer(
                    "basic-memory.log", [log], description="Basic Memory's own log file"
                )
            )
        return out

    def _rows_layer(
        self, table: str, id_cols: list[str], text_cols: list[str], kind: str = "rows"
    ) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            # Ids are memaudit ids (permalink#hash): rows are found by the note's permalink.
            wanted = replace(needle, ids=sorted({i.split("#", 1)[0] for i in needle.ids}))
            with closing(sp.connect_ro(self.db)) as conn:
                return sp.probe_columns(
                    conn, table, table, wanted, id_columns=id_cols, text_columns=text_cols
                )

        return Layer(table, kind, f"{self.db.name}: {table}", probe)

    def _probe_markdown(self, needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        texts = sp.needle_texts(needle)
        permalinks = {i.split("#", 1)[0] for i in needle.ids}
        for folder in self.project_dirs.values():
            for md in sorted(confined.walk_files(folder, lambda p: p.suffix == ".md")):
                try:
                    text = confined.read_text(md, root=folder, errors="replace")
                except (OSError, confined.Unsafe):
                    continue
                for t in texts:
                    how = sp.text_match(t, text)
                    if not how:
                        # An observation line holds the text with its #tags: look per line.
                        how = next(
                            (h for line in text.splitlines() if (h := sp.text_match(t, line))),
                            None,
                        )
                    if how:
                        out.append(Residue("markdown files", str(md), how))
                        break
                if permalinks and any(f"permalink: {p}" in text for p in permalinks):
                    out.append(Residue("markdown files", str(md), "id"))
        return out


class BasicMemoryAdapter(Adapter):
    name = "basic_memory"
    description = "Basic Memory (basic-memory): markdown notes + memory.db index (read-only)"
    capabilities = BasicMemoryStore.capabilities
    tested_against = (
        "stores written by basic-memory 0.24.1 (tests/fixtures/providers/basic_memory; "
        "no vector tables: that Python could not load sqlite-vec)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if path.is_file():
                return 0.9 if _is_index(path) else 0.0
            if path.is_dir():
                if _find_db(path):
                    return 0.9
                if _is_notes_folder(path) and _default_db():
                    return 0.7
            return 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> BasicMemoryStore:
        path = Path(location)
        notes = Path(options["notes"]) if options.get("notes") else None
        db: Path | None
        if options.get("index"):
            db = Path(options["index"])
        elif path.is_file():
            db = path
        else:
            db = _find_db(path)
            if db is None and _is_notes_folder(path):
                db, notes = _default_db(), notes or path
        if db is None or not _is_index(db):
            raise NotAStore(
                f"{location}: no Basic Memory index (memory.db with entity, observation and "
                "relation tables) found"
            )
        try:
            store = BasicMemoryStore(location, db, notes=notes, clock=options.get("clock"))
            store.all()
            return store
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(f"{location}: the store is being written ({exc})") from None
            raise NotAStore(f"{location}: cannot read as a Basic Memory store ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read as a Basic Memory store ({exc})") from None
