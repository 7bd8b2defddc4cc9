"""mem0 (``mem0ai``) OSS: ``history.db`` plus a Qdrant local-mode collection.

A mem0 folder (``MEM0_DIR``, ``~/.mem0`` by default) holds ``history.db``:
``history(id, memory_id, old_memory, new_memory, event ADD|UPDATE|DELETE, created_at,
updated_at, is_deleted, actor_id, role)`` and ``messages`` (written only on the
LLM path, ``infer=True``, and not linked to memories). The memories themselves live
in the vector store; with Qdrant's local mode (mem0's default, ``path=/tmp/qdrant``)
each collection is ``collection/<name>/storage.sqlite`` with ``points(id, point)``:
the id is base64 of a pickled id and the point a pickled ``PointStruct`` whose
payload holds ``data`` (the text), ``hash``, ``created_at``, ``updated_at``, ``role``,
``actor_id``, ``user_id``/``agent_id``/``run_id``, ``expiration_date`` and caller
metadata. Pickles are read with ``safepickle`` (never the standard loader).

Mapping (see docs/adapters.md):
- a memory = a live Qdrant point; its history rows are its events (the version
  chain ``trace`` and ``show`` print); ``version`` = number of ADD/UPDATE rows.
- source type from ``role``: ``user`` -> user_statement (``infer=False`` stores the
  user's own words), ``assistant`` -> assistant_message, ``tool`` -> tool_observation;
  no role -> inference: mem0's LLM path (``infer=True``) writes facts a model
  paraphrased from the conversation and records no role, so they are model output
  (T5), not deterministic extraction. ``memory_type=procedural_memory`` -> summary.
- scope = ``user:<id>/agent:<id>/run:<id>``; created_by = ``actor_id`` or the role.
- a deleted memory is no longer a memory, but its text stays in ``history``
  (the ADD row and the DELETE row's ``old_memory``): the ``history`` layer.
"""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from memaudit import confined
from memaudit.adapters.support import id_columns
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import as_number
from memaudit.adapters.support.lineage_refs import kind_of, named_parents, relation_for
from memaudit.adapters.support.listing import ListStore, filter_events
from memaudit.adapters.support.safepickle import Refused, restricted_load
from memaudit.clock import Clock, store_time, to_iso
from memaudit.errors import NotAStore, StoreBusy
from memaudit.model import Edge, Event, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue
from memaudit.trust import DERIVED_TYPES

HISTORY_COLUMNS = {"id", "memory_id", "old_memory", "new_memory", "event", "is_deleted"}
# What the history layer already probes for ids (the catch-all layer skips it).
MAPPED_ID_COLUMNS = {"history": {"memory_id"}}
ROLE_SOURCE = {
    "user": SourceType.USER_STATEMENT,
    "assistant": SourceType.ASSISTANT_MESSAGE,
    "tool": SourceType.TOOL_OBSERVATION,
}


# Payload keys mem0 itself writes; anything else is caller metadata (shown as extra).
OWN_KEYS = {
    "data",
    "hash",
    "created_at",
    "updated_at",
    "text_lemmatized",
    "role",
    "actor_id",
    "user_id",
    "agent_id",
    "run_id",
    "expiration_date",
    "memory_type",
    "attributed_to",
}
MISSING = [
    "derivation (mem0 records none; only a caller's own metadata, e.g. derived_from)",
    "source message (the conversation a memory came from is not linked to it)",
    "validation or review",
    "confidence (only a caller's own metadata.confidence)",
    "access count and last access",
]


def _has_history(path: Path) -> bool:
    if not sp.looks_like_sqlite(path):
        return False
    with closing(sp.connect_ro(path)) as conn:
        if "history" not in sp.table_names(conn):
            return False
        return set(sp.columns(conn, "history")) >= HISTORY_COLUMNS


def _is_points_db(path: Path) -> bool:
    if not sp.looks_like_sqlite(path):
        return False
    with closing(sp.connect_ro(path)) as conn:
        return "points" in sp.table_names(conn) and {"id", "point"} <= set(
            sp.columns(conn, "points")
        )


