"""Crash consistency, at CI size: a few kills per mutating command.

`python -m reliability.run --only crash` runs the same trials 200 times per command,
with random delays and random points inside SQLite as well.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from reliability import crash

NATIVE = [s for s in crash.SCENARIOS if s.sample != "hermes"]
HERMES = [s for s in crash.SCENARIOS if s.sample == "hermes"]


def _trials(
    s: crash.Scenario, tmp_path: Path, forced: list[tuple[str, str | None]]
) -> crash.Result:
    p = crash.prepare(s, tmp_path / "prep", count_ticks=False, twin=False)
    total = crash.Result(s.name)
    for n, force in enumerate(forced):
        total.merge(crash.trial(p, tmp_path / f"t{n}", random.Random(n), force))
    return total


@pytest.mark.parametrize("scenario", NATIVE, ids=[s.name for s in NATIVE])
def test_killed_command_leaves_the_ledger_before_or_after(scenario, tmp_path):
    """Killed just before COMMIT (before), just after it (after), and inside SQLite
    (vm: a few hundred instructions in): the ledger is sound, wholly one state or the
    other, its log matches, and the next run finishes the job."""
    res = _trials(
        scenario,
        tmp_path,
        [("point", "commit"), ("point", "committed"), ("vm", "vm:25")],
    )
    assert res.failures == []
    assert res.faults == 3
    assert res.before >= 1 and res.after >= 1


@pytest.mark.parametrize("scenario", HERMES, ids=[s.name for s in HERMES])
def test_killed_hermes_approve_never_tears_memory_md(scenario, tmp_path):
    """After the file replace (the record stays; the next run finishes without writing
    again) and after the sidecar record: MEMORY.md is before or after, never torn, and
    the pending record goes only once the write happened."""
    res = _trials(
        scenario,
        tmp_path,
        [("point", "hermes.replaced"), ("point", "hermes.logged")],
    )
    assert res.failures == []
    assert res.faults == 2
    assert res.recovered == 2  # file written, record still there, finished by the next run


def test_a_killed_init_leaves_no_ledger_and_the_next_init_clears_its_leftover(tmp_path):
    """`init` killed just before its COMMIT: no ledger under the name (it is built under
    a temporary one), and the next `init` removes the dead process's temporary file."""
    import os
    import signal
    import subprocess
    import sys

    db = tmp_path / "agent.db"
    env = {**os.environ, "MEMAUDIT_FAULT": "commit"}
    killed = subprocess.run(
        [sys.executable, "-m", "memaudit", "init", str(db)], env=env, capture_output=True
    )
    assert killed.returncode == -signal.SIGKILL
    assert not db.exists()
    leftovers = list(tmp_path.glob(".agent.db.init-*"))
    assert leftovers, "the killed init should have left its temporary file"
    env.pop("MEMAUDIT_FAULT")
    done = subprocess.run(
        [sys.executable, "-m", "memaudit", "init", str(db)], env=env, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    assert db.exists()
    assert not list(tmp_path.glob(".agent.db.init-*"))
