"""``memaudit mcp``: ``recall`` and ``remember`` through the server's handler.

Targets (issue 18), on the 1M store: ``recall`` p50 < 20 ms and p99 < 100 ms;
``remember`` p50 < 20 ms. The figures are :func:`memaudit.mcp.tools.handle` as the
server calls it for a tool call — arguments checked, the tool run, its answer shaped,
the ``mcp_call`` event logged — minus the transport (JSON-RPC over a pipe is the
client's cost, the same for any server). ``recall`` includes everything it does:
word statistics, scoring, the flags and provenance of each memory returned, and the
one write transaction that counts their accesses; ``remember`` includes the write
gate (``review.stage``), the review flags (hidden characters, duplicate and
conflict look-ups) and its event. Both write, so they run on a scratch copy.

Baselines, timed in the same run on the same queries:

- ``recall``: the bare FTS5 query a plain full-text memory server runs — every
  memory matching any of the words, ranked by BM25 (``ORDER BY rank LIMIT 10``),
  nothing else. On a common word it scores every match, which is what ``recall``'s
  bounded pool avoids (see ``memaudit/recall.py``).
- ``remember``: the bare ``review.stage`` call (the write gate alone).

Queries are what an agent asks, over the generator's vocabulary: rare words, common
words, and mixtures. Calls are interleaved (each round times every query), so a busy
machine slows both sides alike.
"""

from __future__ import annotations

import gc
import re
import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.registry import ALL_SIZES, Context, Figure, benchmark
from memaudit import review
from memaudit.ledger import Ledger
from memaudit.mcp import tools
from memaudit.model import SourceType

RECALL_P50 = 0.020
RECALL_P99 = 0.100
REMEMBER_P50 = 0.020
ROUNDS = 25
BASELINE_ROUNDS = 3
REMEMBERS = 200
ACTOR = "mcp:bench"
QUERIES = (
    "which editor does the user prefer",
    "dracula theme",
    "poetry or uv for packaging",
    "why is the build failing in CI",
    "the stale cache on deploy",
    "who owns the atlas project",
    "postgres connection pool size",
    "kubectl apply on staging",
)


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else values[0]


def _timed(fns: list[Callable[[str], Any]], inputs: list[str], rounds: int) -> list[list[float]]:
    out: list[list[float]] = [[] for _ in fns]
    gc.disable()
    try:
        for _ in range(rounds):
            for text in inputs:
                for fn, times in zip(fns, out, strict=True):
                    started = time.perf_counter()
                    fn(text)
                    times.append(time.perf_counter() - started)
    finally:
        gc.enable()
    return out


def bare_fts(ledger: Ledger, query: str) -> list[int]:
    """The baseline: every match of any word, ranked by BM25, top 10."""
    words = [f'"{w}"' for w in dict.fromkeys(re.findall(r"\w+", query.lower()))]
    rows = ledger.conn.execute(
        "SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT 10",
        (" OR ".join(words),),
    )
    return [r[0] for r in rows]


@benchmark("mcp", sizes=ALL_SIZES, description=__doc__.split("\n")[0])
def mcp_handlers(ctx: Context) -> list[Figure]:
    # Both tools write: a scratch copy (opening it brings an older schema up to date).
    with ctx.scratch() as copy, Ledger.open(copy, readonly=False) as ledger:

        def recall(query: str) -> None:
            answer = tools.handle(ledger, tools.TOOLS, "recall", {"query": query}, actor=ACTOR)
            if answer.error:
                raise RuntimeError(answer.data)

        for q in QUERIES:  # warm the page cache for both sides
            recall(q)
            bare_fts(ledger, q)
        [ours] = _timed([recall], list(QUERIES), ROUNDS)
        [bare] = _timed([lambda q: bare_fts(ledger, q)], list(QUERIES), BASELINE_ROUNDS)
        per_query = {q: statistics.median(ours[i :: len(QUERIES)]) for i, q in enumerate(QUERIES)}
        slowest = max(per_query, key=lambda q: per_query[q])
        returned = tools.handle(ledger, tools.TOOLS, "recall", {"query": QUERIES[0]}, actor=ACTOR)

        counter = iter(range(10**9))

        def remember(_: str) -> None:
            n = next(counter)
            answer = tools.handle(
                ledger,
                tools.TOOLS,
                "remember",
                {
                    "content": f"Bench fact {n}: the user's {n % 7}th project uses helix",
                    "source_type": "user_statement",
                },
                actor=ACTOR,
            )
            if answer.error:
                raise RuntimeError(answer.data)

        def stage(_: str) -> None:
            n = next(counter)
            review.stage(
                ledger,
                review.Candidate(
                    f"Bench fact {n}: the user's {n % 7}th project uses helix",
                    SourceType.USER_STATEMENT,
                ),
                actor=ACTOR,
            )

        wrote, staged = _timed([remember, stage], ["x"], REMEMBERS)
    return [
        Figure(
            "recall p50 (through the handler)",
            statistics.median(ours),
            baseline=statistics.median(bare),
            target=RECALL_P50,
            note=f"{len(ours)} calls over {len(QUERIES)} queries; baseline: bare FTS5 BM25 "
            f"over every match ({len(bare)} calls); slowest query {slowest!r} "
            f"{per_query[slowest] * 1000:.1f} ms; {returned.data['count']} memories returned",
        ),
        Figure(
            "recall p99 (through the handler)",
            _p99(ours),
            baseline=_p99(bare),
            target=RECALL_P99,
        ),
        Figure(
            "remember p50 (through the handler)",
            statistics.median(wrote),
            baseline=statistics.median(staged),
            target=REMEMBER_P50,
            note=f"{len(wrote)} calls; baseline: the bare review.stage call; "
            f"p99 {_p99(wrote) * 1000:.1f} ms (bare {_p99(staged) * 1000:.1f} ms)",
        ),
    ]
