"""The Typer application, its global options, and how errors reach the user.

Errors a user can cause (``MemauditError``) become one line on stderr and the
documented exit code; the handler sits in the click group's ``invoke`` so it covers
``CliRunner`` tests and the console script alike. A traceback is shown only with
``--debug``.

Commands load lazily: ``COMMANDS`` names the module that registers each one, and only
the module of the command being run is imported (``memaudit ls`` never loads the audit
engine). Global options may stand before or after the command (``_hoist_globals``).
"""

from __future__ import annotations

import importlib
import os
import sqlite3 as _stdlib_sqlite3
import sys
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, get_args, get_origin

import typer
import typer.core
import typer.main
from typer._click.decorators import help_option  # typer vendors click
from typer._click.exceptions import ClickException

from memaudit import __version__, confined, scratch
from memaudit.clock import Clock, fixed_clock, parse_time, system_clock
from memaudit.errors import ExitCode, MemauditError
from memaudit.sqlite_driver import sqlite3 as _driver_sqlite3

# Every top-level command and the module (in memaudit.cli) that registers it, in the
# order `memaudit --help` lists them. tests/cli/test_conventions.py checks it is complete.
COMMANDS: dict[str, str] = {
    "audit": "audit_cmds",
    "questions": "audit_cmds",
    "conflicts": "conflict_cmds",
    "resolve": "conflict_cmds",
    "decay": "decay_cmds",
    "forget": "forget_cmds",
    "verify": "forget_cmds",
    "receipt": "receipt_cmds",
    "stage": "gate_cmds",
    "approve": "gate_cmds",
    "reject": "gate_cmds",
    "edit": "gate_cmds",
    "access": "gate_cmds",
    "link": "gate_cmds",
    "pin": "gate_cmds",
    "restore": "gate_cmds",
    "review": "review_cmds",
    "init": "store_cmds",
    "migrate": "store_cmds",
    "ls": "store_cmds",
    "show": "store_cmds",
    "stats": "store_cmds",
    "log": "store_cmds",
    "adapters": "store_cmds",
    "trace": "trace_cmds",
    "policy": "gate_cmds",
    "probe": "probe_cmds",
    "mcp": "mcp_cmds",
    "import": "bundle_cmds",  # which loads mcp_cmds (import server-memory) too
    "export": "bundle_cmds",
    "dismiss": "mcp_cmds",
}

# Options of the root command that may also follow the command's name.
GLOBAL_OPTIONS = ("--db", "--adapter", "--actor", "--now", "--debug")

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
    """Loads commands lazily, takes global options anywhere, and turns MemauditError
    into `Error: ...` on stderr plus its exit code."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tidy_help(self)

    def list_commands(self, ctx: Any) -> list[str]:
        return list(dict.fromkeys([*COMMANDS, *self.commands]))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"memaudit.cli.{COMMANDS[cmd_name]}")
            built = _build(cmd_name)
            if built is not None:
                self.commands[cmd_name] = _tidy_help(built)
        return self.commands.get(cmd_name)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _hoist_globals(self, ctx, args))

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
            # Every write is one transaction: SQLite rolls an interrupted one back.
            _fail("interrupted; an unfinished write was rolled back", ExitCode.INTERRUPTED)
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
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return (
            "a permission problem, not damage: the file or its folder is read-only for this "
            "user (SQLite keeps -wal and -shm files beside the store)"
        )
    if "too big" in text:
        return "a value in the store is larger than memaudit reads from a foreign store"
    if "too many sql variables" in text or "too large" in text:
        return "memaudit hit one of SQLite's limits: a bug, please report it"
    return "a damaged file? `PRAGMA integrity_check` in the sqlite3 shell shows what is wrong"


def _say_skipped() -> None:
    skipped = confined.skipped()
    if skipped:
        from memaudit.adapters.postgres.pg import scrub
        from memaudit.textsafety import preview

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


def _build(name: str) -> Any:
    """The click command for one registered command or group of `app` (typer converts
    them all at once otherwise, reading every command's annotations)."""
    for info in app.registered_commands:
        if (
            info.callback
            and (info.name or typer.main.get_command_name(info.callback.__name__)) == name
        ):
            return typer.main.get_command_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )
    for group in app.registered_groups:
        if group.name == name:
            return typer.main.get_group_from_info(
                group,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
                suggest_commands=app.suggest_commands,
            )
    return None


def _hoist_globals(group: MemauditGroup, ctx: Any, args: list[str]) -> list[str]:
    """Move global options written after the command (`approve X --actor alice`) in
    front of it, unless that command defines an option of the same name itself
    (`decay --now`, each command's `--db`), which then keeps it."""
    root_values = {o for p in group.params if not getattr(p, "is_flag", False) for o in p.opts}
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        i += 2 if args[i] in root_values else 1
    if i >= len(args) or args[i] == "--":
        return args
    command: Any = group
    j = i
    while isinstance(command, typer.core.TyperGroup) and j < len(args):
        found = command.get_command(ctx, args[j]) if not args[j].startswith("-") else None
        if found is None:
            break
        command, j = found, j + 1
    if command is group:
        return args
    own: set[str] = set()
    takes_value: set[str] = set()
    for p in command.params:
        own.update(p.opts + p.secondary_opts)
        if isinstance(p, typer.core.TyperOption) and not (p.is_flag or p.count):
            takes_value.update(p.opts)
    hoisted: list[str] = []
    rest: list[str] = []
    k = j
    while k < len(args):
        token = args[k]
        if token == "--":
            rest.extend(args[k:])
            break
        name = token.split("=", 1)[0]
        if name in GLOBAL_OPTIONS and name not in own:
            takes = name in root_values and "=" not in token
            hoisted.extend(args[k : k + (2 if takes else 1)])
            k += 2 if takes else 1
            continue
        step = 2 if token in takes_value else 1
        rest.extend(args[k : k + step])
        k += step
    return [*args[:i], *hoisted, *args[i:j], *rest]


