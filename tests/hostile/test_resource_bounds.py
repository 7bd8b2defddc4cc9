"""Resource bombs get a bound and one clear line.

Commands that could hang or exhaust memory without their defence run in a child
process with a time limit and a 2 GiB address-space limit, so a missing defence fails
the test instead of taking the suite (or the machine) down.
"""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.safepickle import MAX_PLAIN_VALUES, Refused, restricted_load
from tests.hostile import corpus_files as cf

LIMIT_SECONDS = 120


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def memaudit(*argv: str | Path, timeout: float = LIMIT_SECONDS) -> subprocess.CompletedProcess:
    """Run the installed CLI in a child process, bounded in time and memory."""
    return subprocess.run(
        [sys.executable, "-m", "memaudit", *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_limits,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_a_shared_reference_pickle_is_refused_within_its_budget(tmp_path):
    folder = cf.copy_store("mem0_bomb", tmp_path)
    r = memaudit("--db", folder, "ls", "--json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)) == 8  # the fixture's points; the bomb is skipped
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Warning: skipped a point in")
    assert "expands to more than" in lines[0]


def test_the_value_budget_counts_shared_references_and_cycles():
    import pickle

    nested: list[object] = ["boom"]
    for _ in range(40):
        nested = [nested, nested]
    with pytest.raises(Refused, match=f"{MAX_PLAIN_VALUES:,}"):
        restricted_load(pickle.dumps(nested))
    looped: list[object] = []
    looped.append(looped)
    with pytest.raises(Refused, match="deeper"):
        restricted_load(pickle.dumps(looped))


def test_a_recursive_view_is_never_run(tmp_path):
    db = cf.copy_store("recursive_view", tmp_path)
    detected = memaudit("--db", db, "ls")
    assert detected.returncode == 1 and "not a memory store" in detected.stderr
    forced = memaudit("--db", db, "--adapter", "langgraph", "ls")
    assert forced.returncode == 1, forced.stderr
    lines = forced.stderr.strip().splitlines()
    assert len(lines) == 1 and "no store table" in lines[0], lines  # a view is not one
    # Whatever an adapter asks, SQL through the view is refused by the connection.
    conn = sp.connect_ro(db)
    with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
        conn.execute("SELECT key FROM store LIMIT 1").fetchone()
    conn.close()


def test_fifos_and_devices_among_pending_records_are_skipped(tmp_path):
    home = cf.copy_store("hermes_drift", tmp_path)
    planted = cf.plant_pending_specials(home)
    r = memaudit("--db", home, "ls", "--json", timeout=30)
    assert r.returncode == 0, r.stderr
    ids = {m["id"] for m in json.loads(r.stdout)}
    assert "d1f7a001" in ids and not ids & set(planted)
    assert "outside the store" not in r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Warning: skipped") and "more" in lines[0]
    review = memaudit("--db", home, "review", "--list")
    assert review.returncode == 0 and "d1f7a001" in review.stdout


def test_trace_walks_a_deep_chain_without_recursion(tmp_path):
    """--depth 1000 both ways from the middle of a 2,500-step chain (deeper than
    Python's recursion limit)."""
    db = tmp_path / "deep.db"
    ids = cf.deep_chain_ledger(db, depth=2_500)
    focus = ids[1_250]
    r = memaudit("--db", db, "trace", focus, "--depth", "1000")
    assert r.returncode == 0, r.stderr[-500:]
    assert f"{ids[250]} " in r.stdout and f"{ids[2_249]} " in r.stdout
    assert "cut at --depth 1000" in r.stdout
    data = memaudit("--db", db, "trace", focus, "--depth", "1000", "--json")
    assert data.returncode == 0
    assert len(json.loads(data.stdout)["nodes"]) == 2_001


def test_byterover_topic_symlinked_out_of_the_store_is_not_read(tmp_path, monkeypatch):
    folder = cf.copy_store("byterover_tree", tmp_path)
    monkeypatch.setenv("BRV_DATA_DIR", str(folder.parent / "brv-data"))
    outside = cf.escape_topic(folder)
    assert cf.SECRET in outside.read_text()
    listed = memaudit("--db", folder, "ls", "--json", "--limit", "0")
    assert listed.returncode == 0, listed.stderr
    assert "Stolen" not in listed.stdout and "stolen_notes" not in listed.stdout
    assert "outside the store" in listed.stderr
    found = memaudit("--db", folder, "verify", "--content", "Outside the store", "--json")
    assert "stolen_notes" not in found.stdout


def test_a_content_file_too_many_sentences_gets_one_line(tmp_path, sample):
    db = sample("zebra")
    big = cf.many_sentences(tmp_path / "big.txt", 400_000)
    r = memaudit("--db", db, "verify", "--content-file", big)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "400,000 sentences" in lines[0] and "split it" in lines[0]
    assert "damaged" not in r.stderr


def test_a_content_file_of_many_sentences_is_checked(tmp_path, sample):
    """More sentences than one SQL statement can test: looked for in groups."""
    db = sample("zebra")
    text = tmp_path / "many.txt"
    cf.many_sentences(text, 2_000)
    with text.open("a") as fh:
        fh.write("The staging vault passphrase hint is ZEBRA-7731-QUOKKA. ")
    r = memaudit("--db", db, "verify", "--content-file", text, "--json")
    assert r.returncode == 3, r.stderr  # the zebra sample holds the secret
    assert not json.loads(r.stdout)["clean"]


def test_a_text_of_many_spaced_letter_runs_is_staged_in_bounded_time(tmp_path):
    """The injection check read each run of spaced letters in the whole text, which
    holds the other runs, read again one level deeper: 15,000 characters of
    "a b c d e f go " took hours at `stage` (and in `audit`, `review`)."""
    db = tmp_path / "ledger.db"
    assert memaudit("init", db).returncode == 0
    text = ("a b c d e f go " * 1_000)[:15_000]  # under stage's 16,000 characters
    done = memaudit("--db", db, "stage", text, "-t", "tool_observation", "--source-ref", "tool:x")
    assert done.returncode == 0, done.stderr
