"""The canonical model: what a memory is, whatever store it came from.

Adapters map their store's rows onto these types; every command works on them.
The enums' string values are what the native ledger stores and what ``--json`` prints.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from memaudit.errors import InvalidInput


class SourceType(StrEnum):
    USER_STATEMENT = "user_statement"
    TOOL_OBSERVATION = "tool_observation"
    EXTERNAL_DOCUMENT = "external_document"
    EXTRACTION = "extraction"
    SUMMARY = "summary"
    INFERENCE = "inference"
    REFLECTION = "reflection"
    ASSISTANT_MESSAGE = "assistant_message"
    UNKNOWN = "unknown"

    @classmethod
    def parse(cls, value: str) -> SourceType:
        try:
            return cls(value.strip().lower())
        except ValueError:
            valid = ", ".join(s.value for s in cls)
            raise InvalidInput(f"unknown source type {value!r}; valid: {valid}") from None


class TrustTier(StrEnum):
    """T1 is the most trusted; T5 the least. Ordering follows the tier number."""

    T1 = "T1"  # explicit user statements, direct tool observations
    T2 = "T2"  # trusted external data
    T3 = "T3"  # deterministic extraction
    T4 = "T4"  # summaries
    T5 = "T5"  # model inference, reflection, assistant output (and unknown)

    @property
    def rank(self) -> int:
        return int(self.value[1])

    @classmethod
    def parse(cls, value: str) -> TrustTier:
        text = value.strip().upper()
        if text.isdigit():
            text = "T" + text
        try:
            return cls(text)
        except ValueError:
            raise InvalidInput(f"unknown trust tier {value!r}; valid: T1, T2, T3, T4, T5") from None


# A memory's tier comes from its *own* source type (``memaudit.trust`` says why).
TIER_OF: dict[SourceType, TrustTier] = {
    SourceType.USER_STATEMENT: TrustTier.T1,
    SourceType.TOOL_OBSERVATION: TrustTier.T1,
    SourceType.EXTERNAL_DOCUMENT: TrustTier.T2,
    SourceType.EXTRACTION: TrustTier.T3,
    SourceType.SUMMARY: TrustTier.T4,
    SourceType.INFERENCE: TrustTier.T5,
    SourceType.REFLECTION: TrustTier.T5,
    SourceType.ASSISTANT_MESSAGE: TrustTier.T5,
    SourceType.UNKNOWN: TrustTier.T5,
}


class Severity(StrEnum):
    """How bad a finding is (an audit finding or a lineage finding). Listed from the
    least to the most severe; ``rank`` grows with severity."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"

    @property
    def rank(self) -> int:
        return {"low": 1, "medium": 2, "high": 3}[self.value]

    @classmethod
    def parse(cls, value: str) -> Severity:
        try:
            return cls(value.strip().lower())
        except ValueError:
            raise InvalidInput(f"unknown severity {value!r}; valid: low, medium, high") from None


class Status(StrEnum):
    PENDING = "pending"
    ACTIVE = "active"
    ARCHIVED = "archived"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    REJECTED = "rejected"
    FORGOTTEN = "forgotten"

    @classmethod
    def parse(cls, value: str) -> Status:
        try:
            return cls(value.strip().lower())
        except ValueError:
            valid = ", ".join(s.value for s in cls)
            raise InvalidInput(f"unknown status {value!r}; valid: {valid}") from None


class Validation(StrEnum):
    UNVALIDATED = "unvalidated"
    VALIDATED = "validated"
    DISPUTED = "disputed"


class Relation(StrEnum):
    """How a derived memory relates to what it was built from."""

    SUMMARIZES = "summarizes"
    INFERS = "infers"
    REFLECTS_ON = "reflects_on"
    EXTRACTS = "extracts"
    MERGES = "merges"
    DERIVED = "derived"  # a store says "derived from" without saying how

    @classmethod
    def parse(cls, value: str) -> Relation:
        try:
            return cls(value.strip().lower())
        except ValueError:
            valid = ", ".join(r.value for r in cls)
            raise InvalidInput(f"unknown relation {value!r}; valid: {valid}") from None


@dataclass(slots=True)
class Memory:
    id: str
    content: str
    source_type: SourceType = SourceType.UNKNOWN
    status: Status = Status.ACTIVE
    summary: str | None = None
    tags: list[str] = field(default_factory=list)
    source_ref: str | None = None
    confidence: float | None = None
    importance: float | None = None
    scope: str | None = None
    validation: Validation = Validation.UNVALIDATED
    validated_by: str | None = None
    validated_at: str | None = None
    derived: bool = False
    superseded_by: str | None = None
    contradicted_by: str | None = None
    created_at: str | None = None
    updated_at: str | None = None
    last_accessed: str | None = None
    access_count: int = 0
    decay_score: float | None = None
    expires_at: str | None = None
    pinned: bool = False
    created_by: str | None = None
    version: int = 1
    # Provider-specific fields the canonical model has no slot for (shown by `show`).
    extra: dict[str, Any] = field(default_factory=dict)
    # What the store cannot tell (e.g. "no timestamps", "no source") — shown as flags.
    missing: list[str] = field(default_factory=list)

    @property
    def trust_tier(self) -> TrustTier:
        return TIER_OF[self.source_type]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["trust_tier"] = self.trust_tier.value
        for key, value in list(data.items()):
            if isinstance(value, StrEnum):
                data[key] = value.value
        return data


@dataclass(slots=True, frozen=True)
class Edge:
    """``child_id`` was derived from ``parent_id`` by ``relation``."""

    child_id: str
    parent_id: str
    relation: Relation = Relation.DERIVED
    created_at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "child_id": self.child_id,
            "parent_id": self.parent_id,
            "relation": self.relation.value,
            "created_at": self.created_at,
        }


@dataclass(slots=True, frozen=True)
class Event:
    """One line of a store's history. Never holds forgotten or rejected content."""

    id: int | str | None
    at: str | None
    actor: str | None
    action: str
    memory_id: str | None = None
    reason: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class MemoryFilter:
    """What `ls` and friends ask a store for. Every field is optional."""

    statuses: list[Status] | None = None
    tiers: list[TrustTier] | None = None
    source_types: list[SourceType] | None = None
    search: str | None = None  # full-text query
    since: str | None = None  # created_at >= since (ISO)
    ids: list[str] | None = None
    limit: int | None = None
    offset: int = 0
    oldest_first: bool = False

    def source_type_set(self) -> list[SourceType] | None:
        """Tiers and source types folded into one list of source types (or None = all)."""
        chosen: set[SourceType] | None = None
        if self.source_types:
            chosen = set(self.source_types)
        if self.tiers:
            by_tier = {s for s, t in TIER_OF.items() if t in self.tiers}
            chosen = by_tier if chosen is None else chosen & by_tier
        return None if chosen is None else sorted(chosen, key=lambda s: s.value)
