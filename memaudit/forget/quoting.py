"""Finding a forgotten memory's sentences wherever they are quoted: in other memories
(through the FTS index, by each sentence's rarest word) and in plain text columns (one
pass per table, SQL pre-filtering by an anchor, Python confirming)."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from memaudit import fingerprint, storejson
from memaudit.ledger import Ledger
from memaudit.ledger.bulk import chunks
from memaudit.model import Memory
from memaudit.rawscan import (
    fts_doc_counts,
    fts_tokens,
)
from memaudit.sqlite_driver import sqlite3

# Terms per FTS query when a plan reads in bulk (ids per IN list: ``CHUNK``).
TERMS_PER_QUERY = 200
# A piece whose rarest token more memories hold than this is looked up by its
# KEY_TOKENS rarest tokens together (see _quoting).
RARE_DOCS = 1000
KEY_TOKENS = 3
# Sentences per query that an ASCII candidate is checked for one by one.
FEW_PIECES = 16


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
    sentences (of substance)."""
    found = dict.fromkeys(
        mid
        for (mid,) in ledger.conn.execute(
            "SELECT id FROM memories WHERE content_hash = ?", (fingerprint.content_hash(text),)
        )
        if mid not in exclude
    )
    found.update(dict.fromkeys(_quoting(ledger, _pieces_normalized(text), exclude)))
    return list(found)


def _quoting(ledger: Ledger, pieces: Iterable[str], exclude: set[str]) -> dict[str, list[str]]:
    """Memories (not in ``exclude``) whose content or summary holds one of ``pieces``
    (normalised sentences) as whole words: {memory id: the pieces it holds}.

    Each piece is looked up by its rarest token (document counts from the FTS index's
    vocabulary), many tokens OR-ed per query, and every candidate is confirmed on its
    normalised text. Phrase queries would be exact but cost the length of every
    common word's list, per phrase: thousands of sentences made of the same words
    (a templated 100k chain) took minutes.

    When even the rarest token is common (a template's words: "borealis is backed by
    sqlite", whose rarest word 33,000 memories hold), a candidate must also hold the
    piece's next rarest tokens (``KEY_TOKENS`` in all) — unless its text has a
    non-ASCII character. That drops only memories that cannot hold the piece: in
    ASCII text every word of a sentence the normalised text holds is a token of the
    row (normalising ASCII only folds case and spaces, as the FTS tokenizer does);
    text with other characters (invisible ones, compatibility forms) may normalise
    into a word the index does not have, and is confirmed as before.
    """
    conn = ledger.conn
    tokens_of = {p: fts_tokens(p) for p in dict.fromkeys(pieces)}
    counts = fts_doc_counts(conn, {t for ts in tokens_of.values() for t in ts})
    by_token: dict[str, list[str]] = {}
    keys: dict[str, set[tuple[str, ...]]] = {}  # rarest token -> the keys narrowing it
    for piece, tokens in tokens_of.items():
        held = [t for t in tokens if t in counts]
        if len(held) == len(tokens) and held:  # a token no memory holds: nothing quotes it
            ranked = sorted(held, key=lambda t: (counts[t], -len(t)))
            by_token.setdefault(ranked[0], []).append(piece)
            key = ranked[:KEY_TOKENS] if counts[ranked[0]] > RARE_DOCS else ranked[:1]
            keys.setdefault(ranked[0], set()).add(tuple(key))
    found: dict[str, list[str]] = {}
    for part in chunks(list(by_token), TERMS_PER_QUERY):
        terms = set(part)
        # Few sentences: an ASCII candidate is checked for each of them, not first
        # tokenized (an ASCII text can hold only a sentence whose every word it has, so
        # the answer is the same; a template's sentence has thousands of true holders).
        every = [p for t in part for p in by_token[t]]
        if len(every) > FEW_PIECES:
            every = []
        wide = " OR ".join(f'"{t}"' for t in part)
        narrow = [k for t in part for k in sorted(keys[t])]
        if all(len(k) == 1 for k in narrow):
            rows = conn.execute(_CANDIDATES, (wide,))
        else:
            rows = conn.execute(
                _CANDIDATES + _NARROWED, (wide, " OR ".join(_all_of(k) for k in narrow))
            )
        for mid, content, summary in rows:
            if mid in exclude:
                continue
            text = content + "\n" + (summary or "")
            if every and text.isascii():
                wanted = every
            else:
                wanted = [p for t in terms.intersection(fts_tokens(text)) for p in by_token[t]]
            norm = fingerprint.normalize(text)
            held = [p for p in wanted if fingerprint.contains(norm, p)]
            if held:
                have = found.setdefault(mid, [])
                have += [p for p in held if p not in have]
    return found


_CANDIDATES = (
    "SELECT id, content, summary FROM memories WHERE seq IN "
    "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)"
)
_NARROWED = (
    " AND (seq IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?) "
    "OR length(CAST(content AS BLOB)) != length(content) "
    "OR length(CAST(summary AS BLOB)) != length(summary))"
)


def _all_of(tokens: Sequence[str]) -> str:
    """An FTS5 query for the rows holding every one of ``tokens``."""
    quoted = [f'"{t}"' for t in tokens]
    return quoted[0] if len(quoted) == 1 else "(" + " AND ".join(quoted) + ")"


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
