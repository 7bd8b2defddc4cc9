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


def test_like_alone_selects_what_lower_like_selected(tmp_path: Path) -> None:
    """inferred_user_trait and agent_self_model match with LIKE on the text as stored
    (no lower() copy): SQLite's LIKE folds ASCII case exactly as its lower() does, so
    the memories they consider are those the lowered match considered."""
    path = tmp_path / "like.db"
    Ledger.init(path).close()
    texts = [
        "The user likes tea",
        "THE USER likes tea",
        "tHe UsEr likes tea",
        "user prefers dark mode",
        "USERS prefer dark mode",
        "Ask the user first",
        "Ask THE USER first",
        "the\u00a0user likes tea",
        "ＴＨＥ ＵＳＥＲ likes tea",
        "THE ÜSER likes tea",
        "İ the user? no",
        "The Assistant always checks",
        "THE AGENT never asks",
        "the agent usually asks",
        "The assistanT",
        "ＴＨＥ ＡＧＥＮＴ never asks",
    ]

    def kind(text: str) -> str:  # the agent's own words about itself, or an inference
        return "assistant_message" if "SER" not in text.upper() else "inference"

    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO memories (id, content, source_type, status, created_at, updated_at, "
            "content_hash) VALUES (?,?,?,?,?,?,?)",
            [(f"m{i}", t, kind(t), "active", NOW, NOW, f"h{i}") for i, t in enumerate(texts)],
        )
        lowered = {
            name: {
                r[0]
                for r in conn.execute(
                    f"SELECT id FROM memories WHERE {where}"  # the old predicates
                )
            }
            for name, where in {
                "user": "lower(content) LIKE 'user%' OR lower(content) LIKE 'the user%' "
                "OR lower(content) LIKE '%the user %'",
                "agent": "lower(content) LIKE '%the assistant%' "
                "OR lower(content) LIKE '%the agent%'",
            }.items()
        }
    conn.close()
    with open_store(str(path)) as store:
        report = audit.run(
            store,
            parse_time(NOW),
            patterns=["inferred_user_trait", "agent_self_model"],
            max_findings=0,
        )
    from memaudit.audit.detectors.self_model import _ABOUT_AGENT
    from memaudit.audit.detectors.user_model import _ABOUT_USER

    users, agents = ({f.memory_ids[0] for f in r.findings} for r in report.results)
    want = {m for m in lowered["user"] if _ABOUT_USER.search(texts[int(m[1:])])}
    assert users == want and len(want) >= 4
    want = {m for m in lowered["agent"] if _ABOUT_AGENT.search(texts[int(m[1:])])}
    assert agents == want and len(want) >= 3
