"""sqlite-vec (``vec0``) tables read through their shadow tables, read-only: which
vectors a store still holds, keyed by the row they belong to — and which of them are
orphans whose row is gone (``Residue.orphan``). Part of the foreign-store toolkit
(``sqlite_probe``), used by Mnemosyne and OpenClaw."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from memaudit.adapters.support.sqlite_probe import (
    MAX_HITS,
    UnsafeIdentifier,
    columns,
    connect_ro,
    needle_patterns,
    needle_texts,
    quote_ident,
    table_names,
    text_match,
    unchecked_layer,
)
from memaudit.store import Layer, LayerNotChecked, Needle, Residue

_q = quote_ident


# The shadow layout memaudit reads, as sqlite-vec v0.1.x creates it (the DDL strings of
# its 0.1.9 build): <t>_info(key, value) with CREATE_VERSION; <t>_rowids(rowid, id,
# chunk_id, chunk_offset) — one row per vector, ``id`` set when the table has a text
# primary key; <t>_chunks(chunk_id, size, validity, rowids) — a validity bitmap and the
# rowid of each slot; <t>_vector_chunksNN(rowid, vectors) — ``size`` vectors per chunk;
# optionally <t>_auxiliary and <t>_metadatachunksNN / <t>_metadatatextNN (values).
VEC0_KNOWN_VERSION = re.compile(r"v0\.1\.\d+")
VEC0_SHADOWS = ("info", "rowids", "chunks")


def vec0_tables(conn: sqlite3.Connection) -> list[str]:
    """Virtual tables declared ``USING vec0`` (sqlite-vec)."""
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%VIRTUAL TABLE%'"
    ).fetchall()
    return sorted(name for name, sql in rows if re.search(r"USING\s+vec0\b", sql or "", re.I))


def _vec0_shadows(conn: sqlite3.Connection, table: str) -> list[str]:
    """The shadow tables of ``table`` memaudit reads, or ``LayerNotChecked`` saying why
    they cannot be read (missing, or written by a sqlite-vec whose layout is unknown)."""
    names = table_names(conn)
    missing = [f"{table}_{s}" for s in VEC0_SHADOWS if f"{table}_{s}" not in names]
    vectors = sorted(t for t in names if re.fullmatch(re.escape(table) + r"_vector_chunks\d\d", t))
    if missing or not vectors:
        raise LayerNotChecked(
            f"the shadow tables of sqlite-vec table {table} are missing "
            f"({', '.join(missing) or table + '_vector_chunks00'}): its vectors can be "
            "checked only with sqlite-vec loaded"
        )
    row = conn.execute(
        f"SELECT value FROM {_q(table + '_info')} WHERE key = 'CREATE_VERSION'"
    ).fetchone()
    version = str(row[0]) if row else "an unrecorded version"
    layout = {
        f"{table}_rowids": ["rowid", "id", "chunk_id", "chunk_offset"],
        f"{table}_chunks": ["chunk_id", "size", "validity", "rowids"],
    }
    if not VEC0_KNOWN_VERSION.fullmatch(version) or any(
        columns(conn, t)[: len(cols)] != cols for t, cols in layout.items()
    ):
        raise LayerNotChecked(
            f"sqlite-vec table {table} was written by sqlite-vec {version[:20]!r}, whose "
            "shadow-table layout memaudit does not know (it reads v0.1.x): check it with "
            "that sqlite-vec loaded"
        )
    extra = sorted(
        t
        for t in names
        if t == f"{table}_auxiliary"
        or re.fullmatch(re.escape(table) + r"_metadata(?:chunks|text)\d\d", t)
    )
    return [f"{table}_{s}" for s in VEC0_SHADOWS] + vectors + extra


def _vec0_key(rowid: int, text_id: object) -> str:
    """The key a vec0 row was stored under: its text id, else its integer rowid."""
    return str(text_id) if text_id is not None else f"rowid {rowid}"


def probe_vec0(
    conn: sqlite3.Connection,
    layer: str,
    table: str,
    needle: Needle,
    *,
    base: tuple[str, str] | None,
) -> list[Residue]:
    """A sqlite-vec table read through its shadow tables, without the extension.

    - a vector whose key (text id, or rowid) is one of the needle's ids: ``id``;
    - a vector whose row in ``base`` (table, key column: ``rowid`` or a text column) is
      gone: an *orphan* carrying its key — which text it encodes cannot be read back;
    - a slot sqlite-vec marked deleted whose bytes were not zeroed: an orphan too;
    - every value of every shadow table: the needle's text (``text_match``) and, in
      blobs, its byte patterns.
    Without ``base`` (which table the vectors mirror is not known) and with vectors
    present, nothing can be told live or orphaned: *not checked*, unless found."""
    shadows = _vec0_shadows(conn, table)
    rowids, chunks = _q(f"{table}_rowids"), _q(f"{table}_chunks")
    out: list[Residue] = []
    orphaned: set[int] = set()
    count = conn.execute(f"SELECT count(*) FROM {rowids}").fetchone()[0]
    unknown = ""
    if base is None:
        if count:
            unknown = (
                f"which table {table} mirrors is not known: its {count} vector(s) cannot be "
                "told live or orphaned"
            )
    else:
        btable, bcol = base
        if btable not in table_names(conn):
            raise LayerNotChecked(f"{btable}, the table {table} mirrors, is missing")
        # ``rowid`` is the row id itself, never quoted: a quoted "rowid" could name a column
        key = "rowid" if bcol == "rowid" else _q(bcol)
        sql = (
            f"SELECT r.rowid, r.id FROM {rowids} r WHERE NOT EXISTS "
            f"(SELECT 1 FROM {_q(btable)} b WHERE b.{key} = coalesce(r.id, r.rowid))"
        )
        for rowid, text_id in conn.execute(sql):
            orphaned.add(rowid)
            out.append(
                Residue(
                    layer,
                    f"{table}_rowids [rowid={rowid}]",
                    "orphan vector",
                    f"a vector whose {btable} row is gone: the text it encodes cannot be read back",
                    orphan=_vec0_key(rowid, text_id),
                )
            )
            if len(out) >= MAX_HITS:
                break
    # A live vector stored under one of the ids (tables with a text primary key); an
    # orphan's key is matched against the ids by ``verify_layers``.
    ids = set(needle.ids)
    for rowid, text_id in conn.execute(f"SELECT rowid, id FROM {rowids} WHERE id IS NOT NULL"):
        if str(text_id) in ids and rowid not in orphaned:
            out.append(Residue(layer, f"{table}_rowids [rowid={rowid}]", "id"))
    vectors = [t for t in shadows if "_vector_chunks" in t]
    out += _vec0_dead_slots(conn, layer, table, chunks, vectors)
    values = [t for t in shadows if t.endswith("_auxiliary") or "_metadata" in t]
    out += _probe_values(conn, layer, shadows, needle, id_tables=values)
    if unknown and not out:
        raise LayerNotChecked(unknown)
    return out


def _vec0_dead_slots(
    conn: sqlite3.Connection, layer: str, table: str, chunks: str, vector_tables: list[str]
) -> list[Residue]:
    """Slots marked deleted (validity bit clear) whose vector bytes are still there:
    sqlite-vec 0.1.9 zeroes them; a build that did not leaves a deleted vector behind."""
    out: list[Residue] = []
    for chunk_id, size, validity, slot_rowids in conn.execute(
        f"SELECT chunk_id, size, validity, rowids FROM {chunks}"
    ):
        if not isinstance(validity, bytes) or not isinstance(size, int) or size <= 0:
            continue
        valid = int.from_bytes(validity, "little")
        for vt in vector_tables:
            row = conn.execute(f"SELECT vectors FROM {_q(vt)} WHERE rowid = ?", (chunk_id,))
            blob = (row.fetchone() or [None])[0]
            if not isinstance(blob, bytes) or len(blob) < size:
                continue
            width = len(blob) // size
            for slot in range(size):
                if valid >> slot & 1:
                    continue
                if not blob[slot * width : (slot + 1) * width].strip(b"\0"):
                    continue
                rid = (
                    int.from_bytes(slot_rowids[slot * 8 : slot * 8 + 8], "little", signed=True)
                    if isinstance(slot_rowids, bytes)
                    else 0
                )
                out.append(
                    Residue(
                        layer,
                        f"{vt} [chunk {chunk_id}, slot {slot}]",
                        "deleted vector's bytes",
                        "a slot sqlite-vec marked deleted still holds its vector: the text "
                        "it encodes cannot be read back",
                        orphan=f"rowid {rid}" if rid else f"{table} chunk {chunk_id} slot {slot}",
                    )
                )
                if len(out) >= MAX_HITS:
                    return out
    return out


def _probe_values(
    conn: sqlite3.Connection,
    layer: str,
    tables: Sequence[str],
    needle: Needle,
    *,
    id_tables: Sequence[str] = (),
) -> list[Residue]:
    """Every value of ``tables``: text through ``text_match`` (and, in ``id_tables``,
    an id by equality), blobs through the needle's byte patterns (case-insensitive)."""
    texts = needle_texts(needle)
    patterns = [(p.lower(), lab) for p, lab in needle_patterns(needle) if p]
    out: list[Residue] = []
    for table in tables:
        ids = set(needle.ids) if table in id_tables else set()
        hits = 0
        for row in conn.execute(f"SELECT rowid, * FROM {_q(table)}"):
            for value in row[1:]:
                how = ""
                if isinstance(value, str):
                    if value in ids:
                        how = "id"
                    else:
                        how = next((h for t in texts if (h := text_match(t, value))), "")
                elif isinstance(value, bytes) and patterns:
                    low = value.lower()
                    how = next((f"bytes ({lab})" for p, lab in patterns if p in low), "")
                if how:
                    out.append(Residue(layer, f"{table} [rowid={row[0]}]", how))
                    hits += 1
                    break
            if hits >= MAX_HITS:
                break
    return out


def vec0_layer(
    name: str,
    db: Path,
    table: str,
    *,
    base: tuple[str, str] | None,
    description: str = "",
) -> Layer:
    """A ``Layer`` for a sqlite-vec table (see ``probe_vec0``); ``base`` is the table and
    key column its vectors mirror (``("working_memory", "rowid")``), None if unknown."""
    try:
        for ident in (table, *(base or ())):
            quote_ident(ident)
    except UnsafeIdentifier as exc:
        return unchecked_layer(name, "vectors", exc.message)

    def probe(needle: Needle) -> list[Residue]:
        with closing(connect_ro(db)) as conn:
            return probe_vec0(conn, name, table, needle, base=base)

    mirrors = f"; vectors whose {base[0]} row is gone are orphans" if base else ""
    return Layer(
        name,
        "vectors",
        description or f"{db.name}: sqlite-vec {table}, read through its shadow tables{mirrors}",
        probe,
    )
