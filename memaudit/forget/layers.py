"""The native ledger's layers: every place it keeps content or ids, each with its
probe (rows, the FTS index and its segments, embeddings, edges, profile, events,
tombstones, the file's raw bytes, WAL, journal, known copies)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from memaudit import fingerprint, tombkey
from memaudit.forget.fts_segments import segment_entries
from memaudit.forget.quoting import (
    _all_pieces,
    _holding,
    _phrase,
    _rows_quoting,
)
from memaudit.ledger import Ledger
from memaudit.ledger.bulk import CHUNK, EACH, chunks
from memaudit.ledger.columns import _text
from memaudit.rawscan import (
    Needles,
    fts_tokens,
    scan_file,
    sqlite_page_info,
)
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Layer, Needle, Residue
from memaudit.suggestion import command

# A term held by this many documents or fewer has its documents listed and checked.
TERM_DOC_CHECK_LIMIT = 50
PHRASE_HIT_LIMIT = 20


# Rows reported per sentence and column of a text layer.
TEXT_HIT_LIMIT = 20


def known_copies(path: Path) -> list[Path]:
    """Copies of a ledger that memaudit makes, where it makes them: ``<ledger>.bak*``
    next to the ledger, and ``$MEMAUDIT_HOME/{backups,exports}/<ledger stem>*``."""
    found: list[Path] = []
    if path.parent.exists():
        found += sorted(p for p in path.parent.glob(path.name + ".bak*") if p.is_file())
    for sub in ("backups", "exports"):
        folder = tombkey.memaudit_home() / sub
        if folder.is_dir():
            found += sorted(p for p in folder.glob(path.stem + "*") if p.is_file())
    return found


class _NativeProbes:
    """The probes of one open ledger; raw scans are cached per needle within a run."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.path = Path(ledger.path)

    @property
    def conn(self) -> sqlite3.Connection:
        # Not kept: the raw probes close and reopen the ledger's connection.
        return self.ledger.conn

    # helpers

    def _texts(self, needle: Needle) -> list[str]:
        return needle.texts()

    def _pieces(self, needle: Needle) -> list[str]:
        if needle.purged:
            return list(
                dict.fromkeys(p for t in self._texts(needle) for p in fingerprint.pieces(t))
            )
        return _all_pieces(self._texts(needle))

    def _ids_in(self, table: str, column: str, ids: list[str]) -> list[str]:
        if not ids:
            return []
        return [
            r[0]
            for r in self.conn.execute(
                f"SELECT DISTINCT {column} FROM {table} WHERE {column} IN {EACH}",
                (json.dumps(ids),),
            )
        ]

    def _text_columns(
        self,
        table: str,
        key: str,
        columns: Sequence[str],
        needle: Needle,
        layer: str,
        *,
        every_non_ascii: bool = True,
    ) -> list[Residue]:
        """Rows whose text columns hold a sentence of the needle (case-insensitive), all
        sentences and columns in one pass over the table (see ``_rows_quoting``)."""
        out = []
        per: dict[tuple[str, int], int] = {}
        hits = _rows_quoting(
            self.conn, table, key, columns, self._pieces(needle), every_non_ascii=every_non_ascii
        )
        for rid, col, n in hits:
            per[(col, n)] = per.get((col, n), 0) + 1
            if per[(col, n)] <= TEXT_HIT_LIMIT:
                out.append(
                    Residue(
                        layer, f"{table}.{col} ({key}={rid})", "quoted sentence", f"sentence {n}"
                    )
                )
        return out

    # layers

    def memories(self, needle: Needle) -> list[Residue]:
        """Rows by id, then every row's content and summary read for the needle's
        sentences (``_holding``: never the FTS index or the content hash the store
        wrote, so a copy with a forged hash, missing from the index, is found)."""
        out = [
            Residue("memories", f"memories.id = {mid}", "id", "the row still exists")
            for mid in self._ids_in("memories", "id", needle.ids)
        ]
        if needle.purged:
            for mid, held in sorted(_holding(self.conn, self._pieces(needle), set()).items()):
                out.append(
                    Residue(
                        "memories",
                        f"memories.content/summary ({mid})",
                        "quoted sentence",
                        f"{len(held)} purged sentence(s); to forget it: {command('forget', mid)}",
                    )
                )
            return out
        texts = self._texts(needle)
        pieces_of = [set(_all_pieces([text])) for text in texts]
        holding = _holding(self.conn, [p for ps in pieces_of for p in ps], set())
        exact = self._exact(sorted(holding), texts)
        listed: set[str] = set()
        for n, (text, pieces) in enumerate(zip(texts, pieces_of, strict=True), 1):
            norm = fingerprint.normalize(text)
            holders = sorted(mid for mid, ps in holding.items() if pieces.intersection(ps))
            for mid in holders:
                if exact.get(mid) == norm:
                    listed.add(mid)
                    out.append(
                        Residue("memories", f"memories.content ({mid})", "exact text", f"text {n}")
                    )
            for mid in holders:
                if mid not in listed:
                    listed.add(mid)
                    out.append(
                        Residue(
                            "memories",
                            f"memories.content/summary ({mid})",
                            "quoted sentence",
                            f"text {n}",
                        )
                    )
        return out

    def _exact(self, ids: list[str], texts: list[str]) -> dict[str, str]:
        """{id: its normalised content} for those of ``ids`` whose content is one of
        ``texts`` (normalised): read from the row, not its stored hash."""
        wanted = {fingerprint.normalize(t) for t in texts}
        out = {}
        for part in chunks(ids, CHUNK):
            for mid, content in self.conn.execute(
                f"SELECT id, content FROM memories WHERE id IN {EACH}", (json.dumps(part),)
            ):
                norm = fingerprint.normalize(_text(content) or "")
                if norm in wanted:
                    out[_text(mid)] = norm
        return out

    def _gone_rowids(self, rowids: Iterable[int]) -> set[int]:
        """Those of ``rowids`` that no memory has (one query, not one per rowid: a
        common term lists thousands of rowids on a page)."""
        wanted = sorted(rowids)
        if not wanted:
            return set()
        rows = self.conn.execute(
            "SELECT j.value FROM json_each(?) AS j "
            "WHERE NOT EXISTS (SELECT 1 FROM memories WHERE seq = j.value)",
            (json.dumps(wanted),),
        )
        return {int(r[0]) for r in rows}

    def _vocab(self) -> None:
        self.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memaudit_vocab_row "
            "USING fts5vocab(main, memories_fts, row)"
        )
        self.conn.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memaudit_vocab_inst "
            "USING fts5vocab(main, memories_fts, instance)"
        )

    def fts(self, needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        # 1. The index still matches a sentence of the text as a phrase.
        for n, piece in enumerate(self._pieces(needle), 1):
            tokens = fts_tokens(piece, unique=False)
            if not tokens:
                continue
            for (rowid,) in self.conn.execute(
                f"SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? LIMIT {PHRASE_HIT_LIMIT}",
                (_phrase(tokens),),
            ):
                row = self.conn.execute(
                    "SELECT id FROM memories WHERE seq = ?", (rowid,)
                ).fetchone()
                who = f"memory {row[0]}" if row else "no memory has this rowid"
                out.append(
                    Residue(
                        "memories_fts",
                        f"memories_fts rowid {rowid} ({who})",
                        "phrase",
                        f"sentence {n}",
                    )
                )
        # 2. Terms of the text that the index lists for documents that are gone.
        tokens = list(dict.fromkeys(t for text in self._texts(needle) for t in fts_tokens(text)))
        if not tokens:
            return out
        self._vocab()
        counts = dict(
            self.conn.execute(
                f"SELECT term, doc FROM temp.memaudit_vocab_row WHERE term IN {EACH}",
                (json.dumps(tokens),),
            )
        )
        for term, docs in counts.items():
            if docs > TERM_DOC_CHECK_LIMIT:
                continue
            docs = [
                int(r[0])
                for r in self.conn.execute(
                    "SELECT DISTINCT doc FROM temp.memaudit_vocab_inst WHERE term = ?", (term,)
                )
            ]
            gone = self._gone_rowids(docs)
            for doc in docs:
                if doc in gone:
                    out.append(
                        Residue(
                            "memories_fts",
                            f"fts5vocab term {_label(term)} → rowid {doc}",
                            "term",
                            "no memory has this rowid",
                        )
                    )
        # 3. Entries written in the index segments for rowids that are gone: a deleted
        #    document's old entry or its delete marker, not yet merged away.
        entries = segment_entries(self.conn, "memories_fts", tokens)
        gone = self._gone_rowids({e[3] for e in entries})
        for term, segid, page, rowid, deleted in entries:
            if deleted or rowid in gone:
                what = "delete marker" if deleted else "entry"
                out.append(
                    Residue(
                        "memories_fts",
                        f"memories_fts_data segment {segid} page {page}",
                        "term",
                        f"{what} for {_label(term)}, rowid {rowid}"
                        + (" (no memory has this rowid)" if rowid in gone else ""),
                    )
                )
        return out

    def embeddings(self, needle: Needle) -> list[Residue]:
        out = [
            Residue("embeddings", f"embeddings.memory_id = {mid}", "id", "vector kept")
            for mid in self._ids_in("embeddings", "memory_id", needle.ids)
        ]
        if not needle.ids:
            # With only a text to go on, a vector cannot be matched to it; but a vector
            # whose memory is gone is residue of *some* delete, and is reported.
            for (mid,) in self.conn.execute(
                "SELECT memory_id FROM embeddings WHERE memory_id NOT IN (SELECT id FROM memories) LIMIT 50"
            ):
                out.append(
                    Residue(
                        "embeddings",
                        f"embeddings.memory_id = {mid}",
                        "orphan",
                        "its memory is gone; the vector is not",
                    )
                )
        return out

    def edges(self, needle: Needle) -> list[Residue]:
        if not needle.ids:
            return []
        ids = json.dumps(needle.ids)
        rows = self.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN {EACH} "
            f"OR parent_id IN {EACH}",
            (ids, ids),
        )
        return [Residue("edges", f"edges {c} → {p}", "id") for c, p in rows]

    def profile(self, needle: Needle) -> list[Residue]:
        out = [
            Residue("profile", f"profile.memory_id = {mid}", "id")
            for mid in self._ids_in("profile", "memory_id", needle.ids)
        ]
        return out + self._text_columns(
            "profile", "id", ("subject", "trait", "value"), needle, "profile"
        )

    def forget_requests(self, needle: Needle) -> list[Residue]:
        """Agents' open requests (``memaudit.forget_requests``): a request leaves with its
        memory, but its reason may quote another one."""
        out = [
            Residue("forget_requests", f"forget_requests.memory_id = {mid}", "id")
            for mid in self._ids_in("forget_requests", "memory_id", needle.ids)
        ]
        return out + self._text_columns(
            "forget_requests", "id", ("reason",), needle, "forget_requests"
        )

    def events(self, needle: Needle) -> list[Residue]:
        # Ids are kept on purpose (the log says *that* something was forgotten).
        # One pass over a log that grows with every write (1.5M rows for 1M memories):
        # values with non-ASCII characters are not all sent to Python (see
        # _rows_quoting); a copy of a sentence, in any ASCII case, in the reason or
        # in the JSON of the detail, is found.
        return self._text_columns(
            "events", "id", ("reason", "detail"), needle, "events", every_non_ascii=False
        )

    def tombstones(self, needle: Needle) -> list[Residue]:
        return self._text_columns(
            "tombstones", "memory_id", ("reason", "fingerprints"), needle, "tombstones"
        )

    def raw(
        self, path: Path, layer: str, needle: Needle, *, warning: bool = False
    ) -> list[Residue]:
        # The ledger's connection is closed while its files are read: closing our
        # descriptor would otherwise drop SQLite's own locks (see Ledger.released).
        with self.ledger.released():
            hits = scan_file(path, self._raw_needles(needle))
            if not hits:
                return []
            page_size, free = sqlite_page_info(path) if layer in ("file", "copies") else (0, set())
            wal_page = _wal_page_size(path) if layer == "wal" else 0
        out = []
        for hit in hits:
            where = f"{path} @ byte {hit.offset}"
            if page_size:
                page = hit.offset // page_size + 1
                where += f" (page {page}, {'free page' if page in free else 'page in use'})"
            elif layer == "wal" and hit.offset >= 32 and wal_page:
                where += f" (frame {(hit.offset - 32) // (wal_page + 24) + 1})"
            out.append(Residue(layer, where, "bytes", hit.needle, warning=warning))
        return out

    def _raw_needles(self, needle: Needle) -> Needles:
        # Sentences only: FTS terms are checked where they live, in the index pages
        # (decoded by the FTS probe) — on disk they are prefix-compressed, so a byte
        # search for a term could miss it, and short terms match inside other words.
        # Forget's own needle holds the rows' text as the ledger wrote it (content is
        # stored as written): one pass per sentence. Text someone typed is also looked
        # for lower-cased and case-folded.
        return Needles(
            self._texts(needle), as_written=needle.as_stored, substantive_only=needle.purged
        )


