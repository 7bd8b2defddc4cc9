"""memaudit: audit and curate the long-term memory of AI agents.

The package root holds the UI-free core (model, trust rules, ledger, write gate,
lineage, forget, decay, audit). The faces — ``memaudit.cli`` (Typer) and
``memaudit.tui`` (Textual, and ``tui.text``, the Rich text boundary both use) —
call the same core functions and do all rendering; the core imports none of them.
"""

__version__ = "0.1.0"
