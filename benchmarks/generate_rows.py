"""The rows of a synthetic native ledger: its shape, drawn deterministically in chunks
(``Generator``); ``benchmarks.generate`` writes them into a real ledger.
"""

from __future__ import annotations

import bisect
import json
import math
import random
import struct
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from hashlib import blake2b
from pathlib import Path
from typing import Any

from benchmarks import words as W

GENERATOR_VERSION = 3  # bump when the output changes: cached stores are keyed by it
STORES_DIR = Path(__file__).resolve().parent / "_stores"
DEFAULT_SEED = 42
DEFAULT_NOW = "2026-01-01T00:00:00Z"
EMBED_DIM = 384
EMBED_MODEL = "bench-minilm-384"
MAX_DEPTH = 20
DEEP_LEVELS = 20  # levels below the apex of a deep structure
DEEP_WIDTH = 5  # nodes per level: the apex has DEEP_LEVELS * DEEP_WIDTH ancestors
DEEP_SIZE = DEEP_LEVELS * DEEP_WIDTH + 1
CHUNK = 50_000
YEAR = 365 * 86_400

# Source types (indexes into TYPES) and their share of ordinary memories.
USER, TOOL, DOC, EXTRACT, SUMMARY, INFER, REFLECT, ASSIST = range(8)
TYPES = (
    "user_statement",
    "tool_observation",
    "external_document",
    "extraction",
    "summary",
    "inference",
    "reflection",
    "assistant_message",
)
TYPE_WEIGHTS = (0.20, 0.15, 0.08, 0.12, 0.10, 0.20, 0.07, 0.08)
RELATION = (
    "derived",
    "derived",
    "derived",
    "extracts",
    "summarizes",
    "infers",
    "reflects_on",
    "derived",
)
# Parent pools: roots (user/tool/doc), extractions, summaries, model output.
P_ROOT, P_EXTRACT, P_SUMMARY, P_MODEL = range(4)
POOL_OF = (P_ROOT, P_ROOT, P_ROOT, P_EXTRACT, P_SUMMARY, P_MODEL, P_MODEL, P_MODEL)
# Per derived type: (min parents, max parents, cumulative pool preference).
PARENTS: dict[int, tuple[int, int, tuple[tuple[float, int], ...]]] = {
    EXTRACT: (1, 2, ((1.0, P_ROOT),)),
    SUMMARY: (3, 12, ((0.60, P_ROOT), (0.85, P_EXTRACT), (1.0, P_SUMMARY))),
    INFER: (1, 5, ((0.40, P_MODEL), (0.70, P_ROOT), (0.85, P_SUMMARY), (1.0, P_EXTRACT))),
    REFLECT: (2, 8, ((0.50, P_MODEL), (0.80, P_SUMMARY), (1.0, P_ROOT))),
    ASSIST: (0, 3, ((0.50, P_ROOT), (1.0, P_MODEL))),
}
RECENT_WINDOW = 4096

# Facts: (slot name, per-project?, value list, template). Same slot + different value
# = a contradiction-like pair.
FACTS: tuple[tuple[str, bool, Sequence[str], str], ...] = (
    (
        "package_manager",
        True,
        W.PACKAGE_MANAGERS,
        "The {p} project uses {v} for dependency management.",
    ),
    ("package_manager", False, W.PACKAGE_MANAGERS, "The project uses {v}."),
    ("editor", False, W.EDITORS, "I use {v} as my main editor."),
    ("database", True, W.DATABASES, "The {p} service stores its data in {v}."),
    ("timezone", False, W.TIMEZONES, "My timezone is {v}."),
    ("language", True, W.LANGUAGES, "The {p} codebase is written in {v}."),
    ("ci", True, W.CI, "The {p} project runs its pipeline on {v}."),
    ("theme", False, W.COLORS, "I prefer the {v} color theme."),
    ("cloud", True, W.CLOUDS, "{P} is deployed on {v}."),
)
N_TOPICS = 256
ROOT_CONFIDENCE = (
    (0.9, 0.1),
    (0.95, 0.05),
    (0.8, 0.15),
    (0.4, 0.5),
    (0.4, 0.5),
    (0.4, 0.5),
    (0.4, 0.5),
    (0.4, 0.5),
)
PARETO_EXP = -1 / 1.16  # Pareto(alpha=1.16) by inversion: the 80/20 rule
DECAY_BY_DAY = [round(math.exp(-d / 120.0), 3) for d in range(800)]
PROJECT_SCOPES = tuple(f"project:{p}" for p in W.PROJECTS)
BRANCH_SCOPES = tuple(f"branch:{b}" for b in W.BRANCHES)


