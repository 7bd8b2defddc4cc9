"""Lineage checks: what a memory's derivation says about how far to trust it.

Each check looks at one memory inside a ``Lineage`` (graph.py) and returns a
``LineageFinding`` or nothing, so ``trace`` can run them over a lineage and ``audit`` can
run them per memory. They read only the lineage, except where noted: the
laundered-source check asks the store for the memory's approval events, and the
corroboration check asks it for the root's descendants and the conversation's
memories (both indexed queries on the native ledger).

The checks are heuristics, documented here and in each finding's evidence:

- laundered confidence: a derived memory surer than the least sure memory it rests on;
- laundered source: a memory typed as an observation (user statement, tool
  observation) that rests on model output; or assistant output that is active
  although nobody approved or promoted it;
- single-root corroboration: similar memories (shared word trigrams, or shared key
  terms) that look like separate evidence but share one root — a common ancestor,
  or one conversation (``source_ref`` up to ``#``);
- qualifier loss: hedges and scope words of a source that the derived memory no
  longer carries (``qualifiers.py``);
- summary-of-summary depth: summarisation steps between a memory and its evidence;
- effective trust: the weakest tier the memory rests on, when weaker than its own;
- cycles and missing sources, from the lineage itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from memaudit.fingerprint import jaccard, key_terms, shingles
from memaudit.graph import DEFAULT_DEPTH, Lineage
from memaudit.model import Memory, Relation, Severity, SourceType, Status
from memaudit.qualifiers import dropped_qualifiers
from memaudit.suggestion import command
from memaudit.trust import MODEL_OUTPUT_TYPES, OBSERVATION_TYPES

if TYPE_CHECKING:
    from memaudit.store import Store

# Two summarisation steps between a memory and its evidence: a summary of a summary.
SUMMARY_DEPTH_THRESHOLD = 2
# Confidence differences smaller than this are rounding, not laundering.
CONFIDENCE_EPSILON = 0.005
# Similar content: word-trigram Jaccard, or key terms shared (count and overlap).
SIMILAR_SHINGLES = 0.5
SIMILAR_MIN_TERMS = 2
SIMILAR_TERM_OVERLAP = 0.6
# The corroboration check walks down from at most this many roots of a memory.
MAX_ROOTS = 10


class Kind(StrEnum):
    LAUNDERED_CONFIDENCE = "laundered_confidence"
    LAUNDERED_SOURCE = "laundered_source"
    SINGLE_ROOT_CORROBORATION = "single_root_corroboration"
    QUALIFIER_LOSS = "qualifier_loss"
    SUMMARY_DEPTH = "summary_depth"
    EFFECTIVE_TRUST = "effective_trust"
    CYCLE = "cycle"
    MISSING_SOURCE = "missing_source"


@dataclass(slots=True, frozen=True)
class LineageFinding:
    kind: Kind
    severity: Severity
    memory_ids: tuple[str, ...]  # the memory the finding is about comes first
    evidence: str  # one or two sentences a person can check
    suggestion: str  # a command to run next
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def memory_id(self) -> str:
        return self.memory_ids[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "severity": self.severity.value,
            "memory_ids": list(self.memory_ids),
            "evidence": self.evidence,
            "suggestion": self.suggestion,
            "detail": self.detail,
        }


# -- per-memory checks (read the lineage only) --------------------------------


def laundered_confidence(lineage: Lineage, memory_id: str) -> LineageFinding | None:
    memory = lineage.memory(memory_id)
    if memory is None or memory.confidence is None:
        return None
    sources = [
        m
        for a in lineage.ancestors(memory_id)
        if (m := lineage.memory(a)) is not None and m.confidence is not None
    ]
    if not sources:
        return None
    weakest = min(sources, key=lambda m: (m.confidence or 0.0, m.id))
    assert weakest.confidence is not None
    if memory.confidence <= weakest.confidence + CONFIDENCE_EPSILON:
        return None
    return LineageFinding(
        Kind.LAUNDERED_CONFIDENCE,
        Severity.HIGH,
        (memory_id, weakest.id),
        f"{memory_id} has confidence {memory.confidence:.2f} but rests on {weakest.id} at "
        f"{weakest.confidence:.2f}: a derived memory should not be surer than its weakest source",
        command("trace", memory_id, flags="--up"),
        {
            "confidence": memory.confidence,
            "weakest_source": weakest.id,
            "weakest_confidence": weakest.confidence,
        },
    )


def laundered_source(
    lineage: Lineage, memory_id: str, approvals: list[str] | None = None
) -> LineageFinding | None:
    """``approvals``: the memory's approve/promote event actions, or None if the store
    keeps no history (then the assistant-output half of the check cannot run)."""
    memory = lineage.memory(memory_id)
    if memory is None:
        return None
    if memory.source_type in OBSERVATION_TYPES:
        model = [
            m
            for a in lineage.ancestors(memory_id)
            if (m := lineage.memory(a)) is not None and m.source_type in MODEL_OUTPUT_TYPES
        ]
        if model:
            names = ", ".join(f"{m.id} ({m.source_type.value})" for m in model[:5])
            return LineageFinding(
                Kind.LAUNDERED_SOURCE,
                Severity.HIGH,
                (memory_id, *(m.id for m in model)),
                f"{memory_id} is typed {memory.source_type.value} (T1) but rests on model "
                f"output: {names}",
                command("trace", memory_id, flags="--up"),
                {"claimed": memory.source_type.value, "model_sources": [m.id for m in model]},
            )
    if (
        memory.source_type is SourceType.ASSISTANT_MESSAGE
        and memory.status is Status.ACTIVE
        and approvals is not None
        and not approvals
    ):
        return LineageFinding(
            Kind.LAUNDERED_SOURCE,
            Severity.HIGH,
            (memory_id,),
            f"{memory_id} is assistant output stored as active memory, and no approve or "
            "promote event shows anyone accepted it",
            command("log", memory=memory_id),
            {"claimed": memory.source_type.value, "approvals": 0},
        )
    return None


def qualifier_loss(lineage: Lineage, memory_id: str) -> LineageFinding | None:
    memory = lineage.memory(memory_id)
    if memory is None:
        return None
    dropped: dict[str, list[str]] = {}
    for edge in lineage.parents_of(memory_id):
        parent = lineage.memory(edge.parent_id)
        if parent is None:
            continue
        lost = dropped_qualifiers(memory.content, [parent.content])
        if lost:
            dropped[parent.id] = lost
    if not dropped:
        return None
    words = list(dict.fromkeys(w for ws in dropped.values() for w in ws))
    quoted = ", ".join(f'"{w}"' for w in words)
    return LineageFinding(
        Kind.QUALIFIER_LOSS,
        Severity.MEDIUM,
        (memory_id, *dropped),
        f"{memory_id} drops {quoted} from {', '.join(dropped)}: it states the claim more "
        "broadly than its source did",
        command("show", next(iter(dropped))),
        {"dropped": words, "by_source": dropped},
    )


def summary_depth(lineage: Lineage, memory_id: str) -> int:
    """The most summarisation steps on any path from the memory up to its evidence.
    A step is an edge whose relation is ``summarizes`` or whose child is a summary.
    Results are kept on the lineage: ``trace`` asks this of every node."""
    memo: dict[str, int] = lineage.cache("summary_depth")
    if memory_id in memo:
        return memo[memory_id]

    def step(node: str, relation: Relation) -> int:
        m = lineage.memory(node)
        return int(
            relation is Relation.SUMMARIZES
            or (m is not None and m.source_type is SourceType.SUMMARY)
        )

    # Depth-first, with an explicit stack (a chain can be thousands of steps long). A
    # parent already on the current path is a cycle: skipped, it is reported on its own.
    # Each frame: [node, its remaining parents, best so far, step to the parent below].
    on_path = {memory_id}
    stack: list[list[Any]] = [[memory_id, iter(lineage.parents_of(memory_id)), 0, 0]]
    while stack:
        frame = stack[-1]
        node, todo = frame[0], frame[1]
        for edge in todo:
            parent, relation = edge.parent_id, edge.relation
            if parent in on_path:
                continue
            if parent in memo:
                frame[2] = max(frame[2], step(node, relation) + memo[parent])
                continue
            frame[3] = step(node, relation)
            on_path.add(parent)
            stack.append([parent, iter(lineage.parents_of(parent)), 0, 0])
            break
        else:
            stack.pop()
            on_path.discard(node)
            memo[node] = frame[2]
            if stack:
                below = stack[-1]
                below[2] = max(below[2], below[3] + frame[2])
    return memo[memory_id]


def summary_of_summary(lineage: Lineage, memory_id: str) -> LineageFinding | None:
    depth = summary_depth(lineage, memory_id)
    if depth < SUMMARY_DEPTH_THRESHOLD:
        return None
    return LineageFinding(
        Kind.SUMMARY_DEPTH,
        Severity.MEDIUM,
        (memory_id,),
        f"{memory_id} is {depth} summarisation steps away from its evidence "
        f"({', '.join(lineage.roots(memory_id))}); each step can drop what limited the claim",
        command("trace", memory_id, flags="--up"),
        {"depth": depth},
    )


def effective_trust(lineage: Lineage, memory_id: str) -> LineageFinding | None:
    memory = lineage.memory(memory_id)
    if memory is None:
        return None
    tier = lineage.effective_trust(memory_id)
    if tier is None or tier.rank <= memory.trust_tier.rank:
        return None
    weakest = [
        a
        for a in lineage.ancestors(memory_id)
        if (m := lineage.memory(a)) is not None and m.trust_tier is tier
    ]
    return LineageFinding(
        Kind.EFFECTIVE_TRUST,
        Severity.MEDIUM,
        (memory_id, *weakest),
        f"{memory_id} is {memory.trust_tier.value} by its own source type but rests on "
        f"{', '.join(weakest)} ({tier.value}): its effective trust is {tier.value}",
        command("trace", memory_id, flags="--up"),
        {"own": memory.trust_tier.value, "effective": tier.value},
    )


def cycles(lineage: Lineage) -> list[LineageFinding]:
    out = []
    for members in lineage.cycles:
        loop = " → ".join([*members, members[0]])
        out.append(
            LineageFinding(
                Kind.CYCLE,
                Severity.HIGH,
                tuple(members),
                f"derivation cycle: {loop}; each memory is evidence for the others, so none "
                "of them rests on evidence through this loop",
                command("log", memory=members[0]),
                {"members": members},
            )
        )
    return out


def missing_sources(lineage: Lineage) -> list[LineageFinding]:
    out = []
    for node in lineage.missing_nodes():
        users = [e.child_id for e in lineage.children_of(node.id)]
        if node.missing_source:
            what = (
                f"{node.id} is named as a source but is not a memory of the store, and no "
                "tombstone says why (missing source)"
            )
        else:
            what = f"{node.id} was {node.missing}" + (
                f" on {node.missing_at}" if node.missing_at else ""
            )
            if node.missing_reason:
                what += f" ({node.missing_reason})"
        rests = f"; {', '.join(users)} still rest on it" if users else ""
        out.append(
            LineageFinding(
                Kind.MISSING_SOURCE,
                Severity.MEDIUM,
                (*users, node.id) if users else (node.id,),
                what + rests,
                command("log", memory=node.id),
                {"missing": node.id, "why": node.missing, "at": node.missing_at},
            )
        )
    return out


# -- single-root corroboration (asks the store) -------------------------------


def looks_similar(a: str, b: str) -> bool:
    if jaccard(shingles(a), shingles(b)) >= SIMILAR_SHINGLES:
        return True
    ta, tb = key_terms(a), key_terms(b)
    shared = ta & tb
    if len(shared) < SIMILAR_MIN_TERMS:
        return False
    return len(shared) / min(len(ta), len(tb)) >= SIMILAR_TERM_OVERLAP


def conversation(source_ref: str | None) -> str | None:
    """``conv-17#msg-3`` → ``conv-17``: the part of a source ref before ``#``."""
    if not source_ref:
        return None
    root = source_ref.split("#", 1)[0].strip()
    return root or None


