"""Every ``--json`` / ``--jsonl`` output over hostile stores: the same data, with every
control, bidi and invisible character written as a ``\\uXXXX`` escape
(``textsafety.json_text``, behind ``emit_json`` / ``emit_jsonl``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
import typer

from memaudit.cli import app
from memaudit.forget.quoting import _json_strings as json_strings
from memaudit.textsafety import json_text
from tests.hostile import corpus_output as corpus
from tests.hostile.output_checks import hidden_text

LG_PREF = "users.alice.memories/pref-concise"
MEM0_PREF = "eb601dcc-5332-4cb0-8507-474711ddd74e"

# (store, argv): read-only commands; the writing ones run in order on one copy below.
READS = [
    ("native", ["ls", "--json"]),
    ("native", ["ls", "--jsonl"]),
    ("langgraph", ["ls", "--jsonl"]),
    ("hermes", ["ls", "--json"]),
    ("native", ["show", corpus.PARENT_ID, "--json"]),
    ("langgraph", ["show", LG_PREF, "--json"]),
    ("mem0", ["show", MEM0_PREF, "--json"]),
    ("hermes", ["show", corpus.HERMES_IDS[0], "--json"]),
    ("native", ["log", "--json"]),
    ("mem0", ["log", "--jsonl"]),
    ("native", ["stats", "--json"]),
    ("native", ["audit", "--json"]),
    ("langgraph", ["audit", "--json"]),
    ("native", ["questions", "--json"]),
    ("native", ["conflicts", "--json"]),
    ("native", ["trace", "h-child", "--json"]),
    ("native", ["trace", corpus.PARENT_ID, "--format", "json"]),
    ("native", ["forget", corpus.PARENT_ID, "--dry-run", "--json"]),
    ("native", ["verify", "--content", "deploy key", "--json"]),
    ("langgraph", ["verify", "--content", "deploy key", "--json"]),
    ("native", ["review", "--list", "--json"]),
    ("hermes", ["review", "--list", "--json"]),
    ("native", ["decay", "--dry-run", "--json"]),
    ("native", ["adapters", "--json"]),
    ("native", ["migrate", "--dry-run", "--json"]),
]
WRITES = [
    ["approve", corpus.ESC_ID, "--json"],
    # The reason has its own hostile bytes: one repeating the item's (its attack's
    # markers and numbers) is refused by the reason check (memaudit.reasons), exit 8.
    ["reject", corpus.MARKUP_ID, "--reason", "spam \x1b]0;why\x07 \u202ewhy\u202c", "--json"],
    ["edit", "h-source", "The cache is flaky " + corpus.attack("edit"), "--json"],
    ["approve", "h-source", "--json"],
    ["access", corpus.PARENT_ID, "--json"],
    ["resolve", corpus.PARENT_ID, "h-source", "--keep-both", "--reason", "both", "--json"],
    ["stage", "Staged " + corpus.attack("staged"), "-t", "user_statement", "--json"],
    ["import", "server-memory", str(corpus.OUTPUT / "server_memory" / "memory.jsonl"), "--json"],
    # (a reason quoting the memory's hostile text would be refused: the reject rule)
    ["dismiss", corpus.REQUEST_ID, "--reason", "keep \x1b[31mit\x1b[0m [bold]x[/]", "--json"],
]


def json_commands() -> set[str]:
    """Every command (or subcommand) that can print JSON, from the CLI itself."""

    def walk(cmd: click.Command, path: list[str]) -> Iterator[str]:
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                yield from walk(sub, [*path, name])
        elif any(
            opt in ("--json", "--jsonl") for p in cmd.params for opt in getattr(p, "opts", [])
        ):
            yield " ".join(path)

    return set(walk(typer.main.get_command(app), []))


# Guided probes, in order, on the hostile Hermes home (records go to $MEMAUDIT_HOME).
PROBES = [
    ["probe", "start", "--json"],
    ["probe", "check", "--json"],
    ["probe", "history", "--json"],
]
# `probe run` drives a provider's own venv (none here); it prints through emit_json too.
NOT_RUN = {"probe run"}
# A receipt of a hostile store (its layer names, places and paths), then checking it.
RECEIPTS = [["receipt", "key", "--json"], ["receipt", "verify", "RECEIPT", "--json"]]


def test_every_json_command_is_run_on_a_hostile_store() -> None:
    runs = [argv for _, argv in READS] + WRITES + PROBES + RECEIPTS + [["init"]]
    covered = {" ".join(argv[:n]) for argv in runs for n in (1, 2)} | NOT_RUN
    assert json_commands() <= covered, json_commands() - covered


def _parsed(out: str, argv: list[str]) -> Any:
    if "--jsonl" in argv:
        return [json.loads(line) for line in out.splitlines()]
    return json.loads(out)


@pytest.mark.parametrize(
    ("store", "argv"), READS, ids=[f"{s}-{a[0]}-{n}" for n, (s, a) in enumerate(READS)]
)
def test_json_of_read_commands(store: str, argv: list[str], tmp_path: Path, cli) -> None:
    db = corpus.copy_store(store, tmp_path)
    r = cli(*argv, db=db)
    assert r.exit_code in (0, 3, 4), (r.exit_code, r.stderr)
    assert hidden_text(r.stdout) == [], argv
    _parsed(r.stdout, argv)


def test_json_keeps_the_data(tmp_path: Path, cli) -> None:
    """Escaped, not altered: a script decoding the JSON gets the store's bytes back."""
    checks = [
        ("native", ["ls", "--json"], corpus.ESC_ID),
        ("native", ["log", "--json"], corpus.ACTOR),
        ("langgraph", ["show", LG_PREF, "--json"], corpus.LANGGRAPH_KEYS[1]),
        ("mem0", ["log", "--jsonl"], corpus.MEM0_EVENT.lower()),  # mem0 events, lowercased
        ("hermes", ["review", "--list", "--json"], corpus.HERMES_IDS[0]),
    ]
    for n, (store, argv, expected) in enumerate(checks):
        db = corpus.copy_store(store, tmp_path / str(n))
        r = cli(*argv, db=db)
        assert r.exit_code == 0, (argv, r.stderr)
        strings = set(json_strings(_parsed(r.stdout, argv)))
        assert any(expected in s for s in strings), argv
        assert "\\u001b]52;c;" in r.stdout  # as an escape, in the text itself


