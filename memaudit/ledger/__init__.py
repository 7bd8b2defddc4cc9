"""The native ledger: memaudit's own SQLite store (see ``schema`` and ``store``)."""

from memaudit.ledger.store import Ledger, check_ledger_file

__all__ = ["Ledger", "check_ledger_file"]
