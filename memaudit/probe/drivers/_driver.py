"""What every probe driver shares. Standard library only.

A driver runs inside a memory provider's own Python environment (``memaudit probe
run --python PATH``), where memaudit itself is not installed: memaudit never imports a
provider, and a driver never imports memaudit. Each driver file imports this module as
a sibling (its folder is ``sys.path[0]`` when run as a script; the drivers are named
``drive_*.py`` so none shadows the package it drives).

Protocol: one step per process. memaudit writes a JSON request on stdin::

    {"step": "info" | "store" | "delete", "workdir": "...", "result_path": "...",
     "text": "...", "id": "..."}

and the driver writes one JSON object to ``result_path`` (not stdout: providers log to
stdout and stderr as they please): ``{"ok": true, ...}`` or ``{"ok": false, "error":
"...", "traceback": "..."}``. The provider's data stays inside ``workdir``: each driver
points the provider's home variables there, and memaudit runs it with ``HOME`` there too.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import traceback
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

Handler = Callable[[dict[str, Any]], dict[str, Any]]


def fake_vector(text: str, dims: int) -> list[float]:
    """A deterministic unit vector from sha256 blocks: the same text, the same vector,
    no model and no network. Similar texts are *not* close: similarity-based behaviour
    (deduplication, conflict detection by cosine) is not exercised, and drivers say so."""
    out: list[float] = []
    i = 0
    while len(out) < dims:
        block = hashlib.sha256(f"{i}:{text}".encode()).digest()
        out.extend((v / 2**31) - 1.0 for v in struct.unpack("<8I", block))
        i += 1
    vec = out[:dims]
    norm = sum(v * v for v in vec) ** 0.5 or 1.0
    return [v / norm for v in vec]


def versions(*names: str) -> dict[str, str]:
    """Installed versions of the named distributions ("not installed" when absent)."""
    found = {}
    for name in names:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def run(handlers: dict[str, Handler]) -> None:
    """Read the request, run its step, write the result; exit 0 unless the request
    itself could not be read (a failed step is reported in the result)."""
    try:
        request = json.loads(sys.stdin.read())
        result_path = Path(request["result_path"])
    except (ValueError, KeyError, TypeError) as exc:
        print(f"driver: bad request on stdin: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    try:
        handler = handlers[request["step"]]
        result: dict[str, Any] = {"ok": True, **handler(request)}
    except Exception as exc:
        result = {
            "ok": False,
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": traceback.format_exc()[-4000:],
        }
    result_path.write_text(json.dumps(result, default=str), encoding="utf-8")
