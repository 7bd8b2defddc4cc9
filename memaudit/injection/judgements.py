"""Texts' judgements remembered across runs, so that a store audited again (a nightly
``audit``) is not read again text by text.

A text's hits depend on the text and on the engine alone: the same text gets the same
hits under any source, in any store (its source weighs them afterwards, in
``provenance.assess``). So the scan keeps each text's hits in a file of its engine. The
engine is a digest of memaudit's own code and data and of the Python and Unicode
versions it runs on: any change makes a new file, and no engine reads another's.

The file keeps no text and no word of one, so that a forgotten memory leaves nothing of
itself here: a text is known by a keyed digest (BLAKE2b-256 with a random key in
``judgements.key`` beside the files, mode 0600: the file alone cannot confirm a guessed
text, as a tombstone cannot), and its hits by signal, offsets and weight. Hits that
carry a note (the words the learned scorer weighed, a decoded payload) are not kept:
such a text, rare in a store, is judged again on every run.

The folder is the user's own: ``MEMAUDIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/memaudit``,
else ``~/.cache/memaudit``; ``MEMAUDIT_CACHE_DIR=off`` (or ``audit --no-cache``) turns it
off. Nothing read from a store decides where it is. A file that cannot be created,
opened, read or written is not used: every text is judged, as without it, and
``why_not`` says why. A row that does not decode is judged again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Self

from memaudit.errors import MemauditError
from memaudit.injection.assessment import Hit
from memaudit.injection.kinds import Signal
from memaudit.tombkey import load_secret

ENV = "MEMAUDIT_CACHE_DIR"
KEY_FILE = "judgements.key"
OFF = "off"
# What is remembered of a text: its pattern signals, and the learned scorer's hit (the
# scan asks for the second only of texts whose source the scorer judges).
SIGNALS, LEARNED = 0, 1
# New judgements written per transaction, sorted: keys are random, and a sorted batch
# touches each page of the table once (at 1M memories 2.5 s of writing instead of 8).
FLUSH_EVERY = 20_000
HELD = 2_000_000  # judgements held in memory (about 100 bytes each)
NO_HITS = "[]"
KEEP_ENGINES = 3  # files of other engines kept (two installs may alternate)
ASK_AT_ONCE = 500  # digests per lookup of ``CacheFile._kept`` (a listing's page)
PREFIX = "judgements-"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS judged ("
    " kind INTEGER NOT NULL, digest BLOB NOT NULL, hits TEXT NOT NULL,"
    " run INTEGER NOT NULL, PRIMARY KEY (kind, digest)) WITHOUT ROWID"
)


@cache
def engine() -> str:
    """A digest of what judges a text: memaudit's code and data files, Python's and
    Unicode's versions (the patterns' meaning depends on both)."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(f"{sys.version}\0{unicodedata.unidata_version}\0".encode())
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(root)).encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def folder() -> Path | None:
    """Where judgements are kept, or None when turned off."""
    chosen = os.environ.get(ENV, "")
    if chosen.strip().lower() == OFF:
        return None
    if chosen:
        return Path(chosen).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "memaudit"


_blake2b = hashlib.blake2b


def digest(text: str, key: bytes) -> bytes:
    """A text's keyed digest (``Judgements.no_hits`` computes the same from a copy of a
    keyed hasher)."""
    data = text.encode("utf-8", "surrogatepass")
    return _blake2b(data, digest_size=32, key=key).digest()


def encode_hits(hits: list[Hit]) -> str:
    """Hits without notes (none kept has one) as JSON."""
    return json.dumps(
        [[h.signal.value, h.start, h.end, h.weight, h.hidden] for h in hits],
        separators=(",", ":"),
    )


def _fits(hits: list[Hit], text: str) -> bool:
    """Whether ``hits`` can be a judgement of ``text``: every span inside it and in order,
    every weight in [0, 1] (a tampered row must not put offsets or scores on screen)."""
    size = len(text)
    return all(0 <= h.start <= h.end <= size and 0.0 <= h.weight <= 1.0 for h in hits)


def decode_hits(raw: object) -> list[Hit] | None:
    """The hits of a row, or None when the row is not what ``encode_hits`` writes."""
    try:
        items = json.loads(raw) if isinstance(raw, str) else None
        if not isinstance(items, list):
            return None
        out = []
        for signal, start, end, weight, hidden in items:
            if not (
                isinstance(start, int)
                and isinstance(end, int)
                and isinstance(weight, float | int)
                and isinstance(hidden, bool)
            ):
                return None
            out.append(Hit(Signal(signal), start, end, float(weight), "", hidden))
        return out
    except (ValueError, TypeError):
        return None


