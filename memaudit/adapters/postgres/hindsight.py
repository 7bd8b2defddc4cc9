"""Hindsight (``hindsight-api``): memory banks in PostgreSQL, read-only.

Hindsight keeps every memory of every bank in ``memory_units``: ``fact_type`` ``world``
(facts about the world and the people in it, which its LLM extracts from retained
content) and ``experience`` (the agent's own experiences) are what it was told or saw;
``observation`` rows are consolidated knowledge its LLM derived from those facts, the
sources listed in the ``source_memory_ids`` array (and in ``observation_sources`` on
deployments that have that table). The retained text itself stays in ``documents``
(``original_text``) and ``chunks`` (``chunk_text``): the evidence a fact was extracted
from. Facts invalidated by newer ones move to ``invalidated_memory_units``;
``mental_models`` are reflections written by ``reflect``.

Mapping (docs/adapters.md gives the reasoning, from Hindsight's own extraction and
consolidation prompts):
- ``world`` → extraction (T3): Hindsight's LLM restates "objective/external facts,
  including the user's preferences" from the retained chunk (``source_ref``); who said
  them is not recorded, so neither user statement nor document is claimed (flagged);
- ``experience`` → assistant_message (T5): the extraction prompt files under it what
  "the assistant/agent actually performed" — doing, deciding, recommending, responding;
- ``observation`` → inference (T5, derived), edges ``infers`` to each source fact: the
  consolidation prompt asks for "durable knowledge ... the stable truth implied by" the
  facts, so an observation may state more than its sources did;
- ``opinion`` (older Hindsight versions: beliefs the agent formed, with a confidence)
  → reflection (T5), ``confidence_score`` → confidence;
- ``invalidated_memory_units`` → status superseded; ``mental_models`` → reflection (T5);
- scope ``bank:<bank_id>``.

Layers: every table that can hold a memory's text or id (memory_units, documents, chunks,
audit_log and llm_requests with full request text, observation_history, ...; any table
this adapter does not know is probed too), plus the data files and WAL segments when the
server's data directory is readable here (see ``pg_files.file_layers``).
"""

from __future__ import annotations

from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.postgres import pg, pg_files
from memaudit.adapters.support.foreign import as_number
from memaudit.clock import Clock, store_time
from memaudit.model import Edge, Memory, Relation, SourceType, Status
from memaudit.store import Adapter, Capability, Layer

REQUIRED = {"id", "bank_id", "text", "fact_type"}
FACT_SOURCE = {
    "world": SourceType.EXTRACTION,
    "experience": SourceType.ASSISTANT_MESSAGE,
    "observation": SourceType.INFERENCE,
    "opinion": SourceType.REFLECTION,
}
EXTRACTED = (
    "verbatim wording: Hindsight's LLM restated this fact from the retained text (see source_ref)"
)
MISSING = [
    "who said it (Hindsight records the retain call's context, not a speaker: a world "
    "fact may restate the user, a document or a tool)",
    "validation or review",
    "confidence",
]
# Tables Hindsight writes, as verification layers: name → (kind, description).
KNOWN_LAYERS: dict[str, tuple[str, str]] = {
    "memory_units": (
        "rows",
        "memory_units: facts and observations (text, search_vector terms, source ids)",
    ),
    "invalidated_memory_units": (
        "history",
        "invalidated_memory_units: facts superseded by newer ones, text kept",
    ),
    "documents": (
        "rows",
        "documents.original_text: the retained content, whole (kept when a memory unit is deleted)",
    ),
    "chunks": (
        "rows",
        "chunks.chunk_text: the retained content in chunks (kept when a memory unit is deleted)",
    ),
    "audit_log": (
        "history",
        "audit_log: every audited API call with its full request and response",
    ),
    "llm_requests": ("history", "llm_requests: every LLM call with its full prompt and answer"),
    "observation_history": ("history", "observation_history: earlier versions of observations"),
    "observation_sources": ("graph", "observation_sources: observation → source memory ids"),
    "memory_links": (
        "graph",
        "memory_links: temporal, semantic and entity links between memory ids",
    ),
    "unit_entities": ("graph", "unit_entities: memory id → entity"),
    "entities": ("graph", "entities: names extracted from memories"),
    "mental_models": ("summaries", "mental_models: reflections over the bank"),
    "mental_model_history": ("history", "mental_model_history: earlier mental model contents"),
    "async_operations": (
        "history",
        "async_operations: queued and finished background work (payloads)",
    ),
}


