"""Detectors for the brief's seven feedback patterns, duplicates and staleness.

Each detector is a rule stated in words (``Detector.rule``, shown by ``memaudit audit
--help`` and copied into every finding) and a function that applies it to a store.
Thresholds come from the store's policy (``audit.*`` keys), never from code.

How they read a store: every detector is one or a few SQL queries over the native
ledger's tables (``memories``, ``edges``, ``events``, ``profile``), run on the ledger's
own read-only connection. Where a detector needs much of the store (the derivation
graph for lineages, every text for qualifiers and near-duplicates), it reads the
columns it needs with one sequential scan into compact structures (ids numbered, each
distinct text handled once) instead of looking rows up one by one; the graph is
shared by the detectors of one run. A store from another adapter is first copied, through the
``Store`` protocol, into an in-memory SQLite database with the same table shapes
(``mirror``); the detectors then run unchanged. A detector that needs something the
store does not record (events, edges) reports *not checked* with the reason, never a
clean result.

Event vocabulary the detectors read (the native ledger writes the first four itself;
consolidation and validation are what a consolidator or ``resolve`` records):

- ``write`` / ``stage``: a memory entered the store directly / through the queue;
- ``approve`` / ``promote``: a person accepted it (``promote``: a model conclusion);
- ``supersede`` (memory_id = the old memory, ``detail.by`` = the new one) and
  ``invalidate`` (memory_id = the old memory): a memory was replaced or declared
  invalid; ``detail.run`` groups the events of one consolidation run;
- ``consolidate`` (``detail.run``, optional ``detail.examined``): a run's summary;
- ``validate`` / ``resolve``: a person or rule confirmed a supersession (memory_id =
  either memory). A supersession with neither event, and whose new memory is not
  itself marked validated, was decided by similarity alone.
"""

from __future__ import annotations

import json
import math
import os
import re
import sqlite3
import time
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from itertools import chain, combinations, compress, starmap
from operator import and_
from typing import TYPE_CHECKING, Any

from memaudit.clock import to_iso
from memaudit.errors import InvalidInput
from memaudit.fingerprint import content_hash, jaccard, normalize, shingles
from memaudit.model import SourceType
from memaudit.policy import Policy
from memaudit.qualifiers import qualifiers
from memaudit.trust import MODEL_OUTPUT_TYPES, OBSERVATION_TYPES

if TYPE_CHECKING:
    from memaudit.adapters.base import Store


class Severity(StrEnum):
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

# Source types as SQL lists (values are fixed enum strings, safe to inline).
_MODEL = "(" + ",".join(f"'{s.value}'" for s in sorted(MODEL_OUTPUT_TYPES)) + ")"
_T5 = "('inference','reflection','assistant_message')"
_OBS = "(" + ",".join(f"'{s.value}'" for s in sorted(OBSERVATION_TYPES)) + ")"
# What a supersession destroys when the replacement is weaker: observations and documents.
_AUTHORITATIVE = "('user_statement','tool_observation','external_document')"
APPROVAL_ACTIONS = ("approve", "promote")
VALIDATION_ACTIONS = ("validate", "resolve")
INVALIDATION_ACTIONS = ("supersede", "invalidate")
ASSISTANT_ROLES = ("assistant", "ai", "agent")


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


class NotChecked(Exception):
    """Raised by a detector when the store lacks what its rule needs."""


class Ctx:
    """What detectors read: a connection with the ledger's table shapes, the policy,
    the time, and what the store records."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        policy: Policy,
        now: datetime,
        *,
        has_events: bool,
        has_edges: bool,
        role_column: bool,
        result: Result,
        store: Store | None = None,
        memo: dict[str, Any] | None = None,
    ) -> None:
        self.store = store
        # What one detector computes that another can reuse, for one audit run.
        self.memo: dict[str, Any] = {} if memo is None else memo
        self.conn = conn
        self.policy = policy
        self.now = now
        self.has_events = has_events
        self.has_edges = has_edges
        # SQL for the provider's role field; the native ledger has none.
        self.role = "role" if role_column else "NULL"
        self.result = result
        self.cap = int(policy.get("audit.max_findings"))

    def cutoff(self, days: float) -> str:
        return to_iso(self.now - timedelta(days=days))

    def need_events(self) -> None:
        if not self.has_events:
            raise NotChecked("the store records no events")

    def need_edges(self) -> None:
        if not self.has_edges:
            raise NotChecked("the store records no derivation edges")

    @property
    def full(self) -> bool:
        """The listing is at its cap: further findings are only counted, so a detector
        can skip composing their evidence (``count``)."""
        return bool(self.cap) and len(self.result.findings) >= self.cap

    def count(self, severity: Severity) -> None:
        self.result.counts[severity] += 1

    def add(
        self,
        severity: Severity,
        memory_ids: Iterable[str],
        evidence: str,
        suggestion: str,
        **detail: Any,
    ) -> None:
        res = self.result
        res.counts[severity] += 1
        if self.cap and len(res.findings) >= self.cap:
            return
        res.findings.append(
            Finding(
                res.detector.pattern,
                res.detector.name,
                severity,
                tuple(memory_ids),
                evidence,
                suggestion,
                res.detector.rule,
                detail,
            )
        )

    def rows(self, sql: str, params: Iterable[Any] = ()) -> Iterator[tuple[Any, ...]]:
        return iter(self.conn.execute(sql.replace("{role}", self.role), tuple(params)))


@dataclass(slots=True, frozen=True)
class Detector:
    name: str
    pattern: Pattern
    rule: str
    run: Callable[[Ctx], None]
    policy_keys: tuple[str, ...] = ()


# -- helpers -----------------------------------------------------------------


def _ids_json(ids: Iterable[str]) -> str:
    return json.dumps(list(ids))


@dataclass(slots=True)
class Lineage:
    """What a memory's ancestry says, computed once per node of the upward subgraph."""

    source_type: str
    model_share: float  # recursive average: (own + sum of sources' shares) / (1 + sources)
    observations: tuple[str, ...]  # up to CAP distinct observation ids (itself included)
    assistant: tuple[str, ...]  # up to CAP distinct assistant-message ancestors (not itself)


LINEAGE_CAP = 5
# A lineage query for at least this many roots reads the whole graph with one scan of
# memories and one of edges (shared by the audit's other graph detectors): their
# ancestry is a large part of the store, and id lookups per node cost far more.
FULL_GRAPH_ROOTS = 2000


@dataclass(slots=True)
class DerivationGraph:
    """The part of the store's derivation graph read so far, indexed by integers.

    ``index`` maps a memory id to its node; a node is *read* once its source type and
    parents are known (``complete``: every memory and edge has been read). Parents are
    kept in the ledger's edge order (by parent id), so traversals match the per-node
    queries they replace. ``summary_parents`` holds the summarisation steps (an edge
    whose relation is ``summarizes`` or whose child is a summary) once complete."""

    index: dict[str, int] = field(default_factory=dict)
    ids: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    parents: list[list[int] | None] = field(default_factory=list)
    read: bytearray = field(default_factory=bytearray)
    complete: bool = False
    summary_parents: dict[int, list[int]] = field(default_factory=dict)

    def node(self, memory_id: str) -> int:
        n = self.index.get(memory_id)
        if n is None:
            n = self.index[memory_id] = len(self.ids)
            self.ids.append(memory_id)
            self.types.append(SourceType.UNKNOWN.value)
            self.parents.append(None)
            self.read.append(0)
        return n


