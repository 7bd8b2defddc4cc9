"""Past probe runs, kept in the probe log (a sidecar ledger, see ``sidecar.py``).

Each run is events in that ledger's append-only log, so history cannot be edited:
``probe_start`` (a guided run's markers, baseline and configuration), ``probe_check``
(each check of it, with its report) and ``probe_run`` (an automated run, with the
provider's versions and its report). No store content is logged: markers are
memaudit's own strings, baselines hold salted fingerprints and counts.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from memaudit.clock import Clock
from memaudit.errors import NotFound
from memaudit.sidecar import open_probe_log, store_key
from memaudit.suggestion import command

START, CHECK, RUN = "probe_start", "probe_check", "probe_run"


def new_run_id() -> str:
    return "p_" + secrets.token_hex(5)


def append(
    action: str,
    run_id: str,
    detail: dict[str, Any],
    *,
    clock: Clock | None = None,
    actor: str | None = None,
) -> str:
    """Append one event; returns its time."""
    kwargs: dict[str, Any] = {}
    if clock is not None:
        kwargs["clock"] = clock
    if actor:
        kwargs["actor"] = actor
    ledger = open_probe_log(**kwargs)
    assert ledger is not None  # created on first write
    with ledger, ledger.transaction():
        ledger.log(action, run_id, detail=detail)
        return ledger.now()


@dataclass(slots=True)
class RunRecord:
    """One probe run as the log holds it."""

    run_id: str
    kind: str  # guided | automated
    at: str | None  # when it started
    actor: str | None
    detail: dict[str, Any]  # the probe_start or probe_run event's detail
    checks: list[dict[str, Any]] = field(default_factory=list)  # probe_check details

    @property
    def store(self) -> str:
        return str(self.detail.get("store") or "")

    @property
    def latest_report(self) -> list[dict[str, Any]]:
        if self.kind == "automated":
            return list(self.detail.get("results") or [])
        return list(self.checks[-1].get("results") or []) if self.checks else []

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": self.run_id,
            "kind": self.kind,
            "at": self.at,
            "actor": self.actor,
            "store": self.store,
            "adapter": self.detail.get("adapter"),
            "provider": self.detail.get("provider"),
            "packages": self.detail.get("packages"),
            "checks": [
                {"at": c.get("at"), "results": _verdicts(c.get("results") or [])}
                for c in self.checks
            ],
            "results": _verdicts(self.latest_report),
        }


def _verdicts(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"probe": r.get("probe"), "verdict": r.get("verdict")} for r in results]


def runs(*, store: str | None = None, provider: str | None = None) -> list[RunRecord]:
    """Every run in the log, oldest first, optionally for one store or one provider."""
    ledger = open_probe_log(readonly=True)
    if ledger is None:
        return []
    with ledger:
        events = ledger.events(actions=[START, CHECK, RUN])
    key = store_key(store) if store else None
    found: dict[str, RunRecord] = {}
    for e in events:
        run_id = e.memory_id or ""
        if e.action in (START, RUN):
            found[run_id] = RunRecord(
                run_id, "guided" if e.action == START else "automated", e.at, e.actor, e.detail
            )
        elif e.action == CHECK and run_id in found:
            found[run_id].checks.append({"at": e.at, **e.detail})
    out = list(found.values())
    if key is not None:
        out = [r for r in out if r.store == key]
    if provider is not None:
        out = [r for r in out if r.detail.get("provider") == provider]
    return out


def open_run(store: str, run_id: str | None = None) -> RunRecord:
    """The guided run to check: the one named, else the latest started on this store."""
    guided = [r for r in runs(store=store) if r.kind == "guided"]
    if run_id is not None:
        for r in guided:
            if r.run_id == run_id:
                return r
        raise NotFound(f"no guided probe run {run_id!r} on {store} (see `memaudit probe history`)")
    if not guided:
        raise NotFound(
            f"no probe was started on {store}: run `{command('probe start', db=str(store))}` first"
        )
    return guided[-1]
