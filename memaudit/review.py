"""The write gate: the provider-independent approval contract.

    stage ──▶ pending ──approve──▶ active
                 │  └──edit──▶ pending (new version)
                 └──reject──▶ gone (a tombstone with keyed fingerprints stays)

A candidate is classified by the store's policy before anything is written. By
default user statements, tool observations, documents and extractions are queued for
review, summaries are queued marked as derived, and model conclusions (inference,
reflection, assistant output) are *transient*: refused from durable memory unless a
person promotes them, which queues them as derived items. Every mutation appends an
event (who, what, when, why) — never the content of what was rejected, and a reason
that repeats it is refused (``memaudit.reasons``). A candidate that holds the text of a
forgotten memory is flagged ``resurrected`` at the gate (``memaudit.resurrection``).

Approvals are optimistic: a reviewer approves the version they saw, and an item that
changed since then is refused instead of approved unseen.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memaudit import reasons, resurrection, tombkey
from memaudit.clock import parse_time, to_iso
from memaudit.errors import Conflict, InvalidInput, MemauditError, NotFound, Refused
from memaudit.ledger import Ledger, removal, rows
from memaudit.model import Edge, Memory, Relation, SourceType, Status
from memaudit.textsafety import hidden_characters, reveal
from memaudit.trust import DERIVED_TYPES

if TYPE_CHECKING:
    from memaudit.injection.written import Written
    from memaudit.policy import Policy

DEFAULT_RELATION = {
    SourceType.SUMMARY: Relation.SUMMARIZES,
    SourceType.INFERENCE: Relation.INFERS,
    SourceType.REFLECTION: Relation.REFLECTS_ON,
    SourceType.EXTRACTION: Relation.EXTRACTS,
}


# The fields of one JSON Lines record of a batch (`memaudit stage` with stdin): exactly
# these names (README "Command reference" and `stage --help` list them).
BATCH_FIELDS = (
    "content",
    "source_type",
    "source_ref",
    "derived_from",
    "relation",
    "confidence",
    "importance",
    "scope",
    "expires_at",
    "tags",
    "summary",
    "promote",
    "id",
)


@dataclass(slots=True)
class Candidate:
    """What an agent asks to remember."""

    content: str
    source_type: SourceType
    source_ref: str | None = None
    derived_from: list[str] = field(default_factory=list)
    relation: Relation | None = None
    confidence: float | None = None
    importance: float | None = None
    scope: str | None = None
    expires_at: str | None = None
    tags: list[str] = field(default_factory=list)
    summary: str | None = None
    promote: bool = False
    id: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Candidate:
        """Build from one JSON Lines record; every problem is an InvalidInput."""
        if not isinstance(data, dict):
            raise InvalidInput("expected a JSON object")
        unknown = sorted(set(data) - set(BATCH_FIELDS))
        if unknown:
            raise InvalidInput(
                f"unknown field(s): {', '.join(map(repr, unknown))}; "
                f"valid: {', '.join(BATCH_FIELDS)}"
            )
        content = data.get("content")
        if not isinstance(content, str):
            raise InvalidInput("'content' must be a string")
        source_type = data.get("source_type")
        if not isinstance(source_type, str):
            raise InvalidInput("'source_type' must be a string")
        derived = data.get("derived_from") or []
        if isinstance(derived, str):
            derived = [derived]
        if not isinstance(derived, list) or not all(isinstance(d, str) for d in derived):
            raise InvalidInput("'derived_from' must be a list of ids")
        tags = data.get("tags") or []
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise InvalidInput("'tags' must be a list of strings")
        relation = data.get("relation")
        for key in ("source_ref", "relation", "scope", "expires_at", "summary", "id"):
            if data.get(key) is not None and not isinstance(data[key], str):
                raise InvalidInput(f"'{key}' must be a string")
        for key in ("confidence", "importance"):
            value = data.get(key)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int | float)
            ):
                raise InvalidInput(f"'{key}' must be a number")
        if not isinstance(data.get("promote", False), bool):
            raise InvalidInput("'promote' must be true or false")
        if data.get("id") is not None:
            check_id(data["id"])
        for parent in derived:
            check_id(parent, "derived_from id")
        return cls(
            content=content,
            source_type=SourceType.parse(source_type),
            source_ref=data.get("source_ref"),
            derived_from=list(derived),
            relation=Relation.parse(relation) if relation is not None else None,
            confidence=data.get("confidence"),
            importance=data.get("importance"),
            scope=data.get("scope"),
            expires_at=data.get("expires_at"),
            tags=list(tags),
            summary=data.get("summary"),
            promote=bool(data.get("promote", False)),
            id=data.get("id"),
        )


MAX_ID_CHARS = 200


def check_id(value: str, what: str = "id") -> None:
    """An id a writer chose: 1-200 printable characters, no square brackets.

    Ids end up in every face (tables, prompts, dialog titles, DOT files) and in the
    commands a reviewer types: nothing in one may drive a terminal, hide from the
    reviewer or read as markup."""
    if not value.strip() or len(value) > MAX_ID_CHARS:
        raise InvalidInput(f"{what} must be 1-{MAX_ID_CHARS} characters (got {len(value)})")
    if hidden_characters(value) or not value.isprintable():
        raise InvalidInput(
            f"{what} {reveal(value)!r} holds control or invisible characters; ids must be "
            "plain text"
        )
    if "[" in value or "]" in value:
        raise InvalidInput(
            f"{what} {value!r} holds a square bracket; ids must be plain text (no markup)"
        )


@dataclass(slots=True)
class Staged:
    id: str
    status: Status
    derived: bool
    route: str
    promoted: bool
    # Tombstones of forgotten memories whose text this candidate holds (RESURRECTED).
    resurrects: list[resurrection.Match] = field(default_factory=list)
    # The injected-instruction check at the gate (``injection.assess``), when flagged.
    injection: dict[str, Any] | None = None
    # Why the check's judgements were not kept in the cache folder (None: kept, or the
    # cache turned off).
    judgements_not_kept: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": self.status.value,
            "derived": self.derived,
            "route": self.route,
            "promoted": self.promoted,
            "flags": ([resurrection.FLAG] if self.resurrects else [])
            + (["injected"] if self.injection else []),
            "resurrects": [
                {"memory_id": m.memory_id, "forgotten_at": m.at, "match": m.how}
                for m in self.resurrects
            ],
            "injection": self.injection,
        } | ({"judgements_not_kept": self.judgements_not_kept} if self.judgements_not_kept else {})


def _validate(ledger: Ledger, cand: Candidate) -> None:
    limit = int(ledger.policy().get("max_content_chars"))
    if not cand.content.strip():
        raise InvalidInput("content is empty")
    if len(cand.content) > limit:
        raise InvalidInput(
            f"content is {len(cand.content)} characters; the limit is {limit} "
            "(policy max_content_chars)"
        )
    if "\x00" in cand.content:
        raise InvalidInput("content contains a NUL character")
    if cand.confidence is not None and not (
        math.isfinite(cand.confidence) and 0.0 <= cand.confidence <= 1.0
    ):
        raise InvalidInput(f"confidence must be between 0 and 1, got {cand.confidence}")
    if cand.importance is not None and not (
        math.isfinite(cand.importance) and cand.importance >= 0
    ):
        raise InvalidInput(f"importance must be a non-negative number, got {cand.importance}")
    if cand.expires_at is not None:
        cand.expires_at = to_iso(parse_time(cand.expires_at))
    if cand.id is not None:
        check_id(cand.id)


def _classify(ledger: Ledger, cand: Candidate) -> tuple[str, Status, bool]:
    route = ledger.policy().route(cand.source_type)
    derived = cand.source_type in DERIVED_TYPES or bool(cand.derived_from)
    if route == "transient":
        if not cand.promote:
            raise Refused(
                f"{cand.source_type.value} is transient by policy "
                f"(route.{cand.source_type.value}=transient): nothing written. "
                "Model conclusions need a separate promotion step: pass --promote to "
                "queue it for review as a derived item."
            )
        return route, Status.PENDING, True
    if route == "active":
        return route, Status.ACTIVE, derived
    return route, Status.PENDING, derived


def _insert(ledger: Ledger, cand: Candidate, status: Status, derived: bool, actor: str) -> str:
    mid = cand.id or ledger.new_id()
    if rows.has_memory(ledger, mid):
        raise InvalidInput(f"id {mid!r} already exists")
    if rows.has_tombstone(ledger, mid):
        raise InvalidInput(f"id {mid!r} belonged to a forgotten memory; ids are not reused")
    for parent in cand.derived_from:
        if not rows.has_memory(ledger, parent):
            raise NotFound(f"derived_from names an unknown id: {parent!r}")
    now = ledger.now()
    rows.insert_memory(
        ledger,
        mid,
        cand,
        status=status,
        derived=derived,
        created_at=now,
        updated_at=now,
        created_by=actor,
    )
    relation = cand.relation or DEFAULT_RELATION.get(cand.source_type, Relation.DERIVED)
    for parent in dict.fromkeys(cand.derived_from):
        rows.add_edge(ledger, mid, parent, relation, now)
    return mid


def stage(
    ledger: Ledger, cand: Candidate, *, actor: str | None = None, remember: bool = True
) -> Staged:
    """Classify one candidate and write it where the policy says (one transaction)."""
    return stage_batch(ledger, [cand], actor=actor, remember=remember)[0]


def stage_batch(
    ledger: Ledger,
    candidates: Sequence[Candidate],
    *,
    actor: str | None = None,
    remember: bool = True,
) -> list[Staged]:
    """All or nothing: any refused or invalid candidate stages nothing of the batch.

    ``remember``: the injection check's judgements and the review listing's verdicts are
    kept in the user's cache folder (``injection.written``), so that the audit and the
    listing do not judge these texts again; ``MEMAUDIT_CACHE_DIR=off`` keeps none
    either. A folder that cannot be used fails nothing (each item says why)."""
    who = actor or ledger.actor
    plan = []
    tombs = resurrection.TombstoneIndex.of(ledger.conn, statuses=[Status.FORGOTTEN.value])
    refuse = ledger.policy().get("route.resurrected") == "refuse"
    for n, cand in enumerate(candidates, 1):
        try:
            _validate(ledger, cand)
            route, status, derived = _classify(ledger, cand)
            back = _resurrects(tombs, cand)
            if back and refuse:
                raise Refused(
                    "it holds the text of a forgotten memory "
                    f"({', '.join(m.memory_id for m in back)}); route.resurrected=refuse: "
                    "nothing written"
                )
            if back and status is Status.ACTIVE:
                status = Status.PENDING  # forgotten text never comes back unreviewed
            plan.append((cand, route, status, derived, back))
        except MemauditError as exc:
            if len(candidates) > 1:
                raise type(exc)(f"item {n}: {exc.message}; nothing staged", exc.code) from None
            raise
    # Loaded before the write lock is taken: in a fresh process the injection check and
    # the conflict search take about a second to import (more on a loaded machine), and
    # every other writer of the store (a live agent) waits while the lock is held.
    import memaudit.conflicts  # noqa: F401  (loaded here, used by ``_write_staged``)
    import memaudit.injection.provenance  # noqa: F401  (loaded here, used by the check)
    from memaudit.injection import learned
    from memaudit.injection.written import Written

    learned.model()
    # Opened before the write lock too (the engine's digest, the files); written after
    # the store's transaction, each file once for the batch.
    written = Written.open(ledger.policy(), enabled=remember)
    try:
        results = _write_staged(ledger, candidates, plan, who, written)
    finally:
        written.close()
    # (after the transaction: the write lock is not held meanwhile)
    compared = _keep_comparisons(ledger, results, written.policy) if remember else None
    why = written.why_not or compared
    for r in results:
        r.judgements_not_kept = why
    return results


def _keep_comparisons(ledger: Ledger, results: list[Staged], policy: Policy) -> str | None:
    """The review listing's comparisons of the pending items just written, kept in the
    cache folder (``queue_compare.keep_written``). The items are read back from the
    store: the listing reads them there. The write is done: an error here fails
    nothing (the listing compares the items itself); it is said as the cache's own."""
    from memaudit import queue_compare

    try:
        waiting = [
            m for r in results if r.status is Status.PENDING and (m := ledger.get(r.id)) is not None
        ]
        return queue_compare.keep_written(queue_compare.ledger_reads(ledger), waiting, policy)
    except (MemauditError, sqlite3.Error) as exc:  # (its text may quote the store: not shown)
        return f"comparisons not kept ({type(exc).__name__})"


