"""Commands a store may not support say which capability it lacks (exit 6), whatever
the store: pin, access, link, policy set/reset, edit and verify --all go through the
store protocol, never through a hard-wired native ledger."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from memaudit.errors import ExitCode

HERMES = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "hermes"


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def hermes_home(tmp_path: Path) -> Path:
    home = tmp_path / "hermes_home"
    shutil.copytree(HERMES / "before" / "hermes_home", home)
    return home


@pytest.mark.parametrize(
    ("args", "capability"),
    [
        (("pin", "22c5f4bc"), "pin"),
        (("pin", "22c5f4bc", "--off"), "pin"),
        (("access", "22c5f4bc"), "access"),
        (("link", "22c5f4bc", "ba6842c3", "--relation", "summarizes"), "link"),
        (("policy", "set", "stale_pending_days", "3"), "policy"),
        (("policy", "reset", "stale_pending_days"), "policy"),
        (("verify", "--all"), "tombstones"),
    ],
)
def test_a_hermes_home_names_the_missing_capability(cli, hermes_home, args, capability):
    before = snapshot(hermes_home)
    result = cli(*args, db=hermes_home)
    assert result.exit_code == ExitCode.UNSUPPORTED, result.stderr
    line = result.stderr.strip()
    assert line.count("\n") == 0, line  # one line, no traceback
    assert "the hermes adapter cannot do this" in line and f"(capability '{capability}')" in line
    assert snapshot(hermes_home) == before


def test_the_native_ledger_does_them(cli, ledger_path):
    staged = cli("stage", "The user likes tea.", "-t", "user_statement", "--json", db=ledger_path)
    mid = staged.stdout.split('"id": "')[1].split('"')[0]
    other = cli("stage", "Tea is a drink.", "-t", "user_statement", "--json", db=ledger_path)
    oid = other.stdout.split('"id": "')[1].split('"')[0]
    assert cli("approve", mid, oid, db=ledger_path).exit_code == 0
    assert cli("pin", mid, db=ledger_path).exit_code == 0
    assert cli("access", mid, db=ledger_path).exit_code == 0
    assert cli("link", mid, oid, "--relation", "infers", db=ledger_path).exit_code == 0
    assert cli("policy", "set", "stale_pending_days", "3", db=ledger_path).exit_code == 0
    shown = cli("policy", "--json", db=ledger_path).stdout
    assert '"key": "stale_pending_days"' in shown
    log = cli("log", "--json", db=ledger_path).stdout
    for action in ('"pin"', '"access"', '"link"', '"policy"'):
        assert action in log
