"""Fault injection for the reliability harness — off unless ``MEMAUDIT_FAULT`` is set.

The crash tests (``tests/reliability``, ``python -m reliability.run``) kill memaudit with
SIGKILL at random moments; random delays rarely land inside a transaction that lasts a
millisecond, so two deterministic triggers exist:

* ``MEMAUDIT_FAULT=<point>`` — die when the code reaches that named point
  (``commit`` just before a ledger COMMIT, ``committed`` just after it,
  ``hermes.replaced`` after a Hermes file was replaced, ``hermes.logged`` after the
  sidecar recorded the approval);
* ``MEMAUDIT_FAULT=vm:<N>`` — die after ``N`` ticks of SQLite's progress handler
  (one tick per 10 virtual-machine instructions) on a connection that writes: a kill
  in the middle of a statement, inside the transaction;
* ``MEMAUDIT_FAULT=pause:<point>`` — at that point, create the file named by
  ``MEMAUDIT_FAULT_READY`` and wait (up to a minute), so a test can interrupt the
  process there (Ctrl-C inside a transaction).

Nothing here runs when the variable is unset: one environment lookup per point.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

ENV = "MEMAUDIT_FAULT"
VM_TICK = 10  # instructions between progress-handler calls


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def point(name: str) -> None:
    """Die here if the harness asked for this point."""
    spec = os.environ.get(ENV)
    if spec == name:
        _die()
    if spec == f"pause:{name}":
        Path(os.environ["MEMAUDIT_FAULT_READY"]).touch()
        time.sleep(60)


def arm(conn: Any) -> None:
    """On a writing connection: die after N progress ticks if ``MEMAUDIT_FAULT=vm:N``."""
    spec = os.environ.get(ENV, "")
    if not spec.startswith("vm:"):
        return
    left = [int(spec[3:])]

    def tick() -> int:
        left[0] -= 1
        if left[0] <= 0:
            _die()
        return 0

    conn.set_progress_handler(tick, VM_TICK)
