"""Forgetting, and proving it: plan → apply → purge → verify, layer by layer.

A delete that returns "ok" proves nothing: SQLite keeps deleted rows in free pages and
old WAL frames, FTS5 keeps a deleted document's terms in older index segments (and
writes the terms again into its delete markers), embeddings and summaries outlive the
row they came from. So forgetting here is four steps:

* **plan** — the exact blast radius, written nowhere (see ``plan``): the memories asked
  for and their descendants whose every source is forgotten are *purged*, with their
  own sentences; a memory that holds one of those sentences is *affected* — the
  sentence is cut out of it (``memaudit.redaction``: a new version, back to
  ``pending``) or, when asked (``whole``), it is forgotten whole; children that keep
  other support only lose the edge. Nothing propagates from an affected memory.
  Profile entries built on a forgotten memory (or quoting a purged sentence) go too.
* **apply** — one transaction with ``PRAGMA secure_delete=ON`` set here (not trusted
  to the build): rows, FTS, embeddings, edges, profile entries, the cut-out
  sentences, a tombstone with keyed fingerprints (``memaudit.tombkey``), and events
  that say who forgot what and why — never the text.
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

from memaudit import fingerprint, reasons, redaction, review, tombkey
from memaudit.adapters.base import Layer, LayerNotChecked, Needle, Residue
from memaudit.errors import Conflict, InvalidInput, MemauditError
from memaudit.ledger import Ledger, schema
from memaudit.ledger.store import MEMORY_COLUMNS, row_to_memory
from memaudit.model import Memory, Status
from memaudit.rawscan import (
    Needles,
    fts_doc_counts,
    fts_tokens,
    page_texts,
    raw_pieces,
    scan_file,
    sqlite_page_info,
    varint,
    wal_pages,
)
from memaudit.sqlite_driver import sqlite3

# A term held by this many documents or fewer has its documents listed and checked.
TERM_DOC_CHECK_LIMIT = 50
PHRASE_HIT_LIMIT = 20
# Ids per IN (...) list, and terms per FTS query, when a plan reads in bulk.
CHUNK = 500
TERMS_PER_QUERY = 200
# Rows reported per sentence and column of a text layer.
TEXT_HIT_LIMIT = 20


memaudit_home = tombkey.memaudit_home  # where it used to live

# -- the plan ----------------------------------------------------------------------


@dataclass(slots=True)
class PlanItem:
    id: str
    action: str  # "forget" | "redact" | "unlink"
    why: str
    source_type: str
    status: str
    version: int
    parents: list[str] = field(default_factory=list)
    preview: str = ""  # shown on the terminal for confirmation; never stored
    # requested | derived_only | affected (holds a purged sentence) | unlinked
    category: str = ""
    # For "redact": the text after the cut (held in memory only, never in to_dict).
    new_content: str | None = field(default=None, repr=False)
    new_summary: str | None = field(default=None, repr=False)
    removed: int = 0  # sentences cut out ("redact")
    sources: list[str] = field(default_factory=list)  # forgotten memories it quoted

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "action": self.action,
            "category": self.category,
            "why": self.why,
            "source_type": self.source_type,
            "status": self.status,
            "version": self.version,
            "parents": self.parents,
        }
        if self.action == "redact":
            out["sentences_removed"] = self.removed
        if self.sources:
            out["quoted"] = self.sources
        return out


@dataclass(slots=True)
class ForgetPlan:
    requested: list[str]
    forget: list[PlanItem]
    # Children of forgotten memories that keep other support: they lose the edge (and
    # the log says so) but are otherwise left exactly as they are.
    unlinked: list[PlanItem]
    edges: list[tuple[str, str]]  # (child, parent) edges that go
    profile: list[str]  # profile entry ids that go
    embeddings: list[str]  # memory ids whose embeddings go
    # The text of everything forgotten, held in memory only (the reason check).
    texts: dict[str, str] = field(default_factory=dict, repr=False)
    redact: list[PlanItem] = field(default_factory=list)
    # The purged sentences as the rows wrote them (the verification looks for these):
    # sentences of the requested memories and of what is derived only from them that
    # are their own — not quoted from a memory that stays and had them first.
    purged: list[str] = field(default_factory=list, repr=False)
    # Purged memories with no sentence of their own to purge (found by id only).
    by_id_only: list[str] = field(default_factory=list)
    whole: bool = False

    def counts(self) -> dict[str, int]:
        """Memories per category; ``changed`` is what ``--max`` bounds."""
        cat = [i.category for i in self.forget]
        derived_only = cat.count("derived_only")
        return {
            "requested": cat.count("requested"),
            "derived_only": derived_only,
            "affected_redacted": len(self.redact),
            "affected_forgotten": cat.count("affected"),
            "unlinked": len(self.unlinked),
            "forgotten": len(self.forget),
            "changed": len(self.forget) + len(self.redact),
            "default_max": len(self.requested) + derived_only,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "requested": self.requested,
            "whole": self.whole,
            "counts": self.counts(),
            "forget": [i.to_dict() for i in self.forget],
            "redact": [i.to_dict() for i in self.redact],
            "unlinked": [i.to_dict() for i in self.unlinked],
            "edges_removed": [{"child": c, "parent": p} for c, p in self.edges],
            "profile_removed": self.profile,
            "embeddings_removed": self.embeddings,
        }

    def forget_ids(self) -> list[str]:
        return [i.id for i in self.forget]

    def over(self, limit: int | None) -> str | None:
        """Why this plan is larger than ``limit`` (default: the requested memories and
        what is derived only from them), or None when it is not."""
        c = self.counts()
        allowed = c["default_max"] if limit is None else limit
        if c["changed"] <= allowed:
            return None
        parts = [
            f"{n} {label}"
            for n, label in (
                (c["requested"], "requested"),
                (c["derived_only"], "derived only from them"),
                (c["affected_redacted"], "quoting them (redacted, back to pending)"),
                (c["affected_forgotten"], "quoting them (forgotten whole)"),
            )
            if n
        ]
        bound = (
            f"--max {allowed} (the requested memories and what is derived only from them)"
            if limit is None
            else f"--max {allowed}"
        )
        return (
            f"this forget would change {c['changed']} memories ({', '.join(parts)}), more "
            f"than {bound}; nothing changed — look at the plan with --dry-run, then pass "
            f"--max {c['changed']} to go ahead"
        )


def memory_text(memory: Memory) -> str:
    return memory.content + ("\n" + memory.summary if memory.summary else "")


def _phrase(tokens: Sequence[str]) -> str:
    return '"' + " ".join(tokens) + '"'


def _pieces_normalized(text: str) -> list[str]:
    """What a typed text is looked for by: its sentences of substance, else the whole
    normalised text (someone asked for exactly this text)."""
    pieces = fingerprint.pieces(text)
    whole = fingerprint.normalize(text)
    return pieces or ([whole] if whole else [])


def _chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def quoting_memories(ledger: Ledger, text: str, exclude: set[str]) -> list[str]:
    """Ids of memories whose content or summary is ``text`` or holds one of its
    sentences (of substance)."""
    found = dict.fromkeys(
        mid
        for (mid,) in ledger.conn.execute(
            "SELECT id FROM memories WHERE content_hash = ?", (fingerprint.content_hash(text),)
        )
        if mid not in exclude
    )
    found.update(dict.fromkeys(_quoting(ledger, _pieces_normalized(text), exclude)))
    return list(found)


def _quoting(ledger: Ledger, pieces: Iterable[str], exclude: set[str]) -> dict[str, list[str]]:
    """Memories (not in ``exclude``) whose content or summary holds one of ``pieces``
    (normalised sentences) as whole words: {memory id: the pieces it holds}.

    Each piece is looked up by its rarest token (document counts from the FTS index's
    vocabulary), many tokens OR-ed per query, and every candidate is confirmed on its
    normalised text. Phrase queries would be exact but cost the length of every
    common word's list, per phrase: thousands of sentences made of the same words
    (a templated 100k chain) took minutes.
    """
    conn = ledger.conn
    tokens_of = {p: fts_tokens(p) for p in dict.fromkeys(pieces)}
    counts = fts_doc_counts(conn, {t for ts in tokens_of.values() for t in ts})
    by_token: dict[str, list[str]] = {}
    for piece, tokens in tokens_of.items():
        held = [t for t in tokens if t in counts]
        if len(held) == len(tokens) and held:  # a token no memory holds: nothing quotes it
            by_token.setdefault(min(held, key=lambda t: (counts[t], -len(t))), []).append(piece)
    found: dict[str, list[str]] = {}
    for part in _chunks(list(by_token), TERMS_PER_QUERY):
        terms = set(part)
        rows = conn.execute(
            "SELECT id, content, summary FROM memories WHERE seq IN "
            "(SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)",
            (" OR ".join(f'"{t}"' for t in part),),
        )
        for mid, content, summary in rows:
            if mid in exclude:
                continue
            text = content + "\n" + (summary or "")
            wanted = [p for t in terms.intersection(fts_tokens(text)) for p in by_token[t]]
            norm = fingerprint.normalize(text)
            held = [p for p in wanted if fingerprint.contains(norm, p)]
            if held:
                have = found.setdefault(mid, [])
                have += [p for p in held if p not in have]
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


def _derived_only(
    ledger: Ledger, requested: Sequence[str]
) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The descendants of ``requested`` whose every source goes: {id: why}, in the order
    they go, and {child: its parents} for every child of a memory that goes.

    A child goes when its last parent goes, so only the children of what goes are ever
    read — never the whole (often huge) set of descendants. Each round reads, for what
    went last, (1) every single-parent chain below it, all levels in one recursive query
    (a 100k-deep chain is one query), and (2) its children with all their parents; those
    whose parents have all gone go next. Rounds: the depth of the multi-parent part.
    """
    why: dict[str, str] = {}
    going = set(requested)
    parents_of: dict[str, list[str]] = {}
    newly = list(requested)
    while newly:
        chain: list[str] = []
        for part in _chunks(newly):
            for child, parent in ledger.conn.execute(
                "WITH RECURSIVE d(id, parent) AS (SELECT value, NULL FROM json_each(?) "
                "UNION SELECT e.child_id, e.parent_id FROM edges e JOIN d ON e.parent_id = d.id "
                "WHERE (SELECT count(*) FROM edges o WHERE o.child_id = e.child_id) = 1) "
                "SELECT id, parent FROM d WHERE parent IS NOT NULL",
                (json.dumps(list(part)),),
            ):
                if child not in going:
                    going.add(child)
                    why[child] = f"derived only from {parent}"
                    parents_of[child] = [parent]
                    chain.append(child)
        children = _children_with_parents(ledger, [*newly, *chain])
        parents_of.update(children)
        newly = []
        for child, parents in children.items():
            if child not in going and all(p in going for p in parents):
                going.add(child)
                why[child] = "derived only from " + _names(parents)
                newly.append(child)
    return why, parents_of


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
            have = out.setdefault(child, [])
            if parent not in have:
                have.append(parent)
    return out


