"""memaudit forget / verify as a user runs them."""

from __future__ import annotations

import json

from memaudit.errors import ExitCode
from memaudit.sqlite_driver import sqlite3
from tests.conftest import file_bytes

SECRET_TEXT = "The staging vault passphrase hint is ZEBRA-7731-QUOKKA."


def test_dry_run_leaves_the_file_byte_identical(cli, sample):
    path = sample("zebra")
    before = file_bytes(path)
    result = cli("forget", "zebra-secret", "--dry-run", db=path)
    assert result.exit_code == 0, result.stderr
    assert "zebra-summary" in result.stdout and "staging-inference" in result.stdout
    assert "dry run" in result.stdout
    assert file_bytes(path) == before


def test_refuses_without_terminal_and_without_yes(cli, sample):
    path = sample("zebra")
    before = file_bytes(path)
    result = cli("forget", "zebra-secret", db=path)  # CliRunner's stdin is not a tty
    assert result.exit_code == ExitCode.REFUSED
    assert "--yes" in result.stderr
    assert file_bytes(path) == before


def test_forget_with_yes_prints_a_clean_table(cli, sample):
    path = sample("zebra")
    result = cli("forget", "zebra-secret", "--yes", "--reason", "user request", db=path)
    assert result.exit_code == 0, result.stderr
    for layer in ("memories_fts", "embeddings", "profile", "wal", "journal", "copies"):
        assert layer in result.stdout
    assert "RESIDUE" not in result.stdout
    shown = cli("show", "staging-inference", "--json", db=path)
    assert json.loads(shown.stdout)["status"] == "active"  # it only lost a source
    gone = cli("show", "zebra-secret", db=path)
    assert gone.exit_code == ExitCode.ERROR and "forgotten" in gone.stderr


def test_forget_json_and_match(cli, sample):
    path = sample("zebra")
    result = cli("forget", "--match", "dark mode", "--yes", "--json", db=path)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["clean"] is True
    assert [i["id"] for i in data["plan"]["forget"]] == ["unrelated"]
    assert {row["layer"] for row in data["layers"]} >= {"file", "wal", "memories_fts"}


def test_forget_needs_ids_or_match(cli, sample):
    result = cli("forget", db=sample("zebra"))
    assert result.exit_code == ExitCode.USAGE


def test_verify_content_reports_what_a_plain_delete_leaves(cli, sample):
    path = sample("zebra")
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    conn.execute("PRAGMA secure_delete = OFF")  # this machine's build defaults to ON
    # Most builds also keep FTS5 terms of deleted rows (no FTS5 'secure-delete').
    conn.execute("INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 0)")
    conn.execute("DELETE FROM memories WHERE id = 'zebra-secret'")
    try:
        result = cli("verify", "--content", SECRET_TEXT, "--json", db=path)
    finally:
        conn.close()
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    dirty = {row["layer"] for row in json.loads(result.stdout)["layers"] if not row["clean"]}
    assert {"memories_fts", "embeddings", "file", "wal"} <= dirty


def test_verify_content_after_forget_is_clean(cli, sample, tmp_path):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    text_file = tmp_path / "needle.txt"
    text_file.write_text(SECRET_TEXT)
    result = cli("verify", "--content-file", str(text_file), db=path)
    assert result.exit_code == 0, result.stdout
    assert "clean" in result.stdout


def test_verify_all_finds_a_resurrected_memory(cli, sample):
    path = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    assert cli("verify", "--all", db=path).exit_code == 0
    staged = cli("stage", SECRET_TEXT, "-t", "user_statement", db=path)
    assert staged.exit_code == 0, staged.stderr
    result = cli("verify", "--all", "--json", db=path)
    assert result.exit_code == ExitCode.RESIDUE
    checks = {c["memory_id"]: c for c in json.loads(result.stdout)["tombstones"]}
    assert not checks["zebra-secret"]["clean"]
    one = cli("verify", "zebra-secret", db=path)
    assert one.exit_code == ExitCode.RESIDUE and "RESURRECTED" in one.stdout


def test_verify_unknown_tombstone(cli, sample):
    result = cli("verify", "no-such-id", db=sample("zebra"))
    assert result.exit_code == ExitCode.ERROR and "no tombstone" in result.stderr


def test_verify_id_with_content_probes_the_layers_of_the_ledger(cli, sample):
    path = sample("zebra")
    # Before any forget: the memory is there, found by its id and by its text.
    result = cli("verify", "zebra-secret", "--content", SECRET_TEXT, "--json", db=path)
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    dirty = {r["layer"] for r in json.loads(result.stdout)["layers"] if not r["clean"]}
    assert "memories" in dirty
    assert cli("forget", "zebra-secret", "--yes", db=path).exit_code == 0
    after = cli("verify", "zebra-secret", "--content", SECRET_TEXT, db=path)
    assert after.exit_code == 0, after.stdout
    assert "looking for the id and the text" in after.stdout


def test_verify_modes_that_do_not_combine(cli, sample):
    path = sample("zebra")
    for args in (["--all", "zebra-secret"], ["--all", "--content", "x"], []):
        result = cli("verify", *args, db=path)
        assert result.exit_code == ExitCode.USAGE, args
    empty = cli("verify", "  ", db=path)
    assert empty.exit_code == ExitCode.ERROR and "the memory id is empty" in empty.stderr