class CacheFile:
    """What a file of the cache folder's holder shares (``Judgements``, ``verdicts``,
    ``queue_answers``):
    its connection (None once not used: ``why_not`` says why) and the rows not written
    yet (``_new``), written in one transaction or given up with the file."""

    conn: sqlite3.Connection | None
    path: Path | None
    why_not: str
    # (``queue_answers``' rows hold two flags: an int)
    _new: list[tuple[int, bytes, str, int]] | dict[bytes, bool] | dict[bytes, int]

    def __init__(
        self,
        conn: sqlite3.Connection | None,
        path: Path | None,
        why_not: str,
        secret: bytes = b"",
    ) -> None:
        # ``secret``: the folder's key for this file's digests (none when unused)
        self.conn, self.path, self.why_not, self._secret = conn, path, why_not, secret

    @classmethod
    def off(cls, why: str) -> Self:
        """No file (the cache turned off or unusable: ``why``); every answer computed."""
        return cls(None, None, why)

    def _write(self, sql: str, rows: list[tuple[object, ...]]) -> None:
        """``rows`` in one transaction (sorted by the caller: random keys, and a sorted
        batch touches each page once); the file given up on an error."""
        if self.conn is None:
            return
        try:
            with self.conn:
                self.conn.execute("BEGIN IMMEDIATE")
                self.conn.executemany(sql, rows)
        except sqlite3.Error as exc:
            self._give_up(exc)

    def _kept(
        self, table: str, column: str, keys: Sequence[bytes], valid: range
    ) -> dict[bytes, int]:
        """``column`` of ``table``'s rows for the digests ``keys``, ``ASK_AT_ONCE`` at a
        time. Only a row as ``_write`` writes it is an answer (a bytes digest, an int in
        ``valid``): another type or number is not (its item is computed). On an error the
        file is given up (the rows read so far are kept)."""
        out: dict[bytes, int] = {}
        if self.conn is None:
            return out
        todo = list(dict.fromkeys(keys))
        try:
            for start in range(0, len(todo), ASK_AT_ONCE):
                chunk = todo[start : start + ASK_AT_ONCE]
                rows = self.conn.execute(
                    f"SELECT digest, {column} FROM {table} WHERE digest IN "
                    f"({','.join('?' * len(chunk))})",
                    chunk,
                )
                for digest, value in rows:
                    if isinstance(digest, bytes) and type(value) is int and value in valid:
                        out[digest] = value
        except sqlite3.Error as exc:
            self._give_up(exc)
        return out

    def _close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def _give_up(self, exc: sqlite3.Error) -> None:
        """Stop using the file (the rest of the run computes every answer)."""
        self.why_not = f"stopped using {self.path}: {exc}"
        self._close()
        self._new.clear()


