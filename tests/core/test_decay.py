"""The decay formula, pinned; and the engine on real ledgers."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from datetime import timedelta, timezone
from pathlib import Path

import pytest

from memaudit import decay, sidecar
from memaudit.clock import parse_time, to_iso
from memaudit.errors import InvalidInput, StoreBusy
from memaudit.ledger import Ledger, schema

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


def test_run_decides_exactly_what_explain_prints(sample) -> None:
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
    assert change.score == expected  # the same arithmetic, not an approximation
    assert change.score == decay.explain_memory(bun, P, now).score


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


def test_python_api_run_takes_the_run_lock(sample) -> None:
    """decay.run, not only the CLI, holds the store's decay lock: a second run while one
    holds it is refused before anything is written; a dry run needs no lock."""
    from memaudit.adapters import open_store

    path = sample("bun_investigation")
    now = parse_time("2026-11-30T00:00:00Z")
    with open_store(str(path), writable=True) as store:
        before = [(m.id, m.status) for m in store.memories()]
        with sidecar.run_lock(str(path), "decay"):
            with pytest.raises(StoreBusy, match="in progress"):
                decay.run(store, P, now)
            assert [(m.id, m.status) for m in store.memories()] == before
            assert decay.run(store, P, now, dry_run=True).changes  # planning is not blocked
        report = decay.run(store, P, now)
    assert {c.id for c in report.changes} == {"bun-1", "sprint-goal"}


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


# -- the native ledger: only status changes are written, found by index ranges -----


def test_stored_score_is_the_score_at_the_status_change(sample) -> None:
    path = sample("bun_investigation")
    now = parse_time("2026-11-30T00:00:00Z")
    with Ledger.open(path, readonly=False) as led:
        before = {m.id: m for m in led.query()}
        decay.apply(decay.native_table(led), P, now)
        after = {m.id: m for m in led.query()}
    for mid in ("bun-1", "sprint-goal"):
        assert after[mid].decay_score == decay.live_score(before[mid], P, now)
        assert after[mid].updated_at == to_iso(now)
        assert after[mid].version == before[mid].version + 1
    # Every memory whose status did not change is untouched, score included.
    for mid, m in before.items():
        if mid not in ("bun-1", "sprint-goal"):
            assert after[mid] == m


def test_latest_migration_adds_the_expression_index(ledger: Ledger) -> None:
    from sqlite_utils import Database

    assert "m004_decay_reference_index" in schema.applied_names(Database(ledger.conn))
    indexes = dict(
        ledger.conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'").fetchall()
    )
    assert "coalesce(last_accessed, created_at)" in indexes["idx_memories_decay_ref"]
    assert decay.REF_EXPR in indexes["idx_memories_decay_ref"]
    assert "idx_memories_decay" not in indexes  # m002's index, replaced


def test_candidate_queries_are_index_range_scans(ledger: Ledger) -> None:
    _insert(ledger, 50, seed=3)
    plans: list[str] = []
    conn = ledger.conn
    conn.set_trace_callback(
        lambda sql: plans.append(sql) if sql.lstrip().upper().startswith("SELECT") else None
    )
    decay.plan(decay.native_table(ledger), P, parse_time(NOW), dry_run=True)
    conn.set_trace_callback(None)
    assert len(plans) >= 4  # expiry, the access-count walk, one range per level, counts
    for sql in plans:
        detail = " ".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql))
        assert "SCAN" not in detail, (sql, detail)
        assert "SEARCH memories USING" in detail, (sql, detail)


NOW = "2026-11-30T12:00:00Z"


def _insert(led: Ledger, n: int, seed: int) -> None:
    """``n`` memories spread over every case: idle times across the cutoffs (some one
    second either side of one), access counts 0-12, pins, expiries, other statuses,
    timestamps with UTC offsets or dates only."""
    rng = random.Random(seed)
    now = parse_time(NOW)
    rows = []
    for i in range(n):
        count = rng.choice([0, 0, 0, 1, 2, 3, 3, 4, 5, 12])
        idle = rng.uniform(0, 400)
        if i % 7 == 0:  # on a cutoff, to the second
            cut = decay.archive_idle_days(decay.access_bonus(count, P), P)
            if cut is not None:
                idle = cut + rng.choice([-1, 0, 1]) / 86400
        ref = now - timedelta(days=idle)
        text = to_iso(ref)
        if i % 11 == 0:
            text = ref.replace(microsecond=rng.randrange(10**6)).isoformat()
        if i % 13 == 0:
            off = rng.choice([-11, -5, 3, 9, 14])
            text = ref.astimezone(timezone(timedelta(hours=off))).isoformat()
        if i % 17 == 0:
            text = ref.date().isoformat()
        accessed = rng.random() < 0.6
        created = to_iso(ref - timedelta(days=rng.uniform(0, 50))) if accessed else text
        expires = None
        if i % 5 == 0:
            expires = to_iso(now + timedelta(seconds=rng.choice([-86400, -1, 0, 1, 3600])))
            if i % 15 == 0:
                expires = (
                    (now + timedelta(hours=rng.choice([-3, 3])))
                    .astimezone(timezone(timedelta(hours=-10)))
                    .isoformat()
                )
        status = rng.choice(["active"] * 8 + ["archived", "pending"])
        rows.append(
            (
                f"m{i:04d}",
                f"memory {i}",
                "user_statement",
                status,
                created,
                created,
                text if accessed else None,
                count,
                expires,
                int(rng.random() < 0.1),
                f"h{i}",
            )
        )
    with led.transaction():
        led.conn.executemany(
            "INSERT INTO memories(id, content, source_type, status, created_at, updated_at,"
            " last_accessed, access_count, expires_at, pinned, content_hash)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )


PARAM_CASES = [
    P,
    decay.DecayParams(threshold=0.3, access_bonus=0.05, access_bonus_cap=0.2),  # cap < threshold
    decay.DecayParams(access_bonus=0.0),  # no bonus: every count is one level
    decay.DecayParams(threshold=0.0),  # nothing ever archives
    decay.DecayParams(threshold=1.0, half_life_days=7),
]


@pytest.mark.parametrize("params", PARAM_CASES, ids=range(len(PARAM_CASES)))
def test_index_ranges_find_exactly_what_a_full_check_finds(ledger: Ledger, params) -> None:
    _insert(ledger, 1500, seed=7)
    now = parse_time(NOW)
    expected = {}
    for m in ledger.query():
        ex = decay.explain_memory(m, params, now)
        if ex.new_status:
            expected[m.id] = (ex.new_status, ex.score)
    report = decay.plan(decay.native_table(ledger), params, now, dry_run=True)
    found = {c.id: (c.new_status, c.score) for c in report.changes}
    assert found == expected
    assert report.checked < 1500  # candidates only, not every row
    if params is P:
        assert {s for s, _ in found.values()} == {"archived", "expired"}


def test_daily_pass_writes_only_the_rows_whose_status_changes(ledger: Ledger) -> None:
    _insert(ledger, 1500, seed=11)
    table = decay.native_table(ledger)
    day0 = parse_time(NOW)
    decay.apply(table, P, day0)
    rows = {r[0]: r for r in ledger.conn.execute("SELECT * FROM memories")}
    changes = ledger.conn.total_changes
    report = decay.apply(table, P, day0 + timedelta(days=1))
    assert report.changes and report.rescored == 0
    # One UPDATE, the active-set token's replacement (its trigger) and one event per
    # changed memory, plus the summary event.
    assert ledger.conn.total_changes - changes == 3 * len(report.changes) + 1
    changed = {c.id for c in report.changes}
    for r in ledger.conn.execute("SELECT * FROM memories"):
        if r[1] not in changed:
            assert r == rows[r[0]]
