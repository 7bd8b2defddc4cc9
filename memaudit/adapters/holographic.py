"""Holographic: the Hermes memory plugin ``plugins/memory/holographic`` (``memory_store.db``).

``facts`` rows are the memories (``trust_score`` → confidence, ``retrieval_count`` →
access count, ``helpful_count`` kept as is). The schema has no source, author or
derived-from column: whatever provenance exists is free text in ``tags`` — memaudit
reads ``source:<who>``, ``derived_from:<id>+<id>`` and ``summary_of:<id>+<id>`` tags
(and ``summary`` / ``derived``) and says that this is where it came from. A parent a
tag names that is not a fact of the store stays an edge (``trace`` shows it as a
missing source with the tag's reference). ``entities`` (extracted names,
left orphaned by ``remove_fact``), ``facts_fts`` segments and ``memory_banks`` (HRR
superposition vectors) are layers.
"""

from __future__ import annotations

import math
import re
import sqlite3
from array import array
from pathlib import Path
from typing import Any

from memaudit.adapters.support import sqlite_probe
from memaudit.adapters.support.foreign import (
    as_int,
    enabled,
    open_ro,
    read_yaml,
    settings,
    sqlite_tables,
)
from memaudit.adapters.support.lineage_refs import PARENT_KEYS, relation_for
from memaudit.adapters.support.listing import filter_memories
from memaudit.clock import store_time
from memaudit.errors import NotAStore
from memaudit.ledger.columns import typed_memory
from memaudit.model import Edge, Memory, MemoryFilter, Relation, SourceType
from memaudit.store import Adapter, Capability, Layer, LayerNotChecked, Needle, Residue, Store

MARKER_TABLES = {"facts", "entities", "fact_entities", "memory_banks"}
TAG_SOURCES = {
    "user": SourceType.USER_STATEMENT,
    "assistant": SourceType.ASSISTANT_MESSAGE,
    "agent": SourceType.ASSISTANT_MESSAGE,
    "tool": SourceType.TOOL_OBSERVATION,
    "document": SourceType.EXTERNAL_DOCUMENT,
    "web": SourceType.EXTERNAL_DOCUMENT,
}
# Tags naming a fact's parents (``summary_of:5``, ``derived_from:3+4``): the JSON keys
# other stores use, written as ``key:ids``.
PARENT_TAGS = {k: v for k, v in PARENT_KEYS.items() if not k.startswith("source_")}
_PARENT_TAG = re.compile(r"(" + "|".join(PARENT_TAGS) + r"):(.+)", re.IGNORECASE)
MISSING = [
    "source column (only free-text tags like 'source:user', written by the agent)",
    "lineage column (only free-text tags like 'derived_from:3+4', 'summary_of:5')",
    "history of edits (update_fact overwrites content in place)",
    "author / session reference",
    "lifecycle status (no supersession or expiry)",
]
# The plugin's settings (plugins/memory/holographic/__init__.py) and their defaults.
PLUGIN_DEFAULTS = {"auto_extract": False, "default_trust": 0.5, "min_trust_threshold": 0.3}


def tags_of(raw: Any) -> list[str]:
    return [t.strip() for t in str(raw or "").split(",") if t.strip()]


def source_from_tags(tags: list[str]) -> SourceType:
    """The source a fact's tags name. ``summary`` / ``summary_of:`` make a summary; an
    assistant's fact that names parents is its inference; a fact that names parents
    with no other word is an inference (T5: a derivation of unknown kind)."""
    lowered = [t.lower() for t in tags]
    relations = {r for _, r in parents_from_tags(tags)}
    if "summary" in lowered or Relation.SUMMARIZES in relations:
        return SourceType.SUMMARY
    if Relation.EXTRACTS in relations:
        return SourceType.EXTRACTION
    for tag in lowered:
        if tag.startswith("source:"):
            found = TAG_SOURCES.get(tag.split(":", 1)[1].strip(), SourceType.UNKNOWN)
            if found is SourceType.ASSISTANT_MESSAGE and relations:
                return SourceType.INFERENCE
            return found
    if "derived" in lowered or relations:
        return SourceType.INFERENCE
    return SourceType.UNKNOWN