class Judgements(CacheFile):
    """One engine's remembered judgements (or none: ``conn`` is None, ``why_not`` says
    why). ``recall`` gives a text's hits, from the file or computed and kept.

    A file of at most ``HELD`` judgements is read whole when opened (one query, then a
    dictionary lookup per text: a million point queries would cost more than judging);
    a larger one is queried text by text."""

    def __init__(
        self,
        conn: sqlite3.Connection | None,
        path: Path | None,
        why_not: str,
        key: bytes = b"",
        *,
        whole: bool = True,
    ) -> None:
        super().__init__(conn, path, why_not, key)
        # ``digest``'s hasher with the key already taken in: a copy per text costs less
        # than keying a new one (~0.3 µs of ~1 µs a row, at 1M 925k rows)
        self._keyed = _blake2b(digest_size=32, key=key)
        self.run = time.time_ns()  # marks the rows this run writes
        self.reused = 0  # distinct texts whose signals an earlier run wrote
        self.judged = 0  # distinct texts whose signals were computed in this run
        self._new: list[tuple[int, bytes, str, int]] = []
        # encoded hits by kind and text digest: those earlier runs wrote, those judged here
        self._earlier: tuple[dict[bytes, str], ...] = ({}, {})
        self._here: tuple[dict[bytes, str], ...] = ({}, {})
        self._query = False  # whether a digest missing from both is looked up in the file
        # The last text's digest: a text's two kinds are recalled one after the other.
        self._last: tuple[str | None, bytes] = (None, b"")
        if conn is not None:
            if whole:
                self._read_all(conn)
            else:
                self._query = True

    def _read_all(self, conn: sqlite3.Connection) -> None:
        try:
            (n,) = conn.execute("SELECT count(*) FROM judged").fetchone()
            if n > HELD:
                self._query = True
                return
            for kind, key, hits in conn.execute("SELECT kind, digest, hits FROM judged"):
                if kind in (SIGNALS, LEARNED) and isinstance(key, bytes):
                    # most texts have no hit: one string for all of them
                    self._earlier[kind][key] = NO_HITS if hits == NO_HITS else hits
        except sqlite3.Error as exc:
            self._give_up(exc)

    @classmethod
    def open(cls, enabled: bool = True, whole: bool = True, durable: bool = True) -> Judgements:
        """``whole=False``: the file is not read whole whatever its size, each text is
        looked up (a write's few texts: ``written``); ``durable``: as ``connect``."""
        opened = connect(PREFIX, _SCHEMA, enabled, durable)
        if isinstance(opened, str):
            return cls.off(opened)
        conn, path, key = opened
        return cls(conn, path, "", key, whole=whole)

    @classmethod
    def reader(cls, enabled: bool = True) -> Judgements:
        """This engine's file opened to look texts up (``known``), if it exists: a
        reader makes no file."""
        where = folder() if enabled else None
        if where is None:
            return cls.off("turned off")
        if not (where / f"{PREFIX}{engine()[:20]}.sqlite").is_file():
            return cls.off("no file")
        return cls.open(enabled, whole=False, durable=False)

    def known(self, kind: int, text: str) -> list[Hit] | None:
        """The text's hits of ``kind`` as kept in the file, nothing computed or written;
        None when none is kept, or the row is not one a judgement of this text can be
        (the file is read as hostile input): a row that does not decode, a span outside
        the text or reversed, a weight outside [0, 1]."""
        if self.conn is None:
            return None
        raw, _ = self._lookup(kind, digest(text, self._secret))
        kept = None if raw is None else [] if raw == NO_HITS else decode_hits(raw)
        if kept is None:
            return None
        return kept if _fits(kept, text) else None

    def recall(self, kind: int, text: str, compute: Callable[[str], list[Hit]]) -> list[Hit]:
        if self.conn is None:
            self.judged += kind == SIGNALS
            return compute(text)
        last, key = self._last
        if text is not last:
            key = digest(text, self._secret)
            self._last = (text, key)
        here = self._here[kind]
        raw, earlier = here.get(key), False
        if raw is None:
            raw = self._earlier[kind].pop(key, None)
            earlier = raw is not None
            if raw is None and self._query:
                raw, earlier = self._lookup(kind, key)
        if raw is not None:
            kept = [] if raw == NO_HITS else decode_hits(raw)
            # (a row that does not decode, or that no judgement of this text can be, is
            # judged again: the file is hostile input, as a store is)
            if kept is not None and _fits(kept, text):
                if earlier:  # counted once: from now on among this run's
                    self.reused += kind == SIGNALS
                    self._hold(here, key, raw)
                return kept
        hits = compute(text)
        self.judged += kind == SIGNALS
        if self.conn is not None and not any(h.note for h in hits):
            encoded = NO_HITS if not hits else encode_hits(hits)
            self._hold(here, key, encoded)
            self._new.append((kind, key, encoded, self.run))
            if len(self._new) >= FLUSH_EVERY:
                self.flush()
        return hits

    def no_hits(self, text: str, learned: bool) -> bool:
        """Whether the text's signals, and with ``learned`` the learned scorer's hit
        too, are known to be none (kept by an earlier run or judged in this one). False
        when either is unknown or has hits: ``recall`` then answers as ever (the digest
        is not computed again). Most texts have no hit: a scan run again asks this first,
        one digest and a lookup or two, instead of ``recall``'s calls for each kind (at
        1M memories, 925k rows, it is called on every row: written out, not looped)."""
        if self.conn is None:
            return False
        hasher = self._keyed.copy()
        hasher.update(text.encode("utf-8", "surrogatepass"))
        key = hasher.digest()
        self._last = (text, key)
        raw = self._here[SIGNALS].get(key)
        if raw is None:
            if not self._clean_earlier(SIGNALS, key):
                return False
        elif raw != NO_HITS:
            return False
        if not learned:
            return True
        raw = self._here[LEARNED].get(key)
        if raw is None:
            return self._clean_earlier(LEARNED, key)
        return raw == NO_HITS

    def digest_of(self, text: str) -> bytes:
        """The text's keyed digest (the last one ``recall`` or ``no_hits`` computed, if
        of this text; unkeyed with no file)."""
        last, key = self._last
        return key if text is last else digest(text, self._secret)

    def take(self, kind: int, key: bytes, encoded: str) -> bool:
        """A judgement made in another process of this run (``second_judge``), held and
        written as if judged here; False (not taken) when this run has one already."""
        here = self._here[kind]
        if self.conn is None or key in here:
            return False
        self._hold(here, key, encoded)
        self._new.append((kind, key, encoded, self.run))
        self.judged += kind == SIGNALS
        if len(self._new) >= FLUSH_EVERY:
            self.flush()
        return True

    def kept(self, kind: int, text: str) -> bool:
        """Whether an earlier run's judgement of ``kind`` for the text was read when the
        file was opened and not used yet (read only: ``second_judge``'s forked helper
        asks it of texts the scan will find here)."""
        earlier = self._earlier[kind]
        return bool(earlier) and digest(text, self._secret) in earlier

    def _clean_earlier(self, kind: int, key: bytes) -> bool:
        """Whether an earlier run found no hit of ``kind`` in the text: then it is this
        run's from now on (and counted, once, as ``recall`` counts it). Unknown (looked up
        in the file, if at all), hits, or a row that does not decode: False, and
        ``recall`` decides and counts as ever."""
        earlier = self._earlier[kind]
        if earlier.get(key) != NO_HITS:
            return False
        del earlier[key]
        self.reused += kind == SIGNALS
        self._hold(self._here[kind], key, NO_HITS)
        return True

    def _hold(self, here: dict[bytes, str], key: bytes, encoded: str) -> None:
        if len(here) >= HELD:  # all in the file by now, or about to be: look them up there
            here.clear()
            self._query = True
        here[key] = encoded

    def _lookup(self, kind: int, key: bytes) -> tuple[str | None, bool]:
        """A digest's hits in the file, and whether an earlier run wrote them."""
        assert self.conn is not None
        try:
            row = self.conn.execute(
                "SELECT hits, run FROM judged WHERE kind = ? AND digest = ?", (kind, key)
            ).fetchone()
        except sqlite3.Error as exc:
            self._give_up(exc)
            return None, False
        if row is None or not isinstance(row[0], str):
            return None, False
        return row[0], row[1] != self.run

    def flush(self) -> None:
        if self._new:
            self._write(
                "INSERT OR REPLACE INTO judged (kind, digest, hits, run) VALUES (?, ?, ?, ?)",
                sorted(self._new),
            )
        self._new.clear()

    def close(self) -> None:
        self.flush()
        self._close()

    def stats(self) -> dict[str, object]:
        return {
            "reused": self.reused,
            "judged": self.judged,
            "file": str(self.path) if self.path is not None and not self.why_not else None,
            "not_used": self.why_not or None,
        }


