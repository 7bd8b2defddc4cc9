"""Virtualenvs holding the real memory packages, made by the tests themselves (stdlib only).

`memaudit probe run` drives a provider from its own Python; these are those Pythons. Each
is built once — ``python -m venv`` then ``pip install`` of the pinned packages the
fixture generators under ``tests/fixtures/providers/*`` used — and cached under
``$MEMAUDIT_PROVIDER_VENVS`` (default ``~/.cache/memaudit/provider-venvs``), one folder per
provider and package set, so later runs (and CI on the same machine) reuse it. A build
runs under a lock and marks the venv ready last, so a killed build is redone, never
used half-made.

Where a venv cannot be built (no registry, no ``venv`` module) the tests skip with the
reason; with ``MEMAUDIT_REQUIRE_PROVIDERS=1`` (set by ``.ci/run``) that is a failure.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


class VenvUnavailable(RuntimeError):
    """A provider's virtualenv cannot be built here."""


@dataclass(frozen=True)
class Spec:
    packages: tuple[str, ...]
    # The provider loads SQLite extensions (sqlite-vec): prefer a Python that can.
    needs_extensions: bool = False
    min_python: tuple[int, int] = (3, 11)


SPECS = {
    "mem0": Spec(("mem0ai==2.2.1",)),
    "langgraph": Spec(("langgraph-checkpoint-sqlite==3.1.2",), needs_extensions=True),
    "mnemosyne": Spec(
        ("mnemosyne-memory==3.15.1", "numpy==2.4.6", "sqlite-vec==0.1.9"), needs_extensions=True
    ),
    "holographic": Spec(("hermes-agent==0.19.0", "numpy==2.4.6")),
    "basic_memory": Spec(("basic-memory==0.24.1",), min_python=(3, 12)),
}


def cache_root() -> Path:
    env = os.environ.get("MEMAUDIT_PROVIDER_VENVS")
    return Path(env) if env else Path.home() / ".cache" / "memaudit" / "provider-venvs"


def _probe(python: str, code: str) -> bool:
    try:
        done = subprocess.run([python, "-c", code], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _candidates(spec: Spec) -> list[str]:
    found = [sys.executable, "/usr/bin/python3"]
    for minor in (13, 12, 11):
        for name in (f"python3.{minor}",):
            path = shutil.which(name)
            if path:
                found.append(path)
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        found += sorted(str(p / "bin" / "python3") for p in pyenv.iterdir())
    version = f"import sys; sys.exit(sys.version_info[:2] < {spec.min_python!r})"
    seen: list[str] = []
    for python in found:
        if python not in seen and Path(python).is_file() and _probe(python, version):
            seen.append(python)
    return seen


def base_python(spec: Spec) -> str:
    """The interpreter a provider's venv is made from."""
    candidates = _candidates(spec)
    if not candidates:
        raise VenvUnavailable(f"no Python {spec.min_python[0]}.{spec.min_python[1]}+ here")
    if spec.needs_extensions:
        loads = "import sqlite3; sqlite3.connect(':memory:').enable_load_extension(True)"
        for python in candidates:
            if _probe(python, loads):
                return python
    return candidates[0]


def venv_python(name: str) -> str:
    """The venv's python for provider ``name``, building the venv on first use."""
    spec = SPECS[name]
    base = base_python(spec)
    key = hashlib.sha256("\n".join([base, *spec.packages]).encode()).hexdigest()[:10]
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    target = root / f"{name}-{key}"
    python = target / "bin" / "python"
    if (target / ".ready").is_file():
        return str(python)
    with _locked(root / f"{name}.lock"):
        if (target / ".ready").is_file():
            return str(python)
        # Built in place (console scripts name their venv's path); ready only once the
        # marker is written, so a killed build is rebuilt, never used.
        shutil.rmtree(target, ignore_errors=True)
        _run([base, "-m", "venv", str(target)], "create the venv")
        pip = [str(target / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check"]
        _run([*pip, *spec.packages], f"pip install {' '.join(spec.packages)}")
        (target / ".ready").write_text(" ".join(spec.packages) + "\n")
    return str(python)


def _run(cmd: list[str], what: str) -> None:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VenvUnavailable(f"cannot {what}: {exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise VenvUnavailable(f"cannot {what}: {' / '.join(tail)}")


@contextlib.contextmanager
def _locked(path: Path):
    with path.open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
