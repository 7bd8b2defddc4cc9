"""The candidate model (``ConflictCandidate``), what a comparison reads of a memory
(``Comparable``), and the evidence sentences both searches write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from memaudit.change_statements import ChangeStatement


@dataclass(slots=True, eq=False)
class ConflictCandidate:
    """A *candidate* contradiction: evidence for a person, never a verdict.

    ``evidence`` is written on first read, from ``writer`` (a function and what it
    reads): a large store has far more candidates than a listing shows, and their
    sentences took a fifth of ``find``'s time (issue 22)."""

    newer_id: str
    older_id: str
    slot: str
    newer_values: list[str]
    older_values: list[str]
    score: float
    scope_differs: bool = False
    status: str = "candidate"  # candidate | disputed (staged for review)
    # The change statement that makes ``newer_id`` the candidate winner: old, new, kind,
    # language, span ("moved from poetry to uv"); None for a pair told apart by slot only.
    change: dict[str, Any] | None = None
    written: list[str] | None = field(default=None, repr=False)
    writer: tuple[Callable[..., list[str]], tuple[Any, ...]] | None = field(
        default=None, repr=False
    )

    @property
    def evidence(self) -> list[str]:
        """The evidence sentences (written once, then this same list)."""
        if self.written is None:
            if self.writer is None:
                self.written = []
            else:
                write, args = self.writer
                self.written = write(*args)
                self.writer = None
        return self.written

    def other(self, memory_id: str) -> str:
        return self.older_id if memory_id == self.newer_id else self.newer_id

    @property
    def pair(self) -> tuple[str, str]:
        return pair_key(self.newer_id, self.older_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "newer_id": self.newer_id,
            "older_id": self.older_id,
            "slot": self.slot,
            "newer_values": list(self.newer_values),
            "older_values": list(self.older_values),
            "score": self.score,
            "evidence": list(self.evidence),
            "scope_differs": self.scope_differs,
            "status": self.status,
            "change": dict(self.change) if self.change is not None else None,
            "verdict": "candidate — not validated; resolve it with `memaudit resolve`",
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConflictCandidate):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was


def pair_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class Comparable(Protocol):
    """What ``find`` reads of a memory (a ``Memory`` has it; so has a ``Statement``)."""

    @property
    def id(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def created_at(self) -> str | None: ...
    @property
    def scope(self) -> str | None: ...


def scopes_differ(older: Comparable, newer: Comparable) -> bool:
    """Whether the two memories hold for different scopes (both may hold)."""
    return bool(older.scope and newer.scope and older.scope != newer.scope)


def scope_note(older: Comparable, newer: Comparable) -> tuple[bool, str | None]:
    """Whether the two memories hold for different scopes, and what the evidence says."""
    if scopes_differ(older, newer):
        return True, (
            f"scopes differ ({older.id}: {older.scope}; {newer.id}: {newer.scope}) — "
            "both may hold; consider --keep-both"
        )
    if older.scope and older.scope == newer.scope:
        return False, f"same scope: {older.scope}"
    return False, None


def change_dict(change: ChangeStatement, statement_id: str) -> dict[str, Any]:
    return {
        "statement_id": statement_id,
        "old": change.old,
        "new": change.new,
        "kind": change.kind.value,
        "language": change.language,
        "span": change.span,
    }


def change_evidence(newer: Comparable, change: ChangeStatement) -> str:
    what = f"{change.old or '?'} → {change.new or '(nothing named)'}"
    return (
        f"{newer.id} states a change ({change.language}): “{change.span}” ({what}); "
        "it is the candidate winner — nothing is superseded until a person resolves it"
    )


def recorded_later(older: Comparable, newer: Comparable) -> str:
    return (
        f"{older.id} was recorded after {newer.id} ({(older.created_at or '?')[:10]}): "
        "check that the change was not reverted"
    )