def _names(ids: Sequence[str], limit: int = 5) -> str:
    shown = ", ".join(ids[:limit])
    return shown if len(ids) <= limit else f"{shown} and {len(ids) - limit} more"


def _item(m: Memory, action: str, category: str, why: str, parents: list[str]) -> PlanItem:
    return PlanItem(
        id=m.id,
        action=action,
        why=why,
        source_type=m.source_type.value,
        status=m.status.value,
        version=m.version,
        parents=parents,
        preview=m.content,
        category=category,
    )


def plan(ledger: Ledger, memory_ids: Sequence[str], *, whole: bool = False) -> ForgetPlan:
    """The exact blast radius of forgetting ``memory_ids``. Reads only.

    1. **Purged**: the requested memories and their descendants whose every source is
       purged (``_derived_only``: only the children of what goes are read).
    2. **Affected**: memories that hold one of the purged memories' sentences (of
       substance) — a quoting summary, a merged fact. Their sentences are cut out
       (``redact``: a new version, back to pending), or with ``whole`` they are
       forgotten whole; a memory that is nothing but forgotten text is a copy and is
       forgotten whole. An affected memory is never a new source of sentences: nothing
       propagates from it, neither to what it quotes nor to what quotes it.
    3. **Unlinked**: children of forgotten memories that keep other support lose the
       edge, nothing else.
    """
    if not memory_ids:
        raise InvalidInput("nothing to forget: give at least one id")
    requested = list(dict.fromkeys(memory_ids))
    memories = _memories(ledger, requested)
    for mid in requested:
        if mid not in memories:
            ledger.require(mid)  # raises the clear "was forgotten / no memory" error
    derived, parents_of = _derived_only(ledger, requested)
    category = dict.fromkeys(requested, "requested")
    why = dict.fromkeys(requested, "requested")
    for mid, because in derived.items():
        category[mid] = "derived_only"
        why[mid] = because
    purged_ids = list(category)
    memories.update(_memories(ledger, [m for m in purged_ids if m not in memories]))
    texts_of = {mid: memory_text(memories[mid]) for mid in purged_ids}
    going = set(purged_ids)
    # A sentence is purged when it is a purged memory's own: no memory that stays held
    # it before (a summary quoting its sources keeps their sentences; an earlier copy of
    # a statement is the original, a later one is the copy).
    candidates: dict[str, list[str]] = {}  # sentence -> purged memories holding it
    for mid, text in texts_of.items():
        for piece in fingerprint.pieces(text):
            candidates.setdefault(piece, []).append(mid)
    holders = _quoting(ledger, candidates, going)
    order = _order(ledger, [*purged_ids, *holders])
    first_keeper: dict[str, tuple[str, int]] = {}
    for mid, held in holders.items():
        for piece in held:
            if piece not in first_keeper or order[mid] < first_keeper[piece]:
                first_keeper[piece] = order[mid]
    source_of: dict[str, str] = {}  # purged sentence -> the purged memory it is from
    for piece, owners in candidates.items():
        first = min(owners, key=lambda o: order[o])
        if piece not in first_keeper or order[first] < first_keeper[piece]:
            source_of[piece] = first
    affected = {
        mid: [p for p in held if p in source_of]
        for mid, held in holders.items()
        if any(p in source_of for p in held)
    }
    loaded = _memories(ledger, sorted(affected))
    forget_items = [
        _item(memories[mid], "forget", category[mid], why[mid], parents_of.get(mid, []))
        for mid in purged_ids
    ]
    redact_items: list[PlanItem] = []
    affected_forgotten: list[str] = []
    for mid in sorted(affected):
        m = loaded[mid]
        cut_out = set(affected[mid])
        sources = sorted({source_of[p] for p in cut_out})
        quotes = "quotes " + _names(sources)
        if whole:
            reason = f"{quotes} (--whole)"
        else:
            content = redaction.cut(m.content, cut_out)
            summary = redaction.cut(m.summary, cut_out) if m.summary else None
            new_summary = summary.text if summary else None
            joined = content.text + ("\n" + new_summary if new_summary else "")
            if (
                not content.clean
                or (summary and not summary.clean)
                or redaction.holds(joined, cut_out)
            ):
                reason = f"{quotes}; the quote cannot be cut out cleanly"
            elif redaction.only_marks(joined):
                reason = f"holds only text of {_names(sources)} (a copy)"
            else:
                item = _item(m, "redact", "affected", f"quoted a forgotten memory ({quotes})", [])
                item.new_content, item.new_summary = content.text, new_summary
                item.removed = content.removed + (summary.removed if summary else 0)
                item.sources = sources
                redact_items.append(item)
                continue
        item = _item(m, "forget", "affected", reason, [])
        item.sources = sources
        forget_items.append(item)
        affected_forgotten.append(mid)
        going.add(mid)
    forgotten = [i.id for i in forget_items]
    redacted = {i.id for i in redact_items}
    kept_children = {c for c in parents_of if c not in going}
    for part in _chunks(affected_forgotten):
        kept_children.update(
            c
            for (c,) in ledger.conn.execute(
                f"SELECT child_id FROM edges WHERE parent_id IN ({_marks(part)})", part
            )
            if c not in going
        )
    all_parents = _parents_of(ledger, sorted({*forgotten, *kept_children, *redacted}))
    for item in forget_items:
        item.parents = all_parents[item.id]
    for item in redact_items:
        item.parents = all_parents[item.id]
    kept_children -= redacted
    loaded_children = _memories(ledger, sorted(kept_children))
    unlinked_items = []
    for child in sorted(kept_children):
        parents = all_parents[child]
        lost = [p for p in parents if p in going]
        kept = [p for p in parents if p not in going]
        unlinked_items.append(
            _item(
                loaded_children[child],
                "unlink",
                "unlinked",
                f"loses source {_names(lost)}"
                + (f"; still supported by {_names(kept)}" if kept else "")
                + "; otherwise unchanged",
                parents,
            )
        )
    edges: dict[tuple[str, str], None] = {}
    for part in _chunks(forgotten):
        for child, parent in ledger.conn.execute(
            f"SELECT child_id, parent_id FROM edges WHERE child_id IN ({_marks(part)}) "
            f"OR parent_id IN ({_marks(part)})",
            [*part, *part],
        ):
            edges[(child, parent)] = None
    profile: list[str] = []
    for part in _chunks(forgotten):
        profile += [
            r[0]
            for r in ledger.conn.execute(
                f"SELECT id FROM profile WHERE memory_id IN ({_marks(part)})", part
            )
        ]
    for pid, _col, _n in _rows_quoting(ledger.conn, "profile", "id", ("value",), list(source_of)):
        if pid not in profile:
            profile.append(pid)
    embeddings: list[str] = []
    vector_owners = [*forgotten, *sorted(redacted)]  # a redacted text's vector encodes the old
    for part in _chunks(vector_owners):
        embeddings += [
            r[0]
            for r in ledger.conn.execute(
                f"SELECT memory_id FROM embeddings WHERE memory_id IN ({_marks(part)})", part
            )
        ]
    texts = dict(texts_of)
    texts.update({mid: memory_text(loaded[mid]) for mid in affected_forgotten})
    purged_set = set(source_of)
    purged = [w for text in texts_of.values() for w in _as_written(text, purged_set)]
    own = {source_of[p] for p in source_of}
    return ForgetPlan(
        requested,
        forget_items,
        unlinked_items,
        list(edges),
        profile,
        embeddings,
        texts,
        redact_items,
        list(dict.fromkeys(purged)),
        [mid for mid in purged_ids if mid not in own],
        whole,
    )


