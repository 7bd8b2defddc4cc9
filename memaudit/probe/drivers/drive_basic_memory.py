"""Probe driver for Basic Memory (``basic-memory``), through its own command line.

Install (Python 3.12+): ``pip install basic-memory==0.24.1`` (tested with 0.24.1).

Offline: every step is ``basic-memory tool write-note | delete-note ... --local`` — the
package's own CLI, which runs its MCP tools in-process — with
``BASIC_MEMORY_CONFIG_DIR`` (``config.json`` + ``memory.db``) and ``BASIC_MEMORY_HOME``
(the markdown project) inside ``<workdir>/bm``. No LLM is involved. Semantic search is
turned off in ``config.json`` (``semantic_search_enabled: false``): its default
embedder (fastembed) downloads a model from a hub, so only the full-text index is
built. Each fact is one note holding one observation (``- [fact] <text>``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

try:  # imported as part of memaudit (tests, tools)
    from memaudit.probe.drivers import _driver
except ImportError:  # run as a script with the provider's Python: a sibling file
    import _driver  # type: ignore[no-redef]

CLI = str(Path(sys.executable).parent / "basic-memory")
FOLDER = "probes"


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["BASIC_MEMORY_CONFIG_DIR"] = str(root / "config")
    env["BASIC_MEMORY_HOME"] = str(root / "notes")
    env["BASIC_MEMORY_NO_PROMOS"] = "1"
    env["NO_COLOR"] = "1"
    return env


def _prepare(root: Path) -> None:
    (root / "notes").mkdir(parents=True, exist_ok=True)
    config = root / "config" / "config.json"
    if not config.exists():
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(json.dumps({"semantic_search_enabled": False}), encoding="utf-8")


def _bm(root: Path, *args: str) -> str:
    # No timeout here (memaudit times the whole step): under libfaketime, the timed
    # wait's absolute-deadline sleep fails with EINVAL.
    done = subprocess.run([CLI, *args], env=_env(root), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"basic-memory {args[:2]} exited {done.returncode}: {(done.stderr or done.stdout)[-800:]}"
        )
    return done.stdout


def info(request: dict[str, Any]) -> dict[str, Any]:
    import basic_memory  # noqa: F401

    return {
        "packages": _driver.versions("basic-memory"),
        "store": "bm",
        "notes": ["semantic search off (semantic_search_enabled: false): full-text index only"],
    }


def store(request: dict[str, Any]) -> dict[str, Any]:
    root = Path(request["workdir"]) / "bm"
    _prepare(root)
    title = "Probe " + uuid.uuid4().hex[:10]
    content = f"# {title}\n\n- [fact] {request['text']}\n"
    out = _bm(
        root,
        "tool",
        "write-note",
        "--title",
        title,
        "--folder",
        FOLDER,
        "--content",
        content,
        "--local",
    )
    found = re.search(r"permalink:\s*(\S+)", out)
    permalink = found.group(1) if found else f"{FOLDER}/{title.lower().replace(' ', '-')}"
    return {"id": permalink, "api": "basic-memory tool write-note --local"}


def delete(request: dict[str, Any]) -> dict[str, Any]:
    root = Path(request["workdir"]) / "bm"
    out = _bm(root, "tool", "delete-note", str(request["id"]), "--local")
    return {"api": "basic-memory tool delete-note --local", "returned": out.strip()[-300:]}


if __name__ == "__main__":
    _driver.run({"info": info, "store": store, "delete": delete})
