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

import hashlib
import os
from pathlib import Path
from typing import Any

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
        ledger = Ledger.init(path, **kwargs)
        with ledger.transaction():
            ledger.conn.execute(
                "INSERT OR REPLACE INTO memaudit_meta(key, value) VALUES ('sidecar_for', ?)",
                (store_key(location),),
            )
        return ledger
    return Ledger.open(path, readonly=readonly, **kwargs)