def derivation_graph(ctx: Ctx, ids: Iterable[str] = (), *, whole: bool = False) -> DerivationGraph:
    """The audit run's shared graph, with ``ids`` and their ancestry read (everything
    when ``whole`` or when there are many roots)."""
    g: DerivationGraph = ctx.memo.setdefault("derivation_graph", DerivationGraph())
    if g.complete:
        return g
    roots = [i for i in dict.fromkeys(ids) if i not in g.index or not g.read[g.index[i]]]
    if whole or len(roots) >= FULL_GRAPH_ROOTS:
        g = ctx.memo["derivation_graph"] = _read_whole_graph(ctx)
        return g
    frontier = roots
    while frontier:
        nxt: list[str] = []
        for start in range(0, len(frontier), 5000):
            part = frontier[start : start + 5000]
            chunk = _ids_json(part)
            for mid, st in ctx.rows(
                "SELECT id, source_type FROM memories WHERE id IN (SELECT value FROM json_each(?))",
                (chunk,),
            ):
                g.types[g.node(mid)] = st
            if ctx.has_edges:
                for child, parent in ctx.rows(
                    "SELECT child_id, parent_id FROM edges WHERE child_id IN "
                    "(SELECT value FROM json_each(?))",
                    (chunk,),
                ):
                    c, p = g.node(child), g.node(parent)
                    ps = g.parents[c]
                    if ps is None:
                        ps = g.parents[c] = []
                    ps.append(p)
                    if not g.read[p]:
                        nxt.append(parent)
            for mid in part:
                g.read[g.node(mid)] = 1
        frontier = [n for n in dict.fromkeys(nxt) if not g.read[g.index[n]]]
    return g


def _read_whole_graph(ctx: Ctx) -> DerivationGraph:
    """Every memory's source type and every edge, in one sequential scan each."""
    g = DerivationGraph()
    canon: dict[str, str] = {}  # one string object per source type
    rows = ctx.conn.execute("SELECT id, source_type FROM memories").fetchall()
    g.ids = [r[0] for r in rows]
    g.types = [canon.setdefault(r[1], r[1]) for r in rows]
    del rows
    g.index = dict(zip(g.ids, range(len(g.ids)), strict=True))
    memories = len(g.ids)
    g.parents = [None] * memories
    g.read = bytearray(memories)
    summary = SourceType.SUMMARY.value
    sp = g.summary_parents
    if ctx.has_edges:
        index, node, parents, types = g.index, g.node, g.parents, g.types
        last: str | None = None
        c = -1
        ps: list[int] = []
        is_summary = False
        # Edges come grouped by child (the primary key): look each child up once.
        for child, parent, summarizes in ctx.rows(
            "SELECT child_id, parent_id, relation = 'summarizes' FROM edges"
        ):
            if child != last:
                last = child
                found = index.get(child)
                c = node(child) if found is None else found
                got = parents[c]
                if got is None:
                    got = parents[c] = []
                ps = got
                is_summary = c < memories and types[c] == summary
            p = index.get(parent)
            if p is None:
                p = node(parent)
            ps.append(p)
            # A summary step needs its child in memories (the old query joined them).
            if is_summary or (summarizes and c < memories):
                sp.setdefault(c, []).append(p)
    g.read = bytearray(b"\x01") * len(g.ids)
    g.complete = True
    return g


def lineages(ctx: Ctx, ids: list[str], cap: int = LINEAGE_CAP) -> dict[str, Lineage]:
    """Lineage summaries for ``ids``, from their upward subgraph only.

    The graph is read once per audit run (``derivation_graph``); the values are then
    computed bottom-up with memoisation, on integer nodes. Every quantity is
    decomposable (a share averaged over sources, capped id sets), which keeps the
    work linear in the subgraph instead of in the sum of every root's ancestry.
    Cycles: an edge back into the node being computed contributes nothing.
    """
    g = derivation_graph(ctx, ids)
    types, parents = g.types, g.parents
    model = {s.value for s in MODEL_OUTPUT_TYPES} | {SourceType.UNKNOWN.value}
    obs = {s.value for s in OBSERVATION_TYPES}
    assistant = SourceType.ASSISTANT_MESSAGE.value
    # Per computed node: model share, observation nodes, assistant-message ancestors.
    share: dict[int, float] = {}
    observed: dict[int, tuple[int, ...]] = {}
    asst: dict[int, tuple[int, ...]] = {}
    no_parents: list[int] = []
    roots = [g.node(i) for i in ids]
    for root in roots:
        if root in share:
            continue
        stack: list[tuple[int, bool]] = [(root, False)]
        on_stack: set[int] = set()
        while stack:
            node, expanded = stack.pop()
            if node in share:
                continue
            ps = parents[node] or no_parents
            if not ps:  # a source: nothing to wait for
                st = types[node]
                share[node] = (st in model) / 1
                observed[node] = (node,) if st in obs else ()
                asst[node] = ()
                continue
            if not expanded:
                on_stack.add(node)
                stack.append((node, True))
                for p in ps:
                    if p not in share and p not in on_stack:
                        stack.append((p, False))
                continue
            on_stack.discard(node)
            st = types[node]
            ready = [p for p in ps if p in share]
            share[node] = ((st in model) + sum([share[p] for p in ready])) / (1 + len(ready))
            seen_obs: dict[int, None] = {node: None} if st in obs else {}
            seen_asst: dict[int, None] = {}
            for p in ready:
                for o in observed[p]:
                    if len(seen_obs) < cap:
                        seen_obs[o] = None
                if types[p] == assistant:
                    seen_asst[p] = None
                for a in asst[p]:
                    if len(seen_asst) < cap:
                        seen_asst[a] = None
            observed[node] = tuple(seen_obs)
            asst[node] = tuple(list(seen_asst)[:cap])
    names = g.ids
    return {
        i: Lineage(
            types[n],
            share[n],
            tuple([names[o] for o in observed[n]]),
            tuple([names[a] for a in asst[n]]),
        )
        for i, n in zip(ids, roots, strict=True)
    }


def _short(text: str, width: int = 70) -> str:
    from memaudit.textsafety import preview

    return preview(text, width)


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"


# -- 1. assistant self-echo ----------------------------------------------------


def detect_self_echo(ctx: Ctx) -> None:
    ctx.need_events()
    roles = ",".join(f"'{r}'" for r in ASSISTANT_ROLES)
    sql = f"""
        SELECT id, source_type, source_ref, confidence, content FROM memories m
        WHERE status = 'active'
          AND (source_type = 'assistant_message' OR lower(coalesce({{role}}, '')) IN ({roles}))
          AND NOT EXISTS (
              SELECT 1 FROM events e WHERE e.memory_id = m.id AND e.action IN ('approve', 'promote'))
        ORDER BY created_at, id
    """
    for mid, st, ref, conf, content in ctx.rows(sql):
        if ctx.full:
            ctx.count(Severity.HIGH)
            continue
        origin = f" from {ref}" if ref else ""
        ctx.add(
            Severity.HIGH,
            [mid],
            f"{mid} is an active assistant message{origin} ({st}, confidence "
            f"{'-' if conf is None else f'{conf:.2f}'}) with no approve or promote event: "
            f"the model's own answer is stored as evidence — “{_short(content)}”",
            f"memaudit trace {mid}  (then: memaudit forget {mid})",
            source_type=st,
            source_ref=ref,
        )


