"""Guided probes 1-4, end to end through the CLI, on a Hermes home written by
hermes-agent 0.19.0 and on the native ledger.

The test plays the agent: after `probe start`, it writes what an agent with a given
configuration writes — the conversation into Hermes' own ``state.db`` transcript
tables (whose triggers keep the FTS indexes), memory entries into MEMORY.md exactly as
Hermes joins them, or staged records into ``pending/memory/`` when ``write_approval``
is on; on the native ledger, what the agent stages through `memaudit stage` — then
runs `probe check` and reads the checklist.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest

from tests.adapters.conftest import PROVIDERS, snapshot

HERMES = PROVIDERS / "hermes" / "before" / "hermes_home"
DELIM = "\n§\n"


def hermes_home(tmp_path: Path, *, write_approval: bool) -> Path:
    home = tmp_path / "hermes_home"
    shutil.copytree(HERMES, home)
    (home / "config.yaml").write_text(
        f"memory:\n  memory_enabled: true\n  write_approval: {str(write_approval).lower()}\n"
    )
    return home


class HermesAgent:
    """Writes what a Hermes agent writes, in Hermes' own formats."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.session = f"20261201_100000_{secrets.token_hex(3)}"
        self.gate = "write_approval: true" in (home / "config.yaml").read_text()
        with closing(self._db()) as db, db:
            db.execute(
                "INSERT INTO sessions(id, source, started_at) VALUES (?, 'cli', ?)",
                (self.session, time.time()),
            )

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.home / "state.db")

    def _message(self, role: str, content: str | None, **cols: str) -> None:
        names = ["session_id", "role", "content", "timestamp", *cols]
        with closing(self._db()) as db, db:
            db.execute(
                f"INSERT INTO messages({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                (self.session, role, content, time.time(), *cols.values()),
            )

    def user(self, text: str) -> None:
        self._message("user", text)

    def reply(self, text: str) -> None:
        self._message("assistant", text)

    def memory_add(self, content: str) -> str | None:
        """The memory tool's add: MEMORY.md directly, or a staged record behind the gate.
        Returns the pending id when staged."""
        call = {"action": "add", "target": "memory", "content": content}
        self._message(
            "assistant",
            None,
            tool_calls=json.dumps(
                [
                    {
                        "id": "call_m",
                        "type": "function",
                        "function": {"name": "memory", "arguments": json.dumps(call)},
                    }
                ]
            ),
        )
        if self.gate:
            pid = secrets.token_hex(4)
            record = {
                "id": pid,
                "subsystem": "memory",
                "action": "add",
                "summary": f"add to memory: {content[:120]}",
                "origin": "foreground",
                "created_at": time.time(),
                "payload": {**call, "old_text": None},
            }
            folder = self.home / "pending" / "memory"
            (folder / f"{pid}.json").write_text(json.dumps(record, indent=2))
            self._message("tool", '{"success": true, "staged": true}', tool_name="memory")
            return pid
        path = self.home / "memories" / "MEMORY.md"
        entries = [e.strip() for e in path.read_text().split(DELIM) if e.strip()]
        path.write_text(DELIM.join([*entries, content]))
        self._message("tool", '{"success": true, "message": "Entry added."}', tool_name="memory")
        return None

    def terminal(self, command: str, output: str) -> None:
        call = {"command": command}
        self._message(
            "assistant",
            None,
            tool_calls=json.dumps(
                [
                    {
                        "id": "call_t",
                        "type": "function",
                        "function": {"name": "terminal", "arguments": json.dumps(call)},
                    }
                ]
            ),
        )
        self._message(
            "tool", json.dumps({"output": output + "\n", "exit_code": 0}), tool_name="terminal"
        )
        self.reply(f"It printed {output}.")


def start(cli, db: Path) -> dict:
    out = cli("probe", "start", "--json", db=db)
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def check(cli, db: Path, *extra: str) -> tuple[int, dict]:
    out = cli("probe", "check", "--json", *extra, db=db)
    assert out.exit_code in (0, 4), out.output
    return out.exit_code, json.loads(out.stdout)


def by_probe(report: dict) -> dict[int, dict]:
    return {r["probe"]: r for r in report["results"]}