def test_json_of_writing_commands(tmp_path: Path, cli) -> None:
    db = corpus.copy_store("native", tmp_path)
    for argv in WRITES:
        r = cli(*argv, db=db)
        assert r.exit_code == 0, (argv, r.stdout, r.stderr)
        assert hidden_text(r.stdout + r.stderr) == [], argv
        _parsed(r.stdout, argv)
    ids = [m["id"] for m in json.loads(cli("ls", "--json", db=db).stdout)]
    assert corpus.ESC_ID in ids
    folder = tmp_path / ("new" + corpus.attack("init", short=True))
    folder.mkdir()
    r = cli("init", str(folder / "ledger.db"), "--json")
    assert r.exit_code == 0, r.stderr
    assert hidden_text(r.stdout) == []
    assert json.loads(r.stdout)["created"] == str(folder / "ledger.db")


def test_receipts_of_a_hostile_store(tmp_path: Path, cli) -> None:
    """The receipt's strings come from the store (layer names, places, file names):
    escaped in the file and in every output of `receipt verify`, text or JSON."""
    db = corpus.copy_store("langgraph", tmp_path)
    out = tmp_path / "r.json"
    r = cli("verify", "--content", "deploy key", "--receipt", str(out), db=db)
    assert r.exit_code in (0, 3, 10), r.stderr
    assert hidden_text(out.read_text()) == []
    for argv in RECEIPTS:
        r = cli(*[str(out) if a == "RECEIPT" else a for a in argv])
        assert r.exit_code in (0, 7, 10), (argv, r.stderr)
        assert hidden_text(r.stdout + r.stderr) == [], argv
        _parsed(r.stdout, argv)
    shown = cli("receipt", "verify", str(out))
    assert hidden_text(shown.stdout + shown.stderr) == []


def test_json_of_guided_probes(tmp_path: Path, cli) -> None:
    db = corpus.copy_store("hermes", tmp_path)
    for argv in PROBES:
        r = cli(*argv, db=db)
        assert r.exit_code in (0, 4), (argv, r.stderr)
        assert hidden_text(r.stdout) == [], argv
        _parsed(r.stdout, argv)


def test_json_text_escapes_every_hidden_character_and_nothing_else() -> None:
    hostile = {
        "c0\x01\x1b": "c1\x85\x9b\x9d",
        "bidi": "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",
        "invisible": "\u200b\u200c\u200d\u2060\ufeff\u00ad\U000e0041",
        "separators": "\u2028\u2029",
        "lone surrogate": "\ud800",
        "plain": "Grüße, 東京, emoji 😀, tab\tand newline\n",
    }
    for indent in (None, 2):
        out = json_text(hostile, indent=indent)
        assert json.loads(out) == hostile
        assert hidden_text(out) == []
        assert "Grüße, 東京, emoji 😀" in out  # readable text stays readable
        assert "\\u202e" in out and "\\u009b" in out and "\\udb40\\udc41" in out