def _order(ledger: Ledger, ids: Sequence[str]) -> dict[str, tuple[str, int]]:
    """(created_at, seq) of each memory: which of two holders of a sentence had it first."""
    out: dict[str, tuple[str, int]] = {}
    for part in _chunks(list(dict.fromkeys(ids))):
        for mid, created, seq in ledger.conn.execute(
            f"SELECT id, created_at, seq FROM memories WHERE id IN ({_marks(part)})", part
        ):
            out[mid] = (created, seq)
    return out


def _as_written(text: str, wanted: set[str]) -> list[str]:
    """The stretches of ``text``, as written, whose normalised form is a purged
    sentence (the raw-byte scan looks for bytes as the row holds them)."""
    out = []
    for part in re.split(r"(?<=[.!?;:])\s+|\n+", text):
        stripped = part.strip().rstrip(".!?;:").strip()
        if fingerprint.normalize(stripped) in wanted:
            out.append(stripped)
    whole = text.strip().rstrip(".!?;:").strip()
    if not out and fingerprint.normalize(whole) in wanted:
        out.append(whole)
    return out


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
    """One layer's answer: probed or not (``checked`` then says why not), what was
    found there, and the orphans it holds — traces of some deleted item that cannot be
    tied to what was looked for (``Residue.orphan``): neither found nor clean."""

    layer: str
    kind: str
    checked: str  # what was looked at
    residue: list[Residue]
    probed: bool = True
    orphans: list[Residue] = field(default_factory=list)

    @property
    def found(self) -> list[Residue]:
        """What was found in the store itself (copies outside it are warnings)."""
        return [r for r in self.residue if not r.warning]

    @property
    def clean(self) -> bool:
        return self.probed and not self.found and not self.orphans

    def to_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer,
            "kind": self.kind,
            "checked": self.checked,
            "probed": self.probed,
            "clean": self.clean,
            "residue": [r.to_dict() for r in self.residue],
            "orphans": [r.to_dict() for r in self.orphans],
        }


