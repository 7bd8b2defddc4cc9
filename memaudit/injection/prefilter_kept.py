"""The engine's prefilter tables kept across processes, so that a process judging texts
does not parse the ~215 pattern sources again (``prefilter.analyse``: about 0.6–1.1 s of
a first ``review --list``, of ``stage``, of ``trace``).

The tables are a function of the patterns' sources and flags and of the analysis' code
alone: the row's key is a digest of every source and flag in the tables' order, in the
file of this engine (``judgements.engine``: memaudit's code and data, Python's and
Unicode's versions; any change makes a new file, the other engines' are pruned). No
text of a store is read or written here.

Kept in the cache folder beside the judgements (``MEMAUDIT_CACHE_DIR``, ``off`` turns it
off, as ``--no-cache`` does for ``audit`` and ``review --list``: ``ENABLED``). The
folder is trusted as it is for the verdicts (who can write in it can make a listing
drop a flag), and read as hostile input: a row that does not decode to tables of these
patterns is not used (the tables are computed, as without the file), and nothing here
raises.

The tables of the engine's own patterns also ship with the package
(``prefilter_tables.zlib``, made by ``make prefilter-tables``, that is
``python -m memaudit.injection.prefilter_shipped``): read first, so that a first process in
a new cache folder (a first ``review --list``, ``--no-cache``) does not parse the
sources either. It is used only when its header names these patterns' sources and
flags, this analysis code (``regex_needs``, ``prefilter``, this module: their bytes) and
this Python's minor version (``re``'s parser reads the sources), and when it decodes as
a kept row must; else the cache folder's row, else the tables are computed, as without
it. ``tests/core/test_injection_tables_shipped.py`` fails when the committed file is not
what the command writes now (a pattern added or edited without the file made again).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.injection import judgements

if TYPE_CHECKING:  # (imported when used: the CLI sets ``ENABLED`` without loading them)
    from memaudit.injection.prefilter import Masks, Prefilter, Rule, Tables

PREFIX = "prefilter-"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables ("
    " sources BLOB PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID"
)
ENABLED = True  # False: nothing read or written (``--no-cache``)
# The engine's tables made with the package (None: not read; the tests of the cache
# folder's rows turn it off).
SHIPPED: Path | None = Path(__file__).with_name("prefilter_tables.zlib")
# ``off``: the shipped tables are not read, in this process or any it starts (an
# environment variable reaches a spawned process, as ``SHIPPED`` set in a test does not):
# the tables come from the cache folder or are computed, as if no file shipped.
SHIPPED_ENV = "MEMAUDIT_SHIPPED_TABLES"
# What the tables are computed by (their bytes go into the shipped file's header).
_ANALYSIS = ("regex_needs.py", "injection/prefilter.py", "injection/prefilter_kept.py")
_FORMAT = 1


def prefilter(patterns: Sequence[Any]) -> Prefilter:
    """The prefilter of ``patterns``, from tables kept by an earlier process when there
    are some (then kept if new)."""
    from memaudit.injection.prefilter import Prefilter, analyse

    patterns = list(patterns)
    tables = shipped(patterns)
    if tables is not None:  # no cache folder opened: nothing there to read or keep
        return Prefilter(patterns, tables)
    opened = judgements.connect(PREFIX, _SCHEMA, ENABLED)
    if isinstance(opened, str):
        return Prefilter(patterns)
    conn = opened[0]
    key = sources(patterns)
    try:
        try:
            row = conn.execute("SELECT data FROM tables WHERE sources = ?", (key,)).fetchone()
        except sqlite3.Error:
            row = None
        tables = decode(row[0], len(patterns)) if row is not None else None
        if tables is None:
            tables = analyse(patterns)
            try:
                with conn:
                    conn.execute(
                        "INSERT OR REPLACE INTO tables (sources, data) VALUES (?, ?)",
                        (key, encode(tables)),
                    )
            except sqlite3.Error:
                pass  # not kept: the next process computes them again
    finally:
        conn.close()
    return Prefilter(patterns, tables)


def sources(patterns: Sequence[Any]) -> bytes:
    """A digest of the patterns' sources and flags, in order (what the tables are of)."""
    data = json.dumps([[rx.pattern, rx.flags] for rx in patterns]).encode("ascii")
    return hashlib.sha256(data).digest()


