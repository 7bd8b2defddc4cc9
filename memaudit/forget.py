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
  With FTS5 ``secure-delete`` (SQLite 3.42+, migration m005) the delete itself drops
  the document's terms from the index; on an older SQLite the index is optimized
  (merged into one segment), the only other way to drop them from old segments.
* **purge** — ``wal_checkpoint(TRUNCATE)`` so no WAL frame holds an old page.
* **verify** — every layer probed by id and by content (exact normalised text, and each
  sentence of it quoted anywhere), the FTS index by its terms (fts5vocab *and* the
  terms of every index segment, decoded from ``memories_fts_data``), and the raw bytes
  of the file, its WAL and journal. Each table is read once for all sentences; the
  raw bytes are searched for each sentence as the row held it. The result has the
  shape of ``llm``'s ``verify``: rows of residue, and no rows means clean.
"""

from __future__ import annotations

import json
import os
import re
import string
import time
from collections.abc import Iterable, Iterator, Sequence, Sized
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit import fingerprint, review
from memaudit.adapters.base import Layer, LayerNotChecked, Needle, Residue
from memaudit.errors import Conflict, InvalidInput, MemauditError, Refused
from memaudit.ledger import Ledger, schema
from memaudit.ledger.store import MEMORY_COLUMNS, row_to_memory
from memaudit.model import Memory, Status
from memaudit.rawscan import Needles, fts_tokens, raw_pieces, scan_file, sqlite_page_info
from memaudit.sqlite_driver import sqlite3

# A term held by this many documents or fewer has its documents listed and checked.
TERM_DOC_CHECK_LIMIT = 50
PHRASE_HIT_LIMIT = 20
# Ids per IN (...) list, and sentences per FTS query, when a plan reads in bulk.
CHUNK = 500
PHRASES_PER_QUERY = 64
# Rows reported per sentence and column of a text layer.
TEXT_HIT_LIMIT = 20


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


def _chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def quoting_memories(ledger: Ledger, text: str, exclude: set[str]) -> list[str]:
    """Ids of memories whose content or summary holds ``text`` or one of its sentences."""
    return list(_quoting(ledger, {"": text}, exclude))


def _quoting(ledger: Ledger, texts: dict[str, str], exclude: set[str]) -> dict[str, str]:
    """Memories (not in ``exclude``) whose content or summary holds one of ``texts``
    (keyed by memory id) or one of its sentences: {quoting id: id of the text quoted}.

    Identical text is found by its hash; quotes by the FTS index (every sentence of
    every text as a phrase, OR-ed, a few queries in all), each candidate confirmed on
    its normalised text.
    """
    conn = ledger.conn
    found: dict[str, str] = {}
    by_hash: dict[str, str] = {}
    for key, text in texts.items():
        by_hash.setdefault(fingerprint.content_hash(text), key)
    for part in _chunks(list(by_hash)):
        for mid, digest in conn.execute(
            f"SELECT id, content_hash FROM memories WHERE content_hash IN ({_marks(part)})", part
        ):
            if mid not in exclude and mid not in found:
                found[mid] = by_hash[digest]
    pieces: dict[str, str] = {}  # normalised sentence -> key of the text it is from
    phrases: dict[str, None] = {}
    for key, text in texts.items():
        for piece in _pieces_normalized(text):
            tokens = fts_tokens(piece)
            if tokens:
                pieces.setdefault(piece, key)
                phrases[_phrase(tokens)] = None
    for part in _chunks(list(phrases), PHRASES_PER_QUERY):
        rows = conn.execute(
            "SELECT id, content, summary FROM memories WHERE seq IN "
            "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)",
            (" OR ".join(part),),
        )
        for mid, content, summary in rows:
            if mid in exclude or mid in found:
                continue
            norm = fingerprint.normalize(content + "\n" + (summary or ""))
            for piece, key in pieces.items():
                if piece in norm:
                    found[mid] = key
                    break
    return found


def _marks(items: Sized) -> str:
    return ",".join("?" * len(items))


# LIKE tests OR-ed in one statement (SQLite's expression depth limit is 1000).
_MAX_OR_TERMS = 400

# A list of any length as one parameter (a JSON array): what a user or a store gives
# can hold more values than SQLite allows variables in one statement.
_EACH = "(SELECT value FROM json_each(?))"


def _memories(ledger: Ledger, ids: Sequence[str]) -> dict[str, Memory]:
    out: dict[str, Memory] = {}
    for part in _chunks(ids):
        for row in ledger.conn.execute(
            f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id IN ({_marks(part)})", part
        ):
            memory = row_to_memory(row)
            out[memory.id] = memory
    return out


def _parents_of(ledger: Ledger, ids: Sequence[str]) -> dict[str, list[str]]:
    """{memory id: its parents' ids, in the order ``ledger.parents`` gives them}."""
    out: dict[str, list[str]] = {mid: [] for mid in ids}
    for part in _chunks(ids):
        for child, parent in ledger.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({_marks(part)}) "
            "ORDER BY child_id, parent_id",
            part,
        ):
            out[child].append(parent)
    return out


