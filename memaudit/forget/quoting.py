"""Finding a forgotten memory's sentences wherever they are quoted: in other memories
and in plain text columns, one pass per table over the rows themselves (SQL
pre-filtering by an anchor, Python confirming), never through an index the store wrote."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from memaudit import fingerprint, storejson
from memaudit.ledger import Ledger
from memaudit.ledger.bulk import chunks
from memaudit.ledger.columns import _text
from memaudit.model import Memory
from memaudit.sqlite_driver import sqlite3


def memory_text(memory: Memory) -> str:
    return memory.content + ("\n" + memory.summary if memory.summary else "")


def _phrase(tokens: Sequence[str]) -> str:
    return '"' + " ".join(tokens) + '"'


def _pieces_normalized(text: str) -> list[str]:
    """What a typed text is looked for by: its sentences of substance, else the whole
    normalised text (someone asked for exactly this text)."""
    pieces = fingerprint.pieces(text)
    whole = fingerprint.normalize(text)
    return pieces or ([whole] if whole else [])


def quoting_memories(ledger: Ledger, text: str, exclude: set[str]) -> list[str]:
    """Ids of memories whose content or summary is ``text`` or holds one of its
    sentences (of substance), found by reading every row (``_holding``)."""
    return list(_holding(ledger.conn, _pieces_normalized(text), exclude))


# Sets of runs SQL tests in its one pass over ``memories`` (up to 2 * KEY_RUNS LIKE
# tests each; SQLite's expression depth limit is 1000): with more, Python reads every
# row instead.
TERMS_PER_QUERY = 100


def _holding(
    conn: sqlite3.Connection, pieces: Iterable[str], exclude: set[str]
) -> dict[str, list[str]]:
    """Memories (not in ``exclude``) whose normalised content + summary holds one of
    ``pieces`` (normalised sentences) as whole words: {memory id: the pieces it holds}.

    Every row is read: nothing the store wrote about its rows (the FTS index, the
    ``content_hash`` column, timestamps) decides what is looked at, so a copy with a
    forged hash, missing from the index, is found like any other. SQL keeps a row
    whose content or summary holds each of a piece's ``KEY_RUNS`` longest runs of ASCII
    letters and digits (``_keys``: any case — a holder of the piece has every one of
    them), or whose values are not plain ASCII text (``_NOT_ASCII``: normalising may
    turn them into a piece, so Python judges them); Python confirms on the normalised
    text. Exact with respect to ``fingerprint.normalize``. One pass over the table:
    with more than ``TERMS_PER_QUERY`` distinct sets of runs (a forget of thousands of
    memories) SQL filters nothing and Python reads every row — never a pass per set.
    """
    wanted = list(dict.fromkeys(pieces))
    if not wanted:
        return {}
    keys_of = {p: _keys(p) for p in wanted}
    # In Python a row's pieces to try are found by one of their runs: a holder's
    # normalised text has each run of the piece as one of its own maximal runs. Each
    # piece is filed under the run fewest pieces share (a chain's "step 7 follows ..."
    # under "7", not "follows"). A piece with no run, or one cut to ANCHOR_MAX, is
    # tried on every row read.
    shared: dict[str, int] = {}
    for keys in keys_of.values():
        for k in keys:
            shared[k] = shared.get(k, 0) + 1
    by_key: dict[str, list[str]] = {}
    always = []
    for piece, keys in keys_of.items():
        if keys and all(len(k) < ANCHOR_MAX for k in keys):
            by_key.setdefault(min(keys, key=lambda k: (shared[k], keys.index(k))), []).append(piece)
        else:
            always.append(piece)
    # SQL: one test per distinct set of runs (a piece without any can only be held by
    # a value that is not plain ASCII text, which _NOT_ASCII sends on).
    tests = list(dict.fromkeys(keys for keys in keys_of.values() if keys))
    if len(tests) > TERMS_PER_QUERY:
        sql, params = "SELECT id, content, summary FROM memories", []
    else:
        where = [
            " AND ".join("(content LIKE ? ESCAPE '\\' OR summary LIKE ? ESCAPE '\\')" for _ in keys)
            for keys in tests
        ]
        params = [_like(k[:ANCHOR_MAX]) for keys in tests for k in keys for _ in range(2)]
        where.append(_NOT_ASCII)
        sql = "SELECT id, content, summary FROM memories WHERE " + " OR ".join(where)
    always_ascii = [p for p in always if p.isascii()]
    order = {p: i for i, p in enumerate(wanted)}
    found: dict[str, list[str]] = {}
    for mid, content, summary in conn.execute(sql, params):
        mid = _text(mid)
        if mid in exclude:
            continue
        norm = fingerprint.normalize((_text(content) or "") + "\n" + (_text(summary) or ""))
        runs = set(_ASCII_RUN.findall(norm))
        tried = [
            p for r in runs.intersection(by_key) for p in by_key[r] if runs.issuperset(keys_of[p])
        ]
        extra = always_ascii if norm.isascii() else always  # ASCII holds only ASCII
        held = sorted(
            (p for p in [*tried, *extra] if fingerprint.contains(norm, p)),
            key=order.__getitem__,
        )
        if held:
            found[mid] = held
    return found


# Runs of a sentence a row must hold, in SQL, to be read in Python (a template's
# sentence differs from its thousands of siblings in one short word: "uv", "pdm").
KEY_RUNS = 8


def _keys(piece: str) -> tuple[str, ...]:
    """Up to ``KEY_RUNS`` distinct runs of ASCII letters and digits of a normalised
    sentence, longest first (SQL tests them in that order, and stops at the first a
    row lacks). In ASCII text a holder has each verbatim up to case (normalising only
    folds case and spaces there), and SQL's LIKE ignores ASCII case; any of its runs
    filters soundly. Nothing the store wrote (its index's term counts) picks them."""
    runs = sorted(set(_ASCII_RUN.findall(piece)), key=lambda r: (-len(r), r))
    return tuple(runs[:KEY_RUNS])


# A value normalising may change beyond ASCII case and spaces, or that LIKE reads only
# in part: non-ASCII text, a NUL (SQL's length() and LIKE stop at it), a blob of such
# bytes. length() of the text counts characters up to a NUL, of the blob its bytes.
_NOT_ASCII = " OR ".join(
    f"length(CAST({col} AS BLOB)) != length(CAST({col} AS TEXT))" for col in ("content", "summary")
)


# LIKE tests OR-ed in one statement (SQLite's expression depth limit is 1000).
_MAX_OR_TERMS = 400


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_ASCII_RUN = re.compile(r"[a-z0-9]+")


def _all_pieces(texts: Iterable[str]) -> list[str]:
    out: dict[str, None] = {}
    for text in texts:
        for piece in _pieces_normalized(text):
            out[piece] = None
    return list(out)


ANCHOR_MAX = 2000  # characters of an anchor used in LIKE (well under SQLite's limit)


def _anchor(piece: str) -> str:
    """A stretch of a normalised sentence that a stored copy holds verbatim up to ASCII
    case: its longest run of ASCII letters and digits (normalising leaves those as
    they are, and SQL's LIKE ignores their case), else its longest word."""
    runs = _ASCII_RUN.findall(piece) or piece.split(" ")
    # Any stretch of the anchor filters just as soundly; SQLite refuses LIKE patterns
    # over 50,000 bytes ("pattern too complex"), which a megabyte-long memory reaches.
    return max(runs, key=len)[:ANCHOR_MAX]


def _like(fragment: str) -> str:
    escaped = fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _views(value: str) -> list[str]:
    """The forms a stored copy of a sentence is looked for in: normalised, lower-cased
    as SQL's lower() does (what the probes matched before), and — for JSON — the
    strings it encodes, normalised (JSON escapes quotes and non-ASCII characters)."""
    views = [fingerprint.normalize(value), value.translate(_ASCII_LOWER)]
    if value[:1] in ("{", "[", '"'):
        try:
            decoded = storejson.loads(value)
        except ValueError:
            return views
        views.append(fingerprint.normalize("\n".join(_json_strings(decoded))))
    return views


def _json_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v)


