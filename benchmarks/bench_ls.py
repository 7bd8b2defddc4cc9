"""``ls``-style reads through ``Ledger.query`` / ``Ledger.count``, against full scans.

Each figure is the median wall time of the real query; its baseline is the same
question answered by a full table scan (``NOT INDEXED`` for the filters; for text
search, every row read and its words matched in Python), and the two answers are
checked to agree (a disagreement is reported in the figure's note).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from benchmarks.registry import Context, Figure, benchmark, measure
from memaudit.ledger import Ledger
from memaudit.ledger.columns import MEMORY_COLUMNS
from memaudit.model import MemoryFilter, Status, TrustTier
from memaudit.trust import source_types_for

# Interactive budget: `ls` and the TUI list must answer within this at every size.
LS_TARGET = 0.10
SEARCH_TARGET = 0.25
LIMIT = 100
# Full scans are slow at 1M: no warm-up, and stop repeating once 5 s are spent.
BASELINE: dict[str, Any] = {"repeat": 3, "warmup": 0, "budget": 5.0}


def _scan_ids(ledger: Ledger, where: str, params: list[Any]) -> list[str]:
    sql = (
        f"SELECT {MEMORY_COLUMNS} FROM memories NOT INDEXED WHERE {where} "
        f"ORDER BY created_at DESC, seq DESC LIMIT {LIMIT}"
    )
    return [row[0] for row in ledger.conn.execute(sql, params)]


def _check(fast: list[str], slow: list[str], what: str) -> str:
    return "" if fast == slow else f"MISMATCH: {what} returned different ids than the scan"


@benchmark("ls", description="ls filters (status+tier, LIMIT 100; pending count) vs full scans")
def ls_queries(ctx: Context) -> list[Figure]:
    figures = []
    t1 = [s.value for s in source_types_for(TrustTier.T1)]
    with ctx.ledger() as ledger:
        flt = MemoryFilter(statuses=[Status.ACTIVE], tiers=[TrustTier.T1], limit=LIMIT)
        fast = measure(lambda: [m.id for m in ledger.query(flt)], repeat=7)
        marks = ",".join("?" * len(t1))
        slow = measure(
            lambda: _scan_ids(ledger, f"status = ? AND source_type IN ({marks})", ["active", *t1]),
            **BASELINE,
        )
        figures.append(
            Figure(
                "status=active tier=T1 limit 100",
                fast.median,
                baseline=slow.median,
                target=LS_TARGET,
                note=_check(fast.result, slow.result, "ls --status --tier"),
            )
        )

        pending = MemoryFilter(statuses=[Status.PENDING])
        fast = measure(lambda: ledger.count(pending), repeat=7)
        slow = measure(
            lambda: ledger.conn.execute(
                "SELECT count(*) FROM memories NOT INDEXED WHERE status = 'pending'"
            ).fetchone()[0],
            **BASELINE,
        )
        figures.append(
            Figure(
                "count status=pending",
                fast.median,
                baseline=slow.median,
                target=LS_TARGET,
                note="" if fast.result == slow.result else "MISMATCH: counts differ",
            )
        )
    return figures


SEARCHES = (
    ("search rare word", "dracula"),  # a color theme: ~0.1% of memories
    ("search common word", "project"),  # in a large share of memories
    ("search two words", "poetry project"),
)


def _query_ids(ledger: Ledger, flt: MemoryFilter) -> list[str]:
    return [m.id for m in ledger.query(flt)]


def _scan_search(ledger: Ledger, words: list[str]) -> list[str]:
    """The same search by reading every row: whole-word, case-insensitive matches of
    every word in content, summary or tags (what the FTS5 unicode61 tokenizer does)."""
    patterns = [re.compile(rf"(?<![^\W_]){re.escape(w)}(?![^\W_])", re.IGNORECASE) for w in words]
    hits = []
    for mid, content, summary, tags, created_at, seq in ledger.conn.execute(
        "SELECT id, content, summary, tags, created_at, seq FROM memories"
    ):
        text = f"{content} {summary or ''} {tags}"
        if all(p.search(text) for p in patterns):
            hits.append((created_at, seq, mid))
    hits.sort(reverse=True)
    return [mid for _c, _s, mid in hits[:LIMIT]]


@benchmark("search", description="ls --search (FTS5, LIMIT 100) vs a full scan matching words")
def search_queries(ctx: Context) -> list[Figure]:
    figures = []
    with ctx.ledger() as ledger:
        for name, text in SEARCHES:
            flt = MemoryFilter(search=text, limit=LIMIT)
            fast = measure(functools.partial(_query_ids, ledger, flt), repeat=5)
            slow = measure(functools.partial(_scan_search, ledger, text.split()), **BASELINE)
            figures.append(
                Figure(
                    f"{name} ({text!r})",
                    fast.median,
                    baseline=slow.median,
                    target=SEARCH_TARGET,
                    note=_check(fast.result, slow.result, f"search {text!r}"),
                )
            )
    return figures
