"""OpenMemory (mem0's local MCP server, ``openmemory/api``; sunset in 2026).

A store is ``openmemory.db`` (SQLAlchemy models of ``app/models.py``): ``memories(id,
user_id, app_id, content, vector, metadata, state active|paused|archived|deleted,
created_at, updated_at, archived_at, deleted_at)``, ``memory_status_history(memory_id,
changed_by, old_state, new_state, changed_at)``, ``memory_access_logs(memory_id, app_id,
accessed_at, access_type, metadata)``, ``apps``, ``users``, ``categories`` /
``memory_categories``, ``access_controls``, ``archive_policies`` and ``configs`` (the
settings page's JSON: LLM, embedder, vector store, custom instructions). Ids are UUIDs
stored as 32 hex digits. The text also goes to mem0: a vector store collection
(``openmemory``; Qdrant local mode is read here, a Qdrant server is not) and mem0's own
``history.db`` (``MEM0_DIR``, read when it sits beside ``openmemory.db``).

Mapping (docs/adapters.md):
- a memory = a ``memories`` row whose state is not ``deleted``; ``paused`` and
  ``archived`` map to archived (hidden from the agent's search and list) with the state
  kept in ``extra``; a ``deleted`` row is a soft delete whose full text stays: residue,
  never a memory.
- source type: ``add_memories(infer=False)`` stores the client's text verbatim and
  ``infer=True`` stores facts mem0's LLM rewrote; OpenMemory records neither which nor
  who spoke, so every memory is ``unknown`` (flagged).
- history: ``memory_status_history`` rows are the events (state changes, by user).
- ``created_by`` = the app (MCP client) that wrote it; scope = ``user:<user_id>``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.mem0 import Mem0Store, _collections, _find_qdrant, _has_history
from memaudit.adapters.support import id_columns
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import open_ro, sqlite_tables
from memaudit.adapters.support.listing import ListStore, filter_events
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore, StoreBusy
from memaudit.model import Event, Memory, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

DB_NAME = "openmemory.db"
SIGNATURE = {"memories", "memory_status_history", "memory_access_logs", "apps"}
STATES = {"active": Status.ACTIVE, "paused": Status.ARCHIVED, "archived": Status.ARCHIVED}
MISSING = [
    "author (OpenMemory does not record whether the text was the user's, the "
    "assistant's or mem0's LLM rewrite)",
    "source message (the conversation a memory came from is not kept)",
    "derivation (no record of what a memory was built from)",
    "validation or review",
]
# Settings of OpenMemory's `configs` row that decide what is written (questions).
CONFIG_KEYS = ("mem0.llm.provider", "mem0.embedder.provider", "mem0.vector_store.provider")


def uuid_forms(memory_id: str) -> list[str]:
    """How OpenMemory and mem0 spell one id: 32 hex (SQLite) and dashed (API, Qdrant)."""
    raw = memory_id.replace("-", "").lower()
    if len(raw) != 32:
        return [memory_id]
    dashed = f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}"
    return list(dict.fromkeys([memory_id, raw, dashed]))


def _dashed(value: Any) -> str:
    return uuid_forms(str(value))[-1]


def _is_openmemory(path: Path) -> bool:
    return sqlite_tables(path) >= SIGNATURE


class OpenMemoryStore(ListStore):
    adapter_name = "openmemory"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.HISTORY, Capability.LAYERS})

    def __init__(
        self,
        location: str,
        db: Path,
        *,
        qdrant: Path | None = None,
        history: Path | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(location, clock=clock)
        self.db = db
        # mem0's side (vector points, history.db) is read by the mem0 adapter's code.
        self.mem0 = (
            Mem0Store(location, history=history, qdrant=qdrant, collection="openmemory")
            if qdrant or history
            else None
        )
        self.qdrant = qdrant
        self._rows: dict[str, list[dict[str, Any]]] = {}

    def rows(self, table: str) -> list[dict[str, Any]]:
        if table not in self._rows:
            with closing(open_ro(self.db)) as conn:
                present = sp.table_names(conn)
                self._rows[table] = (
                    [dict(r) for r in conn.execute(f"SELECT * FROM {sp._q(table)}")]
                    if table in present
                    else []
                )
        return self._rows[table]

    def _load(self) -> list[Memory]:
        apps = {str(a.get("id")): a.get("name") for a in self.rows("apps")}
        users = {str(u.get("id")): u.get("user_id") for u in self.rows("users")}
        names = {str(c.get("id")): c.get("name") for c in self.rows("categories")}
        tags: dict[str, list[str]] = {}
        for link in self.rows("memory_categories"):
            name = names.get(str(link.get("category_id")))
            if name:
                tags.setdefault(str(link.get("memory_id")), []).append(str(name))
        accesses: dict[str, list[str]] = {}
        for log in self.rows("memory_access_logs"):
            accesses.setdefault(str(log.get("memory_id")), []).append(
                str(log.get("accessed_at") or "")
            )
        out = []
        for row in self.rows("memories"):
            state = str(row.get("state") or "")
            if state == "deleted":
                continue  # a soft delete: its text is residue, not a memory
            raw_id = str(row.get("id"))
            seen = sorted(a for a in accesses.get(raw_id, []) if a)
            extra: dict[str, Any] = {
                "state": state,
                "app": apps.get(str(row.get("app_id"))),
            }
            if row.get("archived_at"):
                extra["archived_at"] = store_time(row.get("archived_at"))
            meta = _json(row.get("metadata"))
            if meta:
                extra["metadata"] = meta
            user = users.get(str(row.get("user_id")))
            out.append(
                Memory(
                    id=_dashed(raw_id),
                    content=str(row.get("content") or ""),
                    source_type=SourceType.UNKNOWN,
                    status=STATES.get(state, Status.ACTIVE),
                    tags=sorted(tags.get(raw_id, [])),
                    scope=f"user:{user}" if user else None,
                    created_at=store_time(row.get("created_at")),
                    updated_at=store_time(row.get("updated_at")),
                    last_accessed=store_time(seen[-1]) if seen else None,
                    access_count=len(seen),
                    created_by=apps.get(str(row.get("app_id"))),
                    extra=extra,
                )
            )
        return out

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kwargs: Any
    ) -> list[Event]:
        users = {str(u.get("id")): u.get("user_id") for u in self.rows("users")}
        rows = sorted(self.rows("memory_status_history"), key=lambda r: str(r.get("changed_at")))
        out = [
            Event(
                id=_dashed(r.get("id")),
                at=store_time(r.get("changed_at")),
                actor=users.get(str(r.get("changed_by"))),
                action=str(r.get("new_state") or "?"),
                memory_id=_dashed(r.get("memory_id")),
                detail={"old_state": r.get("old_state"), "new_state": r.get("new_state")},
            )
            for r in rows
        ]
        return filter_events(out, memory_id=memory_id, limit=limit, **kwargs)

    def provider_config(self) -> dict[str, Any]:
        rows = [r for r in self.rows("configs") if r.get("key") == "main"]
        source = f"{self.db} (configs.main)"
        if not rows:
            return {}
        value = rows[0].get("value")
        try:
            data = value if isinstance(value, dict) else storejson.mapping(value)
        except ValueError as exc:  # there but not read: said, and no setting from it
            confined.note_skipped(f"{source}: {exc}; its settings were not read")
            return {}
        out: dict[str, Any] = {}
        for key in CONFIG_KEYS:
            node: Any = data
            for part in key.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if node is not None:
                out[f"openmemory.{key}"] = {"value": node, "source": source}
        custom = (data.get("openmemory") or {}) if isinstance(data, dict) else {}
        if isinstance(custom, dict) and custom.get("custom_instructions"):
            out["openmemory.custom_instructions"] = {"value": "set", "source": source}
        return out

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        db = self.db
        with closing(open_ro(db)) as conn:
            present = sp.table_names(conn)

        def rows(
            name: str, table: str, ids: list[str], texts: list[str], what: str
        ) -> tuple[str, Layer]:
            layer = sp.column_layer(
                name,
                db,
                table,
                id_columns=ids,
                text_columns=texts,
                key_column="id",
                kind="history" if table != "memories" else "rows",
                description=f"{DB_NAME}: {what}",
            )
            layer.probe = _every_id_form(layer.probe)
            return table, layer

        tabled = [
            rows(
                "memories",
                "memories",
                ["id"],
                ["content", "vector", "metadata"],
                "memories (every state; a deleted row keeps its full text)",
            ),
            rows(
                "status history",
                "memory_status_history",
                ["memory_id"],
                [],
                "memory_status_history (state changes by memory id, kept after delete)",
            ),
            rows(
                "access logs",
                "memory_access_logs",
                ["memory_id"],
                ["metadata"],
                "memory_access_logs (every search/list/delete by memory id; search "
                "metadata keeps the query text)",
            ),
            rows(
                "categories",
                "memory_categories",
                ["memory_id"],
                [],
                "memory_categories (category links by memory id, kept after delete)",
            ),
        ]
        out = [layer for table, layer in tabled if table in present]
        out.append(
            id_columns.every_column_layer(
                "other columns",
                db,
                covered={
                    "memories": {"id"},
                    "memory_status_history": {"memory_id"},
                    "memory_access_logs": {"memory_id"},
                    "memory_categories": {"memory_id"},
                },
                id_forms=uuid_forms,
            )
        )
        out.append(sp.raw_bytes_layer("openmemory.db bytes", [db], id_forms=uuid_forms))
        if self.mem0 is not None:
            for layer in self.mem0.layers():
                layer.name = f"mem0 {layer.name}"
                layer.probe = _every_id_form(layer.probe, rename=layer.name)
                out.append(layer)
        if self.qdrant is None:
            out.append(
                Layer(
                    "vector store",
                    "vectors",
                    "mem0's vector store (collection 'openmemory')",
                    lambda needle: [],
                    checked=False,
                    why_unchecked="no Qdrant local-mode folder beside openmemory.db: "
                    "OpenMemory's default is a Qdrant server (QDRANT_HOST), which memaudit "
                    "does not query; pass --qdrant PATH for a local-mode collection",
                )
            )
        return out


def _every_id_form(
    probe: Callable[[Needle], list[Residue]], *, rename: str | None = None
) -> Callable[[Needle], list[Residue]]:
    """Probe with every spelling of each id (32 hex in SQLite, dashed in mem0); a mem0
    layer's residue is reported under its name here."""

    def run(needle: Needle) -> list[Residue]:
        ids = [form for i in needle.ids for form in uuid_forms(i)]
        found = probe(replace(needle, ids=ids))
        for residue in found:
            residue.layer = rename or residue.layer
        return found

    return run


