"""Stores on a PostgreSQL server: connecting, masking credentials, probing layers.

Shared by the PostgreSQL adapters (Hindsight, Honcho). Nothing here writes:

- ``connect(url)`` opens a psycopg (v3) connection whose every transaction is read-only
  (``default_transaction_read_only`` set at login), in autocommit so no transaction stays
  open between commands' queries. A server that cannot be reached or refuses the login
  raises ``ConnectionFailed`` (exit 9) with one line that never holds the password.
- ``mask(url)`` / ``scrub(text, url)``: a URL's password is shown as ``***`` in every
  message memaudit prints; error text from the driver is scrubbed before it is shown
  (libpq can echo connection parameters).
- ``table_layers(...)``: a ``Layer`` per table that can hold a memory's text or id,
  probed in SQL (ids by equality in uuid/text/array/JSON columns, text by its sentences).
- ``pg_files.file_layers(...)``: what SQL cannot see — dead tuples left in the tables' data files
  until VACUUM, and WAL segments — scanned byte by byte when memaudit can read the
  server's data directory (a local server run as the same user), otherwise reported
  *not checked* with the reason. TOAST compresses long values, so a byte scan
  under-counts: the SQL probes are the primary ones. A change made since the last
  checkpoint may still be only in shared buffers and the WAL (``changes_not_on_disk``
  reads the WAL records after the checkpoint's redo point): the data-file layer then
  says so instead of "clean".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit, urlunsplit

from memaudit import storejson
from memaudit.adapters.support.listing import ListStore
from memaudit.adapters.support.sqlite_probe import (
    MAX_HITS,
    needle_texts,
    quote_ident,
    raw_pieces,
    significant_tokens,
    text_match,
)
from memaudit.clock import Clock
from memaudit.errors import ConnectionFailed, MemauditError, NotAStore, Unsupported
from memaudit.store import Layer, Needle, Residue

if TYPE_CHECKING:
    import psycopg

SCHEMES = ("postgresql://", "postgres://")
CONNECT_TIMEOUT = 10
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", ""}
# Column types worth probing: where text or an id can sit.
TEXT_TYPES = {"text", "varchar", "bpchar", "json", "jsonb", "name"}
ID_TYPES = {"uuid", "text", "varchar", "bpchar", "json", "jsonb", "int8", "int4"}
ARRAY_TYPES = {"_uuid", "_text", "_varchar"}
_PASSWORD_KV = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", re.IGNORECASE)
_URL_AUTH = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)([^@\s]*)(@)", re.IGNORECASE)


def is_url(location: str) -> bool:
    return location.lower().startswith(SCHEMES)


def mask(location: str) -> str:
    """The location with any password replaced by ``***`` (safe to print)."""
    if not is_url(location):
        return _PASSWORD_KV.sub(r"\1***", location)
    parts = urlsplit(location)
    netloc = parts.netloc
    if "@" in netloc:
        auth, host = netloc.rsplit("@", 1)
        if ":" in auth:
            auth = auth.split(":", 1)[0] + ":***"
        netloc = f"{auth}@{host}"
    query = _PASSWORD_KV.sub(r"\1***", parts.query.replace("&", " ")).replace(" ", "&")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def password_of(location: str) -> str | None:
    if not is_url(location):
        return None
    parts = urlsplit(location)
    found = parts.password
    for piece in parts.query.split("&"):
        key, _, value = piece.partition("=")
        if key.lower() == "password" and value:
            found = value
    return unquote(found) if found else None


def scrub(text: str, location: str | None = None) -> str:
    """``text`` with the location's password (raw or URL-encoded), any ``user:pw@`` in a
    URL and any ``password=...`` masked; one line."""
    out = str(text)
    secret = password_of(location) if location else None
    if location and is_url(location):
        raw = urlsplit(location).netloc.rsplit("@", 1)[0].partition(":")[2]
        for form in {secret, raw}:
            if form:
                out = out.replace(form, "***")
    out = _URL_AUTH.sub(r"\1***\3", out)
    out = _PASSWORD_KV.sub(r"\1***", out)
    return " ".join(out.split())


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise Unsupported(
            "PostgreSQL stores need psycopg 3: pip install 'memaudit[postgres]'"
        ) from None
    return psycopg


def connect(location: str, *, writable: bool = False) -> psycopg.Connection[Any]:
    """A connection to the server in ``location``; read-only unless ``writable``."""
    driver = _driver()
    options = "" if writable else "-c default_transaction_read_only=on"
    try:
        conn: psycopg.Connection[Any] = driver.connect(
            location,
            autocommit=True,
            connect_timeout=CONNECT_TIMEOUT,
            application_name="memaudit",
            options=options,
        )
    except driver.Error as exc:
        raise ConnectionFailed(f"{mask(location)}: {_why(exc, location)}") from None
    except Exception as exc:  # a malformed URL: psycopg raises ProgrammingError or ValueError
        raise ConnectionFailed(
            f"{mask(location)}: not a usable connection URL ({scrub(str(exc), location)})"
        ) from None
    from psycopg.types.json import set_json_loads

    set_json_loads(_store_json, context=conn)
    return conn


def _store_json(data: bytes | str) -> Any:
    """A json/jsonb value as the driver gives it to the adapters: parsed by
    ``storejson`` (the one parser for a store's JSON). One the parser refuses (nested
    deeper than it reads, where json.loads raised RecursionError and failed the whole
    query: the store unreadable) is its text, as a text column's JSON is."""
    try:
        return storejson.loads(data)
    except ValueError:
        return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def detect_schema(location: str, find_schema: Any, score: float) -> float:
    """An adapter's ``detect`` for a PostgreSQL URL: ``score`` if ``find_schema(conn)``
    names a schema holding its tables, else 0. Never raises."""
    if not is_url(location):
        return 0.0
    try:
        with connect(location) as conn:
            return score if find_schema(conn) else 0.0
    except Exception:  # detection never raises
        return 0.0


