"""forget and verify: delete from every layer, then show that nothing survived."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from memaudit.adapters import Capability, Needle
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from
from memaudit.cli.render import console, emit_json, err_console, safe
from memaudit.errors import ExitCode, InvalidInput, MemauditError, Refused
from memaudit.fingerprint import sentences
from memaudit.forget import ForgetPlan, LayerReport, Recheck, TombstoneCheck, verify_layers
from memaudit.model import MemoryFilter

MAX_CONTENT_FILE = 16 * 1024 * 1024
MAX_CONTENT_SENTENCES = 10_000


def plan_counts(plan: ForgetPlan) -> Text:
    """One line of counts per category, as the review screen's forget dialog shows them."""
    c = plan.counts()
    parts = [
        f"{c['requested']} requested",
        f"{c['derived_only']} derived only from them",
        f"{c['affected_redacted']} redacted",
        f"{c['affected_forgotten']} quoting them forgotten whole",
    ]
    line = f"{c['changed']} memories change: " + ", ".join(parts)
    if c["unlinked"]:
        line += f"; {c['unlinked']} lose a source (the edge only)"
    return Text(line)


TREE_ITEMS = 50  # per section; --json lists everything


def _listed(node: Tree, items: list[Any]) -> list[Any]:
    if len(items) > TREE_ITEMS:
        node.add(Text(f"… and {len(items) - TREE_ITEMS} more (--json lists them all)", style="dim"))
    return items[:TREE_ITEMS]


def plan_tree(plan: ForgetPlan) -> Tree:
    tree = Tree(Text("forget plan", style="bold"))
    tree.add(plan_counts(plan))
    going = tree.add(Text(f"forget ({len(plan.forget)})", style="red"))
    for item in _listed(going, plan.forget):
        node = going.add(safe(item.id) + "  " + safe(item.why, style="dim"))
        node.add(safe(item.preview, 100))
    if plan.redact:
        cut = tree.add(
            Text(
                f"redacted: the quoted sentences cut out, back to pending ({len(plan.redact)})",
                style="yellow",
            )
        )
        for item in _listed(cut, plan.redact):
            node = cut.add(safe(item.id) + "  " + safe(item.why, style="dim"))
            node.add(safe(item.new_content or "", 100))
    if plan.unlinked:
        back = tree.add(Text(f"lose a source, otherwise unchanged ({len(plan.unlinked)})"))
        for item in _listed(back, plan.unlinked):
            back.add(safe(item.id) + "  " + safe(item.why, style="dim"))
    also = []
    if plan.embeddings:
        also.append(
            f"{len(plan.embeddings)} embedding(s) ({', '.join(plan.embeddings[:8])}…)"
            if len(plan.embeddings) > 8
            else f"embeddings of {', '.join(plan.embeddings)}"
        )
    if plan.profile:
        also.append(
            f"{len(plan.profile)} profile entr(ies) ({', '.join(plan.profile[:8])}…)"
            if len(plan.profile) > 8
            else f"profile entries {', '.join(plan.profile)}"
        )
    if plan.edges:
        also.append(f"{len(plan.edges)} lineage edge(s)")
    for line in also:
        tree.add(safe("also removed: " + line))
    return tree


def layer_table(reports: list[LayerReport], title: str) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, header_style="bold")
    table.add_column("layer", no_wrap=True)
    table.add_column("result", no_wrap=True)
    table.add_column("checked")
    table.add_column("residue (where)")
    for r in reports:
        warnings = [x for x in r.residue if x.warning]
        if not r.probed:
            result = Text("not checked", style="yellow")
        elif r.found:
            result = Text(f"RESIDUE {len(r.found)}", style="bold red")
        elif r.orphans:
            result = Text(f"orphans {len(r.orphans)}", style="yellow")
        elif warnings:
            result = Text(f"warning {len(warnings)}", style="yellow")
        else:
            result = Text("clean", style="green")
        where = "\n".join(f"{x.where} [{x.match}] {x.detail}".strip() for x in r.residue[:8])
        if len(r.residue) > 8:
            where += f"\n… {len(r.residue) - 8} more"
        table.add_row(safe(r.layer), result, safe(r.checked), safe(where or "-"))
    return table


ORPHAN_ROWS = 20  # --json lists them all


