"""The trace benchmark answers the same question both ways on a generated ledger."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # `benchmarks` is a top-level folder, not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import bench_trace  # noqa: E402
from benchmarks.generate import GenConfig, build  # noqa: E402
from benchmarks.registry import Context  # noqa: E402
from memaudit.adapters.native import NativeStore  # noqa: E402
from memaudit.graph import walk_lineage  # noqa: E402
from memaudit.ledger import Ledger  # noqa: E402


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = tmp_path_factory.mktemp("gen") / "trace.db"
    return path, build(GenConfig(2000, seed=3), path)


def test_deep_nodes_trace_to_their_hundred_ancestors(
    generated: tuple[Path, dict[str, Any]],
) -> None:
    path, meta = generated
    with Ledger.open(path) as ledger:
        store = NativeStore(ledger)
        for deep in meta["deep_nodes"]:
            lineage = store.lineage(deep["id"], down=False, depth=20)
            assert len(lineage.nodes) - 1 == deep["ancestors"]
            assert bench_trace.naive_walk(ledger, deep["id"], 20, down=False) == len(lineage.nodes)
            walked = walk_lineage(store, deep["id"], down=False, depth=20)
            assert set(walked.nodes) == set(lineage.nodes)
            assert set(walked.edges) == set(lineage.edges)


def test_benchmark_reports_figures_without_mismatch(
    generated: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, meta = generated
    monkeypatch.setattr(bench_trace, "ROUNDS", 10)
    ctx = Context("tiny", 2000, 3, path, meta)
    figures = bench_trace.trace(ctx)
    assert [f.name for f in figures] == [
        "deep node, median",
        "deep node, p99",
        "deep node --up, median",
    ]
    assert "MISMATCH" not in figures[0].note
    assert all(f.baseline for f in figures)