def parents_from_tags(tags: list[str]) -> list[tuple[str, Relation]]:
    """``(parent, relation)`` for every id a lineage tag names, as written (``+`` or
    spaces between ids); memaudit resolves them later."""
    out: dict[str, Relation] = {}
    for tag in tags:
        m = _PARENT_TAG.fullmatch(tag.strip())
        if m:
            relation = PARENT_TAGS[m.group(1).lower()]
            for parent in re.split(r"[+\s]+", m.group(2)):
                if parent:
                    out.setdefault(parent, relation)
    return list(out.items())


class HolographicStore(Store):
    adapter_name = "holographic"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.LINEAGE, Capability.LAYERS})

    def __init__(self, db: Path) -> None:
        super().__init__(str(db), writable=False)
        self.db = db
        self.conn = open_ro(db)
        self.names = {
            r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }

    def close(self) -> None:
        self.conn.close()

    def _entities(self) -> dict[int, list[str]]:
        if not {"entities", "fact_entities"} <= self.names:
            return {}
        out: dict[int, list[str]] = {}
        for fact_id, name in self.conn.execute(
            "SELECT fe.fact_id, e.name FROM fact_entities fe JOIN entities e USING (entity_id)"
        ):
            out.setdefault(as_int(fact_id, -1), []).append(str(name))
        return out

    def _memory(self, row: sqlite3.Row, entities: dict[int, list[str]]) -> Memory:
        d = dict(row)
        tags = tags_of(d.get("tags"))
        source = source_from_tags(tags)
        parents = parents_from_tags(tags)
        extra: dict[str, Any] = {
            "category": d.get("category"),
            "helpful_count": d.get("helpful_count"),
            "trust_score": d.get("trust_score"),
            "source read from": "tags" if source is not SourceType.UNKNOWN else None,
            "parents (tags)": ", ".join(p for p, _ in parents) or None,
            "entities": ", ".join(entities.get(as_int(d["fact_id"], -1), [])) or None,
        }
        return typed_memory(
            Memory(
                id=str(d["fact_id"]),
                content=d.get("content") or "",
                source_type=source,
                tags=tags,
                confidence=d.get("trust_score"),
                scope=d.get("category"),
                derived=bool(parents) or source in (SourceType.SUMMARY, SourceType.INFERENCE),
                created_at=store_time(d.get("created_at")),
                updated_at=store_time(d.get("updated_at")),
                access_count=as_int(d.get("retrieval_count")),
                extra={k: v for k, v in extra.items() if v is not None},
            )
        )

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        entities = self._entities()
        rows = self.conn.execute(
            "SELECT fact_id, content, category, tags, trust_score, retrieval_count, "
            "helpful_count, created_at, updated_at FROM facts ORDER BY fact_id"
        ).fetchall()
        return filter_memories([self._memory(r, entities) for r in rows], flt)

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        wanted = set(memory_ids) if memory_ids is not None else None
        out = []
        for m in self.memories():
            for parent, relation in parents_from_tags(m.tags):
                relation = relation_for(m.source_type, relation)
                if wanted is None or m.id in wanted or parent in wanted:
                    out.append(Edge(m.id, parent, relation, m.created_at))
        return out

    def provider_config(self) -> dict[str, Any]:
        # The store lives in HERMES_HOME by default; the plugin reads
        # plugins.hermes-memory-store from HERMES_HOME/config.yaml.
        config = self.db.parent / "config.yaml"
        data = read_yaml(config)
        out = settings(
            data,
            ["plugins", "hermes-memory-store"],
            config,
            PLUGIN_DEFAULTS,
            prefix="plugins.hermes-memory-store",
        )
        auto = out.get("plugins.hermes-memory-store.auto_extract")
        if auto is not None:  # absent when config.yaml could not be read
            auto["value"] = enabled(auto["value"])
        out |= settings(data, ["memory"], config, {"provider": ""})
        return out

    # -- layers --------------------------------------------------------------

    def layers(self) -> list[Layer]:
        db = self.db
        out = [
            sqlite_probe.column_layer(
                "facts",
                db,
                "facts",
                id_columns=["fact_id"],
                text_columns=["content", "tags"],
                key_column="fact_id",
                description="facts: the memories themselves",
            ),
            self._entity_terms_layer(),
        ]
        if "fact_entities" in self.names:
            out.append(
                sqlite_probe.column_layer(
                    "fact links",
                    db,
                    "fact_entities",
                    id_columns=["fact_id"],
                    kind="graph",
                    description="fact_entities: which entities a fact names (remove_fact "
                    "deletes its links; a plain delete leaves them)",
                )
            )
        if "facts_fts_data" in self.names:
            out.append(sqlite_probe.fts5_layer("facts_fts", db, "facts_fts"))
        if "memory_banks" in self.names:
            out.append(
                Layer(
                    "memory banks",
                    "vectors",
                    "memory_banks: one HRR vector per category, the circular mean of its "
                    "facts' phase vectors — recomputed from the facts still there: a bank that "
                    "differs still sums a fact that is gone or changed (an orphan; which one "
                    "cannot be read back, nor any text or id)",
                    self._probe_banks,
                )
            )
        out.append(sqlite_probe.raw_bytes_layer("raw bytes", [db]))
        return out

    def _entity_terms_layer(self) -> Layer:
        """Entities holding the needle's text, or named by one of its distinctive words:
        the plugin extracts quoted terms and capitalised phrases as entities, so a
        deleted fact's key term survives as a name even when no sentence does."""
        db = self.db

        def probe(needle: Needle) -> list[Residue]:
            texts = sqlite_probe.needle_texts(needle)
            wanted = {w.casefold() for t in texts for w in re.findall(r'"([^"]{3,})"', t)}
            wanted |= {
                w.casefold()
                for t in texts
                for w in re.findall(r"\b[\w-]*\d[\w-]*\b|\b[A-Z][\w-]{3,}\b", t)
                if len(w) >= 6
            }
            conn = open_ro(db)
            out = []
            try:
                for entity_id, name, aliases in conn.execute(
                    "SELECT entity_id, name, aliases FROM entities"
                ):
                    where = f"entities.name [entity_id={entity_id}]"
                    hows = [sqlite_probe.text_match(t, f"{name} {aliases or ''}") for t in texts]
                    how = next((h for h in hows if h), None)
                    if how:
                        out.append(Residue("entities", where, how))
                    elif str(name).casefold() in wanted:
                        out.append(
                            Residue("entities", where, "term", "named by a distinctive word")
                        )
                return out
            finally:
                conn.close()

        return Layer(
            "entities",
            "graph",
            "entities extracted from facts (remove_fact leaves them orphaned): names "
            "holding the text or one of its distinctive words",
            probe,
        )

    def _probe_banks(self, needle: Needle) -> list[Residue]:
        """Each bank ``cat:<category>`` against the facts of that category.

        The plugin (store.py ``_rebuild_bank``) stores a bank as the circular mean of the
        ``hrr_vector`` phases of the category's facts, and ``fact_count``; it names no
        fact. So memaudit recomputes that mean from the facts still there: equal, the
        bank holds exactly them (a fact of the needle's id, or holding its text, is in
        it); different, it still sums the vector of a fact removed or changed without a
        rebuild (numpy missing, a plain SQL delete) — an orphan keyed by the bank.
        """
        ids = set(needle.ids)
        texts = sqlite_probe.needle_texts(needle)
        out: list[Residue] = []
        unknown: list[str] = []
        conn = open_ro(self.db)
        try:
            for bank_id, name, vector, dim, count in conn.execute(
                "SELECT bank_id, bank_name, vector, dim, fact_count FROM memory_banks"
            ).fetchall():
                where = f"memory_banks [bank_id={bank_id}]"
                category = str(name)[4:] if str(name).startswith("cat:") else None
                if category is None or not isinstance(dim, int) or dim <= 0:
                    unknown.append(f"bank {str(name)[:40]!r} is not a category bank")
                    continue
                facts = conn.execute(
                    "SELECT fact_id, content, hrr_vector FROM facts "
                    "WHERE category = ? AND hrr_vector IS NOT NULL ORDER BY fact_id",
                    (category,),
                ).fetchall()
                if len(facts) * dim > MAX_BANK_TERMS:
                    unknown.append(
                        f"bank {str(name)[:40]!r} sums {len(facts)} facts of {dim} phases: "
                        "too many to recompute here"
                    )
                    continue
                if count == len(facts) and _bank_matches(vector, [f[2] for f in facts], dim):
                    for fact_id, content, _ in facts:
                        if str(fact_id) in ids:
                            out.append(Residue("memory banks", where, "id", "it sums this fact"))
                        elif any(sqlite_probe.text_match(t, str(content or "")) for t in texts):
                            out.append(
                                Residue(
                                    "memory banks",
                                    where,
                                    "vector of a fact holding the text",
                                    f"fact {fact_id}",
                                )
                            )
                    continue
                out.append(
                    Residue(
                        "memory banks",
                        where,
                        "stale bank",
                        f"built from {as_int(count)} fact vector(s); the {len(facts)} fact(s) of "
                        "its category now add up to something else: it still holds the vector "
                        "of a fact that is gone or changed (which one cannot be read back)",
                        orphan=str(name),
                    )
                )
        finally:
            conn.close()
        if unknown and not out:
            raise LayerNotChecked("; ".join(unknown[:3]))
        return out


