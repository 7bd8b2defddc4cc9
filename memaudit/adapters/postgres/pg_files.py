"""What SQL cannot see on a PostgreSQL server: dead tuples left in the tables' data
files until VACUUM, and WAL segments — scanned byte by byte when memaudit can read the
server's data directory (a local server run as the same user), otherwise reported *not
checked* with the reason. TOAST compresses long values, so a byte scan under-counts: the
SQL probes (``pg.table_layers``) are the primary ones. A change made since the last
checkpoint may still be only in shared buffers and the WAL (``changes_not_on_disk``
reads the WAL records after the checkpoint's redo point): the data-file layer then says
so instead of "clean"."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.adapters.postgres.pg import LOCAL_HOSTS, qi
from memaudit.adapters.support.sqlite_probe import (
    LOW_ENTROPY_REMEDY,
    id_search_forms,
    label,
    needle_texts,
    raw_pieces,
    scan_bytes,
)
from memaudit.store import Layer, LayerNotChecked, Needle, Residue

if TYPE_CHECKING:
    import psycopg


@dataclass(slots=True)
class DataDir:
    """The server's data directory when memaudit can read it; else why not."""

    path: Path | None
    why_not: str = ""
    block_size: int = 8192
    remedy: str = ""  # what would let memaudit read it


def data_dir(conn: psycopg.Connection[Any]) -> DataDir:
    host = conn.info.host or ""
    if not host.startswith("/") and host not in LOCAL_HOSTS:
        return DataDir(
            None,
            f"the server runs on {host}; its files are not on this machine",
            remedy=f"run memaudit on {host}, as a user who can read the data directory",
        )
    try:
        found = conn.execute("SHOW data_directory").fetchone()
        block = conn.execute("SHOW block_size").fetchone()
    except Exception:
        return DataDir(
            None,
            "this role may not read the server's data_directory setting "
            "(needs superuser or pg_read_all_settings)",
            remedy="connect as a role granted pg_read_all_settings",
        )
    path = Path(str(found[0])) if found else None
    if path is None:
        return DataDir(None, "the server did not say where its data directory is")
    try:
        pid = (path / "postmaster.pid").read_text().splitlines()
    except PermissionError:
        return DataDir(
            None,
            f"permission denied reading the data directory {path} "
            "(run memaudit as the server's OS user to scan it)",
        )
    except OSError:
        return DataDir(
            None,
            f"the data directory {path} is not on this machine",
            remedy="run memaudit on the server's machine",
        )
    port = str(conn.info.port)
    if len(pid) < 4 or pid[3].strip() != port:
        return DataDir(
            None,
            f"{path} belongs to another server than the one on port {port}",
            remedy=f"run memaudit on the machine of the server on port {port}",
        )
    return DataDir(path, block_size=int(block[0]) if block else 8192)


@dataclass(slots=True, frozen=True)
class Relation:
    name: str  # table name, or "<table> (TOAST)" / "<index> (index of <table>)"
    table: str | None  # the heap the row lives in, when this is a table's main fork
    file: str  # relative to the data directory


def relations(conn: psycopg.Connection[Any], schema: str = "public") -> list[Relation]:
    """Every table, TOAST table and index of ``schema`` with its data file."""
    rows = conn.execute(
        """
        SELECT c.relname, c.relkind, pg_relation_filepath(c.oid), NULL::text
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = %s AND c.relkind IN ('r', 'm', 'i')
        UNION ALL
        SELECT c.relname, 't', pg_relation_filepath(c.reltoastrelid), NULL
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = %s AND c.reltoastrelid <> 0
        """,
        (schema, schema),
    ).fetchall()
    out = []
    for name, kind, path, _ in rows:
        if not path:
            continue
        if kind == "t":
            out.append(Relation(f"{name} (TOAST)", None, path))
        elif kind == "i":
            out.append(Relation(f"{name} (index)", None, path))
        else:
            out.append(Relation(name, name, path))
    return sorted(out, key=lambda r: r.name)


def _segments(base: Path) -> list[Path]:
    """A relation's 1 GB segment files: base, base.1, base.2, ..."""
    out = [base] if base.is_file() else []
    n = 1
    while (seg := Path(f"{base}.{n}")).is_file():
        out.append(seg)
        n += 1
    return out


