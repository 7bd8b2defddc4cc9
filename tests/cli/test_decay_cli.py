"""`memaudit decay` as cron runs it, on the Bun.js sample."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from memaudit import sidecar
from memaudit.sqlite_driver import sqlite3

SIX_MONTHS_AFTER = "2026-11-02"  # bun-1 was last accessed 2026-05-02


def _rows(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT * FROM memories ORDER BY seq").fetchall()
    finally:
        conn.close()


def test_bun_investigation_is_archived_not_deleted(cli, sample) -> None:
    db = sample("bun_investigation")
    before = {r["id"] for r in json.loads(cli("ls", "--json", db=db).stdout)}
    result = cli("decay", "--now", SIX_MONTHS_AFTER, db=db)
    assert result.exit_code == 0, result.stderr
    assert "bun-1" in result.stdout and "archived" in result.stdout
    archived = json.loads(cli("ls", "--status", "archived", "--json", db=db).stdout)
    assert [m["id"] for m in archived] == ["bun-1"]
    after = {r["id"] for r in json.loads(cli("ls", "--json", db=db).stdout)}
    assert after == before  # nothing deleted
    shown = json.loads(cli("show", "bun-1", "--json", db=db).stdout)
    assert shown["content"].startswith("Investigating a migration")
    assert any(e["action"] == "archive" for e in shown["events"])


def test_pinned_not_archived_and_sprint_goal_expires(cli, sample) -> None:
    db = sample("bun_investigation")
    assert cli("decay", "--now", "2030-01-01", "--quiet", db=db).exit_code == 0
    status = {m["id"]: m["status"] for m in json.loads(cli("ls", "--json", db=db).stdout)}
    assert status["pinned-style"] == "active"
    assert status["sprint-goal"] == "expired"


def test_sprint_goal_not_expired_before_its_date(cli, sample) -> None:
    db = sample("bun_investigation")
    cli("decay", "--now", SIX_MONTHS_AFTER, db=db)
    status = {m["id"]: m["status"] for m in json.loads(cli("ls", "--json", db=db).stdout)}
    assert status["sprint-goal"] == "active"


def test_dry_run_changes_nothing(cli, sample) -> None:
    db = sample("bun_investigation")
    cli("ls", db=db)  # let any migration happen first
    before = _rows(db)
    result = cli("decay", "--now", SIX_MONTHS_AFTER, "--dry-run", "--json", db=db)
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["dry_run"] is True and report["archived"] == 1
    assert _rows(db) == before


def test_second_run_with_same_now_changes_nothing(cli, sample) -> None:
    db = sample("bun_investigation")
    first = json.loads(cli("decay", "--now", "2026-11-30", "--json", db=db).stdout)
    assert first["archived"] + first["expired"] == 2
    rows = _rows(db)
    second = json.loads(cli("decay", "--now", "2026-11-30", "--json", db=db).stdout)
    assert second["changes"] == [] and second["rescored"] == 0
    assert _rows(db) == rows
    runs = json.loads(cli("log", "--action", "decay", "--json", db=db).stdout)
    assert len(runs) == 2  # one summary event per run


def test_quiet_prints_nothing(cli, sample) -> None:
    db = sample("bun_investigation")
    result = cli("decay", "--now", SIX_MONTHS_AFTER, "--quiet", db=db)
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == ""


def test_explain_shows_the_computation(cli, sample) -> None:
    db = sample("bun_investigation")
    result = cli("decay", "--explain", "bun-1", "--now", SIX_MONTHS_AFTER, "--json", db=db)
    data = json.loads(result.stdout)
    assert data["reference"] == "last_accessed"
    assert round(data["idle_days"]) == 184
    assert data["bonus"] == 0.06
    assert data["outcome"].startswith("would be archived")
    text = cli("decay", "--explain", "pinned-style", db=db).stdout
    assert "pinned" in text


def test_flags_override_policy(cli, sample) -> None:
    db = sample("bun_investigation")
    report = json.loads(
        cli(
            "decay", "--now", SIX_MONTHS_AFTER, "--half-life", "180", "--dry-run", "--json", db=db
        ).stdout
    )
    assert report["params"]["half_life_days"] == 180 and report["archived"] == 0


def test_a_second_concurrent_run_is_refused(cli, sample) -> None:
    db = sample("bun_investigation")
    code = textwrap.dedent(
        f"""
        import sys
        from memaudit import sidecar
        with sidecar.run_lock({str(db)!r}, "decay"):
            print("held", flush=True)
            sys.stdin.readline()
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        cli("ls", db=db)
        before = _rows(db)
        result = cli("decay", "--now", SIX_MONTHS_AFTER, db=db)
        assert result.exit_code == 5
        assert "another memaudit decay run is in progress" in result.stderr
        assert _rows(db) == before
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(timeout=10)
    assert cli("decay", "--now", SIX_MONTHS_AFTER, "--quiet", db=db).exit_code == 0
    assert sidecar.lock_path(str(db), "decay").exists()


def test_bad_now_is_a_usage_error(cli, sample) -> None:
    db = sample("bun_investigation")
    result = cli("decay", "--now", "yesterday-ish", db=db)
    assert result.exit_code == 2