@dataclass(slots=True)
class ForgetResult:
    plan: ForgetPlan
    checkpoint: tuple[int, int, int] | None
    fts_purge: str
    reports: list[LayerReport]
    # Purged memories with no sentence of substance: their text is too common to look
    # for ("Yes."); they were checked by id only.
    by_id_only: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return all(r.clean for r in self.reports)

    def to_dict(self) -> dict[str, Any]:
        return {
            "plan": self.plan.to_dict(),
            "fts_purge": self.fts_purge,
            "wal_checkpoint": list(self.checkpoint) if self.checkpoint else None,
            "clean": self.clean,
            "checked_by_id_only": self.by_id_only,
            "layers": [r.to_dict() for r in self.reports],
        }


def check_reason(ledger: Ledger, memory_ids: Sequence[str], reason: str | None) -> None:
    """Refuse (exit 8) a reason that repeats what these memories say (``reasons``)."""
    texts = [memory_text(m) for m in _memories(ledger, list(memory_ids)).values()]
    _check_reason_texts(ledger, texts, reason)


def _check_reason_texts(ledger: Ledger, texts: Sequence[str], reason: str | None) -> None:
    if not reason:
        return
    frequency, total = reasons.ledger_frequency(ledger.conn)
    reasons.check(reason, texts, what="forgotten", frequency=frequency, total=total)