# -- 2. summary-of-summary drift ---------------------------------------------


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
            (_ids_json(heads),),
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
    text with one set of parent qualifiers is made once. The edges are then read in
    their stored order (by child, then parent), one child at a time."""
    ctx.need_edges()
    # Memory id → 2 × text number + 1 when the memory is active or pending.
    text_of: dict[str, int] = {}
    number: dict[str, int] = {}
    texts: list[str] = []
    for mid, live, content in ctx.rows(
        "SELECT id, status IN ('active', 'pending'), content FROM memories"
    ):
        t = number.get(content)
        if t is None:
            t = number[content] = len(texts)
            texts.append(content)
        text_of[mid] = 2 * t + live
    number.clear()
    # Text number → index into `qsets` (the distinct non-empty qualifier lists) or -1.
    qset_of: dict[int, int] = {}
    qsets: list[tuple[str, ...]] = []
    qset_index: dict[tuple[str, ...], int] = {}

    # Text number → its qualifiers: a text is often a parent and a child both.
    quals: dict[int, list[str]] = {}

    def qualifiers_of(t: int) -> list[str]:
        found = quals.get(t)
        if found is None:
            found = quals[t] = qualifiers(texts[t])
        return found

    def parent_qset(t: int) -> int:
        qi = qset_of.get(t)
        if qi is None:
            found = tuple(qualifiers_of(t))
            qi = qset_index.setdefault(found, len(qsets)) if found else -1
            if qi == len(qsets):
                qsets.append(found)
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
        dropped = []
        for q in qsets[qi]:
            if q.startswith(_SCOPE_WORDS):
                if q.split(" ", 1)[1] not in lowered:
                    terms = scope_terms.get(q)
                    if terms is None:
                        terms = scope_terms[q] = key_terms(q)
                    kept_terms = terms_of.get(ct)
                    if kept_terms is None:
                        kept_terms = terms_of[ct] = key_terms(texts[ct])
                    # A scope phrase ("on build-01 at") is kept if any of its content
                    # words survives: the shared heuristic is stricter than the audit.
                    if not terms & kept_terms:
                        dropped.append(q)
            elif q not in own:
                dropped.append(q)
        if len(dropped_by) >= DROPPED_CACHE:
            dropped_by.clear()
        result = dropped_by[key] = tuple(dropped)
        return result

    def flush(child: str, parents: list[str]) -> None:
        c = text_of.get(child)
        if c is None or not c & 1:  # not a memory, or neither active nor pending
            return
        ct = c >> 1
        lost: dict[str, tuple[str, ...]] = {}
        for pid in parents:
            p = text_of.get(pid)
            if p is None:
                continue
            qi = parent_qset(p >> 1)
            if qi < 0:
                continue
            dropped = dropped_from(ct, qi)
            if dropped:
                lost[pid] = dropped
        if not lost:
            return
        if ctx.full:
            ctx.count(Severity.MEDIUM)
            return
        words = sorted({q for qs in lost.values() for q in qs})
        parts = "; ".join(f"{pid}: {', '.join(qs)}" for pid, qs in lost.items())
        ctx.add(
            Severity.MEDIUM,
            [child, *lost],
            f"{child} (“{_short(texts[ct], 60)}”) no longer carries qualifiers of its "
            f"sources ({parts}): it states the claim more broadly than its evidence",
            f"memaudit trace {child} --up",
            dropped=words,
        )

    current: str | None = None
    parents: list[str] = []
    for child, parent in ctx.rows(
        "SELECT child_id, parent_id FROM edges ORDER BY child_id, parent_id"
    ):
        if child != current:
            if current is not None:
                flush(current, parents)
            current, parents = child, []
        parents.append(parent)
    if current is not None:
        flush(current, parents)


# -- 3. reflection amplification ----------------------------------------------

_WORD = re.compile(r"[a-z0-9][a-z0-9_.-]*[a-z0-9]|[a-z0-9]")
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "then",
        "than",
        "that",
        "this",
        "these",
        "those",
        "there",
        "their",
        "they",
        "them",
        "it",
        "its",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "done",
        "has",
        "have",
        "had",
        "having",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "without",
        "about",
        "into",
        "over",
        "under",
        "after",
        "before",
        "again",
        "more",
        "most",
        "some",
        "any",
        "all",
        "each",
        "every",
        "no",
        "not",
        "only",
        "very",
        "can",
        "could",
        "should",
        "would",
        "will",
        "may",
        "might",
        "must",
        "shall",
        "user",
        "users",
        "user's",
        "assistant",
        "agent",
        "i",
        "me",
        "my",
        "we",
        "our",
        "you",
        "your",
        "he",
        "she",
        "his",
        "her",
        "who",
        "what",
        "when",
        "where",
        "which",
        "why",
        "how",
        "also",
        "just",
        "still",
        "yet",
        "so",
        "as",
        "up",
        "down",
        "out",
        "off",
        "one",
        "two",
        "new",
        "old",
        "prefers",
        "prefer",
        "uses",
        "use",
        "used",
        "using",
        "likes",
        "like",
        "wants",
        "want",
        "said",
        "says",
        "think",
        "thinks",
        "seems",
        "seem",
        "known",
        "always",
        "never",
        "often",
        "usually",
    ]
)


def key_terms(text: str) -> set[str]:
    """Content words of a text (lower case, stop words and 1-2 letter words dropped)."""
    return {
        w.strip(".-")
        for w in _WORD.findall(normalize(text))
        if len(w) > 2 and w not in STOP_WORDS and not w.isdigit()
    }


def detect_unmarked_interpretation(ctx: Ctx) -> None:
    min_terms = int(ctx.policy.get("audit.topic_min_terms"))
    min_obs = int(ctx.policy.get("audit.reflection_min_observations"))
    edge_check = "NOT EXISTS (SELECT 1 FROM edges e WHERE e.child_id = m.id)"
    if not ctx.has_edges:
        edge_check = "derived = 0"
    interps: list[tuple[str, str, str, set[str]]] = []
    for mid, st, content in ctx.rows(
        "SELECT id, source_type, content FROM memories m WHERE status = 'active' "
        f"AND source_type IN ('inference', 'reflection') AND {edge_check} ORDER BY id"
    ):
        terms = key_terms(content)
        if len(terms) >= min_terms:
            interps.append((mid, st, content, terms))
    if not interps:
        return
    # Blocking: an inverted index of the interpretations' terms; a term shared by many
    # interpretations names no particular topic and would make the scan quadratic.
    index: dict[str, list[int]] = defaultdict(list)
    for i, (_, _, _, terms) in enumerate(interps):
        for t in terms:
            index[t].append(i)
    too_common = max(50, len(interps) // 100)
    index = {t: v for t, v in index.items() if len(v) <= too_common}
    matches: dict[int, list[str]] = defaultdict(list)
    for oid, content in ctx.rows(
        f"SELECT id, content FROM memories WHERE status = 'active' AND source_type IN {_OBS}"
    ):
        shared: dict[int, int] = defaultdict(int)
        for t in key_terms(content):
            for i in index.get(t, ()):
                shared[i] += 1
        for i, n in shared.items():
            if n >= min_terms:
                matches[i].append(oid)
    # One finding per topic: interpretations that rest on the same observations.
    topics: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, obs in matches.items():
        if len(obs) >= min_obs:
            topics[tuple(sorted(obs))].append(i)
    for obs_ids, members in sorted(topics.items(), key=lambda kv: sorted(kv[1])):
        conclusions = [interps[i] for i in sorted(members)]
        names = ", ".join(f"{c[0]} ({c[1]})" for c in conclusions)
        first = conclusions[0]
        shown = list(obs_ids[:10])
        ctx.add(
            Severity.MEDIUM,
            [c[0] for c in conclusions] + shown,
            f"the topic of “{_short(first[2], 60)}” reads as {len(obs_ids) + len(conclusions)} "
            f"independent facts but is {len(obs_ids)} observations "
            f"({', '.join(shown)}{', ...' if len(obs_ids) > 10 else ''}) plus "
            f"{len(conclusions)} conclusion(s) with no derived-from link: {names}",
            f"memaudit link {first[0]} {' '.join(shown[:5])} --relation "
            f"{'reflects_on' if first[1] == 'reflection' else 'infers'}",
            observations=list(obs_ids),
            conclusions=[c[0] for c in conclusions],
        )


# -- 4. retrieval amplification -----------------------------------------------


def gini(sorted_values: list[int]) -> float:
    n = len(sorted_values)
    total = sum(sorted_values)
    if n == 0 or total == 0:
        return 0.0
    weighted = sum((i + 1) * v for i, v in enumerate(sorted_values))
    return (2 * weighted) / (n * total) - (n + 1) / n


def access_distribution(ctx: Ctx) -> dict[str, Any]:
    counts = sorted(
        int(c) for (c,) in ctx.rows("SELECT access_count FROM memories WHERE status = 'active'")
    )
    n = len(counts)
    total = sum(counts)
    pct = float(ctx.policy.get("audit.access_top_percentile"))
    if not n:
        return {"memories": 0, "accesses": 0}
    cut = counts[min(n - 1, int(n * pct / 100))]
    top_n = max(1, n // 100)
    return {
        "memories": n,
        "accesses": total,
        "mean": total / n,
        "median": counts[n // 2],
        "percentile": pct,
        "percentile_value": cut,
        "top_1pct_share": (sum(counts[-top_n:]) / total) if total else 0.0,
        "gini": round(gini(counts), 3),
    }


def detect_hot_memory(ctx: Ctx) -> None:
    dist = access_distribution(ctx)
    ctx.result.stats.update(dist)
    if not dist.get("accesses"):
        return
    threshold = max(
        float(dist["percentile_value"]),
        float(ctx.policy.get("audit.access_min_count")),
        float(ctx.policy.get("audit.access_min_ratio")) * dist["mean"],
    )
    need = int(ctx.policy.get("audit.min_independent_evidence"))
    hot = list(
        ctx.rows(
            "SELECT id, access_count, source_type, content FROM memories "
            "WHERE status = 'active' AND access_count >= ? "
            f"AND source_type NOT IN {_OBS} AND source_type != 'external_document' "
            "ORDER BY access_count DESC, id",
            (threshold,),
        )
    )
    lin = lineages(ctx, [h[0] for h in hot], max(LINEAGE_CAP, need))
    spawned = dict(
        ctx.rows(
            "SELECT parent_id, count(*) FROM edges WHERE parent_id IN "
            "(SELECT value FROM json_each(?)) GROUP BY parent_id",
            (_ids_json([h[0] for h in hot]),),
        )
    )
    conc = (
        f"the top 1% of memories hold {_pct(dist['top_1pct_share'], 1)} of "
        f"{dist['accesses']} accesses, Gini {dist['gini']:.2f}"
    )
    for mid, count, st, content in hot:
        obs = sorted(lin[mid].observations)
        if len(obs) >= need:
            continue
        kids = int(spawned.get(mid, 0))
        ctx.add(
            Severity.HIGH if not obs else Severity.MEDIUM,
            [mid, *obs],
            f"{mid} ({st}, “{_short(content, 50)}”) was retrieved {count} times — the "
            f"{dist['percentile']:g}th percentile is {dist['percentile_value']}, the mean "
            f"{dist['mean']:.1f} — yet rests on {len(obs)} independent observation(s) and "
            f"spawned {kids} derived memor{'y' if kids == 1 else 'ies'}: {conc}",
            f"memaudit trace {mid}",
            access_count=count,
            observations=obs,
            spawned=kids,
        )


def detect_pinned_fresh(ctx: Ctx) -> None:
    half_life = float(ctx.policy.get("decay.half_life_days"))
    minimum = int(ctx.policy.get("audit.min_memories_for_share"))
    share_max = float(ctx.policy.get("audit.max_fresh_share"))
    cutoff = ctx.cutoff(half_life)
    total, fresh = next(
        ctx.rows(
            "SELECT count(*), coalesce(sum(pinned = 1 OR coalesce(decay_score, 1.0) >= 0.999), 0) "
            "FROM memories WHERE status = 'active' AND created_at < ?",
            (cutoff,),
        )
    )
    ctx.result.stats.update(older_than_half_life=total, at_max_freshness=fresh)
    if total < minimum or fresh / total <= share_max:
        return
    sample = [
        r[0]
        for r in ctx.rows(
            "SELECT id FROM memories WHERE status = 'active' AND created_at < ? AND "
            "(pinned = 1 OR coalesce(decay_score, 1.0) >= 0.999) "
            "ORDER BY access_count DESC, id LIMIT 10",
            (cutoff,),
        )
    ]
    ctx.add(
        Severity.MEDIUM,
        sample,
        f"{fresh} of {total} active memories older than the {half_life:g}-day half-life "
        f"({_pct(fresh, total)}) are pinned or at maximum freshness: retrieval keeps them "
        "as prominent as the day they were written",
        "memaudit decay --dry-run",
        share=fresh / total,
    )


# -- 5. contradiction collapse -------------------------------------------------


def _validated_sql() -> str:
    acts = ",".join(f"'{a}'" for a in VALIDATION_ACTIONS)
    return (
        f"EXISTS (SELECT 1 FROM events v WHERE v.action IN ({acts}) "
        "AND v.memory_id IN (o.id, o.superseded_by, o.contradicted_by))"
    )


def detect_unvalidated_supersession(ctx: Ctx) -> None:
    ctx.need_events()
    sql = f"""
        SELECT o.id, o.status, coalesce(o.superseded_by, o.contradicted_by), o.source_type
        FROM memories o
        LEFT JOIN memories n ON n.id = coalesce(o.superseded_by, o.contradicted_by)
        WHERE (o.status IN ('superseded') OR (o.superseded_by IS NOT NULL AND o.status != 'active'))
          AND o.validation != 'validated' AND coalesce(n.validation, '') != 'validated'
          AND NOT {_validated_sql()}
        ORDER BY o.updated_at, o.id
    """
    for mid, status, by, st in ctx.rows(sql):
        by_text = f" by {by}" if by else ""
        ctx.add(
            Severity.MEDIUM,
            [mid, *([by] if by else [])],
            f"{mid} ({st}) was {status}{by_text} with no validate or resolve event: "
            "similarity is a candidate contradiction, never proof",
            f"memaudit trace {mid}"
            + (f"  (to keep the decision: memaudit resolve {by} --supersedes {mid})" if by else ""),
            superseded_by=by,
        )


def consolidation_runs(ctx: Ctx) -> list[dict[str, Any]]:
    """Invalidation events grouped into runs: by ``detail.run`` when recorded, else
    one actor's events with gaps shorter than the policy's window."""
    from memaudit.clock import parse_time

    window = timedelta(minutes=float(ctx.policy.get("audit.consolidation_window_minutes")))
    acts = ",".join(f"'{a}'" for a in INVALIDATION_ACTIONS)
    runs: dict[str, dict[str, Any]] = {}
    open_run: dict[str, tuple[str, datetime]] = {}  # actor → (run key, last time)
    detail = "CASE WHEN json_valid(detail) THEN detail ELSE '{}' END"
    for at, actor, mid, run, validation in ctx.rows(
        f"SELECT at, actor, memory_id, json_extract({detail}, '$.run'), "
        f"json_extract({detail}, '$.validation') FROM events WHERE action IN ({acts}) ORDER BY id"
    ):
        # A supersession a person validated (`memaudit resolve`) is no collapse.
        if mid is None or validation == "validated":
            continue
        if run is not None:
            key = f"run:{run}"
        else:
            moment = parse_time(at)
            prev = open_run.get(actor)
            key = prev[0] if prev and moment - prev[1] <= window else f"{actor}@{at}"
            open_run[actor] = (key, moment)
        entry = runs.setdefault(
            key, {"run": key, "actor": actor, "start": at, "end": at, "ids": {}}
        )
        entry["end"] = at
        entry["ids"][mid] = None
    return list(runs.values())


def detect_mass_invalidation(ctx: Ctx) -> None:
    ctx.need_events()
    share_max = float(ctx.policy.get("audit.mass_invalidation_share"))
    minimum = int(ctx.policy.get("audit.mass_invalidation_min"))
    acts = ",".join(f"'{a}'" for a in VALIDATION_ACTIONS)
    for run in consolidation_runs(ctx):
        ids = list(run["ids"])
        if len(ids) < minimum:
            continue
        # The store at the time of the run: every memory created before it ended,
        # including those gone since (their tombstones).
        (size,) = next(
            ctx.rows(
                "SELECT (SELECT count(*) FROM memories WHERE created_at <= ?) + "
                "(SELECT count(*) FROM tombstones WHERE at > ?)",
                (run["end"], run["end"]),
            )
        )
        size = max(size, len(ids))
        share = len(ids) / size
        if share <= share_max:
            continue
        (validated,) = next(
            ctx.rows(
                f"SELECT count(DISTINCT memory_id) FROM events WHERE action IN ({acts}) "
                "AND memory_id IN (SELECT value FROM json_each(?))",
                (_ids_json(ids),),
            )
        )
        label = run["run"].removeprefix("run:")
        ctx.add(
            Severity.HIGH,
            ids[:20],
            f"one consolidation run ({label}, by {run['actor']}, {run['start']} – {run['end']}) "
            f"invalidated {len(ids)} of {size} memories ({_pct(len(ids), size)}; the policy "
            f"allows {share_max:.0%}); {validated} of them have a validation event",
            f"memaudit log --actor {run['actor']}  (then check: memaudit trace {ids[0]})",
            run=label,
            invalidated=len(ids),
            store_size=size,
            share=round(share, 3),
            validated=validated,
        )


# -- 6. user-model reinforcement ----------------------------------------------

_ABOUT_USER = re.compile(r"^\s*(the\s+)?user('s|s)?\b", re.I)


def detect_user_model(ctx: Ctx) -> None:
    ctx.need_edges()
    share_max = float(ctx.policy.get("audit.user_model_inference_share"))
    # (entry id, memory id, label): profile entries, and model conclusions about the user.
    items: list[tuple[str, str, str]] = []
    for pid, trait, value, mid in ctx.rows(
        "SELECT p.id, p.trait, p.value, p.memory_id FROM profile p "
        "JOIN memories m ON m.id = p.memory_id WHERE m.status = 'active' ORDER BY p.id"
    ):
        items.append((pid, mid, f"profile entry {pid} ({trait}: {value})"))
    for mid, content in ctx.rows(
        f"SELECT id, content FROM memories WHERE status = 'active' AND source_type IN {_T5} "
        "AND (lower(content) LIKE 'user%' OR lower(content) LIKE 'the user%' "
        "OR lower(content) LIKE '%the user %') ORDER BY id"
    ):
        if _ABOUT_USER.search(content):
            items.append((mid, mid, f"{mid} (“{_short(content, 50)}”)"))
    if not items:
        return
    mids = list(dict.fromkeys(m for _, m, _ in items))
    lin = lineages(ctx, mids)
    for entry, mid, label in items:
        info = lin.get(mid)
        if info is None or info.model_share <= share_max:
            continue
        observed = sorted(info.observations)
        ctx.add(
            Severity.HIGH if not observed else Severity.MEDIUM,
            [entry, *([mid] if mid != entry else []), *observed],
            (
                f"{label} rests on {mid} ({info.source_type}), whose lineage is "
                if mid != entry
                else f"{label} is {info.source_type}; its lineage is "
            )
            + f"{_pct(info.model_share, 1)} model output (each memory averaged with its "
            "sources)"
            + (f"; observations: {', '.join(observed)}" if observed else "; no observation at all")
            + ": a trait the user never stated",
            f"memaudit trace {mid} --up",
            share=round(info.model_share, 3),
            observations=observed,
        )


# -- 7. agent self-model reinforcement ----------------------------------------

_ABOUT_AGENT = re.compile(
    r"\b(the (assistant|agent)|i (always|never|usually|tend|prefer|am|like|try|double-check))\b",
    re.I,
)


def detect_self_model(ctx: Ctx) -> None:
    roles = ",".join(f"'{r}'" for r in ASSISTANT_ROLES)
    candidates = [
        (mid, st, content, role)
        for mid, st, content, role in ctx.rows(
            "SELECT id, source_type, content, {role} FROM memories WHERE status = 'active' AND ("
            "lower(content) LIKE '%the assistant%' OR lower(content) LIKE '%the agent%' OR "
            f"((source_type = 'assistant_message' OR lower(coalesce({{role}}, '')) IN ({roles})) "
            "AND (content LIKE 'I %' OR content LIKE '% I %'))) ORDER BY id"
        )
        if _ABOUT_AGENT.search(content)
    ]
    if not candidates:
        return
    lin = lineages(ctx, [c[0] for c in candidates])
    for mid, st, content, role in candidates:
        own = st == SourceType.ASSISTANT_MESSAGE.value or (role or "").lower() in ASSISTANT_ROLES
        from_own = sorted(lin[mid].assistant) if mid in lin else []
        if not own and not from_own:
            continue
        if from_own:
            evidence = (
                f"{mid} ({st}) describes the agent — “{_short(content, 60)}” — and is derived "
                f"from the agent's own message(s) {', '.join(from_own)}: the explanation of an "
                "action becomes a self-model the next session acts on"
            )
        else:
            evidence = (
                f"{mid} is the agent's own message describing itself — “{_short(content, 60)}” "
                "— stored as memory: a self-model built from its own words"
            )
        ctx.add(
            Severity.HIGH if from_own else Severity.MEDIUM,
            [mid, *from_own],
            evidence,
            f"memaudit trace {mid} --up",
            derived_from_own=from_own,
        )


# -- duplicates -----------------------------------------------------------------


def detect_exact_duplicates(ctx: Ctx) -> None:
    groups = list(
        ctx.rows(
            "SELECT content_hash, group_concat(id, char(31)), count(*) FROM ("
            "SELECT content_hash, id FROM memories WHERE status IN ('active', 'pending') "
            "ORDER BY content_hash, created_at, id) GROUP BY content_hash HAVING count(*) > 1"
        )
    )
    dupes = 0
    for _, ids_text, n in groups:
        dupes += n - 1
        if ctx.full:
            ctx.count(Severity.MEDIUM if n >= 3 else Severity.LOW)
            continue
        ids = ids_text.split("\x1f")
        ctx.add(
            Severity.MEDIUM if n >= 3 else Severity.LOW,
            ids[:20],
            f"{n} memories hold the same text after normalisation ({', '.join(ids[:5])}"
            f"{', ...' if n > 5 else ''}); {ids[0]} is the oldest",
            f"memaudit forget {ids[1]}  (keep {ids[0]})",
            copies=n,
        )
    ctx.result.stats["redundant_copies"] = dupes


SKETCH = 8  # bottom-k sketch size per memory
SKETCH_SLACK = 0.25  # how far below the threshold a sketch estimate may be
BUCKET_CAP = 64  # larger blocks are compared by sorted neighbourhood only
WINDOW = 4


def sketch(text: str) -> tuple[int, ...]:
    """The ``SKETCH`` smallest CRC-32s of the text's word trigrams (a bottom-k MinHash:
    two texts with Jaccard J share each minimum with probability about J)."""
    return tuple(sorted(set(map(zlib.crc32, map(str.encode, shingles(text)))))[:SKETCH])


def estimate(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Jaccard estimated from two bottom-k sketches."""
    sa, sb = set(a), set(b)
    return _estimate(sa, sb, sa & sb)


