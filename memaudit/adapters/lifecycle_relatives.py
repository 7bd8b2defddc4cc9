"""The two stores the lifecycle article's store descends from (PROVIDERS.md), read-only.

- ``always_on``: Google's "always-on memory agent" sample (``agent.py``):
  ``memories(id INTEGER, source, raw_text, summary, entities, topics, connections,
  importance 0-1, created_at, consolidated)`` + ``consolidations(id, source_ids JSON,
  summary, insight, created_at)`` + ``processed_files(path, processed_at)``.
- ``consolidating``: the system that extends it, ``memory.db`` with TEXT (uuid) ids:
  ``memories(id, summary, entities, topics, importance, source, timestamp,
  consolidated)`` + ``consolidations(id, memory_ids JSON, connections, insights,
  timestamp)`` + ``processed_files(path, ..., memory_ids JSON)`` + ``metadata``.

Mapping (docs/adapters-byterover.md): a memory row is the model's summary of an input
(``summary``, T4; ``raw_text`` kept in ``extra`` where the schema has it); a
consolidation is a derived memory (id ``consolidation:<id>``, the insight as content,
source type inference) whose parents are the listed memory ids — lineage. Ids listed
by a consolidation that no longer exist are reported on it. Nothing records who said
the input; ``source`` is a file name or empty.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, ClassVar

from memaudit import storejson
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore, StoreBusy
from memaudit.model import Edge, Memory, Relation, SourceType
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

PREFIX = "consolidation:"
MISSING = [
    "who said the input (source is a file name or empty)",
    "the model that summarised it",
    "validation or review",
    "access count and last access",
]


def _json_list(value: Any) -> list[Any]:
    try:
        data = storejson.loads(value) if isinstance(value, str) else value
    except ValueError:
        return []
    return data if isinstance(data, list) else []


def _has(conn: sqlite3.Connection, table: str, cols: set[str]) -> bool:
    return table in sp.table_names(conn) and cols <= set(sp.columns(conn, table))


class RelativeStore(ListStore):
    """Shared reading for both schemas; subclasses name their columns."""

    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})
    never_records = MISSING
    importance_scale = 1.0  # the store's importance runs 0-1
    time_col: ClassVar[str]
    ids_col: ClassVar[str]  # consolidations' JSON list of memory ids
    insight_col: ClassVar[str]
    summary_col: ClassVar[str | None]  # consolidations' own summary, when it has one
    memory_text_cols: ClassVar[list[str]]
    consolidation_text_cols: ClassVar[list[str]]

    def __init__(self, location: str, db: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.db = db

    def _conn(self) -> sqlite3.Connection:
        conn = sp.connect_ro(self.db)
        conn.row_factory = sqlite3.Row
        return conn

    def file_of(self, conn: sqlite3.Connection) -> dict[str, str]:
        return {}

    def _load(self) -> list[Memory]:
        with closing(self._conn()) as conn:
            rows = [dict(r) for r in conn.execute("SELECT * FROM memories ORDER BY rowid")]
            cons = [dict(r) for r in conn.execute("SELECT * FROM consolidations ORDER BY rowid")]
            files = self.file_of(conn)
        out = [self._memory(r, files) for r in rows]
        present = {m.id for m in out}
        edges: list[Edge] = []
        for c in cons:
            cid = f"{PREFIX}{c['id']}"
            parents = [str(i) for i in _json_list(c[self.ids_col])]
            gone = [p for p in parents if p not in present]
            at = store_time(c[self.time_col])
            # A consolidated memory that no longer exists stays a parent: `trace` shows it
            # as a missing source, never the consolidation as its own evidence.
            edges += [Edge(cid, p, Relation.INFERS, at) for p in parents]
            extra: dict[str, Any] = {"consolidates": parents}
            if gone:
                extra["consolidates memories that no longer exist"] = gone
            if "connections" in c:
                extra["connections"] = c["connections"]
            out.append(
                Memory(
                    id=cid,
                    content=str(c[self.insight_col] or ""),
                    summary=c.get(self.summary_col) if self.summary_col else None,
                    source_type=SourceType.INFERENCE,
                    source_ref=f"consolidations.id={c['id']}",
                    derived=True,
                    created_at=at,
                    extra=extra,
                    missing=["the model that consolidated it"],
                )
            )
        self._edges = edges
        return out

    def _memory(self, row: dict[str, Any], files: dict[str, str]) -> Memory:
        mid = str(row["id"])
        source = str(row.get("source") or "")
        extra: dict[str, Any] = {
            "entities": _json_list(row.get("entities")),
            "consolidated": bool(row.get("consolidated")),
        }
        if "raw_text" in row:
            extra["raw_text"] = row["raw_text"]
        if _json_list(row.get("connections")):
            extra["connections"] = row["connections"]
        if files.get(mid):
            extra["ingested from file"] = files[mid]
        return Memory(
            id=mid,
            content=str(row["summary"] or ""),
            # The stored text is the model's summary of the input, never the input.
            source_type=SourceType.SUMMARY,
            tags=[str(t) for t in _json_list(row.get("topics"))],
            source_ref=source or files.get(mid) or None,
            importance=row.get("importance"),
            derived=True,
            created_at=store_time(row.get(self.time_col)),
            extra=extra,
            missing=list(MISSING),
        )

    # -- layers ---------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        with closing(self._conn()) as conn:
            tables = sp.table_names(conn)
            pf_cols = (
                set(sp.columns(conn, "processed_files")) if "processed_files" in tables else set()
            )
        out = [
            self._rows("memories", ["id"], self.memory_text_cols, list_cols=["connections"]),
            self._rows(
                "consolidations", ["id"], self.consolidation_text_cols, list_cols=[self.ids_col]
            ),
        ]
        if pf_cols:
            list_cols = ["memory_ids"] if "memory_ids" in pf_cols else []
            out.append(self._rows("processed_files", [], ["path"], list_cols=list_cols))
        if "metadata" in tables:
            out.append(self._rows("metadata", [], ["key", "value"]))
        out.append(sp.raw_bytes_layer(f"{self.db.name} bytes", [self.db]))
        return out

    def _rows(
        self,
        table: str,
        id_cols: list[str],
        text_cols: list[str],
        *,
        list_cols: list[str] | None = None,
    ) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            # Consolidation ids carry memaudit's prefix; the store writes the bare id.
            wanted = Needle([i.removeprefix(PREFIX) for i in needle.ids], needle.content)
            with closing(sp.connect_ro(self.db)) as conn:
                out = sp.probe_columns(
                    conn, table, table, wanted, id_columns=id_cols, text_columns=text_cols
                )
                ids = set(wanted.ids)
                for col in (list_cols or []) if ids else []:
                    q = sp.quote_ident
                    for key, value in conn.execute(f"SELECT rowid, {q(col)} FROM {q(table)}"):
                        listed = {
                            str(x.get("linked_to")) if isinstance(x, dict) else str(x)
                            for x in _json_list(value)
                        }
                        if listed & ids:
                            out.append(
                                Residue(table, f"{table}.{col} [rowid={key}]", "id", "listed")
                            )
            return out

        return Layer(table, "rows", f"{self.db.name}: {table}", probe)


class AlwaysOnStore(RelativeStore):
    adapter_name = "always_on"
    time_col = "created_at"
    ids_col = "source_ids"
    insight_col = "insight"
    summary_col = "summary"
    memory_text_cols: ClassVar[list[str]] = ["raw_text", "summary", "entities", "topics", "source"]
    consolidation_text_cols: ClassVar[list[str]] = ["summary", "insight"]


class ConsolidatingStore(RelativeStore):
    adapter_name = "consolidating"
    time_col = "timestamp"
    ids_col = "memory_ids"
    insight_col = "insights"
    summary_col = None
    memory_text_cols: ClassVar[list[str]] = ["summary", "entities", "topics", "source"]
    consolidation_text_cols: ClassVar[list[str]] = ["connections", "insights"]

    def file_of(self, conn: sqlite3.Connection) -> dict[str, str]:
        """memory id -> the file it was ingested from (``processed_files.memory_ids``)."""
        if not _has(conn, "processed_files", {"path", "memory_ids"}):
            return {}
        out: dict[str, str] = {}
        for path, ids in conn.execute("SELECT path, memory_ids FROM processed_files"):
            for mid in _json_list(ids):
                out[str(mid)] = str(path)
        return out


ALWAYS_ON = (
    {
        "id",
        "raw_text",
        "summary",
        "entities",
        "topics",
        "connections",
        "importance",
        "created_at",
        "consolidated",
    },
    {"source_ids", "summary", "insight", "created_at"},
)
CONSOLIDATING = (
    {"id", "summary", "entities", "topics", "importance", "source", "timestamp", "consolidated"},
    {"memory_ids", "connections", "insights", "timestamp"},
)


def _matches(path: Path, signature: tuple[set[str], set[str]]) -> bool:
    if not path.is_file() or not sp.looks_like_sqlite(path):
        return False
    with closing(sp.connect_ro(path)) as conn:
        if "memaudit_meta" in sp.table_names(conn):
            return False
        return _has(conn, "memories", signature[0]) and _has(conn, "consolidations", signature[1])


class _RelativeAdapter(Adapter):
    store: ClassVar[type[RelativeStore]]
    signature: ClassVar[tuple[set[str], set[str]]]
    capabilities = RelativeStore.capabilities

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            return 0.9 if _matches(Path(location), cls.signature) else 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> RelativeStore:
        path = Path(location)
        try:
            if not _matches(path, cls.signature):
                raise NotAStore(
                    f"{location}: not a {cls.name} store (memories and consolidations "
                    f"tables with {', '.join(sorted(cls.signature[1]))})"
                )
            store = cls.store(location, path, clock=options.get("clock"))
            store.all()
            return store
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(f"{location}: the store is being written ({exc})") from None
            raise NotAStore(f"{location}: cannot read ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read ({exc})") from None


class AlwaysOnAdapter(_RelativeAdapter):
    name = "always_on"
    description = (
        "the always-on memory agent's memory.db (memories with raw_text + "
        "consolidations(source_ids)) — read-only"
    )
    store = AlwaysOnStore
    signature = ALWAYS_ON
    tested_against = (
        "stores built by a script issuing agent.py's own CREATE TABLE, INSERT, UPDATE and "
        "DELETE statements (GoogleCloudPlatform/generative-ai, always-on-memory-agent); "
        "not written by the agent itself (it needs google-adk and a Gemini model)"
    )


class ConsolidatingAdapter(_RelativeAdapter):
    name = "consolidating"
    description = (
        "memory.db of the system extending the always-on agent (TEXT ids, "
        "consolidations(memory_ids), processed_files, metadata) — read-only"
    )
    store = ConsolidatingStore
    signature = CONSOLIDATING
    tested_against = (
        "stores built by a script issuing its storage class's own INSERT/UPDATE/DELETE "
        "statements; its CREATE TABLEs reconstructed from those columns (schema.py not "
        "found) — not written by the system itself"
    )