def apply(
    ledger: Ledger, the_plan: ForgetPlan, *, reason: str | None = None, actor: str | None = None
) -> ForgetResult:
    """Carry out a plan in one transaction, purge, and verify every layer."""
    _check_reason_texts(ledger, list(the_plan.texts.values()), reason)
    who = actor or ledger.actor
    conn = ledger.conn
    key = tombkey.load(create=True)
    # memaudit does not rely on how SQLite was built: deleted cells and freed pages
    # are overwritten with zeros on this connection.
    conn.execute("PRAGMA secure_delete = ON")
    if conn.execute("PRAGMA secure_delete").fetchone()[0] != 1:
        raise MemauditError("SQLite refused PRAGMA secure_delete=ON; nothing forgotten")
    going = set(the_plan.forget_ids())
    with ledger.transaction():
        for item in [*the_plan.forget, *the_plan.redact, *the_plan.unlinked]:
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
            review.write_tombstone(ledger, memory, Status.FORGOTTEN, reason, who, key)
            ledger.log(
                "forget",
                item.id,
                actor=who,
                reason=reason,
                detail={
                    "why": item.why,
                    "category": item.category,
                    "requested": item.id in the_plan.requested,
                    "version": memory.version,
                    "source_type": memory.source_type.value,
                    "embedding": item.id in the_plan.embeddings,
                },
            )
        for item in the_plan.redact:
            content = item.new_content or redaction.MARK
            conn.execute("DELETE FROM embeddings WHERE memory_id = ?", (item.id,))
            conn.execute(
                "UPDATE memories SET content = ?, summary = ?, content_hash = ?, "
                "status = 'pending', updated_at = ?, version = version + 1 WHERE id = ?",
                (
                    content,
                    item.new_summary,
                    fingerprint.content_hash(content),
                    ledger.now(),
                    item.id,
                ),
            )
            ledger.log(
                "redact",
                item.id,
                actor=who,
                reason="quoted a forgotten memory",
                detail={
                    "quoted": item.sources,
                    "sentences_removed": item.removed,
                    "from_status": item.status,
                    "version": item.version + 1,
                },
            )
        for item in [*the_plan.redact, *the_plan.unlinked]:
            lost = [p for p in item.parents if p in going]
            if lost:  # the edges went with the forgotten memories; the log keeps them
                ledger.log(
                    "edge_removed",
                    item.id,
                    actor=who,
                    reason=f"source {_names(lost)} was forgotten",
                    detail={"lost_sources": lost},
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
        more_content=the_plan.purged,
        as_stored=True,
        purged=True,
    )
    reports = verify_layers(native_layers(ledger), needle)
    return ForgetResult(the_plan, checkpoint, fts_purge, reports, the_plan.by_id_only)


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
    """Probe each layer. An orphan keyed by one of the needle's ids *is* that memory's
    residue (``verify ID``); other orphans are listed apart, never as found."""
    reports = []
    ids = set(needle.ids)
    for layer in layers:
        if not layer.checked:
            reports.append(LayerReport(layer.name, layer.kind, layer.why_unchecked, [], False))
            continue
        try:
            hits = layer.probe(needle)
        except LayerNotChecked as exc:  # e.g. a table name that cannot be quoted safely
            reports.append(LayerReport(layer.name, layer.kind, exc.message, [], False))
            continue
        found: list[Residue] = []
        orphans: list[Residue] = []
        for hit in hits:
            if hit.orphan is None:
                found.append(hit)
            elif hit.orphan in ids:
                detail = f"{hit.match}, keyed by the id" + (f": {hit.detail}" if hit.detail else "")
                found.append(Residue(hit.layer, hit.where, "id", detail, hit.warning))
            else:
                orphans.append(hit)
        reports.append(LayerReport(layer.name, layer.kind, layer.description, found, True, orphans))
    return reports


