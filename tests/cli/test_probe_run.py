"""Automated probes 5 and 6 against the real providers, each installed in its own
virtualenv by the test setup (``tests/provider_venvs.py``), driven through
`memaudit probe run` exactly as a user runs it.

What each provider's own delete leaves behind was observed when the fixtures under
``tests/fixtures/providers`` were made (their NOTES.md); the probe must find the same, and
its residue must be exactly what `verify --content TEXT ID` reports on the same store.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from memaudit.probe.automated import faketime_library
from tests.provider_venvs import VenvUnavailable, venv_python

REQUIRED = os.environ.get("MEMAUDIT_REQUIRE_PROVIDERS") == "1"
# provider -> a layer its own delete is known to leave the fact in (fixture NOTES.md)
KNOWN_RESIDUE = {
    "mem0": "history",  # the ADD row and the DELETE row's old_memory
    "langgraph": "store_vectors",  # foreign keys off: the vector row outlives its item
    "mnemosyne": "gists",  # forget() leaves the gist with the full text
    "holographic": "facts_fts",  # FTS5 segments keep the removed fact's terms
    "basic_memory": "search_index",  # FTS5 segments keep the deleted note's terms
}


@pytest.fixture(scope="session")
def provider_python():
    made: dict[str, str] = {}

    def get(name: str) -> str:
        if name not in made:
            try:
                made[name] = venv_python(name)
            except VenvUnavailable as exc:
                if REQUIRED:
                    pytest.fail(f"the {name} venv is required here but cannot be built: {exc}")
                pytest.skip(f"cannot build the {name} venv here: {exc}")
        return made[name]

    return get


def run_probe(cli, name: str, python: str, workdir: Path):
    return cli(
        "probe", "run", "--provider", name, "--python", python, "--workdir", str(workdir), "--json"
    )


@pytest.mark.parametrize("name", sorted(KNOWN_RESIDUE))
def test_probes_5_and_6_on_the_real_provider(
    cli, tmp_path: Path, provider_python, name: str
) -> None:
    python = provider_python(name)
    out = run_probe(cli, name, python, tmp_path / "work")
    assert out.exit_code == 4, out.output  # every one of them leaves residue
    report = json.loads(out.stdout)
    assert report["provider"] == name and report["packages"]
    p5, p6 = report["results"]

    # Probe 5: residue, where the fixtures showed it ...
    assert p5["verdict"] == "residue"
    layers = report["probe5"]["layers"]
    dirty = {x["layer"] for x in layers if any(not r["warning"] for r in x["residue"])}
    assert any(KNOWN_RESIDUE[name] in layer for layer in dirty), dirty
    assert {e["layer"] for e in p5["evidence"]} == dirty
    # ... and exactly what `verify --content TEXT ID` finds on the same store.
    verify = cli(
        "verify",
        "--content",
        report["probe5"]["text"],
        report["probe5"]["memory_id"],
        "--db",
        report["stores"]["probe5"],
        "--adapter",
        report["adapter"],
        "--json",
    )
    assert verify.exit_code == 3, verify.output
    assert json.loads(verify.stdout)["layers"] == report["probe5"]["layers"]

    # Probe 6: offline, each of them keeps both facts, each with its own time.
    assert p6["verdict"] == "pass", p6
    assert p6["happened"].startswith("kept both, with timestamps")
    if faketime_library():
        assert re.search(r"\(\+2[34]\.\d h apart\)", p6["happened"]), p6["happened"]
    elif REQUIRED:
        pytest.fail("libfaketime is required here (.ci/run installs it)")
    assert p6["change"]  # the setting that would change it (LLM paths, overwrites)

    history = json.loads(cli("probe", "history", "--provider", name, "--json").stdout)
    assert history[0]["run"] == report["run"]
    assert [r["verdict"] for r in history[0]["results"]] == ["residue", "pass"]


def test_the_terminal_report_reads_like_the_checklist(cli, tmp_path: Path, provider_python) -> None:
    python = provider_python("langgraph")
    out = cli(
        "probe",
        "run",
        "--provider",
        "langgraph",
        "--python",
        python,
        "--workdir",
        str(tmp_path / "w"),
    )
    assert out.exit_code == 4
    for text in (
        "probe 5",
        "probe 6",
        "expected",
        "happened",
        "evidence",
        "to change",
        "RESIDUE",
        "store_vectors",
        "foreign_keys",
        "check probe 5 again: memaudit verify ",
        " --content ",
    ):
        assert text in out.output, text


def test_a_provider_whose_writes_need_a_model_offers_the_guided_form(cli, tmp_path: Path) -> None:
    out = cli("probe", "run", "--provider", "hindsight", "--python", sys.executable)
    assert out.exit_code == 6
    assert "LLM" in out.output and "memaudit probe start" in out.output
    out = cli("probe", "run", "--provider", "nosuch", "--python", sys.executable)
    assert out.exit_code == 1 and "mem0" in out.output


def test_a_python_without_the_package_says_how_to_make_one(cli, tmp_path: Path) -> None:
    # memaudit's own venv has no mem0ai: the driver fails to import it.
    out = cli(
        "probe",
        "run",
        "--provider",
        "mem0",
        "--python",
        sys.executable,
        "--workdir",
        str(tmp_path / "w"),
    )
    assert out.exit_code == 1
    assert "cannot import mem0" in out.output and "pip install mem0ai==2.2.1" in out.output
    out = cli("probe", "run", "--provider", "mem0", "--python", str(tmp_path / "nope"))
    assert out.exit_code == 1 and "no executable Python" in out.output


def test_workdir_must_be_new_or_empty(cli, tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "keep.txt").write_text("mine")
    out = cli(
        "probe",
        "run",
        "--provider",
        "mem0",
        "--python",
        sys.executable,
        "--workdir",
        str(tmp_path / "w"),
    )
    assert out.exit_code == 1 and "not an empty folder" in out.output
    assert (tmp_path / "w" / "keep.txt").read_text() == "mine"
    assert sorted(p.name for p in (tmp_path / "w").iterdir()) == ["keep.txt"]
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    out = cli(
        "probe",
        "run",
        "--provider",
        "mem0",
        "--python",
        sys.executable,
        "--workdir",
        str(tmp_path / "link"),
    )
    assert out.exit_code == 1 and "symlink" in out.output
    assert not (tmp_path / "elsewhere").exists()


def test_the_mnemosyne_embedding_server_runs_outside_libfaketime(monkeypatch) -> None:
    """Probe 6 runs the driver under libfaketime, which reads the environment on every timed
    wait: with the server as a thread beside Mnemosyne, an ``os.environ`` write raced it and
    the store step crashed (SIGSEGV) about once in thirty. The server is a child process
    without the preload, and the driver keeps no thread of its own."""
    import threading
    import urllib.request

    from memaudit.probe.drivers import drive_mnemosyne

    monkeypatch.setenv("LD_PRELOAD", faketime_library() or "")
    monkeypatch.setenv("FAKETIME", "-1d")
    with drive_mnemosyne._embedding_server() as (port, pid):
        assert threading.active_count() == 1
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        assert not [v for v in environ if v.startswith((b"LD_PRELOAD=", b"FAKETIME="))]
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/embeddings",
            data=json.dumps({"input": ["a", "b"]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            data = json.loads(answer.read())["data"]
        assert [len(d["embedding"]) for d in data] == [drive_mnemosyne.DIM] * 2
    assert not Path(f"/proc/{pid}").exists()  # stopped and reaped


def test_a_driver_killed_by_a_signal_is_named_as_such(cli, tmp_path: Path) -> None:
    crashing = tmp_path / "python"
    crashing.write_text("#!/bin/sh\nkill -SEGV $$\n")
    crashing.chmod(0o755)
    out = run_probe(cli, "mem0", str(crashing), tmp_path / "w")
    assert out.exit_code == 1
    assert "step was killed by SIGSEGV without a result" in out.output, out.output
