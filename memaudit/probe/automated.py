"""Automated probes 5 and 6, against a provider's own API.

A driver (``drivers/drive_<provider>.py``) runs in the provider's own Python, one step
per process: store a fact, delete it. memaudit never imports the provider; between
steps it opens what the driver wrote with its own adapter, read-only:

- probe 5: after the store step, the adapter must see the fact (otherwise "clean" would
  only mean "blind") — its id there is noted; after the provider's delete, every layer
  is probed for the text and that id, exactly as ``verify --content TEXT ID`` does. The
  answer is ``clean`` (every layer probed, nothing found), ``residue`` (found, and
  where) or ``unverified`` (nothing found, but some layer could not be probed);
- probe 6: two facts about one subject, the older written with the provider's clock a
  day back (libfaketime, when installed), then the newer. What the store holds
  afterwards says what the provider did: kept both with timestamps, superseded one
  (with or without validation), destroyed the older, or asked a person.

Everything the driver writes stays in the run's work folder (``HOME`` points there
too); the folder is kept so the result can be checked again by hand.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memaudit.adapters import open_store
from memaudit.clock import Clock, parse_time
from memaudit.errors import ExitCode, InvalidInput, MemauditError, Unsupported
from memaudit.fingerprint import normalize
from memaudit.model import Memory, Status, Validation
from memaudit.probe import log
from memaudit.probe.drivers import DRIVERS, NO_DRIVER, Driver
from memaudit.probe.markers import ContradictionFacts, contradiction, deletion_fact
from memaudit.probe.report import (
    MEMORY,
    PENDING,
    Evidence,
    ProbeResult,
    Verdict,
    place_of,
)
from memaudit.store import Capability, Needle, Store
from memaudit.suggestion import command
from memaudit.verification import LayerReport, Verification, verify_layers

DEFAULT_TIMEOUT = 600.0
MAX_RESULT_BYTES = 1024 * 1024
FAKETIME_LIBS = (
    "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
    "/usr/lib/faketime/libfaketime.so.1",
    "/usr/local/lib/faketime/libfaketime.so.1",
)
# Environment a driver must not inherit: memaudit's own settings and import paths.
DROP_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "LD_PRELOAD", "FAKETIME")


class DriverFailed(MemauditError):
    """A driver step failed: the provider raised, timed out, or wrote no result."""


def driver_for(name: str) -> Driver:
    key = name.strip().lower().replace("-", "_")
    if key in DRIVERS:
        return DRIVERS[key]
    if key in NO_DRIVER:
        raise Unsupported(
            f"no automated probe for {name}: {NO_DRIVER[key]}; run the guided probes "
            "instead (`memaudit probe start --db STORE`)"
        )
    raise InvalidInput(f"unknown provider {name!r}; drivers: {', '.join(sorted(DRIVERS))}")


def faketime_library() -> str | None:
    """libfaketime's preload library ($MEMAUDIT_FAKETIME_LIB or a usual place)."""
    env = os.environ.get("MEMAUDIT_FAKETIME_LIB")
    candidates = (
        [env] if env else [*FAKETIME_LIBS, *glob.glob("/usr/lib/*/faketime/libfaketime.so.1")]
    )
    return next((c for c in candidates if c and Path(c).is_file()), None)