def connect(
    prefix: str, schema: str, enabled: bool, durable: bool = True
) -> tuple[sqlite3.Connection, Path, bytes] | str:
    """This engine's file named ``prefix`` in the cache folder (made with ``schema`` if
    new: the other engines' files of that prefix then pruned), and the folder's key; or
    why not (turned off, a folder, key or file that cannot be used), never an error.

    ``durable=False`` (a write's: ``written``): nothing synced to disk. A stage opens
    and closes the files for a few rows, and the syncs of a write and of the close
    (its checkpoint) took ~17 ms a file here; a cache file a crash of the machine leaves
    damaged is not used (or a row judged again), as any damaged file."""
    where = folder() if enabled else None
    if where is None:
        return "turned off"
    path = where / f"{prefix}{engine()[:20]}.sqlite"
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = load_secret(where / KEY_FILE, "judgements key", create=True)
        assert key is not None
        fresh = not path.exists()
        _private(path)
        conn = sqlite3.connect(path, timeout=2.0, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={'NORMAL' if durable else 'OFF'}")
            conn.execute(schema)
        except BaseException:
            conn.close()
            raise
    except MemauditError as exc:
        return exc.message
    except (OSError, sqlite3.Error) as exc:
        return f"cannot use {path}: {exc}"
    if fresh:
        prune(where, path, prefix)
    return conn, path, key


def _private(path: Path) -> None:
    """Make the cache file (created empty if new) and its WAL and shared-memory files,
    if any, readable by the user alone: the digests are keyed, but which texts an item
    shares with others and the verdicts are still the user's. SQLite creates a
    database's WAL and shared-memory files with the database file's mode, so a file
    made 0600 here before SQLite opens it keeps them 0600 too. A symbolic link is not
    followed (``OSError``: the file is not used)."""
    for part, create in ((path, os.O_CREAT), (Path(f"{path}-wal"), 0), (Path(f"{path}-shm"), 0)):
        try:
            fd = os.open(part, os.O_RDWR | os.O_NOFOLLOW | create, 0o600)
        except FileNotFoundError:
            continue
        try:
            if os.fstat(fd).st_mode & 0o077:  # an older memaudit's file (0644)
                os.fchmod(fd, 0o600)
        finally:
            os.close(fd)


def prune(where: Path, keep: Path, prefix: str) -> None:
    """Delete the files of all but the ``KEEP_ENGINES`` most recently used other engines
    (only files named ``prefix`` + an engine + ``.sqlite``: this module's, and
    ``verdicts``')."""
    named = re.compile(re.escape(prefix) + r"[0-9a-f]{20}\.sqlite")
    try:
        others = [p for p in where.iterdir() if named.fullmatch(p.name) and p != keep]
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEEP_ENGINES:]:
            for part in (old, Path(f"{old}-wal"), Path(f"{old}-shm")):
                part.unlink(missing_ok=True)
    except OSError:
        pass  # a cache left as it was costs disk, not correctness