# -- the native ledger's layers --------------------------------------------------------


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
        if needle.purged:
            for mid, held in sorted(_quoting(self.ledger, self._pieces(needle), set()).items()):
                out.append(
                    Residue(
                        "memories",
                        f"memories.content/summary ({mid})",
                        "quoted sentence",
                        f"{len(held)} purged sentence(s)",
                    )
                )
            return out
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
            delta, i = varint(page, i)
            acc += delta
            offsets.append(acc)
        prev = b""
        for n, off in enumerate(offsets):
            if n == 0:
                size, j = varint(page, off)
                term = page[j : j + size]
            else:
                shared, j = varint(page, off)
                size, j = varint(page, j)
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
            step, j = varint(page, j)
        rowid = step if first else rowid + step
        first = False
        if j >= stop:
            break
        sz = page[j]
        if sz < 0x80:
            j += 1
        else:
            sz, j = varint(page, j)
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
        else f"known copies outside the store ({path.name}.bak*, {tombkey.memaudit_home()}/backups|exports): none"
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


@dataclass(slots=True)
class Recheck:
    """What ``verify`` (ID or --all) found: per tombstone, and per place looked in —
    each place either probed (with what it found) or not probed, and why."""

    checks: list[TombstoneCheck]
    layers: list[LayerReport]
    checkpoint: str  # what happened to the WAL after the scan

    @property
    def clean(self) -> bool:
        return all(c.clean for c in self.checks) and all(
            r.probed for r in self.layers if r.layer != "copies"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "clean": self.clean,
            "tombstones": [c.to_dict() for c in self.checks],
            "layers": [r.to_dict() for r in self.layers],
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
    at = {t.memory_id: t.at for t in index.tombs}
    layers: list[LayerReport] = []
    matchable = [t for t in index.tombs if t.memory_id not in unmatchable]

    def add(layer: str, kind: str, checked: str, hits: list[Residue], probed: bool = True) -> None:
        layers.append(LayerReport(layer, kind, checked, hits, probed))

    # 1. Current memories written since the tombstone (older rows were checked by
    #    forget's own verification): the content is back.
    hits: list[Residue] = []
    if matchable:
        since = min(t.at for t in matchable)
        for cid, content, summary, updated, created in conn.execute(
            "SELECT id, content, summary, updated_at, created_at FROM memories "
            "WHERE updated_at >= ? OR created_at >= ?",
            (since, since),
        ):
            for m in index.match(content + ("\n" + summary if summary else "")):
                if max(updated, created) >= at[m.memory_id]:
                    r = Residue(
                        "memories",
                        f"memories.content ({cid})",
                        m.how,
                        "resurrected: the content is back",
                    )
                    found[m.memory_id].append(r)
                    hits.append(r)
    add("memories", "rows", "memories written since each tombstone, by keyed prints", hits)
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
    return Recheck(checks, layers, done)


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


__all__ = [
    "ForgetPlan",
    "ForgetResult",
    "LayerReport",
    "PlanItem",
    "Recheck",
    "TombstoneCheck",
    "apply",
    "check_reason",
    "recheck",
    "known_copies",
    "native_layers",
    "plan",
    "verify_layers",
    "verify_tombstones",
    "raw_pieces",
]
