"""Errors and exit codes.

Every error a user can cause is a ``MemauditError`` carrying its exit code; the CLI
prints it as one line on stderr. Anything else is a bug and shows a traceback only
with ``--debug``.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Documented exit codes (README, "Exit codes")."""

    OK = 0
    ERROR = 1  # bad input, unknown id, not a store, ...
    USAGE = 2  # wrong flags or arguments (click's own code)
    RESIDUE = 3  # verification found content that survived a forget
    FINDINGS = 4  # audit found findings at or above --fail-on
    BUSY = 5  # the store is locked by another writer, or another run holds the lock
    UNSUPPORTED = 6  # the store's adapter lacks the capability the command needs
    CONFLICT = 7  # the item changed since it was read (optimistic concurrency)
    REFUSED = 8  # the write gate or a safety rule refused the operation
    CONNECTION = 9  # a database server could not be reached or refused the login
    UNVERIFIED = 10  # verification found nothing, but some layer could not be probed
    INVALID_RECEIPT = 11  # a receipt's signature or bytes do not verify


class MemauditError(Exception):
    """An error meant for the user: one clear line, a documented exit code."""

    code: ExitCode = ExitCode.ERROR

    def __init__(self, message: str, code: ExitCode | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class NotFound(MemauditError):
    """An id that the store does not hold."""


class NotAStore(MemauditError):
    """A path that is missing, not SQLite, or not a memory store memaudit knows."""


class NeedsMigration(MemauditError):
    """A ledger an older memaudit wrote, opened by a command that only reads."""


class ConnectionFailed(MemauditError):
    """A database server that cannot be reached or refuses the login."""

    code = ExitCode.CONNECTION


class StoreBusy(MemauditError):
    code = ExitCode.BUSY


class Unsupported(MemauditError):
    code = ExitCode.UNSUPPORTED


class Conflict(MemauditError):
    code = ExitCode.CONFLICT


class Refused(MemauditError):
    code = ExitCode.REFUSED


class InvalidInput(MemauditError):
    """Input that fails validation (bad JSON line, unknown source type, too long)."""