class _Coercion:
    """Typer 0.29 coerces every value through a pydantic TypeAdapter, and importing
    pydantic costs more than the rest of `memaudit ls`. A value that already has its
    annotated type (a default, or any text for a text parameter) needs no coercion;
    anything else goes to typer's own, built when first needed."""

    def __init__(self, param: Any) -> None:
        self.param = param
        desc = param.type_descriptor
        annotation = desc.annotation
        self.item = get_args(annotation)[0] if get_origin(annotation) is list else annotation
        self.plain = desc.parameter_info.parser is None and desc.file_annotation is None
        self.real: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:  # as typer's coercion: nothing given
            return () if param.multiple or param.nargs == -1 else None
        if not self.plain:
            return self._real().coerce(value, param=param, ctx=ctx)
        values = value if isinstance(value, (list, tuple)) else [value]
        if all(type(v) is self.item or (self.item is str and isinstance(v, str)) for v in values):
            return list(value) if isinstance(value, (list, tuple)) else value
        return self._real().coerce(value, param=param, ctx=ctx)

    def _real(self) -> Any:
        if self.real is None:
            from typer._coercion import build_runtime_param

            self.real = build_runtime_param(self.param.type_descriptor)
        return self.real


class _Argument(typer.core.TyperArgument):
    """An argument as help shows it: `ID...`, `[PATH]` (not `{ID...}...`, `<list[str]>`)."""

    def get_runtime_param(self) -> Any:
        if self._runtime_param is None:
            self._runtime_param = _Coercion(self)  # type: ignore[assignment]
        return self._runtime_param

    def _usage_display_name(self) -> str:
        name = (self.metavar or self.name or "").upper().removesuffix("...")
        name = name if self.required else f"[{name}]"
        return f"{name}..." if self.nargs != 1 else name

    def _rich_display_name(self) -> str:
        return self._usage_display_name()

    def display_type_rich(self, ctx: Any) -> str | None:
        return _value_label(self, ctx)


class _Option(typer.core.TyperOption):
    """An option as help shows it: a flag has no type; a value has an upper-case name."""

    def get_runtime_param(self) -> Any:
        if self._runtime_param is None:
            self._runtime_param = _Coercion(self)  # type: ignore[assignment]
        return self._runtime_param

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return ""
        if self.metavar is not None:
            return self.metavar
        return _value_label(self, ctx)


def _value_label(param: Any, ctx: Any) -> str:
    desc = param.type_descriptor
    if desc.is_choice and desc.choices:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices)
    annotation = desc.annotation
    if get_origin(annotation) is list:
        annotation = get_args(annotation)[0]
    if desc.is_path:
        return "PATH"
    return {int: "INTEGER", float: "NUMBER", bool: ""}.get(annotation, "TEXT")


def _tidy_help(command: Any) -> Any:
    """Give every parameter of a command (and its subcommands) the help display above."""
    if command.add_help_option and command._help_option is None:
        # click builds the -h/--help option on first use and caches it here.
        help_option(["-h", "--help"])(command)
        command._help_option = command.params.pop()
    for p in [*command.params, command._help_option]:
        if type(p) is typer.core.TyperArgument:
            p.__class__ = _Argument
        elif type(p) is typer.core.TyperOption:
            p.__class__ = _Option
    for sub in getattr(command, "commands", {}).values():
        _tidy_help(sub)
    return command


class Shell(StrEnum):
    BASH = "bash"
    ZSH = "zsh"
    FISH = "fish"


def _show_completion(ctx: typer.Context, value: Shell | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from typer._completion_shared import get_completion_script

    typer.echo(
        get_completion_script(prog_name="memaudit", complete_var=COMPLETE_VAR, shell=value.value)
    )
    raise typer.Exit(0)


def _install_completion(ctx: typer.Context, value: Shell | None) -> None:
    if value is None or ctx.resilient_parsing:
        return
    from typer._completion_shared import install

    shell, path = install(shell=value.value, prog_name="memaudit", complete_var=COMPLETE_VAR)
    typer.echo(f"{shell} completion installed in {path}; it takes effect in a new shell.")
    raise typer.Exit(0)


def _version(ctx: typer.Context, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        typer.echo(f"memaudit {__version__}")
        raise typer.Exit(0)


COMPLETE_VAR = "_MEMAUDIT_COMPLETE"


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
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    show_completion: Annotated[
        Shell | None,
        typer.Option(
            "--show-completion",
            callback=_show_completion,
            is_eager=True,
            help="Print the completion script for SHELL (bash, zsh or fish), e.g. "
            '`eval "$(memaudit --show-completion bash)"`.',
        ),
    ] = None,
    install_completion: Annotated[
        Shell | None,
        typer.Option(
            "--install-completion",
            callback=_install_completion,
            is_eager=True,
            help="Install completion for SHELL (bash, zsh or fish) in its start-up file.",
        ),
    ] = None,
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
    if os.environ.get(COMPLETE_VAR):
        # The completion scripts call back with this variable set (see --show-completion).
        from typer._completion_classes import completion_init

        completion_init()
    app(prog_name="memaudit")
