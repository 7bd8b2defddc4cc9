"""The finding model: what a detector reports, how bad it is, and one detector's run."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from memaudit.model import Severity

if TYPE_CHECKING:
    from memaudit.audit.registry import Detector


class Pattern(StrEnum):
    SELF_ECHO = "self_echo"
    SUMMARY_DRIFT = "summary_drift"
    REFLECTION = "reflection_amplification"
    RETRIEVAL = "retrieval_amplification"
    CONTRADICTION_COLLAPSE = "contradiction_collapse"
    USER_MODEL = "user_model"
    SELF_MODEL = "self_model"
    DUPLICATES = "duplicates"
    STALE_PENDING = "stale_pending"
    STALE_LOCKIN = "stale_lockin"
    DESTRUCTIVE_CONSOLIDATION = "destructive_consolidation"
    INJECTED_INSTRUCTION = "injected_instruction"

    @property
    def label(self) -> str:
        return PATTERN_TITLES[self]


PATTERN_TITLES = {
    Pattern.SELF_ECHO: "1. assistant self-echo",
    Pattern.SUMMARY_DRIFT: "2. summary-of-summary drift",
    Pattern.REFLECTION: "3. reflection amplification",
    Pattern.RETRIEVAL: "4. retrieval amplification",
    Pattern.CONTRADICTION_COLLAPSE: "5. contradiction collapse",
    Pattern.USER_MODEL: "6. user-model reinforcement",
    Pattern.SELF_MODEL: "7. agent self-model reinforcement",
    Pattern.DUPLICATES: "duplicates",
    Pattern.STALE_PENDING: "stale pending",
    Pattern.STALE_LOCKIN: "stale lock-in",
    Pattern.DESTRUCTIVE_CONSOLIDATION: "destructive consolidation",
    Pattern.INJECTED_INSTRUCTION: "injected instructions",
}


@dataclass(slots=True, frozen=True)
class Finding:
    pattern: Pattern
    detector: str
    severity: Severity
    memory_ids: tuple[str, ...]
    evidence: str  # what was found, with numbers a person can check
    suggestion: str  # a command that helps
    rule: str
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pattern": self.pattern.value,
            "detector": self.detector,
            "severity": self.severity.value,
            "memory_ids": list(self.memory_ids),
            "evidence": self.evidence,
            "suggestion": self.suggestion,
            "rule": self.rule,
            "detail": self.detail,
        }


@dataclass(slots=True)
class Result:
    """One detector's run: its findings (up to the policy's cap) and their counts."""

    detector: Detector
    checked: bool = True
    why_unchecked: str = ""
    findings: list[Finding] = field(default_factory=list)
    counts: dict[Severity, int] = field(default_factory=lambda: dict.fromkeys(Severity, 0))
    stats: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def worst(self) -> Severity | None:
        present = [s for s, n in self.counts.items() if n]
        return max(present, key=lambda s: s.rank) if present else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "detector": self.detector.name,
            "pattern": self.detector.pattern.value,
            "rule": self.detector.rule,
            "checked": self.checked,
            "why_unchecked": self.why_unchecked or None,
            "counts": {s.value: n for s, n in self.counts.items()},
            "total": self.total,
            "listed": len(self.findings),
            "stats": self.stats,
            "seconds": round(self.seconds, 3),
        }