def _collections(qdrant: Path) -> list[Path]:
    """``storage.sqlite`` of each collection under a Qdrant local-mode path."""
    base = qdrant / "collection"
    if not base.is_dir():
        return []
    return sorted(p for p in base.glob("*/storage.sqlite") if p.is_file())


def _find_qdrant(folder: Path) -> Path | None:
    for candidate in (folder / "qdrant", folder):
        if _collections(candidate):
            return candidate
    return None


class Mem0Store(ListStore):
    adapter_name = "mem0"
    never_records = MISSING
    capabilities = frozenset(
        {Capability.READ, Capability.LINEAGE, Capability.HISTORY, Capability.LAYERS}
    )

    def __init__(
        self,
        location: str,
        *,
        history: Path | None,
        qdrant: Path | None,
        collection: str | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(location, clock=clock)
        self.history_db = history
        self.qdrant = qdrant
        found = _collections(qdrant) if qdrant else []
        if collection:
            found = [p for p in found if p.parent.name == collection]
        self.collection_files = found
        self._history_rows: list[dict[str, Any]] | None = None

    # -- reading ------------------------------------------------------------------

    def history_rows(self) -> list[dict[str, Any]]:
        if self._history_rows is None:
            rows: list[dict[str, Any]] = []
            if self.history_db:
                with closing(sp.connect_ro(self.history_db)) as conn:
                    conn.row_factory = sqlite3.Row
                    cols = set(sp.columns(conn, "history"))
                    pick = [
                        c
                        for c in (
                            "id",
                            "memory_id",
                            "old_memory",
                            "new_memory",
                            "event",
                            "created_at",
                            "updated_at",
                            "is_deleted",
                            "actor_id",
                            "role",
                        )
                        if c in cols
                    ]
                    sql = f"SELECT rowid AS seq, {', '.join(pick)} FROM history ORDER BY rowid"
                    rows = [dict(r) for r in conn.execute(sql)]
            self._history_rows = rows
        return self._history_rows

    def points(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """(collection, point dict) for every point that unpickles under the allow-list."""
        for db in self.collection_files:
            with closing(sp.connect_ro(db)) as conn:
                for raw_id, blob in conn.execute("SELECT id, point FROM points"):
                    try:
                        point = restricted_load(bytes(blob))
                    except Refused as exc:  # skipped, said once (raw bytes still probed)
                        confined.note_skipped(f"a point in {db}: {exc}")
                        continue
                    except Exception:  # noqa: BLE001 - any broken pickle: skipped, said
                        point = None
                    if not isinstance(point, dict):  # raw bytes still probed; said once
                        confined.note_skipped(f"a point in {db}: not a readable Qdrant point")
                        continue
                    if point.get("id") is None:
                        point["id"] = _decode_id(raw_id)
                    yield db.parent.name, point

    def _load(self) -> list[Memory]:
        versions: dict[str, int] = {}
        for row in self.history_rows():
            if row.get("event") in ("ADD", "UPDATE"):
                mid = str(row.get("memory_id"))
                versions[mid] = versions.get(mid, 0) + 1
        today = to_iso(self.now())[:10]
        out = []
        self._parents: dict[str, list[tuple[str, Relation]]] = {}
        for collection, point in self.points():
            payload = point.get("payload") or {}
            if not isinstance(payload, dict):
                payload = {}
            out.append(self._memory(collection, point, payload, versions, today))
        self._edges = [
            Edge(m.id, parent, relation_for(m.source_type, relation), m.created_at)
            for m in out
            for parent, relation in self._parents.get(m.id, [])
        ]
        return out

    def _memory(
        self,
        collection: str,
        point: dict[str, Any],
        payload: dict[str, Any],
        versions: dict[str, int],
        today: str,
    ) -> Memory:
        mid = str(point.get("id"))
        role = payload.get("role")
        missing: list[str] = []
        kind = kind_of(payload)  # caller metadata: add(metadata={"kind": "summary"})
        if payload.get("memory_type") == "procedural_memory":
            source = SourceType.SUMMARY
        elif kind is not None:
            source = kind[0]
        elif role:
            source = ROLE_SOURCE.get(str(role), SourceType.UNKNOWN)
        else:
            source = SourceType.INFERENCE
            missing.append("role: who said it (an LLM-extracted fact; mem0 records no role)")
        scope = "/".join(
            f"{k.split('_')[0]}:{payload[k]}"
            for k in ("user_id", "agent_id", "run_id")
            if payload.get(k)
        )
        expires = payload.get("expiration_date")
        status = Status.ACTIVE
        if expires and str(expires)[:10] < today:
            status = Status.EXPIRED  # mem0 hides it from search and get_all
        extra: dict[str, Any] = {"collection": collection}
        if payload.get("hash"):
            extra["hash"] = payload["hash"]
        if payload.get("attributed_to"):
            extra["attributed_to"] = payload["attributed_to"]
        for key, value in payload.items():
            if key not in OWN_KEYS:
                extra[f"metadata.{key}"] = value
        if kind is not None:
            extra["source_type_from"] = kind[1].replace("value.", "metadata.")
        # Parents a caller recorded in its metadata (``derived_from``, ``summary_of``, ...).
        self._parents[mid] = named_parents(payload)
        return Memory(
            importance=as_number(payload.get("importance")),
            confidence=as_number(payload.get("confidence")),
            id=mid,
            content=str(payload.get("data") or ""),
            source_type=source,
            status=status,
            scope=scope or None,
            derived=source in DERIVED_TYPES or bool(self._parents[mid]),
            created_at=store_time(payload.get("created_at")),
            updated_at=store_time(payload.get("updated_at")),
            expires_at=store_time(expires) if expires else None,
            created_by=payload.get("actor_id") or (str(role) if role else None),
            version=max(1, versions.get(mid, 1)),
            extra=extra,
            missing=missing,
        )

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kwargs: Any
    ) -> list[Event]:
        live = {m.id for m in self.all()}
        version: dict[str, int] = {}
        out = []
        for row in self.history_rows():
            mid = str(row.get("memory_id"))
            action = str(row.get("event") or "?")
            if action in ("ADD", "UPDATE"):
                version[mid] = version.get(mid, 0) + 1
            at = row.get("created_at") if action == "ADD" else row.get("updated_at")
            detail: dict[str, Any] = {
                "history_id": row.get("id"),
                "version": version.get(mid, 0),
                "role": row.get("role"),
                "is_deleted": bool(row.get("is_deleted")),
            }
            reason = None
            # Past versions of a live memory are shown; a deleted memory's text never is.
            if mid in live and action == "UPDATE" and row.get("old_memory"):
                reason = f"was: {row['old_memory']}"
            elif mid not in live:
                detail["text_withheld"] = "the memory is deleted; its text is residue"
            out.append(
                Event(
                    id=row.get("seq"),
                    at=store_time(at),
                    actor=row.get("actor_id") or row.get("role"),
                    action=action.lower(),
                    memory_id=mid,
                    reason=reason,
                    detail=detail,
                )
            )
        return filter_events(out, memory_id=memory_id, limit=limit, **kwargs)

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        out: list[Layer] = []
        if self.history_db:
            h = self.history_db
            out.append(
                sp.column_layer(
                    "history",
                    h,
                    "history",
                    id_columns=["memory_id"],
                    text_columns=["old_memory", "new_memory"],
                    key_column="id",
                    kind="history",
                    description="history.db: history (ADD/UPDATE/DELETE rows keep old and new text, also after delete)",
                )
            )
            out.append(
                sp.column_layer(
                    "messages",
                    h,
                    "messages",
                    text_columns=["content"],
                    key_column="id",
                    kind="transcripts",
                    description="history.db: messages (conversation turns saved by infer=True adds)",
                )
            )
            out.append(
                id_columns.every_column_layer(
                    "history.db other columns", h, covered=MAPPED_ID_COLUMNS
                )
            )
            out.append(sp.raw_bytes_layer("history.db bytes", [h]))
        if self.qdrant:
            out.append(
                Layer(
                    "qdrant points",
                    "vectors",
                    "Qdrant local mode: points of "
                    + ", ".join(p.parent.name for p in self.collection_files)
                    + " (payload text and ids, read with a restricted unpickler)",
                    self._probe_points,
                )
            )
            out.append(
                sp.raw_bytes_layer(
                    "qdrant storage bytes",
                    self.collection_files,
                    description="raw bytes of each collection's storage.sqlite (+ WAL/journal)",
                )
            )
            side = [p for p in (self.qdrant / "meta.json",) if p.is_file()]
            if side:
                out.append(
                    sp.raw_bytes_layer(
                        "qdrant side files", side, description="Qdrant's meta.json (config only)"
                    )
                )
        return out

    def _probe_points(self, needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        ids = set(needle.ids)
        texts = sp.needle_texts(needle)
        for collection, point in self.points():
            pid = str(point.get("id"))
            where = f"collection/{collection}/storage.sqlite points [{pid}]"
            if pid in ids:
                out.append(Residue("qdrant points", where, "id"))
            payload = point.get("payload") or {}
            for key, value in payload.items() if isinstance(payload, dict) else []:
                if not isinstance(value, str):
                    continue
                for t in texts:
                    how = sp.text_match(t, value)
                    if how:
                        out.append(Residue("qdrant points", f"{where} payload.{key}", how))
                        break
        return out


def _decode_id(raw: str) -> str | None:
    try:
        value = restricted_load(base64.b64decode(raw))
    except Exception:  # refused or not base64
        return None
    return None if value is None else str(value)


class Mem0Adapter(Adapter):
    name = "mem0"
    description = "mem0 OSS (mem0ai): history.db + Qdrant local-mode collections (read-only)"
    capabilities = Mem0Store.capabilities
    tested_against = (
        "stores written by mem0ai 2.2.1 with qdrant-client 1.20.0 (tests/fixtures/providers/mem0)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if path.is_dir():
                has_history = (path / "history.db").is_file() and _has_history(path / "history.db")
                qdrant = _find_qdrant(path)
                has_points = qdrant is not None and any(
                    _is_points_db(p) for p in _collections(qdrant)
                )
                if has_history and has_points:
                    return 0.95
                if has_history:
                    return 0.85
                return 0.6 if has_points else 0.0
            if path.is_file():
                if _has_history(path):
                    return 0.85
                if _is_points_db(path) and path.parent.parent.name == "collection":
                    return 0.6
            return 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> Mem0Store:
        path = Path(location)
        history: Path | None = None
        qdrant: Path | None = None
        if path.is_dir():
            history = path / "history.db" if (path / "history.db").is_file() else None
            qdrant = _find_qdrant(path)
        elif _is_points_db(path):
            qdrant = path.parent.parent.parent  # <qdrant>/collection/<name>/storage.sqlite
            sibling = qdrant.parent / "history.db"
            history = sibling if sibling.is_file() else None
        else:
            history = path
            qdrant = _find_qdrant(path.parent)
        if options.get("qdrant"):
            qdrant = Path(options["qdrant"])
        try:
            if history is not None and not _has_history(history):
                raise NotAStore(f"{history}: not a mem0 history.db (no history table)")
            if history is None and qdrant is None:
                raise NotAStore(f"{location}: no mem0 history.db and no Qdrant collection found")
            store = Mem0Store(
                location,
                history=history,
                qdrant=qdrant,
                collection=options.get("collection"),
                clock=options.get("clock"),
            )
            store.all()  # read once now, so a locked or corrupt store fails here
            return store
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreBusy(f"{location}: the store is being written ({exc})") from None
            raise NotAStore(f"{location}: cannot read as a mem0 store ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise NotAStore(f"{location}: cannot read as a mem0 store ({exc})") from None