MAX_BANK_TERMS = 20_000_000  # fact phases added up per bank (pure Python: a few seconds)
_TOLERANCE = 1e-6


def _bank_matches(bank: Any, vectors: list[Any], dim: int) -> bool:
    """Whether ``bank`` is the circular mean of ``vectors`` (float64 phases, as the
    plugin writes them with numpy ``tobytes``): per component, the angle of the sum of
    the unit phasors. Components where the phasors cancel out (no defined angle) are
    not compared."""
    size = dim * 8
    if not isinstance(bank, bytes) or len(bank) != size:
        return False
    if any(not isinstance(v, bytes) or len(v) != size for v in vectors):
        return False
    want = array("d", bank)
    re_sum = [0.0] * dim
    im_sum = [0.0] * dim
    for blob in vectors:
        for j, phase in enumerate(array("d", blob)):
            re_sum[j] += math.cos(phase)
            im_sum[j] += math.sin(phase)
    for j in range(dim):
        norm = math.hypot(re_sum[j], im_sum[j])
        if norm < _TOLERANCE:
            continue
        if (
            abs(re_sum[j] / norm - math.cos(want[j])) > _TOLERANCE
            or abs(im_sum[j] / norm - math.sin(want[j])) > _TOLERANCE
        ):
            return False
    return True


