"""Honcho (server by Plastic Labs): peers' conclusions in PostgreSQL, read-only.

Honcho stores conversations (``messages``, per ``sessions`` of a ``workspace``) and what
its deriver and dreamer conclude about each peer: ``documents`` (the API's
"conclusions"), in ``collections`` per (observer, observed) pair. A document's ``level``
says how it was reached: ``explicit`` (restated from the observed peer's messages; the
message ids are in ``internal_metadata.message_ids``), ``deductive`` and ``inductive``
(from premise documents listed in ``source_ids``, whose text is copied into
``internal_metadata.premises``/``sources``) and ``contradiction`` (two conclusions that
conflict). Deleting a conclusion sets ``deleted_at`` (soft delete; a reconciler
hard-deletes later). Peer cards live in ``peers.internal_metadata`` and session summaries
in ``sessions.internal_metadata.summaries``; ``queue`` payloads carry message content.

Mapping (docs/adapters.md, with the reasons from Honcho's code): explicit → extraction
(T3, as Hindsight's ``world`` facts: Honcho's deriver LLM restates "facts about the target
peer that can be derived directly from their messages", and the target peer may be a
person or an agent; ``source_ref`` names the messages); explicit with no message ids
(written through the conclusions API, "manually created observations are always
explicit", or an agent tool) → unknown; deductive → inference, inductive → reflection,
contradiction → inference that marks its two conclusions ``contradicted_by``; edges from
each derived conclusion to its premises; ``times_derived`` is a reinforcement count (the
same text derived again), not a version; soft-deleted conclusions have status
``forgotten`` and are reported by verification as residue.

Tested on stores written by Honcho's own server (plastic-labs/honcho at ddbb90e3, v3.0.12:
its alembic migrations, API, deriver and dreamer tool executor; model calls replaced),
before and after its API deleted a conclusion (tests/fixtures/providers/honcho/NOTES.md).
On such a store, explicit conclusions hold JSON ``null`` in ``source_ids`` and derived ones
repeat their ``source_ids`` inside ``internal_metadata``.
"""

from __future__ import annotations

from typing import Any

from memaudit import storejson
from memaudit.adapters.postgres import pg, pg_files
from memaudit.clock import Clock, store_time
from memaudit.model import Edge, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

REQUIRED = {"id", "content", "level", "observer", "observed", "source_ids", "deleted_at"}
LEVEL_SOURCE = {
    "explicit": SourceType.EXTRACTION,  # without message ids: UNKNOWN (see _memory)
    "deductive": SourceType.INFERENCE,
    "inductive": SourceType.REFLECTION,
    "contradiction": SourceType.INFERENCE,
}
LEVEL_RELATION = {
    "deductive": Relation.INFERS,
    "inductive": Relation.REFLECTS_ON,
    "contradiction": Relation.DERIVED,
}
RESTATED = (
    "verbatim wording: Honcho's deriver restated this from the peer's messages (see source_ref)"
)
UNSOURCED = (
    "where it came from: no message ids (written through Honcho's conclusions API or an "
    "agent tool; the caller is not recorded)"
)
MISSING = [
    "whether the observed peer is a person or an agent (Honcho's deriver reads any peer)",
    "validation or review",
    "confidence (inductive conclusions carry a word, not a number)",
]
KNOWN_LAYERS: dict[str, tuple[str, str]] = {
    "messages": ("rows", "messages: the conversation itself (Honcho has no message delete)"),
    "message_embeddings": ("vectors", "message_embeddings: a copy of each message's text"),
    "queue": ("history", "queue: deriver tasks whose payloads carry message content"),
    "peers": ("profile", "peers.internal_metadata: peer cards (never touched by a delete)"),
    "sessions": ("summaries", "sessions.internal_metadata.summaries: session summaries"),
    "collections": ("rows", "collections: observer/observed pairs"),
    "session_peers": ("rows", "session_peers: who observes whom"),
}


def _schema(conn: Any) -> str | None:
    rows = conn.execute(
        "SELECT table_schema FROM information_schema.columns WHERE table_name = 'documents' "
        "GROUP BY table_schema HAVING array_agg(column_name::text) @> %s::text[] "
        "AND table_schema IN (SELECT table_schema FROM information_schema.tables "
        "WHERE table_name = 'messages') "
        "ORDER BY (table_schema = 'public') DESC, table_schema LIMIT 1",
        (sorted(REQUIRED),),
    ).fetchall()
    return rows[0][0] if rows else None


def _json(value: Any, kind: type[dict[str, Any]] | type[list[Any]]) -> Any:
    """A json/jsonb column (text where the driver could not parse it) as the ``kind``
    Honcho writes there; any other shape of a hostile row reads as empty."""
    if isinstance(value, str):
        try:
            value = storejson.loads(value)
        except ValueError:
            return kind()
    return value if isinstance(value, kind) else kind()


MAX_RANGE = 100_000  # ids one [start, end] range is read as, past it only known messages


def _message_ids(meta: dict[str, Any], known: dict[int, str]) -> list[int]:
    """``message_ids``: ids, or [start, end] ranges once deduplication merged sources.
    A range wider than ``MAX_RANGE`` (a hostile row's [0, 2**63]) gives the messages
    of the store inside it, not every number."""
    out: list[int] = []
    items = meta.get("message_ids")
    for item in items if isinstance(items, list) else []:
        if isinstance(item, int) and not isinstance(item, bool):
            out.append(item)
        elif isinstance(item, list) and len(item) == 2 and all(isinstance(i, int) for i in item):
            start, end = item
            if end - start < MAX_RANGE:
                out.extend(range(start, end + 1))
            else:
                out.extend(sorted(i for i in known if start <= i <= end))
    return out