def _children_with_parents(ledger: Ledger, ids: Sequence[str]) -> dict[str, list[str]]:
    """The children of ``ids``, each with all of its parents: one query per chunk."""
    out: dict[str, list[str]] = {}
    for part in _chunks(ids):
        for child, parent in ledger.conn.execute(
            "SELECT child_id, parent_id FROM edges WHERE child_id IN "
            f"(SELECT child_id FROM edges WHERE parent_id IN ({_marks(part)})) "
            "ORDER BY child_id, parent_id",
            part,
        ):
            out.setdefault(child, []).append(parent)
    return out


def plan(ledger: Ledger, memory_ids: Sequence[str]) -> ForgetPlan:
    """The blast radius of forgetting ``memory_ids``. Reads only.

    Breadth-first, a round per generation: each round asks, for everything that went
    in the last round, which memories quote it and which children it has (with all
    their parents) — a few queries per round, whatever the fan-out. A child goes in
    the round its last parent goes (it is a child of that parent, so it is looked at
    again then); until then it waits, and if it never goes it is re-queued.
    """
    if not memory_ids:
        raise InvalidInput("nothing to forget: give at least one id")
    requested = list(dict.fromkeys(memory_ids))
    memories: dict[str, Memory] = {mid: ledger.require(mid) for mid in requested}
    why: dict[str, str] = {mid: "requested" for mid in requested}
    waiting: dict[str, list[str]] = {}  # children seen, with their parents, not going
    frontier = list(requested)
    while frontier:
        texts = {mid: memory_text(memories[mid]) for mid in frontier}
        quoting = _quoting(ledger, texts, set(memories))
        memories.update(_memories(ledger, list(quoting)))
        for qid, mid in quoting.items():
            why[qid] = f"quotes {mid}"
        derived: dict[str, None] = {}
        children = _children_with_parents(ledger, [*frontier, *quoting])
        for child, parents in sorted(children.items()):
            if child in memories or child in derived:
                continue
            if all(p in memories or p in derived for p in parents):
                waiting.pop(child, None)
                why[child] = "derived only from " + ", ".join(parents)
                derived[child] = None
            else:
                waiting[child] = parents
        memories.update(_memories(ledger, list(derived)))
        frontier = [*quoting, *derived]
    going = set(memories)
    ids = list(memories)
    parents_of = _parents_of(ledger, ids)
    forget_items = [
        PlanItem(
            id=mid,
            action="forget",
            why=why[mid],
            source_type=m.source_type.value,
            status=m.status.value,
            version=m.version,
            parents=parents_of[mid],
            preview=m.content,
        )
        for mid, m in memories.items()
    ]
    kept_children = sorted(set(waiting) - going)
    loaded = _memories(ledger, kept_children)
    requeue_items = []
    for child in kept_children:
        m = loaded[child]
        parents = waiting[child]
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
    edges: dict[tuple[str, str], None] = {}
    for part in _chunks(ids):
        for child, parent in ledger.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({_marks(part)}) "
            f"OR parent_id IN ({_marks(part)})",
            [*part, *part],
        ):
            edges[(child, parent)] = None
    texts = {mid: memory_text(m) for mid, m in memories.items()}
    profile: list[str] = []
    for part in _chunks(ids):
        profile += [
            r[0]
            for r in ledger.conn.execute(
                f"SELECT id FROM profile WHERE memory_id IN ({_marks(part)})", part
            )
        ]
    pieces = _all_pieces(texts.values())
    for pid, _col, _n in _rows_quoting(ledger.conn, "profile", "id", ("value",), pieces):
        if pid not in profile:
            profile.append(pid)
    embeddings: list[str] = []
    for part in _chunks(ids):
        embeddings += [
            r[0]
            for r in ledger.conn.execute(
                f"SELECT memory_id FROM embeddings WHERE memory_id IN ({_marks(part)})", part
            )
        ]
    return ForgetPlan(
        requested, forget_items, requeue_items, list(edges), profile, embeddings, texts
    )


