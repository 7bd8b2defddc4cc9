"""The trust hierarchy, in one place.

Rules (docs/concepts.md, "Trust tiers"):
- a memory's tier comes from its *own* source type, never from what it was built on,
  so a summary of a user statement is T4, not T1;
- ``unknown`` ranks with the lowest tier (T5) and is flagged, because a store that
  cannot say where a memory came from gives no reason to trust it;
- the effective trust of a lineage is its weakest tier.
"""

from __future__ import annotations

from collections.abc import Iterable

from memaudit.model import TIER_OF, SourceType, TrustTier

# Source types that claim to be direct observations of the world or the user.
OBSERVATION_TYPES = frozenset({SourceType.USER_STATEMENT, SourceType.TOOL_OBSERVATION})
# Source types whose content is model output.
MODEL_OUTPUT_TYPES = frozenset(
    {SourceType.INFERENCE, SourceType.REFLECTION, SourceType.ASSISTANT_MESSAGE, SourceType.SUMMARY}
)
# Source types that are derived by nature, whatever their edges say.
DERIVED_TYPES = frozenset(
    {
        SourceType.EXTRACTION,
        SourceType.SUMMARY,
        SourceType.INFERENCE,
        SourceType.REFLECTION,
        SourceType.ASSISTANT_MESSAGE,
    }
)


def tier_of(source_type: SourceType) -> TrustTier:
    return TIER_OF[source_type]


def is_flagged(source_type: SourceType) -> bool:
    """``unknown`` provenance is always worth a flag."""
    return source_type is SourceType.UNKNOWN


def source_types_for(tier: TrustTier) -> list[SourceType]:
    return [s for s, t in TIER_OF.items() if t is tier]


def weakest(tiers: Iterable[TrustTier]) -> TrustTier | None:
    """The least trusted tier of a path (highest number), or None for an empty path."""
    result: TrustTier | None = None
    for tier in tiers:
        if result is None or tier.rank > result.rank:
            result = tier
    return result
