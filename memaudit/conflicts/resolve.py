"""Resolving: a person's decision, the only path to a supersession (``resolve_supersede``,
``keep_both``; the native ledger's writes ``supersede_native``, ``unsupersede_native``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memaudit.conflicts.candidate import pair_key
from memaudit.conflicts.records import record_resolved, upsert
from memaudit.errors import InvalidInput, MemauditError, NotFound
from memaudit.ledger import Ledger
from memaudit.model import Memory, Status
from memaudit.store import Capability
from memaudit.suggestion import command

if TYPE_CHECKING:
    from memaudit.store import Store


def _active(store: Store, memory_id: str) -> Memory:
    memory = store.require(memory_id)
    if memory.status is not Status.ACTIVE:
        raise MemauditError(f"{memory_id} is {memory.status.value}, not active")
    return memory


def resolve_supersede(
    store: Store, new_id: str, old_id: str, *, actor: str, reason: str | None, dry_run: bool
) -> dict[str, Any]:
    """A person validated that ``new_id`` replaces ``old_id``: the old one becomes
    superseded (``superseded_by``/``contradicted_by``), validated by ``actor``."""
    if not actor or not actor.strip():
        raise InvalidInput("a supersession needs a person: set --actor or MEMAUDIT_ACTOR")
    if new_id == old_id:
        raise InvalidInput("a memory cannot supersede itself")
    new = _active(store, new_id)
    old = store.require(old_id)
    if old.status is Status.SUPERSEDED:
        if old.superseded_by != new.id:
            raise InvalidInput(
                f"{old_id} is already superseded by {old.superseded_by or 'another memory'}; "
                f"to decide again, first: {command('resolve --undo', old_id)}"
            )
        return _validate_supersession(store, new, old, actor=actor, reason=reason, dry_run=dry_run)
    old = _active(store, old_id)
    plan = {
        "action": "supersede",
        "new": new.id,
        "old": old.id,
        "old_status": {"from": old.status.value, "to": "superseded"},
        "validated_by": actor,
        "reason": reason,
        "dry_run": dry_run,
    }
    if dry_run:
        return plan
    store.supersede(new.id, old.id, actor=actor, reason=reason)
    records = store.records(writable=True)
    if records is not None and not store.has(Capability.VALIDATION):
        # The store keeps no validation of its own: who validated it is memaudit's
        # record, kept in the sidecar.
        with records.transaction():
            record_resolved(records, new.id, old.id, actor=actor, reason=reason)
            records.log(
                "supersede",
                old.id,
                actor=actor,
                reason=reason,
                detail={"by": new.id, "validation": "validated", "validated_by": actor},
            )
    return plan


def _validate_supersession(
    store: Store, new: Memory, old: Memory, *, actor: str, reason: str | None, dry_run: bool
) -> dict[str, Any]:
    """``old`` was already superseded by ``new`` (by an agent's consolidation, say): a
    person now validates that decision. Nothing else changes."""
    plan = {
        "action": "validate_supersession",
        "new": new.id,
        "old": old.id,
        "old_status": {"from": old.status.value, "to": old.status.value},
        "validated_by": actor,
        "reason": reason,
        "dry_run": dry_run,
    }
    if dry_run:
        return plan
    records = store.records(writable=True)
    if records is None:
        raise store.unsupported(Capability.RESOLVE)
    with records.transaction():
        record_resolved(records, new.id, old.id, actor=actor, reason=reason)
        if store.has(Capability.VALIDATION):
            store.mark_validated([old.id], actor=actor)
        records.log(
            "resolve",
            new.id,
            actor=actor,
            reason=reason,
            detail={"supersedes": old.id, "validated": "existing supersession"},
        )
    return plan


def supersede_native(
    ledger: Ledger, new_id: str, old_id: str, *, actor: str, reason: str | None
) -> None:
    """Write a validated supersession into the native ledger (one transaction)."""
    with ledger.transaction():
        new = ledger.require(new_id)
        now = ledger.now()
        cur = ledger.conn.execute(
            "UPDATE memories SET status = 'superseded', superseded_by = ?, contradicted_by = ?, "
            "validation = 'validated', validated_by = ?, validated_at = ?, updated_at = ?, "
            "version = version + 1 WHERE id = ? AND status = 'active'",
            (new.id, new.id, actor, now, now, old_id),
        )
        if cur.rowcount != 1:
            raise NotFound(f"{old_id} is no longer active; nothing superseded")
        ledger.log(
            "supersede",
            old_id,
            actor=actor,
            reason=reason,
            detail={"by": new.id, "validation": "validated", "validated_by": actor},
        )
        ledger.log("resolve", new.id, actor=actor, reason=reason, detail={"supersedes": old_id})
        record_resolved(ledger, new.id, old_id, actor=actor, reason=reason)


def unsupersede_native(
    ledger: Ledger, memory_id: str, *, actor: str | None, reason: str | None
) -> dict[str, Any]:
    """Undo a supersession in the native ledger: the superseded memory is active again,
    its validation back to unvalidated, the pair disputed again — undecided, in the
    review queue (one transaction, logged; the event keeps what was undone)."""
    with ledger.transaction():
        old = ledger.require(memory_id)
        if old.status is not Status.SUPERSEDED:
            raise InvalidInput(
                f"{memory_id} is {old.status.value}, not superseded; nothing to undo"
            )
        detail = {
            "superseded_by": old.superseded_by,
            "contradicted_by": old.contradicted_by,
            "validation": old.validation.value,
            "validated_by": old.validated_by,
        }
        now = ledger.now()
        ledger.conn.execute(
            "UPDATE memories SET status = 'active', superseded_by = NULL, "
            "contradicted_by = NULL, validation = 'unvalidated', validated_by = NULL, "
            "validated_at = NULL, updated_at = ?, version = version + 1 WHERE id = ?",
            (now, old.id),
        )
        if old.superseded_by:
            x, y = pair_key(old.superseded_by, old.id)
            ledger.conn.execute(
                "UPDATE conflict_pairs SET status = 'disputed', decided_by = NULL, "
                "decided_at = NULL, reason = NULL WHERE a_id = ? AND b_id = ?",
                (x, y),
            )
        ledger.log("unsupersede", old.id, actor=actor, reason=reason, detail=detail)
    return {"id": old.id, "from": "superseded", "to": "active", **detail}


def keep_both(
    store: Store, pairs: Sequence[tuple[str, str]], *, actor: str, reason: str, dry_run: bool
) -> dict[str, Any]:
    """A person decided the memories of each pair both hold (date, scope, environment):
    both stay active and the pair is no longer reported."""
    if not reason or not reason.strip():
        raise InvalidInput("--keep-both needs --reason (what tells them apart)")
    for a, b in pairs:
        if a == b:
            raise InvalidInput("a pair needs two different memories")
        _active(store, a)
        _active(store, b)
    plan = {
        "action": "keep_both",
        "pairs": [list(p) for p in pairs],
        "reason": reason,
        "by": actor,
        "dry_run": dry_run,
    }
    if dry_run or not pairs:
        return plan
    records = store.records(writable=True)
    assert records is not None
    with records.transaction():
        for a, b in pairs:
            upsert(
                records,
                None,
                a,
                b,
                "kept",
                actor=actor,
                found_by="resolve",
                reason=reason,
                decided=True,
            )
            for mid, other in ((a, b), (b, a)):
                records.log("keep_both", mid, actor=actor, reason=reason, detail={"with": other})
            if store.has(Capability.VALIDATION):
                store.mark_validated([a, b], actor=actor)
    return plan
