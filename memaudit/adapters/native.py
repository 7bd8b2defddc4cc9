"""The native ledger as an adapter: every capability, no translation."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.adapters.support import sqlite_probe
from memaudit.errors import MemauditError
from memaudit.graph import DEFAULT_DEPTH, Lineage
from memaudit.ledger import Ledger, check_ledger_file, rows
from memaudit.ledger.lineage import ledger_lineage
from memaudit.ledger.store import is_ledger
from memaudit.model import Edge, Event, Memory, MemoryFilter, Relation
from memaudit.policy import Policy
from memaudit.sqlview import SqlView
from memaudit.store import Adapter, Capability, Layer, Store

# The write gate, forget and conflicts are imported where they are used: a command that
# only reads (`memaudit ls`) should not pay for loading them (benchmarks/bench_cold_start.py).
if TYPE_CHECKING:
    from memaudit import review
    from memaudit.conflicts.statements import Statement
    from memaudit.decay import LifecycleTable
    from memaudit.forget import ForgetPlan, ForgetResult, Recheck

ALL = frozenset(Capability)


class NativeStore(Store):
    adapter_name = "native"
    capabilities = ALL
    lifecycle_fields = frozenset({"importance", "access", "created_at"})

    def __init__(self, ledger: Ledger) -> None:
        super().__init__(str(ledger.path), writable=not ledger.readonly)
        self.ledger = ledger

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        return self.ledger.query(flt)

    def iter_memories(self, flt: MemoryFilter | None = None) -> Iterator[Memory]:
        return self.ledger.iter_query(flt)

    def count(self, flt: MemoryFilter | None = None) -> int:
        return self.ledger.count(flt)

    def get(self, memory_id: str) -> Memory | None:
        return self.ledger.get(memory_id)

    def require(self, memory_id: str) -> Memory:
        return self.ledger.require(memory_id)

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        return self.ledger.edges(memory_ids)

    def events(
        self,
        *,
        memory_id: str | None = None,
        actions: list[str] | None = None,
        actor: str | None = None,
        since: str | None = None,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[Event]:
        return self.ledger.events(
            memory_id=memory_id,
            actions=actions,
            actor=actor,
            since=since,
            limit=limit,
            newest_first=newest_first,
        )

    def lineage(
        self, memory_id: str, *, up: bool = True, down: bool = True, depth: int = DEFAULT_DEPTH
    ) -> Lineage:
        return ledger_lineage(self.ledger, memory_id, up=up, down=down, depth=depth)

    def memories_from_source(self, source: str) -> list[Memory]:
        return self.ledger.from_source(source)

    def policy(self) -> Policy:
        return self.ledger.policy()

    def stats(self, now: datetime) -> dict[str, Any]:
        return self.ledger.stats(now)

    # The tables whose column types ``sql_view`` checks (None: every table it shows). An
    # audit's child process that runs only some detectors names the tables they read
    # (``audit.runner.READS``): at 1M memories the edges and events cost 0.85 s of CPU.
    checked_tables: tuple[str, ...] | None = None

    def sql_view(self) -> SqlView:
        """The ledger itself, unless a value in it is not of its column's type (SQLite
        does not enforce types): then a typed copy, read as ``ls`` reads the rows, that
        names what it converted (``ledger.typed_view``)."""
        if self._sql_view is None:
            from memaudit.ledger import typed_view

            conn = self.ledger.conn
            bad = typed_view.mistyped(conn, self.checked_tables)
            if not bad:
                self._sql_view = SqlView(conn, role_column=False, file=str(self.ledger.path))
            else:
                copy = typed_view.typed_copy(conn, bad)
                self._sql_view = SqlView(copy, role_column=False, mistyped=tuple(bad.items()))
        return self._sql_view

    def layers(self) -> list[Layer]:
        from memaudit import forget

        return forget.native_layers(self.ledger)

    def forget_plan(self, memory_ids: Sequence[str], *, whole: bool = False) -> ForgetPlan:
        from memaudit import forget

        return forget.plan(self.ledger, memory_ids, whole=whole)

    def recheck(self, memory_ids: Sequence[str] | None) -> Recheck:
        from memaudit import forget

        return forget.recheck(self.ledger, memory_ids)

    def resurrected(self, memory_ids: Sequence[str] | None) -> dict[str, list[str]]:
        from memaudit import resurrection

        return resurrection.pending_resurrected(self.ledger.conn, memory_ids)

    def active_matches(
        self, searches: Sequence[str], limit: int, *, workers: int = 1
    ) -> dict[str, list[Statement]]:
        from memaudit.conflicts.statements import Statement

        found = self.ledger.active_matches(searches, limit, workers=workers)
        return {text: [Statement(*row) for row in rows] for text, rows in found.items()}

    COPIES_CHECKED = "every active memory with the same content hash (indexed)"

    def active_copies(self, texts: Sequence[str], limit: int | None = None) -> dict[str, list[str]]:
        return self.ledger.active_copies(texts, limit)

    def injected_pending(self) -> set[str] | None:
        return rows.flagged_pending(self.ledger)

    def check_reason(self, memory_ids: Sequence[str], reason: str, *, what: str) -> None:
        if what == "rejected":
            from memaudit import review

            review.check_reject_reason(self.ledger, memory_ids, reason)
        else:
            from memaudit import forget

            forget.check_reason(self.ledger, memory_ids, reason)

    def forget_apply(
        self, plan: ForgetPlan, *, reason: str | None = None, actor: str | None = None
    ) -> ForgetResult:
        from memaudit import forget

        return forget.apply(self.ledger, plan, reason=reason, actor=actor)

    def stage_batch(
        self,
        candidates: Sequence[review.Candidate],
        *,
        actor: str | None = None,
        remember: bool = True,
    ) -> list[review.Staged]:
        from memaudit import review

        return review.stage_batch(self.ledger, candidates, actor=actor, remember=remember)

    def approve(
        self,
        memory_id: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
        promote: bool = False,
    ) -> Memory:
        from memaudit import review

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
        from memaudit import review

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
        from memaudit import review

        return review.approve_many(self.ledger, items, actor=actor, promote=promote)

    def reject_many(
        self, items: Sequence[tuple[str, int | None]], reason: str, *, actor: str | None = None
    ) -> None:
        from memaudit import review

        review.reject_many(self.ledger, items, reason, actor=actor)

    def edit(
        self,
        memory_id: str,
        content: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> Memory:
        from memaudit import review

        return review.edit(
            self.ledger, memory_id, content, expected_version=expected_version, actor=actor
        )

    def unapprove_many(
        self, items: Sequence[tuple[str, int | None]], *, actor: str | None = None
    ) -> list[Memory]:
        from memaudit import review

        return review.unapprove_many(self.ledger, items, actor=actor)

    def unreject(
        self, items: Sequence[tuple[Memory, Sequence[Edge]]], *, actor: str | None = None
    ) -> list[Memory]:
        from memaudit import review

        return review.unreject(self.ledger, items, actor=actor)

    def record_access(self, memory_id: str, *, actor: str | None = None) -> Memory:
        from memaudit import review

        return review.record_access(self.ledger, memory_id, actor=actor)

    def set_pinned(self, memory_id: str, pinned: bool, *, actor: str | None = None) -> None:
        from memaudit import review

        review.set_pinned(self.ledger, memory_id, pinned, actor=actor)

    def link(
        self,
        child_id: str,
        parent_ids: Sequence[str],
        relation: Relation,
        *,
        actor: str | None = None,
    ) -> None:
        from memaudit import review

        review.link(self.ledger, child_id, parent_ids, relation, actor=actor)

    def set_policy(self, key: str, value: object, *, actor: str | None = None) -> object:
        return rows.set_policy(self.ledger, key, value, actor=actor)

    def mark_disputed(self, newer_id: str, older_id: str) -> None:
        rows.mark_disputed(self.ledger, newer_id, older_id)

    def mark_validated(self, memory_ids: Sequence[str], *, actor: str) -> None:
        rows.mark_validated(self.ledger, memory_ids, actor=actor)

    def lifecycle_table(self) -> LifecycleTable:
        from memaudit import decay

        return decay.native_table(self.ledger)

    def records(self, *, writable: bool) -> Ledger | None:
        return self.ledger

    def request_ledger(self) -> Ledger | None:
        return self.ledger

    def supersede(self, new_id: str, old_id: str, *, actor: str, reason: str | None) -> None:
        from memaudit import conflicts

        conflicts.supersede_native(self.ledger, new_id, old_id, actor=actor, reason=reason)

    def restore(self, memory_id: str, *, actor: str | None, reason: str | None) -> dict[str, Any]:
        from memaudit import decay

        return decay.restore_native(self.ledger, memory_id, actor=actor, reason=reason)

    def unsupersede(
        self, memory_id: str, *, actor: str | None, reason: str | None
    ) -> dict[str, Any]:
        from memaudit import conflicts

        return conflicts.unsupersede_native(self.ledger, memory_id, actor=actor, reason=reason)

    def close(self) -> None:
        self.ledger.close()


def looks_like_ledger(path: Path) -> bool:
    """Cheap check for adapter detection. Any file may be asked, so it is opened the
    way foreign stores are (``connect_ro``: no byte of it or its -wal/-shm changes)."""
    try:
        check_ledger_file(path)
        conn = sqlite_probe.connect_ro(path)
    except (MemauditError, sqlite3.Error):
        return False
    try:
        return is_ledger(conn)
    except sqlite3.Error:
        return False
    finally:
        conn.close()


class NativeAdapter(Adapter):
    name = "native"
    description = "memaudit's own ledger (SQLite): provenance, gate, lineage, verified forget"
    capabilities = ALL
    tested_against = "stores written by memaudit itself"

    @classmethod
    def detect(cls, location: str) -> float:
        path = Path(location)
        # Look at a foreign file without SQLite creating -wal/-shm beside it (a plain
        # mode=ro open of a WAL-mode file does): no memaudit_meta table, not ours.
        if path.is_file() and sqlite_probe.looks_like_sqlite(path):
            try:
                conn = sqlite_probe.connect_ro(path)
                try:
                    if "memaudit_meta" not in sqlite_probe.table_names(conn):
                        return 0.0
                finally:
                    conn.close()
            except Exception:
                return 0.0
        return 1.0 if looks_like_ledger(path) else 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> NativeStore:
        return NativeStore(Ledger.open(location, readonly=not writable, **options))
