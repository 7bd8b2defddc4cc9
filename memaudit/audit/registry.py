"""Every detector: its name, the pattern it reports, its rule in words and the policy
keys it reads. ``memaudit audit --help`` shows the rules; each finding carries its own."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from memaudit.audit.detectors.contradiction_collapse import (
    detect_mass_invalidation,
    detect_stated_change,
    detect_unvalidated_supersession,
)
from memaudit.audit.detectors.destructive_consolidation import detect_destructive_consolidation
from memaudit.audit.detectors.duplicates import detect_exact_duplicates, detect_near_duplicates
from memaudit.audit.detectors.injected_instruction import detect_injected_instruction
from memaudit.audit.detectors.reflection_amplification import detect_unmarked_interpretation
from memaudit.audit.detectors.retrieval_amplification import detect_hot_memory, detect_pinned_fresh
from memaudit.audit.detectors.self_echo import detect_self_echo
from memaudit.audit.detectors.self_model import detect_self_model
from memaudit.audit.detectors.stale_lockin import detect_idle_lockin, detect_stale_lockin
from memaudit.audit.detectors.stale_pending import detect_stale_pending
from memaudit.audit.detectors.summary_drift import detect_qualifier_loss, detect_summary_chain
from memaudit.audit.detectors.user_model import detect_user_model
from memaudit.audit.finding import Pattern
from memaudit.audit.view import (
    Ctx,
)
from memaudit.errors import InvalidInput


@dataclass(slots=True, frozen=True)
class Detector:
    name: str
    pattern: Pattern
    rule: str
    run: Callable[[Ctx], None]
    policy_keys: tuple[str, ...] = ()


# -- the registry -------------------------------------------------------------

DETECTORS: list[Detector] = [
    Detector(
        "self_echo",
        Pattern.SELF_ECHO,
        "An active memory that is assistant output (source type assistant_message, or the "
        "provider's role field says assistant) needs an approve or promote event; without "
        "one, the model's own answer became evidence.",
        detect_self_echo,
    ),
    Detector(
        "summary_chain",
        Pattern.SUMMARY_DRIFT,
        "A summary that is audit.summary_depth or more summarisation steps from its evidence "
        "(a summary of a summary) is reported with its chain; one step more is high.",
        detect_summary_chain,
        ("audit.summary_depth",),
    ),
    Detector(
        "qualifier_loss",
        Pattern.SUMMARY_DRIFT,
        "A derived memory must keep the qualifiers of its sources (usually, I think, may, "
        "but, for small tools, in staging...); one that dropped them states the claim more "
        "broadly than its evidence.",
        detect_qualifier_loss,
    ),
    Detector(
        "unmarked_interpretation",
        Pattern.REFLECTION,
        "An active inference or reflection with no derived-from edge that shares at least "
        "audit.topic_min_terms key terms with audit.reflection_min_observations or more "
        "active observations: the topic reads as N independent facts but is M observations "
        "plus conclusions drawn from them.",
        detect_unmarked_interpretation,
        ("audit.topic_min_terms", "audit.reflection_min_observations"),
    ),
    Detector(
        "hot_memory",
        Pattern.RETRIEVAL,
        "A derived memory retrieved at least as often as the audit.access_top_percentile "
        "percentile, audit.access_min_count times and audit.access_min_ratio times the mean, "
        "that rests on fewer than audit.min_independent_evidence observations: popularity, "
        "not evidence. The access distribution's concentration (top-1% share, Gini) is reported.",
        detect_hot_memory,
        (
            "audit.access_top_percentile",
            "audit.access_min_count",
            "audit.access_min_ratio",
            "audit.min_independent_evidence",
        ),
    ),
    Detector(
        "pinned_fresh",
        Pattern.RETRIEVAL,
        "More than audit.max_fresh_share of the active memories older than one decay half-life "
        "are pinned or at maximum freshness (judged when at least "
        "audit.min_memories_for_share memories count).",
        detect_pinned_fresh,
        ("audit.max_fresh_share", "audit.min_memories_for_share", "decay.half_life_days"),
    ),
    Detector(
        "unvalidated_supersession",
        Pattern.CONTRADICTION_COLLAPSE,
        "A superseded or invalidated memory needs a validate or resolve event (or a validated "
        "replacement); otherwise similarity alone decided which statement was true.",
        detect_unvalidated_supersession,
    ),
    Detector(
        "mass_invalidation",
        Pattern.CONTRADICTION_COLLAPSE,
        "One consolidation run (supersede/invalidate events with one detail.run, or one "
        "actor's events within audit.consolidation_window_minutes) that invalidated more than "
        "audit.mass_invalidation_share of the memories the store held, and at least "
        "audit.mass_invalidation_min of them — the 142-of-243 case of docs/concepts.md.",
        detect_mass_invalidation,
        (
            "audit.mass_invalidation_share",
            "audit.mass_invalidation_min",
            "audit.consolidation_window_minutes",
        ),
    ),
    Detector(
        "stated_change",
        Pattern.CONTRADICTION_COLLAPSE,
        "An active memory that still states a value a newer active memory says was changed "
        '("moved from X to Y", "no longer uses X", "X replaced by Y", "now Y instead '
        'of X"; English, French, Italian, Spanish), about the same thing (what changed is '
        "named in it, or they share a content word): an open contradiction that retrieval "
        "settles by similarity. The change statement is the candidate winner; a person "
        "resolves it. Pairs kept or resolved, and contradictions the store already records "
        "(stale_lockin), are not reported.",
        detect_stated_change,
    ),
    Detector(
        "inferred_user_trait",
        Pattern.USER_MODEL,
        "A profile entry, or a model conclusion about the user, whose lineage (itself and its "
        "ancestors) is more than audit.user_model_inference_share model output; high when no "
        "observation is in it at all.",
        detect_user_model,
        ("audit.user_model_inference_share",),
    ),
    Detector(
        "agent_self_model",
        Pattern.SELF_MODEL,
        "An active memory about the agent itself (the assistant/agent, or the agent speaking "
        "of itself in the first person) that is, or is derived from, the agent's own messages.",
        detect_self_model,
    ),
    Detector(
        "exact_duplicate",
        Pattern.DUPLICATES,
        "Active or pending memories whose text is identical after normalisation (case, "
        "whitespace, Unicode form, invisible characters).",
        detect_exact_duplicates,
    ),
    Detector(
        "near_duplicate",
        Pattern.DUPLICATES,
        "Active or pending memories whose word-trigram similarity (Jaccard) is at least "
        "duplicates.similarity, found by MinHash-style blocking (never all pairs) and "
        "confirmed exactly.",
        detect_near_duplicates,
        ("duplicates.similarity",),
    ),
    Detector(
        "stale_pending",
        Pattern.STALE_PENDING,
        "A pending memory older than stale_pending_days: the approval queue is rotting.",
        detect_stale_pending,
        ("stale_pending_days",),
    ),
    Detector(
        "stale_lockin",
        Pattern.STALE_LOCKIN,
        "An active memory older than audit.stale_lockin_days with importance at least "
        "audit.high_importance that a newer memory contradicts (contradicted_by or "
        "superseded_by set) is still retrieved as fresh.",
        detect_stale_lockin,
        ("audit.stale_lockin_days", "audit.high_importance"),
    ),
    Detector(
        "idle_lockin",
        Pattern.STALE_LOCKIN,
        "An active, unpinned memory with importance at least audit.high_importance, written "
        "more than audit.stale_lockin_days ago and not retrieved for as long (or never), "
        "that the store does not let fade (no decay score below 0.5): it weighs as much as "
        "the day it was written. Medium when it is an investigation or a plan "
        '("investigating X", "considering", "on envisage", "valutando", '
        '"evaluando"...), low otherwise. Needs importance, creation time and access '
        "records: a store without them says not checked.",
        detect_idle_lockin,
        ("audit.stale_lockin_days", "audit.high_importance"),
    ),
    Detector(
        "destructive_consolidation",
        Pattern.DESTRUCTIVE_CONSOLIDATION,
        "An observation or document superseded by a newer memory that is model output "
        "(summary, inference, reflection, assistant message).",
        detect_destructive_consolidation,
    ),
    Detector(
        "injected_instruction",
        Pattern.INJECTED_INSTRUCTION,
        "A memory whose text instructs the agent — overrides earlier instructions, sets a "
        "standing rule or a trigger, asks for secrecy, names tools or permissions as policy, "
        "sends data to a destination, claims authority or past success, or hides text in "
        "role tokens, comments, encodings, hidden or tag characters (English, French, "
        "Italian, Spanish, German) — scored as text signals × source weight: the user's own "
        "statement with a source reference weighs 0.35, a document, tool output, assistant "
        "message or a user statement whose lineage or source says otherwise 1 (an approval "
        "0.85 of that); overrides, jailbreaks, role tokens and hidden text are never weighed "
        "below 0.9, and the learned scorer's verdict, where it is sure, counts at full over "
        "the user's voice. Flagged at injection.threshold, medium at injection.medium, high "
        "at injection.high.",
        detect_injected_instruction,
        ("injection.threshold", "injection.medium", "injection.high"),
    ),
]
BY_NAME = {d.name: d for d in DETECTORS}


def select(names: Iterable[str] | None) -> list[Detector]:
    """Detectors by detector name or pattern name; all when ``names`` is empty."""
    chosen = list(names or [])
    if not chosen:
        return list(DETECTORS)
    out: list[Detector] = []
    for name in chosen:
        key = name.strip().lower().replace("-", "_")
        found = [d for d in DETECTORS if d.name == key or d.pattern.value == key]
        if not found:
            valid = sorted({d.pattern.value for d in DETECTORS} | set(BY_NAME))
            raise InvalidInput(f"unknown pattern {name!r}; valid: {', '.join(valid)}")
        out += [d for d in found if d not in out]
    return out
