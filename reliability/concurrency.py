"""A live agent writing while memaudit works on the same store.

Native ledger: an *agent* process stages new memories, records accesses and edits its
own pending items as fast as it can (through memaudit's Python API, one transaction
each, like an agent with auto-capture on), acknowledging each call once it returned;
beside it, an agent talks to a real ``memaudit mcp`` server (remember, recall, forget
requests) through the MCP SDK's client, acknowledging the same way.
Meanwhile memaudit's commands run against the same file in subprocesses, round-robin:
``decay``, ``forget`` (filler memories), ``verify --all``, ``verify --content``, a
headless review (``ls --status pending --json``, then ``approve ID@VERSION`` — the
calls the review UI makes), and ``audit`` / ``trace`` when this memaudit has them.

Afterwards: every acknowledged stage is in the store, every acknowledged access is
counted, every acknowledged edit is the content on record; no side saw "database is
locked" (memaudit waits up to ``MEMAUDIT_BUSY_TIMEOUT``); every approval names the
version the reviewer saw (a changed item is refused with exit 7, never approved).

Hermes home: two Hermes-style writers append entries to ``MEMORY.md`` under its lock
file (flock on ``MEMORY.md.lock``, temp file + fsync + rename, as Hermes does) and stage
pending records, while memaudit approves the pending records. Afterwards every writer
entry and every approved record is in the file, and the file parses.
"""

from __future__ import annotations

import fcntl
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.errors import MemauditError
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from reliability.common import HERMES_HOME, NOW, SAMPLES, cli_env, copy_store, run_cli

AGENT_ACTOR = "agent"
MCP_AGENT = "reliability-agent"  # its actor: mcp:reliability-agent
FILLER = 300


@dataclass
class Outcome:
    scenario: str
    trials: int = 0  # memaudit command runs
    faults: int = 0  # agent writes acknowledged during them
    lost: int = 0
    failures: list[str] = field(default_factory=list)
    note: str = ""


# -- the agent ---------------------------------------------------------------


def agent(db: str, acks: str, stop_at: float, seed: int) -> None:
    """Stage, access and edit until ``stop_at``; one acknowledged line per finished call."""
    rng = random.Random(seed)
    mine: list[str] = []
    n = 0
    with (
        Ledger.open(db, readonly=False, clock=fixed_clock(NOW), actor=AGENT_ACTOR) as led,
        open(acks, "a", buffering=1) as out,
    ):
        while time.time() < stop_at:
            n += 1
            op = rng.random()
            try:
                if op < 0.3 or not mine:
                    mid = f"agent-{seed}-{n}"
                    review.stage(
                        led,
                        review.Candidate(
                            f"Agent capture {n}: tool t{n % 13} returned status {n % 7}",
                            SourceType.TOOL_OBSERVATION,
                            id=mid,
                        ),
                    )
                    mine.append(mid)
                    out.write(f"stage {mid}\n")
                elif op < 0.85:
                    mid = rng.choice(mine)
                    review.record_access(led, mid)
                    out.write(f"access {mid}\n")
                else:
                    mid = rng.choice(mine[-50:])
                    text = f"Agent capture {n}: corrected reading {rng.randint(0, 10**6)}"
                    try:
                        review.edit(led, mid, text)
                    except MemauditError as exc:
                        if "not pending" in exc.message:  # the reviewer approved it first
                            continue
                        raise
                    out.write(f"edit {mid} {json.dumps(text)}\n")
            except Exception as exc:
                out.write(f"ERROR {type(exc).__name__}: {exc}\n")


def mcp_agent(db: str, acks: str, stop_at: float, seed: int, env: dict[str, str]) -> None:
    """An agent writing through `memaudit mcp` (the real server, over stdio, driven by the
    MCP SDK's client): remember, recall (each memory recalled is an access), and forget
    requests, acknowledged once each call returned."""
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.types import Implementation

    rng = random.Random(seed)
    server = StdioServerParameters(
        command=sys.executable, args=["-m", "memaudit", "--db", db, "mcp"], env=env
    )

    async def run(out) -> None:  # type: ignore[no-untyped-def]
        info = Implementation(name=MCP_AGENT, version="1")
        async with Client(server, client_info=info) as client:
            mine: list[str] = []
            n = 0
            # At least one call (a remember: nothing is held yet), however late the
            # server came up: on a loaded machine starting it can take most of the run.
            while n == 0 or time.time() < stop_at:
                n += 1
                op = rng.random()
                if op < 0.5 or not mine:
                    tool = "remember"
                    args = {
                        "content": f"MCP capture {seed}-{n}: build b{n % 11} took {n % 9}s",
                        "source_type": "tool_observation",
                    }
                elif op < 0.95:
                    tool, args = "recall", {"query": rng.choice(["host job", "filler", "capture"])}
                else:
                    tool = "forget_request"
                    args = {"id": rng.choice(mine), "reason": "the user asked"}
                result = await client.call_tool(tool, args)
                data = result.structured_content or {}
                if result.is_error:
                    out.write(f"ERROR mcp {tool}: {result.content[0].text}\n")
                elif tool == "remember":
                    mine.append(data["id"])
                    out.write(f"stage {data['id']}\n")
                elif tool == "recall":
                    for m in data["memories"]:
                        out.write(f"access {m['id']}\n")

    with open(acks, "a", buffering=1) as out:
        try:
            anyio.run(run, out)
        except Exception as exc:
            out.write(f"ERROR mcp agent {type(exc).__name__}: {exc}\n")


