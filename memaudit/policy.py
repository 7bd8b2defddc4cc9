"""The policy a store is governed by, kept in the store itself.

Defaults are the preferred policy for a self-hosted engineering assistant
(docs/concepts.md):
observations may become memory after review, summaries are queued as derived, and
model conclusions (inference, reflection, assistant output) stay transient unless a
person promotes them. Each key can be changed with ``memaudit policy set``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from memaudit.errors import InvalidInput
from memaudit.model import SourceType

# Where a staged candidate goes, by its source type.
ROUTES = ("pending", "transient", "active")
# Where a candidate holding the text of a forgotten memory goes (memaudit.resurrection).
RESURRECTED_ROUTES = ("pending", "refuse")


@dataclass(frozen=True, slots=True)
class PolicyKey:
    key: str
    default: Any
    help: str
    kind: type


def _route_keys() -> list[PolicyKey]:
    transient = {SourceType.INFERENCE, SourceType.REFLECTION, SourceType.ASSISTANT_MESSAGE}
    return [
        PolicyKey(
            f"route.{s.value}",
            "transient" if s in transient else "pending",
            f"where a staged {s.value} goes: pending (review), transient (refused unless "
            "--promote), active (no review — not recommended)",
            str,
        )
        for s in SourceType
    ]


KEYS: dict[str, PolicyKey] = {
    k.key: k
    for k in [
        *_route_keys(),
        PolicyKey(
            "route.resurrected",
            "pending",
            "where a candidate holding the text of a forgotten memory goes: pending (flagged "
            "RESURRECTED, first in the queue) or refuse (nothing written)",
            str,
        ),
        PolicyKey("max_content_chars", 16000, "longest content the gate accepts", int),
        PolicyKey("stale_pending_days", 7.0, "pending longer than this is flagged stale", float),
        PolicyKey(
            "decay.half_life_days", 30.0, "decay halves the score every this many idle days", float
        ),
        PolicyKey(
            "decay.threshold",
            0.1,
            "active memories whose decay score falls below this are archived",
            float,
        ),
        PolicyKey("decay.access_bonus", 0.03, "freshness bonus per recorded access", float),
        PolicyKey("decay.access_bonus_cap", 0.3, "cap on the total access bonus", float),
        PolicyKey(
            "duplicates.similarity",
            0.8,
            "shingle similarity at which two memories are near-duplicates",
            float,
        ),
        PolicyKey(
            "audit.access_top_percentile",
            99.0,
            "access counts above this percentile are retrieval-amplified",
            float,
        ),
        PolicyKey(
            "audit.mass_invalidation_share",
            0.3,
            "a consolidation run invalidating more than this share is contradiction collapse",
            float,
        ),
        PolicyKey(
            "audit.stale_lockin_days",
            60.0,
            "an active memory older than this with a newer contradiction is stale lock-in",
            float,
        ),
        PolicyKey(
            "audit.high_importance", 7.0, "importance at or above this counts as high", float
        ),
        PolicyKey(
            "audit.max_findings",
            200,
            "at most this many findings listed per detector (all are counted)",
            int,
        ),
        PolicyKey(
            "audit.summary_depth",
            2,
            "summarisation steps between a memory and its evidence that make summary drift",
            int,
        ),
        PolicyKey(
            "audit.topic_min_terms",
            2,
            "key terms an interpretation must share with an observation to be on its topic",
            int,
        ),
        PolicyKey(
            "audit.reflection_min_observations",
            2,
            "observations on its topic that make an unmarked interpretation reflection amplification",
            int,
        ),
        PolicyKey(
            "audit.access_min_count",
            10,
            "an access count below this is never retrieval-amplified",
            int,
        ),
        PolicyKey(
            "audit.access_min_ratio",
            5.0,
            "an amplified access count is at least this many times the store's mean",
            float,
        ),
        PolicyKey(
            "audit.min_independent_evidence",
            2,
            "distinct observations a heavily retrieved derived memory needs to not be thin",
            int,
        ),
        PolicyKey(
            "audit.max_fresh_share",
            0.5,
            "share of idle memories at maximum freshness (or pinned) above which decay is not working",
            float,
        ),
        PolicyKey(
            "audit.min_memories_for_share",
            20,
            "store-wide shares are judged only when at least this many memories count",
            int,
        ),
        PolicyKey(
            "audit.mass_invalidation_min",
            5,
            "a consolidation run invalidating fewer memories than this is never mass invalidation",
            int,
        ),
        PolicyKey(
            "audit.consolidation_window_minutes",
            10.0,
            "invalidation events of one actor this close together form one run (if no run id)",
            float,
        ),
        PolicyKey(
            "injection.threshold",
            0.5,
            "injected-instruction score (text signals × source weight) at which a memory is "
            "flagged (audit finding, review flag INJ)",
            float,
        ),
        PolicyKey(
            "injection.medium",
            0.65,
            "injected-instruction score at which the finding is medium",
            float,
        ),
        PolicyKey(
            "injection.high",
            0.8,
            "injected-instruction score at which the finding is high",
            float,
        ),
        PolicyKey(
            "audit.user_model_inference_share",
            0.5,
            "share of model output in a user trait's lineage above which it is reinforcement",
            float,
        ),
    ]
}


def coerce(key: str, raw: Any) -> Any:
    spec = KEYS.get(key)
    if spec is None:
        known = ", ".join(sorted(KEYS))
        raise InvalidInput(f"unknown policy key {key!r}; known keys: {known}")
    try:
        value = spec.kind(raw)
    except (TypeError, ValueError):
        raise InvalidInput(f"policy {key} needs a {spec.kind.__name__}, got {raw!r}") from None
    if key == "route.resurrected":
        if value not in RESURRECTED_ROUTES:
            raise InvalidInput(
                f"policy {key} must be one of {', '.join(RESURRECTED_ROUTES)}, got {raw!r}"
            )
    elif key.startswith("route.") and value not in ROUTES:
        raise InvalidInput(f"policy {key} must be one of {', '.join(ROUTES)}, got {raw!r}")
    if spec.kind in (int, float) and value < 0:
        raise InvalidInput(f"policy {key} cannot be negative")
    return value


def parse_value(key: str, text: str) -> Any:
    """A value typed on the command line (JSON, else the text itself), checked for
    ``key``."""
    try:
        raw: Any = json.loads(text)
    except ValueError:
        raw = text
    return coerce(key, raw)


class Policy:
    """A read view of a store's policy: stored values over the defaults."""

    def __init__(self, stored: dict[str, Any] | None = None) -> None:
        self._stored = dict(stored or {})

    @classmethod
    def from_rows(cls, rows: list[tuple[str, str]]) -> Policy:
        stored: dict[str, Any] = {}
        for key, raw in rows:
            if key in KEYS:
                try:
                    stored[key] = coerce(key, json.loads(raw))
                except (InvalidInput, ValueError):
                    continue  # a damaged value falls back to the default
        return cls(stored)

    def get(self, key: str) -> Any:
        if key in self._stored:
            return self._stored[key]
        return KEYS[key].default

    def route(self, source_type: SourceType) -> str:
        return str(self.get(f"route.{source_type.value}"))

    def items(self) -> list[dict[str, Any]]:
        return [
            {
                "key": k,
                "value": self.get(k),
                "default": spec.default,
                "changed": k in self._stored and self._stored[k] != spec.default,
                "help": spec.help,
            }
            for k, spec in KEYS.items()
        ]