def open_schema_store(
    location: str, system: str, find_schema: Any, make_store: Any, missing: str, options: Any
) -> Any:
    """An adapter's ``open`` for a PostgreSQL URL: connect, find the system's schema
    (or take ``options['schema']``), build the store and read it once, so a broken store
    fails at open; the connection is closed on any failure."""
    if not is_url(location):
        raise NotAStore(f"{location}: {system} stores are PostgreSQL URLs (postgresql://...)")
    conn = connect(location)
    try:
        schema = options.get("schema") or find_schema(conn)
        if not schema:
            raise NotAStore(f"{mask(location)}: no {system} schema in this database ({missing})")
        store = make_store(location, conn, schema, clock=options.get("clock"))
        store.all()
        return store
    except BaseException:
        conn.close()
        raise


class SchemaStore(ListStore):
    """A store held in one schema of a PostgreSQL database (Hindsight, Honcho): the
    connection, table names qualified by the schema, and rows as dicts with every
    driver error turned into one line that never shows the password."""

    tables_label = "the store's tables"  # how errors name what was being read

    def __init__(self, url: str, conn: Any, schema: str, *, clock: Clock | None = None) -> None:
        super().__init__(mask(url), clock=clock)
        self._url = url  # never printed: self.location is the masked form
        self.conn = conn
        self.schema = schema

    def _t(self, table: str) -> str:
        return f"{qi(self.schema)}.{qi(table)}"

    def server_identity(self) -> dict[str, Any]:
        """The server's system identifier (unique per cluster, from ``initdb``), its
        version, the database and schema. A role that may not read
        ``pg_control_system()`` gets ``system_identifier`` None, and the reason."""
        out: dict[str, Any] = {"database": None, "schema": self.schema, "version": None}
        try:
            row = self.conn.execute(
                "SELECT current_database(), current_setting('server_version')"
            ).fetchone()
            out["database"], out["version"] = (str(row[0]), str(row[1])) if row else (None, None)
            ident = self.conn.execute(
                "SELECT system_identifier FROM pg_control_system()"
            ).fetchone()
            out["system_identifier"] = str(ident[0]) if ident else None
        except Exception as exc:  # a role without the right to read the control file
            out["system_identifier"] = None
            out["why_no_identifier"] = type(exc).__name__
        return out

    def _rows(self, sql: str, params: Any = None) -> list[dict[str, Any]]:
        try:
            cur = self.conn.execute(sql, params)
            names = [d.name for d in cur.description or []]
            return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
        except MemauditError:
            raise
        except Exception as exc:
            raise wrap_error(exc, self._url, self.tables_label) from None