def test_live_score_is_what_explain_prints_everywhere(cli, sample) -> None:
    db = sample("bun_investigation")
    at = ("--now", SIX_MONTHS_AFTER)
    explained = json.loads(cli(*at, "decay", "--explain", "bun-1", "--json", db=db).stdout)
    shown = json.loads(cli(*at, "show", "bun-1", "--json", db=db).stdout)
    listed = {m["id"]: m for m in json.loads(cli(*at, "ls", "--json", db=db).stdout)}
    assert explained["score"] < 0.1
    assert shown["decay_score_now"] == explained["score"]
    assert listed["bun-1"]["decay_score_now"] == explained["score"]
    assert listed["bun-1"]["decay_score"] == explained["stored_score"] == 1.0  # never rescored
    text = cli(*at, "show", "bun-1", db=db).stdout
    assert f"{explained['score']:.3f} (now)" in text and "stored score" in text


def test_decay_stores_the_score_at_the_status_change(cli, sample) -> None:
    db = sample("bun_investigation")
    report = json.loads(cli("decay", "--now", SIX_MONTHS_AFTER, "--json", db=db).stdout)
    (change,) = report["changes"]
    shown = json.loads(cli("show", "bun-1", "--json", db=db).stdout)
    assert shown["status"] == "archived"
    assert shown["decay_score"] == change["score"]
    later = json.loads(cli("--now", "2027-06-01", "show", "bun-1", "--json", db=db).stdout)
    assert later["decay_score"] == change["score"]  # frozen at the archive
    assert later["decay_score_now"] < change["score"]  # the live one keeps falling
    active = {m["id"]: m for m in json.loads(cli("ls", "--json", db=db).stdout)}
    assert active["ci-node"]["decay_score"] == 1.0  # a memory that stayed active: not written


def test_a_long_run_prints_the_first_changes_and_counts_the_rest(cli, tmp_path) -> None:
    """On the second article's schema: the table shows the first 50 changes, the line
    after it counts the others, and --json lists every one (one event each)."""
    from memaudit.adapters.lifecycle import ARTICLE_EVENTS, ARTICLE_MEMORIES

    paths = [tmp_path / "a" / "agent_memory.db", tmp_path / "b" / "agent_memory.db"]
    for path in paths:
        path.parent.mkdir()
        conn = sqlite3.connect(path)
        conn.execute(ARTICLE_MEMORIES)
        conn.execute(ARTICLE_EVENTS)
        conn.executemany(
            "INSERT INTO memories(content, created_at) VALUES (?, ?)",
            [(f"fact {i}", f"2025-01-{1 + i % 28:02d}T10:00:00") for i in range(73)],
        )
        conn.commit()
        conn.close()
    env = {"MEMAUDIT_HOME": str(tmp_path / "home")}
    text = cli("decay", "--now", "2026-01-01", db=str(paths[0]), env=env)
    assert text.exit_code == 0, text.stderr
    assert "73 were archived" in text.stdout and "... and 23 more" in text.stdout
    shown = json.loads(
        cli("decay", "--now", "2026-01-01", "--json", db=str(paths[1]), env=env).stdout
    )
    assert shown["archived"] == 73 and len(shown["changes"]) == 73
    for path in paths:
        conn = sqlite3.connect(path)
        assert conn.execute("SELECT count(*) FROM memory_events").fetchone()[0] == 73
        conn.close()


def test_on_the_article_schema_a_run_makes_the_planned_changes_and_no_other(cli, tmp_path) -> None:
    """`decay --json` on a lifecycle store changes exactly what `--dry-run --json`
    planned: one row archived, one expired, each with its event, the row whose score is
    current and the one already archived left as they were."""
    from tests.core.test_decay_set_based import fates_store

    path = fates_store(tmp_path / "agent_memory.db")
    before = _lifecycle_rows(path)
    env = {"MEMAUDIT_HOME": str(tmp_path / "home")}
    args = ("decay", "--now", "2026-01-01", "--json")
    planned = json.loads(cli(*args, "--dry-run", db=str(path), env=env).stdout)
    assert _lifecycle_rows(path) == before  # the plan wrote nothing
    done = cli(*args, db=str(path), env=env)
    assert done.exit_code == 0, done.stderr
    ran = json.loads(done.stdout)
    assert ran["changes"] == planned["changes"]
    assert [(c["id"], c["new_status"]) for c in ran["changes"]] == [
        ("3", "archived"),
        ("4", "expired"),
    ]
    assert (ran["considered"], ran["rescored"]) == (planned["considered"], planned["rescored"])
    after = _lifecycle_rows(path)
    assert after[0] == before[0] and after[4] == before[4]  # current score; not active
    conn = sqlite3.connect(path)
    events = conn.execute("SELECT memory_id, event_type FROM memory_events").fetchall()
    conn.close()
    assert events == [(3, "archived"), (4, "expired")]


def _lifecycle_rows(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT id, quote(decay_score), typeof(decay_score), status FROM memories ORDER BY id"
        ).fetchall()
    finally:
        conn.close()
