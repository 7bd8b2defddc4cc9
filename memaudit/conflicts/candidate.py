"""The candidate model (``ConflictCandidate``), what a comparison reads of a memory
(``Comparable``), and the evidence sentences both searches write."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from memaudit.change_statements import ChangeStatement


@dataclass(slots=True)
class ConflictCandidate:
    """A *candidate* contradiction: evidence for a person, never a verdict."""

    newer_id: str
    older_id: str
    slot: str
    newer_values: list[str]
    older_values: list[str]
    score: float
    evidence: list[str] = field(default_factory=list)
    scope_differs: bool = False
    status: str = "candidate"  # candidate | disputed (staged for review)
    # The change statement that makes ``newer_id`` the candidate winner: old, new, kind,
    # language, span ("moved from poetry to uv"); None for a pair told apart by slot only.
    change: dict[str, Any] | None = None

    def other(self, memory_id: str) -> str:
        return self.older_id if memory_id == self.newer_id else self.newer_id

    @property
    def pair(self) -> tuple[str, str]:
        return pair_key(self.newer_id, self.older_id)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["verdict"] = "candidate — not validated; resolve it with `memaudit resolve`"
        return data


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


def scope_note(older: Comparable, newer: Comparable) -> tuple[bool, str | None]:
    """Whether the two memories hold for different scopes, and what the evidence says."""
    if older.scope and newer.scope and older.scope != newer.scope:
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
