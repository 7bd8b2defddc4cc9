"""LangGraph ``SqliteStore`` (``langgraph-checkpoint-sqlite``): a long-term memory store.

Tables: ``store(prefix, key, value, created_at, updated_at, expires_at, ttl_minutes)``
— ``prefix`` is the namespace tuple joined with ``.``, ``value`` the item as JSON
bytes — and, with an index, ``store_vectors(prefix, key, field_name, embedding, ...)``
(float32 BLOBs). Its ``ON DELETE CASCADE`` never fires because SQLite's
``foreign_keys`` is off, so a deleted item's embedding stays: the ``store_vectors``
layer. ``put`` upserts in place: no history of any kind.

Mapping (see docs/adapters.md):
- id = ``<prefix>/<key>``; scope = the namespace (prefix);
- content = the value's ``text`` field (else ``content``, ``memory``, ``data``,
  ``fact``), else the whole JSON value;
- source type: the store has no source column; an application's ``role`` or
  ``source`` field in the value (``user`` / ``assistant`` / ``tool``) is used when
  present and said so; otherwise ``unknown`` (flagged, T5);
- status ``expired`` once ``expires_at`` has passed (LangGraph's TTL sweeper deletes
  such items later), else ``active``.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from memaudit import storejson
from memaudit.adapters.support import id_columns
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import as_number
from memaudit.adapters.support.lineage_refs import kind_of, named_parents, relation_for
from memaudit.adapters.support.listing import ListStore
from memaudit.clock import Clock, store_time, to_iso
from memaudit.errors import NotAStore, StoreBusy
from memaudit.model import Edge, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue
from memaudit.trust import DERIVED_TYPES

CONTENT_KEYS = ("text", "content", "memory", "data", "fact")
SOURCE_WORDS = {
    "user": SourceType.USER_STATEMENT,
    "human": SourceType.USER_STATEMENT,
    "assistant": SourceType.ASSISTANT_MESSAGE,
    "ai": SourceType.ASSISTANT_MESSAGE,
    "tool": SourceType.TOOL_OBSERVATION,
}
MISSING = [
    "history (put overwrites an item in place; earlier values are not kept)",
    "source (no source or role column; only what the application put in the value)",
    "derivation column (only what the application put in the value: derived_from, "
    "summary_of, source_ids)",
    "validation or review",
    "access count and last access",
]


def _is_store_db(path: Path) -> bool:
    if not path.is_file() or not sp.looks_like_sqlite(path):
        return False
    with closing(sp.connect_ro(path)) as conn:
        if "store" not in sp.table_names(conn):
            return False
        return {"prefix", "key", "value"} <= set(sp.columns(conn, "store"))


def _candidates(folder: Path) -> list[Path]:
    files = [p for p in sorted(folder.iterdir()) if p.suffix in {".db", ".sqlite", ".sqlite3"}]
    return [p for p in files if _is_store_db(p)]


def decode_value(value: Any) -> Any:
    """The JSON value of an item (bytes or text); the raw text when it is not JSON."""
    text = value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value
    try:
        return storejson.loads(text)
    except (TypeError, ValueError):
        return text


def value_text(value: Any) -> str:
    """Every string inside a JSON value, one per line (what a content probe reads)."""
    out: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(value)
    return "\n".join(out)


def _id_forms(memory_id: str) -> list[str]:
    """On disk an item is its prefix and key in separate columns: look for the key."""
    prefix, _, key = memory_id.rpartition("/")
    return [memory_id, key] if prefix else [memory_id]


class LangGraphStore(ListStore):
    adapter_name = "langgraph"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})

    def __init__(self, location: str, db: Path, *, clock: Clock | None = None) -> None:
        super().__init__(location, clock=clock)
        self.db = db

    def _load(self) -> list[Memory]:
        now = to_iso(self.now())
        out = []
        self._parents: dict[str, list[tuple[str, Relation]]] = {}
        with closing(sp.connect_ro(self.db)) as conn:
            conn.row_factory = sqlite3.Row
            cols = set(sp.columns(conn, "store"))
            pick = [
                c for c in ("created_at", "updated_at", "expires_at", "ttl_minutes") if c in cols
            ]
            sql = "SELECT prefix, key, value" + "".join(f", {c}" for c in pick) + " FROM store"
            for row in conn.execute(sql):
                out.append(self._memory(dict(row), now))
        self._edges = [
            Edge(m.id, parent, relation_for(m.source_type, relation), m.created_at)
            for m in out
            for parent, relation in self._parents.get(m.id, [])
        ]
        return out

    def _memory(self, row: dict[str, Any], now: str) -> Memory:
        value = decode_value(row["value"])
        content: str | None = None
        extra: dict[str, Any] = {"namespace": row["prefix"], "key": row["key"]}
        if isinstance(value, dict):
            for key in CONTENT_KEYS:
                if isinstance(value.get(key), str):
                    content = value[key]
                    extra["content_field"] = key
                    break
            for key, item in value.items():
                if key != extra.get("content_field"):
                    extra[f"value.{key}"] = item
        if content is None:
            content = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        source = SourceType.UNKNOWN
        missing: list[str] = []
        if isinstance(value, dict):
            for key in ("role", "source"):
                word = value.get(key)
                if isinstance(word, str) and word.lower() in SOURCE_WORDS:
                    source = SOURCE_WORDS[word.lower()]
                    extra["source_type_from"] = f"value.{key} (an application field)"
                    break
        memory_id = f"{row['prefix']}/{row['key']}"
        # Parents an application recorded in the value (``derived_from``, ``summary_of``,
        # ...): a bare key is one of the same namespace, a reference with a ``/`` a full id.
        parents = [
            (ref if "/" in ref else f"{row['prefix']}/{ref}", relation)
            for ref, relation in (named_parents(value) if isinstance(value, dict) else [])
        ]
        self._parents[memory_id] = parents
        kind = kind_of(value)
        if kind is not None:
            source, extra["source_type_from"] = kind
        elif parents and source in (SourceType.ASSISTANT_MESSAGE, SourceType.UNKNOWN):
            source = SourceType.INFERENCE  # the value says it was built from others
            extra["source_type_from"] = "value.derived_from (an application field)"
        if source is SourceType.UNKNOWN:
            missing.append("source: the item's value names no role or source")
        expires = store_time(row.get("expires_at"))
        if row.get("ttl_minutes") is not None:
            extra["ttl_minutes"] = row["ttl_minutes"]
        numbers = value if isinstance(value, dict) else {}
        return Memory(
            id=memory_id,
            content=content,
            source_type=source,
            status=Status.EXPIRED if expires and expires < now else Status.ACTIVE,
            scope=row["prefix"],
            importance=as_number(numbers.get("importance")),
            confidence=as_number(numbers.get("confidence")),
            derived=source in DERIVED_TYPES or bool(parents),
            created_at=store_time(row.get("created_at")),
            updated_at=store_time(row.get("updated_at")),
            expires_at=expires,
            extra=extra,
            missing=missing,
        )

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        out = [
            Layer(
                "store",
                "rows",
                f"{self.db.name}: store (items: namespace, key, JSON value)",
                self._probe_store,
            ),
            Layer(
                "store_vectors",
                "vectors",
                f"{self.db.name}: store_vectors (embeddings; a deleted item's row stays, "
                "foreign keys are off)",
                self._probe_vectors,
            ),
        ]
        with closing(sp.connect_ro(self.db)) as conn:
            tables = sp.table_names(conn)
            fts = sp.fts5_tables(conn)
        # A SqliteSaver sharing the file keeps whole conversations in its checkpoints.
        for table, text_cols in (
            ("checkpoints", ["checkpoint", "metadata"]),
            ("writes", ["value"]),
        ):
            if table in tables:
                out.append(
                    sp.column_layer(
                        f"checkpoint {table}",
                        self.db,
                        table,
                        text_columns=text_cols,
                        description=f"{self.db.name}: {table} (LangGraph checkpointer state)",
                    )
                )
        out += [sp.fts5_layer(f"fts {t}", self.db, t) for t in fts]
        out.append(
            id_columns.every_column_layer(
                "other columns",
                self.db,
                covered={"store": {"prefix", "key"}, "store_vectors": {"prefix", "key"}},
                id_forms=_id_forms,
            )
        )
        out.append(sp.raw_bytes_layer("store.db bytes", [self.db], id_forms=_id_forms))
        return out

    def _probe_store(self, needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        ids = set(needle.ids)
        texts = sp.needle_texts(needle)
        with closing(sp.connect_ro(self.db)) as conn:
            for prefix, key, value in conn.execute("SELECT prefix, key, value FROM store"):
                mid = f"{prefix}/{key}"
                if mid in ids:
                    out.append(Residue("store", f"store [{mid}]", "id"))
                text = value_text(decode_value(value))
                for t in texts:
                    how = sp.text_match(t, text)
                    if how:
                        out.append(Residue("store", f"store.value [{mid}]", how))
                        break
        return out

    def _probe_vectors(self, needle: Needle) -> list[Residue]:
        """A live item's vector by id; a vector whose store row is gone is an *orphan*
        keyed by the item's id (an embedding cannot be read back into text): residue
        for ``verify ID`` with that id, "it might be it" for a text search."""
        out: list[Residue] = []
        ids = set(needle.ids)
        with closing(sp.connect_ro(self.db)) as conn:
            if "store_vectors" not in sp.table_names(conn):
                return out
            rows = conn.execute(
                "SELECT v.prefix, v.key, v.field_name, s.key IS NULL FROM store_vectors v "
                "LEFT JOIN store s ON s.prefix = v.prefix AND s.key = v.key"
            ).fetchall()
        for prefix, key, field_name, orphan in rows:
            mid = f"{prefix}/{key}"
            where = f"store_vectors [{mid}, field {field_name}]"
            if orphan:
                out.append(
                    Residue(
                        "store_vectors",
                        where,
                        "orphan vector",
                        "embedding of a deleted item (its store row is gone); which text it "
                        "encodes cannot be read back",
                        orphan=mid,
                    )
                )
            elif mid in ids:
                out.append(Residue("store_vectors", where, "id"))
        return out


class LangGraphAdapter(Adapter):
    name = "langgraph"
    description = "LangGraph SqliteStore (langgraph-checkpoint-sqlite): store + store_vectors"
    capabilities = LangGraphStore.capabilities
    tested_against = (
        "stores written by langgraph-checkpoint-sqlite 3.1.2 (tests/fixtures/providers/langgraph)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if path.is_dir():
                return 0.7 if len(_candidates(path)) == 1 else 0.0
            if _is_store_db(path):
                with closing(sp.connect_ro(path)) as conn:
                    tables = sp.table_names(conn)
                return 0.9 if "store_migrations" in tables else 0.6
            return 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> LangGraphStore:
        path = Path(location)
        if path.is_dir():
            found = _candidates(path)
            if len(found) != 1:
                names = ", ".join(p.name for p in found) or "none"
                raise NotAStore(
                    f"{location}: expected one LangGraph store file in the folder, found {names}"
                )
            path = found[0]
        try:
            if not _is_store_db(path):
                raise NotAStore(f"{location}: not a LangGraph SqliteStore (no store table)")
            store = LangGraphStore(location, path, clock=options.get("clock"))
            store.all()
            return store
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(f"{location}: the store is being written ({exc})") from None
            raise NotAStore(f"{location}: cannot read as a LangGraph store ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read as a LangGraph store ({exc})") from None