def _details(status: str) -> tuple[tuple[str, ...], ...]:
    """Event detail JSON per (derived, source type), shaped like review.stage_batch's."""
    return tuple(
        tuple(
            json.dumps(
                {
                    "derived": bool(d),
                    "derived_from": [],
                    "promoted": False,
                    "source_type": t,
                    "status": status,
                },
                sort_keys=True,
            )
            for t in TYPES
        )
        for d in (0, 1)
    )


STAGE_DETAIL = _details("pending")
WRITE_DETAIL = _details("active")
Fact = tuple[int, str, str]  # (index into FACTS, project, value)


@dataclass(frozen=True, slots=True)
class GenConfig:
    memories: int
    seed: int = DEFAULT_SEED
    now: str = DEFAULT_NOW
    embed_fraction: float = 0.10
    events: bool = True

    def key(self) -> str:
        return f"n{self.memories}-s{self.seed}"


@dataclass(slots=True)
class GenStats:
    memories: int = 0
    edges: int = 0
    embeddings: int = 0
    profile: int = 0
    events: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    by_source_type: dict[str, int] = field(default_factory=dict)
    depth_histogram: dict[str, int] = field(default_factory=dict)
    near_duplicates: int = 0
    exact_duplicates: int = 0
    contradiction_pairs: int = 0
    laundered: int = 0
    phases: dict[str, float] = field(default_factory=dict)
    build_seconds: float = 0.0
    cpu_seconds: float = 0.0


@dataclass(slots=True)
class Batch:
    memories: list[tuple[Any, ...]] = field(default_factory=list)
    edges: list[tuple[str, str, str, str]] = field(default_factory=list)
    embeddings: list[tuple[str, str, int, bytes]] = field(default_factory=list)
    profile: list[tuple[str, str, str, str, str, str, str]] = field(default_factory=list)
    events: list[tuple[str, str, str, str, str]] = field(default_factory=list)


def memory_ids(n: int, seed: int) -> list[str]:
    """Ids shaped like the ledger's own (``m_`` + 12 hex), unique and scattered.

    ``i * odd + offset mod 2**48`` is a bijection, so ids never collide and do not
    sort in insertion order (the id index sees random inserts, as in real use).
    """
    mult = 0x9E3779B97F4B & ~1 | 1
    offset = (seed * 0x5851F42D4C95) & 0xFFFFFFFFFFFF
    mask = 0xFFFFFFFFFFFF
    return [f"m_{(i * mult + offset) & mask:012x}" for i in range(n)]


class _IsoCache:
    """Fast UTC ISO formatting of epoch seconds: day prefixes and clock times cached."""

    CLOCK = [f"{h:02d}:{m:02d}:{s:02d}Z" for h in range(24) for m in range(60) for s in range(60)]

    def __init__(self) -> None:
        self.days: dict[int, str] = {}

    def __call__(self, t: int) -> str:
        day, rem = divmod(t, 86_400)
        prefix = self.days.get(day)
        if prefix is None:
            prefix = datetime.fromtimestamp(day * 86_400, UTC).strftime("%Y-%m-%dT")
            self.days[day] = prefix
        return prefix + self.CLOCK[rem]


