"""Crash consistency: SIGKILL the real CLI at random points, then look at what is left.

Each scenario is one mutating command on a store built once (a sample ledger grown with
filler memories, so transactions span many pages). A trial copies the store, starts
``python -m memaudit ...`` and kills it with SIGKILL in one of three ways:

* ``delay``: after a random delay within the command's measured run time;
* ``vm``:    ``MEMAUDIT_FAULT=vm:N`` — inside SQLite, after N progress ticks (N random
  up to the command's total, found by doubling and bisection once per scenario);
* ``point``: ``MEMAUDIT_FAULT=<point>`` — just before or after COMMIT (for Hermes: after
  the file replace, after the sidecar record).

Then: ``PRAGMA integrity_check`` and the FTS5 integrity check pass, no orphan (an
embedding, edge, FTS entry without its row, or a forgotten row still present), and the
state digest (every row, the event log, every FTS term) equals the state before or the
state after a clean run — nothing in between. Finally the command runs again, unkilled,
and must end in the "after" state with the exit code a rerun gets on a finished store.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.sqlite_driver import sqlite3
from reliability.common import (
    HERMES_HOME,
    ROOT,
    SAMPLES,
    check_ledger,
    cli_argv,
    cli_env,
    copy_store,
)

FILLER = 1500  # memories added to each sample so a transaction spans many pages


@dataclass(slots=True)
class Scenario:
    name: str
    sample: str  # sample ledger, or "hermes"
    args: list[str]  # CLI arguments after --db
    stdin: bytes | None = None
    points: tuple[str, ...] = ("commit", "committed")
    grow: Callable[[Path], None] | None = None


def _filler(path: Path, *, active: bool, when: str = "2026-01-05T09:00:00Z") -> None:
    """Grow a ledger with old, never-accessed memories (decay archives them)."""
    with Ledger.open(path, readonly=False, clock=fixed_clock(when), actor="agent") as led:
        cands = [
            review.Candidate(
                f"Filler note {i}: the build agent saw host b{i % 97} report disk at {i % 100}% "
                f"while compiling module m{i}",
                SourceType.TOOL_OBSERVATION,
                id=f"fill-{i:05d}",
            )
            for i in range(FILLER)
        ]
        review.stage_batch(led, cands)
        if active:
            review.approve_many(led, [(c.id or "", None) for c in cands])
        led.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _batch() -> bytes:
    lines = [
        json.dumps(
            {
                "id": f"batch-{i:04d}",
                "content": f"Batch item {i}: the user said project p{i} deploys on day {i % 28}",
                "source_type": "user_statement",
                "tags": ["batch", f"t{i % 5}"],
            }
        )
        for i in range(400)
    ]
    return ("\n".join(lines) + "\n").encode()


SCENARIOS = [
    Scenario("stage batch", "pending_queue", ["stage"], stdin=_batch()),
    Scenario(
        "approve",
        "pending_queue",
        ["approve", "q-user", "q-tool", "q-doc", "fill-00007", "fill-00900"],
        grow=lambda p: _filler(p, active=False),
    ),
    Scenario(
        "reject",
        "pending_queue",
        ["reject", "q-dup", "q-stale", "fill-00011", "fill-01200", "--reason", "duplicate"],
        grow=lambda p: _filler(p, active=False),
    ),
    Scenario(
        "forget",
        "zebra",
        ["forget", "zebra-secret", "--reason", "user request #42", "--yes"],
        grow=lambda p: _filler(p, active=True),
    ),
    Scenario(
        "decay",
        "bun_investigation",
        ["decay", "--now", "2026-11-02T00:00:00Z"],
        grow=lambda p: _filler(p, active=True),
    ),
    Scenario(
        "resolve",
        "poetry_uv",
        ["resolve", "pkg-uv", "--supersedes", "pkg-poetry", "--reason", "moved to uv"],
        grow=lambda p: _filler(p, active=True),
    ),
    Scenario(
        "hermes approve",
        "hermes",
        ["approve", "ID"],  # ID: one of HERMES_IDS per trial
        points=("hermes.replaced", "hermes.logged"),
    ),
]
HERMES_IDS = ("22c5f4bc", "8a514042")  # an add and a replace


@dataclass
class Result:
    scenario: str
    trials: int = 0
    faults: int = 0  # trials where the process really died by SIGKILL
    before: int = 0
    after: int = 0
    recovered: int = 0  # Hermes: file written, record left; the next run finished it
    failures: list[str] = field(default_factory=list)
    lost: int = 0  # trials that lost data (the store is neither before nor after)

    def merge(self, other: Result) -> None:
        self.trials += other.trials
        self.faults += other.faults
        self.before += other.before
        self.after += other.after
        self.recovered += other.recovered
        self.failures += other.failures
        self.lost += other.lost


@dataclass
class Prepared:
    scenario: Scenario
    base: Path  # the store to copy per trial
    before: dict[str | None, object]  # per item (Hermes record id; None for ledgers)
    after: dict[str | None, object]
    rerun_code: dict[str | None, int]  # exit code of a rerun on a finished store
    again: dict[str | None, object]  # the state after that rerun
    seconds: float  # a clean run's wall time
    vm_ticks: int  # progress ticks a clean run takes (upper bound for vm:N)


# -- native ledgers ----------------------------------------------------------


def _db(work: Path) -> Path:
    return work / "store.db"


def _args(s: Scenario, store: Path, item: str | None = None) -> list[str]:
    args = [a if a != "ID" else (item or "") for a in s.args]
    return ["--db", str(store), *args]


def _state(s: Scenario, work: Path, item: str | None = None) -> object:
    if s.sample == "hermes":
        return hermes_state(work, item or "")
    return check_ledger(_db(work))


def _fresh(p: Prepared | Scenario, dest: Path) -> Path:
    """A new trial folder holding a copy of the scenario's store."""
    s = p.scenario if isinstance(p, Prepared) else p
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "home").mkdir(mode=0o700, exist_ok=True)
    if s.sample == "hermes":
        shutil.copytree(HERMES_HOME, dest / "hermes_home", symlinks=True)
    else:
        base = p.base if isinstance(p, Prepared) else SAMPLES / f"{s.sample}.db"
        copy_store(base, _db(dest))
    return dest


