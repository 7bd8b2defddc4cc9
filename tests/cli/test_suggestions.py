"""Every "next command" memaudit prints runs as printed (issue 22).

The suggestions are collected from what users see: `audit` on every sample store, `trace`
on every memory of every sample store, and the errors that name a command. Each runs on
a fresh copy of its store. A command that asks a person first (`forget` without --yes,
the review screen) stops with its documented "needs a terminal" answer here, and its
scripted form (`--yes`, `--list`) then runs."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLES

NOW = "2026-11-30T12:00:00Z"
# "memaudit X ...", up to "(then: ...", "(or: ...", " / ", "then:" or the end.
COMMAND = re.compile(r"`?memaudit\s+(.*?)`?(?=\s*(?:\(|\)|\s/\s|\bthen(?: check)?:|;|`|$))")


def commands_in(text: str) -> list[str]:
    return [m.group(1).strip() for m in COMMAND.finditer(text) if m.group(1).strip()]


def test_commands_in_reads_every_form() -> None:
    assert commands_in("memaudit trace a  (then: memaudit forget a)") == ["trace a", "forget a"]
    assert commands_in("memaudit review  (or: memaudit approve q / memaudit reject q -r R)") == [
        "review",
        "approve q",
        "reject q -r R",
    ]
    assert commands_in('memaudit trace q --up   then: memaudit reject q --reason "x y"') == [
        "trace q --up",
        'reject q --reason "x y"',
    ]
    assert commands_in("use `memaudit review --list` in scripts") == ["review --list"]


def _collect(cli: Any) -> list[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for db in sorted(SAMPLES.glob("*.db")):
        audit = cli("--now", NOW, "audit", "--json", "--limit", "0", db=db)
        assert audit.exit_code in (0, 4), audit.output
        data = json.loads(audit.stdout)
        for finding in data["findings"] if isinstance(data, dict) else data:
            found.update((db.name, c) for c in commands_in(finding["suggestion"]))
        listed = json.loads(cli("ls", "--json", "--limit", "0", db=db).stdout)
        for memory in listed:
            trace = cli("--now", NOW, "trace", memory["id"], "--json", db=db)
            assert trace.exit_code == 0, trace.output
            for finding in json.loads(trace.stdout).get("findings", []):
                found.update((db.name, c) for c in commands_in(finding["suggestion"]))
    return sorted(found)


def test_every_suggested_command_runs_as_printed(cli: Any, tmp_path: Path) -> None:
    suggestions = _collect(cli)
    assert len(suggestions) > 30  # every sample's audit and trace were read
    verbs = {shlex.split(c)[0] for _, c in suggestions}
    assert {"trace", "show", "log", "resolve", "forget", "link", "review", "decay"} <= verbs
    failures = []
    for n, (store, command) in enumerate(suggestions):
        copy = tmp_path / f"{n}-{store}"
        shutil.copyfile(SAMPLES / store, copy)
        argv = shlex.split(command)
        result = cli("--now", NOW, *argv, db=copy)
        if argv[0] == "forget" and "--yes" not in argv:
            # it asks first; with no terminal it refuses, saying how to go on
            ok = result.exit_code == 8 and "pass --yes" in result.output
            result = cli("--now", NOW, *argv, "--yes", db=copy) if ok else result
        elif argv == ["review"]:
            ok = result.exit_code == 2 and "`memaudit review --list`" in result.output
            result = cli("--now", NOW, "review", "--list", db=copy) if ok else result
        if result.exit_code not in (0, 3):  # 3: a forget that found residue to report
            failures.append((store, command, result.exit_code, result.output[-300:]))
    assert not failures


@pytest.mark.parametrize(
    ("args", "expected_exit"),
    [
        (["review"], 2),  # no terminal: names `memaudit review --list`
        (["resolve", "stg-00", "--supersedes", "prod-08"], 0),  # validates the existing one
    ],
)
def test_commands_named_by_errors_run(
    cli: Any, sample: Any, args: list[str], expected_exit: int
) -> None:
    db = sample("contradiction_collapse")
    first = cli("--now", NOW, *args, db=db)
    assert first.exit_code == expected_exit, first.output
    for command in commands_in(first.output):
        follow = cli("--now", NOW, *shlex.split(command), db=db)
        assert follow.exit_code == 0, (command, follow.output)


def test_a_decision_taken_by_another_memory_names_the_undo_that_runs(cli: Any, sample: Any) -> None:
    db = sample("contradiction_collapse")
    refused = cli("resolve", "stg-01", "--supersedes", "prod-00", db=db)
    assert refused.exit_code == 1
    (undo,) = commands_in(refused.output)
    assert undo == "resolve --undo prod-00"
    assert cli(*shlex.split(undo), db=db).exit_code == 0
    again = cli("resolve", "stg-01", "--supersedes", "prod-00", db=db)
    assert again.exit_code == 0, again.output