def single_root_corroboration(
    store: Store, lineage: Lineage, memory_id: str, *, depth: int = DEFAULT_DEPTH
) -> LineageFinding | None:
    """Similar memories that share one root with ``memory_id``. The group is the
    memory and every similar memory descending from one of its roots or coming from
    its conversation; the root evidence itself is not part of the group. The root
    (or conversation) shared by the most members wins. ``memory_ids`` is the group,
    sorted, so the same group found from each member is one finding."""
    memory = lineage.memory(memory_id)
    if memory is None:
        return None
    evidence = lineage.roots(memory_id)  # [memory_id] if it has no parents
    candidates: dict[str, Memory] = {memory_id: memory}
    below: dict[str, set[str]] = {}
    for root in evidence[:MAX_ROOTS]:
        if lineage.memory(root) is None:
            continue
        walk = store.lineage(root, up=False, down=True, depth=depth)
        below[root] = {n.id for n in walk.nodes.values() if n.id != root}
        for node in walk.nodes.values():
            if node.memory is not None and node.id != root:
                candidates.setdefault(node.id, node.memory)
    conv = conversation(memory.source_ref)
    if conv:
        for other in store.memories_from_source(conv):
            candidates.setdefault(other.id, other)
    members = {
        mid
        for mid, other in candidates.items()
        if mid == memory_id
        or (
            other.status not in (Status.REJECTED, Status.FORGOTTEN)
            and looks_similar(memory.content, other.content)
        )
    }
    # A root that members descend from is their evidence, not one of the look-alikes.
    members -= {r for r, ids in below.items() if ids & members}
    tags: dict[str, set[str]] = {}
    for mid in members:
        for root, ids in below.items():
            if mid in ids:
                tags.setdefault(f"ancestor {root}", set()).add(mid)
        if conv and conversation(candidates[mid].source_ref) == conv:
            tags.setdefault(f"conversation {conv}", set()).add(mid)
    if not tags:
        return None
    best = max(tags, key=lambda t: (len(tags[t]), t.startswith("ancestor"), t))
    group = sorted(tags[best])
    if len(group) < 2 or memory_id not in group and memory_id not in below:
        return None
    common = sorted(t for t, ids in tags.items() if set(group) <= ids)
    roots = [t.removeprefix("ancestor ") for t in common if t.startswith("ancestor ")]
    convs = [t.removeprefix("conversation ") for t in common if t.startswith("conversation ")]
    parts = []
    if roots:
        parts.append(f"all descend from {', '.join(roots)}")
    if convs:
        parts.append(f"all come from conversation {', '.join(convs)}")
    return LineageFinding(
        Kind.SINGLE_ROOT_CORROBORATION,
        Severity.HIGH,
        tuple(group),
        f"{', '.join(group)} look like {len(group)} separate memories but {' and '.join(parts)}: "
        "they are one piece of evidence, not corroboration",
        command("trace", roots[0], flags="--down")
        if roots
        else command("trace", group[0], flags="--up"),
        {"group": group, "roots": roots, "conversations": convs},
    )


