"""2. Summary-of-summary drift: summaries of summaries, and qualifiers lost on the way."""

from __future__ import annotations

from array import array

from memaudit.audit.ancestry import derivation_graph
from memaudit.audit.view import (
    Ctx,
    ids_json,
    short,
)
from memaudit.fingerprint import key_terms
from memaudit.model import Severity
from memaudit.qualifiers import qualifiers


def summary_depths(ctx: Ctx) -> tuple[dict[str, int], dict[str, list[str]]]:
    """Summarisation steps above each summary, over the summary edges only.

    A summary step is an edge whose relation is ``summarizes`` or whose child is a
    summary. Depth 1 = a summary of evidence; 2 = a summary of a summary.
    """
    g = derivation_graph(ctx, whole=True)
    # In the ledger's edge order (by child id, then parent id), as the join it replaces.
    parents = g.summary_parents
    depth: dict[int, int] = {}
    no_parents: list[int] = []
    for start in parents:
        # Iterative DFS; a node on the current path counts 0 (cycles cannot recurse).
        stack: list[tuple[int, int]] = [(start, 0)]
        on_path: set[int] = set()
        while stack:
            node, state = stack.pop()
            if node in depth:
                continue
            if state == 0:
                on_path.add(node)
                stack.append((node, 1))
                for p in parents.get(node, no_parents):
                    if p in parents and p not in depth and p not in on_path:
                        stack.append((p, 0))
            else:
                on_path.discard(node)
                depth[node] = 1 + max(
                    (depth.get(p, 0) for p in parents.get(node, no_parents) if p in parents),
                    default=0,
                )
    names = g.ids
    return (
        {names[n]: d for n, d in depth.items()},
        {names[c]: [names[p] for p in ps] for c, ps in parents.items()},
    )


def detect_summary_chain(ctx: Ctx) -> None:
    ctx.need_edges()
    limit = int(ctx.policy.get("audit.summary_depth"))
    depth, parents = summary_depths(ctx)
    deep = {m for m, d in depth.items() if d >= limit}
    has_deep_child = {p for m in deep for p in parents[m] if p in deep}
    heads = sorted(deep - has_deep_child)
    status = dict(
        ctx.rows(
            "SELECT id, status FROM memories WHERE id IN (SELECT value FROM json_each(?))",
            (ids_json(heads),),
        )
    )
    for head in heads:
        if status.get(head) not in ("active", "pending"):
            continue
        chain = [head]
        node = head
        while node in parents and len(chain) < 50:
            node = max(parents[node], key=lambda p: (depth.get(p, 0), p))
            if node in chain:
                break
            chain.append(node)
        d = depth[head]
        ctx.add(
            Severity.HIGH if d > limit else Severity.MEDIUM,
            chain,
            f"{head} is {d} summarisation steps from its evidence: "
            + " ← ".join(chain)
            + "; each step can drop a qualifier",
            f"memaudit trace {head}",
            depth=d,
            chain=chain,
        )


_SCOPE_WORDS = ("for ", "in ", "on ", "during ", "when ", "while ", "within ")
FACTS_CACHE = 50_000  # child texts whose qualifiers and lower case are kept
DROPPED_CACHE = 200_000  # (child text, parent qualifier set) comparisons kept


