"""Where memaudit keeps its own records about a store it did not write.

A foreign store (an agent's own SQLite file, a provider's database) has no room for
memaudit's events, validations and conflict decisions, and memaudit must not add
tables to it. Those records go to a *sidecar ledger*: an ordinary native ledger in
the user's data directory, one per store, keyed by the store's absolute path.

    $MEMAUDIT_HOME/stores/<name>-<hash>/ledger.db     (default ~/.local/share/memaudit)
    $MEMAUDIT_HOME/stores/<name>-<hash>/store.json    (which store this is, for humans)
    $MEMAUDIT_HOME/stores/<name>-<hash>/*.lock        (run locks, e.g. decay.lock)

``<hash>`` is the first 16 hex digits of the SHA-256 of the absolute path (or URL), so
two stores with the same file name never share a sidecar; ``<name>`` is the file name,
for a person browsing the folder. Moving a store gives it a fresh sidecar.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from memaudit.errors import StoreBusy

HOME_ENV = "MEMAUDIT_HOME"


def home() -> Path:
    """memaudit's data directory: ``$MEMAUDIT_HOME``, else the XDG data dir."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "memaudit"


def store_key(location: str | Path) -> str:
    """A stable, file-name-safe key for a store: ``<name>-<16 hex of sha256(abs path)>``."""
    text = str(location)
    if "://" not in text:
        text = str(Path(text).expanduser().resolve())
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(text.rstrip("/")).name or "store")[:40]
    return f"{name}-{digest}"


def sidecar_dir(location: str | Path, *, create: bool = False) -> Path:
    """The folder holding memaudit's records about ``location`` (created on request,
    owner-only, with a ``store.json`` naming the store)."""
    folder = home() / "stores" / store_key(location)
    if create and not folder.exists():
        folder.mkdir(parents=True, mode=0o700)
        text = str(location)
        abs_text = text if "://" in text else str(Path(text).expanduser().resolve())
        (folder / "store.json").write_text(json.dumps({"store": abs_text}, indent=2) + "\n")
    return folder


def sidecar_ledger_path(location: str | Path) -> Path:
    """Path of the sidecar ledger for ``location`` (it may not exist yet)."""
    return sidecar_dir(location) / "ledger.db"


def open_sidecar(location: str | Path, *, readonly: bool, **kwargs: Any) -> Any:
    """Open the sidecar ledger for ``location``; ``None`` when reading and none exists.

    Writing creates it (``Ledger.init``) on first use. ``kwargs`` go to ``Ledger.open``
    (``clock``, ``actor``).
    """
    from memaudit.ledger import Ledger  # the ledger imports nothing from here

    path = sidecar_ledger_path(location)
    if not path.exists():
        if readonly:
            return None
        sidecar_dir(location, create=True)
        Ledger.init(path, **kwargs).close()
    return Ledger.open(path, readonly=readonly, **kwargs)


@contextlib.contextmanager
def run_lock(location: str | Path, name: str) -> Iterator[Path]:
    """Hold ``<sidecar>/<name>.lock`` for the duration, or raise ``StoreBusy`` at once.

    A separate lock file (``flock``), never the store file itself: closing any
    descriptor on a SQLite file drops that process's SQLite locks. The kernel frees
    the lock when the process dies, so a crashed run never leaves it stuck.
    """
    path = sidecar_dir(location, create=True) / f"{name}.lock"
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


__all__ = [
    "HOME_ENV",
    "home",
    "open_sidecar",
    "run_lock",
    "sidecar_dir",
    "sidecar_ledger_path",
    "store_key",
]
