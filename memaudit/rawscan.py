"""Looking for text in the raw bytes of a file, a chunk at a time.

Deleted rows survive in SQLite's free pages, in unused space inside pages and in old
WAL frames; none of that is reachable through SQL. So verification reads the files
themselves. A ledger can be gigabytes: the file is memory-mapped read-only (never
copied into the process) one window at a time, consecutive windows overlapping by
(longest needle - 1) bytes so a needle that straddles a boundary is still found.
Mapped pages are the OS's page cache, dropped whenever it needs them.

Each piece of text is searched as written, lower-cased and case-folded (stores that
normalise keep one of those) — or only as written, when the text was read from the
store itself — and FTS terms as the tokenizer writes them (lower case). Lower-casing
the file instead would cost more than the searches (it copies it). A search costs
less the longer the pattern (the search skips ahead by up to its length), so whole
sentences are looked for, not words.
"""

from __future__ import annotations

import mmap
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHUNK = 64 * 1024 * 1024
MAX_HITS_PER_FILE = 20
_DIGITS = frozenset(b"0123456789")
SQLITE_HEADER = b"SQLite format 3\x00"
# unicode61 (FTS5's default tokenizer) splits on anything that is not a letter/digit.
_TOKEN = re.compile(r"[^\W_]+")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")
MIN_SENTENCE_WORDS = 4


@dataclass(slots=True, frozen=True)
class Hit:
    path: str
    offset: int
    needle: str  # a short, safe label of what matched (never the matched text itself)


def fts_tokens(text: str, *, unique: bool = True) -> list[str]:
    """Roughly what FTS5's unicode61 tokenizer indexes: lower case, no diacritics.
    ``unique=False`` keeps repeats, in order (a phrase query needs "to … to")."""
    # ASCII text folds to its lower case (what _fold does, without a Python-level pass
    # over every character: a plan reads thousands of candidate texts).
    tokens = _TOKEN.findall(text.lower() if text.isascii() else _fold(text))
    return list(dict.fromkeys(tokens)) if unique else tokens


