"""The Typer application, its global options, and how errors reach the user.

Errors a user can cause (``MemauditError``) become one line on stderr and the
documented exit code; the handler sits in the click group's ``invoke`` so it covers
``CliRunner`` tests and the console script alike. A traceback is shown only with
``--debug``.
"""

from __future__ import annotations

import os
import sqlite3 as _stdlib_sqlite3
import sys
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
import typer.core
from typer._click.exceptions import ClickException  # typer vendors click

from memaudit import confined, scratch
from memaudit.clock import Clock, fixed_clock, parse_time, system_clock
from memaudit.errors import ExitCode, MemauditError
from memaudit.sqlite_driver import sqlite3 as _driver_sqlite3

HELP = """Audit and curate the long-term memory of AI agents.

memaudit shows where every memory came from and how far to trust it, keeps
unreviewed writes from becoming facts (stage → review → approve), forgets on request
and verifies every layer, and retires memories that outlived their use.

The store comes from --db PATH or the MEMAUDIT_DB environment variable.
"""


@dataclass
class State:
    db: str | None = None
    adapter: str | None = None
    debug: bool = False
    actor: str | None = None
    clock: Clock = field(default=system_clock)


class MemauditGroup(typer.core.TyperGroup):
    """Turns MemauditError into `Error: ...` on stderr plus its exit code."""

    def invoke(self, ctx: Any) -> Any:
        # Private copies of a store's files (memaudit.scratch) last as long as the
        # command, however it ends; what was skipped as unsafe is said once, last.
        try:
            return self._invoke(ctx)
        finally:
            scratch.cleanup()
            _say_skipped()

    def _invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except MemauditError as exc:
            if _debug(ctx):
                raise
            _fail(exc.message, exc.code)
        except ClickException as exc:
            # Usage errors quote what was typed: never echo control characters raw.
            from memaudit.textsafety import reveal

            exc.message = reveal(exc.message)
            raise
        except (typer.Exit, typer.Abort):
            raise
        except KeyboardInterrupt:
            _fail("interrupted", ExitCode.ERROR)
        except _SQLITE_ERRORS as exc:
            # A damaged or hostile store (bad pages, text that is not UTF-8, ...): say
            # so in one line rather than as an internal error.
            if _debug(ctx):
                raise
            text = str(exc)
            if "locked" in text.lower() or "busy" in text.lower():
                _fail(f"the store is locked by another writer: {text}", ExitCode.BUSY)
            _fail(f"cannot read the store: {text} ({_sqlite_hint(exc)})", ExitCode.ERROR)
        except BrokenPipeError:
            # `memaudit ls | head` closed the pipe: not an error worth a message.
            sys.stderr.close()
            raise typer.Exit(0) from None
        except Exception as exc:
            if _debug(ctx):
                raise
            _fail(
                f"internal error: {type(exc).__name__}: {exc} (run with --debug for the traceback)",
                ExitCode.ERROR,
            )


_SQLITE_ERRORS = tuple({_stdlib_sqlite3.DatabaseError, _driver_sqlite3.DatabaseError})


def _sqlite_hint(exc: Exception) -> str:
    """What a SQLite error most likely means, said without guessing "damaged"."""
    text = str(exc).lower()
    if "not authorized" in text:
        return (
            "the store would have memaudit read through one of its views or a recursive "
            "query, SQL its author wrote, which memaudit never runs on a foreign store"
        )
    if "too big" in text:
        return "a value in the store is larger than memaudit reads from a foreign store"
    if "too many sql variables" in text or "too large" in text:
        return "memaudit hit one of SQLite's limits: a bug, please report it"
    return "a damaged file? `PRAGMA integrity_check` in the sqlite3 shell shows what is wrong"


def _say_skipped() -> None:
    from memaudit.adapters.postgres.pg import scrub
    from memaudit.textsafety import preview

    skipped = confined.skipped()
    if skipped:
        more = f" (and {len(skipped) - 1} more)" if len(skipped) > 1 else ""
        line = f"Warning: skipped {skipped[0]}{more}"
        typer.echo(preview(scrub(line), width=2000), err=True)


def _debug(ctx: typer.Context) -> bool:
    obj = ctx.find_object(State)
    return bool(obj and obj.debug) or os.environ.get("MEMAUDIT_DEBUG") == "1"


def _fail(message: str, code: int) -> None:
    from memaudit.adapters.postgres.pg import scrub
    from memaudit.textsafety import preview

    # Messages can quote store content: keep them on one safe line. They can also
    # quote a database URL: never with its password, whatever the scheme.
    typer.echo(f"Error: {preview(scrub(message), width=2000)}", err=True)
    raise typer.Exit(int(code))


app = typer.Typer(
    cls=MemauditGroup,
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option("--db", envvar="MEMAUDIT_DB", help="Store to open (file, folder or URL)."),
    ] = None,
    adapter: Annotated[
        str | None,
        typer.Option("--adapter", help="Force an adapter instead of auto-detecting."),
    ] = None,
    actor: Annotated[
        str | None,
        typer.Option(
            "--actor", envvar="MEMAUDIT_ACTOR", help="Who is acting (recorded in events)."
        ),
    ] = None,
    now: Annotated[
        str | None,
        typer.Option(
            "--now",
            envvar="MEMAUDIT_NOW",
            help="Pretend it is this time (ISO 8601); for replay and tests.",
        ),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks.")] = False,
) -> None:
    clock = system_clock
    if now:
        try:
            clock = fixed_clock(parse_time(now))
        except MemauditError as exc:
            raise typer.BadParameter(exc.message, param_hint="--now") from None
    ctx.obj = State(db=db, adapter=adapter, debug=debug, actor=actor, clock=clock)


def state(ctx: typer.Context) -> State:
    obj = ctx.find_object(State)
    return obj if obj is not None else State()


def main() -> None:
    """Console-script entry point."""
    app(prog_name="memaudit")