def say_everything(agent: HermesAgent, run: dict) -> dict[int, list[str]]:
    """The person's side of the script: every line of steps 1-4, and the tool call."""
    steps = {s["probe"]: s for s in run["steps"]}
    for probe in (1, 2, 3, 4):
        for line in steps[probe]["say"]:
            agent.user(line)
    command = steps[4]["say"][0].split(": ", 1)[1]
    word, a, b = re.fullmatch(r"echo (\w+)-\$\(\((\d+) \* (\d+)\)\)", command).groups()
    agent.terminal(command, f"{word}-{int(a) * int(b)}")
    assert steps[4]["looks_for"] == f"{word}-{int(a) * int(b)}"
    return {p: steps[p]["say"] for p in steps}


def marker(run: dict, probe: int) -> str:
    return next(s["looks_for"] for s in run["steps"] if s["probe"] == probe)


# -- Hermes ---------------------------------------------------------------------------------


def test_hermes_auto_capture_on_fails_probe_1_with_the_memory_md_entry(cli, tmp_path: Path) -> None:
    home = hermes_home(tmp_path, write_approval=False)
    before = snapshot(home)
    run = start(cli, home)
    assert snapshot(home) == before  # start only reads the store
    agent = HermesAgent(home)
    say_everything(agent, run)
    # An agent that saves whatever it hears, and stores its own conclusion as a fact.
    agent.memory_add(f"User's bike frame number is {marker(run, 1)}.")
    agent.memory_add(f"User's library card number is {marker(run, 2)}.")
    agent.memory_add(f"User's brother's locker is number {marker(run, 3)}.")
    after_agent = snapshot(home)

    code, report = check(cli, home)
    assert snapshot(home) == after_agent  # check only reads the store
    assert code == 4 and report["passed"] is False
    p = by_probe(report)
    assert p[1]["verdict"] == "fail"
    memory_md = [e for e in p[1]["evidence"] if e["place"] == "memory record"]
    assert memory_md and memory_md[0]["where"] == "memories/MEMORY.md#6"
    assert any(e["layer"] == "memory files" and "MEMORY.md" in e["where"] for e in p[1]["evidence"])
    assert any(e["place"] == "session history" for e in p[1]["evidence"])  # also what was said
    assert "memory.write_approval: true" in p[1]["change"]
    assert any("write_approval = False" in c for c in p[1]["configuration"])
    assert p[2]["verdict"] == "pass" and "memories/MEMORY.md#7" in json.dumps(p[2]["evidence"])
    assert p[3]["verdict"] == "fail" and "fact of its own" in p[3]["happened"]
    assert p[4]["verdict"] == "pass"  # the output is only in the transcript
    assert p[4]["happened"].startswith("logged in session history only")
    assert report["since_start"]["new_or_changed_count"] == 3


def test_hermes_auto_capture_off_passes_every_probe(cli, tmp_path: Path) -> None:
    home = hermes_home(tmp_path, write_approval=False)
    run = start(cli, home)
    agent = HermesAgent(home)
    say_everything(agent, run)
    agent.memory_add(f"User's library card number is {marker(run, 2)}.")  # only what was asked

    code, report = check(cli, home)
    assert code == 0 and report["passed"] is True
    p = by_probe(report)
    assert p[1]["verdict"] == "pass"
    assert p[1]["happened"] == "kept only as session history (evidence, not memory)"
    assert [p[n]["verdict"] for n in (2, 3, 4)] == ["pass", "pass", "pass"]
    assert "conclusion is not in memory" in p[3]["happened"]

    text = cli("probe", "check", db=home)  # the terminal checklist
    assert text.exit_code == 0
    for word in ("probe 1", "expected", "happened", "evidence", "PASS"):
        assert word in text.output
    assert "every applicable probe passed" in text.output