def _rows_quoting(
    conn: sqlite3.Connection,
    table: str,
    key: str,
    columns: Sequence[str],
    pieces: Sequence[str],
    *,
    every_non_ascii: bool = True,
) -> list[tuple[Any, str, int]]:
    """(key, column, sentence number) for each text column of ``table`` holding one of
    ``pieces`` (normalised sentences), in one pass over the table.

    SQL pre-filters — a row goes on if a column contains a sentence's anchor (see
    ``_anchor``), ASCII case ignored — and Python confirms on the candidates. A copy
    that normalising changes inside the anchor itself (compatibility forms, invisible
    characters) passes the filter only through ``every_non_ascii``, which sends every
    value with a non-ASCII character to Python too: exact, at the price of measuring
    every value (used where the table is small or the answer decides what is deleted).
    """
    if not pieces:
        return []
    anchors: dict[str, None] = {}
    for piece in pieces:
        anchor = _anchor(piece)
        anchors[anchor] = None
        anchors[json.dumps(anchor)[1:-1]] = None  # as JSON writes it
    # SQLite caps an expression's depth (1000) and its variables: a long text's anchors
    # are tested a group at a time (rows in table order when one group is enough).
    select = f"SELECT {key}, {', '.join(columns)} FROM {table} WHERE "
    per_query = max(1, _MAX_OR_TERMS // max(1, len(columns)))
    groups = list(chunks(list(anchors), per_query))
    wide = [f"length(CAST({col} AS BLOB)) != length({col})" for col in columns]
    candidates: dict[Any, tuple[Any, ...]] = {}
    for n, group in enumerate(groups):
        tests = [f"{col} LIKE ? ESCAPE '\\'" for _ in group for col in columns]
        params = [_like(a) for a in group for _ in columns]
        if every_non_ascii and n == 0:
            tests += wide
        for row in conn.execute(select + " OR ".join(tests), params):
            candidates.setdefault(row[0], tuple(row))
    out = []
    for row in candidates.values():
        for col, value in zip(columns, row[1:], strict=True):
            if not isinstance(value, str):
                continue
            views = _views(value)
            for n, piece in enumerate(pieces, 1):
                if any(piece in view for view in views):
                    out.append((row[0], col, n))
    return out
