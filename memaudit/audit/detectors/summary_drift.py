"""2. Summary-of-summary drift: summaries of summaries, and qualifiers lost on the way."""

from __future__ import annotations

from array import array

from memaudit.audit.ancestry import DerivationGraph, derivation_graph
from memaudit.audit.view import (
    Ctx,
    ids_json,
    short,
)
from memaudit.fingerprint import key_terms
from memaudit.model import Severity
from memaudit.qualifiers import qualifiers
from memaudit.suggestion import command


def summary_depths(g: DerivationGraph) -> dict[int, int]:
    """Summarisation steps above each summary node of the whole graph ``g``, over the
    summary edges only (``g.summary_parents``).

    A summary step is an edge whose relation is ``summarizes`` or whose child is a
    summary. Depth 1 = a summary of evidence; 2 = a summary of a summary.
    """
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
    return depth


def detect_summary_chain(ctx: Ctx) -> None:
    ctx.need_edges()
    limit = int(ctx.policy.get("audit.summary_depth"))
    g = derivation_graph(ctx, whole=True)
    depth = summary_depths(g)
    parents, names = g.summary_parents, g.ids
    deep = {m for m, d in depth.items() if d >= limit}
    has_deep_child = {p for m in deep for p in parents[m] if p in deep}
    heads = sorted(deep - has_deep_child, key=names.__getitem__)
    # `+status`: by the id index, not by the status one (which walks every active
    # memory's row: seconds at 1M).
    live = {
        mid
        for (mid,) in ctx.rows(
            "SELECT id FROM memories WHERE id IN (SELECT value FROM json_each(?)) "
            "AND +status IN ('active', 'pending')",
            (ids_json([names[h] for h in heads]),),
        )
    }
    # Each node's next step up (its deepest parent, ties by id), chosen once: the
    # chains of many heads run through the same summaries.
    up: dict[int, int] = {}
    for head in heads:
        name = names[head]
        if name not in live:
            continue
        chain = [head]
        node = head
        while node in parents and len(chain) < 50:
            nxt = up.get(node)
            if nxt is None:
                nxt = up[node] = max(parents[node], key=lambda p: (depth.get(p, 0), names[p]))
            node = nxt
            if node in chain:
                break
            chain.append(node)
        d = depth[head]
        severity = Severity.HIGH if d > limit else Severity.MEDIUM
        steps = [names[n] for n in chain]
        if ctx.full:
            ctx.count(severity, steps[1:])
            continue
        ctx.add(
            severity,
            steps,
            f"{name} is {d} summarisation steps from its evidence: "
            + " ← ".join(steps)
            + "; each step can drop a qualifier",
            command("trace", name),
            depth=d,
            chain=steps,
        )


_SCOPE_WORDS = ("for ", "in ", "on ", "during ", "when ", "while ", "within ")
TERMS_CACHE = 50_000  # child texts whose key terms are kept


