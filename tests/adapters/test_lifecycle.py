"""A store built with the second article's exact CREATE TABLE, opened and decayed."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from memaudit.adapters import detect, open_store
from memaudit.adapters.lifecycle import ARTICLE_EVENTS, ARTICLE_MEMORIES
from tests.conftest import file_bytes


def add_memory(conn, content, *, importance=5.0, at, tags=(), expires_at=None) -> int:
    """Like the article's code: summary = content[:120], local naive ISO time, no event."""
    cur = conn.execute(
        "INSERT INTO memories (content, summary, tags, importance, created_at, expires_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (content, content[:120], json.dumps(list(tags)), importance, at.isoformat(), expires_at),
    )
    conn.commit()
    return int(cur.lastrowid or 0)


def touch(conn, memory_id, at) -> None:
    conn.execute(
        "UPDATE memories SET access_count = access_count + 1, last_accessed = ? WHERE id = ?",
        (at.isoformat(), memory_id),
    )
    conn.commit()


@pytest.fixture
def agent_db(tmp_path: Path) -> Path:
    path = tmp_path / "agent_memory.db"
    conn = sqlite3.connect(path)
    conn.execute(ARTICLE_MEMORIES)
    conn.execute(ARTICLE_EVENTS)
    bun = add_memory(
        conn,
        "Investigating Bun.js as a replacement for Node in the build.",
        importance=8,
        at=datetime(2026, 4, 10, 11, 0, 0, 123456),
    )
    touch(conn, bun, datetime(2026, 5, 2, 12, 0, 0))
    add_memory(conn, "The project uses poetry for packaging.", at=datetime(2026, 9, 1, 9, 0))
    add_memory(
        conn,
        "We moved the project from poetry to uv for packaging.",
        at=datetime(2026, 10, 20, 16, 0),
    )
    add_memory(
        conn,
        "Sprint 44 goal: ship the export.",
        at=datetime(2026, 11, 1, 9, 0),
        expires_at="2026-11-14",
    )
    add_memory(conn, "The user writes code in Neovim.", at=datetime(2026, 10, 30, 9, 0))
    conn.close()
    return path


def test_detected_and_listed_read_only(cli, agent_db: Path) -> None:
    assert detect(str(agent_db))[0] == (0.95, "lifecycle")
    before = file_bytes(agent_db)
    result = cli("ls", "--json", db=agent_db)
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["id"] for r in rows] == ["4", "5", "3", "2", "1"]
    first = next(r for r in rows if r["id"] == "1")
    assert first["created_at"] == "2026-04-10T11:00:00Z"  # naive read as UTC
    assert first["importance"] == 8 and first["trust_tier"] == "T5"
    assert cli("show", "1", db=agent_db).exit_code == 0
    assert cli("stats", db=agent_db).exit_code == 0
    assert file_bytes(agent_db) == before


def test_decay_writes_the_agents_own_columns_and_events(cli, agent_db: Path) -> None:
    result = cli("decay", "--now", "2026-11-30", db=agent_db)
    assert result.exit_code == 0, result.stderr
    conn = sqlite3.connect(agent_db)
    rows = {r[0]: r[1:] for r in conn.execute("SELECT id, status, decay_score FROM memories")}
    events = conn.execute(
        "SELECT memory_id, event_type, detail, occurred_at FROM memory_events ORDER BY id"
    ).fetchall()
    conn.close()
    assert rows[1] == ("archived", 0.0)  # the article's archive sets decay_score = 0.0
    assert rows[4][0] == "expired"
    assert rows[3][0] == "active" and 0 < rows[3][1] <= 1
    assert len(rows) == 5  # nothing deleted
    assert events == [
        (1, "archived", "decay below threshold", "2026-11-30T00:00:00"),
        (4, "expired", "past expiry date", "2026-11-30T00:00:00"),
    ]
    archived = json.loads(cli("ls", "--status", "archived", "--json", db=agent_db).stdout)
    assert [m["id"] for m in archived] == ["1"]
    # memaudit's own summary went to the sidecar, not into the agent's store.
    log = json.loads(cli("log", "--json", db=agent_db).stdout)
    assert any(e["action"] == "decay" and e["actor"] == "tester" for e in log)
    conn = sqlite3.connect(agent_db)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    conn.close()
    assert tables == {"memories", "memory_events", "sqlite_sequence"}
    # Idempotent: same --now, nothing more written to the store.
    before = file_bytes(agent_db)
    assert cli("decay", "--now", "2026-11-30", "--quiet", db=agent_db).exit_code == 0
    assert file_bytes(agent_db) == before


def test_conflicts_and_validated_supersession(cli, agent_db: Path) -> None:
    found = json.loads(cli("conflicts", "--json", db=agent_db).stdout)["candidates"]
    assert [(c["newer_id"], c["older_id"]) for c in found] == [("3", "2")]
    assert (
        cli("resolve", "3", "--supersedes", "2", "--reason", "moved to uv", db=agent_db).exit_code
        == 0
    )
    conn = sqlite3.connect(agent_db)
    assert conn.execute("SELECT status, contradicted_by FROM memories WHERE id = 2").fetchone() == (
        "superseded",
        3,
    )
    kind, detail = conn.execute(
        "SELECT event_type, detail FROM memory_events WHERE memory_id = 2"
    ).fetchone()
    conn.close()
    assert kind == "superseded" and detail.startswith("by #3: moved to uv")
    log = json.loads(cli("log", "--memory", "2", "--json", db=agent_db).stdout)
    who = [e for e in log if e["action"] == "supersede"]
    assert who and who[0]["actor"] == "tester" and who[0]["detail"]["validated_by"] == "tester"


def test_not_mistaken_for_a_native_ledger(ledger_path: Path) -> None:
    scores = dict((n, s) for s, n in detect(str(ledger_path)))
    assert scores["lifecycle"] == 0.0 and scores["native"] == 1.0


def test_opened_read_only_for_reads(agent_db: Path) -> None:
    with open_store(str(agent_db)) as store, pytest.raises(sqlite3.OperationalError):
        store.conn.execute("UPDATE memories SET status = 'x'")  # type: ignore[attr-defined]


def test_stale_lockin_and_stated_change_on_the_articles_store(cli, agent_db: Path) -> None:
    """The second article's own examples on its own store: the Bun.js investigation kept
    at importance 8 and not retrieved since May (idle lock-in, medium: an investigation),
    and "moved from poetry to uv" beside "uses poetry" (a stated change); the user's
    editor is in neither."""
    report = json.loads(
        cli(
            "--now", "2026-11-30T12:00:00Z", "audit", "--json",
            "-p", "stale_lockin", "-p", "contradiction_collapse",
            db=agent_db,
        ).stdout
    )  # fmt: skip
    assert report["patterns"]["stale_lockin"]["not_checked"] == []
    by_detector = {f["detector"]: f for f in report["findings"]}
    idle = by_detector["idle_lockin"]
    assert (idle["memory_ids"], idle["severity"]) == (["1"], "medium")
    assert "investigation or plan kept at importance 8" in idle["evidence"]
    assert "last retrieved 2026-05-02" in idle["evidence"]
    assert by_detector["stated_change"]["memory_ids"] == ["2", "3"]
    named = {i for f in report["findings"] for i in f["memory_ids"]}
    assert "5" not in named  # "The user writes code in Neovim."
