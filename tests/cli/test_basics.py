"""CLI basics against a new ledger and the sample stores, and every bad input."""

import json
import re
from pathlib import Path

import pytest

from memaudit.sqlite_driver import sqlite3
from tests.conftest import SAMPLES, Cli, file_bytes


def registered_commands() -> list[tuple[str, ...]]:
    """Every command the CLI registers (a group's subcommands by their full path), read
    from the app itself — so a new command is covered without editing this file."""
    import typer.main

    from memaudit.cli import app

    def walk(command, path: tuple[str, ...]):
        subs = getattr(command, "commands", None)
        if not subs:
            yield path
            return
        for name, sub in sorted(subs.items()):
            if not sub.hidden:
                yield from walk(sub, (*path, name))

    return list(walk(typer.main.get_command(app), ()))


COMMANDS = registered_commands()


def readme_command_cells() -> list[str]:
    """The first cell of each row of README's command reference table."""
    text = (Path(__file__).parents[2] / "README.md").read_text()
    section = text.split("## Command reference", 1)[1].split("\n## ", 1)[0]
    return [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]


def test_every_command_is_registered_and_listed(cli: Cli) -> None:
    assert len(COMMANDS) >= 30 and ("forget",) in COMMANDS and ("probe", "run") in COMMANDS
    top = cli("--help")
    assert top.exit_code == 0
    assert all(path[0] in top.stdout for path in COMMANDS)


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_help_for_every_command_teaches(cli: Cli, path: tuple[str, ...]) -> None:
    """Every registered command has help of its own and a row in README's table."""
    sub = cli(*path, "--help")
    assert sub.exit_code == 0 and len(sub.stdout) > 100, path
    words = " ".join(path)
    pattern = re.compile(rf"`(memaudit )?{re.escape(words)}[ `]")
    assert any(pattern.search(cell) for cell in readme_command_cells()), (
        f"README's command reference has no row for `memaudit {words}`"
    )


@pytest.mark.parametrize(
    ("command", "examples"),
    [
        ("decay", ["memaudit decay --now 2026-11-02 --dry-run", "memaudit --db ~/agent.db decay"]),
        ("verify", ["memaudit verify --all", 'memaudit verify --content "ZEBRA-7731-QUOKKA"']),
        ("questions", ["memaudit questions --db team.db", "memaudit questions --config"]),
    ],
)
def test_help_examples_are_one_per_line(cli: Cli, command: str, examples: list[str]) -> None:
    """Rich markdown help joins a paragraph's lines: a list of examples must stay a list."""
    result = cli(command, "--help", env={"COLUMNS": "120"})
    assert result.exit_code == 0
    lines = [line.strip(" •│") for line in result.stdout.splitlines()]
    for example in examples:
        assert any(line.startswith(example) for line in lines), (example, result.stdout)


