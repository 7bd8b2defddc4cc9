"""A Store over memories mapped in Python, for foreign stores of modest size.

Provider stores (mem0, LangGraph, Basic Memory, ...) have no column for most of
memaudit's filters (trust tier, source type), so their adapters map every row into
a ``Memory`` once per open and filter here. ``ListStore`` implements ``memories``,
``get`` and ``count`` over ``_load()``; an adapter overrides ``_load`` and the rest.
"""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime
from typing import Any

from memaudit.clock import Clock, system_clock
from memaudit.fingerprint import normalize
from memaudit.ledger.columns import typed_event, typed_memory
from memaudit.model import Edge, Event, Memory, MemoryFilter
from memaudit.store import Store


def filter_memories(memories: list[Memory], flt: MemoryFilter | None) -> list[Memory]:
    """A ``MemoryFilter`` on memories already mapped, the way every store applies it:
    ids, statuses, trust tiers and source types, ``since`` (created at or after), and
    ``search`` — a memory matches when it holds every word of the search text (case,
    width and spacing ignored) in its content, summary or tags; the native ledger asks
    its full-text index the same question, whole words. Newest first (``oldest_first``:
    oldest first); memories with the same time keep the store's order, and those with
    none come last. Then ``offset`` and ``limit``."""
    flt = flt or MemoryFilter()
    out = memories
    if flt.ids is not None:
        ids = set(flt.ids)
        out = [m for m in out if m.id in ids]
    if flt.statuses:
        wanted = set(flt.statuses)
        out = [m for m in out if m.status in wanted]
    types = flt.source_type_set()
    if types is not None:
        allowed = set(types)
        out = [m for m in out if m.source_type in allowed]
    if flt.since:
        out = [m for m in out if m.created_at and m.created_at >= flt.since]
    if flt.search:
        words = normalize(flt.search).split()
        out = [m for m in out if all(w in _searchable(m) for w in words)]
    dated = sorted((m for m in out if m.created_at), key=lambda m: m.created_at or "")
    undated = [m for m in out if not m.created_at]
    ordered = (dated if flt.oldest_first else _newest_first(dated)) + undated
    end = None if flt.limit is None else flt.offset + flt.limit
    return ordered[flt.offset : end]


def _searchable(memory: Memory) -> str:
    return normalize("\n".join([memory.content, memory.summary or "", *memory.tags]))


def _newest_first(dated: list[Memory]) -> list[Memory]:
    """Newest first, memories with the same time still in the store's order."""
    return sorted(dated, key=lambda m: m.created_at or "", reverse=True)


class ListStore(Store):
    """Memories mapped once per open; subclasses implement ``_load``."""

    def __init__(
        self, location: str, *, writable: bool = False, clock: Clock | None = None
    ) -> None:
        super().__init__(location, writable=writable)
        self.clock: Clock = clock or system_clock
        self._cache: list[Memory] | None = None
        self._edges: list[Edge] = []  # filled by ``_load`` where the store records lineage

    @abstractmethod
    def _load(self) -> list[Memory]: ...

    def all(self) -> list[Memory]:
        if self._cache is None:
            self._cache = [typed_memory(m) for m in self._load()]
        return self._cache

    def now(self) -> datetime:
        return self.clock()

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        return filter_memories(self.all(), flt)

    def get(self, memory_id: str) -> Memory | None:
        for m in self.all():
            if m.id == memory_id:
                return m
        return None

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        """The edges ``_load`` found (all, or those touching ``memory_ids``)."""
        self.all()
        if memory_ids is None:
            return list(self._edges)
        ids = set(memory_ids)
        return [e for e in self._edges if e.child_id in ids or e.parent_id in ids]

    def count(self, flt: MemoryFilter | None = None) -> int:
        if flt is None:
            return len(self.all())
        unbounded = MemoryFilter(
            statuses=flt.statuses,
            tiers=flt.tiers,
            source_types=flt.source_types,
            search=flt.search,
            since=flt.since,
            ids=flt.ids,
        )
        return len(filter_memories(self.all(), unbounded))


def filter_events(
    events: list[Event],
    *,
    memory_id: str | None = None,
    actions: list[str] | None = None,
    actor: str | None = None,
    since: str | None = None,
    limit: int | None = None,
    newest_first: bool = False,
    **_: Any,
) -> list[Event]:
    """The native ledger's ``events`` filters, over events mapped in Python (oldest first),
    each typed as the model says (``typed_event``)."""
    out = [
        e
        for e in map(typed_event, events)
        if (memory_id is None or e.memory_id == memory_id)
        and (not actions or e.action in actions)
        and (actor is None or e.actor == actor)
        and (since is None or (e.at or "") >= since)
    ]
    if newest_first:
        out.reverse()
    return out if limit is None else out[:limit]