def _estimate(sa: frozenset[int] | set[int], sb: frozenset[int] | set[int], shared: Any) -> float:
    """The share of the union's bottom-k that both sketches hold (``shared`` = sa & sb)."""
    if not shared:
        return 0.0
    union = sorted(sa | sb)[:SKETCH]
    # The shared values at most the union's k-th are those in the union's bottom-k.
    return len(shared.intersection(union)) / len(union)


def near_duplicate_pairs(
    items: Iterable[tuple[int, str]],
    threshold: float,
    fetch: Callable[[list[int]], dict[int, str]],
    stats: dict[str, int] | None = None,
) -> list[tuple[int, int, float]]:
    """Pairs of keys whose texts have word-trigram Jaccard ≥ threshold.

    Blocking, never all pairs: each memory is filed under each value of its sketch;
    memories in the same block are candidates (a block larger than ``BUCKET_CAP``
    only pairs neighbours in sketch order). A candidate's similarity is estimated
    from the sketches (the share of the union's bottom-k held by both); only those
    within ``SKETCH_SLACK`` of the threshold are fetched and compared exactly.

    Every block's pairs go through a cheap filter first (the estimate's numerator is
    at most the shared count); a pair is judged once, however many blocks it shares
    (the judgement depends on the pair only).
    """
    floor = threshold - SKETCH_SLACK
    considered = 0
    # Memories are numbered in the order given; per number: its sketch as a set and
    # the shared count its pairs need (an integer: the count is one).
    keys: list[int] = []
    sketches: list[tuple[int, ...]] = []
    for key, text in items:
        sk = sketch(text)
        if sk:
            keys.append(key)
            sketches.append(sk)
    sets = [frozenset(sk) for sk in sketches]
    # A pair passes the filter with at least floor × min(SKETCH, |a|, |b|) shared values,
    # i.e. (the bound grows with the length) at least the bound of one of the two.
    need = [math.ceil(floor * min(SKETCH, len(sk))) for sk in sketches]
    blocks: dict[int, list[int]] = defaultdict(list)
    for i, sk in enumerate(sketches):
        for value in sk:
            blocks[value].append(i)
    # Sketch order, ties in the order given (a stable sort): large blocks are sorted
    # by this rank, which orders their members as sorting by sketch would.
    rank = [0] * len(sketches)
    for r, i in enumerate(sorted(range(len(sketches)), key=sketches.__getitem__)):
        rank[i] = r
    sketches.clear()
    total = len(keys)
    judged: set[int] = set()
    candidates: set[int] = set()
    for members in blocks.values():
        n = len(members)
        if n < 2:
            continue
        # The shared counts are computed in C (map over the pairs' sets); only pairs
        # reaching the block's smallest bound are looked at one by one.
        lo = min([need[m] for m in members])
        hits: Iterable[tuple[int, int]]
        if n <= BUCKET_CAP:
            ss = [sets[m] for m in members]
            counts = map(len, starmap(and_, combinations(ss, 2)))
            hits = compress(combinations(members, 2), map(lo.__le__, counts))
            considered += n * (n - 1) // 2
        else:
            ordered = sorted(members, key=rank.__getitem__)
            ss = [sets[m] for m in ordered]
            hits = chain.from_iterable(
                compress(
                    zip(ordered, ordered[d:], strict=False),
                    map(lo.__le__, map(len, map(and_, ss, ss[d:]))),
                )
                for d in range(1, WINDOW + 1)
            )
            considered += sum(max(0, n - d) for d in range(1, WINDOW + 1))
        for a, b in hits:
            pair = a * total + b if a < b else b * total + a  # one int: a small set
            if pair in judged:
                continue
            sa, sb = sets[a], sets[b]
            shared = sa & sb
            k = len(shared)
            if k < need[a] and k < need[b]:
                continue  # rare here: only pairs at or above the block's bound come
            judged.add(pair)
            if _estimate(sa, sb, shared) >= floor:
                candidates.add(pair)
    judged.clear()
    blocks.clear()
    sets.clear()
    if stats is not None:
        stats.update(memories=len(keys), considered=considered, candidates=len(candidates))
    if not candidates:
        return []
    found = [divmod(p, total) for p in candidates]
    wanted = sorted({keys[i] for p in found for i in p})
    texts = fetch(wanted)
    # One string object per distinct trigram: templated texts share most of theirs, and
    # the sets of a few hundred thousand texts would otherwise hold copies of each.
    canon: dict[str, str] = {}
    intern = canon.setdefault
    shingle_sets = {k: {intern(g, g) for g in shingles(t)} for k, t in texts.items()}
    canon.clear()
    out = []
    by_key = ((keys[x], keys[y]) for x, y in found)
    for a, b in sorted((a, b) if a < b else (b, a) for a, b in by_key):
        if a in shingle_sets and b in shingle_sets:
            sim = jaccard(shingle_sets[a], shingle_sets[b])
            if sim >= threshold:
                out.append((a, b, sim))
    return out


