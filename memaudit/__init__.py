"""memaudit: audit and curate the long-term memory of AI agents.

The package root holds the UI-free core (model, trust rules, ledger, write gate,
lineage, forget, decay, audit). The faces — ``memaudit.cli`` (Typer) and
``memaudit.tui`` (Textual) — call the same core functions and do all rendering.
"""

__version__ = "0.1.0"