def _write_staged(
    ledger: Ledger,
    candidates: Sequence[Candidate],
    plan: list[tuple[Candidate, str, Status, bool, list[resurrection.Match]]],
    who: str,
    written: Written,
) -> list[Staged]:
    from memaudit.conflicts import check_staged

    results: list[Staged] = []
    with ledger.transaction():
        for n, (cand, route, status, derived, back) in enumerate(plan, 1):
            try:
                mid = _insert(ledger, cand, status, derived, who)
            except MemauditError as exc:
                if len(candidates) > 1:
                    raise type(exc)(f"item {n}: {exc.message}; nothing staged", exc.code) from None
                raise
            promoted = route == "transient" and cand.promote
            ledger.log(
                "stage" if status is Status.PENDING else "write",
                mid,
                actor=who,
                detail={
                    "source_type": cand.source_type.value,
                    "status": status.value,
                    "derived": derived,
                    "promoted": promoted,
                    "derived_from": cand.derived_from,
                },
            )
            if back:
                ledger.log(
                    resurrection.EVENT,
                    mid,
                    actor=who,
                    reason="holds the text of a forgotten memory",
                    detail={"tombstones": [m.memory_id for m in back], "match": back[0].how},
                )
            results.append(
                Staged(
                    mid,
                    status,
                    derived,
                    route,
                    promoted,
                    back,
                    _check_injection(ledger, cand, mid, who, written, status, derived),
                )
            )
        # Candidate contradictions travel with the new item (conflicts.candidates_for).
        check_staged(ledger, [r.id for r in results], actor=who)
    return results