@dataclass(slots=True)
class Runner:
    """Runs one driver's steps with the provider's Python, inside the work folder."""

    driver: Driver
    python: str
    workdir: Path
    timeout: float = DEFAULT_TIMEOUT

    def env(self, *, days_back: int = 0) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in DROP_ENV and not k.startswith("MEMAUDIT_")
        }
        home = self.workdir / "home"
        tmp = self.workdir / "tmp"
        home.mkdir(exist_ok=True)
        tmp.mkdir(exist_ok=True)
        env.update(HOME=str(home), TMPDIR=str(tmp), PYTHONDONTWRITEBYTECODE="1")
        if days_back:
            lib = faketime_library()
            if lib:
                env.update(
                    LD_PRELOAD=lib, FAKETIME=f"-{days_back}d", FAKETIME_DONT_FAKE_MONOTONIC="1"
                )
        return env

    def step(self, step: str, *, days_back: int = 0, **payload: Any) -> dict[str, Any]:
        result_path = self.workdir / ".memaudit" / f"{step}.json"
        result_path.parent.mkdir(mode=0o700, exist_ok=True)
        result_path.unlink(missing_ok=True)
        request = {
            "step": step,
            "workdir": str(self.workdir),
            "result_path": str(result_path),
            **payload,
        }
        try:
            done = subprocess.run(
                [self.python, str(self.driver.path)],
                input=json.dumps(request),
                capture_output=True,
                text=True,
                errors="replace",
                timeout=self.timeout,
                cwd=self.workdir,
                env=self.env(days_back=days_back),
            )
        except subprocess.TimeoutExpired:
            raise DriverFailed(
                f"the {self.driver.name} driver's {step} step did not finish in "
                f"{self.timeout:g}s (--timeout)"
            ) from None
        except OSError as exc:
            raise InvalidInput(f"cannot run {self.python}: {exc.strerror or exc}") from None
        result = self._read(result_path)
        if result is None:
            tail = (done.stderr or done.stdout or "").strip().splitlines()[-3:]
            ended = (
                f"was killed by {signal.Signals(-done.returncode).name}"
                if done.returncode < 0 and -done.returncode in signal.valid_signals()
                else f"exited {done.returncode}"
            )
            raise DriverFailed(
                f"the {self.driver.name} driver's {step} step {ended} "
                f"without a result: {' / '.join(tail) or 'no output'}"
            )
        if not result.get("ok"):
            error = str(result.get("error") or "unknown error")
            if "ModuleNotFoundError" in error or "No module named" in error:
                raise DriverFailed(
                    f"{self.python} cannot import {self.driver.name} ({error}); make a Python "
                    f"for it: {self.driver.install}"
                )
            raise DriverFailed(f"the {self.driver.name} driver's {step} step failed: {error}")
        return result

    @staticmethod
    def _read(path: Path) -> dict[str, Any] | None:
        try:
            with path.open("rb") as fh:
                raw = fh.read(MAX_RESULT_BYTES + 1)
        except OSError:
            return None
        if len(raw) > MAX_RESULT_BYTES:
            raise DriverFailed("the driver's result is larger than 1 MiB; not reading it")
        try:
            data = json.loads(raw.decode("utf-8", errors="replace"))
        except ValueError:
            return None
        return data if isinstance(data, dict) else None


@dataclass(slots=True)
class RunReport:
    run_id: str
    provider: str
    adapter: str
    python: str
    workdir: str
    stores: dict[str, str]  # probe5 / probe6 -> the store each probe wrote
    packages: dict[str, str]
    notes: list[str]
    clock: str
    results: list[ProbeResult]
    at: str = ""
    recheck: str = ""  # the verify command that reproduces probe 5's residue
    layers: list[dict[str, Any]] = field(default_factory=list)
    deleted: dict[str, str] = field(default_factory=dict)  # probe 5's text and memaudit id

    def to_dict(self) -> dict[str, Any]:
        from memaudit.probe.report import all_passed

        return {
            "run": self.run_id,
            "at": self.at,
            "provider": self.provider,
            "adapter": self.adapter,
            "python": self.python,
            "workdir": self.workdir,
            "stores": self.stores,
            "packages": self.packages,
            "notes": self.notes,
            "clock": self.clock,
            "passed": all_passed(self.results),
            "results": [r.to_dict() for r in self.results],
            "probe5": {**self.deleted, "layers": self.layers, "recheck": self.recheck},
        }


def prepare_workdir(workdir: str | None, default: Path) -> Path:
    path = Path(workdir).expanduser() if workdir else default
    if path.is_symlink():
        raise InvalidInput(f"{path} is a symlink; give a real folder for --workdir")
    if path.exists():
        if not path.is_dir() or any(path.iterdir()):
            raise InvalidInput(f"{path} exists and is not an empty folder; give a new one")
    else:
        path.mkdir(mode=0o700, parents=True)
    return path.resolve()


