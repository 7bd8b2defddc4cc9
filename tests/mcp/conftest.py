"""Starting `memaudit mcp` as a real subprocess and talking to it with the SDK's client."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest

mcp = pytest.importorskip("mcp")  # the optional extra; `make test` installs it (dev)

from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.types import CallToolResult, Implementation  # noqa: E402

AGENT = "test-agent"
NOW = "2026-11-30T12:00:00Z"


def server(db: Path, *extra: str, now: str | None = NOW) -> StdioServerParameters:
    """`memaudit [--now NOW] --db DB mcp EXTRA...` with this test's environment."""
    argv = ["-m", "memaudit", *(["--now", now] if now else []), "--db", str(db), "mcp", *extra]
    return StdioServerParameters(command=sys.executable, args=argv, env=dict(os.environ))


def session(
    db: Path,
    body: Callable[[Client], Awaitable[Any]],
    *extra: str,
    name: str = AGENT,
    now: str | None = NOW,
) -> Any:
    """Run ``body(client)`` against a fresh server process; return what it returns."""

    async def run() -> Any:
        info = Implementation(name=name, version="1.0")
        async with Client(server(db, *extra, now=now), client_info=info) as client:
            return await body(client)

    return anyio.run(run)


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def text(result: CallToolResult) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)