def _check_injection(
    ledger: Ledger,
    cand: Candidate,
    memory_id: str,
    actor: str,
    written: Written,
    status: Status,
    derived: bool,
) -> dict[str, Any] | None:
    """The audit's injected-instruction check on a new candidate (its lineage is in
    the ledger by now). A flagged item gets a ``flag`` event — signal names and offsets,
    never the text — that puts it first in the review queue. The text's judgement and
    the item's verdict as the review listing reads it are kept (``written``: an
    ``injection.written.Written``)."""
    from memaudit import injection
    from memaudit.graph import ancestor_types

    above = (
        frozenset(SourceType(t) for t in ancestor_types(ledger.conn, memory_id))
        if cand.derived_from
        else None
    )
    prov = injection.Provenance(cand.source_type, cand.source_ref, bool(cand.derived_from), above)
    # (the item as the review listing reads it back: ``queue_injection._asked``)
    item = Memory(
        memory_id,
        cand.content,
        cand.source_type,
        source_ref=cand.source_ref,
        status=status,
        derived=derived,
    )
    found = written.assess(item, prov)
    if not found.flagged:
        return None
    ledger.log(
        "flag",
        memory_id,
        actor=actor,
        reason="injected instruction",
        detail={
            "flag": "injected",
            "score": round(found.score, 3),
            "severity": found.severity,
            "signals": [[h.signal.value, h.start, h.end] for h in found.top_hits()],
        },
    )
    return found.to_dict()