def shipped(patterns: Sequence[Any], path: Path | None = None) -> Tables | None:
    """The tables of ``patterns`` the package ships (``SHIPPED``, or ``path``), or None
    when there is no such file or it is not of these patterns, this analysis and this
    Python (its header), or does not decode, or ``MEMAUDIT_SHIPPED_TABLES=off``."""
    path = SHIPPED if path is None else path
    if path is None or os.environ.get(SHIPPED_ENV, "").strip().lower() == "off":
        return None
    try:
        head, _, body = zlib.decompress(path.read_bytes()).partition(b"\n")
        if json.loads(head) != header(patterns):
            return None
        return decode(body.decode("utf-8"), len(patterns))
    except (OSError, zlib.error, ValueError, RecursionError):
        return None


def header(patterns: Sequence[Any]) -> dict[str, Any] | None:
    """What the shipped file's tables must be of (None: the analysis code is not
    readable here, so no file is used)."""
    code = _analysis()
    if code is None:
        return None
    return {
        "format": _FORMAT,
        "python": f"{sys.version_info[0]}.{sys.version_info[1]}",
        "analysis": code,
        "sources": sources(patterns).hex(),
    }


@functools.cache
def _analysis() -> str | None:
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    try:
        for name in _ANALYSIS:
            h.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    except OSError:
        return None
    return h.hexdigest()


def _bits(n: int) -> list[int]:
    """A mask as the indices of its bits (a mask has a bit per string, thousands, and
    only a few of them set: written whole, the tables were 24 MB)."""
    out = []
    while n:
        low = n & -n
        out.append(low.bit_length() - 1)
        n ^= low
    return out


def _masks_out(m: Masks) -> list[Any]:
    key, ints, groups = m
    return [_bits(key), [_bits(i) for i in ints], [[_masks_out(o) for o in g] for g in groups]]


def encode(tables: Tables) -> str:
    rules = [
        None if r is None else [_bits(r[0]), [[_masks_out(m), d] for m, d in r[1]]]
        for r in tables.rules
    ]
    data = {
        "strings": list(tables.strings),
        "rules": rules,
        "within": [_bits(w) for w in tables.within],
    }
    return json.dumps(data, separators=(",", ":"))


class _Bad(Exception):
    """A row that is not what ``encode`` writes."""


def _list(raw: object, size: int | None = None) -> list[Any]:
    if not isinstance(raw, list) or (size is not None and len(raw) != size):
        raise _Bad
    return raw


class _Reader:
    """Masks read back for a row of ``strings`` strings (each bit one of theirs)."""

    def __init__(self, strings: int) -> None:
        self.strings = strings
        # Equal masks as one object (as ``prefilter.analyse`` makes them): the engine's
        # 60k masks hold 8.5k values, 39 MB read one by one, 6 MB shared.
        self.same: dict[int, int] = {}

    def mask(self, raw: object) -> int:
        out = 0
        for k in _list(raw):
            if type(k) is not int or not 0 <= k < self.strings:
                raise _Bad
            out |= 1 << k
        return self.same.setdefault(out, out)

    def masks(self, raw: object) -> Masks:
        key, ints, groups = _list(raw, 3)
        return (
            self.mask(key),
            tuple(self.mask(i) for i in _list(ints)),
            tuple(tuple(self.masks(o) for o in _list(g)) for g in _list(groups)),
        )

    def rule(self, raw: object) -> Rule | None:
        if raw is None:
            return None
        key, alternatives = _list(raw, 2)
        out = []
        for alternative in _list(alternatives):
            masks, dotless = _list(alternative, 2)
            if not isinstance(dotless, bool):
                raise _Bad
            out.append((self.masks(masks), dotless))
        return self.mask(key), tuple(out)


def decode(raw: object, patterns: int) -> Tables | None:
    """The tables a row holds, or None when it is not what ``encode`` writes for
    ``patterns`` patterns."""
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
        if not isinstance(data, dict):
            return None
        strings = _list(data.get("strings"))
        if not all(isinstance(s, str) and s for s in strings):
            return None
        read = _Reader(len(strings))
        rules = tuple(read.rule(r) for r in _list(data.get("rules"), patterns))
        inword = sum(1 for s in strings if not any(c.isspace() for c in s))
        within = tuple(read.mask(w) for w in _list(data.get("within"), inword))
    except (_Bad, ValueError, TypeError, RecursionError):
        return None
    from memaudit.injection.prefilter import Tables

    return Tables(tuple(strings), rules, within)
