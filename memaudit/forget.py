"""Forgetting, and proving it: plan → apply → purge → verify, layer by layer.

A delete that returns "ok" proves nothing: SQLite keeps deleted rows in free pages and
old WAL frames, FTS5 keeps a deleted document's terms in older index segments (and
writes the terms again into its delete markers), embeddings and summaries outlive the
row they came from. So forgetting here is four steps:

* **plan** — the blast radius, written nowhere: the memories asked for; descendants
  whose every source is being forgotten; and any memory whose text quotes one of them
  (its whole text, or one of its sentences). A quoting memory is forgotten whole, not
  edited: cutting a sentence out of an approved summary would change what a person
  approved without their review, and the plan shows it before anything happens.
  Descendants that keep other support lose the edge and go back to ``pending``, with
  the reason in the log. Profile entries built on a forgotten memory (or quoting it)
  go too.
* **apply** — one transaction with ``PRAGMA secure_delete=ON`` set here (not trusted
  to the build): rows, FTS, embeddings, edges, profile entries, a tombstone with
  salted fingerprints, and events that say who forgot what and why — never the text.
  The FTS5 index is then optimized (merged into one segment), which is what drops the
  deleted document's terms from old segments on this SQLite (< 3.42 has no FTS5
  ``secure-delete``).
* **purge** — ``wal_checkpoint(TRUNCATE)`` so no WAL frame holds an old page.
* **verify** — every layer probed by id and by content (exact normalised text, and each
  sentence of it quoted anywhere), the FTS index by its terms (fts5vocab *and* the
  terms of every index segment, decoded from ``memories_fts_data``), and the raw bytes
  of the file, its WAL and journal. The result has the shape of ``llm``'s ``verify``:
  rows of residue, and no rows means clean.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit import fingerprint, review
from memaudit.adapters.base import Layer, Needle, Residue
from memaudit.errors import Conflict, InvalidInput, MemauditError, Refused
from memaudit.ledger import Ledger, schema
from memaudit.model import Memory, Status
from memaudit.rawscan import Needles, fts_tokens, raw_pieces, scan_file, sqlite_page_info
from memaudit.sqlite_driver import sqlite3

# A term held by this many documents or fewer has its documents listed and checked.
TERM_DOC_CHECK_LIMIT = 50
PHRASE_HIT_LIMIT = 20


# -- the plan ----------------------------------------------------------------------


@dataclass(slots=True)
class PlanItem:
    id: str
    action: str  # "forget" | "requeue"
    why: str
    source_type: str
    status: str
    version: int
    parents: list[str] = field(default_factory=list)
    preview: str = ""  # shown on the terminal for confirmation; never stored

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "action": self.action,
            "why": self.why,
            "source_type": self.source_type,
            "status": self.status,
            "version": self.version,
            "parents": self.parents,
        }


@dataclass(slots=True)
class ForgetPlan:
    requested: list[str]
    forget: list[PlanItem]
    requeue: list[PlanItem]
    edges: list[tuple[str, str]]  # (child, parent) edges that go
    profile: list[str]  # profile entry ids that go
    embeddings: list[str]  # memory ids whose embeddings go
    # The text of what is forgotten, held in memory only, to verify against afterwards.
    texts: dict[str, str] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "requested": self.requested,
            "forget": [i.to_dict() for i in self.forget],
            "requeue": [i.to_dict() for i in self.requeue],
            "edges_removed": [{"child": c, "parent": p} for c, p in self.edges],
            "profile_removed": self.profile,
            "embeddings_removed": self.embeddings,
        }

    def forget_ids(self) -> list[str]:
        return [i.id for i in self.forget]


def memory_text(memory: Memory) -> str:
    return memory.content + ("\n" + memory.summary if memory.summary else "")


def _phrase(tokens: Sequence[str]) -> str:
    return '"' + " ".join(tokens) + '"'


def _pieces_normalized(text: str) -> list[str]:
    pieces = fingerprint.sentences(text)
    whole = fingerprint.normalize(text)
    return pieces or ([whole] if whole else [])


def quoting_memories(ledger: Ledger, text: str, exclude: set[str]) -> list[str]:
    """Ids of memories whose content or summary holds ``text`` or one of its sentences.

    The FTS index finds candidates (a phrase query per sentence), the normalised text
    confirms them; identical text is found by its hash.
    """
    conn = ledger.conn
    found: dict[str, None] = {}
    for (mid,) in conn.execute(
        "SELECT id FROM memories WHERE content_hash = ?", (fingerprint.content_hash(text),)
    ):
        if mid not in exclude:
            found[mid] = None
    pieces = _pieces_normalized(text)
    for piece in pieces:
        tokens = fts_tokens(piece)
        if not tokens:
            continue
        rows = conn.execute(
            "SELECT id, content, summary FROM memories WHERE seq IN "
            "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)",
            (_phrase(tokens),),
        )
        for mid, content, summary in rows:
            if mid in exclude or mid in found:
                continue
            if piece in fingerprint.normalize(content + "\n" + (summary or "")):
                found[mid] = None
    return list(found)


def plan(ledger: Ledger, memory_ids: Sequence[str]) -> ForgetPlan:
    """The blast radius of forgetting ``memory_ids``. Reads only."""
    if not memory_ids:
        raise InvalidInput("nothing to forget: give at least one id")
    requested = list(dict.fromkeys(memory_ids))
    memories: dict[str, Memory] = {mid: ledger.require(mid) for mid in requested}
    why: dict[str, str] = {mid: "requested" for mid in requested}
    queue = list(requested)
    waiting: set[str] = set()  # children seen whose other parents are not (yet) going
    while queue:
        mid = queue.pop(0)
        memory = memories[mid]
        for qid in quoting_memories(ledger, memory_text(memory), set(memories)):
            memories[qid] = ledger.require(qid)
            why[qid] = f"quotes {mid}"
            queue.append(qid)
        waiting.update(e.child_id for e in ledger.children(mid))
        changed = True
        while changed:  # a child goes once every one of its sources goes
            changed = False
            for child in sorted(waiting - set(memories)):
                parents = [e.parent_id for e in ledger.parents(child)]
                if parents and all(p in memories for p in parents):
                    memories[child] = ledger.require(child)
                    why[child] = "derived only from " + ", ".join(parents)
                    queue.append(child)
                    changed = True
    going = set(memories)
    forget_items = [
        PlanItem(
            id=mid,
            action="forget",
            why=why[mid],
            source_type=m.source_type.value,
            status=m.status.value,
            version=m.version,
            parents=[e.parent_id for e in ledger.parents(mid)],
            preview=m.content,
        )
        for mid, m in memories.items()
    ]
    requeue_items = []
    for child in sorted(waiting - going):
        m = ledger.require(child)
        parents = [e.parent_id for e in ledger.parents(child)]
        lost = [p for p in parents if p in going]
        kept = [p for p in parents if p not in going]
        requeue_items.append(
            PlanItem(
                id=child,
                action="requeue",
                why=f"loses source {', '.join(lost)}; still supported by {', '.join(kept)}",
                source_type=m.source_type.value,
                status=m.status.value,
                version=m.version,
                parents=parents,
                preview=m.content,
            )
        )
    ids = list(memories)
    edges = [(e.child_id, e.parent_id) for e in ledger.edges(ids)]
    marks = ",".join("?" * len(ids))
    profile = [
        r[0]
        for r in ledger.conn.execute(f"SELECT id FROM profile WHERE memory_id IN ({marks})", ids)
    ]
    texts = {mid: memory_text(m) for mid, m in memories.items()}
    for pid, value in ledger.conn.execute("SELECT id, value FROM profile"):
        if pid not in profile and any(_quotes(value, t) for t in texts.values()):
            profile.append(pid)
    embeddings = [
        r[0]
        for r in ledger.conn.execute(
            f"SELECT memory_id FROM embeddings WHERE memory_id IN ({marks})", ids
        )
    ]
    return ForgetPlan(requested, forget_items, requeue_items, edges, profile, embeddings, texts)


def _quotes(candidate: str, text: str) -> bool:
    norm = fingerprint.normalize(candidate)
    return any(piece in norm for piece in _pieces_normalized(text))


# -- apply, purge, verify ---------------------------------------------------------------


@dataclass(slots=True)
class LayerReport:
    layer: str
    kind: str
    checked: str  # what was looked at
    residue: list[Residue]
    probed: bool = True

    @property
    def clean(self) -> bool:
        return self.probed and not [r for r in self.residue if not r.warning]

    def to_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer,
            "kind": self.kind,
            "checked": self.checked,
            "probed": self.probed,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
        }


@dataclass(slots=True)
class ForgetResult:
    plan: ForgetPlan
    checkpoint: tuple[int, int, int] | None
    fts_purge: str
    reports: list[LayerReport]

    @property
    def clean(self) -> bool:
        return all(r.clean for r in self.reports)

    def to_dict(self) -> dict[str, Any]:
        return {
            "plan": self.plan.to_dict(),
            "fts_purge": self.fts_purge,
            "wal_checkpoint": list(self.checkpoint) if self.checkpoint else None,
            "clean": self.clean,
            "layers": [r.to_dict() for r in self.reports],
        }


def _check_reason(reason: str | None, texts: Iterable[str]) -> None:
    if reason and any(_quotes(reason, t) for t in texts):
        raise Refused(
            "the reason quotes what is being forgotten; events never hold forgotten "
            "content — describe why without repeating it"
        )


def apply(
    ledger: Ledger, the_plan: ForgetPlan, *, reason: str | None = None, actor: str | None = None
) -> ForgetResult:
    """Carry out a plan in one transaction, purge, and verify every layer."""
    _check_reason(reason, the_plan.texts.values())
    who = actor or ledger.actor
    conn = ledger.conn
    # memaudit does not rely on how SQLite was built: deleted cells and freed pages
    # are overwritten with zeros on this connection.
    conn.execute("PRAGMA secure_delete = ON")
    if conn.execute("PRAGMA secure_delete").fetchone()[0] != 1:
        raise MemauditError("SQLite refused PRAGMA secure_delete=ON; nothing forgotten")
    going = set(the_plan.forget_ids())
    with ledger.transaction():
        for item in [*the_plan.forget, *the_plan.requeue]:
            current = ledger.get(item.id)
            if current is None or current.version != item.version:
                raise Conflict(
                    f"{item.id} changed since the plan was made; nothing forgotten — run "
                    "forget again to see the new plan"
                )
        marks = ",".join("?" * len(the_plan.profile))
        if the_plan.profile:
            conn.execute(f"DELETE FROM profile WHERE id IN ({marks})", the_plan.profile)
        for item in the_plan.forget:
            memory = ledger.require(item.id)
            review.erase(ledger, item.id)
            review.write_tombstone(ledger, memory, Status.FORGOTTEN, reason, who)
            ledger.log(
                "forget",
                item.id,
                actor=who,
                reason=reason,
                detail={
                    "why": item.why,
                    "requested": item.id in the_plan.requested,
                    "version": memory.version,
                    "source_type": memory.source_type.value,
                    "embedding": item.id in the_plan.embeddings,
                },
            )
        for item in the_plan.requeue:
            conn.execute(
                "UPDATE memories SET status = 'pending', updated_at = ?, version = version + 1 "
                "WHERE id = ?",
                (ledger.now(), item.id),
            )
            lost = [p for p in item.parents if p in going]
            ledger.log(
                "requeue",
                item.id,
                actor=who,
                reason=f"source {', '.join(lost)} was forgotten; back to review",
                detail={"lost_sources": lost, "from_status": item.status},
            )
        if the_plan.profile:
            ledger.log(
                "profile_removed", None, actor=who, reason=reason, detail={"ids": the_plan.profile}
            )
        fts_purge = purge_fts(conn)
    checkpoint = checkpoint_wal(conn)
    needle = Needle(
        ids=the_plan.forget_ids(),
        content=None,
        more_content=list(the_plan.texts.values()),
    )
    reports = verify_layers(native_layers(ledger), needle)
    return ForgetResult(the_plan, checkpoint, fts_purge, reports)


def purge_fts(conn: sqlite3.Connection) -> str:
    """Make sure no FTS5 segment keeps a deleted document's terms.

    With FTS5 ``secure-delete`` on (SQLite 3.42+, enabled by migration m005) the delete
    itself removed them in place, so nothing is left to do. Without it the only way is
    to merge the whole index into one segment (``optimize``), whose cost grows with the
    index (benchmarks/bench_forget.py measures both).
    """
    if schema.fts_secure_delete_on(conn):
        return "secure-delete"
    conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
    return "optimize"


def checkpoint_wal(conn: sqlite3.Connection) -> tuple[int, int, int] | None:
    """Copy the WAL into the file and truncate it, so no old frame survives."""
    row = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    return (int(row[0]), int(row[1]), int(row[2])) if row else None


def verify_layers(layers: Sequence[Layer], needle: Needle) -> list[LayerReport]:
    reports = []
    for layer in layers:
        if not layer.checked:
            reports.append(LayerReport(layer.name, layer.kind, layer.why_unchecked, [], False))
            continue
        reports.append(LayerReport(layer.name, layer.kind, layer.description, layer.probe(needle)))
    return reports


# -- the native ledger's layers --------------------------------------------------------


def memaudit_home() -> Path:
    env = os.environ.get("MEMAUDIT_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "memaudit"


def known_copies(path: Path) -> list[Path]:
    """Copies of a ledger that memaudit makes, where it makes them: ``<ledger>.bak*``
    next to the ledger, and ``$MEMAUDIT_HOME/{backups,exports}/<ledger stem>*``."""
    found: list[Path] = []
    if path.parent.exists():
        found += sorted(p for p in path.parent.glob(path.name + ".bak*") if p.is_file())
    for sub in ("backups", "exports"):
        folder = memaudit_home() / sub
        if folder.is_dir():
            found += sorted(p for p in folder.glob(path.stem + "*") if p.is_file())
    return found


class _NativeProbes:
    """The probes of one open ledger; raw scans are cached per needle within a run."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.conn = ledger.conn
        self.path = Path(ledger.path)

    # helpers

    def _texts(self, needle: Needle) -> list[str]:
        return needle.texts()

    def _pieces(self, needle: Needle) -> list[str]:
        out: dict[str, None] = {}
        for text in self._texts(needle):
            for piece in _pieces_normalized(text):
                out[piece] = None
        return list(out)

    def _ids_in(self, table: str, column: str, ids: list[str]) -> list[str]:
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        return [
            r[0]
            for r in self.conn.execute(
                f"SELECT DISTINCT {column} FROM {table} WHERE {column} IN ({marks})", ids
            )
        ]

    def _text_columns(
        self, table: str, key: str, columns: Sequence[str], needle: Needle, layer: str
    ) -> list[Residue]:
        """Rows whose text columns hold a sentence of the needle (case-insensitive)."""
        out = []
        for n, piece in enumerate(self._pieces(needle), 1):
            for col in columns:
                # normalize() folds case and spaces; lower() + instr() is the SQL
                # side of the same idea, good enough to find a stored copy.
                for (rid,) in self.conn.execute(
                    f"SELECT {key} FROM {table} WHERE instr(lower({col}), ?) > 0 LIMIT 20",
                    (piece,),
                ):
                    out.append(
                        Residue(
                            layer,
                            f"{table}.{col} ({key}={rid})",
                            "quoted sentence",
                            f"sentence {n}",
                        )
                    )
        return out

    # layers

    def memories(self, needle: Needle) -> list[Residue]:
        out = [
            Residue("memories", f"memories.id = {mid}", "id", "the row still exists")
            for mid in self._ids_in("memories", "id", needle.ids)
        ]
        for n, text in enumerate(self._texts(needle), 1):
            for (mid,) in self.conn.execute(
                "SELECT id FROM memories WHERE content_hash = ?", (fingerprint.content_hash(text),)
            ):
                out.append(
                    Residue("memories", f"memories.content ({mid})", "exact text", f"text {n}")
                )
            for mid in quoting_memories(self.ledger, text, set()):
                if not any(r.where.endswith(f"({mid})") for r in out):
                    out.append(
                        Residue(
                            "memories",
                            f"memories.content/summary ({mid})",
                            "quoted sentence",
                            f"text {n}",
                        )
                    )
        return out

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
            tokens = fts_tokens(piece)
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
        marks = ",".join("?" * len(tokens))
        counts = dict(
            self.conn.execute(
                f"SELECT term, doc FROM temp.memaudit_vocab_row WHERE term IN ({marks})", tokens
            )
        )
        for term, docs in counts.items():
            if docs > TERM_DOC_CHECK_LIMIT:
                continue
            for (doc,) in self.conn.execute(
                "SELECT DISTINCT doc FROM temp.memaudit_vocab_inst WHERE term = ?", (term,)
            ):
                if not self.conn.execute("SELECT 1 FROM memories WHERE seq = ?", (doc,)).fetchone():
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
        live: dict[int, bool] = {}
        for term, segid, page, rowid, deleted in segment_entries(self.conn, "memories_fts", tokens):
            if rowid not in live:
                live[rowid] = bool(
                    self.conn.execute("SELECT 1 FROM memories WHERE seq = ?", (rowid,)).fetchone()
                )
            if deleted or not live[rowid]:
                what = "delete marker" if deleted else "entry"
                out.append(
                    Residue(
                        "memories_fts",
                        f"memories_fts_data segment {segid} page {page}",
                        "term",
                        f"{what} for {_label(term)}, rowid {rowid}"
                        + ("" if live[rowid] else " (no memory has this rowid)"),
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
        marks = ",".join("?" * len(needle.ids))
        rows = self.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({marks}) OR parent_id IN ({marks})",
            [*needle.ids, *needle.ids],
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

    def events(self, needle: Needle) -> list[Residue]:
        # Ids are kept on purpose (the log says *that* something was forgotten).
        return self._text_columns("events", "id", ("reason", "detail"), needle, "events")

    def tombstones(self, needle: Needle) -> list[Residue]:
        return self._text_columns(
            "tombstones", "memory_id", ("reason", "fingerprints"), needle, "tombstones"
        )

    def raw(
        self, path: Path, layer: str, needle: Needle, *, warning: bool = False
    ) -> list[Residue]:
        hits = scan_file(path, self._raw_needles(needle))
        if not hits:
            return []
        page_size, free = sqlite_page_info(path) if layer in ("file", "copies") else (0, set())
        out = []
        for hit in hits:
            where = f"{path} @ byte {hit.offset}"
            if page_size:
                page = hit.offset // page_size + 1
                where += f" (page {page}, {'free page' if page in free else 'page in use'})"
            elif layer == "wal" and hit.offset >= 32:
                wal_page = _wal_page_size(path)
                if wal_page:
                    where += f" (frame {(hit.offset - 32) // (wal_page + 24) + 1})"
            out.append(Residue(layer, where, "bytes", hit.needle, warning=warning))
        return out

    def _raw_needles(self, needle: Needle) -> Needles:
        # Sentences only: FTS terms are checked where they live, in the index pages
        # (decoded by the FTS probe) — on disk they are prefix-compressed, so a byte
        # search for a term could miss it, and short terms match inside other words.
        return Needles(self._texts(needle))


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


def _varint(buf: bytes, i: int) -> tuple[int, int]:
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


def leaf_entries(page: bytes) -> dict[bytes, list[tuple[int, bool]]]:
    """The terms written on one FTS5 leaf page, each with the (rowid, is-delete-marker)
    entries of its doclist that are on this page.

    A leaf page starts with two big-endian u16 (first rowid offset, start of the page
    index); the page index is a list of varint deltas giving each term's offset. The
    first term on a page is written whole (varint length, bytes), later ones as
    (varint shared-prefix length, varint suffix length, suffix). Each term is followed
    by its doclist: a varint rowid, then per entry a varint (position-list size * 2 +
    delete flag), the positions, and the next rowid as a varint delta.
    """
    if len(page) < 4:
        return {}
    footer = int.from_bytes(page[2:4], "big")
    offsets = []
    i, acc = footer, 0
    out: dict[bytes, list[tuple[int, bool]]] = {}
    try:
        while i < len(page):
            delta, i = _varint(page, i)
            acc += delta
            offsets.append(acc)
        prev = b""
        for n, off in enumerate(offsets):
            if n == 0:
                size, j = _varint(page, off)
                term = page[j : j + size]
            else:
                shared, j = _varint(page, off)
                size, j = _varint(page, j)
                term = prev[:shared] + page[j : j + size]
            prev = term
            j += size
            stop = offsets[n + 1] if n + 1 < len(offsets) else footer
            entries: list[tuple[int, bool]] = []
            rowid = 0
            first = True
            while j < stop:
                step, j = _varint(page, j)
                rowid = step if first else rowid + step
                first = False
                if j >= stop:
                    break
                sz, j = _varint(page, j)
                entries.append((rowid, bool(sz & 1)))
                j += sz >> 1
            out[term] = entries
        return out
    except IndexError:
        return {}  # not a leaf page we understand: report nothing rather than guess


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
    try:
        segids = [r[0] for r in conn.execute(f"SELECT DISTINCT segid FROM {fts}_idx")]
    except sqlite3.Error:
        return []
    for token in tokens:
        key = b"0" + token.encode("utf-8")
        for segid in segids:
            row = conn.execute(
                f"SELECT pgno FROM {fts}_idx WHERE segid = ? AND term <= ? "
                "ORDER BY term DESC LIMIT 1",
                (segid, key),
            ).fetchone()
            if not row:
                continue
            page_no = int(row[0]) >> 1  # the low bit flags a doclist index
            blob = conn.execute(
                f"SELECT block FROM {fts}_data WHERE id = ?", ((segid << 37) + page_no,)
            ).fetchone()
            if blob:
                for rowid, deleted in leaf_entries(bytes(blob[0])).get(key, []):
                    found.append((token, segid, page_no, rowid, deleted))
    return found


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
        else f"known copies outside the store ({path.name}.bak*, {memaudit_home()}/backups|exports): none"
    )
    return [
        Layer(
            "memories",
            "rows",
            "rows by id; content by exact text (hash) and quoted sentences",
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
            "events",
            "history",
            "reason and detail for the text (ids are kept on purpose)",
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


# -- tombstones, later ---------------------------------------------------------------------


@dataclass(slots=True)
class TombstoneCheck:
    memory_id: str
    status: str
    at: str
    residue: list[Residue]

    def to_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "status": self.status,
            "at": self.at,
            "clean": not self.residue,
            "residue": [r.to_dict() for r in self.residue],
        }


def verify_tombstones(
    ledger: Ledger, memory_ids: Sequence[str] | None = None
) -> list[TombstoneCheck]:
    """Re-check forgotten memories: nothing current matches their fingerprints
    (resurrection), and no free page or WAL frame holds a sentence that does.

    ``memory_ids=None`` checks every ``forgotten`` tombstone; named ids may be any
    tombstone (rejected ones too).
    """
    conn = ledger.conn
    if memory_ids is None:
        rows = conn.execute(
            "SELECT memory_id, status, at, salt, fingerprints FROM tombstones "
            "WHERE status = 'forgotten' ORDER BY at, memory_id"
        ).fetchall()
    else:
        rows = []
        for mid in memory_ids:
            row = conn.execute(
                "SELECT memory_id, status, at, salt, fingerprints FROM tombstones WHERE memory_id = ?",
                (mid,),
            ).fetchone()
            if row is None:
                from memaudit.errors import NotFound

                raise NotFound(f"no tombstone for {mid!r}: it was never forgotten or rejected here")
            rows.append(row)
    fragments = _raw_fragments(Path(ledger.path)) if rows else []
    out = []
    for mid, status, at, salt, prints_json in rows:
        prints = json.loads(prints_json)
        residue: list[Residue] = []
        # Anything the agent learned again was written after the tombstone; older rows
        # were checked by forget's own verification.
        for cid, content, summary in conn.execute(
            "SELECT id, content, summary FROM memories WHERE updated_at >= ? OR created_at >= ?",
            (at, at),
        ):
            how = fingerprint.matches(salt, prints, content + ("\n" + summary if summary else ""))
            if how is None and summary:
                how = fingerprint.matches(salt, prints, content)
            if how:
                residue.append(
                    Residue(
                        "memories",
                        f"memories.content ({cid})",
                        how,
                        "resurrected: the content is back",
                    )
                )
        for where, text in fragments:
            how = fingerprint.matches(salt, prints, text)
            if how:
                residue.append(
                    Residue("raw", where, how, "a freed page or WAL frame still holds it")
                )
        out.append(TombstoneCheck(mid, status, at, residue))
    return out


def _raw_fragments(path: Path) -> list[tuple[str, str]]:
    """Readable text in the places deleted content lingers: free pages, the WAL, the
    journal. Only these are read whole, page by page (live pages are SQL's business)."""
    out: list[tuple[str, str]] = []
    page_size, free = sqlite_page_info(path)
    if page_size:
        with path.open("rb") as fh:
            for page in sorted(free):
                fh.seek((page - 1) * page_size)
                out += [(f"{path} page {page} (free)", t) for t in _strings(fh.read(page_size))]
    for side in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-journal")):
        if side.exists():
            with side.open("rb") as fh:
                n = 0
                while block := fh.read(1024 * 1024):
                    out += [(f"{side} block {n}", t) for t in _strings(block)]
                    n += 1
    return out


_BINARY = re.compile("[\x00-\x08\x0b-\x1f\x7f\ufffd]+")


def _strings(block: bytes) -> list[str]:
    """Runs of readable text between the binary bytes of pages and frames."""
    text = block.decode("utf-8", errors="replace")
    return [s for s in _BINARY.split(text) if len(s.split()) >= fingerprint.MIN_SENTENCE_WORDS]


__all__ = [
    "ForgetPlan",
    "ForgetResult",
    "LayerReport",
    "PlanItem",
    "TombstoneCheck",
    "apply",
    "known_copies",
    "native_layers",
    "plan",
    "verify_layers",
    "verify_tombstones",
    "raw_pieces",
]