def _quotes(candidate: str, text: str) -> bool:
    norm = fingerprint.normalize(candidate)
    return any(piece in norm for piece in _pieces_normalized(text))


# -- finding quoted text in plain text columns --------------------------------------------

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_ASCII_RUN = re.compile(r"[a-z0-9]+")


def _all_pieces(texts: Iterable[str]) -> list[str]:
    out: dict[str, None] = {}
    for text in texts:
        for piece in _pieces_normalized(text):
            out[piece] = None
    return list(out)


ANCHOR_MAX = 2000  # characters of an anchor used in LIKE (well under SQLite's limit)


def _anchor(piece: str) -> str:
    """A stretch of a normalised sentence that a stored copy holds verbatim up to ASCII
    case: its longest run of ASCII letters and digits (normalising leaves those as
    they are, and SQL's LIKE ignores their case), else its longest word."""
    runs = _ASCII_RUN.findall(piece) or piece.split(" ")
    # Any stretch of the anchor filters just as soundly; SQLite refuses LIKE patterns
    # over 50,000 bytes ("pattern too complex"), which a megabyte-long memory reaches.
    return max(runs, key=len)[:ANCHOR_MAX]


def _like(fragment: str) -> str:
    escaped = fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _views(value: str) -> list[str]:
    """The forms a stored copy of a sentence is looked for in: normalised, lower-cased
    as SQL's lower() does (what the probes matched before), and — for JSON — the
    strings it encodes, normalised (JSON escapes quotes and non-ASCII characters)."""
    views = [fingerprint.normalize(value), value.translate(_ASCII_LOWER)]
    if value[:1] in ("{", "[", '"'):
        try:
            decoded = json.loads(value)
        except ValueError:
            return views
        views.append(fingerprint.normalize("\n".join(_json_strings(decoded))))
    return views


def _json_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v)


