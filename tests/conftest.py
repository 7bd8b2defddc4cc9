"""Shared fixtures: real ledgers in tmp_path, copies of the sample stores, the CLI."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import typer.main
import typer.testing
from typer.testing import CliRunner

from memaudit.cli import app
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_dbs"
NOW = "2026-11-30T12:00:00Z"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's own store, actor or data directory."""
    for var in ("MEMAUDIT_DB", "MEMAUDIT_NOW", "MEMAUDIT_DEBUG", "MEMAUDIT_BUSY_TIMEOUT"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("MEMAUDIT_ACTOR", "tester")
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "memaudit-home"))
    # Each test's judgements kept in its own folder: none comes from another test.
    monkeypatch.setenv("MEMAUDIT_CACHE_DIR", str(tmp_path / "memaudit-cache"))
    monkeypatch.setenv("COLUMNS", "120")


@pytest.fixture(scope="session", autouse=True)
def _click_command_built_once() -> Iterator[None]:
    """typer's ``CliRunner.invoke`` converts the app to a click command on every call,
    and once the command modules are imported that means reading all their signatures
    again (~80 ms a call, most of the CLI tests' time). A real process converts it once
    (commands then load lazily into the group); the test session does the same."""
    convert = typer.testing._get_command
    built = convert(app)

    def once(typer_app: typer.Typer) -> object:
        return built if typer_app is app else convert(typer_app)

    typer.testing._get_command = once  # type: ignore[assignment]
    yield
    typer.testing._get_command = convert


@pytest.fixture(scope="session")
def _empty_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new ledger made once a session, as ``ledger_path`` would make it (init takes
    tens of milliseconds: every migration runs)."""
    path = tmp_path_factory.mktemp("template") / "ledger.db"
    Ledger.init(path, clock=fixed_clock(NOW), actor="tester").close()
    return path


@pytest.fixture
def ledger_path(tmp_path: Path, _empty_ledger: Path) -> Path:
    """A new, empty ledger in tmp_path: a copy of the session's (same bytes, same
    owner-only mode as ``Ledger.init`` gives)."""
    path = tmp_path / "ledger.db"
    shutil.copy(_empty_ledger, path)
    return path


@pytest.fixture
def ledger(ledger_path: Path) -> Iterator[Ledger]:
    with Ledger.open(ledger_path, readonly=False, clock=fixed_clock(NOW)) as led:
        yield led


@pytest.fixture
def sample(tmp_path: Path) -> Callable[[str], Path]:
    """Copy a committed sample store into tmp_path (tests never touch the originals)."""

    def copy(name: str) -> Path:
        src = SAMPLES / (name if name.endswith(".db") else name + ".db")
        dst = tmp_path / src.name
        shutil.copyfile(src, dst)
        return dst

    return copy


class Cli:
    """Runs memaudit in-process, like a user would type it."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(
        self,
        *args: str,
        input: str | bytes | None = None,
        db: Path | None = None,
        env: dict[str, str] | None = None,
    ):
        argv = [str(a) for a in args]
        if db is not None:
            argv = ["--db", str(db), *argv]
        _size_console_as_a_new_process(env)
        return self.runner.invoke(app, argv, input=input, env=env, catch_exceptions=False)


def _size_console_as_a_new_process(env: dict[str, str] | None) -> None:
    """A real process sizes its consoles once, when ``memaudit.cli.render`` loads:
    ``COLUMNS`` if set, else 120 for piped stdout (rich's 80 for stderr). In-process
    that module loads once a session, at whatever moment and in whatever environment a
    test first imports it (a pytest-xdist worker has ``COLUMNS=80``), so each invocation
    sizes them again from the environment it runs in, as a new process would."""
    from memaudit.cli import render  # not at collection: rich is no small import

    columns = (env or {}).get("COLUMNS") or os.environ.get("COLUMNS", "")
    width = int(columns) if columns.isdigit() else None
    render.console.width = width or render.PIPED_WIDTH
    render.err_console.width = width or 80


@pytest.fixture
def cli() -> Cli:
    return Cli()


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The pids of the processes ``os.fork`` made (the real fork, counted)."""
    made: list[int] = []
    real = os.fork

    def counted() -> int:
        pid = real()
        if pid:
            made.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted)
    yield made


def receipt_words(raw: str | bytes) -> str:
    """A receipt's JSON with the values of its hash, salt, key and signature fields left
    out: random hex or base64 holds a short number such as "7731" now and then, and a test
    that looks for the content's digits there fails by chance, not for a leak."""
    opaque = {"sha256", "salt", "value", "public_key", "key_id"}

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in opaque}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(json.loads(raw)), ensure_ascii=False)


def file_bytes(path: Path) -> bytes:
    """The store's bytes, WAL content included — for 'unchanged' checks.

    (A read-only SQLite reader may leave an empty -wal file behind; that is no change.)
    """
    data = path.read_bytes()
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        data += b"--WAL--" + wal.read_bytes()
    return data


# -- the `slow` marker (left out by `make test-fast`; `make test` runs everything) -----

# Whole folders and files whose tests run real processes, servers or terminals: the
# reliability runs (kills, live writers, fuzzing), the Textual screens, memaudit mcp,
# the providers' own venvs, the pty and read-only-bytes corpora, and the CLI on every
# provider's store before and after its delete.
SLOW_PATHS = (
    "tests/reliability/",
    "tests/tui/",
    "tests/mcp/",
    "tests/cli/test_probe_run.py",
    "tests/cli/test_probe_guided.py",
    "tests/hostile/test_output_pty.py",
    "tests/hostile/test_output_tui.py",
    "tests/hostile/test_readonly_identical.py",
    "tests/hostile/test_resource_bounds.py",
    "tests/adapters/test_provider_stores_cli.py",
    "tests/adapters/test_openclaw_letta_openmemory_cli.py",
)
# Single tests that take seconds each: a 100k-deep chain, property runs (forget; the
# injection gate against every pattern on thousands of texts), a rebuild of every
# sample store, the CLI over every sample, a 400-item queue flagged item by item.
SLOW_TESTS = (
    "test_a_deep_chain_is_planned_in_bounded_work",
    "test_property_forget_changes_nothing_outside_its_plan",
    "test_the_gated_analysis_finds_what_every_pattern_finds",
    "test_rebuild_gives_the_committed_stores",
    "test_read_commands_on_every_sample",
    "test_the_listing_flags_every_item_as_it_is_flagged_alone",
)
# Anything that needs the throwaway PostgreSQL server (tests/adapters/conftest.py).
SLOW_FIXTURES = {"pg_server"}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """``-m "not slow"`` (``make test-fast``) would deselect every test of the slow
    folders and files: do not import them at all (the MCP SDK and Textual are most of
    what collecting costs). Any other selection collects them as usual."""
    if config.option.markexpr.replace(" ", "") != "notslow":
        return None
    path = collection_path.relative_to(ROOT).as_posix() + ("/" if collection_path.is_dir() else "")
    return True if path.startswith(SLOW_PATHS) else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).relative_to(ROOT).as_posix()
        name = getattr(item, "originalname", item.name)
        if (
            path.startswith(SLOW_PATHS)
            or name in SLOW_TESTS
            or SLOW_FIXTURES & set(getattr(item, "fixturenames", ()))
        ):
            item.add_marker(pytest.mark.slow)
