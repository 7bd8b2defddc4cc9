"""Agents' side: `memaudit mcp` (the memory server), `memaudit import server-memory`,
and `memaudit dismiss` (declining an agent's forget request)."""

from __future__ import annotations

import os
import secrets
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text
from typer._click.exceptions import UsageError  # typer vendors click

from memaudit import forget_requests
from memaudit.adapters import Store
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from, resolve_db
from memaudit.cli.render import console, emit_json, progress
from memaudit.errors import Unsupported
from memaudit.ledger import Ledger
from memaudit.tui.text import safe

INSTALL_HINT = "pip install 'memaudit[mcp]'"


class Profile(StrEnum):
    SERVER_MEMORY = "server-memory"


def ledger_of(store: Store, command: str) -> Ledger:
    ledger = store.request_ledger()
    if ledger is None:
        raise Unsupported(
            f"{command} works on a memaudit ledger; {store.location} is a "
            f"{store.adapter_name} store (create a ledger with `memaudit init PATH`)"
        )
    return ledger


@app.command()
def mcp(
    ctx: typer.Context,
    compat: Annotated[
        Profile | None,
        typer.Option(
            "--compat",
            help="Serve the tools of another memory server instead: server-memory "
            "(@modelcontextprotocol/server-memory's nine tools, writes staged).",
            show_default=False,
        ),
    ] = None,
    http: Annotated[
        str | None,
        typer.Option(
            "--http",
            metavar="HOST:PORT",
            help="Serve streamable HTTP on a loopback address (127.0.0.1:8765; port 0 picks "
            "one) instead of stdio. Every request needs the bearer token printed at start "
            "(or MEMAUDIT_MCP_TOKEN).",
            show_default=False,
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Run a memory server for agents (MCP) whose writes wait for a person.

    Tools: `remember` (staged through the write gate, like `memaudit stage`: pending
    for review, or refused for the agent's own conclusions), `recall` (approved
    memories only, ranked, with tier and provenance, content neutralised), `why` (a
    memory's lineage and findings) and `forget_request` (asks a person; it forgets
    nothing). No tool approves, promotes, rejects or forgets. Every call is logged with
    the client's name as actor (`mcp:<name>`). Needs the MCP SDK:
    `pip install 'memaudit[mcp]'`.

    Examples: `memaudit mcp --db ~/agent-memory.db` (stdio, for Claude Desktop or
    `claude mcp add`), `memaudit mcp --compat server-memory` (a drop-in for the
    official knowledge-graph server), `memaudit mcp --http 127.0.0.1:8765`.

    Exit codes: 0 stopped; 1 not a ledger or cannot listen; 2 bad usage (a --http
    address that is not loopback); 6 the MCP SDK is not installed, or the store is not
    a memaudit ledger.
    """
    try:
        import mcp as _sdk  # noqa: F401  (the optional extra)
    except ImportError:
        raise Unsupported(f"memaudit mcp needs the MCP Python SDK: {INSTALL_HINT}") from None
    from memaudit.mcp import server as mcp_server

    listen = mcp_server.parse_listen(http) if http else None
    token = None
    if listen:
        given = os.environ.get("MEMAUDIT_MCP_TOKEN")
        token = mcp_server.check_token(given) if given else secrets.token_urlsafe(32)
    with open_from(ctx, db, None, writable=True) as store:
        ledger = ledger_of(store, "memaudit mcp")
        served = mcp_server.MemoryServer(ledger, compat.value if compat else "native")
        where = resolve_db(ctx, db)
        if listen is None:
            mcp_server.say(f"memaudit mcp: serving {where} over stdio ({served.profile} tools)")
            try:
                served.run_stdio()
            except KeyboardInterrupt:  # how a person stops a server: not an error
                mcp_server.say("memaudit mcp: stopped")
            return
        assert token is not None
        shown_token = token

        def ready(url: str) -> None:
            mcp_server.say(f"memaudit mcp: serving {where} at {url} ({served.profile} tools)")
            if os.environ.get("MEMAUDIT_MCP_TOKEN"):
                mcp_server.say("bearer token: the one in MEMAUDIT_MCP_TOKEN")
            else:
                mcp_server.say(f"bearer token (shown once): {shown_token}")

        try:
            served.run_http(*listen, token, ready)
        except KeyboardInterrupt:
            mcp_server.say("memaudit mcp: stopped")


class _ImportGroup(typer.core.TyperGroup):
    """`memaudit import FILE` is `memaudit import bundle FILE`: a first word that names
    no kind of import but reads as a file ('-', an existing path, a name with a dot or a
    slash) is the bundle to read; any other word is a usage error naming the kinds."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # `import --dry-run FILE`: options before the file are the bundle import's.
        first = args[0] if args else ""
        if first.startswith("-") and first != "-" and first not in ctx.help_option_names:
            args = ["bundle", *args]
        return list(super().parse_args(ctx, args))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        first = args[0] if args else ""
        if first == "-" or (first and not first.startswith("-")):
            if first in self.commands:
                return super().resolve_command(ctx, args)
            if first == "-" or os.path.lexists(first) or any(c in first for c in "./"):
                return "bundle", self.get_command(ctx, "bundle"), args
            raise UsageError(
                f"no kind of import and no file named {first!r}: give a bundle file "
                f"(memaudit import FILE) or one of: {', '.join(sorted(self.commands))}",
                ctx,
            )
        return super().resolve_command(ctx, args)


import_app = typer.Typer(
    cls=_ImportGroup,
    help="Bring memories into this ledger: a bundle from `memaudit export` "
    "(`memaudit import FILE`, short for `memaudit import bundle FILE`), or another "
    "memory system's store into the review queue.",
    no_args_is_help=True,
)
app.add_typer(import_app, name="import")


@import_app.command("server-memory")
def import_server_memory(
    ctx: typer.Context,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="The knowledge-graph file of @modelcontextprotocol/server-memory "
            "(memory.jsonl; MEMORY_FILE_PATH).",
        ),
    ],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be staged; write nothing.")
    ] = False,
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Stage every observation of a server-memory file as pending, for review.

    Each observation becomes one memory (the entity as its scope, the entity type as a
    tag), each relation a tagged fact ("Alice maintains memaudit"), with `source_ref`
    = FILE:LINE and source type `unknown` (the file records no source). All of it is
    pending: nothing the agent accumulated becomes memory before a person approves it
    (`memaudit review`). The file is only read. What the ledger already holds (pending
    or active) is not staged again, so importing twice stages nothing new. Once
    approved, `memaudit mcp --compat server-memory` serves the same graph.

    Examples: `memaudit import server-memory ~/memory.jsonl --dry-run`,
    `memaudit --db agent.db import server-memory memory.jsonl --json`.

    Exit codes: 0 staged (or nothing new); 1 unreadable file; 5 store busy; 6 not a
    memaudit ledger.
    """
    from memaudit.mcp import knowledge_graph as kg

    with open_from(ctx, db, None, writable=not dry_run) as store:
        ledger = ledger_of(store, "memaudit import server-memory")
        with progress("import: reading the file, then staging through the write gate"):
            plan = kg.plan_import(ledger, file.expanduser().absolute())
            staged = [] if dry_run else kg.import_plan(ledger, plan, actor=state(ctx).actor)
    if json_:
        data = plan.to_dict()
        data["dry_run"] = dry_run
        data["ids"] = [s.id for s in staged]
        emit_json(data)
        return
    c = plan.counts()
    verb = "would stage" if dry_run else "staged"
    console.print(
        Text(
            f"{verb} {c['observations']} observations, {c['relations']} relations"
            + (f", {c['entities']} empty entities" if c["entities"] else "")
            + f" as pending; {c['skipped']} skipped"
        )
    )
    for line, why in plan.skipped[:20]:
        console.print(Text(f"  line {line}: ") + safe(why, 200))
    if len(plan.skipped) > 20:
        console.print(Text(f"  … and {len(plan.skipped) - 20} more (--json lists them)"))
    if staged:
        console.print(Text("next: memaudit review  (or: memaudit review --list)"))


@app.command()
def dismiss(
    ctx: typer.Context,
    request_ids: Annotated[
        list[str], typer.Argument(metavar="REQUEST_ID...", help="Forget requests (fr_...).")
    ],
    reason: Annotated[
        str, typer.Option("--reason", "-r", help="Why the memory stays (recorded in the log).")
    ],
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Decline an agent's forget request: the memory stays, the request leaves the queue.

    Agents writing through `memaudit mcp` can only *ask* to forget (`forget_request`);
    `memaudit review --list` shows the open requests. To grant one, forget the memory
    (`memaudit forget ID`, or `reject` it while pending): the request goes with it.

    Example: `memaudit dismiss fr_1a2b3c4d5e6f --reason "still true; the user confirmed"`.

    Exit codes: 0 dismissed; 1 no such open request; 6 not a memaudit ledger.
    """
    with open_from(ctx, db, adapter, writable=True) as store:
        ledger = ledger_of(store, "memaudit dismiss")
        done = forget_requests.dismiss(ledger, request_ids, reason, actor=state(ctx).actor)
    if json_:
        emit_json([r.to_dict() for r in done])
        return
    for r in done:
        console.print(Text.assemble(safe(r.id), "  dismissed; ", safe(r.memory_id), " stays"))
