"""What detectors read: the store's canonical rows as SQL (the native ledger's table
shapes), its policy, the time, and what it records; with the small helpers every
detector shares."""

from __future__ import annotations

import json
import sqlite3
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from memaudit.audit.finding import Finding, Result
from memaudit.clock import to_iso
from memaudit.model import Severity
from memaudit.policy import Policy
from memaudit.trust import MODEL_OUTPUT_TYPES, OBSERVATION_TYPES

if TYPE_CHECKING:
    from memaudit.store import Store


# Source types as SQL lists (values are fixed enum strings, safe to inline).
MODEL_SQL = "(" + ",".join(f"'{s.value}'" for s in sorted(MODEL_OUTPUT_TYPES)) + ")"
T5_SQL = "('inference','reflection','assistant_message')"
OBSERVATION_SQL = "(" + ",".join(f"'{s.value}'" for s in sorted(OBSERVATION_TYPES)) + ")"
# What a supersession destroys when the replacement is weaker: observations and documents.
AUTHORITATIVE_SQL = "('user_statement','tool_observation','external_document')"
APPROVAL_ACTIONS = ("approve", "promote")
VALIDATION_ACTIONS = ("validate", "resolve")
INVALIDATION_ACTIONS = ("supersede", "invalidate")
ASSISTANT_ROLES = ("assistant", "ai", "agent")


class NotChecked(Exception):
    """Raised by a detector when the store lacks what its rule needs."""


# Lifecycle fields a detector may need: the columns that hold it, and the SQL that is
# true of a memory for which the store recorded it.
LIFECYCLE: dict[str, tuple[str, str]] = {
    "importance": ("importance", "importance IS NOT NULL"),
    "access": ("last_accessed, access_count", "last_accessed IS NOT NULL OR access_count > 0"),
    "created_at": ("created_at", "coalesce(created_at, '') != ''"),
}


class Ctx:
    """What detectors read: a connection with the ledger's table shapes, the policy,
    the time, and what the store records."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        policy: Policy,
        now: datetime,
        *,
        has_events: bool,
        has_edges: bool,
        role_column: bool,
        result: Result,
        store: Store | None = None,
        memo: dict[str, Any] | None = None,
        remember: bool = True,
    ) -> None:
        self.store = store
        # Whether judgements may be kept across runs (``audit --no-cache``: no).
        self.remember = remember
        # What one detector computes that another can reuse, for one audit run.
        self.memo: dict[str, Any] = {} if memo is None else memo
        self.conn = conn
        self.policy = policy
        self.now = now
        self.has_events = has_events
        self.has_edges = has_edges
        # SQL for the provider's role field; the native ledger has none.
        self.role = "role" if role_column else "NULL"
        self.result = result
        self.cap = int(policy.get("audit.max_findings"))

    def cutoff(self, days: float) -> str:
        return to_iso(self.now - timedelta(days=days))

    def need_events(self) -> None:
        if not self.has_events:
            raise NotChecked("the store records no events")

    def high_importance(self) -> float:
        """audit.high_importance (0-10) on this store's importance scale."""
        scale = self.store.importance_scale if self.store is not None else 10.0
        return float(self.policy.get("audit.high_importance")) * scale / 10.0

    def importance_text(self, value: float) -> str:
        """An importance as the store records it, with its scale when not memaudit's."""
        scale = self.store.importance_scale if self.store is not None else 10.0
        return f"{value:g}" if scale == 10.0 else f"{value:g} (of {scale:g})"

    def need_fields(self, *fields: str) -> None:
        """Raise ``NotChecked`` naming each lifecycle field (``LIFECYCLE``) that this
        store does not record: neither declared by its adapter nor present on any row."""
        declared = self.store.lifecycle_fields if self.store is not None else frozenset()
        missing = []
        for name in fields:
            if name in declared:
                continue
            key = f"recorded:{name}"
            if key not in self.memo:
                columns, recorded = LIFECYCLE[name]
                (found,) = self.conn.execute(
                    f"SELECT EXISTS (SELECT 1 FROM memories WHERE {recorded})"
                ).fetchone()
                self.memo[key] = bool(found)
            if not self.memo[key]:
                missing.append(LIFECYCLE[name][0])
        if missing:
            raise NotChecked(f"the store records no {' and no '.join(missing)} (no memory has one)")

    def need_edges(self) -> None:
        if not self.has_edges:
            raise NotChecked("the store records no derivation edges")

    @property
    def full(self) -> bool:
        """The listing is at its cap: further findings are only counted, so a detector
        can skip composing their evidence (``count``)."""
        return bool(self.cap) and len(self.result.findings) >= self.cap

    def count(self, severity: Severity, causes: Iterable[str] = ()) -> None:
        """A finding only counted (the listing is full); ``causes``: the memories it
        names besides its subject, as ``add`` would have."""
        self.result.counts[severity] += 1
        # Counter.update's own loop (a mapping's keys counted once each, as the ids of
        # a tuple): without update's Python-level checks, a third of a call's cost
        # when a detector counts 600k findings at 1M.
        _count_elements(self.result.causes, causes)

    def add(
        self,
        severity: Severity,
        memory_ids: Iterable[str],
        evidence: str,
        suggestion: str,
        **detail: Any,
    ) -> None:
        res = self.result
        res.counts[severity] += 1
        ids = tuple(memory_ids)
        res.causes.update(ids[1:])
        if self.cap and len(res.findings) >= self.cap:
            return
        res.findings.append(
            Finding(
                res.detector.pattern,
                res.detector.name,
                severity,
                ids,
                evidence,
                suggestion,
                res.detector.rule,
                detail,
            )
        )

    def rows(self, sql: str, params: Iterable[Any] = ()) -> Iterator[tuple[Any, ...]]:
        return iter(self.conn.execute(sql.replace("{role}", self.role), tuple(params)))


def ids_json(ids: Iterable[str]) -> str:
    return json.dumps(list(ids))


def short(text: str, width: int = 70) -> str:
    from memaudit.textsafety import preview

    return preview(text, width)


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"