def _patterns(needle: Needle) -> list[tuple[bytes, str]]:
    """Byte patterns: the texts' sentences, and each id the one rule lets through
    (``id_search_forms``) as text and, for a UUID, as its 16 stored bytes."""
    pats: list[tuple[bytes, str]] = []
    for n, text in enumerate(needle_texts(needle), 1):
        for k, piece in enumerate(raw_pieces(text), 1):
            pats.append((piece.encode("utf-8"), f"text {n} sentence {k}"))
    for i in id_search_forms(needle.ids)[0]:
        pats.append((i.encode("utf-8"), f"id {label(i)}"))
        compact = i.replace("-", "")
        if len(compact) == 32 and all(c in "0123456789abcdefABCDEF" for c in compact):
            pats.append((bytes.fromhex(compact), f"id {label(i)} (binary uuid)"))
    return pats


# -- is every change in the data files yet? ----------------------------------------------

MAX_WAL_WALK = 16 * 1024 * 1024  # WAL bytes read after a checkpoint before giving up
XLR_MAX_BLOCK_ID = 32  # record block-reference ids are 0..32; 252..255 are data headers
RM_XLOG, RM_HEAP2, RM_HEAP, XLOG_SWITCH = 0, 9, 10, 0x40
# Records that reference a block but put no new text in it (rmgr id, operation), from
# PostgreSQL's rmgrlist.h, pg_control.h and heapam_xlog.h (stable since 9.x): hint-bit
# page images (a read sets hint bits), heap pruning/vacuum/freeze/visibility, deletes
# and row locks. A page changed only by these holds no text the file lacks.
NO_NEW_TEXT = {
    (RM_XLOG, 0xA0),  # XLOG_FPI_FOR_HINT
    (RM_HEAP2, 0x10),  # prune (on access)
    (RM_HEAP2, 0x20),  # prune (vacuum scan)
    (RM_HEAP2, 0x30),  # prune (vacuum cleanup) / freeze
    (RM_HEAP2, 0x40),  # visible
    (RM_HEAP2, 0x60),  # lock updated
    (RM_HEAP, 0x10),  # delete
    (RM_HEAP, 0x60),  # lock
}
WAL_WRITE_WAIT = (0.2, 0.4, 0.8)  # the WAL writer writes every 200 ms by default


def _lsn(text: object) -> int:
    hi, _, lo = str(text).partition("/")
    return int(hi, 16) << 32 | int(lo, 16)


def changes_not_on_disk(conn: psycopg.Connection[Any], where: DataDir) -> str | None:
    """Why the data files may not hold every change yet, or None when they do.

    A data page changed after the last checkpoint's redo point may still sit in shared
    buffers: the server writes it at the next checkpoint. So the WAL from that point to
    the current insert position is read record by record (headers only): a record that
    references a data block is a change the files may not have — unless it cannot add
    text (``NO_NEW_TEXT``); checkpoint, redo and running-transactions records reference
    none. Anything that cannot be read or walked (a permission, a very long stretch, an
    unknown layout) is reported, never assumed."""
    if where.path is None:
        return where.why_not

    def one(sql: str) -> tuple[Any, ...]:
        row = conn.execute(sql).fetchone()
        if row is None:
            raise ValueError("no row")
        return tuple(row)

    try:
        redo, tli = one("SELECT redo_lsn, timeline_id FROM pg_control_checkpoint()")
        positions = "SELECT pg_current_wal_insert_lsn(), pg_current_wal_lsn()"
        insert, written = one(positions)
        for pause in WAL_WRITE_WAIT:
            if _lsn(insert) <= _lsn(written):
                break
            time.sleep(pause)  # records inserted but not yet written to pg_wal
            insert, written = one(positions)
        settings = dict(
            conn.execute(
                "SELECT name, setting FROM pg_settings "
                "WHERE name IN ('wal_segment_size', 'wal_block_size')"
            ).fetchall()
        )
    except Exception as exc:
        return (
            "cannot compare the last checkpoint with the current WAL position "
            f"({' '.join(str(exc).split())[:120]})"
        )
    walk = _WalWalk(
        where.path / "pg_wal",
        int(tli),
        int(settings.get("wal_segment_size", 16 * 1024 * 1024)),
        int(settings.get("wal_block_size", 8192)),
    )
    start, end, done = _lsn(redo), _lsn(insert), walk.past_header(_lsn(written))
    if end > done:
        return "WAL records not written yet: changes are still in the server's memory"
    if end - start > MAX_WAL_WALK:
        return (
            f"{end - start:,} bytes of WAL were written since the last checkpoint: changed "
            "pages may not be in the data files yet"
        )
    try:
        touched = walk.touches_data(start, end)
    except (OSError, ValueError) as exc:
        return f"cannot read the WAL written since the last checkpoint ({type(exc).__name__})"
    if touched:
        return "data pages changed since the last checkpoint may not be in the data files yet"
    return None


