"""The conventions of git, sqlite-utils and llm (issue 22): global options anywhere, one
meaning per short option, usage errors exit 2, Ctrl-C exits 130 leaving the store as
it was, --version, shell completion, help without internal metavars."""

from __future__ import annotations

import importlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer._click import Context

from memaudit import __version__
from memaudit.cli.app import COMMANDS, GLOBAL_OPTIONS, app
from tests.conftest import ROOT


def _root() -> Any:
    return typer.main.get_command(app)


def _every_command() -> list[tuple[str, Any]]:
    """(path, click command) for every command and subcommand, loaded as a user runs it."""
    root = _root()
    ctx = Context(root)
    out: list[tuple[str, Any]] = []

    def walk(cmd: Any, path: str) -> None:
        out.append((path, cmd))
        for name in cmd.list_commands(ctx) if hasattr(cmd, "list_commands") else []:
            walk(cmd.get_command(ctx, name), f"{path} {name}".strip())

    walk(root, "")
    return out


def _events(db: Path) -> list[tuple[str, str, str | None]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT action, memory_id, actor FROM events ORDER BY id").fetchall()


# -- lazily loaded commands ---------------------------------------------------------


def test_every_registered_command_is_in_the_lazy_table() -> None:
    """COMMANDS must name every command a module registers, or it would be unreachable."""
    for module in set(COMMANDS.values()):
        importlib.import_module(f"memaudit.cli.{module}")
    registered = {c.name or c.callback.__name__ for c in app.registered_commands if c.callback}
    registered |= {g.name for g in app.registered_groups if g.name}
    assert registered == set(COMMANDS)


def test_ls_does_not_import_other_commands_or_the_audit_engine(sample: Any) -> None:
    db = sample("cache_loop")
    code = (
        "import sys\n"
        "from memaudit.cli import main\n"
        f"sys.argv = ['memaudit', '--db', {str(db)!r}, 'ls']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('memaudit.', 'sqlite_utils'))),"
        " file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    loaded = done.stderr.strip().splitlines()[-1]
    assert "memaudit.cli.store_cmds" in loaded
    assert done.stdout.count("\n") > 3  # it did list the memories
    for heavy in (
        "memaudit.audit",
        "memaudit.cli.audit_cmds",
        "memaudit.injection",
        "memaudit.forget'",
        "sqlite_utils",  # reading a ledger needs no migration machinery (cold start)
        "memaudit.ledger.schema",
    ):
        assert heavy not in loaded, heavy


# -- global options before or after the command -------------------------------------


def test_global_options_after_the_command(cli: Any, ledger_path: Path) -> None:
    staged = cli("stage", "The user likes tea.", "-t", "user_statement", "--json", db=ledger_path)
    mid = json.loads(staged.stdout)[0]["id"]
    done = cli("approve", mid, "--actor", "alice", "--db", str(ledger_path))
    assert done.exit_code == 0, done.output
    assert _events(ledger_path)[-1] == ("approve", mid, "alice")
    # --now and --debug after the command too; `=` form as well
    shown = cli("show", mid, "--now=2027-01-01T00:00:00Z", "--debug", db=ledger_path)
    assert shown.exit_code == 0, shown.output


def test_global_option_before_the_command_still_works(cli: Any, ledger_path: Path) -> None:
    staged = cli(
        "--actor",
        "bob",
        "stage",
        "The user likes tea.",
        "-t",
        "user_statement",
        "--json",
        db=ledger_path,
    )
    assert staged.exit_code == 0
    assert _events(ledger_path)[-1][2] == "bob"


def test_a_command_keeps_its_own_option_of_the_same_name(cli: Any, sample: Any) -> None:
    """`decay --now` is decay's own option; an option's value that looks like a global
    option (`--reason --actor`) is that option's value, not a global."""
    db = sample("stale_lockin")
    plan = cli("decay", "--dry-run", "--json", "--now", "2030-01-01T00:00:00Z", db=db)
    assert plan.exit_code == 0, plan.output
    assert json.loads(plan.stdout)["now"].startswith("2030-01-01")


def test_value_that_looks_like_a_global_option_is_not_moved(cli: Any, ledger_path: Path) -> None:
    staged = cli(
        "stage",
        "The user likes tea.",
        "-t",
        "user_statement",
        "--summary",
        "--actor",
        "--json",
        db=ledger_path,
    )
    assert staged.exit_code == 0, staged.output
    mid = json.loads(staged.stdout)[0]["id"]
    with sqlite3.connect(ledger_path) as conn:
        assert conn.execute("SELECT summary FROM memories WHERE id = ?", (mid,)).fetchone() == (
            "--actor",
        )
    assert _events(ledger_path)[-1][2] == "tester"


# -- one letter, one meaning --------------------------------------------------------


def test_each_short_option_means_one_thing_in_every_command() -> None:
    meaning: dict[str, set[str]] = defaultdict(set)
    for _path, cmd in _every_command():
        for p in cmd.params:
            longs = [o for o in p.opts + p.secondary_opts if o.startswith("--")]
            for o in p.opts + p.secondary_opts:
                if o.startswith("-") and not o.startswith("--"):
                    meaning[o].add(longs[0] if longs else p.name)
    clashes = {k: v for k, v in meaning.items() if len(v) > 1}
    assert not clashes
    assert meaning["-t"] == {"--source-type"}


def test_t_is_the_source_type_in_ls_review_and_stage(cli: Any, sample: Any) -> None:
    db = sample("cache_loop")
    out = cli("ls", "-t", "tool_observation", "--json", db=db)
    assert out.exit_code == 0, out.output
    assert {m["source_type"] for m in json.loads(out.stdout)} == {"tool_observation"}


# -- usage errors exit 2 ------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["ls", "--status", "pendng"],
        ["ls", "--tier", "T9"],
        ["ls", "-t", "hunch"],
        ["review", "--list", "--tier", "T0"],
        ["stage", "x", "-t", "hunch"],
        ["stage", "x", "-t", "user_statement", "--relation", "sumarizes", "-d", "a"],
        ["link", "a", "b", "--relation", "nope"],
        ["audit", "--fail-on", "severe"],
        ["resolve", "a", "b", "--keep-both"],
        ["resolve", "a", "b", "--keep-both", "--reason", "  "],
        ["resolve", "a"],
        ["ls", "--json", "--csv"],
        ["ls", "--limit", "x"],
        ["nosuchcommand"],
    ],
)
def test_usage_errors_exit_2(cli: Any, sample: Any, args: list[str]) -> None:
    db = sample("cache_loop")
    before = db.read_bytes()
    result = cli(*args, db=db)
    assert result.exit_code == 2, (args, result.output)
    assert "Traceback" not in result.output
    assert db.read_bytes() == before