def run(
    driver: Driver,
    python: str,
    workdir: Path,
    *,
    clock: Clock,
    actor: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    progress: Callable[[str], None] = lambda _: None,
) -> RunReport:
    if not shutil.which(python) and not (Path(python).is_file() and os.access(python, os.X_OK)):
        raise InvalidInput(f"no executable Python at {python} (--python)")
    # One store per probe: probe 6's writes must not change what probe 5 verified (a
    # provider's index merge can drop a deleted fact's terms), so its recheck command
    # finds exactly what the probe found.
    runners = {n: Runner(driver, python, workdir / f"probe{n}", timeout) for n in (5, 6)}
    for r in runners.values():
        r.workdir.mkdir(mode=0o700, exist_ok=True)
    progress(f"{driver.name}: checking {python} can run the driver")
    info = runners[5].step("info")
    relative = str(info.get("store") or "")
    stores = {n: r.workdir / relative for n, r in runners.items()}
    packages = {str(k): str(v) for k, v in (info.get("packages") or {}).items()}
    notes = [str(n) for n in info.get("notes") or []]
    run_id = log.new_run_id()

    progress("probe 5: storing a fact through the provider's API, then deleting it")
    p5, layers, recheck, memory_id = _probe5(runners[5], stores[5], driver)
    deleted = {"text": p5.looked_for, "memory_id": memory_id}
    lib = faketime_library()
    clock_note = (
        f"the older fact was written with the provider's clock one day back (libfaketime, {lib})"
        if lib
        else "libfaketime is not installed (apt-get install libfaketime): both facts were "
        "written with today's clock"
    )
    progress("probe 6: storing two contradictory facts, a day apart")
    p6 = _probe6(runners[6], stores[6], driver, faked=lib is not None)
    report = RunReport(
        run_id,
        driver.name,
        driver.adapter,
        python,
        str(workdir),
        {f"probe{n}": str(path) for n, path in stores.items()},
        packages,
        notes,
        clock_note,
        [p5, p6],
        recheck=recheck,
        layers=layers,
        deleted=deleted,
    )
    report.at = log.append(log.RUN, run_id, report.to_dict(), clock=clock, actor=actor)
    return report


def _open(store_path: Path, driver: Driver) -> Store:
    if not store_path.exists():
        raise DriverFailed(f"the {driver.name} driver wrote no store at {store_path}")
    return open_store(str(store_path), adapter=driver.adapter)


def _holding(memories: list[Memory], text: str) -> list[Memory]:
    want = normalize(text)
    return [m for m in memories if want in normalize(m.content or "")]


def _probe5(
    runner: Runner, store_path: Path, driver: Driver
) -> tuple[ProbeResult, list[dict[str, Any]], str, str]:
    """The result, every layer's report, the verify command, the fact's memaudit id."""
    n, title = 5, "A deleted fact is gone from every layer"
    text = deletion_fact()
    expectation = (
        "after the provider's own delete, nothing of the fact is left in any layer "
        "(rows, indexes, vectors, summaries, history, raw bytes)"
    )
    stored = runner.step("store", text=text)
    with _open(store_path, driver) as store:
        seen = _holding(store.memories(), text)
    if not seen:
        return (
            ProbeResult(
                n,
                title,
                expectation,
                f"stored through {stored.get('api')}, but memaudit's {driver.adapter} adapter "
                "does not see it: a delete cannot be verified by an adapter blind to the write",
                Verdict.UNVERIFIED,
                [],
                [],
                "",
                text,
            ),
            [],
            "",
            "",
        )
    memory_id = seen[0].id
    deleted = runner.step("delete", id=stored.get("id"))
    with _open(store_path, driver) as store:
        store.need(Capability.LAYERS)
        reports = verify_layers(store.layers(), Needle(ids=[memory_id], content=text))
    verdict, happened = _verdict5(reports)
    evidence = [
        Evidence(place_of(r.kind), r.layer, x.where, x.match, None, x.detail)
        for r in reports
        for x in r.residue
        if not x.warning
    ]
    api = f"stored with {stored.get('api')} (id {stored.get('id')}), deleted with {deleted.get('api')}"
    recheck = command("verify", memory_id, content=text, db=str(store_path), adapter=driver.adapter)
    return (
        ProbeResult(
            n,
            title,
            expectation,
            f"{api}; {happened}",
            verdict,
            evidence,
            [f"memaudit id of the fact before the delete: {memory_id}"],
            driver.deletion,
            text,
        ),
        [r.to_dict() for r in reports],
        recheck,
        memory_id,
    )


def _verdict5(verification: Verification) -> tuple[Verdict, str]:
    """Probe 5 answers as a verification does: its verdict, in its own words."""
    return Verdict(verification.verdict.value), verification.summary()


