"""What the analysis returns: hits, thresholds and the assessment a finding or a
review flag is made from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from memaudit.injection.kinds import HARD, LABEL, Signal
from memaudit.textsafety import reveal


@dataclass(slots=True, frozen=True)
class Hit:
    """One signal: its kind, where it is, how much it counts here and why."""

    signal: Signal
    start: int
    end: int
    weight: float  # after the context discount, before the source weight
    note: str = ""  # e.g. what an encoded run decodes to, or why it was discounted
    hidden: bool = False  # found inside a hidden carrier (comment, encoding, tag characters)

    @property
    def hard(self) -> bool:
        return self.signal in HARD or self.hidden

    def to_dict(self) -> dict[str, Any]:
        return {
            "signal": self.signal.value,
            "label": LABEL[self.signal],
            "start": self.start,
            "end": self.end,
            "weight": round(self.weight, 3),
            "hard": self.hard,
            "note": self.note,
        }


@dataclass(slots=True, frozen=True)
class Thresholds:
    flag: float = 0.5
    medium: float = 0.65
    high: float = 0.8

    @classmethod
    def from_policy(cls, policy: Any) -> Thresholds:
        return cls(
            float(policy.get("injection.threshold")),
            float(policy.get("injection.medium")),
            float(policy.get("injection.high")),
        )


@dataclass(slots=True)
class Assessment:
    score: float
    text_score: float  # the same hits with every source weight at 1
    source_weight: float
    source_reason: str
    hits: list[Hit] = field(default_factory=list)
    severity: str | None = None  # low / medium / high, or None below the threshold
    tier: str = ""

    @property
    def flagged(self) -> bool:
        return self.severity is not None

    def top_hits(self) -> list[Hit]:
        """The strongest hit of each kind, strongest first (what the score counts)."""
        best: dict[Signal, Hit] = {}
        for h in self.hits:
            if h.signal not in best or h.weight > best[h.signal].weight:
                best[h.signal] = h
        return sorted(best.values(), key=lambda h: (-h.weight, h.start))

    def spans(self) -> list[tuple[int, int]]:
        return [(h.start, h.end) for h in self.hits if h.end > h.start]

    def describe(self, text: str, width: int = 60) -> list[str]:
        """One line per counted signal: label, the triggering text (revealed), offsets."""
        out = []
        for h in self.top_hits():
            quoted = reveal(_cut(text[h.start : h.end], width))
            line = f"{LABEL[h.signal]} “{quoted}” [{h.start}:{h.end}]"
            if h.note:
                line += f" ({h.note})"
            out.append(line)
        return out

    def to_dict(self, text: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "score": round(self.score, 3),
            "text_score": round(self.text_score, 3),
            "severity": self.severity,
            "source_weight": round(self.source_weight, 3),
            "source_reason": self.source_reason,
            "tier": self.tier,
            "signals": [h.to_dict() for h in self.top_hits()],
        }
        if text is not None:
            for entry, h in zip(data["signals"], self.top_hits(), strict=True):
                entry["text"] = text[h.start : h.end][:200]
        return data


# The probability the learned hit's note opens with (``engine._learned``).
_PROBABILITY = re.compile(r"p \d\.\d+")


def counted_at_full(hits: list[Hit]) -> str:
    """Why a source's weight did not apply to the learned scorer's hit, for the reason an
    assessment gives (a sure verdict over the user's voice, ``LEARNED_OVER_USER``): its
    score is then above what "weighed by its source" says. Empty with no such hit."""
    learned = [h for h in hits if h.signal is Signal.LEARNED]
    if not learned:
        return ""
    best = max(learned, key=lambda h: h.weight)
    said = _PROBABILITY.match(best.note)
    sure = said.group() if said else f"weight {best.weight:.2f}"
    return f"; but the learned scorer is sure ({sure}): counted at full over the user's voice"


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
