"""Decay on the second article's schema is set-based (issue 22) and writes exactly what
the row-by-row computation and the previous single UPDATE wrote.

The store is a generated ledger's memories in the article's own tables
(``benchmarks.bench_decay.article_store``, as the benchmark builds it). The reference is
the statement memaudit ran before (copied here verbatim: one UPDATE computing each row's
verdict, its RETURNING rows turned into events one by one from Python)."""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from memaudit import decay, decay_rows
from memaudit.adapters.lifecycle import (
    ARTICLE_EVENTS,
    ARTICLE_MEMORIES,
    LifecycleAdapter,
    naive_utc,
)
from memaudit.clock import parse_time, to_iso

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.bench_decay import article_store  # noqa: E402
from benchmarks.generate import GenConfig, build  # noqa: E402

NOW = parse_time("2026-01-01T00:00:00Z")  # the generator's clock

_REF = "julianday(coalesce(last_accessed, created_at))"
_SCORE = (
    f"min(1.0, pow(0.5, max(0.0, :now_jd - {_REF}) / :half_life)"
    " + min(coalesce(access_count, 0) * :bonus, :cap))"
)
_EXPIRED = "(expires_at IS NOT NULL AND julianday(expires_at) <= :now_jd)"


def _verdict(columns: str) -> str:
    return (
        f"(SELECT {columns} FROM (SELECT s, round(s / :step) / :per AS stored,"
        " CASE WHEN ex THEN 'expired' WHEN s < :threshold THEN 'archived' ELSE 'active' END"
        f" AS ns FROM (SELECT {_SCORE} AS s, {_EXPIRED} AS ex LIMIT 1) LIMIT 1) LIMIT 1)"
    )


def previous_run(path: Path, params: decay.DecayParams, now: datetime) -> dict[str, Any]:
    """memaudit's every_row run before issue 22, on the article's store."""
    conn = sqlite3.connect(path, isolation_level=None)
    decay_rows.ensure_math(conn)
    bind = {
        "now_jd": decay.julian_day(now),
        "half_life": params.half_life_days,
        "bonus": params.access_bonus,
        "cap": params.access_bonus_cap,
        "threshold": params.threshold,
        "step": 0.05,
        "per": 20,
    }
    eligible = f"status = 'active' AND NOT (0) AND {_REF} IS NOT NULL"
    new_values = _verdict("CASE ns WHEN 'archived' THEN 0.0 ELSE stored END, ns")
    to_write = _verdict("decay_score IS NOT stored OR ns <> 'active'")
    conn.execute("BEGIN IMMEDIATE")
    considered = conn.execute(
        f"SELECT count({_REF}) FROM memories WHERE status = 'active' AND NOT (0)"
    ).fetchone()[0]
    written = conn.execute(
        f"UPDATE memories SET (decay_score, status) = {new_values}"
        f" WHERE {eligible} AND {to_write}"
        " RETURNING CASE WHEN status <> 'active' THEN id END, id, status,"
        f" CASE WHEN status <> 'active' THEN {_SCORE} END",
        bind,
    ).fetchall()
    changed = sorted(row for row in written if row[0] is not None)
    changes = [
        {
            "id": str(pub_id),
            "old_status": "active",
            "new_status": status,
            "score": score,
            "reason": "past expiry date"
            if status == "expired"
            else f"decay below threshold ({score:.3f} < {params.threshold:g})",
        }
        for _, pub_id, status, score in changed
    ]
    at = naive_utc(now)
    conn.executemany(
        "INSERT INTO memory_events(memory_id, event_type, detail, occurred_at) VALUES (?, ?, ?, ?)",
        [
            (
                int(c["id"]),
                c["new_status"],
                "decay below threshold" if c["new_status"] == "archived" else c["reason"],
                at,
            )
            for c in changes
        ],
    )
    conn.execute("COMMIT")
    conn.close()
    return {
        "considered": considered,
        "rescored": len(written) - len(changed),
        "changes": changes,
    }


