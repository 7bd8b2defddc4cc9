"""hot_memory's access distribution, aggregated in SQL (one row per distinct count),
checked against its definition over every active memory's count, one by one."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from memaudit import audit
from memaudit.adapters import open_store
from memaudit.clock import parse_time
from memaudit.ledger import Ledger
from memaudit.sqlite_driver import sqlite3
from tests.conftest import NOW


def _by_definition(counts: list[int], pct: float) -> dict[str, Any]:
    counts = sorted(counts)
    n, total = len(counts), sum(counts)
    weighted = sum((i + 1) * v for i, v in enumerate(counts))
    top_n = max(1, n // 100)
    return {
        "memories": n,
        "accesses": total,
        "mean": total / n,
        "median": counts[n // 2],
        "percentile": pct,
        "percentile_value": counts[min(n - 1, int(n * pct / 100))],
        "top_1pct_share": sum(counts[-top_n:]) / total,
        "gini": round((2 * weighted) / (n * total) - (n + 1) / n, 3),
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_access_distribution_is_its_definition(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    path = tmp_path / "hot.db"
    Ledger.init(path).close()
    n = rng.choice([101, 250, 1999])
    counts = [int(rng.paretovariate(1.2)) - 1 for _ in range(n)]
    if seed == 3:  # the top 1% all tied: a run larger than what it contributes
        counts[:40] = [max(counts)] * 40
    statuses = [rng.choice(["active", "active", "archived"]) for _ in range(n)]
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO memories (id, content, source_type, status, created_at, updated_at, "
            "content_hash, access_count, last_accessed) VALUES (?,?,?,?,?,?,?,?,?)",
            [
                (f"m{i}", f"text {i}", "summary", st, NOW, NOW, f"h{i}", c, NOW)
                for i, (c, st) in enumerate(zip(counts, statuses, strict=True))
            ],
        )
    conn.close()
    with open_store(str(path)) as store:
        report = audit.run(store, parse_time(NOW), patterns=["hot_memory"])
        pct = float(store.policy().get("audit.access_top_percentile"))
    active = [c for c, st in zip(counts, statuses, strict=True) if st == "active"]
    assert len(set(active)) > 5 and len(active) != len(set(active))
    assert report.results[0].stats == _by_definition(active, pct)
