"""Probe driver for Mnemosyne (``mnemosyne-memory``), the Hermes memory plugin.

Install: ``pip install mnemosyne-memory==3.15.1 numpy sqlite-vec`` (tested with 3.15.1;
the ``embeddings`` extra minus fastembed, which downloads its model from a hub) in a
Python whose ``sqlite3`` can load extensions (Debian's ``/usr/bin/python3`` can) so the
``vec0`` tables are real; elsewhere Mnemosyne runs without them.

Offline: Mnemosyne's own "custom OpenAI-compatible endpoint" hook
(``MNEMOSYNE_EMBEDDING_API_URL``, ``_MODEL``, ``_DIM``) points at a small HTTP server
this driver runs on 127.0.0.1 for the length of one step, answering ``/embeddings``
with sha256-based 64-dimension vectors. That server is a child process started without
libfaketime: run as a thread beside Mnemosyne under probe 6's ``LD_PRELOAD``, it crashed
the step about once in thirty (libfaketime reads the environment on every timed wait
while Python's ``os.environ`` writes move it). No LLM: ``remember`` (with ``extract=False``)
and ``forget`` call none. The store is ``<workdir>/hermes_home/mnemosyne/data/mnemosyne.db``
(``HERMES_HOME`` and ``MNEMOSYNE_DATA_DIR`` point there).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

try:  # imported as part of memaudit (tests, tools)
    from memaudit.probe.drivers import _driver
except ImportError:  # run as a script with the provider's Python: a sibling file
    import _driver  # type: ignore[no-redef]

DIM = 64
SESSION = "memaudit-probe"
SERVE = "--serve-embeddings"  # argv of the embedding server child


class _Embed(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (the http.server name)
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        texts = body.get("input") or []
        texts = texts if isinstance(texts, list) else [texts]
        data = [
            {"index": i, "embedding": _driver.fake_vector(str(t), DIM)} for i, t in enumerate(texts)
        ]
        raw = json.dumps({"data": data}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


# Variables that put a process under libfaketime: the embedding server is started without.
FAKETIME_ENV = ("LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC")


@contextlib.contextmanager
def _embedding_server() -> Iterator[tuple[int, int]]:
    """Run the embedding server as a child process (see the module docstring) and yield
    its loopback port and process id; the child is stopped on the way out."""
    env = {k: v for k, v in os.environ.items() if k not in FAKETIME_ENV}
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), SERVE],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        if not line.isdigit():
            raise RuntimeError(f"the embedding server did not start (exit {child.poll()})")
        yield int(line), child.pid
    finally:
        # No timed wait: under libfaketime Python's sleep fails with EINVAL. The child
        # only serves vectors, so killing it loses nothing.
        child.kill()
        child.wait()


def _serve() -> None:
    server = HTTPServer(("127.0.0.1", 0), _Embed)
    print(server.server_address[1], flush=True)
    server.serve_forever()


@contextlib.contextmanager
def _mnemosyne(workdir: Path) -> Iterator[Any]:
    home = workdir / "hermes_home"
    data = home / "mnemosyne" / "data"
    data.mkdir(parents=True, exist_ok=True)
    with _embedding_server() as (port, _pid):
        os.environ["HERMES_HOME"] = str(home)
        os.environ["MNEMOSYNE_DATA_DIR"] = str(data)
        os.environ["MNEMOSYNE_EMBEDDING_API_URL"] = f"http://127.0.0.1:{port}/v1"
        os.environ["MNEMOSYNE_EMBEDDING_MODEL"] = "memaudit-probe-hash-embed"
        os.environ["MNEMOSYNE_EMBEDDING_DIM"] = str(DIM)
        from mnemosyne.core.memory import Mnemosyne

        yield Mnemosyne(session_id=SESSION, author_id="memaudit-probe", author_type="user")


def info(request: dict[str, Any]) -> dict[str, Any]:
    import mnemosyne  # noqa: F401

    return {
        "packages": _driver.versions("mnemosyne-memory", "sqlite-vec", "numpy"),
        "store": "hermes_home/mnemosyne/data/mnemosyne.db",
    }


def store(request: dict[str, Any]) -> dict[str, Any]:
    with _mnemosyne(Path(request["workdir"])) as m:
        memory_id = m.remember(request["text"], source="user", veracity="stated")
    if not memory_id:
        raise RuntimeError("Mnemosyne.remember returned no id: its write filter refused the text")
    return {"id": str(memory_id), "api": "Mnemosyne.remember(text, source='user')"}


def delete(request: dict[str, Any]) -> dict[str, Any]:
    with _mnemosyne(Path(request["workdir"])) as m:
        returned = m.forget(request["id"])
    return {"api": "Mnemosyne.forget(memory_id)", "returned": returned}


if __name__ == "__main__":
    if sys.argv[1:] == [SERVE]:
        _serve()
    else:
        _driver.run({"info": info, "store": store, "delete": delete})