def _spawn(target, *args):  # type: ignore[no-untyped-def]
    proc = mp.get_context("spawn").Process(target=target, args=args, daemon=True)
    proc.start()
    return proc


# -- native ledger -----------------------------------------------------------


def _grow(path: Path) -> None:
    with Ledger.open(
        path, readonly=False, clock=fixed_clock("2026-03-01T00:00:00Z"), actor="agent"
    ) as led:
        cands = [
            review.Candidate(
                f"Old filler {i}: host f{i} ran job j{i}",
                SourceType.TOOL_OBSERVATION,
                id=f"old-{i}",
            )
            for i in range(FILLER)
        ]
        review.stage_batch(led, cands)
        review.approve_many(led, [(c.id or "", None) for c in cands])


def _review_once(db: Path, env: dict[str, str], rng: random.Random, seen: dict[str, int]) -> list:
    """What the review UI does (memaudit/tui/session.py): read a page of the queue on a
    read-only connection, approve the versions it showed — plus `review --list`."""
    from memaudit.adapters import open_store
    from memaudit.errors import Conflict
    from memaudit.model import MemoryFilter, Status
    from memaudit.tui.session import ReviewSession

    # (review --list grows with the whole queue: tens of seconds at 20k pending)
    listing = run_cli(["--db", str(db), "review", "--list", "--json", "-n", "50"], env, timeout=600)
    runs = [("review --list", listing, {0})]
    store = open_store(str(db), writable=True, clock=fixed_clock(NOW), actor="reviewer")
    reader = open_store(str(db), clock=fixed_clock(NOW))
    session = ReviewSession(store, clock=fixed_clock(NOW), actor="reviewer", reader=reader)
    started = time.monotonic()
    code, message = 0, ""
    try:
        page = session.page(MemoryFilter(statuses=[Status.PENDING], limit=30))
        items = [i.memory for i in page if i.memory.id.startswith("agent-")]
        rng.shuffle(items)
        pick = [(m.id, m.version) for m in items[:3]]
        for mid, version in pick:
            seen[mid] = version
        if pick:
            session.approve(pick)
    except Conflict as exc:  # changed underneath: refused, as it must be
        code, message = 7, exc.message
    except MemauditError as exc:
        code, message = int(exc.code), exc.message
    finally:
        session.close()
        store.close()
    took = time.monotonic() - started
    runs.append(("review session approve", _Ran(code, "", message, took), {0, 7}))
    return runs


@dataclass
class _Ran:
    code: int
    stdout: str
    stderr: str
    seconds: float = 0.0

    @property
    def traceback(self) -> bool:
        return False


def native(seconds: float, seed: int, root: Path, progress) -> Outcome:  # type: ignore[no-untyped-def]
    out = Outcome("live agent + memaudit (native)")
    db = copy_store(SAMPLES / "pending_queue.db", root / "agent.db")
    _grow(db)
    home = root / "home"
    home.mkdir(mode=0o700)
    env = cli_env(home)
    acks = root / "acks.txt"
    stop_at = time.time() + seconds
    writers = [_spawn(agent, str(db), str(acks), stop_at, seed * 10 + k) for k in range(2)]
    if _has_mcp():
        writers.append(_spawn(mcp_agent, str(db), str(acks), stop_at, seed * 10 + 9, env))
    rng = random.Random(seed)
    extra = _optional_commands(env, db)
    seen: dict[str, int] = {}
    forgotten: list[str] = []
    k = 0
    counts: dict[str, int] = {}
    while time.time() < stop_at - 2:
        step = k % (5 + len(extra))
        k += 1
        runs = []
        if step == 0:
            runs.append(("decay", run_cli(["--db", str(db), "decay", "--json"], env), {0}))
        elif step == 1:
            target = f"old-{len(forgotten)}"
            forgotten.append(target)
            r = run_cli(
                ["--db", str(db), "forget", target, "--reason", "cleanup", "--yes", "--json"], env
            )
            runs.append(("forget", r, {0}))
        elif step == 2:
            runs.append(
                ("verify --all", run_cli(["--db", str(db), "verify", "--all", "--json"], env), {0})
            )
        elif step == 3:
            runs.append(
                (
                    "verify --content",
                    run_cli(
                        ["--db", str(db), "verify", "--content", "host f0 ran job j0", "--json"],
                        env,
                    ),
                    {0},
                )
            )
        elif step == 4:
            runs += _review_once(db, env, rng, seen)
        else:
            name, args = extra[step - 5]
            runs.append((name, run_cli(args, env), {0, 4}))
        for name, r, ok in runs:
            out.trials += 1
            counts[name] = counts.get(name, 0) + 1
            if "locked" in r.stderr.lower() or r.code == 5:
                out.failures.append(
                    f"{name}: busy/locked surfaced (exit {r.code}): {r.stderr.strip()[-200:]}"
                )
            elif r.code not in ok or r.traceback:
                out.failures.append(f"{name}: exit {r.code}: {r.stderr.strip()[-300:]}")
    for w in writers:
        w.join(timeout=60)
    _check_native(db, acks, seen, forgotten, out)
    out.note = ", ".join(f"{n} {c}" for n, c in sorted(counts.items()))
    if progress:
        progress(
            f"{out.scenario}: {out.trials} command runs, {out.faults} agent writes, {len(out.failures)} failures"
        )
    return out