def _find_db(path: Path) -> Path | None:
    if path.is_file():
        return path
    candidate = path / "memory_store.db"
    return candidate if candidate.is_file() else None


class HolographicAdapter(Adapter):
    name = "holographic"
    description = (
        "Hermes holographic memory plugin (memory_store.db): facts, entities, "
        "facts_fts, memory_banks (read-only)"
    )
    capabilities = HolographicStore.capabilities
    tested_against = (
        "memory_store.db written by hermes-agent 0.19.0 plugins/memory/holographic "
        "(tests/fixtures/providers/holographic)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            db = _find_db(path)
            if db is None:
                return 0.0
            names = sqlite_tables(db)
            if not names >= MARKER_TABLES:
                return 0.0
            if path.is_dir():
                # a folder holding it; a HERMES_HOME folder (0.9) stays the hermes adapter's
                return 0.7
            return 0.95 if "facts_fts" in names else 0.8
        except Exception:
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HolographicStore:
        db = _find_db(Path(location).expanduser())
        if db is None:
            raise NotAStore(f"{location}: no memory_store.db here")
        store = HolographicStore(db)
        if "facts" not in store.names:
            store.close()
            raise NotAStore(f"{location}: no facts table (not a holographic store)")
        return store


__all__ = ["HolographicAdapter", "HolographicStore"]