def _resurrects(tombs: resurrection.TombstoneIndex, cand: Candidate) -> list[resurrection.Match]:
    if not tombs:
        return []
    return tombs.match(cand.content + ("\n" + cand.summary if cand.summary else ""))


def parse_versioned_id(
    text: str, exists: Callable[[str], bool] = lambda _: False
) -> tuple[str, int | None]:
    """``m_abc@3`` → ("m_abc", 3): approve only if it is still version 3. An id may
    itself hold "@" (a store's ids are its own): one that ``exists`` as written is that
    id, and ``a@b@2`` is ``a@b`` at version 2."""
    if "@" in text and not exists(text):
        mid, _, version = text.rpartition("@")
        if version.isdigit() and mid:
            return mid, int(version)
        raise InvalidInput(f"bad id {text!r}: expected ID or ID@VERSION")
    return text, None


def _pending(ledger: Ledger, memory_id: str, expected_version: int | None) -> Memory:
    memory = ledger.require(memory_id)
    if memory.status is not Status.PENDING:
        raise MemauditError(f"{memory_id} is {memory.status.value}, not pending")
    if expected_version is not None and memory.version != expected_version:
        raise Conflict(
            f"{memory_id} changed since it was read (version {expected_version} → "
            f"{memory.version}); review it again before approving"
        )
    return memory


