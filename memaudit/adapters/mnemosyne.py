"""Mnemosyne (``mnemosyne-memory``, a Hermes memory plugin): its SQLite database.

Memories are the rows of ``working_memory`` (what was remembered) and
``episodic_memory`` (what ``sleep()`` consolidated; ``summary_of`` lists the working
ids each summary was built from, which memaudit shows as lineage). A working row's
parents are what its ``metadata_json`` names: ``derived_from`` / ``summary_of`` (what a
caller records with ``remember(metadata=...)``) and ``source_wm_ids`` (what Mnemosyne's
own model-refresh proposals record). Mnemosyne's ``source`` / ``veracity`` /
``trust_tier`` / author columns map onto memaudit's source types; ``superseded_by`` and
``valid_until`` onto status. Its many side tables (gists, facts,
consolidated facts, graph edges, annotations, FTS5 and sqlite-vec indexes, events)
are *layers*: copies that its own ``forget()`` leaves behind.

The ``vec0`` tables need the sqlite-vec extension, which most Pythons cannot load:
memaudit reads their ordinary shadow tables (``*_rowids``, ``*_chunks``,
``*_vector_chunks00``) instead, and reports a vector whose working or episodic row is
gone as an *orphan*.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.support import file_probe, id_columns, sqlite_probe, sqlite_vec
from memaudit.adapters.support.foreign import (
    as_int,
    open_ro,
    read_pending,
    read_yaml,
    settings,
    sqlite_tables,
)
from memaudit.adapters.support.lineage_refs import named_parents, relation_for
from memaudit.adapters.support.listing import filter_memories
from memaudit.clock import parse_time, store_time, system_clock
from memaudit.errors import MemauditError, NotAStore
from memaudit.ledger.columns import typed_memory
from memaudit.model import (
    Edge,
    Event,
    Memory,
    MemoryFilter,
    Relation,
    SourceType,
    Status,
    Validation,
)
from memaudit.store import Adapter, Capability, Layer, Needle, Residue, Store
from memaudit.trust import DERIVED_TYPES

# Mnemosyne's own recall weights per veracity label (veracity_consolidation.py).
VERACITY_WEIGHTS = {"stated": 1.0, "inferred": 0.7, "tool": 0.5, "imported": 0.6, "unknown": 0.8}
MARKER_TABLES = {"working_memory", "episodic_memory"}
# The table each sqlite-vec table mirrors, by rowid (beam.py: ``_wm_vec_upsert`` keys
# vec_working by the working_memory row's rowid, ``_vec_insert`` vec_episodes by the
# episodic_memory row's). vec_facts is created but 3.15.1 writes nothing to it: its base
# is not known, so vectors found there could not be told live or orphaned.
VEC_BASES = {
    "vec_working": ("working_memory", "rowid"),
    "vec_episodes": ("episodic_memory", "rowid"),
}
MISSING = [
    "a source reference (which message a memory came from)",
    "history of edits (update() overwrites content in place)",
]
# Sources that Mnemosyne's TRUST_TIER_MAP maps to 'STATED' on purpose; any other row
# holding 'STATED' holds it as Mnemosyne's fallback for a source it does not know.
STATED_SOURCES = {"conversation", "user", "cli"}


def source_type_of(
    source: Any, veracity: Any, author_type: Any, trust_tier: Any = None
) -> SourceType:
    """Mnemosyne's ``source`` (what wrote it), ``veracity``, ``trust_tier`` and author
    onto memaudit's source types. Its own TRUST_TIER_MAP treats an unknown source as
    'STATED'; memaudit does not: what cannot be told stays ``unknown`` (T5, flagged).
    ``veracity='inferred'`` is the store saying a model inferred the text, so an LLM
    ``extraction`` marked inferred is an inference, not deterministic extraction."""
    src = str(source or "").strip().lower()
    ver = str(veracity or "").strip().lower()
    author = str(author_type or "").strip().lower()
    tier = str(trust_tier or "").strip().upper()
    if src in ("sleep_consolidation", "consolidation") or "summary" in src:
        return SourceType.SUMMARY
    if src == "regex" or (src == "extraction" and ver != "inferred"):
        return SourceType.EXTRACTION
    if tier == "DERIVED" and ver == "inferred":
        return SourceType.INFERENCE
    # What wrote it (source, veracity) before who ran the instance (author_type): an
    # assistant's instance also records tool output.
    if src == "tool" or ver == "tool":
        return SourceType.TOOL_OBSERVATION
    if src == "assistant" or author == "assistant":
        return SourceType.INFERENCE if ver == "inferred" else SourceType.ASSISTANT_MESSAGE
    if "import" in src or src in ("mem0", "honcho_summary") or ver == "imported":
        return SourceType.EXTERNAL_DOCUMENT
    if tier == "IMPORTED":
        return SourceType.EXTERNAL_DOCUMENT
    if ver == "inferred":
        return SourceType.INFERENCE
    if src in ("user", "conversation", "cli") or author == "user":
        return SourceType.USER_STATEMENT
    return SourceType.UNKNOWN


def _ids(text: Any) -> list[str]:
    return [p.strip() for p in str(text or "").split(",") if p.strip()]


def metadata_of(raw: Any) -> dict[str, Any]:
    """``metadata_json`` as a dict ({} when absent or not a JSON object)."""
    try:
        data = storejson.loads(raw or "{}")
    except (ValueError, TypeError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


class MnemosyneStore(Store):
    adapter_name = "mnemosyne"
    never_records = MISSING
    importance_scale = 1.0  # the store's importance runs 0-1
    capabilities = frozenset(
        {Capability.READ, Capability.LINEAGE, Capability.HISTORY, Capability.LAYERS}
    )

    def __init__(self, db: Path, *, clock: Callable[[], datetime] | None = None) -> None:
        super().__init__(str(db), writable=False)
        self.db = db
        self.clock = clock or system_clock
        self.conn = open_ro(db)
        self.names = {
            r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        # In a Hermes install the db is HERMES_HOME/mnemosyne/data/mnemosyne.db and the
        # plugin stages writes in HERMES_HOME/pending/memory/.
        data = db.parent
        self.home = data.parent.parent if data.parent.name == "mnemosyne" else None

    def close(self) -> None:
        self.conn.close()

    # -- mapping -------------------------------------------------------------

    def _rows(self, table: str) -> list[sqlite3.Row]:
        if table not in self.names:
            return []
        return self.conn.execute(f"SELECT * FROM {table}").fetchall()

    def _memory(self, row: sqlite3.Row, table: str, now: datetime) -> Memory:
        d = dict(row)
        keys = set(d)
        status = Status.ACTIVE
        if d.get("superseded_by"):
            status = Status.SUPERSEDED
        elif d.get("valid_until"):
            try:
                if parse_time(str(d["valid_until"])) <= now:
                    status = Status.EXPIRED
            except MemauditError:
                pass
        tier = d.get("trust_tier")
        source = source_type_of(d.get("source"), d.get("veracity"), d.get("author_type"), tier)
        veracity = d.get("veracity")
        parents = [p for p, _ in named_parents(metadata_of(d.get("metadata_json")))]
        parents += _ids(d.get("summary_of"))
        missing = []
        src = str(d.get("source") or "").strip().lower()
        if str(tier or "").upper() == "STATED" and src not in STATED_SOURCES:
            missing.append(
                f"trust_tier evidence: 'STATED' is the column's default and Mnemosyne's "
                f"fallback, and source {src or 'empty'!r} is not one it states as STATED"
            )
        author = ":".join(str(d[k]) for k in ("author_type", "author_id") if d.get(k))
        extra = {
            "table": table,
            "mnemosyne source": d.get("source"),
            "veracity": veracity,
            "trust_tier (mnemosyne)": d.get("trust_tier"),
            "memory_type": d.get("memory_type"),
            "session": d.get("session_id"),
            "valid_until": d.get("valid_until"),
            "consolidated_at": d.get("consolidated_at"),
            "summary_of": d.get("summary_of") or None,
            "parents (metadata_json)": ", ".join(parents) if parents else None,
            "tier": d.get("tier") if "tier" in keys else None,
        }
        memory = Memory(
            id=str(d["id"]),
            content=d.get("content") or "",
            source_type=source,
            status=status,
            source_ref=d.get("channel_id") or d.get("session_id"),
            confidence=VERACITY_WEIGHTS.get(str(veracity or "unknown").lower()),
            importance=d.get("importance"),
            scope=d.get("scope"),
            validation=Validation.VALIDATED
            if d.get("validation_count")
            else Validation.UNVALIDATED,
            validated_by=d.get("validator"),
            validated_at=store_time(d.get("validated_at")),
            derived=table == "episodic_memory"
            or source in DERIVED_TYPES
            or str(tier or "").upper() == "DERIVED"
            or bool(parents),
            superseded_by=d.get("superseded_by"),
            created_at=store_time(d.get("timestamp")) or store_time(d.get("created_at")),
            last_accessed=store_time(d.get("last_recalled")),
            access_count=as_int(d.get("recall_count")),
            expires_at=store_time(d.get("valid_until"))
            if status is not Status.SUPERSEDED
            else None,
            pinned=bool(d.get("pinned")),
            created_by=author or None,
            extra={k: v for k, v in extra.items() if v not in (None, "")},
            missing=missing,
        )
        return typed_memory(memory)

    def _pending(self) -> list[Memory]:
        if self.home is None:
            return []
        records, problems = read_pending(self.home / "pending" / "memory", root=self.home)
        for problem in problems:
            confined.note_skipped(problem)
        out = []
        for rec in records:
            if rec.shape != "mnemosyne":
                continue  # Hermes-core records belong to the hermes adapter's queue
            p = rec.payload
            out.append(
                typed_memory(  # a pending record's JSON holds any type
                    Memory(
                        id=rec.id,
                        content=p.get("content") or "",
                        source_type=source_type_of(p.get("source"), p.get("veracity"), None),
                        status=Status.PENDING,
                        summary=rec.raw.get("summary"),
                        importance=p.get("importance"),
                        scope=p.get("scope"),
                        created_at=rec.created_at,
                        source_ref=str(rec.path.relative_to(self.home)),
                        extra={"tool": rec.action, "veracity": p.get("veracity")},
                    )
                )
            )
        return out

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        now = self.clock()
        table = "working_memory" if "working_memory" in self.names else "memories"
        mapped = [self._memory(r, table, now) for r in self._rows(table)]
        mapped += [self._memory(r, "episodic_memory", now) for r in self._rows("episodic_memory")]
        mapped += self._pending()
        return filter_memories(mapped, flt)

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        """``episodic_memory.summary_of`` and the parents each row's ``metadata_json``
        names. A parent that is not a memory of this store stays an edge: ``trace``
        shows it as a missing source with the reference the store recorded."""
        wanted = set(memory_ids) if memory_ids is not None else None
        found: dict[tuple[str, str], Edge] = {}
        table = "working_memory" if "working_memory" in self.names else "memories"
        for name in (table, "episodic_memory"):
            for row in self._rows(name):
                d = dict(row)
                child = str(d["id"])
                own = source_type_of(
                    d.get("source"), d.get("veracity"), d.get("author_type"), d.get("trust_tier")
                )
                named = named_parents(metadata_of(d.get("metadata_json")))
                named += [(p, Relation.SUMMARIZES) for p in _ids(d.get("summary_of"))]
                for parent, relation in named:
                    relation = relation_for(own, relation)
                    edge = Edge(child, parent, relation, store_time(d.get("timestamp")))
                    if wanted is None or child in wanted or parent in wanted:
                        found.setdefault((child, parent), edge)
        return list(found.values())

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kwargs: Any
    ) -> list[Event]:
        """``memory_events`` (payloads left out: a CREATE payload is the full text)."""
        if "memory_events" not in self.names:
            return []
        sql = "SELECT event_id, memory_id, operation, timestamp, device_id, parent_event_ids FROM memory_events"
        params: list[Any] = []
        if memory_id:
            sql += " WHERE memory_id = ?"
            params.append(memory_id)
        sql += " ORDER BY timestamp " + ("DESC" if kwargs.get("newest_first") else "ASC")
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [
            Event(
                id=r["event_id"],
                at=store_time(r["timestamp"]),
                actor=r["device_id"],
                action=str(r["operation"]).lower(),
                memory_id=r["memory_id"],
                detail={"parent_event_ids": r["parent_event_ids"]},
            )
            for r in self.conn.execute(sql, params)
        ]

    def provider_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        plugin = self.db.parent / "config.yaml"
        if plugin.is_file():
            out |= settings(read_yaml(plugin), [], plugin, prefix="mnemosyne")
        if self.home is not None:
            hermes = self.home / "config.yaml"
            out |= settings(
                read_yaml(hermes),
                ["memory"],
                hermes,
                {"write_approval": False, "provider": ""},
            )
        return out

    # -- layers --------------------------------------------------------------

    def layers(self) -> list[Layer]:
        db = self.db
        names = self.names

        def rows(
            name: str,
            table: str,
            ids: list[str],
            text: list[str],
            *,
            key_column: str = "rowid",
            kind: str = "rows",
            description: str = "",
        ) -> None:
            if table not in names:
                return
            cols = file_probe.present_columns(db, table, [*ids, *text])
            covered.setdefault(table, set()).update(c for c in ids if c in cols)
            out.append(
                Layer(
                    name,
                    kind,
                    description or f"{db.name}: {table}",
                    _rows_probe(
                        db,
                        name,
                        table,
                        [c for c in ids if c in cols],
                        [c for c in text if c in cols],
                        key_column,
                    ),
                )
            )

        out: list[Layer] = []
        covered: dict[str, set[str]] = {"consolidated_facts": {"sources_json"}}
        rows("working memory", "working_memory", ["id"], ["content"], key_column="id")
        rows("legacy memories", "memories", ["id"], ["content"], key_column="id")
        rows(
            "episodic summaries",
            "episodic_memory",
            ["id", "summary_of"],
            ["content"],
            key_column="id",
            kind="summaries",
            description="episodic_memory: sleep() summaries (content quotes the originals; "
            "summary_of names them)",
        )
        rows(
            "embeddings (json)",
            "memory_embeddings",
            ["memory_id"],
            [],
            key_column="memory_id",
            kind="vectors",
        )
        rows("gists", "gists", ["id", "memory_id"], ["text"], key_column="id", kind="summaries")
        rows(
            "facts",
            "facts",
            ["fact_id", "source_msg_id"],
            ["subject", "object"],
            key_column="fact_id",
            kind="graph",
        )
        if "consolidated_facts" in names:
            out.append(self._consolidated_layer())
        rows("graph edges", "graph_edges", ["source", "target"], [], key_column="id", kind="graph")
        rows("annotations", "annotations", ["memory_id"], ["value"], key_column="id")
        rows("triples", "triples", [], ["subject", "object"], key_column="id", kind="graph")
        rows("canonical facts", "canonical_facts", [], ["name", "body"], key_column="id")
        rows("scratchpad", "scratchpad", ["id"], ["content"], key_column="id")
        rows(
            "memory events",
            "memory_events",
            ["memory_id"],
            ["payload"],
            key_column="event_id",
            kind="history",
        )
        rows("validations", "memory_validations", ["memory_id"], ["new_content", "note"])
        rows("audit log", "audit_log", [], ["details", "payload", "content"], kind="history")
        rows("consolidation log", "consolidation_log", [], ["summary_preview"], kind="history")
        for table in ("memoria_facts", "memoria_kg", "memoria_preferences"):
            rows(table, table, [], ["content", "value", "object", "subject"])
        rows("fts_working copy", "fts_working_content", ["c0"], ["c1"], key_column="id", kind="fts")
        for fts in sorted(
            t[: -len("_data")] for t in names if t.startswith("fts_") and t.endswith("_data")
        ):
            out.append(sqlite_probe.fts5_layer(fts, db, fts))
        for vec in sqlite_vec.vec0_tables(self.conn):
            out.append(sqlite_vec.vec0_layer(vec, db, vec, base=VEC_BASES.get(vec)))
        # Every other column of every table, for an id (sync_memory_state, metadata_json, ...).
        out.append(id_columns.every_column_layer("other columns", db, covered=covered))
        out.append(sqlite_probe.raw_bytes_layer("raw bytes", [db]))
        if self.home is not None:
            folder = self.home / "pending" / "memory"
            out.append(
                file_probe.json_files_layer(
                    "pending records",
                    lambda: sorted(folder.glob("*.json")),
                    self.home,
                    description="HERMES_HOME/pending/memory/*.json staged writes",
                )
            )
        return out

    def _consolidated_layer(self) -> Layer:
        db = self.db

        def probe(needle: Needle) -> list[Residue]:
            conn = open_ro(db)
            try:
                out = sqlite_probe.probe_columns(
                    conn,
                    "consolidated facts",
                    "consolidated_facts",
                    needle,
                    text_columns=["subject", "object"],
                    key_column="id",
                )
                ids = set(needle.ids)
                for row in conn.execute("SELECT id, sources_json FROM consolidated_facts"):
                    try:
                        sources = storejson.loads(row[1] or "[]")
                    except ValueError:
                        sources = []
                    if isinstance(sources, list) and ids & {str(s) for s in sources}:
                        out.append(
                            Residue(
                                "consolidated facts",
                                f"consolidated_facts.sources_json [id={row[0]}]",
                                "id",
                            )
                        )
                return out
            finally:
                conn.close()

        return Layer(
            "consolidated facts",
            "graph",
            "consolidated_facts: merged subject/predicate/object facts; sources_json names "
            "the memories they came from",
            probe,
        )


def _rows_probe(
    db: Path, layer: str, table: str, id_cols: list[str], text_cols: list[str], key: str
) -> Callable[[Needle], list[Residue]]:
    """Content through ``sqlite_probe``; ids by *containment*, because Mnemosyne embeds
    memory ids in other keys (``gist_<id>``, ``fact_<id>_0``) and comma lists
    (``summary_of``)."""

    def probe(needle: Needle) -> list[Residue]:
        conn = open_ro(db)
        try:
            out = sqlite_probe.probe_columns(
                conn, layer, table, needle, text_columns=text_cols, key_column=key
            )
            ids = [i for i in needle.ids if len(i) >= 6]  # short ids match anything
            if ids and id_cols:
                q = sqlite_probe.quote_ident
                cols = ", ".join(q(c) for c in id_cols)
                for row in conn.execute(f"SELECT {q(key)}, {cols} FROM {q(table)}"):
                    for col, value in zip(id_cols, row[1:], strict=True):
                        if value is not None and any(i in str(value) for i in ids):
                            out.append(Residue(layer, f"{table}.{col} [{key}={row[0]}]", "id"))
                    if len(out) >= sqlite_probe.MAX_HITS:
                        break
            return out
        finally:
            conn.close()

    return probe


def _find_db(path: Path) -> Path | None:
    if path.is_file():
        return path
    for candidate in (
        path / "mnemosyne" / "data" / "mnemosyne.db",
        path / "data" / "mnemosyne.db",
        path / "mnemosyne.db",
    ):
        if candidate.is_file():
            return candidate
    return None


class MnemosyneAdapter(Adapter):
    name = "mnemosyne"
    description = (
        "Mnemosyne (mnemosyne-memory) SQLite database: working/episodic memory, "
        "facts, gists, FTS5 and sqlite-vec layers (read-only)"
    )
    capabilities = MnemosyneStore.capabilities
    tested_against = (
        "databases written by mnemosyne-memory 3.15.1 with sqlite-vec 0.1.9 "
        "(tests/fixtures/providers/mnemosyne)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if path.is_dir():
                # A HERMES_HOME or data folder whose only memory store is Mnemosyne's.
                db = _find_db(path)
                if db is None or (path / "memories" / "MEMORY.md").is_file():
                    return 0.0
                return 0.5 if sqlite_tables(db) >= MARKER_TABLES else 0.0
            names = sqlite_tables(path)
            if names >= MARKER_TABLES:
                return 0.95 if "gists" in names or "memory_events" in names else 0.8
            return 0.0
        except Exception:
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> MnemosyneStore:
        db = _find_db(Path(location).expanduser())
        if db is None:
            raise NotAStore(f"{location}: no mnemosyne.db here")
        store = MnemosyneStore(db, clock=options.get("clock"))
        if not MARKER_TABLES & store.names:
            store.close()
            raise NotAStore(f"{location}: no working_memory/episodic_memory tables")
        return store