def detect_near_duplicates(ctx: Ctx) -> None:
    threshold = float(ctx.policy.get("duplicates.similarity"))
    # One representative per exact-duplicate group (exact duplicates are their own
    # finding): the oldest row (smallest seq), taken in content-hash order. One
    # sequential scan: grouping by the hash would look every row up by its index.
    first: dict[str, tuple[int, str]] = {}
    for seq, h, content in ctx.rows(
        "SELECT seq, content_hash, content FROM memories WHERE +status IN ('active', 'pending')"
    ):
        seen = first.get(h)
        if seen is None or seq < seen[0]:
            first[h] = (seq, content)
    text_by_seq = {first[h][0]: first[h][1] for h in sorted(first)}
    first.clear()
    rows = list(text_by_seq.items())

    def fetch(keys: list[int]) -> dict[int, str]:
        return {k: text_by_seq[k] for k in keys}

    counts: dict[str, int] = {}
    pairs = near_duplicate_pairs(rows, threshold, fetch, counts)
    ctx.result.stats.update(counts, near_duplicate_pairs=len(pairs))
    if not pairs:
        return
    # Clusters (union-find), reported with ids.
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    best: dict[int, float] = {}
    for a, b, _sim in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    clusters: dict[int, list[int]] = defaultdict(list)
    for k in sorted({k for p in pairs for k in p[:2]}):
        clusters[find(k)].append(k)
    for a, _b, sim in pairs:
        root = find(a)
        best[root] = max(best.get(root, 0.0), sim)
    keys = sorted({k for m in clusters.values() for k in m})
    info: dict[int, tuple[str, str]] = {}
    for start in range(0, len(keys), 900):
        for seq, mid, created in ctx.rows(
            "SELECT seq, id, created_at FROM memories WHERE seq IN (SELECT value FROM json_each(?))",
            (json.dumps(keys[start : start + 900]),),
        ):
            info[seq] = (mid, created)
    for root in sorted(clusters):
        members = sorted(clusters[root], key=lambda k: (info[k][1] or "", info[k][0]))
        ids = [info[k][0] for k in members]
        ctx.add(
            Severity.LOW,
            ids[:20],
            f"{len(ids)} memories say nearly the same thing (word-trigram similarity up to "
            f"{best[root]:.2f}, policy duplicates.similarity {threshold:g}): {', '.join(ids[:5])}"
            f"{', ...' if len(ids) > 5 else ''}",
            f"memaudit show {ids[0]} {ids[1]}",
            similarity=round(best[root], 3),
        )


