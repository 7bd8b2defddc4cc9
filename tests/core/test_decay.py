"""The decay formula, pinned; and the engine on real ledgers."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memaudit import decay, sidecar
from memaudit.clock import parse_time
from memaudit.errors import InvalidInput, StoreBusy
from memaudit.ledger import Ledger

P = decay.DecayParams()  # half-life 30 d, bonus 0.03 per access, cap 0.3


def test_formula_is_one_when_fresh() -> None:
    assert decay.decay_score(0, 0, P) == 1.0


def test_formula_halves_every_half_life() -> None:
    assert decay.decay_score(30, 0, P) == pytest.approx(0.5)
    assert decay.decay_score(60, 0, P) == pytest.approx(0.25)
    assert decay.decay_score(45, 0, decay.DecayParams(half_life_days=90)) == pytest.approx(2**-0.5)


def test_access_bonus_is_capped() -> None:
    assert decay.decay_score(60, 2, P) == pytest.approx(0.25 + 0.06)
    assert decay.decay_score(60, 10, P) == pytest.approx(0.25 + 0.3)
    assert decay.decay_score(60, 1000, P) == pytest.approx(0.25 + 0.3)


def test_total_is_capped_at_one() -> None:
    assert decay.decay_score(0, 5, P) == 1.0
    assert decay.decay_score(3, 10, P) == 1.0


def test_future_timestamps_count_as_not_idle() -> None:
    assert decay.decay_score(-5, 0, P) == 1.0


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidInput):
        decay.DecayParams(half_life_days=0).validate()
    with pytest.raises(InvalidInput):
        decay.DecayParams(threshold=1.5).validate()


def test_sql_and_python_agree(sample) -> None:
    path = sample("bun_investigation")
    now = parse_time("2026-11-02T00:00:00Z")
    with Ledger.open(path, readonly=False) as led:
        report = decay.plan(decay.native_table(led), P, now, dry_run=True)
        bun = led.require("bun-1")
    (change,) = report.changes
    expected = decay.decay_score(
        (now - parse_time(bun.last_accessed or "")).total_seconds() / 86400, bun.access_count, P
    )
    assert change.id == "bun-1"
    assert change.score == pytest.approx(expected)


def test_apply_archives_expires_and_skips_pinned(sample) -> None:
    path = sample("bun_investigation")
    with Ledger.open(path, readonly=False) as led:
        before = led.count()
        report = decay.apply(decay.native_table(led), P, parse_time("2026-11-30T00:00:00Z"))
        status = {m.id: m.status.value for m in led.query()}
        assert led.count() == before
        actions = [(e.action, e.memory_id) for e in led.events()[-3:]]
    assert {c.id: c.new_status for c in report.changes} == {
        "bun-1": "archived",
        "sprint-goal": "expired",
    }
    assert status["pinned-style"] == "active"
    assert status["ci-node"] == "active"
    assert actions == [("archive", "bun-1"), ("expire", "sprint-goal"), ("decay", None)]


def test_second_run_same_now_writes_nothing(sample) -> None:
    path = sample("bun_investigation")
    now = parse_time("2026-11-30T00:00:00Z")
    with Ledger.open(path, readonly=False) as led:
        decay.apply(decay.native_table(led), P, now)
        rows = led.conn.execute("SELECT * FROM memories ORDER BY seq").fetchall()
        changes = led.conn.total_changes
        again = decay.apply(decay.native_table(led), P, now)
        assert led.conn.execute("SELECT * FROM memories ORDER BY seq").fetchall() == rows
        # Only the summary event was written.
        assert led.conn.total_changes - changes == 1
    assert again.changes == [] and again.rescored == 0


def test_run_lock_refuses_a_second_holder(tmp_path: Path) -> None:
    store = tmp_path / "x.db"
    with (
        sidecar.run_lock(str(store), "decay"),
        pytest.raises(StoreBusy),
        sidecar.run_lock(str(store), "decay"),
    ):
        pass
    with sidecar.run_lock(str(store), "decay"):  # released: free again
        pass


def test_run_lock_held_by_another_process(tmp_path: Path) -> None:
    store = tmp_path / "x.db"
    code = textwrap.dedent(
        f"""
        import sys, time
        from memaudit import sidecar
        with sidecar.run_lock({str(store)!r}, "decay"):
            print("held", flush=True)
            sys.stdin.readline()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        with pytest.raises(StoreBusy, match="in progress"), sidecar.run_lock(str(store), "decay"):
            pass
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(timeout=10)
    with sidecar.run_lock(str(store), "decay"):
        pass


def test_locks_are_per_store(tmp_path: Path) -> None:
    a = str(tmp_path / "a" / "agent.db")
    b = str(tmp_path / "b" / "agent.db")
    assert sidecar.lock_path(a, "decay") != sidecar.lock_path(b, "decay")
    with sidecar.run_lock(a, "decay"), sidecar.run_lock(b, "decay"):
        pass  # two stores never block each other
