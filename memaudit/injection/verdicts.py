"""The review listing's injection verdicts remembered across runs, so that a queue listed
again (``review --list``) does not load the engine to check items it checked before.

An item's verdict (``pending.injection_of`` flags it or not) is a function of its text,
of the provenance the listing reads of it (source type, source reference, derived, the
speaker field), of the policy's three injection thresholds and of the engine: all of
them go into the item's key, and the engine names the file too (``judgements.engine``:
memaudit's code and data, Python's and Unicode's versions; any change makes a new
file). At 200k the engine's import and the check of 4,742 items are about 1.8 s of a
listing's CPU; with every verdict known the engine is not imported at all.

Kept beside the audit's judgements (``judgements.folder``: ``MEMAUDIT_CACHE_DIR``,
``off`` turns it off; ``review --list --no-cache``) and as they are: no text and no
word of one, each key a BLAKE2b digest keyed with ``judgements.key``, each value one
bit. The folder is treated as hostile input: a file that cannot be opened, read or
written, or a row that is not a 0/1 verdict, is not used (the item is checked, as
without the file); nothing here raises.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from memaudit.injection import judgements

if TYPE_CHECKING:
    from memaudit.queue_injection import Asked

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS verdict ("
    " digest BLOB PRIMARY KEY, flagged INTEGER NOT NULL) WITHOUT ROWID"
)
PREFIX = "verdicts-"


class Verdicts(judgements.CacheFile):
    """One engine's remembered verdicts (or none: ``conn`` is None, ``why_not`` says
    why). ``key`` gives an item's digest, ``known`` the verdicts kept for digests,
    ``keep`` records new ones (written by ``close``)."""

    def __init__(
        self,
        conn: sqlite3.Connection | None,
        path: Path | None,
        why_not: str,
        secret: bytes = b"",
        thresholds: tuple[float, float, float] = (0.0, 0.0, 0.0),
    ) -> None:
        super().__init__(conn, path, why_not, secret)
        self._thresholds = thresholds
        self._new: dict[bytes, bool] = {}

    @classmethod
    def open(
        cls, thresholds: tuple[float, float, float], enabled: bool = True, durable: bool = True
    ) -> Verdicts:
        """The file of this engine's verdicts, created if need be; ``off`` when the cache
        is turned off or unusable (never an error); ``durable``: ``judgements.connect``'s."""
        opened = judgements.connect(PREFIX, _SCHEMA, enabled, durable)
        if isinstance(opened, str):
            return cls.off(opened)
        conn, path, secret = opened
        return cls(conn, path, "", secret, thresholds)

    def key(self, asked: Asked) -> bytes:
        """The item's digest: everything its verdict depends on, the engine included
        (JSON: each field's bounds unambiguous; ASCII: lone surrogates escaped)."""
        data = json.dumps([judgements.engine(), *asked, *self._thresholds]).encode("ascii")
        return hashlib.blake2b(data, digest_size=32, key=self._secret).digest()

    def known(self, keys: Sequence[bytes]) -> dict[bytes, bool]:
        """The verdicts kept for ``keys`` (those found, valid ones only)."""
        out = {k: self._new[k] for k in keys if k in self._new}
        if self.conn is None:
            return out
        todo = [k for k in keys if k not in out]
        out.update(
            (k, bool(v)) for k, v in self._kept("verdict", "flagged", todo, range(2)).items()
        )
        return out

    def keep(self, found: Iterable[tuple[bytes, bool]]) -> None:
        if self.conn is not None:
            self._new.update(found)

    def close(self) -> None:
        """Write the new verdicts (one transaction) and close the file."""
        if self._new and self.conn is not None:
            self._write(
                "INSERT OR REPLACE INTO verdict (digest, flagged) VALUES (?, ?)",
                sorted((k, int(v)) for k, v in self._new.items()),
            )
        self._new.clear()
        self._close()