def _probe6(runner: Runner, store_path: Path, driver: Driver, *, faked: bool) -> ProbeResult:
    n, title = 6, "Two contradictory facts"
    facts = contradiction()
    expectation = (
        "both kept with timestamps, or the older superseded after validation, or a "
        "person asked — never the older silently destroyed"
    )
    old = runner.step("store", text=facts.old, days_back=1)
    new = runner.step("store", text=facts.new)
    with _open(store_path, driver) as store:
        memories = store.memories()
        olds = _holding(memories, facts.old_value)
        news = _holding(memories, facts.new_value)
        old_layers = (
            verify_layers(store.layers(), Needle(content=facts.old)).reports
            if not olds and store.has(Capability.LAYERS)
            else []
        )
    verdict, happened = _classify6(
        facts, olds, news, old_layers, same_id=old.get("id") == new.get("id")
    )
    evidence = [
        Evidence(
            PENDING if m.status is Status.PENDING else MEMORY,
            "memories",
            m.source_ref or "",
            "old value" if m in olds else "new value",
            m.id,
            f"status {m.status.value}, created {m.created_at or 'not recorded'}"
            + (f", superseded by {m.superseded_by}" if m.superseded_by else "")
            + (
                f", validation {m.validation.value}"
                if m.validation is not Validation.UNVALIDATED
                else ""
            ),
        )
        for m in [*olds, *[x for x in news if x not in olds]]
    ]
    evidence += [
        Evidence(place_of(r.kind), r.layer, x.where, x.match, None, x.detail)
        for r in old_layers
        for x in r.residue
        if not x.warning
    ]
    clock = (
        "the older fact was written with the clock one day back"
        if faked
        else "both facts were written with today's clock (no libfaketime)"
    )
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        verdict,
        evidence,
        [clock, f"stored with {old.get('api')}, ids {old.get('id')} then {new.get('id')}"],
        driver.contradiction,
        f"{facts.old_value} then {facts.new_value}",
    )


def _gap(a: str | None, b: str | None) -> str:
    try:
        hours = (parse_time(b or "") - parse_time(a or "")).total_seconds() / 3600
    except (MemauditError, ValueError):
        return "their gap cannot be read"
    return f"{hours:+.1f} h apart"


def _classify6(
    facts: ContradictionFacts,
    olds: list[Memory],
    news: list[Memory],
    old_layers: list[LayerReport],
    *,
    same_id: bool,
) -> tuple[Verdict, str]:
    if not news:
        return Verdict.FAIL, "the newer fact is not in the store: the provider dropped it"
    if not olds:
        survived = sorted({r.layer for r in old_layers if r.residue})
        how = "overwrote the older in place (same id)" if same_id else "destroyed the older"
        tail = f"; its text survives only in {', '.join(survived)}" if survived else ""
        return Verdict.FAIL, f"{how}, with no validation and no question{tail}"
    both = [m for m in olds if m in news]
    if both:
        return (
            Verdict.FAIL,
            f"merged both values into one record ({both[0].id}): no longer two facts, each "
            "with its own time",
        )
    asked = [
        m
        for m in [*olds, *news]
        if m.status is Status.PENDING or m.validation is Validation.DISPUTED
    ]
    if asked:
        return Verdict.PASS, f"asked: {asked[0].id} waits for a person ({asked[0].status.value})"
    replaced = [
        m
        for m in olds
        if m.status in (Status.SUPERSEDED, Status.EXPIRED, Status.ARCHIVED)
        or m.superseded_by
        or m.contradicted_by
    ]
    if replaced:
        m = replaced[0]
        if m.validation is Validation.VALIDATED or m.validated_by:
            who = f" by {m.validated_by}" if m.validated_by else ""
            return Verdict.PASS, f"superseded the older ({m.id}) with validation{who}"
        return (
            Verdict.FAIL,
            f"superseded the older ({m.id}, now {m.status.value}) without validation",
        )
    o, w = olds[0], news[0]
    if o.created_at and w.created_at:
        return (
            Verdict.PASS,
            f"kept both, with timestamps: older {o.created_at}, newer {w.created_at} "
            f"({_gap(o.created_at, w.created_at)})",
        )
    return (
        Verdict.FAIL,
        "kept both, but with no timestamps: nothing tells which one is current",
    )


def exit_code(results: list[ProbeResult]) -> int:
    from memaudit.probe.report import all_passed

    return int(ExitCode.OK if all_passed(results) else ExitCode.FINDINGS)
