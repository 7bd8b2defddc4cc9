"""The benchmark generator writes a real, consistent ledger, deterministically."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from memaudit.sqlite_driver import sqlite3

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `benchmarks` is a top-level folder, not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks.generate import (  # noqa: E402
    GenConfig,
    build,
    ensure_store,
    pending_migrations,
    sidecar_path,
)
from benchmarks.generate_rows import DEEP_LEVELS, DEEP_WIDTH  # noqa: E402
from benchmarks.registry import load_meta  # noqa: E402
from memaudit import fingerprint  # noqa: E402
from memaudit.ledger import Ledger  # noqa: E402
from memaudit.ledger import schema as ledger_schema  # noqa: E402
from memaudit.model import MemoryFilter  # noqa: E402

N = 500


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = tmp_path_factory.mktemp("gen") / "a.db"
    meta = build(GenConfig(N, seed=7), path)
    return path, meta


def _content(path: Path) -> list[list[Any]]:
    conn = sqlite3.connect(path)
    try:
        mems = conn.execute(
            "SELECT seq, id, content, source_type, status, confidence, created_at, "
            "superseded_by FROM memories ORDER BY seq"
        ).fetchall()
        edges = conn.execute("SELECT * FROM edges ORDER BY child_id, parent_id").fetchall()
        vecs = conn.execute(
            "SELECT memory_id, vector FROM embeddings ORDER BY memory_id"
        ).fetchall()
        return [mems, edges, vecs]
    finally:
        conn.close()


def test_opens_as_a_ledger_without_migrating(store: tuple[Path, dict[str, Any]]) -> None:
    path, _meta = store
    with Ledger.open(path) as ledger:
        assert ledger.readonly  # a pending migration would have reopened it writable
        assert ledger_schema.applied_names(ledger.db)[-1] == ledger_schema.latest()
        assert ledger.count() == N
        assert ledger.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        # Every trigger and index the migrations create is back after the bulk load.
        names = {r[0] for r in ledger.conn.execute("SELECT name FROM sqlite_master")}
        for name in (
            "memories_ai",
            "memories_ad",
            "memories_au",
            "events_no_update",
            "idx_memories_status_created",
            "idx_edges_parent",
            "idx_memories_expires",
        ):
            assert name in names
        assert ledger.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_shape(store: tuple[Path, dict[str, Any]]) -> None:
    path, meta = store
    conn = sqlite3.connect(path)
    edges = conn.execute("SELECT count(*) FROM edges").fetchone()[0]
    assert 1.6 * N <= edges <= 2.4 * N
    dangling = conn.execute(
        "SELECT count(*) FROM edges WHERE parent_id NOT IN (SELECT id FROM memories)"
    ).fetchone()[0]
    assert dangling == 0
    types = {r[0] for r in conn.execute("SELECT DISTINCT source_type FROM memories")}
    assert types >= {
        "user_statement",
        "tool_observation",
        "external_document",
        "extraction",
        "summary",
        "inference",
        "reflection",
        "assistant_message",
    }
    statuses = dict(conn.execute("SELECT status, count(*) FROM memories GROUP BY status"))
    assert statuses["active"] > N // 2 and "pending" in statuses and "archived" in statuses
    # Superseded rows point forward at a memory that exists.
    bad = conn.execute(
        "SELECT count(*) FROM memories m WHERE m.status = 'superseded' AND NOT EXISTS "
        "(SELECT 1 FROM memories n WHERE n.id = m.superseded_by AND n.seq > m.seq)"
    ).fetchone()[0]
    assert bad == 0
    assert conn.execute("SELECT count(*) FROM profile").fetchone()[0] > 0
    assert (
        conn.execute(
            "SELECT count(*) FROM embeddings WHERE length(vector) = 384 * 4 AND dim = 384"
        ).fetchone()[0]
        > 0
    )
    # content_hash is memaudit's own, so the duplicate detectors see real duplicates.
    for content, chash in conn.execute("SELECT content, content_hash FROM memories LIMIT 50"):
        assert chash == fingerprint.content_hash(content)
    assert meta["stats"]["memories"] == N
    conn.close()


def test_deep_nodes(store: tuple[Path, dict[str, Any]]) -> None:
    path, meta = store
    deep = meta["deep_nodes"]
    assert deep and deep == load_meta(path)["deep_nodes"] == json.loads(
        sqlite3.connect(path)
        .execute("SELECT value FROM bench_meta WHERE key = 'deep_nodes'")
        .fetchone()[0]
    )
    conn = sqlite3.connect(path)
    for node in deep:
        ancestors, depth = conn.execute(
            """
            WITH RECURSIVE up(id, d) AS (
              SELECT parent_id, 1 FROM edges WHERE child_id = ?
              UNION SELECT e.parent_id, up.d + 1 FROM edges e JOIN up ON e.child_id = up.id
            )
            SELECT count(DISTINCT id), max(d) FROM up
            """,
            (node["id"],),
        ).fetchone()
        assert ancestors == node["ancestors"] == DEEP_LEVELS * DEEP_WIDTH
        assert depth == node["depth"] == DEEP_LEVELS
    conn.close()


def test_fts_in_sync(store: tuple[Path, dict[str, Any]]) -> None:
    path, _meta = store
    with Ledger.open(path) as ledger:
        word_hits = ledger.conn.execute(
            "SELECT count(*) FROM memories WHERE content LIKE '%Looking back on%'"
        ).fetchone()[0]
        assert word_hits > 0
        found = ledger.query(MemoryFilter(search="looking back"))
        assert len(found) == word_hits
        assert all("looking back" in m.content.lower() for m in found)
    # FTS5's own check compares the index with the content table; it raises on a mismatch.
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)")
    conn.close()


def test_same_seed_same_content(store: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    path, _meta = store
    again = tmp_path / "b.db"
    build(GenConfig(N, seed=7), again, parallel=False)
    assert _content(again) == _content(path)
    other = tmp_path / "c.db"
    build(GenConfig(N, seed=8), other, parallel=False)
    assert _content(other)[0] != _content(path)[0]


def test_cache_reuses_the_store(tmp_path: Path) -> None:
    path, meta, built = ensure_store(300, 3, root=tmp_path)
    assert built and path.exists() and sidecar_path(path).exists()
    again, meta2, built2 = ensure_store(300, 3, root=tmp_path)
    assert again == path and not built2 and meta2 == meta


def test_a_cached_store_older_than_the_schema_is_built_again(tmp_path: Path) -> None:
    """A store cached before a migration landed is rebuilt, not handed to benchmarks
    whose read-only opens would refuse it."""
    path, _meta, _built = ensure_store(300, 3, root=tmp_path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", (ledger_schema.latest(),))
    conn.close()
    assert pending_migrations(path) == [ledger_schema.latest()]
    again, _meta2, built = ensure_store(300, 3, root=tmp_path)
    assert again == path and built and pending_migrations(path) == []
    with Ledger.open(path, readonly=True):
        pass