def approve(
    ledger: Ledger,
    memory_id: str,
    *,
    expected_version: int | None = None,
    actor: str | None = None,
    promote: bool = False,
    note: str | None = None,
) -> Memory:
    """Commit a pending item to durable memory. ``promote`` records that a person
    explicitly accepted a model conclusion as memory."""
    return approve_many(
        ledger, [(memory_id, expected_version)], actor=actor, promote=promote, note=note
    )[0]


def approve_many(
    ledger: Ledger,
    items: Sequence[tuple[str, int | None]],
    *,
    actor: str | None = None,
    promote: bool = False,
    note: str | None = None,
) -> list[Memory]:
    """Approve several pending items together: all of them, or none if any changed."""
    with ledger.transaction():
        for memory_id, expected_version in items:
            memory = _pending(ledger, memory_id, expected_version)
            rows.set_status(ledger, memory_id, Status.ACTIVE)
            ledger.log(
                "promote" if promote else "approve",
                memory_id,
                actor=actor,
                reason=note,
                detail={"version": memory.version, "source_type": memory.source_type.value},
            )
    return [ledger.require(mid) for mid, _ in items]


def edit(
    ledger: Ledger,
    memory_id: str,
    content: str,
    *,
    expected_version: int | None = None,
    actor: str | None = None,
) -> Memory:
    """Change a pending item's content; the edit is a new version, logged without text."""
    with ledger.transaction():
        memory = _pending(ledger, memory_id, expected_version)
        _validate(ledger, Candidate(content=content, source_type=memory.source_type))
        rows.set_content(ledger, memory_id, content)
        ledger.log(
            "edit",
            memory_id,
            actor=actor,
            detail={
                "version": memory.version + 1,
                "chars_before": len(memory.content),
                "chars_after": len(content),
            },
        )
    return ledger.require(memory_id)


def reject(
    ledger: Ledger,
    memory_id: str,
    reason: str,
    *,
    expected_version: int | None = None,
    actor: str | None = None,
) -> None:
    """Refuse a pending item: its content is removed; a tombstone remembers that it was."""
    reject_many(ledger, [(memory_id, expected_version)], reason, actor=actor)


