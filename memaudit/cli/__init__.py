"""The command-line face. Each module registers its commands on the shared app."""

from memaudit.cli import (  # noqa: F401  (registers commands)
    audit_cmds,
    conflict_cmds,
    decay_cmds,
    forget_cmds,
    gate_cmds,
    mcp_cmds,
    probe_cmds,
    receipt_cmds,
    review_cmds,
    store_cmds,
    trace_cmds,
)
from memaudit.cli.app import app, main

__all__ = ["app", "main"]