def test_ctrl_c_exits_130_with_one_line_and_leaves_the_store_as_it_was(
    tmp_path: Path, ledger_path: Path
) -> None:
    """A real process, a real SIGINT, delivered inside a write transaction (held open at
    the point just before COMMIT by MEMAUDIT_FAULT=pause:commit)."""
    ready = tmp_path / "ready"
    env = {
        **os.environ,
        "MEMAUDIT_FAULT": "pause:commit",
        "MEMAUDIT_FAULT_READY": str(ready),
        "MEMAUDIT_NOW": "2026-11-30T12:00:00Z",
    }
    batch = "".join(
        json.dumps({"content": f"The user likes tea number {i}.", "source_type": "user_statement"})
        + "\n"
        for i in range(20)
    )

    def dump() -> list[Any]:
        with sqlite3.connect(ledger_path) as conn:
            return [
                conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                for t in ("memories", "events", "edges", "tombstones", "memaudit_meta")
            ]

    before = dump()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memaudit", "--db", str(ledger_path), "stage", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
        text=True,
        # As at a terminal: a shell starts a background job (`make test &` in a script)
        # with SIGINT ignored, and Python then keeps ignoring it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdin is not None
    proc.stdin.write(batch)
    proc.stdin.close()
    deadline = time.monotonic() + 60
    while not ready.exists():
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""  # noqa: PT018
        assert time.monotonic() < deadline, "the write never reached its commit"
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert proc.returncode == 130
    assert err.strip().splitlines() == ["Error: interrupted; an unfinished write was rolled back"]
    assert dump() == before
    with sqlite3.connect(ledger_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


# -- --version, completion, help ----------------------------------------------------


def test_version(cli: Any) -> None:
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"memaudit {__version__}"


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_a_script_that_completes(cli: Any, shell: str) -> None:
    result = cli("--show-completion", shell)
    assert result.exit_code == 0, result.output
    assert "_MEMAUDIT_COMPLETE" in result.stdout
    assert "not supported" not in result.output


def test_completion_protocol_answers_with_commands_and_choices(tmp_path: Path) -> None:
    """What the bash script runs on <TAB>: the completion variable set, the words so far."""
    env = {
        **os.environ,
        "_MEMAUDIT_COMPLETE": "complete_bash",
        "COMP_WORDS": "memaudit re",
        "COMP_CWORD": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "memaudit"], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert {"review", "reject", "resolve"} <= set(words)
    env["COMP_WORDS"], env["COMP_CWORD"] = "memaudit --show-completion ", "2"
    done = subprocess.run(
        [sys.executable, "-m", "memaudit"], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert set(done.stdout.split()) >= {"bash", "zsh", "fish"}


def test_install_completion_writes_the_shell_start_up_file(cli: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    result = cli("--install-completion", "bash", env={"HOME": str(home)})
    assert result.exit_code == 0, result.output
    assert "_MEMAUDIT_COMPLETE" in (home / ".bash_completions" / "memaudit.sh").read_text()
    assert "memaudit.sh" in (home / ".bashrc").read_text()


INTERNAL = ("<bool>", "<str>", "<int>", "<float>", "<list", "list[", "{", "<Path>", "<path>")


@pytest.mark.parametrize("path", [p for p, _ in _every_command()])
def test_help_has_no_internal_metavars(cli: Any, path: str) -> None:
    result = cli(*path.split(), "--help")
    assert result.exit_code == 0, result.output
    for bad in INTERNAL:
        assert bad not in result.stdout, (path, bad)


def test_global_options_are_the_documented_ones() -> None:
    root = _root()
    names = {o for p in root.params for o in p.opts}
    assert set(GLOBAL_OPTIONS) <= names