def test_hermes_pending_queue_holds_probe_1_and_fails_probe_2_until_approved(
    cli, tmp_path: Path
) -> None:
    home = hermes_home(tmp_path, write_approval=True)
    run = start(cli, home)
    agent = HermesAgent(home)
    say_everything(agent, run)
    captured = agent.memory_add(f"User's bike frame number is {marker(run, 1)}.")
    asked = agent.memory_add(f"User's library card number is {marker(run, 2)}.")

    code, report = check(cli, home)
    assert code == 4
    p = by_probe(report)
    assert p[1]["verdict"] == "pass" and "waits for review" in p[1]["happened"]
    assert any(e["place"] == "pending record" and e["record"] == captured for e in p[1]["evidence"])
    assert any(e["layer"] == "pending records" for e in p[1]["evidence"])
    assert p[2]["verdict"] == "fail" and "waiting for review" in p[2]["happened"]
    assert f"memaudit approve {asked}" in p[2]["change"]

    # The person approves the explicit remember (Hermes' own replay into MEMORY.md) and
    # rejects the ordinary fact; the next check passes.
    assert cli("approve", asked, db=home).exit_code == 0
    assert cli("reject", captured, "--reason", "probe", db=home).exit_code == 0
    code, report = check(cli, home)
    assert code == 0, report
    p = by_probe(report)
    assert p[2]["verdict"] == "pass"
    assert p[1]["happened"] == "kept only as session history (evidence, not memory)"
    runs = json.loads(cli("probe", "history", "--json", db=home).output)
    assert [r["run"] for r in runs] == [run["run"]]
    assert len(runs[0]["checks"]) == 2
    assert [c["results"][1]["verdict"] for c in runs[0]["checks"]] == ["fail", "pass"]


def test_a_step_not_done_is_not_applicable(cli, tmp_path: Path) -> None:
    home = hermes_home(tmp_path, write_approval=False)
    run = start(cli, home)
    agent = HermesAgent(home)
    steps = {s["probe"]: s for s in run["steps"]}
    agent.user(steps[1]["say"][0])
    agent.user(steps[2]["say"][0])
    agent.memory_add(f"Library card: {marker(run, 2)}")

    code, report = check(cli, home, "--skip", "4")
    p = by_probe(report)
    assert p[3]["verdict"] == "not applicable" and "step 3 was not done" in p[3]["happened"]
    assert p[4]["verdict"] == "not applicable" and "--skip 4" in p[4]["happened"]
    assert code == 0  # 1 and 2 passed; 3 and 4 did not apply


def test_check_without_start_says_what_to_run(cli, tmp_path: Path) -> None:
    home = hermes_home(tmp_path, write_approval=False)
    out = cli("probe", "check", db=home)
    assert out.exit_code == 1
    assert "memaudit probe start --db" in out.output


def test_start_prints_the_script_and_no_store_content(cli, tmp_path: Path) -> None:
    home = hermes_home(tmp_path, write_approval=False)
    out = cli("probe", "start", db=home)
    assert out.exit_code == 0, out.output
    for text in ("probe 1", "probe 4", "echo ", "start a new one", "memaudit probe check --db"):
        assert text in out.output
    # The baseline in the probe log keeps counts and fingerprints, never content.
    log = next((tmp_path / "memaudit-home" / "sidecars").glob("*.db"))
    raw = log.read_bytes()
    assert b"ZEBRA-7731-QUOKKA" not in raw and b"poetry" not in raw


# -- the native ledger -------------------------------------------------------------------------


