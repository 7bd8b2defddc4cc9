"""Which SQLite library the native ledger runs on.

Forgetting must remove a memory's terms from the full-text index, and FTS5 keeps a
deleted document's terms in old index segments until the whole index is merged — on a
1M-memory ledger that merge costs seconds. SQLite 3.42 added FTS5 ``secure-delete``,
which removes them in place. Python's own ``sqlite3`` is often older (3.40 on Debian 12),
so memaudit prefers ``pysqlite3`` (the ``pysqlite3-binary`` wheel bundles a current
SQLite) and falls back to the standard library, where forget merges the index instead.

Everything that opens a native ledger (or a sidecar) imports ``sqlite3`` from here, so
exceptions and connections come from one library. Foreign stores are read with the
standard library: they stay in the format their owners' SQLite expects.
"""

from __future__ import annotations

import sqlite3 as _stdlib

try:  # pragma: no cover - which branch runs depends on the platform
    import pysqlite3.dbapi2 as _bundled
except ImportError:  # pragma: no cover
    _bundled = None

if _bundled is not None and _bundled.sqlite_version_info > _stdlib.sqlite_version_info:
    sqlite3 = _bundled
else:  # pragma: no cover
    sqlite3 = _stdlib

# FTS5's 'secure-delete' option (SQLite 3.42+): deleted terms leave the index at once.
FTS_SECURE_DELETE: bool = sqlite3.sqlite_version_info >= (3, 42, 0)

__all__ = ["sqlite3", "FTS_SECURE_DELETE"]
