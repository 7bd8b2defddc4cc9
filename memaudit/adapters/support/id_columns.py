"""Every column of a foreign SQLite store, probed for an id: where a store keeps a
memory's id that its adapter does not map (a JSON value, a column added in a later
version). Part of the foreign-store toolkit (``sqlite_probe``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import closing
from pathlib import Path
from typing import Any

from memaudit import storejson
from memaudit.adapters.support.sqlite_probe import (
    MAX_HITS,
    columns,
    connect_ro,
    default_decode,
    id_search_forms,
    quote_ident,
    table_names,
)
from memaudit.store import Layer, LayerNotChecked, Needle, Residue

_q = quote_ident


def json_scalars(value: Any) -> Iterator[tuple[str, str]]:
    """(json path, text) of every key and scalar inside a decoded JSON value;
    iterative, so a deeply nested document cannot exhaust the stack."""
    stack: list[tuple[Any, str]] = [(value, "$")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            for key, sub in item.items():
                yield f"{path} (key)", str(key)
                stack.append((sub, f"{path}.{key}"))
        elif isinstance(item, list):
            stack += [(sub, f"{path}[{n}]") for n, sub in enumerate(item)]
        elif item is not None and not isinstance(item, bool):
            yield path, str(item)


def id_in_value(value: Any, ids: set[str]) -> str | None:
    """How a stored value holds one of ``ids``: ``id`` (the whole value), ``id in JSON
    at <path>`` (a key or scalar of a JSON document), ``contains id`` (inside a longer
    value: ``gist_<id>``, a comma list), or None. Only for ids ``unsearchable_id`` lets
    through: a short or repetitive id would be found inside anything."""
    text = default_decode(value)
    if text is None or not any(i in text for i in ids):
        return None
    if text in ids:
        return "id"
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        try:
            decoded = storejson.loads(stripped)
        except (ValueError, RecursionError):
            decoded = None
        for path, scalar in json_scalars(decoded):
            if scalar in ids:
                return f"id in JSON at {path[:60]}"
    return "contains id"


def probe_every_column(
    conn: sqlite3.Connection,
    layer: str,
    needle: Needle,
    *,
    covered: Mapping[str, Collection[str]] | None = None,
    id_forms: Callable[[str], list[str]] | None = None,
) -> list[Residue]:
    """Every column of every table, for the needle's ids in the forms ``id_forms``
    gives (``id_in_value``); (table, column) pairs in ``covered`` — those another layer
    already probes for ids — are skipped. Virtual tables are read through their shadow
    tables (ordinary ones), never directly: their module may not be loadable here. An id
    too plain to search (``unsearchable_id``) makes the layer *not checked* unless
    something was found."""
    if not needle.ids:
        return []
    forms, why = id_search_forms(needle.ids, id_forms)
    ids = set(forms)
    done = covered or {}
    virtual = {
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%VIRTUAL TABLE%'"
        )
    }
    wanted = sorted(ids)
    out: list[Residue] = []
    for table in sorted(table_names(conn) - virtual) if wanted else []:
        cols = [c for c in columns(conn, table) if c not in done.get(table, ())]
        if not cols:
            continue
        # A cheap filter in SQL (the id's bytes somewhere in the value), then the exact
        # classification here. Rows are named by rowid (WITHOUT ROWID: by the first column).
        conds = " OR ".join(
            f"instr(CAST({_q(c)} AS BLOB), CAST(? AS BLOB)) > 0" for c in cols for _ in wanted
        )
        params = [i for _ in cols for i in wanted]
        select = ", ".join(_q(c) for c in cols)
        key = "rowid"
        try:
            rows = conn.execute(f"SELECT rowid, {select} FROM {_q(table)} WHERE {conds}", params)
        except sqlite3.OperationalError as exc:
            if "rowid" not in str(exc):
                raise
            key = cols[0]
            rows = conn.execute(
                f"SELECT {_q(key)}, {select} FROM {_q(table)} WHERE {conds}", params
            )
        hits = 0
        for row in rows:
            for col, value in zip(cols, row[1:], strict=True):
                how = id_in_value(value, ids)
                if how:
                    out.append(Residue(layer, f"{table}.{col} [{key}={row[0]}]", how))
                    hits += 1
            if hits >= MAX_HITS:
                break
    if why and not out:
        raise LayerNotChecked("; ".join(why))
    return out


def every_column_layer(
    name: str,
    db: Path,
    *,
    covered: Mapping[str, Collection[str]] | None = None,
    id_forms: Callable[[str], list[str]] | None = None,
    description: str = "",
) -> Layer:
    """A ``Layer`` probing every column of every table of ``db`` for the needle's ids
    (``probe_every_column``): what a provider keeps pointing at a memory where no
    mapped layer looks (Mnemosyne's ``sync_memory_state``). Ids only: a text is looked
    for by the mapped layers and the raw bytes."""

    def probe(needle: Needle) -> list[Residue]:
        with closing(connect_ro(db)) as conn:
            return probe_every_column(conn, name, needle, covered=covered, id_forms=id_forms)

    return Layer(
        name,
        "rows",
        description
        or f"{db.name}: every other column of every table, for the id (the whole value, "
        "inside JSON, or inside a longer value); a text is looked for by the layers above",
        probe,
    )
