"""A read-only ledger or folder is a permission problem, and reading still works there
(issue 22).

The tests run as root, for whom file modes do not bite. So memaudit runs here as an
unprivileged user (`nobody`, through util-linux `setpriv`), in a real process, against
real file modes; where that is impossible the tests skip and say why."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, SAMPLES

NOBODY = 65534
SETPRIV = shutil.which("setpriv")


def _as_nobody(db: Path, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return _python_as_nobody(["-m", "memaudit", "--db", str(db), *args], home=home)


def _python_as_nobody(argv: list[str], *, home: Path) -> subprocess.CompletedProcess[str]:
    assert SETPRIV
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMAUDIT_")}
    env.update(HOME=str(home), MEMAUDIT_HOME=str(home / "memaudit"), MEMAUDIT_ACTOR="nobody")
    setpriv = [SETPRIV, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    return subprocess.run(
        [*setpriv, sys.executable, *argv],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


# Runs each command of argv[2:] (JSON lists) on the store argv[1] in this one process,
# as the CLI runs in-process in tests, and prints [exit code, stderr] for each.
_READER = """
import json, sys
from typer.testing import CliRunner
from memaudit.cli import app
runner = CliRunner()
done = [runner.invoke(app, ["--db", sys.argv[1], *json.loads(a)]) for a in sys.argv[2:]]
print(json.dumps([[r.exit_code, r.stderr] for r in done]))
"""


def _reads_as_nobody(db: Path, reads: list[list[str]], *, home: Path) -> list[list[object]]:
    """Every read command, as nobody, in one real process (one interpreter start, not
    one per command: the file modes are what is tested, and they are real)."""
    done = _python_as_nobody(["-c", _READER, str(db), *map(json.dumps, reads)], home=home)
    assert done.returncode == 0, done.stderr
    results: list[list[object]] = json.loads(done.stdout.splitlines()[-1])
    return results


@functools.cache
def _cannot_run_as_nobody() -> str | None:
    """Why memaudit cannot run as nobody here (None: it can); asked once a session."""
    home = Path(tempfile.mkdtemp(prefix="memaudit-ro-probe-"))
    try:
        os.chmod(home, 0o777)
        probe = _as_nobody(SAMPLES / "cache_loop.db", "--version", home=home)
    finally:
        shutil.rmtree(home)
    return None if probe.returncode == 0 else probe.stderr.strip()[-200:]


@pytest.fixture
def place() -> Iterator[Path]:
    if os.geteuid() != 0 or SETPRIV is None:
        pytest.skip("needs root and setpriv to run memaudit as an unprivileged user")
    # Not under pytest's tmp_path: its parent folder is the owner's alone.
    top = Path(tempfile.mkdtemp(prefix="memaudit-ro-"))
    os.chmod(top, 0o755)
    try:
        yield from _prepared(top)
    finally:
        for p in top.rglob("*"):
            if p.is_dir():
                os.chmod(p, 0o777)
        shutil.rmtree(top)


def _prepared(top: Path) -> Iterator[Path]:
    base = top / "ro"
    base.mkdir()
    home = top / "home"
    home.mkdir(mode=0o777)
    os.chmod(home, 0o777)
    why = _cannot_run_as_nobody()
    if why is not None:
        pytest.skip(f"cannot run memaudit as nobody here: {why}")
    yield base


def _ledger(place: Path, *, file_mode: int, folder_mode: int) -> Path:
    db = place / "pending_queue.db"
    shutil.copyfile(SAMPLES / "pending_queue.db", db)
    os.chmod(db, file_mode)
    os.chmod(place, folder_mode)
    return db


READS = [
    ["ls", "-n", "2"],
    ["show", "q-dup"],
    ["stats"],
    ["trace", "q-dup"],
    ["audit", "--limit", "1"],
    ["review", "--list", "-n", "1"],
    ["decay", "--dry-run"],
    ["export"],
]


@pytest.mark.parametrize(
    ("file_mode", "folder_mode", "why"),
    [
        (0o644, 0o755, "the file is read-only for this user"),
        (0o444, 0o777, "the file is read-only for this user"),
        (0o666, 0o755, "permission denied on its folder"),
    ],
)
def test_read_only_file_or_folder(place: Path, file_mode: int, folder_mode: int, why: str) -> None:
    db = _ledger(place, file_mode=file_mode, folder_mode=folder_mode)
    home = place.parent / "home"
    before = db.read_bytes()
    for args, (code, stderr) in zip(READS, _reads_as_nobody(db, READS, home=home), strict=True):
        assert code == 0, (args, stderr)
    refused = _as_nobody(db, "stage", "hello", "-t", "user_statement", home=home)
    assert refused.returncode == 1
    (line,) = refused.stderr.strip().splitlines()
    assert "permission denied" in line and why in line
    assert "not a" not in line and "damaged" not in line and "readable SQLite" not in line
    assert db.read_bytes() == before
    assert sorted(p.name for p in place.iterdir()) == ["pending_queue.db"] or folder_mode == 0o777


def test_an_unreadable_file_is_a_permission_problem(place: Path) -> None:
    db = _ledger(place, file_mode=0o600, folder_mode=0o777)
    done = _as_nobody(db, "ls", home=place.parent / "home")
    assert done.returncode == 1
    assert done.stderr.strip() == f"Error: cannot read {db}: permission denied"


def test_init_in_a_read_only_folder(place: Path) -> None:
    os.chmod(place, 0o755)
    home = place.parent / "home"
    assert SETPRIV
    env = {**os.environ, "HOME": str(home), "MEMAUDIT_HOME": str(home / "m")}
    argv = [SETPRIV, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    done = subprocess.run(
        [*argv, sys.executable, "-m", "memaudit", "init", str(place / "new.db")],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"Error: cannot create {place / 'new.db'}: permission denied on its folder {place}"
    )
