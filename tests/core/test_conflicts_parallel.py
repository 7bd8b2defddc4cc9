"""The contradiction search with a second, forked process computing half of the texts'
features (``conflicts.parallel``) gives the candidates the one-process search gives, on
real ledgers in tmp_path (a generated one, and one with change statements, whose texts
the second process must then send in full); it forks only when it should."""

from __future__ import annotations

import os
import shutil
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from memaudit import conflicts
from memaudit.adapters import open_store
from memaudit.conflicts import parallel, search
from memaudit.ledger import Ledger
from memaudit.model import Memory
from tests.conflicts_reference import insert_active

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks on Linux")

# Change statements and the memories still stating the old value: a store where the
# second process's texts without a slot value are read too (``change_candidates``).
CHANGES = [
    "The team moved from poetry to uv for packaging the api service",
    "The api service packaging uses poetry with lock files",
    "We no longer use Jenkins for the release pipeline",
    "The release pipeline runs on jenkins every night",
    "Alice now prefers coffee in the morning",
    "Alice prefers tea in the morning",
    "The monday standup was replaced by a written update",
    "The standup is a written update on monday",
]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated ledger (summaries quoting sources, contradictions, duplicates)."""
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=3000, seed=11), out, parallel=False)
    return out


@pytest.fixture(scope="module")
def with_changes(generated: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated ledger with change statements added."""
    out = tmp_path_factory.mktemp("changes") / "ledger.db"
    shutil.copy(generated, out)
    with Ledger.open(out, readonly=False) as ledger, ledger.transaction():
        for k, text in enumerate(CHANGES):
            at = f"2025-06-{k + 1:02d}T00:00:00+00:00"
            insert_active(ledger, Memory(id=f"chg-{k}", content=text, created_at=at), at)
    return out


def _found(path: Path, **kwargs: Any) -> list[dict[str, Any]]:
    with open_store(str(path)) as store:
        active = conflicts.active_statements(store)
    return [c.to_dict() for c in conflicts.find(active, **kwargs)]


@pytest.mark.parametrize("store", ["generated", "with_changes"])
def test_two_processes_find_what_one_finds(
    store: str, request: pytest.FixtureRequest, forks: list[int]
) -> None:
    path = request.getfixturevalue(store)
    alone = _found(path, workers=1)
    assert forks == []
    shared = _found(path, workers=2)
    assert len(forks) == 1  # the second process did compute half of the features
    assert shared == alone
    assert alone  # candidates to compare
    if store == "with_changes":
        assert any(c["change"] for c in alone)


def test_the_cli_prints_the_same_with_one_process_or_two(
    cli: Any, with_changes: Path, forks: list[int]
) -> None:
    outputs = {}
    for workers in ("1", "2"):
        for args in (("conflicts", "--json", "--limit", "0"), ("conflicts",)):
            result = cli(*args, db=with_changes, env={parallel.WORKERS_ENV: workers})
            assert result.exit_code == 0, result.output
            outputs[workers, args] = result.stdout
    assert len(forks) == 2  # one per search with MEMAUDIT_CONFLICTS_WORKERS=2
    for args in (("conflicts", "--json", "--limit", "0"), ("conflicts",)):
        assert outputs["2", args] == outputs["1", args]


def test_a_failed_second_process_leaves_the_search_to_this_one(
    generated: Path, forks: list[int]
) -> None:
    """The child's features raise: the search computes them all here, the same."""
    parent = os.getpid()

    def featurize(text: str) -> conflicts.Features:
        if os.getpid() != parent:
            raise RuntimeError("broken in the child")
        return conflicts.features(text)

    alone = _found(generated, workers=1)
    assert _found(generated, workers=2, featurize=featurize) == alone
    assert len(forks) == 1


def test_forks_only_for_a_large_whole_store_search_where_it_is_safe(
    monkeypatch: pytest.MonkeyPatch, forks: list[int], generated: Path
) -> None:
    monkeypatch.delenv(parallel.WORKERS_ENV, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    large = parallel.PARALLEL_MIN_MEMORIES
    assert parallel.workers_for(large, None) == 2
    assert parallel.workers_for(large - 1, None) == 1  # a second process costs more
    assert parallel.workers_for(large, 1) == 1
    monkeypatch.setenv(parallel.WORKERS_ENV, "1")
    assert parallel.workers_for(large, None) == 1
    monkeypatch.delenv(parallel.WORKERS_ENV)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert parallel.workers_for(large, None) == 1  # one CPU
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    # Another thread (the TUI's workers, a progress bar's refresher): never a fork.
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert parallel.workers_for(large, 2) == 1
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(sys, "platform", "darwin")
    assert parallel.workers_for(large, 2) == 1
    monkeypatch.setattr(sys, "platform", "linux")
    # A search for a few memories' candidates (``only``: staging, a listing) stays here,
    # even asked for two processes; so does one over a small store by default.
    monkeypatch.setattr(parallel, "PARALLEL_MIN_MEMORIES", 10)
    with open_store(str(generated)) as store:
        active = conflicts.active_statements(store)
    conflicts.find(active, only={active[0].id}, workers=2)
    assert forks == []
    monkeypatch.setattr(parallel, "PARALLEL_MIN_MEMORIES", len(active) + 1)
    conflicts.find(active)
    assert forks == []
    monkeypatch.setattr(parallel, "PARALLEL_MIN_MEMORIES", len(active))
    search.find(active)
    assert len(forks) == 1


class _Exploit:
    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (os.system, ("true",))


def test_what_comes_back_through_the_pipe_names_no_other_class() -> None:
    """The parent reads plain values and change statements only (the package never
    unpickles freely): a payload naming any other callable is refused, not run."""
    import io
    import pickle

    def framed(value: Any) -> io.BytesIO:
        data = pickle.dumps(value)
        return io.BytesIO(len(data).to_bytes(8, "little") + data)

    statement = conflicts.features("We moved from poetry to uv").changes
    assert parallel._read(framed(("ok", statement))) == ("ok", statement)
    with pytest.raises(pickle.UnpicklingError):
        parallel._read(framed(("ok", _Exploit())))
