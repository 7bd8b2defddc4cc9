"""Probing a foreign SQLite store for a needle, without ever writing to it.

Shared by the provider adapters (mem0, LangGraph, Basic Memory, Mnemosyne, Holographic,
...). Every function here is read-only; nothing creates a file next to the store.

API (all small; adapters compose them into their ``layers()``):

- ``connect_ro(path) -> sqlite3.Connection`` — open a SQLite file so that no byte of
  it changes and nothing is written beside it (see the function for the WAL rules);
  the connection's ``uri`` is what it opened, for ``ATTACH``.
- ``needle_texts(needle) -> list[str]`` — the texts a ``Needle`` asks for.
- ``text_match(needle_text, candidate) -> str | None`` — ``"exact text"``,
  ``"contains text"`` or ``"quoted sentence"`` (normalised with ``fingerprint``).
- ``column_layer(name, db, table, id_columns=..., text_columns=..., decode=...)`` — a
  ``Layer`` whose probe scans a table's columns: ids by equality, content through
  ``text_match``. ``decode`` turns a stored value (e.g. JSON bytes) into text.
- ``fts5_layer(name, db, table)`` — a ``Layer`` for an FTS5 table: terms still
  *searchable* (an ``fts5vocab`` table on a temporary in-memory connection with the store
  attached read-only) and terms still *present in index segments* (the ``<table>_data``
  leaf pages decoded term by term: a deleted document's terms stay there until the index
  is optimised or rebuilt).
- ``raw_bytes_layer(name, files, id_forms=...)`` — a ``Layer`` that streams the raw bytes of files
  (a SQLite file's ``-wal`` and ``-journal`` are added automatically) looking for the
  needle's sentences and ids, case-insensitively; a hit in a SQLite file says whether
  its page is live or on the free list.
- ``fts_tokens(text)`` — roughly what FTS5's ``unicode61`` tokenizer indexes (shared
  with the native ledger's verification, ``memaudit.rawscan``).
- ``scan_bytes(path, patterns)`` — the streaming scan itself (fixed-size chunks with an
  overlap, so memory stays flat and a match across a chunk boundary is still found).

Two neighbours hold the rest of the toolkit: ``sqlite_vec`` (sqlite-vec tables through
their shadow tables, orphans included) and ``id_columns`` (every column probed for an
id).

Residue rows never repeat the matched text: ``where`` names the table/column/row or
file/offset, ``match`` says how it matched, ``detail`` gives counts and short labels.
"""

from __future__ import annotations

import math
import os
import re
import sqlite3
import stat
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import quote

from memaudit import confined, scratch
from memaudit.fingerprint import normalize, sentences
from memaudit.rawscan import fts5_leaf_terms, fts_tokens, sqlite_page_info
from memaudit.store import Layer, LayerNotChecked, Needle, Residue

CHUNK = 4 * 1024 * 1024
MAX_VALUE_BYTES = 64 * 1024 * 1024  # one text or blob of a foreign store
MAX_HITS = 20  # per file / per table: enough to show where, without flooding
SQLITE_HEADER = b"SQLite format 3\x00"
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


# -- opening -------------------------------------------------------------------------


def is_wal_mode(path: Path) -> bool:
    """True when the file's header says WAL (read/write version bytes 18-19 == 2)."""
    head = confined.head(path, 20)
    return head.startswith(SQLITE_HEADER) and head[18:20] == b"\x02\x02"


def looks_like_sqlite(path: Path) -> bool:
    return confined.head(path, 16) == SQLITE_HEADER


class ReadOnlyConnection(sqlite3.Connection):
    """A connection from ``connect_ro``; ``uri`` is what it opened (to ATTACH the same
    file, or the same private copy, elsewhere)."""

    uri: str = ""