def _why(exc: Exception, location: str) -> str:
    text = scrub(str(exc), location)
    low = text.lower()
    if "password authentication failed" in low or "no password supplied" in low:
        return "the server refused the login (wrong user or password)"
    if "does not exist" in low and "database" in low:
        return f"no such database ({text})"
    if "connection refused" in low or "could not connect" in low or "timeout" in low:
        return f"cannot reach the server ({text})"
    return f"cannot connect ({text})"


def check(location: str) -> None:
    """Raise ``ConnectionFailed`` when the server cannot be reached or refuses the login."""
    connect(location).close()


def wrap_error(exc: Exception, location: str, what: str) -> Exception:
    """A driver error met after connecting, as a memaudit error (scrubbed)."""
    psycopg = _driver()
    if isinstance(exc, psycopg.OperationalError):
        return ConnectionFailed(f"{mask(location)}: lost the server ({scrub(str(exc), location)})")
    return NotAStore(f"{mask(location)}: cannot read {what} ({scrub(str(exc), location)})")


# -- catalog ---------------------------------------------------------------------------


def tables(conn: psycopg.Connection[Any], schema: str = "public") -> set[str]:
    rows = conn.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
        (schema,),
    ).fetchall()
    return {r[0] for r in rows}


@dataclass(slots=True, frozen=True)
class Column:
    name: str
    udt: str  # information_schema udt_name: text, uuid, jsonb, _uuid (array), ...


def columns(conn: psycopg.Connection[Any], table: str, schema: str = "public") -> list[Column]:
    rows = conn.execute(
        "SELECT column_name, udt_name FROM information_schema.columns "
        "WHERE table_schema = %s AND table_name = %s ORDER BY ordinal_position",
        (schema, table),
    ).fetchall()
    return [Column(r[0], r[1]) for r in rows]


def primary_key(conn: psycopg.Connection[Any], table: str, schema: str = "public") -> list[str]:
    rows = conn.execute(
        "SELECT a.attname FROM pg_index i "
        "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
        "WHERE i.indrelid = (quote_ident(%s) || '.' || quote_ident(%s))::regclass "
        "AND i.indisprimary ORDER BY a.attnum",
        (schema, table),
    ).fetchall()
    return [r[0] for r in rows]


qi = quote_ident  # one quoting rule for every schema-derived name (sqlite_probe)


# -- SQL probes -------------------------------------------------------------------------