def _fold(text: str) -> str:
    """Case folded, diacritics removed (as unicode61's ``remove_diacritics``)."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def raw_pieces(text: str, *, substantive_only: bool = False) -> list[str]:
    """The stretches of text to look for in raw bytes: each sentence long enough to be
    evidence of a quote (as written, not normalised: bytes on disk are as written), or
    the whole text when it has no such sentence. ``substantive_only``: sentences of
    substance only (``fingerprint.substantive``), and no whole-text fallback."""
    from memaudit import fingerprint

    def keep(part: str) -> bool:
        if substantive_only:
            return fingerprint.substantive(fingerprint.normalize(part).rstrip(".!?;:").strip())
        return len(part.split()) >= MIN_SENTENCE_WORDS

    pieces = []
    for part in _SENTENCE_END.split(text):
        part = part.strip().rstrip(".!?;:").strip()
        if part and keep(part):
            pieces.append(part)
    whole = text.strip()
    if not pieces and whole and (not substantive_only or keep(whole)):
        pieces.append(whole.rstrip(".!?;:").strip() if substantive_only else whole)
    return list(dict.fromkeys(pieces))


class Needles:
    """Byte patterns for one scan, with labels that never repeat the content.

    ``as_written``: the texts are byte for byte what the store wrote (read back from
    its rows), so only that form is looked for — each further form is one more pass
    over the file. Text typed by someone may differ in case from what a store kept.
    """

    def __init__(
        self,
        texts: Iterable[str],
        tokens: Iterable[str] = (),
        *,
        as_written: bool = False,
        substantive_only: bool = False,
    ) -> None:
        self.patterns: list[tuple[bytes, str]] = []
        seen: set[bytes] = set()
        for n, text in enumerate(texts, 1):
            for k, piece in enumerate(raw_pieces(text, substantive_only=substantive_only), 1):
                forms = (piece,) if as_written else (piece, piece.lower(), piece.casefold())
                for variant in forms:
                    raw = variant.encode("utf-8")
                    if raw not in seen:
                        seen.add(raw)
                        self.patterns.append((raw, f"text {n} sentence {k}"))
        for token in tokens:
            raw = token.encode("utf-8")
            if raw not in seen:
                seen.add(raw)
                self.patterns.append((raw, f"term {token[:2]}…({len(token)} chars)"))

    def __bool__(self) -> bool:
        return bool(self.patterns)

    @property
    def longest(self) -> int:
        return max((len(b) for b, _ in self.patterns), default=1)


# Linux: map a window's pages in one go rather than a fault at a time (a tenth of the
# scan's time on a 1.3 GB file). Elsewhere pages are mapped as they are touched.
_MAP_FLAGS = mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0)


def scan_file(path: Path, needles: Needles, *, chunk_size: int = CHUNK) -> list[Hit]:
    """Every offset (up to a cap) where a needle occurs in the file.

    One window of the file is mapped at a time (``chunk_size`` bytes plus the
    overlap), searched for every needle, and unmapped: however large the file, at
    most one window of it is in this process's address space.
    """
    if not needles:
        return []
    try:
        fh = path.open("rb")
    except OSError:
        return []
    hits: list[Hit] = []
    seen: set[tuple[int, str]] = set()
    with fh:
        size = os.fstat(fh.fileno()).st_size
        overlap = needles.longest - 1
        start = 0
        while start < size:
            end = min(size, start + chunk_size + overlap)
            # A mapping starts on a multiple of the allocation granularity.
            base = start - start % mmap.ALLOCATIONGRANULARITY
            with mmap.mmap(
                fh.fileno(), end - base, offset=base, flags=_MAP_FLAGS, prot=mmap.PROT_READ
            ) as mm:
                for pattern, label in needles.patterns:
                    # A number does not continue into a digit: "filler 3" is not in
                    # "filler 30". (Letters are not checked: a record glues one
                    # column's text to the next, so a word boundary may be missing.)
                    digit_start = pattern[:1].isdigit()
                    digit_end = pattern[-1:].isdigit()
                    at = mm.find(pattern, start - base)
                    while at != -1:
                        offset = base + at
                        after = at + len(pattern)
                        if (digit_end and after < len(mm) and mm[after] in _DIGITS) or (
                            digit_start and at > 0 and mm[at - 1] in _DIGITS
                        ):
                            at = mm.find(pattern, at + 1)
                            continue
                        if (offset, label) not in seen:
                            seen.add((offset, label))
                            hits.append(Hit(str(path), offset, label))
                            if len(hits) >= MAX_HITS_PER_FILE:
                                return hits
                        at = mm.find(pattern, at + 1)
            start += chunk_size
    return sorted(hits, key=lambda h: h.offset)


def sqlite_page_info(path: Path) -> tuple[int, set[int]]:
    """(page size, free-list page numbers) of a SQLite file, read from its header and
    free-list trunk pages — so a hit can be told apart: a live page or a freed one."""
    free: set[int] = set()
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
            if len(header) < 100 or not header.startswith(SQLITE_HEADER):
                return 0, free
            page_size = int.from_bytes(header[16:18], "big")
            page_size = 65536 if page_size == 1 else page_size
            trunk = int.from_bytes(header[32:36], "big")
            # A corrupt free list may loop or claim absurd lengths: stop at a page seen
            # before, or after ten million pages.
            while trunk and trunk not in free and len(free) < 10_000_000:
                free.add(trunk)
                fh.seek((trunk - 1) * page_size)
                page = fh.read(page_size)
                if len(page) < 8:
                    break
                count = int.from_bytes(page[4:8], "big")
                for i in range(min(count, (page_size - 8) // 4)):
                    free.add(int.from_bytes(page[8 + 4 * i : 12 + 4 * i], "big"))
                trunk = int.from_bytes(page[0:4], "big")
            return page_size, free
    except OSError:
        return 0, free


WAL_MAGIC = (0x377F0682, 0x377F0683)
MAX_WAL_FRAMES = 10_000_000


def wal_pages(wal: Path) -> tuple[int, set[int]]:
    """(page size, numbers of the pages the WAL holds a frame for) — the pages of the
    main file whose content is *superseded*: SQLite reads them from the WAL, so a
    delete that was committed but never checkpointed leaves the old text in the main
    file's copy of the page, where neither SQL nor the free list shows it.

    Read from the WAL's own frame headers (not the ``-shm`` index, which may be absent
    or stale): every frame whose salts match the header's, i.e. of the current WAL
    generation, committed or not (scanning one page too many costs a read).
    """
    pages: set[int] = set()
    try:
        with wal.open("rb") as fh:
            header = fh.read(32)
            if len(header) < 32 or int.from_bytes(header[0:4], "big") not in WAL_MAGIC:
                return 0, pages
            page_size = int.from_bytes(header[8:12], "big")
            page_size = 65536 if page_size == 1 else page_size
            salts = header[16:24]
            if not 512 <= page_size <= 65536:
                return 0, pages
            for _ in range(MAX_WAL_FRAMES):
                frame = fh.read(24)
                if len(frame) < 24 or frame[8:16] != salts:
                    break
                pages.add(int.from_bytes(frame[0:4], "big"))
                fh.seek(page_size, os.SEEK_CUR)
            return page_size, pages
    except OSError:
        return 0, pages


def varint(buf: bytes, i: int) -> tuple[int, int]:
    """SQLite's varint at ``buf[i]``: (value, index after it)."""
    value = 0
    for k in range(9):
        byte = buf[i]
        i += 1
        if k == 8:
            return (value << 8) | byte, i
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, i
    return value, i


