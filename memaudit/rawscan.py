"""Looking for text in the raw bytes of a file, a chunk at a time.

Deleted rows survive in SQLite's free pages, in unused space inside pages and in old
WAL frames; none of that is reachable through SQL. So verification reads the files
themselves. A ledger can be gigabytes: the scan reads fixed-size chunks and keeps an
overlap of (longest needle - 1) bytes between them, so a needle that straddles a chunk
boundary is still found and memory use stays flat.

Needles are searched case-insensitively for ASCII (the chunk is lower-cased once,
which is cheaper than searching every case variant); needles with non-ASCII letters
are also searched as given, since ``bytes.lower`` leaves those bytes alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

CHUNK = 8 * 1024 * 1024
MAX_HITS_PER_FILE = 20
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


def fts_tokens(text: str) -> list[str]:
    """Roughly what FTS5's unicode61 tokenizer indexes: lower case, no diacritics."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return list(dict.fromkeys(_TOKEN.findall(folded)))


def raw_pieces(text: str) -> list[str]:
    """The stretches of text to look for in raw bytes: each sentence long enough to be
    evidence of a quote (as written, not normalised: bytes on disk are as written), or
    the whole text when it has no such sentence."""
    pieces = []
    for part in _SENTENCE_END.split(text):
        part = part.strip().rstrip(".!?;:").strip()
        if len(part.split()) >= MIN_SENTENCE_WORDS:
            pieces.append(part)
    whole = text.strip()
    if not pieces and whole:
        pieces.append(whole)
    return list(dict.fromkeys(pieces))


class Needles:
    """Byte patterns for one scan, with labels that never repeat the content."""

    def __init__(self, texts: Iterable[str], tokens: Iterable[str] = ()) -> None:
        self.lowered: list[tuple[bytes, str]] = []  # searched in the lower-cased chunk
        self.exact: list[tuple[bytes, str]] = []  # searched in the chunk as it is
        seen: set[bytes] = set()
        for n, text in enumerate(texts, 1):
            for k, piece in enumerate(raw_pieces(text), 1):
                label = f"text {n} sentence {k}"
                raw = piece.encode("utf-8")
                low = raw.lower()
                if low not in seen:
                    seen.add(low)
                    self.lowered.append((low, label))
                if not piece.isascii():
                    folded = piece.casefold().encode("utf-8")
                    for variant in (raw, folded):
                        if variant not in seen:
                            seen.add(variant)
                            self.exact.append((variant, label))
        for token in tokens:
            b = token.encode("utf-8")
            if b not in seen:
                seen.add(b)
                self.lowered.append((b, f"token {token[:2]}…({len(token)} chars)"))

    def __bool__(self) -> bool:
        return bool(self.lowered or self.exact)

    @property
    def longest(self) -> int:
        return max((len(b) for b, _ in [*self.lowered, *self.exact]), default=1)


def scan_file(path: Path, needles: Needles, *, chunk_size: int = CHUNK) -> list[Hit]:
    """Every offset (up to a cap) where a needle occurs in the file."""
    if not needles or not path.exists():
        return []
    hits: list[Hit] = []
    overlap = needles.longest - 1
    seen: set[tuple[int, str]] = set()
    with path.open("rb") as fh:
        base = 0  # file offset of buf[0]
        tail = b""
        while True:
            block = fh.read(chunk_size)
            if not block:
                break
            buf = tail + block
            lowered = buf.lower() if needles.lowered else b""
            for haystack, group in ((lowered, needles.lowered), (buf, needles.exact)):
                for pattern, label in group:
                    start = haystack.find(pattern)
                    while start != -1:
                        key = (base + start, label)
                        if key not in seen:
                            seen.add(key)
                            hits.append(Hit(str(path), base + start, label))
                            if len(hits) >= MAX_HITS_PER_FILE:
                                return hits
                        start = haystack.find(pattern, start + 1)
            keep = min(overlap, len(buf))
            tail = buf[len(buf) - keep :] if keep else b""
            base += len(buf) - len(tail)
    return hits


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
            guard = 0
            while trunk and guard < 1_000_000:
                guard += 1
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