def reject_many(
    ledger: Ledger,
    items: Sequence[tuple[str, int | None]],
    reason: str,
    *,
    actor: str | None = None,
) -> None:
    """Reject several pending items together, all or none."""
    if not reason or not reason.strip():
        raise InvalidInput("a reason is required to reject")
    who = actor or ledger.actor
    check_reject_reason(ledger, [mid for mid, _ in items], reason)
    key = tombkey.load(create=True)
    with ledger.transaction():
        for memory_id, expected_version in items:
            memory = _pending(ledger, memory_id, expected_version)
            orphans = [e.child_id for e in ledger.children(memory_id)]
            removal.erase(ledger, memory_id)
            removal.write_tombstone(ledger, memory, Status.REJECTED, reason, who, key)
            ledger.log(
                "reject",
                memory_id,
                actor=who,
                reason=reason,
                detail={"version": memory.version, "source_type": memory.source_type.value},
            )
            for child in orphans:
                ledger.log(
                    "edge_removed",
                    child,
                    actor=who,
                    reason=f"source {memory_id} was rejected",
                    detail={"parent": memory_id},
                )


def check_reject_reason(ledger: Ledger, memory_ids: Sequence[str], reason: str) -> None:
    """Refuse (exit 8) a reason that repeats the content being rejected (``reasons``)."""
    texts = []
    for mid in memory_ids:
        m = ledger.get(mid)
        if m is not None:
            texts.append(m.content + ("\n" + m.summary if m.summary else ""))
    frequency, total = reasons.ledger_frequency(ledger.conn)
    reasons.check(reason, texts, what="rejected", frequency=frequency, total=total)


def record_access(ledger: Ledger, memory_id: str, *, actor: str | None = None) -> Memory:
    """An agent retrieved this memory: count it (decay and audit read the count)."""
    record_accesses(ledger, [memory_id], actor=actor)
    return ledger.require(memory_id)


def record_accesses(
    ledger: Ledger,
    memory_ids: Sequence[str],
    *,
    actor: str | None = None,
    detail: dict[str, Any] | None = None,
) -> None:
    """Count one retrieval of each memory, in one transaction (``recall``); each gets
    its ``access`` event, with ``detail`` added (e.g. which tool retrieved it)."""
    ids = list(dict.fromkeys(memory_ids))
    with ledger.transaction():
        counts = rows.count_accesses(ledger, ids)
        for memory_id in ids:
            if memory_id not in counts:
                ledger.require(memory_id)  # says why it is gone (rolls the batch back)
            ledger.log(
                "access",
                memory_id,
                actor=actor,
                detail={"count": counts[memory_id], **(detail or {})},
            )


def set_pinned(ledger: Ledger, memory_id: str, pinned: bool, *, actor: str | None = None) -> None:
    """Pinned memories do not decay (a person said this one stays)."""
    with ledger.transaction():
        ledger.require(memory_id)
        rows.set_pinned(ledger, memory_id, pinned)
        ledger.log("pin" if pinned else "unpin", memory_id, actor=actor)


def link(
    ledger: Ledger,
    child_id: str,
    parent_ids: Iterable[str],
    relation: Relation,
    *,
    actor: str | None = None,
) -> None:
    """Record that ``child_id`` was derived from each parent."""
    parents = list(dict.fromkeys(parent_ids))
    with ledger.transaction():
        child = ledger.require(child_id)
        for parent in parents:
            ledger.require(parent)
            if parent == child_id:
                raise InvalidInput("a memory cannot be derived from itself")
        now = ledger.now()
        for parent in parents:
            rows.add_edge(ledger, child_id, parent, relation, now, existing="replace")
        if not child.derived:
            rows.mark_derived(ledger, child_id)
        ledger.log(
            "link", child_id, actor=actor, detail={"parents": parents, "relation": relation.value}
        )


def add_profile(
    ledger: Ledger,
    subject: str,
    trait: str,
    value: str,
    memory_id: str | None,
    *,
    profile_id: str | None = None,
    actor: str | None = None,
) -> str:
    """A user-model entry; ``memory_id`` is the memory it rests on (its lineage)."""
    pid = profile_id or "p_" + ledger.new_id().removeprefix("m_")
    with ledger.transaction():
        if memory_id is not None:
            ledger.require(memory_id)
        rows.insert_profile(ledger, pid, subject, trait, value, memory_id)
        ledger.log("profile", memory_id, actor=actor, detail={"profile_id": pid, "trait": trait})
    return pid