@dataclass(slots=True)
class _WalWalk:
    """Reads WAL records by position: page headers skipped (24 bytes, 40 on a
    segment's first page), records 8-byte aligned (PostgreSQL's xlog layout)."""

    folder: Path
    timeline: int
    segment: int
    page: int

    def past_header(self, pos: int) -> int:
        """``pos``, moved past the page header when it is a page's first byte."""
        if pos % self.page:
            return pos
        return pos + (40 if pos % self.segment == 0 else 24)

    def _read(self, pos: int, n: int) -> tuple[bytes, int]:
        """``n`` record bytes from ``pos`` (skipping page headers), and where they end."""
        out = b""
        while len(out) < n:
            pos = self.past_header(pos)
            in_page = pos % self.page
            take = min(n - len(out), self.page - in_page)
            out += self._bytes(pos, take)
            pos += take
        return out, pos

    def _bytes(self, pos: int, n: int) -> bytes:
        segno = pos // self.segment
        per = 0x1_0000_0000 // self.segment
        name = f"{self.timeline:08X}{segno // per:08X}{segno % per:08X}"
        with (self.folder / name).open("rb") as fh:
            fh.seek(pos % self.segment)
            data = fh.read(n)
        if len(data) != n:
            raise ValueError("short WAL segment")
        return data

    def touches_data(self, start: int, end: int) -> bool:
        """Whether a record in [start, end) references a data block. Each record is a
        24-byte header (xl_tot_len, xl_xid, xl_prev, xl_info, xl_rmid, crc) followed by
        its block headers — ids 0..32 — before any data header (252..255)."""
        pos = self.past_header(start)
        while pos < end:
            head, pos = self._read(pos, 24)
            total = int.from_bytes(head[0:4], "little")
            info, rmid = head[16], head[17]
            if total < 24:
                raise ValueError("not a WAL record")
            if rmid == RM_XLOG and info & 0xF0 == XLOG_SWITCH:
                pos = self.past_header((pos // self.segment + 1) * self.segment)
                continue  # the rest of the segment is unused
            if total > 24:
                first, pos = self._read(pos, 1)
                op = info & (0xF0 if rmid == RM_XLOG else 0x70)
                if first[0] <= XLR_MAX_BLOCK_ID and (rmid, op) not in NO_NEW_TEXT:
                    return True
                pos = self._read(pos, total - 25)[1]
            pos = self.past_header((pos + 7) & ~7)
        return False


def _item_at(path: Path, page_in_file: int, offset_in_page: int, block: int) -> int | None:
    """The heap line pointer (1-based item number) whose tuple covers ``offset_in_page``.

    A heap page starts with a 24-byte header whose ``pd_lower`` (bytes 12-13) ends the
    line-pointer array; each pointer is 32 bits: offset (15), flags (2), length (15)."""
    try:
        with path.open("rb") as fh:
            fh.seek(page_in_file * block)
            page = fh.read(block)
    except OSError:
        return None
    if len(page) < 24:
        return None
    lower = int.from_bytes(page[12:14], "little")
    for n in range((min(lower, len(page)) - 24) // 4):
        word = int.from_bytes(page[24 + 4 * n : 28 + 4 * n], "little")
        off, length = word & 0x7FFF, word >> 17
        if length and off <= offset_in_page < off + length:
            return n + 1
    return None


def _live_tuple(
    conn: psycopg.Connection[Any], schema: str, table: str, page: int, item: int
) -> bool | None:
    """Whether the tuple at ``(page, item)`` is visible to SQL (a live row)."""
    try:
        row = conn.execute(
            f"SELECT count(*) FROM {qi(schema)}.{qi(table)} WHERE ctid = %s::tid",
            (f"({page},{item})",),
        ).fetchone()
    except Exception:
        return None
    return bool(row and row[0])


def data_files_layer(
    conn: psycopg.Connection[Any], where: DataDir, schema: str = "public"
) -> Layer:
    name = "data files"
    description = (
        "raw bytes of every table, TOAST table and index file of the schema: rows deleted "
        "or updated stay as dead tuples until VACUUM rewrites the page (long values are "
        "TOAST-compressed, and pages not yet written by a checkpoint are only in the WAL, "
        "so this under-counts; the SQL layers are primary)"
    )
    if where.path is None:
        return Layer(
            name, "raw-bytes", description, lambda n: [], False, where.why_not, where.remedy
        )
    base = where.path

    def probe(needle: Needle) -> list[Residue]:
        # Before the files: a change still in shared buffers is not in them yet (the WAL
        # layer holds it). Nothing found then means "not checked", never clean.
        behind = changes_not_on_disk(conn, where)
        patterns = _patterns(needle)
        out: list[Residue] = []
        unreadable: list[str] = []
        for rel in relations(conn, schema):
            for seg_no, seg in enumerate(_segments(base / rel.file)):
                try:
                    hits = scan_bytes(seg, patterns)
                except PermissionError:
                    unreadable.append(seg.name)
                    continue
                for offset, lab in hits:
                    page = offset // where.block_size + seg_no * (2**30 // where.block_size)
                    detail = lab
                    in_file = offset // where.block_size
                    item = (
                        _item_at(seg, in_file, offset % where.block_size, where.block_size)
                        if rel.table is not None
                        else None
                    )
                    if item is not None and rel.table is not None:
                        live = _live_tuple(conn, schema, rel.table, page, item)
                        detail += {
                            True: f"; tuple ({page},{item}) is a live row",
                            False: f"; tuple ({page},{item}) is dead: deleted or updated, "
                            "kept until VACUUM",
                            None: "",
                        }[live]
                    out.append(
                        Residue(
                            name,
                            f"{rel.name}: {seg} @ byte {offset} (page {page})",
                            "bytes",
                            detail,
                        )
                    )
        if not out:
            why = [f"{behind} (the WAL segments layer covers those changes)"] if behind else []
            remedy = ["run CHECKPOINT on the server (or wait for the next), then again"] * bool(
                behind
            )
            if unreadable:
                why.append(f"permission denied reading {len(unreadable)} data file(s)")
                remedy.append(UNREADABLE_REMEDY)
            raise_not_checked(why, remedy, needle)
        return out

    return Layer(name, "raw-bytes", description, probe)


UNREADABLE_REMEDY = "run memaudit as the server's OS user (or one in its group)"


def raise_not_checked(why: list[str], remedy: list[str], needle: Needle) -> None:
    """Nothing found, yet not all was looked at: say why (and what would help), adding
    ids with too little entropy to be searched as bytes."""
    low = id_search_forms(needle.ids)[1]
    if low:
        why, remedy = why + low, remedy + [LOW_ENTROPY_REMEDY]
    if why:
        raise LayerNotChecked("; ".join(why), remedy="; ".join(remedy))


def wal_layer(conn: psycopg.Connection[Any], where: DataDir) -> Layer:
    name = "WAL segments"
    description = (
        "raw bytes of pg_wal: every insert, update and delete is logged there, with the "
        "row's text, until the segment is recycled after a checkpoint (the WAL is shared "
        "by every database of the server: a hit may come from another database)"
    )
    if where.path is None:
        return Layer(
            name, "raw-bytes", description, lambda n: [], False, where.why_not, where.remedy
        )
    wal = where.path / "pg_wal"

    def probe(needle: Needle) -> list[Residue]:
        patterns = _patterns(needle)
        out: list[Residue] = []
        try:
            segments = sorted(p for p in wal.iterdir() if re.fullmatch(r"[0-9A-F]{24}", p.name))
        except OSError as exc:
            raise LayerNotChecked(f"cannot list {wal} ({type(exc).__name__})") from None
        unreadable = 0
        for seg in segments:
            try:
                hits = scan_bytes(seg, patterns)
            except OSError:
                unreadable += 1
                continue
            for offset, lab in hits:
                out.append(Residue(name, f"{seg} @ byte {offset}", "bytes", lab))
        if not out:
            why = [f"{unreadable} WAL segment(s) could not be read"] if unreadable else []
            raise_not_checked(why, [UNREADABLE_REMEDY] * bool(unreadable), needle)
        return out

    return Layer(name, "raw-bytes", description, probe)


def file_layers(conn: psycopg.Connection[Any], schema: str = "public") -> list[Layer]:
    where = data_dir(conn)
    return [data_files_layer(conn, where, schema), wal_layer(conn, where)]