def _label(term: str) -> str:
    """Name a term without printing it whole (output may end up in logs)."""
    return f"'{term[:2]}…' ({len(term)} chars)" if len(term) > 3 else f"({len(term)}-char term)"


def _wal_page_size(path: Path) -> int:
    try:
        with path.open("rb") as fh:
            header = fh.read(32)
    except OSError:
        return 0
    return int.from_bytes(header[8:12], "big") if len(header) == 32 else 0


def native_layers(ledger: Ledger) -> list[Layer]:
    """Every place the native ledger keeps content or ids, each with its probe."""
    p = _NativeProbes(ledger)
    path = Path(ledger.path)
    wal = path.with_name(path.name + "-wal")
    journal = path.with_name(path.name + "-journal")
    copies = known_copies(path)

    def scan_copies(needle: Needle) -> list[Residue]:
        out = []
        for copy in copies:
            for f in (copy, copy.with_name(copy.name + "-wal")):
                out += p.raw(f, "copies", needle, warning=True)
        return out

    copies_desc = (
        "known copies outside the store: " + ", ".join(str(c) for c in copies)
        if copies
        else f"known copies outside the store ({path.name}.bak*, {tombkey.memaudit_home()}/backups|exports): none"
    )
    return [
        Layer(
            "memories",
            "rows",
            "rows by id; every row's content and summary read for each sentence (exact "
            "normalised text, whole words), not the FTS index or stored hashes",
            p.memories,
        ),
        Layer(
            "memories_fts",
            "fts",
            "index by phrase, fts5vocab terms, and terms in every segment",
            p.fts,
        ),
        Layer(
            "embeddings",
            "vectors",
            "vectors by memory id (orphaned vectors when only text is given)",
            p.embeddings,
        ),
        Layer("edges", "graph", "lineage edges by id", p.edges),
        Layer("profile", "summaries", "profile entries by memory id and by quoted text", p.profile),
        Layer(
            "forget_requests",
            "history",
            "agents' forget requests by memory id; their reasons by quoted text",
            p.forget_requests,
        ),
        Layer(
            "events",
            "history",
            "reason and detail (JSON decoded) for each sentence, any ASCII case, in one "
            "pass (ids are kept on purpose)",
            p.events,
        ),
        Layer(
            "tombstones",
            "history",
            "reason and fingerprints for the text (ids are kept on purpose)",
            p.tombstones,
        ),
        Layer(
            "file",
            "raw-bytes",
            f"raw bytes of {path.name}, free pages included",
            lambda n: p.raw(path, "file", n),
        ),
        Layer(
            "wal",
            "raw-bytes",
            f"raw bytes of {wal.name}" + ("" if wal.exists() else " (absent)"),
            lambda n: p.raw(wal, "wal", n),
        ),
        Layer(
            "journal",
            "raw-bytes",
            f"raw bytes of {journal.name}" + ("" if journal.exists() else " (absent)"),
            lambda n: p.raw(journal, "journal", n),
        ),
        Layer("copies", "side-files", copies_desc, scan_copies),
    ]