def _has_mcp() -> bool:
    """`memaudit mcp` needs the optional extra (the dev install has it)."""
    import importlib.util

    return importlib.util.find_spec("mcp") is not None


def _optional_commands(env: dict[str, str], db: Path) -> list[tuple[str, list[str]]]:
    """Commands that exist only once their branches landed (audit, trace)."""
    found = []
    for name, args in (("audit", ["audit", "--json"]), ("trace", ["trace", "q-summary", "--json"])):
        probe = run_cli([name, "--help"], env)
        if probe.code == 0:
            found.append((name, ["--db", str(db), *args]))
    return found


def _check_native(
    db: Path, acks: Path, seen: dict[str, int], forgotten: list[str], out: Outcome
) -> None:
    staged: list[str] = []
    accesses: dict[str, int] = {}
    edits: dict[str, str] = {}
    for line in acks.read_text().splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "stage":
            staged.append(rest)
        elif kind == "access":
            accesses[rest] = accesses.get(rest, 0) + 1
        elif kind == "edit":
            mid, _, text = rest.partition(" ")
            edits[mid] = json.loads(text)
        elif kind == "ERROR":
            out.failures.append(f"agent: {rest}")
    out.faults = len(staged) + sum(accesses.values()) + len(edits)
    if _has_mcp() and not any(mid.startswith("m_") for mid in staged):
        out.failures.append("the agent on memaudit mcp acknowledged no remember")
    with Ledger.open(db, readonly=True) as led:
        for mid in staged:
            m = led.get(mid)
            if m is None:
                out.lost += 1
                out.failures.append(f"lost write: {mid} acknowledged but not in the store")
            elif mid in edits and m.content != edits[mid]:
                out.lost += 1
                out.failures.append(f"lost edit: {mid}")
        for mid, n in accesses.items():
            m = led.get(mid)
            if m is not None and m.access_count != n:
                out.lost += 1
                out.failures.append(f"lost access: {mid} has {m.access_count}, agent made {n}")
        for ev in led.events(actions=["approve"]):
            want = seen.get(ev.memory_id or "")
            if want is not None and ev.actor != AGENT_ACTOR and ev.detail.get("version") != want:
                out.failures.append(
                    f"approved {ev.memory_id} at version {ev.detail.get('version')}, reviewer saw {want}"
                )
        for mid in forgotten:
            if led.get(mid) is not None:
                out.failures.append(f"forget reported success but {mid} is still there")
        row = led.conn.execute("PRAGMA integrity_check").fetchone()[0]
        if row != "ok":
            out.failures.append(f"integrity_check: {row}")


# -- Hermes home -------------------------------------------------------------