def add_embedding(ledger: Ledger, memory_id: str, vector: bytes, model: str, dim: int) -> None:
    with ledger.transaction():
        ledger.require(memory_id)
        rows.put_embedding(ledger, memory_id, vector, model, dim)
        ledger.log("embed", memory_id, detail={"model": model, "dim": dim})


# -- undo (the reviewer's `u` in `memaudit review`) ------------------------------


def unapprove(
    ledger: Ledger,
    memory_id: str,
    *,
    expected_version: int | None = None,
    actor: str | None = None,
) -> Memory:
    """Undo an approval: the memory goes back to pending (a new version; logged)."""
    return unapprove_many(ledger, [(memory_id, expected_version)], actor=actor)[0]


def unapprove_many(
    ledger: Ledger, items: Sequence[tuple[str, int | None]], *, actor: str | None = None
) -> list[Memory]:
    """Put approved memories back in the queue, all or none; refused if any changed
    since the approval being undone (someone else may rely on it by now)."""
    with ledger.transaction():
        for memory_id, expected_version in items:
            memory = ledger.require(memory_id)
            if memory.status is not Status.ACTIVE:
                raise MemauditError(f"{memory_id} is {memory.status.value}, not active")
            if expected_version is not None and memory.version != expected_version:
                raise Conflict(
                    f"{memory_id} changed since it was approved (version {expected_version} → "
                    f"{memory.version}); not undone"
                )
            rows.set_status(ledger, memory_id, Status.PENDING)
            ledger.log("unapprove", memory_id, actor=actor, detail={"version": memory.version})
    return [ledger.require(mid) for mid, _ in items]


def unreject(
    ledger: Ledger,
    items: Sequence[tuple[Memory, Sequence[Edge]]],
    *,
    actor: str | None = None,
) -> list[Memory]:
    """Undo a rejection: re-stage the same content under the same id, as pending.

    The only way a rejected id comes back. The caller (the review session) holds the
    content it saw before rejecting; the tombstone's salted fingerprint must match it,
    so this cannot smuggle different text in under an id that was rejected. The
    tombstone goes (the content is back); the event log keeps both steps.
    """
    who = actor or ledger.actor
    with ledger.transaction():
        for memory, edges in items:
            mid = memory.id
            if rows.has_memory(ledger, mid):
                raise MemauditError(f"{mid} exists again; nothing to undo")
            tomb = resurrection.TombstoneIndex.of(ledger.conn, ids=[mid])
            if not tomb or tomb.tombs[0].status != Status.REJECTED.value:
                raise Refused(f"{mid} was not rejected; only a rejection can be undone")
            text = memory.content + ("\n" + memory.summary if memory.summary else "")
            if not any(m.how == "full text" for m in tomb.match(text)):
                raise Refused(f"{mid}: content differs from what was rejected; not restored")
            rows.drop_tombstone(ledger, mid)
            now = ledger.now()
            rows.insert_memory(
                ledger,
                mid,
                memory,
                status=Status.PENDING,
                derived=memory.derived,
                created_at=memory.created_at or now,  # back in its old place in the queue
                updated_at=now,
                created_by=memory.created_by,
                version=memory.version + 1,
            )
            restored = []
            for e in edges:
                other = e.parent_id if e.child_id == mid else e.child_id
                if rows.has_memory(ledger, other):
                    at = e.created_at or now
                    rows.add_edge(ledger, e.child_id, e.parent_id, e.relation, at, existing="keep")
                    restored.append([e.child_id, e.parent_id])
            ledger.log(
                "unreject",
                mid,
                actor=who,
                detail={"version": memory.version + 1, "edges_restored": restored},
            )
    return [ledger.require(m.id) for m, _ in items]
