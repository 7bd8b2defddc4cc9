"""Guided probes 1-4, for any store memaudit opens: the person plays the conversation,
memaudit does the planting and the digging.

``start`` draws this run's markers, records a baseline of the store — counts and salted
fingerprints of its memories, the files it consists of (size and hash), and each layer
probed for the markers (none may hold one yet) — in the probe log, and returns the
script: what to say, in which session. ``check`` reopens the store, looks for every
marker in the memories (pending ones included) and in every layer the adapter declares,
and judges each probe against what the article expects and what the provider's
configuration says (``questions.py``, ``provider_config.py``).

What counts as "remembered": a memory record that is not pending, rejected or
forgotten, or a derived copy (a summary or graph layer, or a stored row no memory
record explains). A pending record is held for review; session history (transcripts)
is evidence, not memory; indexes and raw bytes echo rows and are listed as evidence only.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.adapters.base import Capability, Layer, Needle
from memaudit.clock import Clock, to_iso
from memaudit.confined import Unsafe, open_regular
from memaudit.fingerprint import new_salt, normalize
from memaudit.forget import LayerReport, verify_layers
from memaudit.model import Memory, SourceType, Status
from memaudit.probe import log
from memaudit.probe.markers import GuidedMarkers, Step, guided, recall_questions, steps
from memaudit.probe.report import (
    COPY,
    HISTORY,
    INDEX,
    LOG,
    MEMORY,
    PENDING,
    ROWS,
    SIDE,
    Evidence,
    ProbeResult,
    Verdict,
    place_of,
)
from memaudit.sidecar import store_key
from memaudit.trust import DERIVED_TYPES

if TYPE_CHECKING:
    from memaudit.adapters.base import Store

# Beyond this many memories the baseline keeps counts only, and "new since start" is
# read from created_at (a fingerprint list of a million memories is ~20 MB of log).
MAX_FINGERPRINTS = 200_000
MAX_HASHED_FILE = 64 * 1024 * 1024
MAX_EVIDENCE = 20
NOT_REMEMBERED = {Status.PENDING, Status.REJECTED, Status.FORGOTTEN}


# -- the baseline ------------------------------------------------------------------------


def memory_fingerprint(salt: str, memory: Memory) -> str:
    """A memory's id and text, hashed with the run's salt: equal means unchanged."""
    key = bytes.fromhex(salt)
    data = f"{memory.id}\x1f{normalize(memory.content)}".encode()
    return hashlib.blake2b(data, digest_size=8, key=key).hexdigest()


def _file_prints(location: str) -> dict[str, Any]:
    from memaudit.adapters.file_probe import files_under

    path = Path(location)
    if "://" in location:
        return {"files": [], "note": "a server store: no files to fingerprint"}
    if path.is_dir():
        files, skipped = files_under(path)
        base = path
    else:
        files = [p for p in (path, *_sqlite_siblings(path)) if p.is_file()]
        skipped, base = [], path.parent
    skipped = list(skipped)
    out = []
    for f in files:
        try:
            size, digest = _hash_file(f, base)
        except (OSError, Unsafe) as exc:  # a FIFO, a device, a file swapped for a symlink
            skipped.append(f"{f.relative_to(base)}: {getattr(exc, 'message', exc)}")
            continue
        out.append({"path": str(f.relative_to(base)), "size": size, "sha256": digest})
    return {"files": out, "skipped": skipped[:20]}


def _hash_file(path: Path, root: Path) -> tuple[int, str | None]:
    """Size and sha256 of a regular file of the store (never a FIFO or a symlink out of
    it); no hash above ``MAX_HASHED_FILE``, where the size has to do."""
    fd, st = open_regular(path, root=root, follow=False)
    with os.fdopen(fd, "rb") as fh:
        if st.st_size > MAX_HASHED_FILE:
            return st.st_size, None
        digest = hashlib.sha256()
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return st.st_size, digest.hexdigest()


def _sqlite_siblings(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("-wal", "-journal")]


def _probe_layers(layers: Sequence[Layer], texts: list[str]) -> list[dict[str, Any]]:
    """Each layer, and how many hits the texts have in it (a baseline wants zero)."""
    needle = Needle(content=texts[0], more_content=texts[1:])
    return [
        {
            "name": r.layer,
            "kind": r.kind,
            "checked": r.probed,
            "why": "" if r.probed else r.checked,
            "hits": len(r.residue),
        }
        for r in verify_layers(layers, needle)
    ]


def baseline(store: Store, salt: str, texts: list[str]) -> dict[str, Any]:
    memories = store.memories()
    by_status: dict[str, int] = {}
    for m in memories:
        by_status[m.status.value] = by_status.get(m.status.value, 0) + 1
    prints = (
        sorted(memory_fingerprint(salt, m) for m in memories)
        if len(memories) <= MAX_FINGERPRINTS
        else None
    )
    layers = _probe_layers(store.layers(), texts) if store.has(Capability.LAYERS) else []
    return {
        "memories": {"count": len(memories), "by_status": by_status, "fingerprints": prints},
        "layers": layers,
        **_file_prints(store.location),
    }


# -- start -------------------------------------------------------------------------------


@dataclass(slots=True)
class Started:
    run_id: str
    store: str
    adapter: str
    at: str
    markers: GuidedMarkers
    steps: list[Step]
    questions: list[tuple[int, str, str]]
    baseline: dict[str, Any]
    config: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": self.run_id,
            "store": self.store,
            "adapter": self.adapter,
            "started_at": self.at,
            "config": self.config,
            "steps": [
                {"probe": s.probe, "title": s.title, "say": s.say, "looks_for": s.looks_for}
                for s in self.steps
            ],
            "new_session_questions": [
                {"probe": p, "ask": q, "expect": e} for p, q, e in self.questions
            ],
            "baseline": {
                "memories": {
                    k: v for k, v in self.baseline["memories"].items() if k != "fingerprints"
                },
                "layers": self.baseline["layers"],
                "files": len(self.baseline["files"]),
            },
        }


def start(
    store: Store, *, config: str | None = None, clock: Clock, actor: str | None = None
) -> Started:
    """Draw markers, take the baseline, log the run; the caller prints the script."""
    for _ in range(5):
        markers = guided()
        texts = _looked_for(markers)
        salt = new_salt()
        base = baseline(store, salt, texts)
        if not any(layer["hits"] for layer in base["layers"]):
            break
    else:  # five draws all already present: the store is built to defeat probes
        raise RuntimeError("could not draw markers absent from this store")
    run_id = log.new_run_id()
    key = store_key(store.location)
    at = log.append(
        log.START,
        run_id,
        {
            "store": key,
            "adapter": store.adapter_name,
            "markers": markers.to_dict(),
            "salt": salt,
            "baseline": base,
            "config": str(Path(config).expanduser().resolve()) if config else None,
        },
        clock=clock,
        actor=actor,
    )
    return Started(
        run_id,
        key,
        store.adapter_name,
        at,
        markers,
        steps(markers),
        recall_questions(markers),
        base,
        config,
    )


def _looked_for(m: GuidedMarkers) -> list[str]:
    return [m.ordinary, m.remember, m.conclusion, m.tool_output]


# -- check -------------------------------------------------------------------------------


@dataclass(slots=True)
class Found:
    """Where one text turned up."""

    text: str
    records: list[Memory] = field(default_factory=list)  # canonical memories holding it
    reports: list[LayerReport] = field(default_factory=list)

    @property
    def remembered(self) -> list[Memory]:
        return [m for m in self.records if m.status not in NOT_REMEMBERED]

    @property
    def pending(self) -> list[Memory]:
        return [m for m in self.records if m.status is Status.PENDING]

    def hits(self, *places: str) -> list[tuple[LayerReport, Any]]:
        return [(r, x) for r in self.reports for x in r.residue if place_of(r.kind) in places]

    @property
    def copies(self) -> list[tuple[LayerReport, Any]]:
        """Derived copies: summary and graph layers, and stored rows when no memory
        record explains them (a fact table, a gist)."""
        rows = [] if self.records else self.hits(ROWS)
        return self.hits(COPY) + rows

    @property
    def in_memory(self) -> bool:
        return bool(self.remembered or self.copies)

    def where_remembered(self) -> str:
        if self.remembered:
            return f"memory record {_ids(self.remembered)}"
        return f"derived copies in {_where(self)}"

    @property
    def anywhere(self) -> bool:
        return bool(self.records or any(r.residue for r in self.reports))

    def evidence(self, *, places: tuple[str, ...] | None = None) -> list[Evidence]:
        out = [
            Evidence(
                PENDING if m.status is Status.PENDING else MEMORY,
                "memories",
                m.source_ref or m.scope or "",
                "contains text",
                m.id,
                f"status {m.status.value}, source {m.source_type.value}"
                + (", derived" if m.derived else ""),
            )
            for m in self.records
        ]
        for report, residue in self.hits(*(places or (ROWS, COPY, HISTORY, LOG, SIDE, INDEX))):
            out.append(
                Evidence(
                    place_of(report.kind),
                    report.layer,
                    residue.where,
                    residue.match,
                    None,
                    residue.detail,
                )
            )
        return out[:MAX_EVIDENCE]


def _contains(text: str, whole_number: bool) -> Callable[[str], bool]:
    if whole_number:
        pattern = re.compile(rf"(?<![0-9]){re.escape(text)}(?![0-9])")
        return lambda content: bool(pattern.search(content))
    want = normalize(text)
    return lambda content: want in normalize(content)


def _find(
    memories: list[Memory], layers: list[Layer], text: str, *, whole_number: bool = False
) -> Found:
    match = _contains(text, whole_number)
    records = [m for m in memories if match(m.content or "")]
    return Found(text, records, verify_layers(layers, Needle(content=text)))


@dataclass(slots=True)
class Checked:
    run_id: str
    store: str
    adapter: str
    started_at: str | None
    checked_at: str
    results: list[ProbeResult]
    changes: dict[str, Any]  # what changed in the store since the baseline
    unchecked_layers: list[dict[str, str]]

    def to_dict(self) -> dict[str, Any]:
        from memaudit.probe.report import all_passed

        return {
            "run": self.run_id,
            "store": self.store,
            "adapter": self.adapter,
            "started_at": self.started_at,
            "checked_at": self.checked_at,
            "passed": all_passed(self.results),
            "results": [r.to_dict() for r in self.results],
            "since_start": self.changes,
            "layers_not_checked": self.unchecked_layers,
        }


def _changes(
    store: Store, memories: list[Memory], run: log.RunRecord
) -> tuple[dict[str, Any], set[str]]:
    base = run.detail.get("baseline") or {}
    salt = str(run.detail.get("salt") or "")
    before = set((base.get("memories") or {}).get("fingerprints") or [])
    if before or (base.get("memories") or {}).get("fingerprints") == []:
        new = {m.id for m in memories if memory_fingerprint(salt, m) not in before}
        how = "by fingerprint (id and text)"
    else:
        since = run.at or ""
        new = {m.id for m in memories if (m.created_at or "") >= since}
        how = "by created_at (the store was too large to fingerprint)"
    files_before = {f["path"]: f for f in base.get("files") or []}
    now = _file_prints(store.location)
    changed = sorted(
        f["path"]
        for f in now["files"]
        if f["path"] not in files_before
        or (f["size"], f["sha256"])
        != (files_before[f["path"]]["size"], files_before[f["path"]]["sha256"])
    )
    gone = sorted(set(files_before) - {f["path"] for f in now["files"]})
    return (
        {
            "memories_before": (base.get("memories") or {}).get("count"),
            "memories_now": len(memories),
            "new_or_changed": sorted(new)[:50],
            "new_or_changed_count": len(new),
            "compared": how,
            "files_changed": changed[:50],
            "files_gone": gone[:50],
        },
        new,
    )


def check(
    store: Store,
    run: log.RunRecord,
    *,
    config: str | None = None,
    skipped: Sequence[int] = (),
    clock: Clock,
    actor: str | None = None,
) -> Checked:
    from memaudit import questions
    from memaudit.provider_config import read_hermes

    markers = GuidedMarkers.from_dict(run.detail["markers"])
    config = config or run.detail.get("config")
    cfg = read_hermes(config) if config else None
    answers = {a.id: a for a in questions.answer(store, cfg)}
    settings = {**store.provider_config(), **(cfg or {})}
    memories = store.memories()
    changes, new_ids = _changes(store, memories, run)
    layers = store.layers() if store.has(Capability.LAYERS) else []
    ctx = _Context(store, markers, answers, settings, layers, memories, set(skipped), new_ids)
    results = [_probe1(ctx), _probe2(ctx), _probe3(ctx), _probe4(ctx)]
    unchecked = [
        {"layer": layer.name, "why": layer.why_unchecked} for layer in layers if not layer.checked
    ]
    if not store.has(Capability.LAYERS):
        unchecked.append(
            {"layer": "(every layer)", "why": f"the {store.adapter_name} adapter declares none"}
        )
    checked = Checked(
        run.run_id,
        store_key(store.location),
        store.adapter_name,
        run.at,
        to_iso(clock()),
        results,
        changes,
        unchecked,
    )
    detail = checked.to_dict()
    checked.checked_at = log.append(log.CHECK, run.run_id, detail, clock=clock, actor=actor)
    return checked


@dataclass(slots=True)
class _Context:
    store: Store
    m: GuidedMarkers
    answers: dict[str, Any]
    settings: dict[str, dict[str, Any]]
    layers: list[Layer]
    memories: list[Memory]
    skipped: set[int]
    new_ids: set[str]

    def find(self, text: str, *, whole_number: bool = False) -> Found:
        return _find(self.memories, self.layers, text, whole_number=whole_number)

    @property
    def keeps_history(self) -> bool:
        """The store keeps session transcripts: what the person said can be found."""
        return any(layer.kind == "transcripts" and layer.checked for layer in self.layers)

    def said(self, found: Found) -> bool | None:
        """Did the person say it? True/False when the store keeps session history,
        None when nothing could tell."""
        if found.anywhere:
            return True
        return False if self.keeps_history else None

    def config_lines(self, *qids: str) -> list[str]:
        out = []
        for qid in qids:
            a = self.answers.get(qid)
            if a is not None and a.evidence:
                out.append(f"{a.question} {a.answer}: " + "; ".join(a.evidence))
        return out

    def setting(self, key: str) -> Any:
        entry = self.settings.get(key)
        return entry.get("value") if entry else None

    @property
    def provider(self) -> str:
        return self.store.adapter_name


def _ids(memories: Sequence[Memory]) -> str:
    return ", ".join(m.id for m in memories[:5]) + (" …" if len(memories) > 5 else "")


def _where(found: Found) -> str:
    layers = sorted({r.layer for r, _ in found.copies})
    return ", ".join(layers)


def _skipped(ctx: _Context, n: int, title: str, expectation: str, looked: str) -> ProbeResult:
    return ProbeResult(
        n,
        title,
        expectation,
        f"you skipped step {n} (--skip {n})",
        Verdict.NOT_APPLICABLE,
        looked_for=looked,
    )


def _not_said(n: int, title: str, expectation: str, looked: str, what: str) -> ProbeResult:
    return ProbeResult(
        n,
        title,
        expectation,
        f"{what} appears nowhere in the store, not even in its session history: step {n} "
        "was not done (or not in this agent); do it and check again",
        Verdict.NOT_APPLICABLE,
        looked_for=looked,
    )


# What would change each outcome, by adapter (the store the marker was looked for in).
CAPTURE_OFF = {
    "hermes": "memory.write_approval: true in config.yaml — the agent's own memory writes "
    "then wait in pending/memory/ for `memaudit review`",
    "mnemosyne": "memory.mnemosyne.sync_roles: [] in Hermes' config.yaml — Mnemosyne stops "
    "saving conversation turns on its own",
    "byterover": "memory.byterover.auto_extract: false — ByteRover stops curating every turn",
    "holographic": "plugins.hermes-memory-store.auto_extract: false — no fact extraction at "
    "session end",
    "hindsight": "auto_retain: false in hindsight/config.json",
    "honcho": "Honcho derives from every message it is sent: stop sending the session "
    "(observe_me: false for the user's peer)",
    "native": "route.user_statement = pending (`memaudit policy set route.user_statement "
    "pending`), and have the agent stage only what the user asks to keep",
}
GATE = {
    "hermes": "memory.write_approval: true in config.yaml holds every write for review",
    "native": "the default routes (pending, transient for model conclusions) hold writes "
    "for review: `memaudit policy` shows them",
}


def _advice(table: dict[str, str], provider: str, fallback: str) -> str:
    return table.get(provider, fallback)


def _probe1(ctx: _Context) -> ProbeResult:
    n, title = 1, "Ordinary fact, not asked to be remembered"
    expectation = (
        "not written to memory: nothing is captured unless asked (auto-capture off, the "
        "brief's preferred policy); in a new session the agent does not know it"
    )
    looked = ctx.m.ordinary
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("auto_write", "approval_gate")
    off = _advice(
        CAPTURE_OFF,
        ctx.provider,
        "turn off the provider's automatic capture, or put a review step before it "
        "(`memaudit questions` shows what it writes on its own)",
    )
    if ctx.provider == "hermes" and ctx.setting("memory.write_approval") is True:
        off = (
            "memory.write_approval is already on, yet the entry reached the memory file: it "
            "went past the gate (approved from the queue, or written outside the memory tool)"
        )
    if ctx.said(found) is False:
        return _not_said(n, title, expectation, looked, "The fact")
    if found.in_memory:
        where = found.where_remembered()
        return ProbeResult(
            n,
            title,
            expectation,
            f"captured: the fact was written to memory ({where}) though nobody asked",
            Verdict.FAIL,
            found.evidence(),
            config,
            off,
            looked,
        )
    if found.pending:
        happened = (
            f"the agent staged it ({_ids(found.pending)}), but it waits for review: "
            "nothing reached memory — reject it (`memaudit reject ID --reason probe`)"
        )
    elif found.hits(HISTORY):
        happened = "kept only as session history (evidence, not memory)"
    else:
        happened = "not written anywhere memaudit can see"
        if ctx.said(found) is None:
            happened += (
                " (this store keeps no session history, so memaudit cannot tell it was said)"
            )
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS,
        found.evidence(),
        config,
        "a setting that writes conversation to memory on its own (auto-capture) would "
        "make this fail",
        looked,
    )


def _probe2(ctx: _Context) -> ProbeResult:
    n, title = 2, 'Explicit "remember"'
    expectation = (
        "stored as a memory the agent recalls: in a new session it answers "
        f"{ctx.m.remember} (memaudit checks the store; the answer is yours to see)"
    )
    looked = ctx.m.remember
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("approval_gate")
    enabled = ctx.setting("memory.memory_enabled")
    if enabled is False:
        config.append("memory.memory_enabled = False: the built-in memory is off")
    if ctx.said(found) is False:
        return _not_said(n, title, expectation, looked, "The fact")
    if found.in_memory:
        where = found.where_remembered()
        return ProbeResult(
            n,
            title,
            expectation,
            f"stored ({where}); ask in a new session to see it recalled",
            Verdict.PASS,
            found.evidence(),
            config,
            "memory.write_approval: true would hold it for review first"
            if ctx.provider == "hermes"
            else "",
            looked,
        )
    if found.pending:
        return ProbeResult(
            n,
            title,
            expectation,
            f"waiting for review ({_ids(found.pending)}): not recalled until someone approves it",
            Verdict.FAIL,
            found.evidence(),
            config,
            f"approve it (`memaudit approve {found.pending[0].id}`); "
            + _advice(GATE, ctx.provider, "the provider's approval gate holds every write"),
            looked,
        )
    happened = (
        "only in session history: it is not memory (session search might still find it)"
        if found.hits(HISTORY)
        else "not stored anywhere memaudit can see"
    )
    change = (
        "memory.memory_enabled: true in config.yaml"
        if enabled is False
        else "the agent did not write it: make sure its memory tool is enabled and allowed"
    )
    return ProbeResult(
        n, title, expectation, happened, Verdict.FAIL, found.evidence(), config, change, looked
    )


def _probe3(ctx: _Context) -> ProbeResult:
    n, title = 3, "An inference, never stated"
    m = ctx.m
    expectation = (
        f"the conclusion (the brother's locker is number {m.conclusion}) does not appear as "
        "a standalone fact; if kept at all, it is marked as an inference with its premises"
    )
    looked = m.conclusion
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    premise = ctx.find(f"{m.depot} depot is number {m.locker}")
    found = ctx.find(looked, whole_number=True)
    # Only records written since the probe started can hold this run's conclusion.
    found.records = [r for r in found.records if r.id in ctx.new_ids]
    config = ctx.config_lines("derived_marked", "approval_gate")
    standalone = [r for r in found.remembered if not _marked_derived(r)]
    marked = [r for r in found.remembered if _marked_derived(r)]
    evidence = found.evidence(places=(ROWS, COPY, HISTORY))
    if not found.records and not found.copies and ctx.said(premise) is False:
        return _not_said(n, title, expectation, looked, "The first premise")
    premises = (
        f"premise stored in {_ids(premise.remembered)}; "
        if premise.remembered
        else "premises not stored; "
    )
    if standalone:
        return ProbeResult(
            n,
            title,
            expectation,
            premises + f"the conclusion was stored as a fact of its own ({_ids(standalone)}: "
            f"source {standalone[0].source_type.value}, nothing marks it derived)",
            Verdict.FAIL,
            evidence,
            config,
            _advice(
                {
                    "native": "route.inference = transient (the default): model conclusions "
                    "are refused unless a person promotes them, and then marked derived",
                    "hermes": "memory.write_approval: true — a person sees the conclusion "
                    "before it is stored (Hermes cannot mark an entry as derived)",
                },
                ctx.provider,
                "a review step for model-written memories, or a provider that records "
                "what a memory was derived from",
            ),
            looked,
        )
    copies = found.copies
    if copies and not marked:
        return ProbeResult(
            n,
            title,
            expectation,
            premises + f"the conclusion sits in derived copies ({_where(found)})",
            Verdict.FAIL,
            evidence,
            config,
            "a provider setting that stops model-side extraction (see `memaudit questions`)",
            looked,
        )
    if marked:
        happened = premises + (
            f"the conclusion was stored marked as derived ({_ids(marked)}: source "
            f"{marked[0].source_type.value})"
        )
    elif found.pending:
        happened = premises + (
            f"the conclusion waits for review ({_ids(found.pending)}): reject it, or approve "
            "it only as an inference"
        )
    else:
        happened = premises + "the conclusion is not in memory"
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS,
        evidence,
        config,
        "an extractor or reflection pass that stores model conclusions unmarked would make "
        "this fail",
        looked,
    )


def _marked_derived(memory: Memory) -> bool:
    return memory.derived or memory.source_type in DERIVED_TYPES


def _probe4(ctx: _Context) -> ProbeResult:
    n, title = 4, "A distinctive tool command"
    m = ctx.m
    a = ctx.answers.get("tool_results")
    retains = (
        ctx.store.policy().route(SourceType.TOOL_OBSERVATION) == "active"
        if ctx.provider == "native"
        else _config_says_retained(ctx)
    )
    expectation = (
        f"tool results retained as configured: the output {m.tool_output} "
        + ("is stored in memory" if retains else "is not stored in memory on its own")
        + (
            ""
            if retains or (a is not None and a.answer == "no")
            else " (configuration silent: judged by the brief's preferred policy, tool results "
            "not retained automatically)"
        )
    )
    looked = m.tool_output
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("tool_results")
    if not found.anywhere:
        asked = ctx.find(f"{m.tool_word}-$(({m.factor_a} * {m.factor_b}))")
        if ctx.said(asked) is False:
            return _not_said(n, title, expectation, looked, "The command")
        if asked.anywhere:
            return ProbeResult(
                n,
                title,
                expectation,
                f"the request is there, its output ({looked}) nowhere: the agent did not run "
                "the command, or nothing logs tool results",
                Verdict.NOT_APPLICABLE,
                asked.evidence(),
                config,
                "",
                looked,
            )
    logged = " and logged in session history" if found.hits(HISTORY) else ""
    if found.in_memory:
        happened = (
            f"the output was stored in memory ({_ids(found.remembered) or _where(found)}){logged}"
        )
    elif found.pending:
        happened = f"the output waits for review ({_ids(found.pending)}){logged}"
    elif found.hits(HISTORY):
        happened = "logged in session history only (evidence, not memory)"
    else:
        happened = "not stored anywhere memaudit can see"
        if not ctx.keeps_history:
            happened += " (this store keeps no session history: memaudit cannot tell it ran)"
    ok = found.in_memory == retains
    change = (
        _advice(
            {"native": "route.tool_observation = pending (the default)"},
            ctx.provider,
            "turn the provider's tool-result capture off",
        )
        if found.in_memory and not retains
        else (
            "" if ok else "the provider's tool-result capture is configured on but stored nothing"
        )
    )
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS if ok else Verdict.FAIL,
        found.evidence(),
        config,
        change,
        looked,
    )


def _config_says_retained(ctx: _Context) -> bool:
    """Only a configuration that says so makes retention expected (never store facts)."""
    from memaudit import questions

    only_config = {a.id: a for a in questions.answer(None, ctx.settings)}
    return only_config["tool_results"].answer == "yes"
