"""The command-line face. Each module registers its commands on the shared app."""

from memaudit.cli import gate_cmds, review_cmds, store_cmds  # noqa: F401  (registers commands)
from memaudit.cli.app import app, main

__all__ = ["app", "main"]
