"""Tombstones, later: ``verify`` re-checks forgotten memories as thoroughly as
forget's own verification (resurrection, free and superseded pages, WAL, journal,
known copies)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memaudit import tombkey
from memaudit.forget.applying import checkpoint_wal
from memaudit.forget.layers import known_copies
from memaudit.ledger import Ledger
from memaudit.ledger.columns import _text
from memaudit.model import Status
from memaudit.rawscan import (
    page_texts,
    sqlite_page_info,
    wal_pages,
)
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Residue
from memaudit.verification import LayerReport, Verification


@dataclass(slots=True)
class TombstoneCheck:
    memory_id: str
    status: str
    at: str
    residue: list[Residue]
    # False: the tombstone's prints were made with a key this machine does not have,
    # so nothing can be matched against it (see memaudit.tombkey); ``why`` says so.
    matchable: bool = True
    why: str = ""

    @property
    def clean(self) -> bool:
        return self.matchable and not [r for r in self.residue if not r.warning]

    def to_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "status": self.status,
            "at": self.at,
            "checked": self.matchable,
            "why_not_checked": self.why or None,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
        }


@dataclass(slots=True, kw_only=True)
class Recheck(Verification):
    """What ``verify`` (ID or --all) found: per place looked in (the verification's
    reports: each place probed, with what it found, or not probed, and why) and per
    tombstone (a tombstone made with a key this machine lacks is not clean)."""

    checks: list[TombstoneCheck]
    checkpoint: str  # what happened to the WAL after the scan

    def not_checked(self) -> dict[str, str]:
        """The places not probed, and the tombstones that cannot be matched here (made
        with a tombstone key this machine does not have)."""
        out = Verification.not_checked(self)
        lost = [c for c in self.checks if not c.matchable]
        if lost:
            n = len(lost)
            out["tombstones"] = (
                f"{n} tombstone{'' if n == 1 else 's'} {lost[0].why} — to check "
                f"{'it' if n == 1 else 'them'}: restore the tombstone key that made "
                f"{'it' if n == 1 else 'them'} to {tombkey.key_path()}"
            )
        return out

    def summary(self) -> str:
        if not self.checks:
            return "no forgotten memories to check"
        n = len(self.checks)
        dirty = [c for c in self.checks if c.matchable and not c.clean]
        lost = [c for c in self.checks if not c.matchable]
        if dirty:
            head = (
                f"{len(dirty)} of {n} forgotten memor{'y' if n == 1 else 'ies'} back or left traces"
            )
        elif lost:
            head = f"{len(lost)} of {n} tombstone{'' if n == 1 else 's'} could not be matched"
        else:
            head = f"no forgotten memory is back or left on disk ({n} checked)"
        return head + "; " + Verification.summary(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.verdict_dict(),
            "tombstones": [c.to_dict() for c in self.checks],
            "layers": [r.to_dict() for r in self.reports],
            "checkpoint": self.checkpoint,
        }


def verify_tombstones(
    ledger: Ledger, memory_ids: Sequence[str] | None = None
) -> list[TombstoneCheck]:
    """Re-check forgotten memories (see ``recheck``), without a checkpoint."""
    return recheck(ledger, memory_ids, checkpoint=False).checks


def recheck(
    ledger: Ledger, memory_ids: Sequence[str] | None = None, *, checkpoint: bool = True
) -> Recheck:
    """Re-check forgotten memories as thoroughly as forget's own verification: nothing
    current matches their prints (resurrection), and no place deleted text lingers
    holds a sentence that does — free pages, main-file pages the WAL supersedes (a
    forget killed between COMMIT and checkpoint, or a reader that blocked it), the WAL,
    the journal, and the known copies (``known_copies``; reported as warnings, as
    forget does). Then, with ``checkpoint`` and a ledger it can write, the WAL is
    checkpointed so superseded pages are overwritten (the next run sees the result).

    ``memory_ids=None`` checks every ``forgotten`` tombstone; named ids may be any
    tombstone (rejected ones too).
    """
    from memaudit.errors import NotFound
    from memaudit.resurrection import TombstoneIndex, unmatchable_reason

    conn = ledger.conn
    if memory_ids is None:
        index = TombstoneIndex.of(conn, statuses=[Status.FORGOTTEN.value])
    else:
        index = TombstoneIndex.of(conn, ids=list(memory_ids))
        known = {t.memory_id for t in index.tombs}
        for mid in memory_ids:
            if mid not in known:
                raise NotFound(f"no tombstone for {mid!r}: it was never forgotten or rejected here")
    unmatchable = {t.memory_id for t in index.unmatchable}
    why_not = unmatchable_reason(index.key) if unmatchable else ""
    found: dict[str, list[Residue]] = {t.memory_id: [] for t in index.tombs}
    layers: list[LayerReport] = []
    matchable = [t for t in index.tombs if t.memory_id not in unmatchable]

    def add(layer: str, kind: str, checked: str, hits: list[Residue], probed: bool = True) -> None:
        layers.append(LayerReport(layer, kind, checked, hits, probed))

    # 1. Every current memory, by keyed prints: the content is back (``memories_holding``).
    hits: list[Residue] = []
    rows = distinct = 0
    if matchable:
        held = memories_holding(conn, index, skip=unmatchable)
        rows, distinct = held.rows, held.distinct
        for cid, m, resurrected in held.found:
            r = Residue(
                "memories",
                f"memories.content ({cid})",
                m.how,
                "resurrected: the content is back"
                if resurrected
                else "the content is back (a purged sentence, in a row dated before the forget)",
            )
            found[m.memory_id].append(r)
            hits.append(r)
    add("memories", "rows", _memories_checked(rows, distinct, matchable), hits)
    # 2. The ledger's files, then its known copies.
    path = Path(ledger.path)
    wal = path.with_name(path.name + "-wal")
    journal = path.with_name(path.name + "-journal")
    copies = known_copies(path)
    regions: list[tuple[str, str, str, list[tuple[str, str]], bool]] = []
    with ledger.released():  # see Ledger.released: reading the file drops locks
        page_size, free = sqlite_page_info(path)
        wal_size, superseded = wal_pages(wal) if wal.exists() else (0, set())
        regions.append(
            (
                "free pages",
                "raw-bytes",
                f"{len(free)} free page(s) of {path.name}",
                _page_strings(path, page_size, free, "free"),
                bool(page_size),
            )
        )
        regions.append(
            (
                "superseded pages",
                "raw-bytes",
                f"{len(superseded)} page(s) of {path.name} that the WAL holds newer versions of",
                _page_strings(path, page_size, superseded, "superseded by the WAL"),
                bool(page_size),
            )
        )
        for side, name in ((wal, "wal"), (journal, "journal")):
            regions.append(
                (
                    name,
                    "raw-bytes",
                    f"raw bytes of {side.name}" + ("" if side.exists() else " (absent)"),
                    _file_strings(side),
                    True,
                )
            )
        copy_strings: list[tuple[str, str]] = []
        for copy in copies:
            copy_strings += _file_strings(copy)
            copy_strings += _file_strings(copy.with_name(copy.name + "-wal"))
        done = _checkpoint_after(path, ledger.busy_timeout) if checkpoint else "not asked"
    copies_desc = (
        "known copies: " + ", ".join(str(c) for c in copies)
        if copies
        else f"known copies ({path.name}.bak*, {tombkey.memaudit_home()}/backups|exports): none found"
    )
    regions.append(("copies", "side-files", copies_desc, copy_strings, True))
    for name, kind, checked, strings, probed in regions:
        hits = []
        if probed and matchable:
            for where, text in strings:
                for m in index.match(text):
                    if m.memory_id in unmatchable:
                        continue
                    r = Residue(
                        name,
                        where,
                        m.how,
                        "a copy outside the store holds it"
                        if name == "copies"
                        else "deleted text left on disk",
                        warning=name == "copies",
                    )
                    found[m.memory_id].append(r)
                    hits.append(r)
        add(
            name,
            kind,
            checked if probed else f"{path.name} is not a SQLite file I can read",
            hits,
            probed,
        )
    checks = [
        TombstoneCheck(
            t.memory_id,
            t.status,
            t.at,
            found[t.memory_id],
            t.memory_id not in unmatchable,
            why_not if t.memory_id in unmatchable else "",
        )
        for t in index.tombs
    ]
    return Recheck(reports=layers, checks=checks, checkpoint=done)


@dataclass(slots=True)
class Held:
    """Current memories holding forgotten text (``memories_holding``)."""

    found: list[tuple[str | None, Any, bool]]  # (memory id, Match, dated since the forget)
    rows: int
    distinct: int


def memories_holding(conn: Any, index: Any, *, skip: set[str] | None = None) -> Held:
    """Every current memory matched against ``index`` (a ``TombstoneIndex``) by keyed
    prints: the content is back. A row's dates are the store's word, so they only decide
    for a print the forget did not purge (a sentence quoted from a memory that stays
    lives on in it); a row holding a purged print counts whatever its dates say.
    ``skip``: tombstones not to report (made with a key this machine lacks)."""
    at = {t.memory_id: t.at for t in index.tombs}
    skip = skip or set()
    found: list[tuple[str | None, Any, bool]] = []
    seen: dict[str, list[Any]] = {}  # by text: a template's copies are matched once
    parts: dict[str, str | None] = {}  # by sentence: so are its quoted sentences
    rows = 0
    for cid, content, summary, updated, created in conn.execute(
        "SELECT id, content, summary, updated_at, created_at FROM memories"
    ):
        rows += 1
        summary = _text(summary)
        text = (_text(content) or "") + ("\n" + summary if summary else "")
        matches = seen.get(text)
        if matches is None:
            matches = seen[text] = index.match(text, parts)
        if not matches:
            continue
        dated = max(str(updated), str(created))
        for m in matches:
            if m.memory_id in skip:
                continue
            since = dated >= at[m.memory_id]
            if m.purged or since:
                found.append((_text(cid), m, since))
    return Held(found, rows, len(seen))


def _memories_checked(rows: int, distinct: int, tombs: Sequence[Any]) -> str:
    """What step 1 of ``recheck`` looked at, in words that are true."""
    if not tombs:
        return "no tombstone to match memories against"
    older = sum(1 for t in tombs if not t.marks_purged)
    said = (
        f"every memory ({rows:,} rows, {distinct:,} distinct texts), by keyed prints: a "
        "sentence the forget purged in any row, whatever its dates; other prints in rows "
        "dated since the tombstone"
    )
    if older:
        said += (
            f"; {older} tombstone{'' if older == 1 else 's'} written before memaudit listed "
            "purged prints (or by a reject): matched only in rows dated since"
        )
    return said


def _checkpoint_after(path: Path, timeout: float) -> str:
    """Checkpoint the WAL on a connection of our own, if the files can be written."""
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        return "not done: the ledger is read-only here (superseded pages were scanned instead)"
    try:
        conn = sqlite3.connect(str(path), timeout=timeout)
    except sqlite3.Error as exc:
        return f"not done: {exc}"
    try:
        row = checkpoint_wal(conn, timeout)
    except sqlite3.Error as exc:
        return f"not done: {exc}"
    finally:
        conn.close()
    if row is None or row[0] != 0:
        return "not complete: another connection blocked it (superseded pages were scanned)"
    return "done: the WAL is folded into the file and truncated"


def _page_strings(
    path: Path, page_size: int, pages: Iterable[int], what: str
) -> list[tuple[str, str]]:
    """Text of the given pages of a SQLite file: each row value whole (``page_texts``)
    and the readable runs between binary bytes (freed cells, unallocated space)."""
    out: list[tuple[str, str]] = []
    if not page_size:
        return out
    try:
        with path.open("rb") as fh:
            for page in sorted(pages):
                fh.seek((page - 1) * page_size)
                data = fh.read(page_size)
                where = f"{path} page {page} ({what})"
                out += [(where, t) for t in page_texts(data, page == 1)]
                out += [(where, t) for t in _strings(data)]
    except OSError:
        pass
    return out


def _file_strings(path: Path) -> list[tuple[str, str]]:
    """Text of a whole file: a SQLite file (a copy) or WAL page by page, anything else
    (a journal) as readable runs between binary bytes."""
    out: list[tuple[str, str]] = []
    if not path.is_file():
        return out
    page_size, _free = sqlite_page_info(path)
    if page_size:
        n = path.stat().st_size // page_size
        return _page_strings(path, page_size, range(1, n + 1), "copy")
    wal_size, _pages = wal_pages(path)
    try:
        with path.open("rb") as fh:
            if wal_size:
                fh.seek(32)
                frame = 0
                while len(fh.read(24)) == 24:
                    data = fh.read(wal_size)
                    frame += 1
                    where = f"{path} frame {frame}"
                    out += [(where, t) for t in page_texts(data)]
                    out += [(where, t) for t in _strings(data)]
                return out
            n = 0
            while block := fh.read(1024 * 1024):
                out += [(f"{path} block {n}", t) for t in _strings(block)]
                n += 1
    except OSError:
        pass
    return out


_BINARY = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffd]+")


def _strings(block: bytes) -> list[str]:
    """Runs of readable text between the binary bytes of pages and frames."""
    text = block.decode("utf-8", errors="replace")
    return [s for s in _BINARY.split(text) if len(s.split()) >= 2]