def fts5_leaf_terms(page: bytes, *, strict: bool = False) -> Iterator[tuple[bytes, int, int]]:
    """Each term written on one FTS5 leaf page, with where its doclist starts and where
    it stops: ``(term, start, stop)``. The one reader of FTS5 leaf pages (the native
    ledger's verification and the foreign stores' FTS layers both walk pages with it).

    Leaf layout (fts5_index.c): two big-endian u16 (the first rowid's offset, the start
    of the page index); the page index is a list of varint deltas giving each term's
    offset. The first term on a page is written whole (varint length, bytes), later ones
    as (varint shared-prefix length, varint suffix length, suffix) against the previous
    term; each is followed by its doclist. A term's first byte names the index: ``0``
    the main one, ``1``.. the prefix indexes. ``strict`` raises ValueError for a term
    offset past the page index; a truncated varint raises IndexError either way."""
    footer = int.from_bytes(page[2:4], "big")
    offsets = []
    i, acc = footer, 0
    while i < len(page):
        delta, i = varint(page, i)
        acc += delta
        offsets.append(acc)
    prev = b""
    for n, off in enumerate(offsets):
        if strict and off >= footer:
            raise ValueError("term offset outside the page")
        if n == 0:
            size, j = varint(page, off)
            term = page[j : j + size]
        else:
            shared, j = varint(page, off)
            size, j = varint(page, j)
            term = prev[:shared] + page[j : j + size]
        prev = term
        yield term, j + size, offsets[n + 1] if n + 1 < len(offsets) else footer


def _record_texts(payload: bytes) -> list[str]:
    """The text values of one SQLite record (its local part: overflow is not followed)."""
    out: list[str] = []
    size, i = varint(payload, 0)
    types = []
    while i < size and i < len(payload):
        t, i = varint(payload, i)
        types.append(t)
    j = size
    for t in types:
        if t >= 12:
            n = (t - 12) // 2 if t % 2 == 0 else (t - 13) // 2
            if t % 2 == 1:
                out.append(payload[j : j + n].decode("utf-8", errors="replace"))
        else:
            n = (0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0)[t]
        j += n
        if j > len(payload):
            break
    return out


def page_texts(page: bytes, first_page: bool = False) -> list[str]:
    """The text values of the rows on a table b-tree leaf page, each whole.

    Reading a page's bytes as one run of text glues each value to its neighbours
    ("zebra-secretThe staging vault…"), so a whole-text or sentence fingerprint would
    not match; the cells of an intact page (a superseded page, a WAL frame, a page of a
    copy) give the values apart. Anything that does not parse gives nothing.
    """
    base = 100 if first_page else 0
    if len(page) < base + 8 or page[base] != 0x0D:
        return []
    out: list[str] = []
    try:
        ncells = int.from_bytes(page[base + 3 : base + 5], "big")
        usable = len(page)
        max_local = usable - 35
        min_local = ((usable - 12) * 32 // 255) - 23
        for k in range(min(ncells, (len(page) - base - 8) // 2)):
            ptr = int.from_bytes(page[base + 8 + 2 * k : base + 10 + 2 * k], "big")
            if not base + 8 <= ptr < len(page):
                continue
            length, i = varint(page, ptr)
            _rowid, i = varint(page, i)
            if length <= max_local:
                local = length
            else:
                local = min_local + (length - min_local) % (usable - 4)
                local = local if local <= max_local else min_local
            out += _record_texts(page[i : i + local])
    except IndexError:
        return out
    return out


def fts_doc_counts(conn: Any, tokens: Iterable[str], fts: str = "memories_fts") -> dict[str, int]:
    """How many documents of an FTS5 index hold each token (its fts5vocab ``row``
    table, made once per connection in ``temp``); tokens no document holds are absent."""
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.memaudit_vocab_row USING fts5vocab(main, {fts}, row)"
    )
    wanted = list(dict.fromkeys(tokens))
    out: dict[str, int] = {}
    for i in range(0, len(wanted), 500):
        part = wanted[i : i + 500]
        rows = conn.execute(
            f"SELECT term, doc FROM temp.memaudit_vocab_row WHERE term IN ({','.join('?' * len(part))})",
            part,
        )
        out.update((str(t), int(d)) for t, d in rows)
    return out