# -- staleness and consolidation ----------------------------------------------


def detect_stale_pending(ctx: Ctx) -> None:
    days = float(ctx.policy.get("stale_pending_days"))
    cutoff = ctx.cutoff(days)
    for mid, created, st in ctx.rows(
        "SELECT id, created_at, source_type FROM memories WHERE status = 'pending' "
        "AND created_at < ? ORDER BY created_at, id",
        (cutoff,),
    ):
        if ctx.full:
            ctx.count(Severity.MEDIUM)
            continue
        from memaudit.clock import age_days

        age = age_days(created, ctx.now) or 0.0
        ctx.add(
            Severity.MEDIUM,
            [mid],
            f"{mid} ({st}) has waited {age:.0f} days for review since {created}; the policy "
            f"allows {days:g} (stale_pending_days): a queue nobody reads is no gate",
            f"memaudit review  (or: memaudit approve {mid} / memaudit reject {mid} -r REASON)",
            age_days=round(age, 1),
        )


def detect_stale_lockin(ctx: Ctx) -> None:
    days = float(ctx.policy.get("audit.stale_lockin_days"))
    high = float(ctx.policy.get("audit.high_importance"))
    sql = """
        SELECT o.id, o.importance, o.created_at, n.id, n.created_at, n.content
        FROM memories o
        JOIN memories n ON n.id = coalesce(o.contradicted_by, o.superseded_by)
        WHERE o.status = 'active' AND o.importance >= ? AND o.created_at < ?
          AND n.created_at > o.created_at AND n.status IN ('active', 'pending')
        ORDER BY o.created_at, o.id
    """
    seen = set()
    for old, imp, created, new, new_created, new_content in ctx.rows(sql, (high, ctx.cutoff(days))):
        seen.add(old)
        ctx.add(
            Severity.HIGH,
            [old, new],
            f"{old} (importance {imp:g}, since {created}) is still active though the newer "
            f"{new} ({new_created}, “{_short(new_content, 50)}”) contradicts it: it is "
            "retrieved as fresh and as important as the day it was written",
            f"memaudit resolve {new} --supersedes {old}",
            importance=imp,
            contradicted_by=new,
        )
    # Contradiction candidates from the conflicts module, once it is installed.
    finder = _conflict_finder()
    if finder is not None:
        for old, new, reason in finder(ctx, days, high):
            if old in seen:
                continue
            ctx.add(
                Severity.HIGH,
                [old, new],
                f"{old} is old, important and still active though the newer {new} may "
                f"contradict it ({reason})",
                f"memaudit resolve {new} --supersedes {old}",
                contradicted_by=new,
            )