def file_uri(path: Path, query: str) -> str:
    """A SQLite URI for ``path`` (quoted: a name's ``?``, ``#`` or ``%`` is no URI syntax)."""
    return "file:" + quote(str(path)) + "?" + query


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def connect_ro(path: Path | str) -> sqlite3.Connection:
    """Open a foreign SQLite file so that no byte of it, or of its ``-wal``/``-shm``,
    changes and nothing is created beside it.

    - Rollback-journal file: ``mode=ro`` (creates nothing).
    - WAL file with no ``-wal``: nothing to replay, ``immutable=1`` (no locks, no side
      files).
    - WAL file with ``-wal`` and ``-shm``: ``mode=ro&readonly_shm=1``. Plain
      ``mode=ro`` would rebuild a stale ``-shm`` in place; read-only shm makes SQLite
      build its index in private memory instead (and still honour a live writer).
    - WAL file whose ``-shm`` is missing or unusable: SQLite would have to create or
      rewrite it, so memaudit reads a private copy (``memaudit.scratch``: regular
      files only, bounded, removed when the command ends).
    """
    real = Path(path).resolve()
    wal, shm = Path(f"{real}-wal"), Path(f"{real}-shm")
    if not is_wal_mode(real):
        return _connect(file_uri(real, "mode=ro"))
    if not os.path.lexists(wal):
        return _connect(file_uri(real, "immutable=1"))
    if _regular(wal) and _regular(shm):
        try:
            return _connect(file_uri(real, "mode=ro&readonly_shm=1"))
        except sqlite3.OperationalError:
            pass  # e.g. an empty or damaged -shm: read a copy instead
    copy, _ = scratch.copy_files([(real, real.name), (wal, real.name + "-wal")])
    return _connect(file_uri(copy, "mode=ro"))


def _no_store_sql(action: int, arg1: object, arg2: object, db: object, source: object) -> int:
    """Authorizer of foreign connections: nothing runs through a view or trigger (SQL
    the store's author wrote; a recursive view can run for ever), and no recursive
    query runs at all. Refused statements fail with "not authorized"."""
    if source is not None or action == sqlite3.SQLITE_RECURSIVE:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _connect(uri: str) -> sqlite3.Connection:
    conn = sqlite3.connect(uri, uri=True, factory=ReadOnlyConnection)
    # No single value read from a foreign store may be larger than this (a generated
    # column can compute a gigabyte per row): SQLite stops with "string or blob too big".
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.set_authorizer(_no_store_sql)
    # SQLite stores whatever bytes it is given as TEXT; Python's strict decoding would
    # make one invalid UTF-8 value refuse the whole store (hiding every other memory
    # from the audit). Read it as ``ls`` shows a blob: undecodable bytes as U+FFFD.
    conn.text_factory = _lenient_text
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        conn.execute("PRAGMA query_only=1")
    except BaseException:
        conn.close()
        raise
    conn.uri = uri
    return conn