def test_native_ledger_gate_and_marked_inference(cli, ledger_path: Path) -> None:
    run = start(cli, ledger_path)
    # The agent stages what it was asked to keep; the person approves it.
    out = cli(
        "stage",
        f"User's library card number is {marker(run, 2)}",
        "-t",
        "user_statement",
        "--json",
        db=ledger_path,
    )
    asked = json.loads(out.stdout)[0]["id"]
    # It also stages the ordinary fact (pending: nobody approves it) ...
    cli("stage", f"Bike frame number {marker(run, 1)}", "-t", "user_statement", db=ledger_path)
    # ... and its conclusion, promoted by the person as an inference of its premises.
    premise = json.loads(
        cli("stage", "Locker number noted", "-t", "user_statement", "--json", db=ledger_path).output
    )[0]["id"]
    inferred = json.loads(
        cli(
            "stage",
            f"The brother's locker is number {marker(run, 3)}",
            "-t",
            "inference",
            "--derived-from",
            premise,
            "--promote",
            "--json",
            db=ledger_path,
        ).output
    )[0]["id"]

    code, report = check(cli, ledger_path)
    p = by_probe(report)
    assert p[2]["verdict"] == "fail" and "waiting for review" in p[2]["happened"]
    assert p[1]["verdict"] == "pass" and "waits for review" in p[1]["happened"]
    assert "no session history" not in p[1]["happened"]  # it found the pending record
    assert code == 4

    for mid in (asked, premise):
        assert cli("approve", mid, db=ledger_path).exit_code == 0
    assert cli("approve", inferred, "--promote", db=ledger_path).exit_code == 0
    code, report = check(cli, ledger_path)
    p = by_probe(report)
    assert p[2]["verdict"] == "pass"
    assert p[3]["verdict"] == "pass" and "marked as derived" in p[3]["happened"]
    assert any("route" in c or "policy" in c for c in p[1]["configuration"] + p[3]["configuration"])
    assert p[4]["verdict"] == "pass"
    assert "no session history" in p[4]["happened"]  # a ledger keeps no transcripts
    assert code == 0


def test_native_ledger_unreviewed_route_fails_probes_1_and_3(cli, ledger_path: Path) -> None:
    for key in ("route.user_statement", "route.inference"):
        assert cli("policy", "set", key, "active", db=ledger_path).exit_code == 0
    run = start(cli, ledger_path)
    cli("stage", f"Bike frame number {marker(run, 1)}", "-t", "user_statement", db=ledger_path)
    cli("stage", f"Brother's locker: {marker(run, 3)}", "-t", "user_statement", db=ledger_path)
    code, report = check(cli, ledger_path)
    p = by_probe(report)
    assert code == 4
    assert p[1]["verdict"] == "fail"
    assert "route.user_statement" in p[1]["change"]
    assert any(e["layer"] == "memories_fts" for e in p[1]["evidence"])  # layers, not just rows
    assert p[3]["verdict"] == "fail" and "source user_statement" in p[3]["happened"]


# -- the output boundary --------------------------------------------------------------------------


@pytest.mark.parametrize("hostile", ["\x1b]0;owned\x07", "[bold red]MARKUP[/bold red]\x1b[2J"])
def test_hostile_store_strings_reach_the_terminal_neutralised(
    cli, tmp_path: Path, ledger_path: Path, hostile: str
) -> None:
    # A Hermes config value (shown as configuration) ...
    home = hermes_home(tmp_path, write_approval=False)
    (home / "config.yaml").write_text(
        "memory:\n  write_approval: false\n  provider: " + json.dumps(hostile) + "\n"
    )
    run = start(cli, home)
    HermesAgent(home).memory_add(f"bike {marker(run, 1)}")
    # ... and a native memory's source reference (shown as evidence).
    native = start(cli, ledger_path)
    cli("policy", "set", "route.user_statement", "active", db=ledger_path)
    cli(
        "stage",
        f"bike {marker(native, 1)}",
        "-t",
        "user_statement",
        "--source-ref",
        hostile,
        db=ledger_path,
    )
    for db in (home, ledger_path):
        out = cli("probe", "check", db=db)
        assert out.exit_code == 4
        assert "\x1b" not in out.output and "\x07" not in out.output
        assert "⟨ESC⟩" in out.output
        if "MARKUP" in hostile:
            # shown, never parsed (Hermes' provider name is read lower-cased)
            assert "[bold red]markup[/bold red]" in out.output.lower()


def test_a_fifo_or_an_outside_symlink_in_the_store_is_skipped_not_read(cli, tmp_path: Path) -> None:
    import os

    home = hermes_home(tmp_path, write_approval=False)
    os.mkfifo(home / "memories" / "trap.fifo")  # reading it would block forever
    secret = tmp_path / "outside.txt"
    secret.write_text("not the store's")
    (home / "memories" / "link.md").symlink_to(secret)
    run = start(cli, home)
    assert run["baseline"]["files"] >= 1
    code, report = check(cli, home)
    assert code == 4  # nothing was done: probes 1-4 did not apply, none passed
    assert all(r["verdict"] == "not applicable" for r in report["results"])
