"""The MCP knowledge-graph memory (npm ``@modelcontextprotocol/server-memory``) in a ledger.

One mapping, shared by ``memaudit mcp --compat server-memory`` (the drop-in server)
and ``memaudit import server-memory FILE`` (adopting an existing ``memory.jsonl``):

- an **observation** is one memory: content = the observation, ``scope`` = the entity's
  name, tags ``kg:observation`` and ``kg:type:<entityType>``;
- a **relation** is one tagged fact, ``"<from> <relationType> <to>"`` (how memaudit's
  ``server_memory`` adapter reads one), ``scope`` = from, tags ``kg:relation``,
  ``kg:to:<to>``, ``kg:relation_type:<relationType>``. Relations link entities; they
  never say what a memory was derived from, so they are not lineage edges;
- an **entity with no observations** is one declaration, ``"<name> is a <entityType>"``,
  tags ``kg:entity`` and ``kg:type:<entityType>`` — so an entity created empty is not
  lost before its first observation.

The server's protocol records no source: every such memory is staged with source type
``unknown``, which the reviewer sees flagged (UNK), and nothing is remembered until a
person approves it; what reads return is the approved part of the graph.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit import review
from memaudit.adapters.server_memory import Graph, read_graph
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger
from memaudit.ledger.columns import MEMORY_COLUMNS, row_to_memory
from memaudit.model import Memory, SourceType, Status
from memaudit.textsafety import json_text

TAG_OBSERVATION = "kg:observation"
TAG_RELATION = "kg:relation"
TAG_ENTITY = "kg:entity"
TYPE = "kg:type:"
TO = "kg:to:"
RELATION_TYPE = "kg:relation_type:"
# What a knowledge-graph read or write may touch: the live part of the graph.
LIVE = (Status.PENDING, Status.ACTIVE)


@dataclass(slots=True, frozen=True)
class Item:
    """One knowledge-graph memory, read back from its tags."""

    kind: str  # "observation" | "relation" | "entity"
    entity: str  # the entity (a relation's "from")
    entity_type: str
    text: str  # the observation (or the relation/declaration's sentence)
    memory: Memory
    to: str = ""
    relation_type: str = ""

    def key(self) -> tuple[str, ...]:
        """What makes two items the same to the official server."""
        if self.kind == "relation":
            return ("relation", self.entity, self.to, self.relation_type)
        return (self.kind, self.entity, self.text if self.kind == "observation" else "")


# -- writing ---------------------------------------------------------------------------


def observation(entity: str, entity_type: str, text: str, source_ref: str) -> review.Candidate:
    return review.Candidate(
        content=text,
        source_type=SourceType.UNKNOWN,
        source_ref=source_ref,
        scope=entity,
        tags=[TAG_OBSERVATION, TYPE + entity_type],
    )


def relation(source: str, target: str, relation_type: str, source_ref: str) -> review.Candidate:
    return review.Candidate(
        content=f"{source} {relation_type} {target}",
        source_type=SourceType.UNKNOWN,
        source_ref=source_ref,
        scope=source,
        tags=[TAG_RELATION, TO + target, RELATION_TYPE + relation_type],
    )


def declaration(entity: str, entity_type: str, source_ref: str) -> review.Candidate:
    return review.Candidate(
        content=f"{entity} is a {entity_type}" if entity_type else entity,
        source_type=SourceType.UNKNOWN,
        source_ref=source_ref,
        scope=entity,
        tags=[TAG_ENTITY, TYPE + entity_type],
    )


def candidate_key(cand: review.Candidate) -> tuple[str, ...]:
    tags = _tag_values(cand.tags)
    entity = cand.scope or ""
    if TAG_RELATION in cand.tags:
        return ("relation", entity, tags.get(TO, ""), tags.get(RELATION_TYPE, ""))
    if TAG_ENTITY in cand.tags:
        return ("entity", entity, "")
    return ("observation", entity, cand.content)


# -- reading ---------------------------------------------------------------------------


def _tag_values(tags: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for tag in tags:
        for prefix in (TYPE, TO, RELATION_TYPE):
            if tag.startswith(prefix) and prefix not in out:
                out[prefix] = tag[len(prefix) :]
    return out


def item_of(memory: Memory) -> Item | None:
    """The knowledge-graph item a memory stands for (None: not one of ours)."""
    values = _tag_values(memory.tags)
    entity = memory.scope or ""
    if TAG_RELATION in memory.tags:
        return Item(
            "relation",
            entity,
            "",
            memory.content,
            memory,
            to=values.get(TO, ""),
            relation_type=values.get(RELATION_TYPE, ""),
        )
    if TAG_OBSERVATION in memory.tags:
        return Item("observation", entity, values.get(TYPE, ""), memory.content, memory)
    if TAG_ENTITY in memory.tags:
        return Item("entity", entity, values.get(TYPE, ""), memory.content, memory)
    return None


def items(
    ledger: Ledger,
    statuses: Sequence[Status],
    *,
    entities: Sequence[str] | None = None,
    limit: int | None = None,
) -> list[Item]:
    """Knowledge-graph memories in these statuses, in the order they were written
    (optionally only those whose entity — a relation's "from" — is named)."""
    sql = (
        f"SELECT {MEMORY_COLUMNS} FROM memories WHERE status IN "
        f"({','.join('?' * len(statuses))}) AND tags LIKE '%\"kg:%'"
    )
    params: list[Any] = [s.value for s in statuses]
    if entities is not None:
        sql += f" AND scope IN ({','.join('?' * len(entities))})" if entities else " AND 0"
        params += list(entities)
    sql += " ORDER BY created_at, seq"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    found = (item_of(row_to_memory(r)) for r in ledger.conn.execute(sql, params))
    return [i for i in found if i is not None]


def graph(found: Iterable[Item]) -> dict[str, list[dict[str, Any]]]:
    """Items as the official server returns a graph: ``{"entities": [...],
    "relations": [...]}``, entities in order of first appearance."""
    entities: dict[str, dict[str, Any]] = {}
    relations: list[dict[str, str]] = []
    for item in found:
        if item.kind == "relation":
            relations.append(
                {"from": item.entity, "to": item.to, "relationType": item.relation_type}
            )
            continue
        entry = entities.setdefault(
            item.entity, {"name": item.entity, "entityType": item.entity_type, "observations": []}
        )
        if not entry["entityType"] and item.entity_type:
            entry["entityType"] = item.entity_type
        if item.kind == "observation":
            entry["observations"].append(item.text)
    return {"entities": list(entities.values()), "relations": relations}


# -- importing a memory.jsonl ------------------------------------------------------------


@dataclass(slots=True)
class ImportPlan:
    path: Path
    candidates: list[review.Candidate] = field(default_factory=list)
    # (line, why) for what is not staged: already in the ledger, unreadable lines, ...
    skipped: list[tuple[int, str]] = field(default_factory=list)
    source: Graph | None = None

    def counts(self) -> dict[str, int]:
        kinds = [candidate_key(c)[0] for c in self.candidates]
        return {
            "observations": kinds.count("observation"),
            "relations": kinds.count("relation"),
            "entities": kinds.count("entity"),
            "skipped": len(self.skipped),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "counts": self.counts(),
            "staged": [
                {"source_ref": c.source_ref, "entity": c.scope, "content": c.content}
                for c in self.candidates
            ],
            "skipped": [{"line": n, "why": why} for n, why in self.skipped],
        }


def plan_import(ledger: Ledger, path: Path) -> ImportPlan:
    """What importing ``path`` would stage: every observation (and relation, and empty
    entity) with ``source_ref`` = ``<file>:<line>``, except what the ledger already
    holds pending or active, and lines the server itself could not read."""
    source = read_graph(path)
    plan = ImportPlan(path, source=source)
    for line, why in source.problems:
        if line == 0:
            raise InvalidInput(f"{path}: {why}")
        plan.skipped.append((line, why))
    limit = int(ledger.policy().get("max_content_chars"))
    seen = {i.key() for i in items(ledger, LIVE)}
    where = str(path)

    def add(cand: review.Candidate, line: int) -> None:
        key = candidate_key(cand)
        text = cand.content
        if key in seen:
            plan.skipped.append((line, "already in the ledger (pending or active), or repeated"))
        elif not text.strip():
            plan.skipped.append((line, "empty text"))
        elif "\x00" in text or "\x00" in (cand.scope or ""):
            plan.skipped.append((line, "holds a NUL character"))
        elif len(text) > limit:
            plan.skipped.append((line, f"longer than {limit} characters (max_content_chars)"))
        else:
            seen.add(key)
            plan.candidates.append(cand)

    for entity in source.entities:
        if not entity.observations:
            add(declaration(entity.name, entity.entity_type, f"{where}:{entity.line}"), entity.line)
        for obs in entity.observations:
            add(
                observation(entity.name, entity.entity_type, obs.text, f"{where}:{obs.line}"),
                obs.line,
            )
    for rel in source.relations:
        add(relation(rel.source, rel.target, rel.relation_type, f"{where}:{rel.line}"), rel.line)
    return plan


def import_plan(
    ledger: Ledger, plan: ImportPlan, *, actor: str | None = None
) -> list[review.Staged]:
    """Stage the plan's candidates, all or nothing (one transaction)."""
    if not plan.candidates:
        return []
    return review.stage_batch(ledger, plan.candidates, actor=actor)


def dumps(data: Any) -> str:
    """JSON as the official server writes its answers (two-space indent), through the
    JSON boundary (``textsafety.json_text``)."""
    return json_text(data, indent=2)
