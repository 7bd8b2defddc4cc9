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

Where things are: this module (the baseline, ``start`` and ``check``), ``evidence``
(where a marker turned up) and ``verdicts`` (probes 1-4 judged).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit import fileprints
from memaudit.clock import Clock, to_iso
from memaudit.fingerprint import new_salt, normalize
from memaudit.model import Memory
from memaudit.probe import log
from memaudit.probe.markers import GuidedMarkers, Step, guided, recall_questions, steps
from memaudit.probe.report import (
    ProbeResult,
)
from memaudit.sidecar import store_key
from memaudit.store import Capability, Layer, Needle
from memaudit.verification import verify_layers

if TYPE_CHECKING:
    from memaudit.store import Store
from memaudit.probe.evidence import MAX_FINGERPRINTS, MAX_HASHED_FILE
from memaudit.probe.verdicts import _Context, _probe1, _probe2, _probe3, _probe4

# -- the baseline ------------------------------------------------------------------------


def memory_fingerprint(salt: str, memory: Memory) -> str:
    """A memory's id and text, hashed with the run's salt: equal means unchanged."""
    key = bytes.fromhex(salt)
    data = f"{memory.id}\x1f{normalize(memory.content)}".encode()
    return hashlib.blake2b(data, digest_size=8, key=key).hexdigest()


def _file_prints(location: str) -> dict[str, Any]:
    return fileprints.store_files(location, max_hashed=MAX_HASHED_FILE)


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