# -- running them -------------------------------------------------------------


def approval_actions(store: Store, memory_id: str) -> list[str] | None:
    """The memory's approve/promote events, or None if the store keeps no history."""
    from memaudit.store import Capability

    if not store.has(Capability.HISTORY):
        return None
    events = store.events(memory_id=memory_id, actions=["approve", "promote"])
    return [e.action for e in events if e.action in ("approve", "promote")]


def memory_findings(
    store: Store, lineage: Lineage, memory_id: str, *, corroboration: bool = True
) -> list[LineageFinding]:
    """Every check for one memory of ``lineage`` (which must hold its ancestors)."""
    memory = lineage.memory(memory_id)
    if memory is None:
        return []
    approvals = (
        approval_actions(store, memory_id)
        if memory.source_type is SourceType.ASSISTANT_MESSAGE
        else None
    )
    checks = [
        laundered_confidence(lineage, memory_id),
        laundered_source(lineage, memory_id, approvals),
        qualifier_loss(lineage, memory_id),
        summary_of_summary(lineage, memory_id),
        effective_trust(lineage, memory_id),
    ]
    if corroboration:
        checks.append(
            single_root_corroboration(store, lineage, memory_id, depth=lineage.depth_limit)
        )
    return [f for f in checks if f is not None]


def findings_for(
    store: Store, memory_id: str, *, depth: int = DEFAULT_DEPTH
) -> list[LineageFinding]:
    """For ``audit``: the findings about one memory, from its ancestry alone."""
    lineage = store.lineage(memory_id, up=True, down=False, depth=depth)
    found = memory_findings(store, lineage, memory_id)
    found += [f for f in cycles(lineage) if memory_id in f.memory_ids]
    found += [f for f in missing_sources(lineage) if memory_id in f.memory_ids]
    return sort_findings(found)


def lineage_findings(store: Store, lineage: Lineage) -> list[LineageFinding]:
    """For ``trace``: findings for every memory in the lineage (corroboration for the
    focus only — it is the one question asked of the store beyond the lineage)."""
    found: list[LineageFinding] = []
    for node in lineage.ordered_nodes():
        if node.present:
            found += memory_findings(
                store, lineage, node.id, corroboration=node.id == lineage.focus
            )
    found += cycles(lineage)
    found += missing_sources(lineage)
    return sort_findings(found)


def sort_findings(found: Iterable[LineageFinding]) -> list[LineageFinding]:
    unique = {(f.kind, f.memory_ids): f for f in found}
    return sorted(unique.values(), key=lambda f: (-f.severity.rank, f.kind.value, f.memory_ids))
