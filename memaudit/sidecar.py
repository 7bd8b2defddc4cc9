"""memaudit's own records about a store it does not own.

An auditor must not pollute what it audits: decisions, events and tombstones about a
provider's store (Hermes, mem0, ...) go into a *sidecar* ledger in the user's data
directory, never into the provider's files. One sidecar per store, keyed by the store's
absolute location; it is an ordinary native ledger, so `memaudit log --db SIDECAR`
reads it.

The data directory is ``$MEMAUDIT_HOME``, else ``$XDG_DATA_HOME/memaudit``, else
``~/.local/share/memaudit``; created owner-only (0700).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from memaudit.errors import MemauditError, StoreBusy
from memaudit.ledger import Ledger


def data_dir() -> Path:
    env = os.environ.get("MEMAUDIT_HOME")
    if env:
        base = Path(env)
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = (Path(xdg) if xdg else Path.home() / ".local" / "share") / "memaudit"
    base.mkdir(mode=0o700, parents=True, exist_ok=True)
    return base


def store_key(location: str) -> str:
    """A stable key for a store: its absolute path (or URL without credentials)."""
    if "://" not in location:
        location = str(Path(location).expanduser().resolve())
    return location


def sidecar_path(location: str) -> Path:
    key = store_key(location)
    digest = hashlib.blake2b(key.encode(), digest_size=10).hexdigest()
    folder = data_dir() / "sidecars"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder / f"{digest}.db"


def open_sidecar(location: str, *, readonly: bool = False, **kwargs: Any) -> Ledger | None:
    """The sidecar ledger for a store; created on first write, None if absent on read."""
    path = sidecar_path(location)
    if not path.exists():
        if readonly:
            return None
        try:
            return Ledger.init(path, meta={"sidecar_for": store_key(location)}, **kwargs)
        except MemauditError:
            if not path.exists():
                raise
            # Another process created it first: use theirs.
    # memaudit's own file: bringing it up to date is not a write to anyone's store.
    return Ledger.open(path, readonly=readonly, migrate=True, **kwargs)


def lock_path(location: str, name: str) -> Path:
    """``<data dir>/locks/<digest>.<name>.lock``: one run lock per store and command."""
    digest = sidecar_path(location).stem
    folder = data_dir() / "locks"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder / f"{digest}.{name}.lock"


@contextlib.contextmanager
def run_lock(location: str, name: str) -> Iterator[Path]:
    """Hold the ``name`` run lock of a store for the duration, or raise ``StoreBusy`` at once.

    A separate lock file (``flock``), never the store file itself: closing any
    descriptor on a SQLite file drops that process's SQLite locks. The kernel frees
    the lock when the process dies, so a crashed run never leaves it stuck.
    """
    path = lock_path(location, name)
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = ""
            with contextlib.suppress(OSError, ValueError):
                holder = os.pread(fd, 64, 0).decode().strip()
            who = f" (pid {holder})" if holder else ""
            raise StoreBusy(
                f"another memaudit {name} run is in progress on {location}{who}; "
                "not starting a second one"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        os.close(fd)  # releases the flock


# The probe log: every `memaudit probe` run (guided or automated), for every store and
# provider, in one sidecar ledger — so `probe history` can compare a provider across
# versions and configurations. Never in the probed store: a probe must not change what
# it measures.
PROBE_LOG = "memaudit://probes"


def open_probe_log(*, readonly: bool = False, **kwargs: Any) -> Ledger | None:
    """The ledger holding probe runs (events ``probe_start``, ``probe_check``,
    ``probe_run``); None when reading and no probe was ever run."""
    return open_sidecar(PROBE_LOG, readonly=readonly, **kwargs)