def _json(value: Any) -> Any:
    if isinstance(value, dict | list):
        return value
    if not isinstance(value, str | bytes) or not value:
        return {}
    try:
        data = storejson.loads(value)
    except (ValueError, RecursionError):
        return {}
    return data


def _find_db(path: Path) -> Path | None:
    if path.is_file():
        return path if _is_openmemory(path) else None
    for candidate in (path / DB_NAME, path / "api" / DB_NAME):
        if candidate.is_file() and _is_openmemory(candidate):
            return candidate
    return None


class OpenMemoryAdapter(Adapter):
    name = "openmemory"
    description = (
        "OpenMemory (mem0's MCP server): openmemory.db + mem0's Qdrant local collection "
        "and history.db when beside it (read-only)"
    )
    capabilities = OpenMemoryStore.capabilities
    tested_against = (
        "stores written by OpenMemory's own API and MCP tools (mem0 repository, "
        "openmemory/api at 540d23d6, the last commit before its removal) with mem0ai "
        "2.2.1 and qdrant-client 1.20.0 (tests/fixtures/providers/openmemory)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            db = _find_db(Path(location))
            # above mem0 (0.95): an OpenMemory folder also holds mem0's history and vectors
            return 0.97 if db is not None else 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> OpenMemoryStore:
        path = Path(location)
        db = _find_db(path)
        if db is None:
            raise NotAStore(f"{location}: no OpenMemory database ({DB_NAME} with memories, apps)")
        folder = db.parent
        qdrant = Path(options["qdrant"]) if options.get("qdrant") else _find_qdrant(folder)
        if qdrant is not None and not any(
            p.parent.name == "openmemory" for p in _collections(qdrant)
        ):
            qdrant = None
        history = folder / "history.db"
        try:
            store = OpenMemoryStore(
                location,
                db,
                qdrant=qdrant,
                history=history if history.is_file() and _has_history(history) else None,
                clock=options.get("clock"),
            )
            store.all()
            return store
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(f"{location}: the store is being written ({exc})") from None
            raise NotAStore(f"{location}: cannot read as an OpenMemory store ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read as an OpenMemory store ({exc})") from None
