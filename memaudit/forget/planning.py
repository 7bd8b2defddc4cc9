"""The plan: the exact blast radius of a forget, written nowhere (see ``plan``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from memaudit import fingerprint, redaction
from memaudit.errors import InvalidInput
from memaudit.forget.quoting import _holding, _rows_quoting, memory_text
from memaudit.ledger import Ledger, bulk
from memaudit.model import Memory


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
    # {forgotten memory: the purged sentences (normalised) it holds}: its tombstone
    # marks their prints, and ``verify`` reports a row holding one whatever its dates.
    purged_by: dict[str, list[str]] = field(default_factory=dict, repr=False)
    # The ledger as the plan read it (``ledger_state``): ``apply`` plans again under the
    # write lock only if it may have changed since.
    read_state: tuple[Any, int, int] | None = field(default=None, repr=False, compare=False)

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

    # What the plan says in words: both faces show these (``memaudit forget`` as a
    # tree, the review screen's forget dialog as tables).

    def counts_line(self) -> str:
        """One line of counts per category."""
        c = self.counts()
        line = (
            f"{c['changed']} memories change: {c['requested']} requested, "
            f"{c['derived_only']} derived only from them, {c['affected_redacted']} redacted, "
            f"{c['affected_forgotten']} quoting them forgotten whole"
        )
        if c["unlinked"]:
            line += f"; {c['unlinked']} lose a source (the edge only)"
        return line

    def sections(self) -> list[tuple[str, str, list[PlanItem]]]:
        """(action, title, items): what is forgotten, redacted and unlinked."""
        return [
            ("forget", f"{len(self.forget)} will be forgotten", self.forget),
            (
                "redact",
                f"{len(self.redact)} will have the quoted sentences cut out, back to pending",
                self.redact,
            ),
            (
                "unlink",
                f"{len(self.unlinked)} will lose a source, otherwise unchanged (they have "
                "other support)",
                self.unlinked,
            ),
        ]

    def also_removed(self) -> str | None:
        """What else goes (lineage edges, embeddings, profile entries), or None."""
        extras = []
        if self.edges:
            extras.append(f"{len(self.edges)} lineage edge(s)")
        if self.embeddings:
            extras.append(f"{len(self.embeddings)} embedding(s)")
        if self.profile:
            n = len(self.profile)
            extras.append(f"{n} profile entr{'y' if n == 1 else 'ies'}")
        return "also removed: " + ", ".join(extras) if extras else None

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
        for child, parent in bulk.sole_parent_chains(ledger, newly):
            if child not in going:
                going.add(child)
                why[child] = f"derived only from {parent}"
                parents_of[child] = [parent]
                chain.append(child)
        children = bulk.children_with_parents(ledger, [*newly, *chain])
        parents_of.update(children)
        newly = []
        for child, parents in children.items():
            if child not in going and all(p in going for p in parents):
                going.add(child)
                why[child] = "derived only from " + _names(parents)
                newly.append(child)
    return why, parents_of


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
       propagates from it, neither to what it quotes nor to what quotes it. Found by
       reading every memory's content and summary (one pass, ``_holding``), exact
       with respect to ``fingerprint.normalize``: a copy that differs in case or
       Unicode form, with a forged ``content_hash`` and missing from the FTS index, is
       a copy.
    3. **Unlinked**: children of forgotten memories that keep other support lose the
       edge, nothing else.
    """
    if not memory_ids:
        raise InvalidInput("nothing to forget: give at least one id")
    state = ledger_state(ledger)  # before the first read: a commit after it shows
    requested = list(dict.fromkeys(memory_ids))
    memories = bulk.memories(ledger, requested)
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
    memories.update(bulk.memories(ledger, [m for m in purged_ids if m not in memories]))
    texts_of = {mid: memory_text(memories[mid]) for mid in purged_ids}
    going = set(purged_ids)
    # A sentence is purged when it is a purged memory's own: no memory that stays held
    # it before (a summary quoting its sources keeps their sentences; an earlier copy of
    # a statement is the original, a later one is the copy).
    candidates: dict[str, list[str]] = {}  # sentence -> purged memories holding it
    for mid, text in texts_of.items():
        for piece in fingerprint.pieces(text):
            candidates.setdefault(piece, []).append(mid)
    # Every row is read (``_holding``): what holds a sentence is decided by the rows'
    # own text, never by the FTS index or the content hash the store wrote.
    holders = _holding(ledger.conn, candidates, going)
    order = bulk.order(ledger, [*purged_ids, *holders])
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
    loaded = bulk.memories(ledger, sorted(affected))
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
    kept_children.update(c for c in bulk.children_of(ledger, affected_forgotten) if c not in going)
    all_parents = bulk.parents_of(ledger, sorted({*forgotten, *kept_children, *redacted}))
    for item in forget_items:
        item.parents = all_parents[item.id]
    for item in redact_items:
        item.parents = all_parents[item.id]
    kept_children -= redacted
    loaded_children = bulk.memories(ledger, sorted(kept_children))
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
    edges = bulk.edges_touching(ledger, forgotten)
    profile = bulk.profile_entries_of(ledger, forgotten)
    for pid, _col, _n in _rows_quoting(ledger.conn, "profile", "id", ("value",), list(source_of)):
        if pid not in profile:
            profile.append(pid)
    # A redacted text's vector encodes the old text: it goes too.
    embeddings = bulk.with_vectors(ledger, [*forgotten, *sorted(redacted)])
    texts = dict(texts_of)
    texts.update({mid: memory_text(loaded[mid]) for mid in affected_forgotten})
    purged_set = set(source_of)
    purged = [w for text in texts_of.values() for w in _as_written(text, purged_set)]
    own = {source_of[p] for p in source_of}
    return ForgetPlan(
        requested,
        forget_items,
        unlinked_items,
        edges,
        profile,
        embeddings,
        texts,
        redact_items,
        list(dict.fromkeys(purged)),
        [mid for mid in purged_ids if mid not in own],
        whole,
        {
            **{
                m: [p for p in fingerprint.pieces(t) if p in purged_set]
                for m, t in texts_of.items()
            },
            **{m: affected[m] for m in affected_forgotten},
        },
        state,
    )


def ledger_state(ledger: Ledger) -> tuple[Any, int, int]:
    """What tells whether a ledger may have changed between two moments: its connection,
    SQLite's ``data_version`` (moves when another connection commits) and the rows this
    connection changed (``total_changes``; its own commits do not move ``data_version``).
    Equal states on the same connection mean nothing was written in between."""
    conn = ledger.conn
    version = int(conn.execute("PRAGMA data_version").fetchone()[0])
    return conn, version, int(conn.total_changes)


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
