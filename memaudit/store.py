"""The store protocol: the one way every command reads and writes a memory store.

Shaped after harlequin's adapters: an ``Adapter`` class says whether a path looks
like its format (``detect``) and opens it (``open``), returning a ``Store`` — the
canonical view of that store. Required methods are abstract; optional ones (queue,
forget, layers, pin, ...) raise ``Unsupported`` by default and are announced in the
store's ``capabilities``, so a command says *which* capability a store lacks (exit 6)
instead of failing somewhere deep. Nothing outside the native adapter and the ledger
asks which kind of store it holds: what differs is a capability or a method here.

Adapters are found through the ``memaudit.adapters`` entry-point group
(``memaudit.adapters.load_registry``); memaudit's own ledger is registered the same
way (``memaudit.adapters.native``), so a third-party adapter is a peer, not a guest.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from memaudit.clock import age_days
from memaudit.errors import MemauditError, NotFound, Unsupported
from memaudit.graph import DEFAULT_DEPTH, Lineage, walk_lineage
from memaudit.model import Edge, Event, Memory, MemoryFilter, Status
from memaudit.policy import Policy
from memaudit.sqlview import SqlView, mirror

if TYPE_CHECKING:
    from memaudit.conflicts.statements import Statement
    from memaudit.decay import LifecycleTable
    from memaudit.forget import ForgetPlan, ForgetResult, Recheck
    from memaudit.ledger import Ledger
    from memaudit.model import Relation
    from memaudit.review import Candidate, Staged


class Capability(StrEnum):
    READ = "read"  # ls, show, stats
    LINEAGE = "lineage"  # trace: the store records what a memory was derived from
    HISTORY = "history"  # log: the store keeps events or versions
    QUEUE = "queue"  # review, approve, reject, edit: the store has pending writes
    STAGE = "stage"  # stage: new candidates can be written through the gate
    FORGET = "forget"  # forget: memaudit can reach every layer the store declares
    DECAY = "decay"  # decay: lifecycle columns memaudit can write
    RESOLVE = "resolve"  # resolve: validated supersession can be written
    LAYERS = "layers"  # verify --content: every layer can be probed
    TOMBSTONES = "tombstones"  # verify ID / --all: forgotten memories leave tombstones
    VALIDATION = "validation"  # the store's rows say who validated a memory, and disputes
    ACCESS = "access"  # access: retrievals can be recorded
    PIN = "pin"  # pin: a memory can be kept from decay
    LINK = "link"  # link: derivation edges can be written by hand
    POLICY = "policy"  # policy set / reset: the store keeps a policy memaudit can change
    RESTORE = "restore"  # restore, resolve --undo: lifecycle changes can be undone, logged


CAPABILITY_HELP = {
    Capability.READ: "list and show memories",
    Capability.LINEAGE: "record what a memory was derived from",
    Capability.HISTORY: "keep a history of events or versions",
    Capability.QUEUE: "hold pending writes for review",
    Capability.STAGE: "take new candidates through the write gate",
    Capability.FORGET: "delete a memory from every layer it keeps",
    Capability.DECAY: "store decay scores and lifecycle status",
    Capability.RESOLVE: "record validated supersession",
    Capability.LAYERS: "probe every layer for a memory's content",
    Capability.TOMBSTONES: "keep tombstones of forgotten memories to re-check",
    Capability.VALIDATION: "keep each memory's validation (disputed, validated, by whom)",
    Capability.ACCESS: "record that an agent retrieved a memory",
    Capability.PIN: "pin a memory so decay never archives it",
    Capability.LINK: "record derivation edges by hand",
    Capability.POLICY: "keep a policy memaudit can change",
    Capability.RESTORE: "bring archived, expired or superseded memories back, logged",
}


@dataclass(slots=True)
class Needle:
    """What verification looks for: ids and/or content."""

    ids: list[str] = field(default_factory=list)
    content: str | None = None
    # Further texts looked for in the same pass (forgetting several memories at once
    # scans each file once, not once per memory).
    more_content: list[str] = field(default_factory=list)
    # The texts are exactly as the store holds them (forget read them from the rows),
    # not typed by someone: raw bytes need only be searched for them as written.
    as_stored: bool = False
    # The texts are what a forget purged: look for their sentences of substance only
    # (what forget removed everywhere), never for a whole text with no substance
    # ("Yes.") that other memories may legitimately hold.
    purged: bool = False

    def texts(self) -> list[str]:
        return [t for t in [self.content, *self.more_content] if t and t.strip()]


@dataclass(slots=True)
class Residue:
    """One place where something that should be gone was found."""

    layer: str
    where: str  # table.column / file path / byte offset
    match: str  # "id", "exact text", "quoted sentence", "term", "bytes", ...
    detail: str = ""
    # A copy outside the store (a backup memaudit made): reported, but the store
    # itself is clean, so it does not make verification fail.
    warning: bool = False
    # Set on an *orphan*: a trace of some deleted item that cannot be tied to the text
    # looked for (a vector whose row is gone, a bank still summing a vanished fact),
    # holding the key the store kept it under ("rowid 5", an item's id). Not found
    # residue ("it might be it"), unless the key is an id looked for (``verify_layers``).
    orphan: str | None = None

    def to_dict(self) -> dict[str, str | bool]:
        out: dict[str, str | bool] = {
            "layer": self.layer,
            "where": self.where,
            "match": self.match,
            "detail": self.detail,
            "warning": self.warning,
        }
        if self.orphan is not None:
            out["orphan"] = self.orphan
        return out


class LayerNotChecked(MemauditError):
    """Raised by a probe that could not look (the message says why, ``remedy`` what
    would make it checkable): the layer is reported *not checked*, never clean."""

    def __init__(self, message: str, *, remedy: str = "") -> None:
        super().__init__(message)
        self.remedy = remedy


@dataclass(slots=True)
class Layer:
    """A place a store keeps content or ids; ``probe`` finds a needle in it.

    ``checked`` is False when the layer cannot be probed here (say, a server's data
    directory memaudit cannot read) — reported as *not checked*, never as clean.
    """

    name: str
    # rows, fts, vectors, graph, history (change logs), transcripts (what was said in
    # sessions: evidence, not memory), summaries, side-files, raw-bytes
    kind: str
    description: str
    probe: Callable[[Needle], list[Residue]]
    checked: bool = True
    why_unchecked: str = ""
    remedy: str = ""  # when not checked: what would make it checkable


class Store(ABC):
    """An opened store, seen through the canonical model."""

    adapter_name: ClassVar[str] = "?"
    capabilities: ClassVar[frozenset[Capability]] = frozenset({Capability.READ})
    # What this kind of store never records (``missing_provenance``).
    never_records: ClassVar[Sequence[str]] = ()
    # Lifecycle fields every memory of this kind of store has a column for (``LIFECYCLE``
    # names: "importance", "access", "created_at"), so an empty one means "none yet"; for
    # a field not listed, the audit judges from the rows whether the store records it.
    lifecycle_fields: ClassVar[frozenset[str]] = frozenset()
    # The top of the store's importance scale (mnemosyne 0-1, ByteRover 0-100); the
    # policy's audit.high_importance is on memaudit's 0-10 scale.
    importance_scale: ClassVar[float] = 10.0
    # The SQL view, once built (``sql_view``).
    _sql_view: SqlView | None = None

    def __init__(self, location: str, *, writable: bool = False) -> None:
        self.location = location
        self.writable = writable

    # -- required ------------------------------------------------------------

    @abstractmethod
    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]: ...

    # -- optional, with defaults ----------------------------------------------

    def iter_memories(self, flt: MemoryFilter | None = None) -> Iterator[Memory]:
        """``memories(flt)`` one by one, as the store reads them: output can start
        before the last row is read. The default reads them all first."""
        return iter(self.memories(flt))

    def get(self, memory_id: str) -> Memory | None:
        """One memory by id; stores that can look one up directly override this."""
        found = self.memories(MemoryFilter(ids=[memory_id]))
        return found[0] if found else None

    def require(self, memory_id: str) -> Memory:
        memory = self.get(memory_id)
        if memory is None:
            raise NotFound(f"no memory with id {memory_id!r} in {self.location}")
        return memory

    def count(self, flt: MemoryFilter | None = None) -> int:
        base = flt or MemoryFilter()
        unbounded = replace(base, limit=None, offset=0)
        return len(self.memories(unbounded))

    def edges(self, memory_ids: list[str] | None = None) -> list[Edge]:
        return []

    def events(
        self,
        *,
        memory_id: str | None = None,
        actions: list[str] | None = None,
        actor: str | None = None,
        since: str | None = None,
        limit: int | None = None,
        newest_first: bool = False,
    ) -> list[Event]:
        """The store's history (capability HISTORY), oldest first unless ``newest_first``."""
        return []

    def lineage(
        self, memory_id: str, *, up: bool = True, down: bool = True, depth: int = DEFAULT_DEPTH
    ) -> Lineage:
        """Ancestors and descendants of one memory (``trace``). The default walks
        ``edges()`` in memory; stores with a query language override it."""
        self.need(Capability.LINEAGE)
        return walk_lineage(self, memory_id, up=up, down=down, depth=depth)

    def memories_from_source(self, source: str) -> list[Memory]:
        """Memories whose ``source_ref`` is ``source`` or starts with ``source#`` (one
        conversation, one document). The default scans every memory."""
        prefix = source + "#"
        return [
            m
            for m in self.memories()
            if m.source_ref and (m.source_ref == source or m.source_ref.startswith(prefix))
        ]

    def policy(self) -> Policy:
        return Policy()

    def provider_config(self) -> dict[str, Any]:
        """Settings of the provider that decide what gets written, as read from its
        configuration (e.g. Hermes' ``memory.write_approval``), with where each came from:
        ``{"memory.write_approval": {"value": True, "source": "/home/u/.hermes/config.yaml"}}``.
        Empty when the store has no readable configuration. `memaudit questions` reads it.
        """
        return {}

    def missing_provenance(self) -> list[str]:
        """What this kind of store never records (shown by ``show`` as flags)."""
        return list(self.never_records)

    def stats(self, now: datetime) -> dict[str, Any]:
        all_memories = self.memories()
        by_status: dict[str, int] = {}
        by_tier: dict[str, int] = {}
        by_source: dict[str, int] = {}
        oldest: str | None = None
        for m in all_memories:
            by_status[m.status.value] = by_status.get(m.status.value, 0) + 1
            by_tier[m.trust_tier.value] = by_tier.get(m.trust_tier.value, 0) + 1
            by_source[m.source_type.value] = by_source.get(m.source_type.value, 0) + 1
            if (
                m.status is Status.PENDING
                and m.created_at
                and (oldest is None or m.created_at < oldest)
            ):
                oldest = m.created_at
        return {
            "store": self.location,
            "adapter": self.adapter_name,
            "totals": {"memories": len(all_memories), "edges": len(self.edges())},
            "by_status": dict(sorted(by_status.items())),
            "by_tier": dict(sorted(by_tier.items())),
            "by_source_type": dict(sorted(by_source.items())),
            "oldest_pending": oldest,
            "oldest_pending_age_days": age_days(oldest, now),
        }

    def sql_view(self) -> SqlView:
        """The canonical rows as SQL, in the native ledger's table shapes (``memories``,
        ``edges``, ``events``, ``profile``, ``tombstones``): what the audit's detectors
        and ``questions`` read. A store with no SQL of its own gets an in-memory copy,
        made through this protocol the first time it is asked for (a snapshot: later
        writes through this object do not change it) and closed with the store."""
        if self._sql_view is None:
            copy = mirror(
                self,
                lineage=self.has(Capability.LINEAGE),
                history=self.has(Capability.HISTORY),
            )
            self._sql_view = SqlView(copy, role_column=True)
        return self._sql_view

    def layers(self) -> list[Layer]:
        raise self.unsupported(Capability.LAYERS)

    def resurrected(self, memory_ids: Sequence[str] | None) -> dict[str, list[str]]:
        """Pending memories the write gate found holding forgotten text, each with the
        forgotten memories it holds (``memory_ids=None``: every such pending memory).
        Only a store whose gate checks tombstones records any."""
        return {}

    def active_matches(
        self, searches: Sequence[str], limit: int, *, workers: int = 1
    ) -> dict[str, list[Statement]]:
        """For each full-text search: the active memories ``memories`` finds for it
        (``MemoryFilter(statuses=[ACTIVE], search=..., limit=limit)``, in that order),
        four columns each. A search the store refuses finds nothing. The default reads
        whole memories; a store that can read the four columns alone overrides it.
        ``workers``: how many processes the store may search in at once (a hint; the
        default uses one)."""
        from memaudit.conflicts.statements import Statement

        out: dict[str, list[Statement]] = {}
        for text in searches:
            try:
                found = self.memories(
                    MemoryFilter(statuses=[Status.ACTIVE], search=text, limit=limit)
                )
            except MemauditError:
                found = []
            out[text] = [Statement(m.id, m.content, m.created_at, m.scope) for m in found]
        return out

    # What ``active_copies`` reads, for the evidence of a duplicate flag.
    COPIES_CHECKED: ClassVar[str] = "every active memory, read once"

    def active_copies(self, texts: Sequence[str], limit: int | None = None) -> dict[str, list[str]]:
        """For each text: the ids of the active memories whose normalised text is the
        same (``fingerprint.normalize``), oldest first, at most ``limit`` of them
        (None: all). Every active memory is checked: an exact copy is never missed, as
        it can be among a full-text search's newest matches. The default reads every
        active memory once per call; a store with an index overrides it."""
        from memaudit.fingerprint import normalize

        wanted: dict[str, list[str]] = {}
        for text in texts:
            wanted.setdefault(normalize(text), [])
        if wanted:
            for m in self.memories(MemoryFilter(statuses=[Status.ACTIVE], oldest_first=True)):
                ids = wanted.get(normalize(m.content))
                if ids is not None and (limit is None or len(ids) < limit):
                    ids.append(m.id)
        return {text: list(wanted[normalize(text)]) for text in texts}

    def injected_pending(self) -> set[str] | None:
        """Pending memories the write gate flagged as injected instructions when they
        were staged; None when the store's gate keeps no such record (the caller then
        checks the text itself)."""
        return None

    def check_reason(self, memory_ids: Sequence[str], reason: str, *, what: str) -> None:
        """Refuse a reason that repeats the content of these memories (``reasons``)."""
        from memaudit import reasons

        texts = []
        for mid in memory_ids:
            m = self.get(mid)
            if m is not None:
                texts.append(m.content + ("\n" + m.summary if m.summary else ""))
        reasons.check(reason, texts, what=what)

    def forget_plan(self, memory_ids: Sequence[str], *, whole: bool = False) -> ForgetPlan:
        """What forgetting these ids would remove, redact or re-queue (writes nothing);
        ``whole``: memories quoting them are forgotten whole instead of redacted."""
        raise self.unsupported(Capability.FORGET)

    def forget_apply(
        self, plan: ForgetPlan, *, reason: str | None = None, actor: str | None = None
    ) -> ForgetResult:
        """Carry out a plan from ``forget_plan`` — in one transaction that plans again
        and refuses (exit 7) if the store changed since — then purge and verify every
        layer."""
        raise self.unsupported(Capability.FORGET)

    def recheck(self, memory_ids: Sequence[str] | None) -> Recheck:
        """Re-check forgotten memories against their tombstones (``verify ID`` /
        ``--all``; ``None``: every forgotten memory)."""
        raise self.unsupported(Capability.TOMBSTONES)

    def stage_batch(
        self,
        candidates: Sequence[Candidate],
        *,
        actor: str | None = None,
        remember: bool = True,
    ) -> list[Staged]:
        """``remember``: keep the injection check's judgements in the cache folder."""
        raise self.unsupported(Capability.STAGE)

    def approve(
        self,
        memory_id: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
        promote: bool = False,
    ) -> Memory:
        raise self.unsupported(Capability.QUEUE)

    def reject(
        self,
        memory_id: str,
        reason: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> None:
        raise self.unsupported(Capability.QUEUE)

    def approve_many(
        self,
        items: Sequence[tuple[str, int | None]],
        *,
        actor: str | None = None,
        promote: bool = False,
    ) -> list[Memory]:
        """Approve several; stores that can do it atomically override this."""
        return [
            self.approve(mid, expected_version=v, actor=actor, promote=promote) for mid, v in items
        ]

    def reject_many(
        self, items: Sequence[tuple[str, int | None]], reason: str, *, actor: str | None = None
    ) -> None:
        for mid, v in items:
            self.reject(mid, reason, expected_version=v, actor=actor)

    def edit(
        self,
        memory_id: str,
        content: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> Memory:
        raise self.unsupported(Capability.QUEUE)

    def unapprove_many(
        self, items: Sequence[tuple[str, int | None]], *, actor: str | None = None
    ) -> list[Memory]:
        """Undo approvals (back to pending); the review UI's undo."""
        raise self.unsupported(Capability.QUEUE)

    def unreject(
        self, items: Sequence[tuple[Memory, Sequence[Edge]]], *, actor: str | None = None
    ) -> list[Memory]:
        """Undo rejections: re-stage the content the reviewer saw, same ids, as pending."""
        raise self.unsupported(Capability.QUEUE)

    def record_access(self, memory_id: str, *, actor: str | None = None) -> Memory:
        """Record that an agent retrieved a memory (feeds decay and the audit)."""
        raise self.unsupported(Capability.ACCESS)

    def set_pinned(self, memory_id: str, pinned: bool, *, actor: str | None = None) -> None:
        """Pin a memory so decay never archives it (or unpin it)."""
        raise self.unsupported(Capability.PIN)

    def link(
        self,
        child_id: str,
        parent_ids: Sequence[str],
        relation: Relation,
        *,
        actor: str | None = None,
    ) -> None:
        """Record that ``child_id`` was derived from each of ``parent_ids``."""
        raise self.unsupported(Capability.LINK)

    def set_policy(self, key: str, value: object, *, actor: str | None = None) -> object:
        """Change one policy value (logged); returns the value it replaces."""
        raise self.unsupported(Capability.POLICY)

    def mark_disputed(self, newer_id: str, older_id: str) -> None:
        """Mark both memories of a candidate contradiction disputed on the store's own
        rows (capability VALIDATION; inside the records' transaction)."""
        raise self.unsupported(Capability.VALIDATION)

    def mark_validated(self, memory_ids: Sequence[str], *, actor: str) -> None:
        """Mark memories validated by ``actor`` on the store's own rows (capability
        VALIDATION; inside the records' transaction)."""
        raise self.unsupported(Capability.VALIDATION)

    def lifecycle_table(self) -> LifecycleTable:
        """The store's lifecycle columns, for ``decay`` (capability DECAY)."""
        raise self.unsupported(Capability.DECAY)

    def records(self, *, writable: bool) -> Ledger | None:
        """The ledger holding memaudit's own records about this store (conflict
        decisions, validations): the store itself when native, else its sidecar.
        ``None`` when reading and nothing was ever recorded."""
        raise self.unsupported(Capability.RESOLVE)

    def request_ledger(self) -> Ledger | None:
        """The ledger that keeps agents' forget requests (``memaudit.forget_requests``,
        written through ``memaudit mcp``); None for a store that keeps none."""
        return None

    def supersede(self, new_id: str, old_id: str, *, actor: str, reason: str | None) -> None:
        """Write a *validated* supersession (capability RESOLVE). Only
        ``conflicts.resolve_supersede`` calls this, after a person decided."""
        raise self.unsupported(Capability.RESOLVE)

    def server_identity(self) -> dict[str, Any] | None:
        """What names a store held by a database server (an erasure receipt records it
        instead of file hashes); None for a store made of files."""
        return None

    def restore(self, memory_id: str, *, actor: str | None, reason: str | None) -> dict[str, Any]:
        """An archived or expired memory back to active, logged (capability RESTORE)."""
        raise self.unsupported(Capability.RESTORE)

    def unsupersede(
        self, memory_id: str, *, actor: str | None, reason: str | None
    ) -> dict[str, Any]:
        """Undo a supersession: the superseded memory back to active, logged (RESTORE)."""
        raise self.unsupported(Capability.RESTORE)

    def close(self) -> None:
        return None

    def close_view(self) -> None:
        """Close the in-memory SQL view, if one was made (``sql_view``)."""
        view, self._sql_view = self._sql_view, None
        if view is not None and view.owned:
            view.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close_view()
        self.close()

    # -- helpers -------------------------------------------------------------

    def has(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def unsupported(self, capability: Capability) -> Unsupported:
        return Unsupported(
            f"the {self.adapter_name} adapter cannot do this: its stores do not "
            f"{CAPABILITY_HELP[capability]} (capability '{capability.value}')"
        )

    def need(self, capability: Capability) -> None:
        if capability not in self.capabilities:
            raise self.unsupported(capability)


class Adapter(ABC):
    """A kind of store: detects it and opens it."""

    name: ClassVar[str]
    description: ClassVar[str]
    capabilities: ClassVar[frozenset[Capability]] = frozenset({Capability.READ})
    # What the adapter has been tested against, said plainly in `memaudit adapters`.
    tested_against: ClassVar[str] = "not stated"

    @classmethod
    @abstractmethod
    def detect(cls, location: str) -> float:
        """0.0 (not mine) .. 1.0 (certainly mine). Must never write or raise."""

    @classmethod
    def explain(cls, location: str) -> str:
        """One line on what ``detect`` saw at ``location`` (``memaudit adapters --detect``
        prints it beside the score). Must never write or raise."""
        return ""

    @classmethod
    @abstractmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> Store: ...
