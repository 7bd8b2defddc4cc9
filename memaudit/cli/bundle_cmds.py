"""`memaudit export` and `memaudit import bundle`: a ledger's memories, lineage, events
and tombstones carried to another ledger (memaudit/bundle.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from memaudit import bundle as core
from memaudit.cli.app import app, state
from memaudit.cli.mcp_cmds import import_app, ledger_of
from memaudit.cli.options import DbOpt, JsonOpt, open_from, parsed
from memaudit.cli.render import console, emit_json, emit_jsonl, err_console, progress
from memaudit.errors import ExitCode, InvalidInput
from memaudit.model import Status
from memaudit.progress import counting
from memaudit.suggestion import command
from memaudit.tui.text import safe

MAX_BUNDLE_BYTES = 1024 * 1024 * 1024


@app.command()
def export(
    ctx: typer.Context,
    status: Annotated[
        list[str] | None,
        typer.Option(
            "--status", "-s", help="Only memories with this status (repeatable; default: all)."
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Write the ledger as a bundle (JSON Lines) on stdout, for `memaudit import bundle`.

    One line per record: a header, every memory (content, provenance, lifecycle,
    validation), the lineage edges of those memories, their events, and every tombstone
    (keyed fingerprints, never text) — so a ledger that imports the bundle refuses a
    forgotten memory (RESURRECTED) as this one does. Not carried: embeddings, profile
    entries, the policy, conflict decisions. The store is only read.

    Examples: `memaudit export > bundle.jsonl`,
    `memaudit export --status active --status pending > active.jsonl`,
    `memaudit export --status forgotten > forgets.jsonl` (only tombstones and their
    events: passes a forget on to a ledger that holds a copy).
    """
    statuses = parsed(Status.parse, status, "--status")
    with open_from(ctx, db, None) as store:
        ledger = ledger_of(store, "memaudit export")
        # One line per record through the JSON boundary: store text never reaches a
        # terminal raw (hidden characters as \uXXXX escapes).
        with progress("export", streaming=True) as report:
            emit_jsonl(counting(core.export_records(ledger, statuses), report, "export: records"))
            sys.stdout.flush()


@import_app.command("bundle")
def import_bundle(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A bundle from `memaudit export` ('-': stdin).")
    ],
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Check the bundle against the ledger; write nothing.")
    ] = False,
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Import a bundle written by `memaudit export` into this ledger: all of it, or nothing.

    Memories keep their ids, provenance, status, validation and history; lineage edges,
    events and tombstones come along; one `import` event records the bundle's SHA-256.
    Refused (exit 8, nothing written) when a memory would bring back a forgotten one:
    its text matches a tombstone of this ledger or of the bundle (RESURRECTED). A
    tombstone made with a tombstone key this machine lacks cannot be matched: it is
    imported, and named (copy the key from `$MEMAUDIT_HOME/tombstone.key`). Ids the
    ledger already holds are refused (exit 1). A memory this ledger holds that a
    forgotten tombstone of the bundle names (its id, or its text) is residue: named, with
    the command that would forget it here, exit 3; the import does not delete it.
    `memaudit import FILE` is short for this command.

    Examples: `memaudit --db new.db import bundle bundle.jsonl --dry-run`,
    `memaudit export --db a.db | memaudit --db b.db import bundle -`,
    `memaudit --db a.db export --status forgotten | memaudit --db b.db import -` (pass
    a forget on to a ledger holding a copy).
    """
    with progress("import: reading and checking the bundle") as report:
        text = _read(file)
        lines = text.splitlines(keepends=True)
        parsed_bundle = core.parse(counting(lines, report, "import: checking", len(lines)))
        with open_from(ctx, db, None, writable=not dry_run) as store:
            ledger = ledger_of(store, "memaudit import bundle")
            report("import: checking against this ledger, then writing", 0, None)
            plan = core.import_bundle(
                ledger, parsed_bundle, actor=state(ctx).actor, dry_run=dry_run
            )
    if json_:
        emit_json(plan.to_dict())
        if plan.residue:
            raise typer.Exit(int(ExitCode.RESIDUE))
        return
    verb = "would import" if dry_run else "imported"
    console.print(
        Text(
            f"{verb} {plan.memories} memories, {plan.edges} edges, {plan.events} events, "
            f"{plan.tombstones} tombstones"
            + (f" ({len(plan.already_held)} tombstones already here)" if plan.already_held else "")
        )
    )
    if plan.unmatchable:
        err_console.print(
            Text(
                f"Warning: {len(plan.unmatchable)} tombstone(s) were made with a tombstone key "
                "this machine lacks: texts cannot be checked against them here "
                "(copy the key: see README 'Tombstones and the tombstone key')",
                style="yellow",
            )
        )
    if dry_run:
        console.print(Text("dry run: nothing was changed", style="yellow"))
    _say_residue(plan)


_HOW = {"id": "the id", "full text": "the full text", "quoted sentence": "a quoted sentence"}


def _say_residue(plan: core.ImportPlan) -> None:
    """Memories this ledger holds that the bundle's tombstones say were forgotten: named,
    with the command that would forget them here, and exit 3 (residue). Not deleted:
    an import does only what it was asked."""
    if not plan.residue:
        return
    held = sorted({r["memory_id"] for r in plan.residue})
    # The ids are this ledger's (a bundle's are checked on reading): shown through safe().
    err_console.print(
        safe(
            f"RESIDUE: this ledger holds {len(held)} memor{'y' if len(held) == 1 else 'ies'} "
            "that tombstones in the bundle say were forgotten: "
            + "; ".join(
                f"{r['memory_id']} ({_HOW.get(r['how'], r['how'])} of forgotten {r['forgotten']})"
                for r in plan.residue
            )
        ),
        style="bold red",
    )
    err_console.print(
        safe("forget them here: " + command("forget", *held, reason="forgotten elsewhere"))
    )
    raise typer.Exit(int(ExitCode.RESIDUE))


def _read(file: Path) -> str:
    try:
        if str(file) == "-":
            raw = sys.stdin.buffer.read(MAX_BUNDLE_BYTES + 1)
        else:
            with file.expanduser().open("rb") as fh:
                raw = fh.read(MAX_BUNDLE_BYTES + 1)
    except OSError as exc:
        raise InvalidInput(f"cannot read {file}: {exc.strerror}") from None
    if len(raw) > MAX_BUNDLE_BYTES:
        raise InvalidInput(f"{file} is larger than 1 GiB; nothing imported")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InvalidInput(f"line {line}: not valid UTF-8; nothing imported") from None