def _store_arg(s: Scenario, work: Path) -> Path:
    return work / "hermes_home" if s.sample == "hermes" else _db(work)


def _run(
    s: Scenario, work: Path, item: str | None, fault: str | None = None
) -> subprocess.CompletedProcess[bytes]:
    env = cli_env(work / "home", **({"MEMAUDIT_FAULT": fault} if fault else {}))
    return subprocess.run(
        cli_argv(*_args(s, _store_arg(s, work), item)),
        env=env,
        input=s.stdin,
        capture_output=True,
        timeout=300,
        cwd=ROOT,
    )


def prepare(s: Scenario, root: Path, *, count_ticks: bool = True, twin: bool = True) -> Prepared:
    """Build the base store, the before/after states and the timing, once."""
    root.mkdir(parents=True, exist_ok=True)
    base = root / "base.db"
    if s.sample != "hermes":
        copy_store(SAMPLES / f"{s.sample}.db", base)
        if s.grow:
            s.grow(base)
    p = Prepared(s, base, {}, {}, {}, {}, 0.0, 0)
    for item in HERMES_IDS if s.sample == "hermes" else (None,):
        ref = _fresh(p, root / f"ref-{item}")
        p.before[item] = _state(s, ref, item)
        started = time.monotonic()
        done = _run(s, ref, item)
        p.seconds = max(p.seconds, time.monotonic() - started)
        if done.returncode != 0:
            raise RuntimeError(f"{s.name}: a clean run failed: {done.stderr.decode()[-400:]}")
        p.after[item] = _state(s, ref, item)
        if p.after[item] == p.before[item]:
            raise RuntimeError(f"{s.name}: the command changed nothing")
        # Determinism: a second clean run on another copy gives the same state.
        other = _fresh(p, root / f"twin-{item}") if twin else None
        if other is not None:
            _run(s, other, item)
        if other is not None and _state(s, other, item) != p.after[item]:
            raise RuntimeError(f"{s.name}: two clean runs end in different states")
        p.rerun_code[item] = _run(s, ref, item).returncode
        p.again[item] = _state(s, ref, item)  # decay logs every run, even one with no change
    if s.sample != "hermes" and count_ticks:
        p.vm_ticks = _count_ticks(p, root / "ticks")
    return p