def orphan_table(reports: list[LayerReport]) -> Table | None:
    """Traces of deleted items that cannot be tied to what was looked for (a vector
    whose row is gone): their own section, never counted as found. None when none."""
    orphans = [(r.layer, x) for r in reports for x in r.orphans]
    if not orphans:
        return None
    table = Table(
        title="orphans: traces some deleted item left, which one cannot be read back "
        "(not counted as found; `verify ID` reports one keyed by that id as residue)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    for col in ("layer", "key", "where", "what"):
        table.add_column(col, no_wrap=col == "layer")
    for layer, x in orphans[:ORPHAN_ROWS]:
        table.add_row(safe(layer), safe(x.orphan or ""), safe(x.where), safe(x.detail or x.match))
    if len(orphans) > ORPHAN_ROWS:
        table.add_row("…", "", f"{len(orphans) - ORPHAN_ROWS} more (--json lists them all)", "")
    return table


def print_layers(reports: list[LayerReport], title: str) -> None:
    """The layer table, then the orphans section when there are orphans."""
    console.print(layer_table(reports, title))
    orphans = orphan_table(reports)
    if orphans is not None:
        console.print(orphans)


def _confirm(yes: bool, what: str) -> None:
    if yes:
        return
    if not sys.stdin.isatty():
        raise Refused(
            f"not forgetting without confirmation: no terminal to ask on; pass --yes to {what}"
        )
    if not typer.confirm(f"{what.capitalize()}?", default=False):
        raise Refused("not confirmed; nothing forgotten")


def _match_ids(ctx: typer.Context, db: str | None, adapter: str | None, text: str) -> list[str]:
    with open_from(ctx, db, adapter) as store:
        found = store.memories(MemoryFilter(search=text, limit=None))
    if not found:
        raise MemauditError(f"no memory matches {text!r}")
    return [m.id for m in found]


@app.command()
def forget(
    ctx: typer.Context,
    ids: Annotated[
        list[str] | None, typer.Argument(metavar="[ID]...", help="Memories to forget.")
    ] = None,
    match: Annotated[
        str | None,
        typer.Option("--match", "-m", help="Full-text search; every match is listed in the plan."),
    ] = None,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason", "-r", help="Why (recorded in the log; must not quote the content)."
        ),
    ] = None,
    whole: Annotated[
        bool,
        typer.Option(
            "--whole",
            help="Forget memories that quote a forgotten sentence whole, instead of cutting "
            "the sentence out of them.",
        ),
    ] = False,
    max_: Annotated[
        int | None,
        typer.Option(
            "--max",
            min=0,
            help="Most memories the forget may change (forget, redact or send back to "
            "pending). Default: the requested ones plus what is derived only from them.",
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Show the plan and stop; the store is opened read-only."),
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")] = False,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Forget memories from every layer of the store, then verify each layer.

    First the plan, exact: the memories named and what is derived only from them are
    forgotten, with their own sentences (not those they quote from memories that
    stay). A memory that holds one of those sentences (a summary, a merged fact, a
    copy) has it cut out and goes back to pending, or is forgotten whole with --whole
    (a bare copy always is). A memory that keeps other support only loses the edge.
    Nothing spreads further. A plan that would change more than --max memories stops
    (exit 8) and says why.

    Then, after confirmation, one transaction with secure_delete on, an FTS purge and
    a WAL truncate, and a table with one row per layer (rows, FTS terms, embeddings,
    edges, profile, events, tombstones, the file's raw bytes, WAL, journal, known
    backups). Events and tombstones keep who, when and why, never the text; a
    --reason that repeats the content (a rare word, a number, a name, a sentence) is
    refused.

    Examples:

    - `memaudit forget zebra-secret --dry-run`
    - `memaudit forget zebra-secret --reason "user request #ticket" --max 3 --yes`
    - `memaudit forget m_ab12 --whole --max 5 --yes --json`

    Exit codes: 0 forgotten and every layer clean; 3 residue found in some layer;
    8 refused (over --max, a reason that repeats the content, not confirmed, or no
    terminal and no --yes); 7 changed since planned.
    """
    if bool(ids) == bool(match):
        raise typer.BadParameter("give ids or --match TEXT (one of them)")
    targets = list(ids or []) if ids else _match_ids(ctx, db, adapter, match or "")
    with open_from(ctx, db, adapter) as store:  # read-only: planning writes nothing
        store.need(Capability.FORGET)
        plan = store.forget_plan(targets, whole=whole)
        if reason and not dry_run:
            store.check_reason(plan.forget_ids(), reason, what="forgotten")
    too_big = plan.over(max_)
    if dry_run:
        if json_:
            emit_json({"dry_run": True, "over_max": too_big, "plan": plan.to_dict()})
        else:
            console.print(plan_tree(plan))
            if too_big:
                err_console.print(Text("forget would stop: " + too_big, style="yellow"))
            console.print(Text("dry run: nothing changed", style="dim"))
        return
    if too_big:
        raise Refused(too_big)
    if not json_:
        console.print(plan_tree(plan))
    n = len(plan.forget)
    _confirm(yes, f"forget {n} memor{'y' if n == 1 else 'ies'} from every layer")
    with open_from(ctx, db, adapter, writable=True) as store:
        store.need(Capability.FORGET)
        fresh = store.forget_plan(targets, whole=whole)
        if fresh.to_dict() != plan.to_dict():
            raise MemauditError(
                "the store changed while you were deciding; nothing forgotten — run forget again",
                ExitCode.CONFLICT,
            )
        result = store.forget_apply(fresh, reason=reason, actor=state(ctx).actor)
    if json_:
        emit_json(result.to_dict())
    else:
        print_layers(result.reports, "verification, layer by layer")
        if result.by_id_only:
            err_console.print(
                Text(
                    "note: no sentence of its own to look for in "
                    + ", ".join(result.by_id_only)
                    + " (too short, too common, or quoted from memories that stay); "
                    "checked by id only",
                    style="yellow",
                )
            )
        _summary(result.clean, result.reports)
    if not result.clean:
        raise typer.Exit(int(ExitCode.RESIDUE))


def _summary(clean: bool, reports: list[LayerReport]) -> None:
    warnings = [x for r in reports for x in r.residue if x.warning]
    if warnings:
        paths = sorted({x.where.split(" @ ")[0] for x in warnings})
        err_console.print(
            Text(
                "warning: copies outside the store still hold it: " + ", ".join(paths),
                style="yellow",
            )
        )
    found = [r.layer for r in reports if r.found]
    unprobed = [r.layer for r in reports if not r.probed]
    orphans = sum(len(r.orphans) for r in reports)
    if clean:
        console.print(Text("clean: nothing of it survived in any layer checked", style="green"))
    elif found:
        console.print(
            Text(f"RESIDUE: found in {len(found)} layer(s) (see the table)", style="bold red")
        )
    else:
        # Nothing found, but not proven gone: never worded as found.
        parts = [f"{len(unprobed)} layer(s) not checked"] if unprobed else []
        if orphans:
            parts.append(f"{orphans} orphan(s) of deleted items that might be it")
        console.print(
            Text("NOT PROVEN CLEAN: nothing found; " + ", ".join(parts), style="bold yellow")
        )


def _read_content(content: str | None, content_file: Path | None) -> str | None:
    if content is not None and content_file is not None:
        raise typer.BadParameter("give --content or --content-file, not both")
    if content_file is None:
        return content
    try:
        with content_file.open("rb") as fh:
            raw = fh.read(MAX_CONTENT_FILE + 1)
    except OSError as exc:
        raise InvalidInput(f"cannot read {content_file}: {exc.strerror}") from None
    if len(raw) > MAX_CONTENT_FILE:
        raise InvalidInput(f"{content_file} is larger than 16 MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{content_file} is not UTF-8 text") from None
    count = len(sentences(text))
    if count > MAX_CONTENT_SENTENCES:
        # Every sentence is looked for in every layer: past this, split the file.
        raise InvalidInput(
            f"{content_file} holds {count:,} sentences; verify looks for at most "
            f"{MAX_CONTENT_SENTENCES:,} at once — split it into smaller files"
        )
    return text


@app.command()
def verify(
    ctx: typer.Context,
    memory_id: Annotated[
        str | None, typer.Argument(metavar="[ID]", help="A forgotten (or rejected) memory's id.")
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Re-check every forgotten memory.")] = False,
    content: Annotated[
        str | None,
        typer.Option("--content", help="Probe every layer of any store for this text."),
    ] = None,
    content_file: Annotated[
        Path | None, typer.Option("--content-file", help="Like --content, text read from a file.")
    ] = None,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Check that forgotten content is still gone, or look for any text in every layer.

    With ID or --all on a memaudit ledger: each tombstone's keyed fingerprints are
    compared with current memories (resurrection: the same content learned again) and
    with the text left in free pages, in main-file pages the WAL supersedes (a forget
    killed before its checkpoint), the WAL, the journal and the known copies
    (<ledger>.bak*, $MEMAUDIT_HOME/backups and exports; a hit there is a warning). The
    table says which places and copies were scanned. After the scan the WAL is
    checkpointed when the ledger can be written, so superseded pages are overwritten.
    A tombstone made with a tombstone key this machine does not have cannot be
    matched: it is reported as not checked, never as clean.

    With ID on any other store: every layer is probed, read-only, for rows that still
    name the memory (a fact extracted from it, a summary listing it among its sources,
    an orphan vector) — what a provider's own delete left pointing at it.

    With --content TEXT or --content-file F: every layer of any store memaudit can open
    is probed for the text, read-only — the way to check a provider's own delete. Give
    an ID as well to look for both in one pass.

    Each layer is clean, RESIDUE (found), not checked (with why), or holds orphans:
    traces of some deleted item that cannot be tied to the text (a vector whose row is
    gone) — listed apart with the key they are stored under, never counted as found;
    `verify KEY` reports an orphan keyed by that id as its residue.

    Examples:

    - `memaudit verify --all`
    - `memaudit verify --content "ZEBRA-7731-QUOKKA" --db ~/.mem0/history.db`
    - `memaudit verify 75d0b4cc6cd6e22d --db ~/.hermes` (after Mnemosyne's forget)

    Exit codes: 0 clean; 3 residue or resurrection found, or not proven gone (a layer
    not checked, an orphan that might be it); 6 the store's layers cannot be probed.
    """
    text = _read_content(content, content_file)
    if all_ and (memory_id is not None or text is not None):
        raise typer.BadParameter("--all takes no ID, --content or --content-file")
    if not all_ and memory_id is None and text is None:
        raise typer.BadParameter("give one of: ID, --all, --content TEXT, --content-file F")
    if text is not None and not text.strip():
        raise InvalidInput("the text to look for is empty")
    if memory_id is not None and not memory_id.strip():
        raise InvalidInput("the memory id is empty")
    with open_from(ctx, db, adapter) as store:
        ledger: Any = getattr(store, "ledger", None)
        if text is not None or (memory_id is not None and ledger is None):
            # Probe the layers: for the text, and for references to the id.
            store.need(Capability.LAYERS)
            needle = Needle(ids=[memory_id] if memory_id else [], content=text)
            reports = verify_layers(store.layers(), needle)
            checks = None
        else:
            if ledger is None:  # --all: only memaudit's ledger keeps tombstones
                raise store.unsupported(Capability.FORGET)
            from memaudit.forget import recheck

            checks = recheck(ledger, None if all_ else [memory_id or ""])
    if checks is None:
        clean = all(r.clean for r in reports)
        if json_:
            emit_json({"clean": clean, "layers": [r.to_dict() for r in reports]})
        else:
            what = " and ".join(
                w for w, given in (("the id", memory_id), ("the text", text)) if given
            )
            print_layers(reports, f"looking for {what}, layer by layer")
            _summary(clean, reports)
        if not clean:
            raise typer.Exit(int(ExitCode.RESIDUE))
        return
    if json_:
        emit_json(checks.to_dict())
    else:
        console.print(_tomb_table(checks.checks))
        if checks.checks:
            console.print(layer_table(checks.layers, "where it was looked for"))
            console.print(Text(f"checkpoint after the scan: {checks.checkpoint}", style="dim"))
        _recheck_summary(checks)
    if not checks.clean:
        raise typer.Exit(int(ExitCode.RESIDUE))


def _recheck_summary(checks: Recheck) -> None:
    dirty = [c for c in checks.checks if c.matchable and not c.clean]
    unchecked = [c for c in checks.checks if not c.matchable]
    warnings = [x for r in checks.layers for x in r.residue if x.warning]
    if warnings:
        paths = sorted({re.split(r" (?:page|frame|block) \d", x.where)[0] for x in warnings})
        err_console.print(
            Text(
                "warning: copies outside the store still hold it: " + ", ".join(paths),
                style="yellow",
            )
        )
    if not checks.checks:
        console.print(Text("no forgotten memories to check", style="dim"))
        return
    if dirty:
        n = len(dirty)
        console.print(
            Text(
                f"RESIDUE: {n} forgotten memor{'y is' if n == 1 else 'ies are'} back or left traces",
                style="bold red",
            )
        )
    if unchecked:
        n = len(unchecked)
        console.print(
            Text(
                f"NOT CHECKED: {n} tombstone{'' if n == 1 else 's'} {unchecked[0].why}; "
                "restore the key file to check them",
                style="bold yellow",
            )
        )
    if not dirty and not unchecked:
        console.print(Text("clean: no forgotten memory is back or left on disk", style="green"))


def _tomb_table(checks: list[TombstoneCheck]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, header_style="bold")
    for col in ("id", "status", "since", "result", "where"):
        table.add_column(col)
    for c in checks:
        if not c.matchable:
            result = Text("not checked", style="yellow")
        elif any(r.layer == "memories" for r in c.residue):
            result = Text("RESURRECTED", style="bold red")
        elif not c.clean:
            result = Text("RESIDUE", style="bold red")
        elif c.residue:
            result = Text("in a copy", style="yellow")
        else:
            result = Text("clean", style="green")
        where = "\n".join(f"{r.where} [{r.match}]" for r in c.residue[:8]) or "-"
        table.add_row(safe(c.memory_id), safe(c.status), safe(c.at), result, safe(where))
    return table