def detect_qualifier_loss(ctx: Ctx) -> None:
    """Same rule as ``qualifiers.dropped_qualifiers``, applied set-wise over distinct
    texts: every memory's text is read once (one sequential scan) and numbered, and
    each distinct text's qualifiers are extracted once (a parent is shared by many
    children, and generated or templated stores repeat texts). The edges come from the
    audit run's derivation graph (read once, shared with the lineage detectors), one
    child at a time in id order, its parents in id order: the order of the ledger's
    edge key."""
    ctx.need_edges()
    g = derivation_graph(ctx, whole=True)
    ids = g.ids
    # Graph node → 2 × text number + 1 when the memory is active or pending; -1 for a
    # node that is no memory (an edge naming an id the store does not hold).
    text_of = array("q", [-1]) * len(ids)
    number: dict[str, int] = {}
    texts: list[str] = []
    size = len(ids)
    for row, (mid, live, content) in enumerate(
        ctx.rows("SELECT id, status IN ('active', 'pending'), content FROM memories")
    ):
        t = number.get(content)
        if t is None:
            t = number[content] = len(texts)
            texts.append(content)
        # The graph numbered the memories in this same scan order: check, not look up.
        n = row if row < size and ids[row] == mid else g.find(mid)
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

    pairs: dict[str, tuple[str, str | None]] = {}  # one (qualifier, scoped words) each

    def pair(q: str) -> tuple[str, str | None]:
        found = pairs.get(q)
        if found is None:
            found = pairs[q] = (q, q.split(" ", 1)[1] if q.startswith(_SCOPE_WORDS) else None)
        return found

    def parent_qset(t: int) -> int:
        found = qualifiers_of(t)
        qi = qset_index.setdefault(found, len(qsets)) if found else -1
        if qi == len(qsets):
            qsets.append(tuple([pair(q) for q in found]))
        qset_of[t] = qi
        return qi

    # Per child text, once a scope phrase is missing from it: its key terms, as a tuple
    # of one string object per distinct term (a fraction of a set's size). Bounded,
    # emptied when full: it only saves work when texts repeat.
    terms_of: dict[int, tuple[str, ...]] = {}
    term_canon: dict[str, str] = {}
    scope_terms: dict[str, set[str]] = {}  # scope qualifier → its key terms
    sure: dict[str, bool] = {}  # scope qualifier → no term survives once its words are gone

    def child_terms(ct: int) -> tuple[str, ...]:
        if len(terms_of) >= TERMS_CACHE:
            terms_of.clear()
            term_canon.clear()
        one = term_canon.setdefault
        found = terms_of[ct] = tuple([one(t, t) for t in key_terms(texts[ct])])
        return found

    parents_of = g.parents
    no_parents: list[int] = []
    full = False
    for c in g.children:  # in id order, each one's parents in id order (the edge key)
        tc = text_of[c]
        if tc < 0 or not tc & 1:
            continue
        ct = tc >> 1
        lost: dict[str, tuple[str, ...]] = {}
        lowered = None
        for p in parents_of[c] or no_parents:
            pt = text_of[p]
            if pt < 0:
                continue
            qi = qset_of[pt >> 1]
            if qi == -2:
                qi = parent_qset(pt >> 1)
            if qi < 0:
                continue
            if lowered is None:
                text = texts[ct]
                own = None  # its qualifiers, once a hedge asks
                lowered = text.lower()
                # An ASCII text's key terms are lower-case pieces of it (see below).
                ascii_text = text.isascii()
            dropped = []
            for q, scoped in qsets[qi]:
                if scoped is None:
                    if own is None:
                        own = qualifiers_of(ct)
                    if q not in own:
                        dropped.append(q)
                elif scoped not in lowered:
                    terms = scope_terms.get(q)
                    if terms is None:
                        terms = scope_terms[q] = key_terms(q)
                        # Every term holds the scoped words ("in granite": {"granite"}):
                        # a text without those words holds none of the terms either.
                        sure[q] = all([scoped in term for term in terms])
                    # A scope phrase ("on build-01 at") is kept if any of its content
                    # words survives: the shared heuristic is stricter than the audit.
                    # A key term of an ASCII text is a lower-case piece of it: when no
                    # term of the phrase is, none survives (no need to split the text).
                    if ascii_text:
                        if sure[q]:
                            dropped.append(q)
                            continue
                        for term in terms:
                            if term in lowered:
                                break
                        else:
                            dropped.append(q)
                            continue
                    kept_terms = terms_of.get(ct)
                    if kept_terms is None:  # an empty tuple is an answer too
                        kept_terms = child_terms(ct)
                    if terms.isdisjoint(kept_terms):
                        dropped.append(q)
            if dropped:
                lost[ids[p]] = tuple(dropped)
        if not lost:
            continue
        # Once the listing is full it stays full (findings are only added): asked no more.
        if full or ctx.full:
            full = True
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
            command("trace", child, flags="--up"),
            dropped=words,
        )