def table_names(conn: sqlite3.Connection, schema: str = "main") -> set[str]:
    """Tables only: a view runs SQL the store's author wrote (a recursive one can run
    for ever), so memaudit never reads a foreign store through one."""
    rows = conn.execute(f"SELECT name FROM {schema}.sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    """The columns of ``table``; none for a name that cannot be quoted (a layer built
    on that name is *not checked*: ``column_layer`` refuses it too)."""
    try:
        quoted = quote_ident(table)
    except UnsafeIdentifier:
        return []
    return [r[1] for r in conn.execute(f"PRAGMA table_info({quoted})")]


def fts5_tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%VIRTUAL TABLE%'"
    ).fetchall()
    return sorted(name for name, sql in rows if re.search(r"USING\s+fts5\b", sql or "", re.I))


# -- matching ------------------------------------------------------------------------


def needle_texts(needle: Needle) -> list[str]:
    """The content(s) a needle asks for (``more_content`` when the Needle has it)."""
    texts = [needle.content, *getattr(needle, "more_content", [])]
    return [t for t in texts if t and t.strip()]


def text_match(needle_text: str, candidate: str) -> str | None:
    """How ``candidate`` contains ``needle_text``, or None."""
    want = normalize(needle_text)
    if not want:
        return None
    have = normalize(candidate)
    if have == want:
        return "exact text"
    if want in have:
        return "contains text"
    wanted = set(sentences(needle_text))
    if wanted and wanted & set(sentences(candidate)):
        return "quoted sentence"
    return None


def significant_tokens(text: str) -> list[str]:
    """Tokens worth looking for in an index: long or with digits (the rest are too
    common to be evidence); all tokens when none qualifies."""
    tokens = fts_tokens(text)
    strong = [t for t in tokens if len(t) >= 4 or any(c.isdigit() for c in t)]
    return strong or tokens


def label(text: str) -> str:
    """A short label for a term or id that does not spell it out."""
    return f"{text[:2]}…({len(text)} chars)" if len(text) > 3 else f"({len(text)} chars)"


def raw_pieces(text: str) -> list[str]:
    """Stretches to look for in raw bytes, as written: the whole text when short, else
    each sentence long enough to be evidence of a quote."""
    whole = text.strip()
    pieces = [whole] if whole else []
    for part in _SENTENCE_END.split(text):
        part = part.strip().rstrip(".!?;:").strip()
        if len(part.split()) >= 4 and part != whole:
            pieces.append(part)
    return list(dict.fromkeys(pieces))


# -- table columns -------------------------------------------------------------------


def default_decode(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def probe_columns(
    conn: sqlite3.Connection,
    layer: str,
    table: str,
    needle: Needle,
    *,
    id_columns: Sequence[str] = (),
    text_columns: Sequence[str] = (),
    decode: Callable[[Any], str | None] = default_decode,
    key_column: str = "rowid",
    where: str = "",
) -> list[Residue]:
    """Rows of ``table`` holding one of the needle's ids or its content (streamed)."""
    out: list[Residue] = []
    cols = list(dict.fromkeys([*id_columns, *text_columns]))
    texts = needle_texts(needle)
    if not cols or (not texts and not needle.ids):
        return out
    ids = set(needle.ids)
    sql = f"SELECT {_q(key_column)}, {', '.join(_q(c) for c in cols)} FROM {_q(table)}"
    if where:
        sql += f" WHERE {where}"
    for row in conn.execute(sql):
        key = row[0]
        for col, value in zip(cols, row[1:], strict=True):
            if value is None:
                continue
            if col in id_columns and ids and default_decode(value) in ids:
                out.append(Residue(layer, f"{table}.{col} [{key_column}={key}]", "id"))
            if col in text_columns and texts:
                text = decode(value)
                if text is None:
                    continue
                for t in texts:
                    how = text_match(t, text)
                    if how:
                        out.append(Residue(layer, f"{table}.{col} [{key_column}={key}]", how))
                        break
        if len(out) >= MAX_HITS:
            break
    return out


def column_layer(
    name: str,
    db: Path,
    table: str,
    *,
    id_columns: Sequence[str] = (),
    text_columns: Sequence[str] = (),
    decode: Callable[[Any], str | None] = default_decode,
    key_column: str = "rowid",
    kind: str = "rows",
    description: str = "",
) -> Layer:
    try:
        for ident in (table, key_column, *id_columns, *text_columns):
            quote_ident(ident)
    except UnsafeIdentifier as exc:
        return unchecked_layer(name, kind, exc.message)

    def probe(needle: Needle) -> list[Residue]:
        with closing(connect_ro(db)) as conn:
            if table not in table_names(conn):
                return []
            return probe_columns(
                conn,
                name,
                table,
                needle,
                id_columns=id_columns,
                text_columns=text_columns,
                decode=decode,
                key_column=key_column,
            )

    return Layer(name, kind, description or f"{db.name}: {table}", probe)


# -- FTS5 ----------------------------------------------------------------------------


def leaf_terms(block: bytes) -> list[bytes]:
    """The terms of one FTS5 leaf page (``rawscan.fts5_leaf_terms``); ValueError when the
    page is not one memaudit can read."""
    if len(block) < 4:
        return []
    footer = int.from_bytes(block[2:4], "big")
    if footer < 4 or footer > len(block):
        return []
    try:
        return [term for term, _start, _stop in fts5_leaf_terms(block, strict=True)]
    except IndexError:
        raise ValueError("truncated varint") from None


def _segment_leaf(rowid: int) -> bool:
    """Rowids of leaf pages: segment id << 37 + page number, no dlidx/height bits."""
    return rowid >= (1 << 37) and (rowid >> 31) & 0x3F == 0


def probe_fts5(conn: sqlite3.Connection, layer: str, table: str, needle: Needle) -> list[Residue]:
    """Needle tokens still searchable in ``table``, and still present in its segments.

    ``conn`` is a connection that has the store attached as schema ``s`` (see
    ``fts5_layer``). Residue is reported when *every* significant token of a needle text
    is there (one common word is not evidence). Ids are not looked for: an index holds
    words, and the rows layers find ids.
    """
    out: list[Residue] = []
    wanted: list[tuple[str, list[str]]] = [
        (f"text {n}", significant_tokens(t)) for n, t in enumerate(needle_texts(needle), 1)
    ]
    wanted = [(what, toks) for what, toks in wanted if toks]
    if not wanted:
        return out
    all_tokens = {t for _, toks in wanted for t in toks}

    # 1. Searchable terms, through fts5vocab (a temp table: nothing is written to `s`).
    searchable: set[str] = set()
    vocab_error = ""
    try:
        conn.execute(
            f"CREATE VIRTUAL TABLE temp.memaudit_vocab USING fts5vocab(s, {_q(table)}, row)"
        )
        marks = ",".join("?" * len(all_tokens))
        rows = conn.execute(
            f"SELECT term FROM temp.memaudit_vocab WHERE term IN ({marks})", sorted(all_tokens)
        )
        searchable = {r[0] for r in rows}
    except sqlite3.Error as exc:  # e.g. a custom tokenizer this Python does not have
        vocab_error = str(exc)
    finally:
        conn.execute("DROP TABLE IF EXISTS temp.memaudit_vocab")

    # 2. Terms in the index segments (live documents, deleted ones, delete markers).
    in_segments: dict[str, int] = {}
    undecodable = 0
    raw_tokens = {t: t.encode() for t in all_tokens}
    data = f"{table}_data"
    if data in table_names(conn, "s"):
        for rowid, block in conn.execute(f"SELECT id, block FROM s.{_q(data)}"):
            if not isinstance(block, bytes) or not _segment_leaf(rowid):
                continue
            try:
                terms = {
                    t[1:].decode("utf-8", "replace") for t in leaf_terms(block) if t[:1] == b"0"
                }
                found = all_tokens & terms
            except ValueError:
                undecodable += 1  # fall back to the bytes: cruder, but never silent
                found = {t for t, raw in raw_tokens.items() if raw in block.lower()}
            for t in found:
                in_segments[t] = in_segments.get(t, 0) + 1

    for what, toks in wanted:
        if all(t in searchable for t in toks):
            out.append(
                Residue(
                    layer, table, "term (searchable)", f"{what}: all {len(toks)} term(s) indexed"
                )
            )
        if all(t in in_segments for t in toks):
            blocks = max(in_segments[t] for t in toks)
            detail = f"{what}: all {len(toks)} term(s) in {blocks} leaf page(s) of {data}"
            if undecodable:
                detail += f" ({undecodable} page(s) matched by bytes)"
            out.append(Residue(layer, data, "term in index segment", detail))
    if vocab_error and not out:
        raise LayerNotChecked(
            f"which terms are still searchable could not be read (fts5vocab failed: "
            f"{vocab_error[:80]}); the index segments were scanned and hold none of them"
        )
    return out


def fts5_layer(name: str, db: Path, table: str, *, description: str = "") -> Layer:
    try:
        quote_ident(table + "_data")
    except UnsafeIdentifier as exc:
        return unchecked_layer(name, "fts", exc.message)

    def probe(needle: Needle) -> list[Residue]:
        src = connect_ro(db)
        uri = _db_uri(src)
        src.close()
        with closing(sqlite3.connect(":memory:", uri=True)) as mem:
            mem.execute("ATTACH DATABASE ? AS s", (uri,))
            return probe_fts5(mem, name, table, needle)

    return Layer(
        name,
        "fts",
        description
        or f"{db.name}: FTS5 index {table} (terms, including a deleted document's, in {table}_data)",
        probe,
    )


def _db_uri(conn: sqlite3.Connection) -> str:
    """The URI a connection from ``connect_ro`` was opened with (to ATTACH it)."""
    uri = getattr(conn, "uri", "")
    if not uri:
        raise ValueError("internal: not a connection from connect_ro")
    return str(uri)


# -- raw bytes -----------------------------------------------------------------------


def scan_bytes(
    path: Path, patterns: Sequence[tuple[bytes, str]], *, chunk_size: int = CHUNK
) -> list[tuple[int, str]]:
    """(offset, label) of each case-insensitive occurrence of a pattern, streamed."""
    pats = [(p.lower(), lab) for p, lab in patterns if p]
    if not pats or not path.is_file():
        return []
    overlap = max(len(p) for p, _ in pats) - 1
    hits: list[tuple[int, str]] = []
    seen: set[tuple[int, str]] = set()
    with path.open("rb") as fh:
        base, tail = 0, b""
        while True:
            block = fh.read(chunk_size)
            if not block:
                break
            buf = (tail + block).lower()
            for pat, lab in pats:
                at = buf.find(pat)
                while at != -1:
                    if (base + at, lab) not in seen:
                        seen.add((base + at, lab))
                        hits.append((base + at, lab))
                        if len(hits) >= MAX_HITS:
                            return hits
                    at = buf.find(pat, at + 1)
            keep = min(overlap, len(buf))
            tail = (tail + block)[len(buf) - keep :] if keep else b""
            base += len(buf) - keep
    return sorted(hits)


# -- ids in raw bytes: the one rule for every byte scan ------------------------------

MIN_ID_BITS = 20.0  # below this, a byte match says nothing (zero-filled pages, digits)
_ID_SEPARATORS = str.maketrans("", "", "-_.:/ ")


def id_bits(form: str) -> float:
    """How much an id tells apart, in bits: its length times the Shannon entropy of its
    characters, separators left out. ``7``, ``1234`` and the nil UUID say (almost)
    nothing; a random 16-hex id about 55 bits, a UUID about 120."""
    core = form.translate(_ID_SEPARATORS)
    counts = Counter(core)
    n = len(core)
    return max(0.0, -sum(c * math.log2(c / n) for c in counts.values())) if n else 0.0


# What makes an id's byte layer checkable when the id itself has too little entropy.
LOW_ENTROPY_REMEDY = "look for the memory's text with --content instead"


def unsearchable_id(form: str) -> str | None:
    """Why a byte scan must not look for ``form`` (too little entropy: the nil UUID
    matches every zero-filled page), or None when it can. Every byte scan of an id goes
    through this rule; a layer that had to skip an id says so (*not checked*)."""
    bits = id_bits(form)
    if bits >= MIN_ID_BITS:
        return None
    return (
        f"the id {form[:40]!r} has too little entropy ({bits:.0f} bits, {MIN_ID_BITS:.0f} "
        "needed) to be told apart from other bytes: its raw bytes were not searched"
    )


def id_search_forms(
    ids: Sequence[str], id_forms: Callable[[str], list[str]] | None = None
) -> tuple[list[str], list[str]]:
    """The forms of ``ids`` a byte scan looks for (``id_forms`` gives how the store
    spells an id on disk; default as is), and why any were left out
    (``unsearchable_id``)."""
    forms: list[str] = []
    why: list[str] = []
    for i in ids:
        for form in id_forms(i) if id_forms else [i]:
            reason = unsearchable_id(form)
            if reason is None:
                forms.append(form)
            elif reason not in why:
                why.append(reason)
    return list(dict.fromkeys(forms)), why


def needle_patterns(
    needle: Needle, id_forms: Callable[[str], list[str]] | None = None
) -> list[tuple[bytes, str]]:
    """Byte patterns for a needle: its texts (see ``raw_pieces``) and its ids, each id
    in the forms ``id_forms`` gives (only those ``unsearchable_id`` lets through)."""
    pats: list[tuple[bytes, str]] = []
    for n, text in enumerate(needle_texts(needle), 1):
        for k, piece in enumerate(raw_pieces(text), 1):
            pats.append(
                (piece.encode("utf-8"), f"text {n}" + (f" sentence {k - 1}" if k > 1 else ""))
            )
    for form in id_search_forms(needle.ids, id_forms)[0]:
        pats.append((form.encode("utf-8"), f"id {label(form)}"))
    return pats


def ids_searched(
    found: list[Residue], needle: Needle, id_forms: Callable[[str], list[str]] | None = None
) -> list[Residue]:
    """``found`` — or, when a byte scan found nothing and had to leave an id out, the
    layer is *not checked* for that id (``LayerNotChecked``), never clean."""
    if not found:
        why = id_search_forms(needle.ids, id_forms)[1]
        if why:
            raise LayerNotChecked("; ".join(why), remedy=LOW_ENTROPY_REMEDY)
    return found


def sidecars_of(path: Path) -> list[Path]:
    """A SQLite file plus its WAL and rollback journal, when present."""
    return [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-journal")) if p.is_file()]


def probe_raw(
    layer: str,
    files: Iterable[Path],
    needle: Needle,
    id_forms: Callable[[str], list[str]] | None = None,
    *,
    whole_layer: bool = True,
) -> list[Residue]:
    """The needle's byte patterns in ``files``. ``whole_layer``: this scan is the
    layer's whole probe, so an id left out (``unsearchable_id``) with nothing found
    makes the layer *not checked*; a fallback scan inside a text layer passes False."""
    out: list[Residue] = []
    patterns = needle_patterns(needle, id_forms)
    for path in files:
        hits = scan_bytes(path, patterns)
        if not hits:
            continue
        size, free = sqlite_page_info(path) if looks_like_sqlite(path) else (0, set())
        for offset, lab in hits:
            where = f"{path} @ byte {offset}"
            if size:
                page = offset // size + 1
                where += f" (page {page}, {'free-list page' if page in free else 'in-use page'})"
            elif path.name.endswith("-wal") and offset >= 32:
                where += f" (WAL frame ~{(offset - 32) // (24 + _wal_page_size(path)) + 1})"
            out.append(Residue(layer, where, "bytes", lab))
    return ids_searched(out, needle, id_forms) if whole_layer else out


def _wal_page_size(path: Path) -> int:
    with path.open("rb") as fh:
        head = fh.read(32)
    return int.from_bytes(head[8:12], "big") or 4096


def raw_bytes_layer(
    name: str,
    files: Sequence[Path],
    *,
    description: str = "",
    id_forms: Callable[[str], list[str]] | None = None,
) -> Layer:
    """Raw bytes of ``files`` (and each SQLite file's -wal/-journal at probe time);
    ``id_forms`` maps a memaudit id to the strings the store writes for it."""

    def probe(needle: Needle) -> list[Residue]:
        everything: list[Path] = []
        for f in files:
            everything += sidecars_of(f) if looks_like_sqlite(f) else [f] if f.is_file() else []
        return probe_raw(name, everything, needle, id_forms)

    return Layer(
        name,
        "raw-bytes",
        description
        or "raw bytes of "
        + ", ".join(f.name for f in files)
        + " (+ WAL/journal): free pages and unused space SQL cannot see",
        probe,
    )


# -- identifiers ---------------------------------------------------------------------

MAX_IDENTIFIER = 1024  # longer table or column names are not something a store needs


class UnsafeIdentifier(LayerNotChecked):
    """A table or column name read from a store that cannot be put in SQL safely."""


def quote_ident(name: object) -> str:
    """A name read from a store's schema, as a quoted SQL identifier (SQLite and
    PostgreSQL alike: wrapped in double quotes, inner ones doubled).

    The one place every schema-derived name goes through before it reaches SQL: a
    table named ``notes_tri" WHERE 0 --`` stays one name. What cannot be quoted safely
    (not text, a NUL, text that is not valid Unicode, absurd length) raises
    ``UnsafeIdentifier``, which makes the layer *not checked*, never clean.
    """
    if not isinstance(name, str) or not name:
        raise UnsafeIdentifier(f"a name in the store's schema is not text ({name!r:.40})")
    if "\0" in name or len(name) > MAX_IDENTIFIER:
        raise UnsafeIdentifier(
            f"the store's schema has a name memaudit cannot quote safely ({name[:40]!r}...)"
        )
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise UnsafeIdentifier(
            f"the store's schema has a name that is not valid Unicode ({name[:40]!r})"
        ) from None
    return '"' + name.replace('"', '""') + '"'


_q = quote_ident


def unchecked_layer(name: str, kind: str, reason: str) -> Layer:
    """A layer that exists but cannot be probed: reported as *not checked*."""

    def probe(needle: Needle) -> list[Residue]:
        raise LayerNotChecked(reason)

    return Layer(name, kind, reason, probe, checked=False, why_unchecked=reason)