# Candidate search loads the active memories as objects; above this many it would
# dominate the audit's time and memory, so only the recorded columns are read.
CONFLICT_POOL_MAX = 200_000


def _conflict_finder() -> Callable[[Ctx, float, float], list[tuple[str, str, str]]] | None:
    """Contradiction *candidates* from ``memaudit.conflicts`` (blocking by slot and
    subject) for old, important, active memories; pairs a person kept apart or
    resolved are skipped."""
    return _lockin_candidates


def _lockin_candidates(ctx: Ctx, days: float, high: float) -> list[tuple[str, str, str]]:
    from memaudit import conflicts
    from memaudit.model import MemoryFilter, Status

    store = ctx.store
    if store is None:
        return []
    old = [
        r[0]
        for r in ctx.rows(
            "SELECT id FROM memories WHERE status = 'active' AND importance >= ? "
            "AND created_at < ?",
            (high, ctx.cutoff(days)),
        )
    ]
    if not old:
        return []
    (active,) = next(ctx.rows("SELECT count(*) FROM memories WHERE status = 'active'"))
    if active > CONFLICT_POOL_MAX:
        ctx.result.stats["conflict_candidates"] = (
            f"not searched: {active} active memories (more than {CONFLICT_POOL_MAX}); "
            "recorded contradictions only"
        )
        return []
    try:
        records = store.records(writable=False)
    except Exception:  # stores without RESOLVE have no decisions to honour
        records = None
    pool = store.memories(MemoryFilter(statuses=[Status.ACTIVE]))
    found = conflicts.find(pool, only=set(old), exclude=conflicts.decided_pairs(records))
    olds = set(old)
    return [
        (
            c.older_id,
            c.newer_id,
            f"{c.slot}: {', '.join(c.older_values)} → {', '.join(c.newer_values)}",
        )
        for c in found
        if c.older_id in olds and not c.scope_differs
    ]


def detect_destructive_consolidation(ctx: Ctx) -> None:
    sql = f"""
        SELECT o.id, o.source_type, o.created_at, n.id, n.source_type, n.created_at, n.content
        FROM memories o JOIN memories n ON n.id = o.superseded_by
        WHERE o.source_type IN {_AUTHORITATIVE} AND n.source_type IN {_MODEL}
          AND n.created_at >= o.created_at AND o.status != 'active'
        ORDER BY o.created_at, o.id
    """
    for old, ost, ocreated, new, nst, ncreated, ncontent in ctx.rows(sql):
        ctx.add(
            Severity.HIGH,
            [old, new],
            f"{old} ({ost}, {ocreated}) was superseded by the newer {new} ({nst}, {ncreated}, "
            f"“{_short(ncontent, 50)}”): an inference replaced a more authoritative observation",
            f"memaudit trace {new} --up",
            old_source_type=ost,
            new_source_type=nst,
        )


# -- injected instructions (the signal engine is memaudit.injection) -----------


def detect_injected_instruction(ctx: Ctx) -> None:
    from memaudit import injection

    found = injection.scan(
        ctx.rows(
            "SELECT id, source_type, source_ref, status, derived, {role}, content FROM memories "
            "WHERE status IN ('active', 'pending')"
        ),
        injection.Thresholds.from_policy(ctx.policy),
        ancestors=(lambda mid: graph_ancestor_types(ctx.conn, mid)) if ctx.has_edges else None,
        approved=_approved_ids(ctx) if ctx.has_events else None,
    )
    for hit in sorted(found, key=lambda f: f.memory_id):
        if ctx.full:
            ctx.count(Severity(hit.assessment.severity or "low"))
            continue
        ctx.add(
            Severity(hit.assessment.severity or "low"),
            [hit.memory_id],
            hit.evidence(),
            hit.suggestion(),
            **{k: v for k, v in hit.assessment.to_dict().items() if k != "severity"},
        )


def graph_ancestor_types(conn: sqlite3.Connection, memory_id: str) -> set[str]:
    from memaudit.graph import ancestor_types

    return ancestor_types(conn, memory_id)


def _approved_ids(ctx: Ctx) -> Callable[[list[str]], set[str]]:
    """Which of some memory ids a person approved or promoted (one query per batch)."""

    def approved(ids: list[str]) -> set[str]:
        out: set[str] = set()
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            out |= {
                r[0]
                for r in ctx.rows(
                    f"SELECT DISTINCT memory_id FROM events WHERE action IN ('approve', 'promote') "
                    f"AND memory_id IN ({marks})",
                    chunk,
                )
            }
        return out

    return approved


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
        "audit.mass_invalidation_min of them — the brief's 142-of-243 case.",
        detect_mass_invalidation,
        (
            "audit.mass_invalidation_share",
            "audit.mass_invalidation_min",
            "audit.consolidation_window_minutes",
        ),
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
        "below 0.9. Flagged at injection.threshold, medium at injection.medium, high at "
        "injection.high.",
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


# -- running ------------------------------------------------------------------


