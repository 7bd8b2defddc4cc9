"""memaudit: audit and curate the long-term memory of AI agents.

The package root holds the UI-free core (model, trust rules, ledger, write gate,
lineage, forget, decay, audit). The faces — ``memaudit.cli`` (Typer) and
``memaudit.tui`` (Textual), with the UI code they share in ``memaudit.faces`` (Rich) —
call the same core functions and do all rendering; the core imports none of them.
"""

__version__ = "0.1.0"
