"""The native ledger as an adapter: every capability, no translation."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from memaudit import review
from memaudit.adapters.base import Adapter, Capability, Layer, Store
from memaudit.ledger import Ledger, looks_like_ledger
from memaudit.model import Edge, Event, Memory, MemoryFilter
from memaudit.policy import Policy

ALL = frozenset(Capability)


class NativeStore(Store):
    adapter_name = "native"
    capabilities = ALL

    def __init__(self, ledger: Ledger) -> None:
        super().__init__(str(ledger.path), writable=not ledger.readonly)
        self.ledger = ledger

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        return self.ledger.query(flt)

    def count(self, flt: MemoryFilter | None = None) -> int:
        return self.ledger.count(flt)

    def get(self, memory_id: str) -> Memory | None:
        return self.ledger.get(memory_id)

    def require(self, memory_id: str) -> Memory:
        return self.ledger.require(memory_id)

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        return self.ledger.edges(memory_ids)

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kwargs: Any
    ) -> list[Event]:
        return self.ledger.events(memory_id=memory_id, limit=limit, **kwargs)

    def policy(self) -> Policy:
        return self.ledger.policy()

    def stats(self, now: datetime) -> dict[str, Any]:
        return self.ledger.stats(now)

    def layers(self) -> list[Layer]:
        from memaudit.forget import native_layers  # forget owns the probes

        return native_layers(self.ledger)

    def stage_batch(
        self, candidates: Sequence[review.Candidate], *, actor: str | None = None
    ) -> list[review.Staged]:
        return review.stage_batch(self.ledger, candidates, actor=actor)

    def approve(
        self,
        memory_id: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
        promote: bool = False,
    ) -> Memory:
        return review.approve(
            self.ledger, memory_id, expected_version=expected_version, actor=actor, promote=promote
        )

    def reject(
        self,
        memory_id: str,
        reason: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> None:
        review.reject(
            self.ledger, memory_id, reason, expected_version=expected_version, actor=actor
        )

    def approve_many(
        self,
        items: Sequence[tuple[str, int | None]],
        *,
        actor: str | None = None,
        promote: bool = False,
    ) -> list[Memory]:
        return review.approve_many(self.ledger, items, actor=actor, promote=promote)

    def reject_many(
        self, items: Sequence[tuple[str, int | None]], reason: str, *, actor: str | None = None
    ) -> None:
        review.reject_many(self.ledger, items, reason, actor=actor)

    def edit(
        self,
        memory_id: str,
        content: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> Memory:
        return review.edit(
            self.ledger, memory_id, content, expected_version=expected_version, actor=actor
        )

    def unapprove_many(
        self, items: Sequence[tuple[str, int | None]], *, actor: str | None = None
    ) -> list[Memory]:
        return review.unapprove_many(self.ledger, items, actor=actor)

    def unreject(
        self, items: Sequence[tuple[Memory, Sequence[Edge]]], *, actor: str | None = None
    ) -> list[Memory]:
        return review.unreject(self.ledger, items, actor=actor)

    def close(self) -> None:
        self.ledger.close()


class NativeAdapter(Adapter):
    name = "native"
    description = "memaudit's own ledger (SQLite): provenance, gate, lineage, verified forget"
    capabilities = ALL
    tested_against = "stores written by memaudit itself"

    @classmethod
    def detect(cls, location: str) -> float:
        return 1.0 if looks_like_ledger(Path(location)) else 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> NativeStore:
        return NativeStore(Ledger.open(location, readonly=not writable, **options))