class Generator:
    """Produces the rows of one synthetic ledger, in chunks, deterministically."""

    def __init__(self, config: GenConfig) -> None:
        self.cfg = config
        n = config.memories
        self.n = n
        self.rng = random.Random(config.seed)
        self.ids = memory_ids(n, config.seed)
        self.now = int(datetime.fromisoformat(config.now.replace("Z", "+00:00")).timestamp())
        self.start = self.now - YEAR
        self.iso = _IsoCache()
        self.depth = bytearray(n)
        self.conf = array("f", bytes(4 * n))
        self.pools: list[list[int]] = [[], [], [], []]
        self.recent: list[tuple[str, int]] = []  # ring of (content, topic) for duplicates
        self.schedule: dict[int, Fact] = {}  # index -> the contradicting fact it states
        self.stats = GenStats(memories=n)
        self.deep_nodes: list[dict[str, Any]] = []
        self.deep_start: dict[int, int] = {}
        self.in_deep = bytearray(n)
        self._plan_deep()
        cum = 0.0
        self.type_cum: list[float] = []
        for w in TYPE_WEIGHTS:
            cum += w
            self.type_cum.append(cum)
        self.topic_vecs, self.noise = self._embedding_pools()
        self.profile_seq = 0
        # Each memory's text, for the summaries that quote it (None for summaries).
        self.quotable: list[str | None] = [None] * n

    # -- planning ---------------------------------------------------------------

    def _plan_deep(self) -> None:
        if self.n < 2 * DEEP_SIZE:
            return
        count = max(1, min(20, self.n // 50_000))
        for j in range(count):
            start = int((j + 0.5) * self.n / count) - DEEP_SIZE // 2
            start = max(0, min(self.n - DEEP_SIZE, start))
            self.deep_start[start] = j
            for k in range(start, start + DEEP_SIZE):
                self.in_deep[k] = 1

    def _embedding_pools(self) -> tuple[list[bytes], bytes]:
        rng = random.Random(self.cfg.seed ^ 0xE5B)
        pack = struct.Struct(f"<{EMBED_DIM}f").pack
        vecs = []
        for _ in range(N_TOPICS):
            raw = [rng.gauss(0.0, 1.0) for _ in range(EMBED_DIM)]
            norm = math.sqrt(sum(x * x for x in raw)) or 1.0
            vecs.append(pack(*(x / norm for x in raw)))
        noise = struct.pack(f"<{4096}f", *(rng.gauss(0.0, 0.05) for _ in range(4096)))
        return vecs, noise

    # -- generation -------------------------------------------------------------

    def batches(self) -> Iterator[Batch]:
        batch = Batch()
        i = 0
        while i < self.n:
            if i in self.deep_start:
                self._deep_structure(i, batch)
                i += DEEP_SIZE
            else:
                self._ordinary(i, batch)
                i += 1
            if len(batch.memories) >= CHUNK:
                yield batch
                batch = Batch()
        if batch.memories:
            yield batch

    def _time(self, i: int) -> int:
        return self.start + (i * YEAR) // self.n

    def _pick_parent(self, pool: int, i: int) -> int | None:
        r = self.rng.random
        cands = self.pools[pool]
        if not cands:
            cands = self.pools[P_ROOT]
            if not cands:
                return None
        size = len(cands)
        if r() < 0.85:
            p = cands[size - 1 - int(r() * min(size, RECENT_WINDOW))]
        else:
            p = cands[int(r() * size)]
        if self.depth[p] >= MAX_DEPTH:
            roots = self.pools[P_ROOT]
            if not roots:
                return None
            p = roots[int(r() * len(roots))]
        return p

    def _parents(self, kind: int, i: int) -> list[int]:
        r = self.rng.random
        if kind not in PARENTS:
            # A few "observations" whose lineage is model output: laundered provenance.
            if kind == USER and r() < 0.005 and self.pools[P_MODEL]:
                self.stats.laundered += 1
                p = self._pick_parent(P_MODEL, i)
                return [p] if p is not None else []
            return []
        lo, hi, prefs = PARENTS[kind]
        count = lo + int(r() * (hi - lo + 1))
        chosen: dict[int, None] = {}
        for _ in range(count):
            x = r()
            pool = next(p for c, p in prefs if x < c)
            p = self._pick_parent(pool, i)
            if p is not None:
                chosen[p] = None
        return list(chosen)

    def _content(self, kind: int, i: int) -> tuple[str, int, Fact | None]:
        """(content, topic, the fact it states if any)."""
        r = self.rng.random

        def ch(seq: Sequence[str]) -> str:
            return seq[int(r() * len(seq))]

        proj = ch(W.PROJECTS)
        if kind in (USER, TOOL) and r() < (0.55 if kind == USER else 0.2):
            f = int(r() * len(FACTS))
            _slot, _per, values, tmpl = FACTS[f]
            v = ch(values)
            text = tmpl.format(p=proj, P=proj.capitalize(), v=v)
            if kind == TOOL:
                text = f"Observed in {ch(W.FILES)}: {text}"
            return text, (f * 31 + len(proj) * 7) % 100, (f, proj, v)
        if kind == USER:
            x = int(r() * 4)
            if x == 0:
                text = f"Please always {ch(W.ACTIONS)} before you {ch(W.ACTIONS)}."
            elif x == 1:
                text = f"I prefer {ch(W.TOOLS)} for {ch(W.TASKS)} in {proj}."
            elif x == 2:
                text = f"Ask {ch(W.PEOPLE)} before changing {ch(W.FILES)}."
            else:
                text = f"Do not touch {ch(W.FILES)} in {proj} without asking first."
            return text, 100 + x * 8 + len(proj) % 8, None
        if kind == TOOL:
            x = int(r() * 4)
            n1 = int(r() * 900) + 1
            if x == 0:
                text = (
                    f"`{ch(W.COMMANDS)}` exited with code {int(r() * 3)} "
                    f"after {n1} seconds in {proj}."
                )
            elif x == 1:
                text = (
                    f"{ch(W.FILES)} in {proj} has {n1} lines and was last changed "
                    f"by {ch(W.PEOPLE)}."
                )
            elif x == 2:
                text = f"The {proj} test suite passed {n1} of {n1 + int(r() * 20)} tests."
            else:
                text = (
                    f"A query on {ch(W.DATABASES)} took {n1} ms in {proj} "
                    f"(ticket OPS-{int(r() * 9000) + 1000})."
                )
            return text, 140 + x * 8 + len(proj) % 8, None
        if kind == DOC:
            lib = ch(W.LIBS)
            src = "docs" if r() < 0.7 else "changelog"
            text = f"According to the {lib} {src}, {ch(W.DOC_FACTS)}."
            return text, 180 + W.LIBS.index(lib), None
        if kind == EXTRACT:
            attr = ch(W.ATTRIBUTES).format(
                lang=ch(W.LANGUAGES),
                cloud=ch(W.CLOUDS),
                db=ch(W.DATABASES),
                ci=ch(W.CI),
                person=ch(W.PEOPLE),
                tool=ch(W.TOOLS),
                pm=ch(W.PACKAGE_MANAGERS),
            )
            return f"Extracted from {ch(W.FILES)}: {proj} is {attr}.", 200 + len(proj) % 8, None
        if kind == SUMMARY:
            return (
                f"Summary of {int(r() * 12) + 2} notes about {proj}: the team uses {ch(W.TOOLS)} "
                f"for {ch(W.TASKS)} and {ch(W.PACKAGE_MANAGERS)} for packaging.",
                210 + len(proj) % 8,
                None,
            )
        if kind == INFER:
            if r() < 0.5:
                text = (
                    f"The user probably prefers {ch(W.TOOLS)} for {ch(W.TASKS)} "
                    f"because {ch(W.REASONS)}."
                )
            else:
                text = f"{proj.capitalize()} likely depends on {ch(W.LIBS)} since {ch(W.REASONS)}."
            return text, 220 + len(proj) % 12, None
        if kind == REFLECT:
            return f"Looking back on {proj}, {ch(W.INSIGHTS)}.", 234 + len(proj) % 8, None
        if r() < 0.5:
            text = f"I suggested to {ch(W.ACTIONS)} to fix {ch(W.PROBLEMS)} in {proj}."
        else:
            text = f"I ran `{ch(W.COMMANDS)}` and it reported {ch(W.PROBLEMS)}."
        return text, 242 + len(proj) % 14, None

    def _near_duplicate(self) -> tuple[str, int, bool] | None:
        if not self.recent:
            return None
        r = self.rng.random
        text, topic = self.recent[int(r() * len(self.recent))]
        x = r()
        if x < 0.2:
            return text, topic, True
        if x < 0.5:
            return f"{W.MODIFIERS[int(r() * len(W.MODIFIERS))]} {text}", topic, False
        if x < 0.75:
            return text.rstrip(".") + " again.", topic, False
        return text.replace("The ", "the ", 1).replace(" in ", " within ", 1), topic, False

    def _ordinary(self, i: int, b: Batch) -> None:
        r = self.rng.random
        t = self._time(i) + int(r() * max(1, YEAR // self.n))
        fact: Fact | None = None
        sched = self.schedule.pop(i, None)
        if sched is not None:
            # The later statement of a contradiction-like pair: same fact, new value.
            f, proj, value = sched
            kind = USER
            text = FACTS[f][3].format(p=proj, P=proj.capitalize(), v=value)
            topic = (f * 31 + len(proj) * 7) % 100
            fact = sched
            self.stats.contradiction_pairs += 1
        else:
            kind = min(bisect.bisect_right(self.type_cum, r()), ASSIST)
            if kind <= DOC and r() < 0.04 and (nd := self._near_duplicate()) is not None:
                text, topic, exact = nd
                if exact:
                    self.stats.exact_duplicates += 1
                else:
                    self.stats.near_duplicates += 1
            else:
                text, topic, fact = self._content(kind, i)
        parents = self._parents(kind, i)
        if kind == SUMMARY and parents:
            # A summary quotes its sources: forget one of them and every such summary
            # holds a sentence of it (the shape the forget benchmark measures).
            quoted = [q for p in parents if (q := self.quotable[p]) is not None]
            text = f"Summary of {len(parents)} notes about {W.PROJECTS[topic % len(W.PROJECTS)]}: "
            text += " ".join(quoted) if quoted else "nothing quotable."
        else:
            self.quotable[i] = text
        self._emit(i, t, kind, text, topic, parents, b, fact=fact, superseder=sched is not None)
        if len(self.recent) < 8192:
            self.recent.append((text, topic))
        else:
            self.recent[int(r() * 8192)] = (text, topic)

    def _emit(
        self,
        i: int,
        t: int,
        kind: int,
        text: str,
        topic: int,
        parents: list[int],
        b: Batch,
        *,
        fact: Fact | None = None,
        superseder: bool = False,
        deep: bool = False,
    ) -> None:
        """Append one memory with its edges, embedding, profile entry and events."""
        r = self.rng.random
        iso = self.iso
        ids = self.ids
        mid = ids[i]
        created = iso(t)
        n = self.n

        # Depth and confidence: a derived memory is usually no surer than its weakest
        # source; 2% exceed it (laundered confidence, for the audit detectors).
        if parents:
            depths = self.depth
            confs = self.conf
            depth = 0
            weakest = 1.0
            for p in parents:
                if depths[p] >= depth:
                    depth = depths[p] + 1
                if confs[p] < weakest:
                    weakest = confs[p]
            self.depth[i] = depth
            if r() < 0.02:
                conf = min(1.0, weakest + 0.05 + 0.15 * r())
                self.stats.laundered += 1
            else:
                conf = weakest * (0.7 + 0.3 * r())
        else:
            conf = ROOT_CONFIDENCE[kind][0] + ROOT_CONFIDENCE[kind][1] * r()
        conf = round(conf, 3)
        self.conf[i] = conf

        validation = "unvalidated"
        validated_by = validated_at = superseded_by = contradicted_by = expires_at = None
        status = "active"
        if not deep:
            if (r() < 0.45 and i > n * 0.97) or r() < 0.01:
                status = "pending"  # a recent queue, and a few stale items
            elif i < n * 0.7 and r() < 0.08:
                status = "archived"
        if superseder:
            validation, validated_by, validated_at = "validated", "user:alice", iso(t + 3600)
        elif kind == USER and status == "active" and r() < 0.3:
            validation, validated_by, validated_at = "validated", "user:alice", iso(t + 86_400)
        if r() < 0.06:
            exp = t + (7 + int(r() * 400)) * 86_400
            expires_at = iso(exp)
            if exp < self.now and status == "active" and r() < 0.5:
                status = "expired"

        # Schedule a later, contradicting statement of the same fact. Its resolution
        # is decided now, so this row is written once, consistently.
        if fact is not None and not deep and not superseder and r() < 0.12:
            j = i + 50 + int(r() * max(1, n // 20))
            f, proj, value = fact
            values = FACTS[f][2]
            new = values[int(r() * len(values))]
            if j < n and not self.in_deep[j] and j not in self.schedule and new != value:
                self.schedule[j] = (f, proj, new)
                x = r()
                if x < 0.6:
                    status, superseded_by = "superseded", ids[j]
                elif x < 0.75:
                    validation, contradicted_by = "disputed", ids[j]
                # else: left open, a candidate for the contradiction detector

        # Access: Pareto (Zipf-like) counts; hot memories were touched recently.
        access = int((1.0 - r()) ** PARETO_EXP) - 1
        if status == "pending":
            access = 0
        elif access > 1_000_000:
            access = 1_000_000
        if access:
            span = self.now - t
            # Hot memories were touched in the last three days.
            la = self.now - int(r() * min(span, 3 * 86_400)) if access > 50 else t + int(span * r())
            last_accessed: str | None = iso(la)
        else:
            la = t
            last_accessed = None
        decay = DECAY_BY_DAY[(self.now - la) // 86_400] + min(0.3, access * 0.002)
        decay = 1.0 if decay > 1.0 else round(decay, 3)

        pinned = 1 if r() < (0.03 if kind == USER else 0.005) else 0
        version = 2 if r() < 0.05 else 1
        updated = created if version == 1 and status == "active" else iso(t + int(r() * 86_400))
        derived = 1 if parents or kind >= EXTRACT else 0
        x = r()
        if x < 0.35:
            scope = "user"
        elif x < 0.8:
            scope = PROJECT_SCOPES[topic % len(PROJECT_SCOPES)]
        elif x < 0.95:
            scope = f"session:s_{i // 40:06x}"
        else:
            scope = BRANCH_SCOPES[topic % len(BRANCH_SCOPES)]
        created_by = W.AGENTS[int(r() * len(W.AGENTS))]
        # == memaudit.fingerprint.content_hash for this ASCII, single-spaced text.
        chash = "b2:" + blake2b(text.lower().encode(), digest_size=16).hexdigest()
        b.memories.append(
            (
                i + 1,
                mid,
                text,
                f"{text[:40]}..." if kind == SUMMARY else None,
                W.TAG_SETS[topic % len(W.TAG_SETS)],
                TYPES[kind],
                self._source_ref(kind, i),
                conf,
                round(r(), 2),
                scope,
                status,
                validation,
                validated_by,
                validated_at,
                derived,
                superseded_by,
                contradicted_by,
                created,
                updated,
                created_by,
                last_accessed,
                access,
                decay,
                expires_at,
                chash,
                pinned,
                version,
            )
        )

        if parents:
            rel = "merges" if kind == SUMMARY and len(parents) >= 6 else RELATION[kind]
            b.edges.extend([(mid, ids[p], rel, created) for p in parents])
        self.pools[POOL_OF[kind]].append(i)

        if r() < self.cfg.embed_fraction:
            off = int(r() * (4096 - 96)) * 4
            cut = int(r() * (EMBED_DIM - 96)) * 4
            vec = self.topic_vecs[topic]
            blob = vec[:cut] + self.noise[off : off + 384] + vec[cut + 384 :]
            b.embeddings.append((mid, EMBED_MODEL, EMBED_DIM, blob))

        if (fact is not None and r() < 0.2) or (kind == INFER and r() < 0.01):
            trait = W.TRAITS[(fact[0] if fact else topic) % len(W.TRAITS)]
            value = fact[2] if fact else text.split(" for ", 1)[0].rsplit(" ", 1)[-1]
            self.profile_seq += 1
            b.profile.append(
                (f"p_{self.profile_seq:010x}", "user", trait, value, mid, created, created)
            )

        if self.cfg.events:
            # As review.stage logs it: queued ("stage", later "approve") or written
            # straight to active by policy ("write").
            if status == "pending" or r() < 0.5:
                b.events.append((created, created_by, "stage", mid, STAGE_DETAIL[derived][kind]))
                if status != "pending":
                    b.events.append((iso(t + 600), "user:alice", "approve", mid, "{}"))
            else:
                b.events.append((created, created_by, "write", mid, WRITE_DETAIL[derived][kind]))

    def _source_ref(self, kind: int, i: int) -> str:
        r = self.rng.random
        if kind in (USER, ASSIST):
            return f"session:s_{i // 40:06x}/msg:{int(r() * 200)}"
        if kind == TOOL:
            return f"tool:bash#call_{i:08x}"
        if kind == DOC:
            return f"https://docs.example.dev/{W.LIBS[int(r() * len(W.LIBS))]}/page{int(r() * 50)}"
        if kind == EXTRACT:
            return f"file:{W.FILES[int(r() * len(W.FILES))]}"
        return f"job:{TYPES[kind]}/{i // 1000:05d}"

    def _deep_structure(self, start: int, b: Batch) -> None:
        """DEEP_LEVELS levels of DEEP_WIDTH nodes, each derived from two nodes of the
        level below, and an apex derived from the top level: the apex has exactly
        DEEP_LEVELS * DEEP_WIDTH ancestors and depth DEEP_LEVELS."""
        r = self.rng.random
        level_kinds = (EXTRACT, SUMMARY, INFER, REFLECT, INFER)
        t0 = self._time(start)
        step = max(1, (YEAR // self.n))
        for k in range(DEEP_SIZE - 1):
            i = start + k
            level, pos = divmod(k, DEEP_WIDTH)
            if level == 0:
                kind = USER if pos % 2 == 0 else TOOL
                parents: list[int] = []
            else:
                kind = level_kinds[level % len(level_kinds)]
                below = start + (level - 1) * DEEP_WIDTH
                parents = [below + pos, below + (pos + 1) % DEEP_WIDTH]
            text, topic, _fact = self._content(kind, i)
            self._emit(i, t0 + k * step + int(r() * step), kind, text, topic, parents, b, deep=True)
        apex = start + DEEP_SIZE - 1
        top = start + (DEEP_LEVELS - 1) * DEEP_WIDTH
        parents = list(range(top, top + DEEP_WIDTH))
        text, topic, _fact = self._content(INFER, apex)
        self._emit(apex, t0 + (DEEP_SIZE - 1) * step, INFER, text, topic, parents, b, deep=True)
        self.deep_nodes.append(
            {
                "id": self.ids[apex],
                "ancestors": DEEP_LEVELS * DEEP_WIDTH,
                "depth": DEEP_LEVELS,
                "roots": [self.ids[start + p] for p in range(DEEP_WIDTH)],
            }
        )