def test_full_round_trip_on_a_new_ledger(cli: Cli, tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    assert cli("init", db).exit_code == 0
    out = cli("stage", "I usually use PostgreSQL.", "-t", "user_statement", "--json", db=db)
    first = json.loads(out.stdout)[0]
    assert first["status"] == "pending"

    refused = cli("stage", "User prefers PostgreSQL.", "-t", "inference", db=db)
    assert refused.exit_code == 8 and "transient" in refused.stderr
    assert len(json.loads(cli("ls", "--json", db=db).stdout)) == 1

    promoted = json.loads(
        cli(
            "stage",
            "User prefers PostgreSQL.",
            "-t",
            "inference",
            "--promote",
            "-d",
            first["id"],
            "--json",
            db=db,
        ).stdout
    )[0]
    assert promoted["status"] == "pending" and promoted["derived"] is True

    assert cli("approve", first["id"], db=db).exit_code == 0
    rej = cli("reject", promoted["id"], "--reason", "an inference, not a fact", db=db)
    assert rej.exit_code == 0

    listed = json.loads(cli("ls", "--json", db=db).stdout)
    assert [(m["id"], m["status"]) for m in listed] == [(first["id"], "active")]
    shown = json.loads(cli("show", first["id"], "--json", db=db).stdout)
    assert shown["trust_tier"] == "T1"
    actions = [e["action"] for e in json.loads(cli("log", "--json", db=db).stdout)]
    assert actions == ["init", "stage", "stage", "approve", "reject"]
    stats = json.loads(cli("stats", "--json", db=db).stdout)
    assert stats["by_status"] == {"active": 1} and stats["totals"]["tombstones"] == 1
    policy = json.loads(cli("policy", "--json", db=db).stdout)
    assert {p["key"]: p["value"] for p in policy}["route.inference"] == "transient"
    assert cli("policy", "set", "stale_pending_days", "3", db=db).exit_code == 0
    policy = json.loads(cli("policy", "--json", db=db).stdout)
    assert {p["key"]: p["value"] for p in policy}["stale_pending_days"] == 3.0


def test_jsonl_and_csv_listings(cli: Cli, sample) -> None:
    db = sample("pending_queue")
    lines = cli("ls", "--jsonl", "--status", "pending", db=db).stdout.splitlines()
    assert len(lines) == 11 and all(json.loads(line)["status"] == "pending" for line in lines)
    csv_out = cli("ls", "--csv", "--tier", "T5", db=db).stdout.splitlines()
    assert csv_out[0].startswith("id,") and len(csv_out) == 1 + 3


@pytest.mark.parametrize("name", sorted(p.stem for p in SAMPLES.glob("*.db")))
def test_read_commands_on_every_sample(cli: Cli, sample, name: str) -> None:
    db = sample(name)
    before = file_bytes(db)
    listed = json.loads(cli("ls", "--json", "--limit", "0", db=db).stdout)
    assert listed
    assert cli("show", listed[0]["id"], db=db).exit_code == 0
    assert json.loads(cli("show", listed[0]["id"], "--json", db=db).stdout)["id"] == listed[0]["id"]
    assert json.loads(cli("stats", "--json", db=db).stdout)["totals"]["memories"] == len(listed)
    assert json.loads(cli("log", "--json", db=db).stdout)
    assert cli("ls", db=db).exit_code == 0 and cli("log", db=db).exit_code == 0
    assert file_bytes(db) == before  # reading never changes a store


def test_approve_reject_on_the_sample_queue(cli: Cli, sample) -> None:
    db = sample("pending_queue")
    assert cli("approve", "q-user", "q-tool", db=db).exit_code == 0
    assert cli("reject", "q-assistant", "--reason", "assistant guess", db=db).exit_code == 0
    pending = {
        m["id"] for m in json.loads(cli("ls", "--json", "--status", "pending", db=db).stdout)
    }
    assert {"q-user", "q-tool", "q-assistant"}.isdisjoint(pending) and len(pending) == 8
    log = json.loads(cli("log", "--json", "--memory", "q-assistant", db=db).stdout)
    assert (
        log[-1]["action"] == "reject"
        and log[-1]["reason"] == "assistant guess"
        and log[-1]["actor"] == "tester"
    )


def test_versioned_approve_refuses_changed_item(cli: Cli, sample) -> None:
    db = sample("pending_queue")
    assert (
        cli("edit", "q-user@1", "The user is allergic to peanuts and shellfish.", db=db).exit_code
        == 0
    )
    stale = cli("approve", "q-user@1", db=db)
    assert stale.exit_code == 7 and "changed since it was read" in stale.stderr
    assert cli("approve", "q-user@2", db=db).exit_code == 0


def test_adapters_lists_native(cli: Cli) -> None:
    data = json.loads(cli("adapters", "--json").stdout)
    native = next(a for a in data["adapters"] if a["name"] == "native")
    assert "queue" in native["capabilities"] and "forget" in native["capabilities"]
    assert "native" in cli("adapters").stdout


def test_store_from_environment(cli: Cli, sample, monkeypatch) -> None:
    monkeypatch.setenv("MEMAUDIT_DB", str(sample("cache_loop")))
    assert len(json.loads(cli("ls", "--json").stdout)) == 5


# -- bad input: one line on stderr, a documented exit code, the store unchanged -------


def one_error_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def test_missing_path_creates_nothing(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "nope.db"
    result = cli("ls", db=missing)
    assert result.exit_code == 1 and "no such file" in one_error_line(result)
    result = cli("stage", "x", "-t", "user_statement", db=missing)
    assert result.exit_code == 1 and not missing.exists()


def test_not_sqlite(cli: Cli, tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database\n" * 10)
    before = junk.read_bytes()
    result = cli("ls", db=junk)
    assert result.exit_code == 1 and "not a memory store I know" in one_error_line(result)
    assert junk.read_bytes() == before


def test_sqlite_but_not_a_store(cli: Cli, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE recipes(name TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    result = cli("ls", db=other)
    assert result.exit_code == 1 and "not a memory store I know" in one_error_line(result)
    forced = cli("ls", "--adapter", "native", db=other)
    assert forced.exit_code == 1 and "not a memaudit ledger" in one_error_line(forced)
    assert other.read_bytes() == before


def test_locked_store(cli: Cli, sample, monkeypatch) -> None:
    db = sample("pending_queue")
    monkeypatch.setenv("MEMAUDIT_BUSY_TIMEOUT", "0.2")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = cli("approve", "q-user", db=db)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 5 and "locked by another writer" in one_error_line(result)
    assert json.loads(cli("show", "q-user", "--json", db=db).stdout)["status"] == "pending"


def test_malformed_jsonl_names_the_line_and_stages_nothing(cli: Cli, ledger_path: Path) -> None:
    before = file_bytes(ledger_path)
    batch = '{"content": "ok", "source_type": "user_statement"}\n{"content": "broken",\n'
    result = cli("stage", input=batch, db=ledger_path)
    assert result.exit_code == 1 and "line 2: invalid JSON" in one_error_line(result)
    bad_type = '{"content": "ok", "source_type": "user_statement"}\n{"content": 5, "source_type": "user_statement"}\n'
    result = cli("stage", input=bad_type, db=ledger_path)
    assert "line 2" in one_error_line(result) and "nothing staged" in result.stderr
    bad_utf8 = b'{"content": "ok", "source_type": "user_statement"}\n{"content": "\xff\xfe"}\n'
    result = cli("stage", input=bad_utf8, db=ledger_path)
    assert "line 2: not valid UTF-8" in one_error_line(result)
    assert file_bytes(ledger_path) == before


def test_batch_from_stdin_is_all_or_nothing(cli: Cli, ledger_path: Path) -> None:
    good = "\n".join(
        json.dumps({"content": f"Fact number {i}.", "source_type": "user_statement"})
        for i in range(3)
    )
    result = cli("stage", "--json", input=good, db=ledger_path)
    assert result.exit_code == 0 and len(json.loads(result.stdout)) == 3
    before = file_bytes(ledger_path)
    mixed = good + "\n" + json.dumps({"content": "A guess.", "source_type": "inference"})
    result = cli("stage", input=mixed, db=ledger_path)
    assert result.exit_code == 8 and "item 4" in one_error_line(result)
    assert file_bytes(ledger_path) == before


def test_content_over_the_limit(cli: Cli, ledger_path: Path) -> None:
    before = file_bytes(ledger_path)
    result = cli("stage", "x" * 20000, "-t", "user_statement", db=ledger_path)
    assert result.exit_code == 1 and "the limit is 16000" in one_error_line(result)
    assert file_bytes(ledger_path) == before


def test_unknown_source_type_lists_valid_ones(cli: Cli, ledger_path: Path) -> None:
    before = file_bytes(ledger_path)
    result = cli("stage", "x", "-t", "hunch", db=ledger_path)
    line = one_error_line(result)
    assert (
        result.exit_code == 1 and "unknown source type 'hunch'" in line and "user_statement" in line
    )
    assert file_bytes(ledger_path) == before


def test_unknown_id(cli: Cli, sample) -> None:
    db = sample("pending_queue")
    before = file_bytes(db)
    for args in (("show", "m_nope"), ("approve", "m_nope"), ("reject", "m_nope", "--reason", "x")):
        result = cli(*args, db=db)
        assert result.exit_code == 1 and "no memory with id 'm_nope'" in one_error_line(result)
    assert file_bytes(db) == before


def test_no_store_given_is_a_usage_error(cli: Cli) -> None:
    result = cli("ls")
    assert result.exit_code == 2 and "--db" in one_error_line(result)


def test_init_never_overwrites(cli: Cli, sample) -> None:
    db = sample("zebra")
    before = file_bytes(db)
    result = cli("init", db)
    assert result.exit_code == 1 and "already exists" in one_error_line(result)
    assert file_bytes(db) == before


def test_control_characters_never_reach_the_terminal(cli: Cli, ledger_path: Path) -> None:
    evil = "Title change \x1b]0;pwned\x07 and colour \x1b[31mred"
    staged = json.loads(
        cli("stage", evil, "-t", "user_statement", "--json", db=ledger_path).stdout
    )[0]
    for args in (("ls",), ("show", staged["id"])):
        out = cli(*args, db=ledger_path).stdout
        assert "\x1b" not in out and "⟨ESC⟩" in out
