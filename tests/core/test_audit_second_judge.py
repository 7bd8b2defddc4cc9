"""A first audit's injection check shared with a forked helper (``injection.second_judge``)
finds what one process finds, on a real generated ledger in tmp_path with injected texts
added; every chunk is judged once (none lost, no text judged twice); an audit run again
forks nothing."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from memaudit import audit
from memaudit.adapters import open_store
from memaudit.clock import parse_time
from memaudit.injection import second_judge
from memaudit.ledger import Ledger
from memaudit.ledger.rows import set_content
from memaudit.model import Memory, SourceType
from tests.conflicts_reference import insert_active

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks on Linux")

NOW = "2026-01-01T00:00:00Z"


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated ledger (duplicates across it) and 40 injected texts from the labeled
    cases, each twice (documents and tool outputs), at its end: the helper's chunks."""
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=3000, seed=11), out, parallel=False)
    cases = [
        json.loads(line)
        for line in (ROOT / "benchmarks" / "injection_cases.jsonl").read_text().splitlines()
    ]
    poison = [c["content"] for c in cases if c["label"] == "poison"][:40]
    with Ledger.open(out, readonly=False) as led, led.transaction():
        for k, text in enumerate(poison * 2):
            at = f"2025-07-{k % 28 + 1:02d}T00:00:00+00:00"
            source = SourceType.EXTERNAL_DOCUMENT if k % 2 else SourceType.TOOL_OBSERVATION
            insert_active(led, Memory(id=f"inj-{k}", content=text, source_type=source), at)
    return out


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks and a warm-up of a 3,000-memory ledger's size (1M's are 4,096 rows)."""
    monkeypatch.setattr(second_judge, "CHUNK_SEQS", 64)
    monkeypatch.setattr(second_judge, "WARM", 50)


def _audit(
    path: Path, judges: str, monkeypatch: pytest.MonkeyPatch, *, remember: bool = True
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    monkeypatch.setenv(second_judge.JUDGES_ENV, judges)
    with open_store(str(path)) as store:
        report = audit.run(
            store,
            parse_time(NOW),
            patterns=["injected_instruction"],
            max_findings=0,
            remember=remember,
        )
    (result,) = report.results
    return [f.to_dict() for f in report.findings()], result.stats


def _each_chunk_once(stats: dict[str, Any]) -> None:
    shared = stats["second_process"]
    assert shared["judged_there"] > 0 and shared["judged_here"] > 0
    # every chunk judged by one process, and no text of the helper's judged here
    assert shared["judged_here"] + shared["judged_there"] == shared["chunks"]
    assert shared["again"] == 0
    # every text the helper judged was used: none judged by both
    assert shared["used"] == shared["texts_there"] > 0


@pytest.mark.parametrize("remember", [True, False])
def test_a_shared_first_run_finds_what_one_process_finds(
    ledger: Path,
    small_chunks: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    forks: list[int],
    remember: bool,
) -> None:
    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "one"))
    alone, alone_stats = _audit(ledger, "1", monkeypatch, remember=remember)
    assert forks == [] and "second_process" not in alone_stats
    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "two"))
    shared, stats = _audit(ledger, "2", monkeypatch, remember=remember)
    assert len(forks) == 1
    assert len(alone) >= 40  # the injected texts are found
    assert shared == alone
    _each_chunk_once(stats)
    # the same texts judged (the helper's counted as this run's), the same kept
    assert stats["judgements"]["judged"] == alone_stats["judgements"]["judged"]
    if remember:
        assert _kept_rows(tmp_path / "two") == _kept_rows(tmp_path / "one")
    # With a file, the helper's hits are held as kept judgements (the scan passes most of
    # its rows with one lookup); without one, each is taken when its text is read.
    taken = stats["second_process"]["taken"]
    assert taken > 0 if remember else taken == 0


def test_a_store_whose_name_reads_as_uri_syntax_is_still_shared(
    ledger: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The helper opens the store by a quoted URI: a file name's "?", "#" or "%" is the
    name, not a query (unquoted, the helper opened another file or none and failed)."""
    odd = tmp_path / "a?mode=rw#x%20.db"
    shutil.copyfile(ledger, odd)
    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "one"))
    alone, _ = _audit(odd, "1", monkeypatch)
    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "two"))
    shared, stats = _audit(odd, "2", monkeypatch)
    assert "failed" not in stats["second_process"]
    assert shared == alone
    _each_chunk_once(stats)


def _kept_rows(folder: Path) -> int:
    from memaudit.sqlite_driver import sqlite3

    (path,) = folder.glob("judgements-*.sqlite")
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM judged").fetchone()[0])
    finally:
        conn.close()


def test_a_run_again_forks_no_helper(
    ledger: Path, monkeypatch: pytest.MonkeyPatch, forks: list[int], tmp_path: Path
) -> None:
    # Told to go whatever the load, and warm after one text judged: still no helper
    # when most texts' judgements are kept (an audit run again, one memory new).
    monkeypatch.setattr(second_judge, "CHUNK_SEQS", 64)
    monkeypatch.setattr(second_judge, "WARM", 1)
    path = tmp_path / "ledger.db"
    shutil.copy(ledger, path)
    first, _ = _audit(path, "2", monkeypatch)
    assert len(forks) == 1
    with Ledger.open(path, readonly=False) as led, led.transaction():
        # the first chunks' memories edited: texts judged at once, many chunks left
        for k, (mid,) in enumerate(
            led.conn.execute(
                "SELECT id FROM memories WHERE status = 'active' ORDER BY seq LIMIT 5"
            ).fetchall()
        ):
            set_content(led, mid, f"The build cache of service {k} lives in /var/cache")
    again, stats = _audit(path, "2", monkeypatch)
    assert stats["judgements"]["judged"] >= 5  # the edited texts
    assert len(forks) == 1 and "second_process" not in stats
    assert len(again) == len(first)  # (the edited memories were not injected)


def test_the_check_stays_in_one_process_when_told_or_small(
    ledger: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch, forks: list[int]
) -> None:
    _audit(ledger, "1", monkeypatch)
    monkeypatch.delenv(second_judge.JUDGES_ENV)
    with open_store(str(ledger)) as store:
        audit.run(store, parse_time(NOW), patterns=["injected_instruction"])
    assert forks == []  # a ledger below MIN_SEQS rows