def hermes_writer(home: str, acks: str, stop_at: float, wid: int) -> None:
    """Hermes' MemoryStore add, as its tool does it; sometimes a staged write instead."""
    mem = Path(home) / "memories" / "MEMORY.md"
    lock = mem.with_name("MEMORY.md.lock")
    pending = Path(home) / "pending" / "memory"
    n = 0
    with open(acks, "a", buffering=1) as out:
        while time.time() < stop_at:
            n += 1
            try:
                if n % 4 == 0:
                    pid = uuid.uuid4().hex[:8]
                    text = f"Staged by writer {wid}: fact {n}"
                    rec = {
                        "id": pid,
                        "subsystem": "memory",
                        "action": "add",
                        "summary": f"add to memory: {text}",
                        "origin": "foreground",
                        "created_at": time.time(),
                        "payload": {
                            "action": "add",
                            "target": "memory",
                            "content": text,
                            "old_text": None,
                        },
                    }
                    tmp = pending / f".{pid}.tmp"
                    tmp.write_text(json.dumps(rec))
                    os.replace(tmp, pending / f"{pid}.json")
                    out.write(f"pending {pid} {json.dumps(text)}\n")
                    continue
                entry = f"Writer {wid} entry {n}"
                with open(lock, "a+") as lf:
                    fcntl.flock(lf, fcntl.LOCK_EX)
                    try:
                        raw = mem.read_text(encoding="utf-8") if mem.exists() else ""
                        entries = [e.strip() for e in raw.split("\n§\n") if e.strip()]
                        entries.append(entry)
                        fd, tmpname = tempfile.mkstemp(
                            dir=mem.parent, prefix=".mem_", suffix=".tmp"
                        )
                        with os.fdopen(fd, "w", encoding="utf-8") as fh:
                            fh.write("\n§\n".join(entries))
                            fh.flush()
                            os.fsync(fh.fileno())
                        os.replace(tmpname, mem)
                    finally:
                        fcntl.flock(lf, fcntl.LOCK_UN)
                out.write(f"entry {json.dumps(entry)}\n")
            except Exception as exc:
                out.write(f"ERROR {type(exc).__name__}: {exc}\n")
            time.sleep(0.002)


def hermes(seconds: float, seed: int, root: Path, progress) -> Outcome:  # type: ignore[no-untyped-def]
    out = Outcome("Hermes writers + memaudit approve")
    home = root / "hermes_home"
    shutil.copytree(HERMES_HOME, home)
    cfg = home / "config.yaml"
    cfg.write_text(cfg.read_text() + "  memory_char_limit: 50000000\n")
    # The fixture's own pending records include a replace/remove that may not apply
    # once writers changed the file; start from an empty queue.
    for rec in (home / "pending" / "memory").glob("*.json"):
        rec.unlink()
    side = root / "home"
    side.mkdir(mode=0o700)
    env = cli_env(side)
    acks = root / "hermes-acks.txt"
    stop_at = time.time() + seconds
    writers = [_spawn(hermes_writer, str(home), str(acks), stop_at, k) for k in range(2)]
    approved: set[str] = set()
    pending_dir = home / "pending" / "memory"
    while time.time() < stop_at - 1:
        ids = sorted(p.stem for p in pending_dir.glob("*.json"))[:5]
        if not ids:
            time.sleep(0.2)
            continue
        r = run_cli(["--db", str(home), "approve", "--json", *ids], env)
        out.trials += 1
        if "locked" in r.stderr.lower() or r.code == 5:
            out.failures.append(
                f"approve: busy surfaced (exit {r.code}): {r.stderr.strip()[-200:]}"
            )
        elif r.code != 0 or r.traceback:
            out.failures.append(f"approve: exit {r.code}: {r.stderr.strip()[-300:]}")
        else:
            approved.update(m["id"] for m in json.loads(r.stdout))
    for w in writers:
        w.join(timeout=60)
    raw = (home / "memories" / "MEMORY.md").read_text(encoding="utf-8")
    present = {e.strip() for e in raw.split("\n§\n")}
    staged_text: dict[str, str] = {}
    for line in acks.read_text().splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "entry":
            out.faults += 1
            if json.loads(rest) not in present:
                out.lost += 1
                out.failures.append(f"lost Hermes write: {rest}")
        elif kind == "pending":
            out.faults += 1
            pid, _, text = rest.partition(" ")
            staged_text[pid] = json.loads(text)
        elif kind == "ERROR":
            out.failures.append(f"hermes writer: {rest}")
    for pid in approved:
        if staged_text.get(pid) not in present:
            out.lost += 1
            out.failures.append(f"approved {pid} but its entry is not in MEMORY.md")
        if (pending_dir / f"{pid}.json").exists():
            out.failures.append(f"approved {pid} but its pending record is still there")
    if re.search(r"\n§\n\s*\n§\n", raw):
        out.failures.append("MEMORY.md holds an empty entry (torn write?)")
    out.note = f"{len(approved)} records approved"
    if progress:
        progress(
            f"{out.scenario}: {out.trials} approve runs, {out.faults} writes, {len(out.failures)} failures"
        )
    return out


def run(seconds: float, *, seed: int = 7, progress=None) -> list[Outcome]:  # type: ignore[no-untyped-def]
    """Split ``seconds`` of concurrent writing between the two scenarios (60/40)."""
    with tempfile.TemporaryDirectory(prefix="memaudit-live-") as tmp:
        a = Path(tmp) / "native"
        b = Path(tmp) / "hermes"
        a.mkdir()
        b.mkdir()
        results = [
            native(seconds * 0.6, seed, a, progress),
            hermes(seconds * 0.4, seed, b, progress),
        ]
    return results
