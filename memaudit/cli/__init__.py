"""The command-line face. Command modules register their commands on the shared app;
``app.COMMANDS`` names the module of each, imported only when that command runs."""

from memaudit.cli.app import app, main

__all__ = ["app", "main"]