class HonchoStore(pg.SchemaStore):
    adapter_name = "honcho"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})
    tables_label = "the Honcho tables"

    def __init__(self, url: str, conn: Any, schema: str, *, clock: Clock | None = None) -> None:
        super().__init__(url, conn, schema, clock=clock)
        self._edges: list[Edge] = []

    def _load(self) -> list[Memory]:
        public: dict[int, str] = {
            int(r["id"]): str(r["public_id"])
            for r in self._rows(f"SELECT id, public_id FROM {self._t('messages')}")
        }
        docs = self._rows(
            "SELECT id, content, level, times_derived, source_ids, internal_metadata, created_at, "
            f"observer, observed, workspace_name, session_name, deleted_at FROM {self._t('documents')}"
        )
        memories: dict[str, Memory] = {}
        edges: list[Edge] = []
        for r in docs:
            m = self._memory(r, public)
            memories[m.id] = m
            relation = LEVEL_RELATION.get(str(r.get("level")))
            for parent in _json(r.get("source_ids"), list):
                edges.append(Edge(m.id, str(parent), relation or Relation.DERIVED, m.created_at))
        for r in docs:
            if r.get("level") == "contradiction":
                for parent in _json(r.get("source_ids"), list):
                    target = memories.get(str(parent))
                    if target is not None and target.contradicted_by is None:
                        target.contradicted_by = str(r["id"])
        self._edges = edges
        return list(memories.values())

    def _memory(self, r: dict[str, Any], public: dict[int, str]) -> Memory:
        level = str(r.get("level") or "")
        meta = _json(r.get("internal_metadata"), dict)
        msg_ids = _message_ids(meta, public)
        ref = None
        if msg_ids:
            shown = ", ".join(public.get(i, f"#{i}") for i in msg_ids)
            ref = f"messages {shown}" + (
                f" (session {r['session_name']})" if r.get("session_name") else ""
            )
        extra: dict[str, Any] = {
            "level": level,
            "observer": r.get("observer"),
            "observed": r.get("observed"),
            "times_derived": r.get("times_derived"),
        }
        if msg_ids:
            extra["message_ids"] = msg_ids
        for key in ("pattern_type", "confidence"):
            if meta.get(key):
                extra[key] = meta[key]
        for key in ("premises", "sources"):
            if meta.get(key) and isinstance(meta[key], list):
                extra[f"{key} (copied text)"] = len(meta[key])
        deleted = store_time(r.get("deleted_at"))
        if deleted:
            extra["deleted_at"] = deleted
        missing = list(MISSING)
        source = LEVEL_SOURCE.get(level, SourceType.UNKNOWN)
        if level == "explicit":
            missing.insert(0, RESTATED if msg_ids else UNSOURCED)
            if not msg_ids:
                source = SourceType.UNKNOWN
        return Memory(
            id=str(r["id"]),
            content=str(r.get("content") or ""),
            source_type=source,
            status=Status.FORGOTTEN if deleted else Status.ACTIVE,
            source_ref=ref,
            scope=f"workspace:{r.get('workspace_name')}/observer:{r.get('observer')}/observed:{r.get('observed')}",
            derived=level != "explicit",
            created_at=store_time(r.get("created_at")),
            updated_at=deleted,
            extra=extra,
            missing=missing,
        )

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        self.all()
        if memory_ids is None:
            return list(self._edges)
        wanted = set(memory_ids)
        return [e for e in self._edges if e.child_id in wanted or e.parent_id in wanted]

    def layers(self) -> list[Layer]:
        conn, schema = self.conn, self.schema
        live = pg.table_layer(
            conn,
            "documents",
            "documents",
            "documents: live conclusions (content, premise copies in internal_metadata, source ids)",
            schema=schema,
            where="deleted_at IS NULL",
        )
        soft = pg.table_layer(
            conn,
            "documents (soft-deleted)",
            "documents",
            "documents with deleted_at set: deleted through the API, row kept until Honcho "
            "hard-deletes it",
            schema=schema,
            kind="history",
            where="deleted_at IS NOT NULL",
        )
        soft.probe = _noting(soft.probe, "soft-deleted: deleted_at is set, the row is still stored")
        rest = pg.table_layers(conn, KNOWN_LAYERS, schema=schema, skip={"documents"})
        return [live, soft, *rest, *pg_files.file_layers(conn, schema)]

    def close(self) -> None:
        self.conn.close()


def _noting(probe: Any, note: str) -> Any:
    def wrapped(needle: Needle) -> list[Residue]:
        found: list[Residue] = probe(needle)
        for r in found:
            r.detail = f"{r.detail}; {note}" if r.detail else note
        return found

    return wrapped


class HonchoAdapter(Adapter):
    name = "honcho"
    description = (
        "Honcho (Plastic Labs) on PostgreSQL: conclusions with their messages and premises, "
        "peer cards, session summaries (read-only; --db postgresql://...)"
    )
    capabilities = HonchoStore.capabilities
    tested_against = (
        "stores written by the Honcho server itself (plastic-labs/honcho commit ddbb90e3, "
        "v3.0.12, PostgreSQL 18 + pgvector), before and after its API deleted a conclusion "
        "(tests/fixtures/providers/honcho)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        return pg.detect_schema(location, _schema, 0.9)

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HonchoStore:
        store: HonchoStore = pg.open_schema_store(
            location,
            "Honcho",
            _schema,
            HonchoStore,
            "no documents table with level, source_ids and deleted_at beside messages",
            options,
        )
        return store
