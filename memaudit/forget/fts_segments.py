"""Reading FTS5 index segments directly: the terms a leaf page holds, with each
entry's rowid and whether it is a delete marker (what fts5vocab does not show)."""

from __future__ import annotations

from collections.abc import Sequence

from memaudit.adapters.support.sqlite_probe import quote_ident
from memaudit.rawscan import fts5_leaf_terms, varint
from memaudit.sqlite_driver import sqlite3


def leaf_entries(page: bytes, want: bytes | None = None) -> dict[bytes, list[tuple[int, bool]]]:
    """The terms written on one FTS5 leaf page, each with the (rowid, is-delete-marker)
    entries of its doclist that are on this page (only term ``want``, if given: the
    terms are walked, the doclists of others skipped).

    The page is walked by ``rawscan.fts5_leaf_terms``. A term's doclist: a varint rowid, then per entry a varint (position-list size * 2 +
    delete flag), the positions, and the next rowid as a varint delta.
    """
    if len(page) < 4:
        return {}
    out: dict[bytes, list[tuple[int, bool]]] = {}
    try:
        for term, start, stop in fts5_leaf_terms(page):
            if want is None or term == want:
                out[term] = _doclist(page, start, stop)
        return out
    except IndexError:
        return {}  # not a leaf page we understand: report nothing rather than guess


def _doclist(page: bytes, j: int, stop: int) -> list[tuple[int, bool]]:
    """(rowid, delete marker) of each entry of a doclist written at page[j:stop]."""
    entries: list[tuple[int, bool]] = []
    rowid = 0
    first = True
    while j < stop:
        # Most varints here are one byte (rowid deltas, position-list sizes): read
        # those inline; a common term has thousands of entries on a page.
        step = page[j]
        if step < 0x80:
            j += 1
        else:
            step, j = varint(page, j)
        rowid = step if first else rowid + step
        first = False
        if j >= stop:
            break
        sz = page[j]
        if sz < 0x80:
            j += 1
        else:
            sz, j = varint(page, j)
        entries.append((rowid, bool(sz & 1)))
        j += sz >> 1
    return entries


def segment_entries(
    conn: sqlite3.Connection, fts: str, tokens: Sequence[str]
) -> list[tuple[str, int, int, int, bool]]:
    """(term, segment, page, rowid, delete marker) for each token in any segment of an
    FTS5 index, read from the index's own pages rather than through FTS5 (which hides
    deleted entries that are still written on disk).

    ``<fts>_idx`` maps each segment's leaf pages by their first term (with a one-byte
    index prefix, '0' for the main index); the page that would hold a token is the one
    with the largest first term <= it. Only that page is read: a rare term's doclist
    fits on it; a common term's may go on, and its other pages are not read.
    """
    found = []
    idx, data = quote_ident(f"{fts}_idx"), quote_ident(f"{fts}_data")
    try:
        segids = [r[0] for r in conn.execute(f"SELECT DISTINCT segid FROM {idx}")]
    except sqlite3.Error:
        return []
    for token in tokens:
        key = b"0" + token.encode("utf-8")
        for segid in segids:
            row = conn.execute(
                f"SELECT pgno FROM {idx} WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1",
                (segid, key),
            ).fetchone()
            if not row:
                continue
            page_no = int(row[0]) >> 1  # the low bit flags a doclist index
            blob = conn.execute(
                f"SELECT block FROM {data} WHERE id = ?", ((segid << 37) + page_no,)
            ).fetchone()
            if blob:
                for rowid, deleted in leaf_entries(bytes(blob[0]), key).get(key, []):
                    found.append((token, segid, page_no, rowid, deleted))
    return found