def _schema(conn: Any) -> str | None:
    """The schema holding Hindsight's ``memory_units`` (``public`` unless configured)."""
    rows = conn.execute(
        "SELECT table_schema FROM information_schema.columns WHERE table_name = 'memory_units' "
        "GROUP BY table_schema HAVING array_agg(column_name::text) @> %s::text[] "
        "ORDER BY (table_schema = 'public') DESC, table_schema LIMIT 1",
        (sorted(REQUIRED | {"source_memory_ids"}),),
    ).fetchall()
    return rows[0][0] if rows else None


class HindsightStore(pg.SchemaStore):
    adapter_name = "hindsight"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})
    tables_label = "the Hindsight tables"

    def __init__(self, url: str, conn: Any, schema: str, *, clock: Clock | None = None) -> None:
        super().__init__(url, conn, schema, clock=clock)
        self._lazy_edges: list[Edge] | None = None

    # -- reading ------------------------------------------------------------------

    def _load(self) -> list[Memory]:
        present = pg.tables(self.conn, self.schema)
        versions: dict[str, int] = {}
        if "observation_history" in present:
            for r in self._rows(
                f"SELECT observation_id::text AS id, count(*) AS n FROM {self._t('observation_history')} "
                "GROUP BY 1"
            ):
                versions[r["id"]] = int(r["n"]) + 1
        out = [
            self._memory(r, Status.ACTIVE, versions)
            for r in self._rows(f"SELECT * FROM {self._t('memory_units')}")
        ]
        if "invalidated_memory_units" in present:
            out += [
                self._memory(r, Status.SUPERSEDED, versions)
                for r in self._rows(f"SELECT * FROM {self._t('invalidated_memory_units')}")
            ]
        if "mental_models" in present:
            out += [
                self._mental_model(r)
                for r in self._rows(f"SELECT * FROM {self._t('mental_models')}")
            ]
        return out

    def _memory(self, r: dict[str, Any], status: Status, versions: dict[str, int]) -> Memory:
        mid = str(r["id"])
        fact_type = str(r.get("fact_type") or "")
        source = FACT_SOURCE.get(fact_type, SourceType.UNKNOWN)
        ref = None
        if r.get("document_id"):
            ref = f"document {r['document_id']}" + (
                f", chunk {r['chunk_id']}" if r.get("chunk_id") else ""
            )
        extra: dict[str, Any] = {"fact_type": fact_type, "bank_id": r.get("bank_id")}
        for key in (
            "context",
            "proof_count",
            "event_date",
            "occurred_start",
            "occurred_end",
            "mentioned_at",
            "consolidated_at",
            "invalidation_reason",
            "invalidated_at",
        ):
            if r.get(key) is not None:
                value = r[key]
                extra[key] = (
                    store_time(value) if key.endswith(("_at", "date", "start", "end")) else value
                )
        sources = r.get("source_memory_ids") or []
        if sources:
            extra["source_memory_ids"] = [str(s) for s in sources]
        if r.get("metadata"):
            extra["metadata"] = r["metadata"]
        missing = list(MISSING)
        if fact_type in ("world", "experience"):
            missing.insert(0, EXTRACTED)
        return Memory(
            id=mid,
            content=str(r.get("text") or ""),
            source_type=source,
            status=status,
            tags=[str(t) for t in r.get("tags") or []],
            source_ref=ref,
            scope=f"bank:{r.get('bank_id')}",
            derived=fact_type in ("observation", "opinion") or bool(sources),
            confidence=as_number(r.get("confidence_score")),
            created_at=store_time(r.get("created_at")),
            updated_at=store_time(r.get("updated_at")),
            version=versions.get(mid, 1),
            extra=extra,
            missing=missing,
        )

    def _mental_model(self, r: dict[str, Any]) -> Memory:
        extra = {
            "kind": "mental model",
            "name": r.get("name"),
            "source_query": r.get("source_query"),
        }
        return Memory(
            id=str(r["id"]),
            content=str(r.get("content") or ""),
            summary=str(r.get("name") or "") or None,
            source_type=SourceType.REFLECTION,
            scope=f"bank:{r.get('bank_id')}",
            tags=[str(t) for t in r.get("tags") or []],
            derived=True,
            created_at=store_time(r.get("created_at")),
            updated_at=store_time(r.get("last_refreshed_at")),
            extra={k: v for k, v in extra.items() if v is not None},
            missing=[
                "what it was built from (Hindsight keeps the reflect answer, not its sources)"
            ],
        )

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        if self._lazy_edges is None:
            found: dict[tuple[str, str], Edge] = {}
            for m in self.all():
                for parent in m.extra.get("source_memory_ids", []):
                    found[(m.id, parent)] = Edge(m.id, parent, Relation.INFERS, m.created_at)
            if "observation_sources" in pg.tables(self.conn, self.schema):
                found.update(self._observation_sources())
            self._lazy_edges = list(found.values())
        if memory_ids is None:
            return list(self._lazy_edges)
        wanted = set(memory_ids)
        return [e for e in self._lazy_edges if e.child_id in wanted or e.parent_id in wanted]

    def _observation_sources(self) -> dict[tuple[str, str], Edge]:
        cols = [c.name for c in pg.columns(self.conn, "observation_sources", self.schema)]
        child = next((c for c in cols if c.startswith("observation")), None)
        parent = next(
            (c for c in cols if c != child and ("source" in c or "memory" in c or "unit" in c)),
            None,
        )
        if not child or not parent:
            return {}
        rows = self._rows(
            f"SELECT {pg.qi(child)}::text AS c, {pg.qi(parent)}::text AS p "
            f"FROM {self._t('observation_sources')}"
        )
        return {(r["c"], r["p"]): Edge(r["c"], r["p"], Relation.INFERS) for r in rows}

    def provider_config(self) -> dict[str, Any]:
        """Each bank's own settings (``banks.config``), e.g. whether observations are on."""
        out: dict[str, Any] = {}
        if "banks" not in pg.tables(self.conn, self.schema):
            return out
        for r in self._rows(f"SELECT bank_id, config FROM {self._t('banks')}"):
            config = r.get("config")
            if config is None:  # no settings of its own: Hindsight's defaults
                continue
            try:  # a json column's text, or jsonb too deep to parse, is text here
                if not isinstance(config, dict | str | bytes):
                    raise ValueError("not a JSON object")  # a hostile row's list or number
                config = config if isinstance(config, dict) else storejson.mapping(config)
            except ValueError as exc:  # said, and no setting from it
                confined.note_skipped(
                    f"{self.location} banks.config of bank {r['bank_id']!r}: {exc}; "
                    "its settings were not read"
                )
                continue
            for key, value in config.items():
                if not isinstance(value, dict | list):
                    out[f"bank.{r['bank_id']}.{key}"] = {
                        "value": value,
                        "source": f"{self.location} banks.config",
                    }
        return out

    # -- layers -------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        return pg.table_layers(self.conn, KNOWN_LAYERS, schema=self.schema) + pg_files.file_layers(
            self.conn, self.schema
        )

    def close(self) -> None:
        self.conn.close()


class HindsightAdapter(Adapter):
    name = "hindsight"
    description = (
        "Hindsight (hindsight-api) memory banks on PostgreSQL: facts, observations, "
        "documents, audit and LLM logs (read-only; --db postgresql://...)"
    )
    capabilities = HindsightStore.capabilities
    tested_against = (
        "stores written by hindsight-api-slim 1.1.0 itself (its mock LLM, driven over its "
        "HTTP API) on PostgreSQL 18 (tests/fixtures/providers/hindsight)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        return pg.detect_schema(location, _schema, 0.95)

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HindsightStore:
        store: HindsightStore = pg.open_schema_store(
            location,
            "Hindsight",
            _schema,
            HindsightStore,
            "no memory_units table with fact_type and source_memory_ids",
            options,
        )
        return store