def _rows_quoting(
    conn: sqlite3.Connection,
    table: str,
    key: str,
    columns: Sequence[str],
    pieces: Sequence[str],
    *,
    every_non_ascii: bool = True,
) -> list[tuple[Any, str, int]]:
    """(key, column, sentence number) for each text column of ``table`` holding one of
    ``pieces`` (normalised sentences), in one pass over the table.

    SQL pre-filters — a row goes on if a column contains a sentence's anchor (see
    ``_anchor``), ASCII case ignored — and Python confirms on the candidates. A copy
    that normalising changes inside the anchor itself (compatibility forms, invisible
    characters) passes the filter only through ``every_non_ascii``, which sends every
    value with a non-ASCII character to Python too: exact, at the price of measuring
    every value (used where the table is small or the answer decides what is deleted).
    """
    if not pieces:
        return []
    anchors: dict[str, None] = {}
    for piece in pieces:
        anchor = _anchor(piece)
        anchors[anchor] = None
        anchors[json.dumps(anchor)[1:-1]] = None  # as JSON writes it
    # SQLite caps an expression's depth (1000) and its variables: a long text's anchors
    # are tested a group at a time (rows in table order when one group is enough).
    select = f"SELECT {key}, {', '.join(columns)} FROM {table} WHERE "
    per_query = max(1, _MAX_OR_TERMS // max(1, len(columns)))
    groups = list(_chunks(list(anchors), per_query))
    wide = [f"length(CAST({col} AS BLOB)) != length({col})" for col in columns]
    candidates: dict[Any, tuple[Any, ...]] = {}
    for n, group in enumerate(groups):
        tests = [f"{col} LIKE ? ESCAPE '\\'" for _ in group for col in columns]
        params = [_like(a) for a in group for _ in columns]
        if every_non_ascii and n == 0:
            tests += wide
        for row in conn.execute(select + " OR ".join(tests), params):
            candidates.setdefault(row[0], tuple(row))
    out = []
    for row in candidates.values():
        for col, value in zip(columns, row[1:], strict=True):
            if not isinstance(value, str):
                continue
            views = _views(value)
            for n, piece in enumerate(pieces, 1):
                if any(piece in view for view in views):
                    out.append((row[0], col, n))
    return out


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
        if the_plan.profile:
            conn.execute(
                f"DELETE FROM profile WHERE id IN {_EACH}", (json.dumps(the_plan.profile),)
            )
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
    checkpoint = checkpoint_wal(conn, ledger.busy_timeout)
    needle = Needle(
        ids=the_plan.forget_ids(),
        content=None,
        more_content=list(the_plan.texts.values()),
        as_stored=True,
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


def checkpoint_wal(conn: sqlite3.Connection, timeout: float = 5.0) -> tuple[int, int, int] | None:
    """Copy the WAL into the file and truncate it, so no old frame survives.

    A TRUNCATE checkpoint holds the write lock while it waits for readers: with the
    busy handler on, an agent writing at the same time would wait behind it for the
    whole timeout and fail. So each try does not wait, and writers get in between
    tries, until ``timeout``; a checkpoint that never completes leaves old frames,
    which the WAL layer of the verification then reports.
    """
    deadline = time.monotonic() + timeout
    conn.execute("PRAGMA busy_timeout = 0")
    try:
        while True:
            row = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if not row or row[0] == 0 or time.monotonic() >= deadline:
                break
            time.sleep(0.01)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return (int(row[0]), int(row[1]), int(row[2])) if row else None


def verify_layers(layers: Sequence[Layer], needle: Needle) -> list[LayerReport]:
    reports = []
    for layer in layers:
        if not layer.checked:
            reports.append(LayerReport(layer.name, layer.kind, layer.why_unchecked, [], False))
            continue
        try:
            found = layer.probe(needle)
        except LayerNotChecked as exc:  # e.g. a table name that cannot be quoted safely
            reports.append(LayerReport(layer.name, layer.kind, exc.message, [], False))
            continue
        reports.append(LayerReport(layer.name, layer.kind, layer.description, found))
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
        self.path = Path(ledger.path)

    @property
    def conn(self) -> sqlite3.Connection:
        # Not kept: the raw probes close and reopen the ledger's connection.
        return self.ledger.conn

    # helpers

    def _texts(self, needle: Needle) -> list[str]:
        return needle.texts()

    def _pieces(self, needle: Needle) -> list[str]:
        return _all_pieces(self._texts(needle))

    def _ids_in(self, table: str, column: str, ids: list[str]) -> list[str]:
        if not ids:
            return []
        return [
            r[0]
            for r in self.conn.execute(
                f"SELECT DISTINCT {column} FROM {table} WHERE {column} IN {_EACH}",
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
        counts = dict(
            self.conn.execute(
                f"SELECT term, doc FROM temp.memaudit_vocab_row WHERE term IN {_EACH}",
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
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN {_EACH} "
            f"OR parent_id IN {_EACH}",
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
        return Needles(self._texts(needle), as_written=needle.as_stored)


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


def leaf_entries(page: bytes, want: bytes | None = None) -> dict[bytes, list[tuple[int, bool]]]:
    """The terms written on one FTS5 leaf page, each with the (rowid, is-delete-marker)
    entries of its doclist that are on this page (only term ``want``, if given: the
    terms are walked, the doclists of others skipped).

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
            if want is not None and term != want:
                continue
            j += size
            stop = offsets[n + 1] if n + 1 < len(offsets) else footer
            out[term] = _doclist(page, j, stop)
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
            step, j = _varint(page, j)
        rowid = step if first else rowid + step
        first = False
        if j >= stop:
            break
        sz = page[j]
        if sz < 0x80:
            j += 1
        else:
            sz, j = _varint(page, j)
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
                for rowid, deleted in leaf_entries(bytes(blob[0]), key).get(key, []):
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
    fragments: list[tuple[str, str]] = []
    if rows:
        with ledger.released():  # see Ledger.released: reading the file drops locks
            fragments = _raw_fragments(Path(ledger.path))
        conn = ledger.conn
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