@dataclass(slots=True)
class Report:
    store: str
    adapter: str
    now: str
    results: list[Result]

    def counts(self) -> dict[Severity, int]:
        total = dict.fromkeys(Severity, 0)
        for r in self.results:
            for s, n in r.counts.items():
                total[s] += n
        return total

    def at_or_above(self, severity: Severity) -> int:
        return sum(n for s, n in self.counts().items() if s.rank >= severity.rank)

    def by_pattern(self) -> dict[Pattern, dict[str, Any]]:
        out: dict[Pattern, dict[str, Any]] = {}
        for r in self.results:
            entry = out.setdefault(
                r.detector.pattern,
                {"counts": dict.fromkeys(Severity, 0), "unchecked": []},
            )
            for s, n in r.counts.items():
                entry["counts"][s] += n
            if not r.checked:
                entry["unchecked"].append(f"{r.detector.name}: {r.why_unchecked}")
        return out

    def findings(self) -> list[Finding]:
        found = [f for r in self.results for f in r.findings]
        return sorted(found, key=lambda f: (-f.severity.rank, list(Pattern).index(f.pattern)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "store": self.store,
            "adapter": self.adapter,
            "now": self.now,
            "counts": {s.value: n for s, n in self.counts().items()},
            "patterns": {
                p.value: {
                    "title": p.label,
                    "counts": {s.value: n for s, n in e["counts"].items()},
                    "not_checked": e["unchecked"],
                }
                for p, e in self.by_pattern().items()
            },
            "detectors": [r.to_dict() for r in self.results],
            "findings": [f.to_dict() for f in self.findings()],
        }


# The detectors that a large native ledger's audit runs in a second process, beside the
# others (CPU-bound Python: threads would share one interpreter lock). near_duplicate
# costs about as much CPU as the rest together at 1M memories; the text detectors that
# need no derivation graph join it, so both processes finish at about the same time.
OFFLOAD = ("near_duplicate", "exact_duplicate", "unmarked_interpretation", "injected_instruction")
# Below this many memories a second process costs more to start than it saves.
PARALLEL_MIN_MEMORIES = 50_000


def run(
    store: Store,
    now: datetime,
    *,
    patterns: Iterable[str] | None = None,
    max_findings: int | None = None,
    workers: int | None = None,
) -> Report:
    """Run the chosen detectors (all by default) over ``store`` at time ``now``.

    ``workers``: 1 runs every detector here; 2 runs the ``OFFLOAD`` detectors in a
    child process that opens the native ledger read-only; None (the default) picks 2
    for a native ledger of at least ``PARALLEL_MIN_MEMORIES`` memories on a machine
    with more than one CPU. The findings are the same either way.
    """
    detectors = select(patterns)
    ledger = getattr(store, "ledger", None)
    offload = [d.name for d in detectors if d.name in OFFLOAD]
    if ledger is None or not offload or len(detectors) == len(offload):
        workers = 1  # nothing to run beside the offloaded detectors
    elif workers is None:
        (top,) = ledger.conn.execute("SELECT coalesce(max(seq), 0) FROM memories").fetchone()
        workers = 2 if (os.cpu_count() or 1) > 1 and top >= PARALLEL_MIN_MEMORIES else 1
    if workers <= 1 or ledger is None:
        return Report(
            store.location,
            store.adapter_name,
            to_iso(now),
            _run(store, now, detectors, max_findings),
        )
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    # spawn, not fork: the caller may hold threads (the TUI) and an open connection.
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        future = pool.submit(_run_offloaded, str(ledger.path), offload, to_iso(now), max_findings)
        here = _run(store, now, [d for d in detectors if d.name not in offload], max_findings)
        there = {r.detector.name: r for r in (_result_from(d) for d in future.result())}
    by_name = {r.detector.name: r for r in here} | there
    results = [by_name[d.name] for d in detectors]
    return Report(store.location, store.adapter_name, to_iso(now), results)


def _run_offloaded(
    path: str, names: list[str], now: str, max_findings: int | None
) -> list[dict[str, Any]]:
    """In the child process: the named detectors on the ledger at ``path``, read-only."""
    from memaudit.adapters.native import NativeStore
    from memaudit.clock import parse_time
    from memaudit.ledger import Ledger

    with Ledger.open(path, readonly=True) as ledger:
        results = _run(NativeStore(ledger), parse_time(now), select(names), max_findings)
    return [
        {
            "name": r.detector.name,
            "checked": r.checked,
            "why_unchecked": r.why_unchecked,
            "findings": [
                (f.severity.value, f.memory_ids, f.evidence, f.suggestion, f.detail)
                for f in r.findings
            ],
            "counts": {s.value: n for s, n in r.counts.items()},
            "stats": r.stats,
            "seconds": r.seconds,
        }
        for r in results
    ]


def _result_from(data: dict[str, Any]) -> Result:
    det = BY_NAME[data["name"]]
    return Result(
        det,
        checked=data["checked"],
        why_unchecked=data["why_unchecked"],
        findings=[
            Finding(det.pattern, det.name, Severity(sev), tuple(ids), ev, sug, det.rule, detail)
            for sev, ids, ev, sug, detail in data["findings"]
        ],
        counts={Severity(k): n for k, n in data["counts"].items()},
        stats=data["stats"],
        seconds=data["seconds"],
    )


def _run(
    store: Store, now: datetime, detectors: list[Detector], max_findings: int | None
) -> list[Result]:
    from memaudit.adapters.base import Capability

    policy = store.policy()
    ledger = getattr(store, "ledger", None)
    if ledger is not None:
        conn, role_column = ledger.conn, False
    else:
        conn, role_column = mirror(store), True
    memo: dict[str, Any] = {}
    results = []
    for det in detectors:
        result = Result(det)
        ctx = Ctx(
            conn,
            policy,
            now,
            has_events=store.has(Capability.HISTORY),
            has_edges=store.has(Capability.LINEAGE),
            role_column=role_column,
            result=result,
            store=store,
            memo=memo,
        )
        if max_findings is not None:
            ctx.cap = max_findings
        started = time.perf_counter()
        try:
            det.run(ctx)
        except NotChecked as exc:
            result.checked = False
            result.why_unchecked = str(exc)
        result.seconds = time.perf_counter() - started
        results.append(result)
    memo.clear()
    if ledger is None:
        conn.close()
    return results


# -- foreign stores: an in-memory copy with the ledger's table shapes ----------

_MIRROR_SCHEMA = """
CREATE TABLE memories (
    seq INTEGER PRIMARY KEY, id TEXT UNIQUE, content TEXT, source_type TEXT, status TEXT,
    derived INTEGER, confidence REAL, importance REAL, validation TEXT, superseded_by TEXT,
    contradicted_by TEXT, created_at TEXT, updated_at TEXT, last_accessed TEXT,
    access_count INTEGER, decay_score REAL, pinned INTEGER, source_ref TEXT,
    content_hash TEXT, role TEXT
);
CREATE TABLE edges (child_id TEXT, parent_id TEXT, relation TEXT, created_at TEXT);
CREATE INDEX edges_child ON edges(child_id);
CREATE INDEX edges_parent ON edges(parent_id);
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT, actor TEXT, action TEXT,
    memory_id TEXT, reason TEXT, detail TEXT);
CREATE INDEX events_memory ON events(memory_id);
CREATE TABLE profile (id TEXT, subject TEXT, trait TEXT, value TEXT, memory_id TEXT);
CREATE TABLE tombstones (memory_id TEXT, at TEXT);
"""


def mirror(store: Store) -> sqlite3.Connection:
    """Copy what the store exposes through the protocol into an in-memory database."""
    from memaudit.adapters.base import Capability

    conn = sqlite3.connect(":memory:")
    conn.executescript(_MIRROR_SCHEMA)
    rows = []
    for m in store.memories():
        role = m.extra.get("role") or m.extra.get("author_type")
        rows.append(
            (
                m.id,
                m.content,
                m.source_type.value,
                m.status.value,
                int(m.derived),
                m.confidence,
                m.importance,
                m.validation.value,
                m.superseded_by,
                m.contradicted_by,
                m.created_at or "",
                m.updated_at or m.created_at or "",
                m.last_accessed,
                m.access_count,
                m.decay_score,
                int(m.pinned),
                m.source_ref,
                content_hash(m.content),
                str(role) if role is not None else None,
            )
        )
    conn.executemany(
        "INSERT OR IGNORE INTO memories(id, content, source_type, status, derived, confidence, "
        "importance, validation, superseded_by, contradicted_by, created_at, updated_at, "
        "last_accessed, access_count, decay_score, pinned, source_ref, content_hash, role) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        rows,
    )
    if store.has(Capability.LINEAGE):
        conn.executemany(
            "INSERT INTO edges VALUES (?,?,?,?)",
            [(e.child_id, e.parent_id, e.relation.value, e.created_at) for e in store.edges()],
        )
    if store.has(Capability.HISTORY):
        conn.executemany(
            "INSERT INTO events(at, actor, action, memory_id, reason, detail) VALUES (?,?,?,?,?,?)",
            [
                (e.at, e.actor, e.action, e.memory_id, e.reason, json.dumps(e.detail, default=str))
                for e in store.events()
            ],
        )
    return conn
