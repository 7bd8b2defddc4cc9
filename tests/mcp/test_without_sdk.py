"""Without the optional extra, `memaudit mcp` says how to install it and exits 6."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def test_mcp_without_the_sdk_says_how_to_install_it(cli, ledger_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "mcp", None)  # `import mcp` raises ImportError
    result = cli("mcp", db=ledger_path)
    assert result.exit_code == 6
    assert result.stderr.strip() == (
        "Error: memaudit mcp needs the MCP Python SDK: pip install 'memaudit[mcp]'"
    )


FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "server_memory"


@pytest.mark.parametrize(
    "command",
    [
        ["import", "server-memory", str(FIXTURE / "before" / "memory.jsonl"), "--json"],
        ["review", "--list", "--json"],
        ["questions", "--json"],
    ],
)
def test_the_rest_needs_no_sdk(command, ledger_path):
    """Importing a server-memory file, the review list (forget requests) and the
    questions (which cite the server's tools) are core: they run without the SDK."""
    code = (
        "import sys; sys.modules['mcp'] = None; sys.argv = ['memaudit', *sys.argv[1:]]; "
        "from memaudit.cli import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "--db", str(ledger_path), *command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)


def test_a_foreign_store_is_not_served(cli, tmp_path):
    src = tmp_path / "memory.jsonl"
    src.write_text('{"type":"entity","name":"A","entityType":"x","observations":["o"]}')
    result = cli("mcp", db=src)
    assert result.exit_code == 6
    assert "works on a memaudit ledger" in result.stderr and "server_memory store" in result.stderr