def probe_table(
    conn: psycopg.Connection[Any],
    layer: str,
    table: str,
    needle: Needle,
    *,
    schema: str = "public",
    id_columns: Sequence[str] | None = None,
    text_columns: Sequence[str] | None = None,
    where: str = "",
) -> list[Residue]:
    """Rows of ``table`` holding one of the needle's ids or its text.

    Columns default to every text-like (text search) and id-like (id search) column.
    The server filters (``strpos`` on each sentence, equality on ids); the rows it returns
    are classified here with ``text_match``, at most ``MAX_HITS`` per table.
    """
    cols = columns(conn, table, schema)
    if text_columns is None:
        text_columns = [c.name for c in cols if c.udt in TEXT_TYPES | {"_text", "_varchar"}]
    if id_columns is None:
        id_columns = [c.name for c in cols if c.udt in ID_TYPES | ARRAY_TYPES]
    udt = {c.name: c.udt for c in cols}
    text_columns = [c for c in text_columns if c in udt]
    id_columns = [c for c in id_columns if c in udt]
    texts = needle_texts(needle)
    pieces = [p.lower() for t in texts for p in raw_pieces(t)]
    ids = [i for i in needle.ids if i]
    tokens = [t for t in (significant_tokens(texts[0]) if texts else [])][:8]
    conds: list[str] = []
    params: list[Any] = []
    for col in text_columns:
        for piece in pieces:
            conds.append(f"strpos(lower({qi(col)}::text), %s) > 0")
            params.append(piece)
    for col in id_columns if ids else []:
        kind = udt[col]
        if kind in ARRAY_TYPES:
            conds.append(f"{qi(col)}::text[] && %s::text[]")
            params.append(ids)
        elif kind in ("json", "jsonb"):
            for i in ids:
                conds.append(f"strpos({qi(col)}::text, %s) > 0")
                params.append(i)
        else:
            conds.append(f"{qi(col)}::text = ANY(%s)")
            params.append(ids)
    tsv = [c.name for c in cols if c.udt == "tsvector"]
    if tokens and len(tokens) >= 1:
        for col in tsv:
            conds.append(f"{qi(col)} @@ plainto_tsquery('simple', %s)")
            params.append(" ".join(tokens))
    if not conds or (not ids and not pieces):
        return []
    key = primary_key(conn, table, schema) or ["ctid"]
    wanted = list(dict.fromkeys([*text_columns, *id_columns, *tsv]))
    select = ", ".join(
        [f"{qi(k) if k != 'ctid' else 'ctid'}::text" for k in key]
        + [f"{qi(c)}::text" for c in wanted]
    )
    sql = (
        f"SELECT {select} FROM {qi(schema)}.{qi(table)} WHERE ({' OR '.join(conds)}) "
        f"{'AND (' + where + ')' if where else ''} "
        f"LIMIT {MAX_HITS}"
    )
    out: list[Residue] = []
    idset = set(ids)
    for row in conn.execute(sql, params).fetchall():
        keyval = ",".join(str(v) for v in row[: len(key)])
        where_row = f"[{','.join(key)}={keyval}]"
        values = dict(zip(wanted, row[len(key) :], strict=True))
        for col in wanted:
            value = values[col]
            if value is None:
                continue
            at = f"{table}.{col} {where_row}"
            if col in id_columns and idset and (value in idset or any(i in value for i in idset)):
                out.append(Residue(layer, at, "id"))
            if col in text_columns and texts:
                how = next((h for t in texts if (h := text_match(t, value))), None)
                if how is None and any(p in value.lower() for p in pieces):
                    how = "quoted sentence"
                if how:
                    out.append(Residue(layer, at, how))
            if col in tsv and tokens and all(f"'{t}'" in value for t in tokens):
                out.append(Residue(layer, at, "terms", f"{len(tokens)} search terms of the text"))
    return out


def table_layer(
    conn: psycopg.Connection[Any],
    name: str,
    table: str,
    description: str,
    *,
    schema: str = "public",
    kind: str = "rows",
    id_columns: Sequence[str] | None = None,
    text_columns: Sequence[str] | None = None,
    where: str = "",
) -> Layer:
    def probe(needle: Needle) -> list[Residue]:
        return probe_table(
            conn,
            name,
            table,
            needle,
            schema=schema,
            id_columns=id_columns,
            text_columns=text_columns,
            where=where,
        )

    return Layer(name, kind, description, probe)


def probeable(conn: psycopg.Connection[Any], table: str, schema: str = "public") -> bool:
    """True when the table has a column that can hold text or an id."""
    return any(
        c.udt in TEXT_TYPES | ID_TYPES | ARRAY_TYPES | {"tsvector"}
        for c in columns(conn, table, schema)
    )


def table_layers(
    conn: psycopg.Connection[Any],
    known: dict[str, tuple[str, str]],
    *,
    schema: str = "public",
    skip: Iterable[str] = (),
) -> list[Layer]:
    """A layer per table: the ``known`` ones first (name → (kind, description)), then
    every other table of the schema that can hold text or an id (a newer version of the
    provider may keep copies where this adapter's author did not look)."""
    present = tables(conn, schema)
    skipped = set(skip)
    out = [
        table_layer(conn, t, t, desc, schema=schema, kind=kind)
        for t, (kind, desc) in known.items()
        if t in present and t not in skipped
    ]
    for t in sorted(present - set(known) - skipped):
        if probeable(conn, t, schema):
            out.append(
                table_layer(conn, t, t, f"table {t} (not mapped by this adapter; probed anyway)")
            )
    return out
