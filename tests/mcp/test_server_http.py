"""`memaudit mcp --http`: the SDK's streamable HTTP, loopback only, bearer token required.

A real server process on an ephemeral loopback port: requests without the token, with
a wrong one, or with a malformed header get 401 before MCP sees them; the SDK's own
HTTP client with the token printed at start works. Addresses off loopback are refused.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import Implementation

from memaudit.ledger import Ledger
from tests.mcp.conftest import data

INIT = (
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
    b'"capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'
)


@pytest.fixture
def http_server(ledger_path: Path) -> Iterator[tuple[str, str]]:
    """(url, token) of a `memaudit mcp --http 127.0.0.1:0` we started (and stop)."""
    env = {**os.environ}
    env.pop("MEMAUDIT_MCP_TOKEN", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "memaudit",
            "--db",
            str(ledger_path),
            "mcp",
            "--http",
            "127.0.0.1:0",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        url = token = None
        deadline = time.monotonic() + 60
        assert proc.stderr is not None
        while (url is None or token is None) and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            if m := re.search(r"at (http://127\.0\.0\.1:\d+/mcp)", line):
                url = m.group(1)
            if m := re.search(r"bearer token \(shown once\): (\S+)", line):
                token = m.group(1)
        assert url and token, "the server did not print its address and token"
        _wait_listening(url)
        yield url, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_listening(url: str) -> None:
    for _ in range(100):
        try:
            _post(url, None)
            return
        except OSError:
            time.sleep(0.1)


def _post(url: str, authorization: str | None) -> int:
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if authorization is not None:
        headers["Authorization"] = authorization
    request = urllib.request.Request(url, data=INIT, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_every_request_needs_the_token(http_server, ledger_path):
    url, token = http_server
    assert _post(url, None) == 401
    assert _post(url, "Bearer wrong-token") == 401
    assert _post(url, f"Bearer {token[:-1]}") == 401  # one character short
    assert _post(url, f"bearer {token}") == 401  # the scheme exactly as printed
    assert _post(url, token) == 401  # no scheme
    assert _post(url.replace("/mcp", "/other"), None) == 401  # every path, not only /mcp
    assert _post(url, f"Bearer {token}") == 200

    async def agent() -> dict:
        auth = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30)
        async with (
            auth,
            Client(
                streamable_http_client(url, http_client=auth),
                client_info=Implementation(name="http-agent", version="1"),
            ) as client,
        ):
            names = [t.name for t in (await client.list_tools()).tools]
            assert names == ["remember", "recall", "why", "forget_request"]
            return data(
                await client.call_tool(
                    "remember",
                    {"content": "The user's editor is helix", "source_type": "user_statement"},
                )
            )

    staged = anyio.run(agent)
    assert staged["status"] == "pending"
    with Ledger.open(ledger_path) as led:
        assert led.require(staged["id"]).created_by == "mcp:http-agent"


@pytest.mark.parametrize(
    "address", ["0.0.0.0:8765", "192.168.1.10:8765", "example.com:80", "[::]:8765", "8765"]
)
def test_only_loopback_addresses_are_accepted(address):
    from memaudit.errors import ExitCode, MemauditError
    from memaudit.mcp.server import parse_listen

    with pytest.raises(MemauditError) as refused:
        parse_listen(address)
    assert refused.value.code is ExitCode.USAGE


@pytest.mark.parametrize("address", ["127.0.0.1:0", "localhost:8765", "[::1]:8765"])
def test_loopback_addresses(address):
    from memaudit.mcp.server import parse_listen

    host, _ = parse_listen(address)
    assert host in ("127.0.0.1", "::1")


def test_a_public_address_is_a_usage_error(cli, ledger_path):
    result = cli("mcp", "--http", "0.0.0.0:8765", db=ledger_path)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "loopback" in result.stderr