def now_run(path: Path, now: datetime) -> tuple[decay.DecayParams, dict[str, Any]]:
    store = LifecycleAdapter.open(str(path), writable=True, actor="tester")
    try:
        params = decay.DecayParams.from_policy(store.policy())
        report = decay.run(store, params, now)
    finally:
        store.close()
    out = report.to_dict()
    return params, {k: out[k] for k in ("considered", "rescored", "changes")}


def dump(path: Path) -> tuple[list[Any], list[Any]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return (
            conn.execute("SELECT * FROM memories ORDER BY id").fetchall(),
            conn.execute("SELECT * FROM memory_events ORDER BY id").fetchall(),
        )
    finally:
        conn.close()


@pytest.fixture(scope="module")
def article(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("article")
    native = folder / "ledger.db"
    build(GenConfig(memories=3000, seed=11), native, parallel=False)
    out = folder / "agent_memory.db"
    article_store(native, out)
    return out


def test_a_run_writes_what_the_previous_statement_wrote(
    article: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    before, after = tmp_path / "before.db", tmp_path / "after.db"
    shutil.copyfile(article, before)
    shutil.copyfile(article, after)
    for at in (NOW, NOW + timedelta(days=1), NOW + timedelta(days=40)):  # first, daily, later
        params, mine = now_run(after, at)
        theirs = previous_run(before, params, at)
        assert mine == theirs
        assert dump(after) == dump(before)
    rows, events = dump(after)
    archived = sum(1 for r in rows if r[8] == "archived")
    assert len(events) > 500 and archived > 500  # the runs did change the store


def test_stored_scores_are_the_per_row_computation(
    article: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every row still active holds its score computed in Python (`decay.decay_score`,
    rounded as stored), every archived one the article's 0.0, each with its event."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    path = tmp_path / "agent_memory.db"
    shutil.copyfile(article, path)
    old_rows, _ = dump(path)
    params, report = now_run(path, NOW)
    rows, events = dump(path)
    changed = {c["id"]: c for c in report["changes"]}
    expected_events = []
    for old, new in zip(old_rows, rows, strict=True):
        mid, count, status, created, last, expires = (
            old[0], old[6], old[8], old[10], old[11], old[12]
        )  # fmt: skip
        if status != "active":
            assert new == old
            continue
        ref = datetime.fromisoformat(last or created).replace(tzinfo=NOW.tzinfo)
        score = decay.decay_score((NOW - ref).total_seconds() / 86400, count, params)
        if expires and datetime.fromisoformat(expires).replace(tzinfo=NOW.tzinfo) <= NOW:
            assert (new[8], new[7]) == ("expired", decay.stored_score(score))
            expected_events.append((mid, "expired", "past expiry date"))
        elif score < params.threshold:
            assert (new[8], new[7]) == ("archived", 0.0)
            assert changed[str(mid)]["score"] == pytest.approx(score, abs=1e-9)
            expected_events.append((mid, "archived", "decay below threshold"))
        else:
            assert (new[8], new[7]) == ("active", decay.stored_score(score))
    assert [(e[1], e[2], e[3]) for e in events] == expected_events
    assert {e[4] for e in events} == {naive_utc(NOW)}
    assert json.dumps(report["changes"])  # plain data


# Rows a hostile or careless writer leaves: NULL, text and already-current scores,
# unreadable timestamps (with a past expiry too), text access counts, odd statuses.
ODD_ROWS = [
    # (decay_score, status, access_count, created_at, last_accessed, expires_at)
    (None, "active", 0, "2025-12-30T10:00:00", None, None),
    ("abc", "active", 0, "2025-12-30T10:00:00", None, None),
    (1.0, "active", 0, "2025-12-31T23:00:00", None, None),  # already current: untouched
    (0.9, "active", 0, "garbage", None, "2025-01-01"),  # unreadable, past expiry: untouched
    (0.9, "active", 3, "2025-01-01T00:00:00", "not a time", None),  # unreadable last access
    (0.9, "active", 0, "2025-12-20T00:00:00", None, "2025-06-01"),  # expired
    (0.9, "active", 0, "2025-12-20T00:00:00", None, "soon"),  # unreadable expiry: kept
    (None, "active", 0, "", None, None),  # NULL score, unreadable
    (0.9, "active", "many", "2024-01-01T00:00:00", None, None),  # text count: archived
    (0.9, None, 0, "2024-01-01T00:00:00", None, None),  # NULL status: not active
    (0.9, "Active", 0, "2024-01-01T00:00:00", None, None),  # not 'active'
    (0.0, "archived", 0, "2024-01-01T00:00:00", None, "2025-01-01"),
    (0.5, "active", 40, "2024-01-01T00:00:00", "2024-02-01T00:00:00+02:00", None),
]


def odd_store(path: Path, rows: list[tuple[Any, ...]] = ODD_ROWS, trigger: bool = False) -> Path:
    conn = sqlite3.connect(path)
    conn.execute(ARTICLE_MEMORIES)
    conn.execute(ARTICLE_EVENTS)
    conn.executemany(
        "INSERT INTO memories(content, decay_score, status, access_count, created_at,"
        " last_accessed, expires_at) VALUES ('m', ?, ?, ?, ?, ?, ?)",
        rows,
    )
    if trigger:  # the store's own trigger: it sees each row an UPDATE writes
        conn.execute("CREATE TABLE touched(memory_id INTEGER, status TEXT)")
        conn.execute(
            "CREATE TRIGGER memories_touched AFTER UPDATE ON memories"
            " BEGIN INSERT INTO touched VALUES (new.id, new.status); END"
        )
    conn.commit()
    conn.close()
    return path


def test_odd_rows_are_written_as_the_previous_statement_wrote_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NULL/text scores are rescored, unreadable timestamps skipped (never expired),
    only 'active' rows considered: the same rows, values, events and report as before."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    before = odd_store(tmp_path / "before.db")
    after = odd_store(tmp_path / "after.db")
    for at in (NOW, NOW + timedelta(days=400)):
        params, mine = now_run(after, at)
        theirs = previous_run(before, params, at)
        assert mine == theirs
        assert dump(after) == dump(before)
    rows, events = dump(after)
    by_id = {r[0]: r for r in rows}
    assert by_id[4][8] == "active" and by_id[5][8] == "active"  # unreadable: untouched
    assert by_id[6][8] == "expired" and by_id[9][8] == "archived"
    assert by_id[10][8] is None and by_id[11][8] == "Active"
    assert {e[1] for e in events} == {1, 2, 3, 6, 7, 9}  # 13: its bonus keeps it


def test_a_failed_run_leaves_the_store_as_it_was(
    article: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run is one transaction: if writing the article's events fails (here the
    store refuses them), no score, status or event is left, nor memaudit's TEMP table,
    and the connection's page cache is set back."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    path = tmp_path / "agent_memory.db"
    shutil.copyfile(article, path)
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TRIGGER no_events BEFORE INSERT ON memory_events"
        " BEGIN SELECT RAISE(ABORT, 'events are read-only today'); END"
    )
    conn.commit()
    conn.close()
    before = dump(path)
    store = LifecycleAdapter.open(str(path), writable=True, actor="tester")
    try:
        params = decay.DecayParams.from_policy(store.policy())
        cache = store.conn.execute("PRAGMA cache_size").fetchone()[0]
        with pytest.raises(sqlite3.IntegrityError, match="read-only today"):
            decay.run(store, params, NOW)
        assert not store.conn.in_transaction
        assert store.conn.execute("PRAGMA cache_size").fetchone()[0] == cache  # given back
        temp = store.conn.execute("SELECT name FROM temp.sqlite_master").fetchall()
        assert temp == []
    finally:
        store.close()
    assert dump(path) == before


def test_a_run_that_keeps_the_first_changes_counts_and_logs_them_all(
    article: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`keep=n` (what `memaudit decay` asks without --json) changes only what the report
    holds: the same rows, events and counts as a run that keeps every change, and its
    first n changes are that run's first n."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    full, kept = tmp_path / "full.db", tmp_path / "kept.db"
    shutil.copyfile(article, full)
    shutil.copyfile(article, kept)
    reports = []
    for path, keep in ((full, None), (kept, 7)):
        store = LifecycleAdapter.open(str(path), writable=True, actor="tester")
        try:
            reports.append(decay.run(store, decay.DecayParams(), NOW, keep=keep))
        finally:
            store.close()
    every, first = reports
    assert dump(kept) == dump(full)
    assert first.summary() == every.summary()
    assert every.count() > 500 and first.count() == every.count()
    assert (first.count("archived"), first.count("expired")) == (
        every.count("archived"),
        every.count("expired"),
    )
    assert first.first_changes(7) == every.changes[:7]
    assert not first.held_all and every.held_all
    with pytest.raises(ValueError, match="holds only its first changes"):
        first.to_dict()  # never a partial list passed off as the whole
    with pytest.raises(ValueError, match="holds only 7"):
        first.first_changes(8)


def test_counts_are_the_previous_expressions(tmp_path: Path) -> None:
    """considered / unreadable (one julianday per row now) equal the two counts the
    previous statement took, on the odd rows at two moments."""
    path = odd_store(tmp_path / "odd.db")
    store = LifecycleAdapter.open(str(path), writable=False)
    try:
        table = store.lifecycle_table()
        for at in (NOW, NOW + timedelta(days=400)):
            report = decay.DecayReport(str(path), to_iso(at), decay.DecayParams(), True)
            decay_rows._counted(table, report)
            old = store.conn.execute(
                f"SELECT count({_REF}), count(*) - count({_REF}) FROM memories"
                " WHERE status = 'active' AND NOT (0)"
            ).fetchone()
            assert (report.considered, report.unreadable) == old == (7, 3)
    finally:
        store.close()


# One row of each fate at NOW, as ODD_ROWS: (decay_score, status, access_count,
# created_at, last_accessed, expires_at).
FATES = [
    (1.0, "active", 0, "2025-12-31T23:00:00", None, None),  # 1 stays, its score current
    (0.2, "active", 0, "2025-12-20T00:00:00", None, None),  # 2 stays active, rescored
    (0.9, "active", 0, "2025-06-01T00:00:00", None, None),  # 3 archived (idle 7 months)
    (0.9, "active", 0, "2025-12-20T00:00:00", None, "2025-12-31T00:00:00"),  # 4 expired
    (0.9, "archived", 0, "2025-01-01T00:00:00", None, None),  # 5 not active: left alone
]


def fates_store(path: Path, trigger: bool = False) -> Path:
    return odd_store(path, FATES, trigger)


def test_the_transitions_and_events_are_the_previous_ones_to_the_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One row of each fate: the run archives 3, expires 4, rescores 2, leaves 1 (current
    score) and 5 (not active) as they were, logs one event for each change in row order,
    and leaves the store file byte for byte as the previous statement (which wrote only
    the rows that move) leaves it: the rows written back with their own values do not
    touch the file. Then a daily pass, the same."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    before = fates_store(tmp_path / "before.db")
    after = fates_store(tmp_path / "after.db")
    params, mine = now_run(after, NOW)
    assert mine == previous_run(before, params, NOW)
    assert [(c["id"], c["new_status"]) for c in mine["changes"]] == [
        ("3", "archived"),
        ("4", "expired"),
    ]
    assert (mine["considered"], mine["rescored"]) == (4, 1)
    rows, events = dump(after)
    assert [(r[0], r[7], r[8]) for r in rows] == [
        (1, 1.0, "active"),
        (2, 0.75, "active"),
        (3, 0.0, "archived"),
        (4, 0.75, "expired"),
        (5, 0.9, "archived"),
    ]
    assert [(e[1], e[2], e[3]) for e in events] == [
        (3, "archived", "decay below threshold"),
        (4, "expired", "past expiry date"),
    ]
    assert after.read_bytes() == before.read_bytes()
    params, mine = now_run(after, NOW + timedelta(days=1))
    assert mine == previous_run(before, params, NOW + timedelta(days=1))
    assert after.read_bytes() == before.read_bytes()


def test_a_store_with_triggers_sees_only_the_rows_that_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store whose table has its own UPDATE trigger: the run writes only the rows that
    move (rescored, archived, expired), as the previous statement did, so the trigger
    fires for those alone; never for the row left as it was."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    before = fates_store(tmp_path / "before.db", trigger=True)
    after = fates_store(tmp_path / "after.db", trigger=True)
    for at in (NOW, NOW + timedelta(days=1)):
        params, mine = now_run(after, at)
        assert mine == previous_run(before, params, at)
        assert dump(after) == dump(before)
    conn = sqlite3.connect(after)
    touched = conn.execute("SELECT memory_id, status FROM touched").fetchall()
    conn.close()
    assert touched == [(2, "active"), (3, "archived"), (4, "expired")]  # 1 never
    assert after.read_bytes() == before.read_bytes()


# Stored scores next to the one a run computes at NOW (0.95: created three days before,
# no access; 1.0: an hour before): only a value equal to it, as SQLite compares numbers,
# is left as it was (kept); a near miss, another type or NULL is rewritten (rescored).
STORED = [
    (0.95, "active", 0, "2025-12-29T00:00:00", None, None),  # 1 kept
    (0.9500000000000001, "active", 0, "2025-12-29T00:00:00", None, None),  # 2 near miss
    (1, "active", 0, "2025-12-31T23:00:00", None, None),  # 3 kept: 1 is 1.0
    (None, "active", 0, "2025-12-29T00:00:00", None, None),  # 4
    ("abc", "active", 0, "2025-12-29T00:00:00", None, None),  # 5
    (b"\x00", "active", 0, "2025-12-29T00:00:00", None, None),  # 6 a blob
    (0.95, "active", 0, "garbage", None, None),  # 7 unreadable: left alone
]


def test_kept_rows_are_those_whose_stored_score_equals_the_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rounded score is made once and compared with the stored one (``nullif``): the
    same rows kept, rescored and left unreadable, the same file, as the previous
    statement's ``decay_score IS NOT stored``."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    before = odd_store(tmp_path / "before.db", STORED)
    after = odd_store(tmp_path / "after.db", STORED)
    params, mine = now_run(after, NOW)
    assert mine == previous_run(before, params, NOW)
    assert (mine["considered"], mine["rescored"], mine["changes"]) == (6, 4, [])
    assert dump(after) == dump(before)
    assert [(r[0], r[7]) for r in dump(after)[0]] == [
        (1, 0.95), (2, 0.95), (3, 1.0), (4, 0.95), (5, 0.95), (6, 0.95), (7, 0.95)
    ]  # fmt: skip
    assert after.read_bytes() == before.read_bytes()


def test_a_negative_access_count_earns_no_bonus_as_explain_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hostile count below zero would otherwise lower the stored score below what
    ``decay --explain`` shows (which clamps at 0): both clamp, so they agree."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    rows = [
        (0.9, "active", -40, "2025-12-25T00:00:00", None, None),
        (0.9, "active", 0, "2025-12-25T00:00:00", None, None),
    ]
    path = odd_store(tmp_path / "store.db", rows)
    params, report = now_run(path, NOW)
    stored = [r[7] for r in dump(path)[0]]
    explained = decay.explain(
        memory_id="1",
        status="active",
        pinned=False,
        created_at="2025-12-25T00:00:00",
        last_accessed=None,
        access_count=-40,
        stored_score=None,
        expires_at=None,
        params=params,
        now=NOW,
    ).score
    assert explained is not None
    assert stored == [decay.stored_score(explained)] * 2
    assert report["changes"] == []


def idle_store(path: Path, rows: int) -> Path:
    """``rows`` memories of ~340 bytes, idle for seven months: a run archives them all."""
    conn = sqlite3.connect(path)
    conn.execute(ARTICLE_MEMORIES)
    conn.execute(ARTICLE_EVENTS)
    conn.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
        " INSERT INTO memories(content, created_at)"
        " SELECT printf('%.300c', 'x') || i, '2025-06-01T00:00:00' FROM n",
        (rows,),
    )
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize(
    ("setting", "in_run"),
    [(-2000, -decay_rows.RUN_CACHE_KIB), (-200_000, -200_000), (20_000, 20_000 * 4096 // 1024)],
    ids=["sqlite default", "larger, in KiB", "larger, in pages"],
)
def test_the_article_agent_can_read_its_store_until_the_run_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: int, in_run: int
) -> None:
    """A run rewrites nearly every page of the table. With SQLite's default 2 MB cache
    its dirty pages spilled to the file mid-run (each spill syncing the journal first,
    ~160 times at 1M rows), and the first spill took the exclusive lock: the store's own
    agent could not read it until the commit. The run raises its connection's cache to
    ``RUN_CACHE_KIB`` for its transaction only: another connection still reads the store
    as it was after the UPDATE has written every row (7 MB here); the connection's own
    setting comes back after the run, and a larger one is left as it is."""
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "home"))
    path = idle_store(tmp_path / "agent_memory.db", 20000)
    store = LifecycleAdapter.open(str(path), writable=True, actor="tester")
    try:
        table = store.lifecycle_table()
        assert table.change_events_sql is not None
        events_sql = table.change_events_sql
        during: list[Any] = []

        def events(report: decay.DecayReport, changes: str) -> tuple[str, dict[str, Any]]:
            # After the UPDATE, before the events: what another connection reads now,
            # and the run's cache (a page counted in KiB).
            reader = sqlite3.connect(path, timeout=0)
            try:
                sql = "SELECT count(*) FROM memories WHERE status = 'active'"
                during.append(reader.execute(sql).fetchone()[0])
            except sqlite3.OperationalError as exc:
                during.append(str(exc))
            finally:
                reader.close()
            cache = store.conn.execute("PRAGMA cache_size").fetchone()[0]
            during.append(cache * 4096 // 1024 if cache > 0 else -cache)
            return events_sql(report, changes)

        store.conn.execute(f"PRAGMA cache_size = {setting}")
        report = decay.apply(
            dataclasses.replace(table, change_events_sql=events), decay.DecayParams(), NOW
        )
        assert report.count("archived") == 20000
        assert during == [20000, abs(in_run)]  # read as it was; the run's cache
        assert store.conn.execute("PRAGMA cache_size").fetchone()[0] == setting
    finally:
        store.close()
    assert dump(path)[0][0][8] == "archived" and len(dump(path)[1]) == 20000


class _NoMath:
    """A connection whose SQLite lacks ``pow`` and raises the standard library's error
    (the lifecycle adapter's driver), whatever driver memaudit itself uses."""

    def __init__(self) -> None:
        self.functions: list[str] = []

    def execute(self, sql: str) -> Any:
        raise sqlite3.OperationalError("no such function: pow")

    def create_function(self, name: str, n: int, fn: Any, deterministic: bool) -> None:
        self.functions.append(name)


def test_a_sqlite_without_math_gets_pow_from_python_with_either_driver() -> None:
    conn = _NoMath()
    decay_rows.ensure_math(conn)  # type: ignore[arg-type]
    assert conn.functions == ["pow"]