def _count_ticks(p: Prepared, root: Path) -> int:
    """The smallest N for which ``vm:N`` no longer kills: doubling, then bisection."""

    def kills(n: int) -> bool:
        work = _fresh(p, root / f"n{n}")
        try:
            return _run(p.scenario, work, None, f"vm:{n}").returncode == -signal.SIGKILL
        finally:
            shutil.rmtree(work, ignore_errors=True)

    hi = 256
    while kills(hi):
        hi *= 2
    lo = hi // 2
    while hi - lo > max(8, hi // 64):
        mid = (lo + hi) // 2
        if kills(mid):
            lo = mid
        else:
            hi = mid
    return hi


def hermes_state(work: Path, item: str) -> object:
    home = work / "hermes_home"
    mem = home / "memories"
    files = tuple((n, (mem / n).read_bytes()) for n in ("MEMORY.md", "USER.md"))
    record = (home / "pending" / "memory" / f"{item}.json").exists()
    events = 0
    for side in (work / "home" / "sidecars").glob("*.db") if (work / "home").exists() else []:
        conn = sqlite3.connect(f"file:{side}?mode=ro", uri=True)
        try:
            if conn.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                events = -1
                break
            events += conn.execute(
                "SELECT count(*) FROM events WHERE action = 'approve' AND memory_id = ?", (item,)
            ).fetchone()[0]
        finally:
            conn.close()
    return (files, record, events)


def trial(
    p: Prepared, work: Path, rng: random.Random, force: tuple[str, str | None] | None = None
) -> Result:
    """One kill and its checks; ``force`` = (mode, fault) instead of a random choice."""
    s = p.scenario
    res = Result(s.name, trials=1)
    item = rng.choice(HERMES_IDS) if s.sample == "hermes" else None
    _fresh(p, work)
    before, after = p.before[item], p.after[item]
    modes = ["delay", "point", "vm"] if p.vm_ticks else ["delay", "point"]
    mode = rng.choice(modes)
    fault = None
    if mode == "point":
        fault = rng.choice(s.points)
    elif mode == "vm":
        fault = f"vm:{rng.randint(1, p.vm_ticks)}"
    if force:
        mode, fault = force
    env = cli_env(work / "home", **({"MEMAUDIT_FAULT": fault} if fault else {}))
    proc = subprocess.Popen(
        cli_argv(*_args(s, _store_arg(s, work), item)),
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    if mode == "delay":
        # Most of a run is start-up; aim at the second half, where the writing is.
        delay = rng.uniform(p.seconds * 0.4, p.seconds * 1.05)
        try:
            if s.stdin:
                assert proc.stdin
                proc.stdin.write(s.stdin)
            if proc.stdin:
                proc.stdin.close()
        except BrokenPipeError:
            pass
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    else:
        proc.communicate(s.stdin)
    where = f"{s.name} [{mode}{':' + fault if fault else ''}{' ' + item if item else ''}]"
    if proc.returncode == -signal.SIGKILL:
        res.faults = 1
    elif proc.returncode != 0:
        res.failures.append(f"{where}: exit {proc.returncode} without a kill")
    got = _state(s, work, item)
    if s.sample == "hermes":
        verdict = _hermes_verdict(got, before, after)
    else:
        verdict = _ledger_verdict(got, before, after)  # type: ignore[arg-type]
    if verdict.startswith("BAD"):
        res.failures.append(f"{where}: {verdict}")
        res.lost = 1
    elif verdict == "before":
        res.before = 1
    elif verdict == "after":
        res.after = 1
    else:
        res.recovered = 1
    # The next run, unkilled, finishes the job.
    again = _run(s, work, item)
    want = 0 if verdict in ("before", "recoverable") else p.rerun_code[item]
    if again.returncode != want:
        res.failures.append(
            f"{where}: next run exit {again.returncode}, expected {want}: "
            f"{again.stderr.decode()[-300:]}"
        )
    if b"Traceback" in again.stderr:
        res.failures.append(f"{where}: traceback on the next run")
    final = _state(s, work, item)
    if final != (after if verdict in ("before", "recoverable") else p.again[item]):
        res.failures.append(f"{where}: the next run did not reach the after state")
    return res


def _ledger_verdict(got, before, after) -> str:  # type: ignore[no-untyped-def]
    if not got.sound:
        return f"BAD unsound: integrity={got.integrity} fts={got.fts_ok} {got.orphans[:3]}"
    if got.digest == before.digest:
        return "before"
    if got.digest == after.digest:
        return "after"
    return "BAD state is neither before nor after"


def _hermes_verdict(got, before, after) -> str:  # type: ignore[no-untyped-def]
    files, record, events = got
    if events < 0:
        return "BAD sidecar fails integrity_check"
    if files == before[0]:
        if not record:
            return "BAD pending record removed but the file was not written"
        if events:
            return "BAD approval recorded but the file was not written"
        return "before"
    if files != after[0]:
        return "BAD memory file torn (neither before nor after)"
    if not record and not events:
        return "BAD file written and record removed, but no approval recorded"
    return "after" if not record else "recoverable"


def run(
    kills: int,
    *,
    seed: int = 7,
    workers: int = 2,
    only: list[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[Result]:
    """``kills`` trials per scenario; returns one Result per scenario."""
    out = []
    with tempfile.TemporaryDirectory(prefix="memaudit-crash-") as tmp:
        for n, s in enumerate(SCENARIOS):
            if only and not any(o in s.name for o in only):
                continue
            root = Path(tmp) / f"s{n}"
            p = prepare(s, root)
            total = Result(s.name)

            def one(i: int, p: Prepared = p, root: Path = root, n: int = n) -> Result:
                work = root / f"t{i}"
                try:
                    return trial(p, work, random.Random(f"{seed}-{n}-{i}"))
                finally:
                    shutil.rmtree(work, ignore_errors=True)

            with ThreadPoolExecutor(max_workers=workers) as pool:
                for r in pool.map(one, range(kills)):
                    total.merge(r)
            # A trial only counts as a kill if the process died by SIGKILL; top up the
            # delay/point misses until the scenario has `kills` real faults.
            extra = 0
            while total.faults < kills and extra < kills * 3:
                r = one(kills + extra)
                total.merge(r)
                extra += 1
            out.append(total)
            if progress:
                progress(
                    f"{s.name}: {total.trials} trials, {total.faults} kills, "
                    f"{len(total.failures)} failures ({p.seconds:.2f}s/run, {p.vm_ticks} ticks)"
                )
            shutil.rmtree(root, ignore_errors=True)
    return out
