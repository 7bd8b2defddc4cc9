"""Shared fixtures: real ledgers in tmp_path, copies of the sample stores, the CLI."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
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
    monkeypatch.setenv("COLUMNS", "120")


@pytest.fixture
def ledger_path(tmp_path: Path) -> Path:
    path = tmp_path / "ledger.db"
    Ledger.init(path, clock=fixed_clock(NOW)).close()
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
        return self.runner.invoke(app, argv, input=input, env=env, catch_exceptions=False)


@pytest.fixture
def cli() -> Cli:
    return Cli()


def file_bytes(path: Path) -> bytes:
    """The store's bytes, WAL content included — for 'unchanged' checks.

    (A read-only SQLite reader may leave an empty -wal file behind; that is no change.)
    """
    data = path.read_bytes()
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        data += b"--WAL--" + wal.read_bytes()
    return data
