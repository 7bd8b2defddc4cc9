from memaudit.model import Memory, SourceType, TrustTier
from memaudit.trust import is_flagged, source_types_for, tier_of, weakest


def test_tiers_follow_the_brief_hierarchy() -> None:
    assert tier_of(SourceType.USER_STATEMENT) is TrustTier.T1
    assert tier_of(SourceType.TOOL_OBSERVATION) is TrustTier.T1
    assert tier_of(SourceType.EXTERNAL_DOCUMENT) is TrustTier.T2
    assert tier_of(SourceType.EXTRACTION) is TrustTier.T3
    assert tier_of(SourceType.SUMMARY) is TrustTier.T4
    for s in (SourceType.INFERENCE, SourceType.REFLECTION, SourceType.ASSISTANT_MESSAGE):
        assert tier_of(s) is TrustTier.T5


def test_unknown_ranks_lowest_and_is_flagged() -> None:
    assert tier_of(SourceType.UNKNOWN) is TrustTier.T5
    assert is_flagged(SourceType.UNKNOWN)
    assert not is_flagged(SourceType.USER_STATEMENT)


def test_derived_memory_has_its_own_tier_not_its_parents() -> None:
    summary = Memory(id="s", content="User prefers PostgreSQL.", source_type=SourceType.SUMMARY)
    assert summary.trust_tier is TrustTier.T4
    assert summary.to_dict()["trust_tier"] == "T4"


def test_weakest_tier_of_a_path() -> None:
    assert weakest([TrustTier.T1, TrustTier.T4, TrustTier.T2]) is TrustTier.T4
    assert weakest([]) is None
    assert SourceType.SUMMARY in source_types_for(TrustTier.T4)