def detect_qualifier_loss(ctx: Ctx) -> None:
    """Same rule as ``qualifiers.dropped_qualifiers``, applied set-wise over distinct
    texts: every memory's text is read once (one sequential scan) and numbered, each
    distinct text's qualifiers are extracted once (a parent is shared by many children,
    and generated or templated stores repeat texts), and the comparison of one child
    text with one set of parent qualifiers is made once. The edges come from the audit
    run's derivation graph (read once, shared with the lineage detectors), one child at
    a time in id order, its parents in id order: the order of the ledger's edge key."""
    ctx.need_edges()
    g = derivation_graph(ctx, whole=True)
    index, ids = g.index, g.ids
    # Graph node → 2 × text number + 1 when the memory is active or pending; -1 for a
    # node that is no memory (an edge naming an id the store does not hold).
    text_of = array("q", [-1]) * len(ids)
    number: dict[str, int] = {}
    texts: list[str] = []
    for mid, live, content in ctx.rows(
        "SELECT id, status IN ('active', 'pending'), content FROM memories"
    ):
        t = number.get(content)
        if t is None:
            t = number[content] = len(texts)
            texts.append(content)
        n = index.get(mid)
        if n is not None:  # else written since the graph was read: no edge of it there
            text_of[n] = 2 * t + live
    number.clear()
    # Text number → index into `qsets` (the distinct non-empty qualifier lists) or -1.
    # Each qualifier set is kept with, per qualifier, the words a scope phrase ("for
    # small tools") scopes to, or None for a hedge.
    # Arrays indexed by text number (-2: not yet computed), not dicts: 300k texts at 1M.
    qset_of = array("i", [-2]) * len(texts)
    qsets: list[tuple[tuple[str, str | None], ...]] = []
    qset_index: dict[tuple[str, ...], int] = {}

    # Text number → its qualifiers (a text is often a parent and a child both), as
    # tuples of one string object per distinct qualifier.
    quals: list[tuple[str, ...] | None] = [None] * len(texts)
    canon: dict[str, str] = {}
    intern = canon.setdefault

    def qualifiers_of(t: int) -> tuple[str, ...]:
        found = quals[t]
        if found is None:
            found = quals[t] = tuple([intern(q, q) for q in qualifiers(texts[t])])
        return found

    def parent_qset(t: int) -> int:
        qi = qset_of[t]
        if qi == -2:
            found = qualifiers_of(t)
            qi = qset_index.setdefault(found, len(qsets)) if found else -1
            if qi == len(qsets):
                qsets.append(
                    tuple(
                        (q, q.split(" ", 1)[1] if q.startswith(_SCOPE_WORDS) else None)
                        for q in found
                    )
                )
            qset_of[t] = qi
        return qi

    # Per child text: its own qualifiers and lower case, and (only when a scope phrase
    # is missing from it) its key terms; per (child text, qualifier set): what it drops.
    # Bounded (emptied when full): they only save work when texts repeat. At 1M
    # memories, bounds of 300k / 1M entries took 270 MB more for 8% less time.
    facts_of: dict[int, tuple[set[str], str]] = {}
    terms_of: dict[int, set[str]] = {}
    dropped_by: dict[tuple[int, int], tuple[str, ...]] = {}
    scope_terms: dict[str, set[str]] = {}  # scope qualifier → its key terms

    def dropped_from(ct: int, qi: int) -> tuple[str, ...]:
        key = (ct, qi)
        hit = dropped_by.get(key)
        if hit is not None:
            return hit
        facts = facts_of.get(ct)
        if facts is None:
            if len(facts_of) >= FACTS_CACHE:
                facts_of.clear()
                terms_of.clear()
            facts = facts_of[ct] = (set(qualifiers_of(ct)), texts[ct].lower())
        own, lowered = facts
        ascii_text = texts[ct].isascii()  # then key_terms lowers it as `lowered` is
        dropped = []
        for q, scoped in qsets[qi]:
            if scoped is not None:
                if scoped not in lowered:
                    terms = scope_terms.get(q)
                    if terms is None:
                        terms = scope_terms[q] = key_terms(q)
                    # A scope phrase ("on build-01 at") is kept if any of its content
                    # words survives: the shared heuristic is stricter than the audit.
                    # A key term of an ASCII text is a lower-case piece of it: when no
                    # term of the phrase is, none survives (no need to split the text).
                    if ascii_text and not any(t in lowered for t in terms):
                        dropped.append(q)
                        continue
                    kept_terms = terms_of.get(ct)
                    if kept_terms is None:
                        kept_terms = terms_of[ct] = key_terms(texts[ct])
                    if not terms & kept_terms:
                        dropped.append(q)
            elif q not in own:
                dropped.append(q)
        if len(dropped_by) >= DROPPED_CACHE:
            dropped_by.clear()
        result = dropped_by[key] = tuple(dropped)
        return result

    parents_of = g.parents
    name = ids.__getitem__
    children = sorted(
        (c for c, ps in enumerate(parents_of) if ps and text_of[c] >= 0 and text_of[c] & 1),
        key=name,
    )
    for c in children:
        ct = text_of[c] >> 1
        lost: dict[str, tuple[str, ...]] = {}
        ps = parents_of[c] or []
        for p in sorted(ps, key=name) if len(ps) > 1 else ps:
            pt = text_of[p]
            if pt < 0:
                continue
            qi = parent_qset(pt >> 1)
            if qi < 0:
                continue
            dropped = dropped_from(ct, qi)
            if dropped:
                lost[ids[p]] = dropped
        if not lost:
            continue
        if ctx.full:
            ctx.count(Severity.MEDIUM, lost)
            continue
        child = ids[c]
        words = sorted({q for qs in lost.values() for q in qs})
        parts = "; ".join(f"{pid}: {', '.join(qs)}" for pid, qs in lost.items())
        ctx.add(
            Severity.MEDIUM,
            [child, *lost],
            f"{child} (“{short(texts[ct], 60)}”) no longer carries qualifiers of its "
            f"sources ({parts}): it states the claim more broadly than its evidence",
            f"memaudit trace {child} --up",
            dropped=words,
        )
