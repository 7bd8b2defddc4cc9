"""forget and verify: delete from every layer, then show that nothing survived."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from memaudit import receipt
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from
from memaudit.cli.render import (
    console,
    emit_json,
    err_console,
    plan_tree,
    progress,
    show_recheck,
    show_verification,
)
from memaudit.errors import InvalidInput, MemauditError, Refused
from memaudit.fingerprint import sentences
from memaudit.forget import Recheck, memory_text, verify_layers
from memaudit.ledger.store import default_actor
from memaudit.model import MemoryFilter
from memaudit.store import Capability, Needle, Store
from memaudit.tui.text import safe
from memaudit.verification import Verdict, Verification

MAX_CONTENT_FILE = 16 * 1024 * 1024
MAX_CONTENT_SENTENCES = 10_000

ReceiptOpt = Annotated[
    Path | None,
    typer.Option(
        "--receipt",
        metavar="FILE",
        help="Also write a signed erasure receipt (JSON; docs/receipt.md). Never overwrites.",
    ),
]


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
        typer.Option("--match", help="Full-text search; every match is listed in the plan."),
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
    receipt_file: ReceiptOpt = None,
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

    The last line is the verdict: CLEAN (every layer probed, nothing found), RESIDUE
    (found, and where) or UNVERIFIED (nothing found, but a layer could not be probed:
    each is listed with why and what would make it checkable). --receipt FILE writes a
    signed receipt of it (the ids, the plan's counts, every layer's verdict, the
    store's file hashes before and after — never the content; see `receipt verify`).

    Examples:

    - `memaudit forget zebra-secret --dry-run`
    - `memaudit forget zebra-secret --reason "user request #ticket" --max 3 --yes`
    - `memaudit forget m_ab12 --whole --max 5 --yes --json`
    - `memaudit forget m_ab12 --reason "GDPR request #4411" --yes --receipt erasure.json`

    Exit codes: 0 forgotten and every layer clean; 3 residue found in some layer;
    10 unverified (nothing found, some layer not probed); 8 refused (over --max, a
    reason that repeats the content, a receipt that would hold it, not confirmed, or
    no terminal and no --yes); 7 changed since planned.
    """
    if bool(ids) == bool(match):
        raise typer.BadParameter("give ids or --match TEXT (one of them)")
    targets = list(ids or []) if ids else _match_ids(ctx, db, adapter, match or "")
    if receipt_file is not None and dry_run:
        raise typer.BadParameter("a dry run forgets nothing: --receipt needs a forget")
    pending = None
    with open_from(ctx, db, adapter) as store:  # read-only: planning writes nothing
        store.need(Capability.FORGET)
        with progress("forget: planning (what is derived from or quotes it)"):
            plan = store.forget_plan(targets, whole=whole)
        if reason and not dry_run:
            store.check_reason(plan.forget_ids(), reason, what="forgotten")
        if receipt_file is not None:
            texts = [memory_text(m) for m in map(store.get, plan.forget_ids()) if m]
            request = receipt.Request("forget", list(targets), reason=reason)
            pending = receipt.prepare(receipt_file, request, texts)
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
        if pending is not None:
            pending.snapshot(store)
        # Planned again inside the forget's transaction: a changed store is exit 7.
        with progress("forget: deleting, purging, then verifying every layer"):
            result = store.forget_apply(plan, reason=reason, actor=state(ctx).actor)
        problem = _issue(pending, store, result, state(ctx).actor, plan.counts())
    _show(result, "verification, layer by layer", json_, pending, problem)


def _issue(
    pending: receipt.Pending | None,
    store: Store,
    verification: Verification,
    actor: str | None,
    plan_counts: dict[str, int] | None = None,
) -> MemauditError | None:
    """Write the receipt, if one was asked for. A receipt that cannot be written (it
    would hold the content) is the returned error: the command's own result is shown
    first, then the error."""
    if pending is None:
        return None
    try:
        pending.issue(store, verification, actor=actor or default_actor(), plan_counts=plan_counts)
    except MemauditError as exc:
        return exc
    return None


def _show(
    verification: Verification,
    title: str,
    json_: bool,
    pending: receipt.Pending | None = None,
    problem: MemauditError | None = None,
) -> None:
    """The verification (JSON or the table and the verdict), where the receipt went,
    then the exit: the receipt's error if it could not be written, else the verdict's
    code (0 clean, 3 residue, 10 unverified)."""
    written = pending is not None and problem is None
    if json_:
        data = verification.to_dict()
        if pending is not None:
            data["receipt"] = str(pending.path) if written else None
        emit_json(data)
    elif isinstance(verification, Recheck):
        show_recheck(verification)
    else:
        show_verification(verification, title)
    if written and pending is not None:
        err_console.print(safe(f"receipt written: {pending.path}", style="dim"))
    if problem is not None:
        err_console.print(Text("receipt not written: " + problem.message, style="bold yellow"))
        raise typer.Exit(int(problem.code))
    verdict = verification.verdict
    if verdict is not Verdict.CLEAN:
        raise typer.Exit(int(verdict.exit_code))


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
    receipt_file: ReceiptOpt = None,
    reason: Annotated[
        str | None,
        typer.Option(
            "--reason",
            "-r",
            help="Why the check was made, for the receipt (needs --receipt; must not quote "
            "the content).",
        ),
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

    The last line is the verdict: CLEAN (every layer probed, nothing found), RESIDUE
    (found, and where) or UNVERIFIED (nothing found, but some layer could not be probed
    — each listed with why and what would make it checkable — or holds an orphan that
    might be it). --json gives `verdict`, `found` (layer → count), `not_checked` (layer
    → why), `orphans` and the per-layer list. --receipt FILE writes a signed receipt of
    it (the text only as a salted fingerprint; see `receipt verify`).

    Examples:

    - `memaudit verify --all`
    - `memaudit verify --content "ZEBRA-7731-QUOKKA" --db ~/.mem0/history.db`
    - `memaudit verify 75d0b4cc6cd6e22d --db ~/.hermes` (after Mnemosyne's forget)
    - `memaudit verify --content-file secret.txt --db ~/.mem0 --receipt mem0.json
      --reason "erasure request #4411"`

    Exit codes: 0 clean; 3 residue or resurrection found; 10 unverified (nothing
    found, but a layer not checked, an orphan that might be it, or a tombstone made
    with a key this machine lacks); 6 the store's layers cannot be probed; 8 a receipt
    that would hold the content, or a reason that repeats it.
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
    if reason is not None and receipt_file is None:
        raise typer.BadParameter("--reason goes into a receipt: give --receipt FILE too")
    pending = None
    if receipt_file is not None:
        request = receipt.Request(
            "verify",
            [memory_id] if memory_id else [],
            text=text,
            all_forgotten=all_,
            reason=reason,
        )
        pending = receipt.prepare(receipt_file, request, [text] if text else [])
    with open_from(ctx, db, adapter) as store:
        if pending is not None:
            pending.snapshot(store)
        tombstones = store.has(Capability.TOMBSTONES)
        found: Verification
        if text is not None or (memory_id is not None and not tombstones):
            # Probe the layers: for the text, and for references to the id.
            store.need(Capability.LAYERS)
            needle = Needle(ids=[memory_id] if memory_id else [], content=text)
            with progress("verify: probing every layer"):
                found = verify_layers(store.layers(), needle)
        else:
            store.need(Capability.TOMBSTONES)  # --all: only a store that keeps tombstones
            with progress("verify: re-checking tombstones, scanning the file, WAL and copies"):
                found = store.recheck(None if all_ else [memory_id or ""])
        problem = _issue(pending, store, found, state(ctx).actor)
    what = " and ".join(w for w, given in (("the id", memory_id), ("the text", text)) if given)
    _show(found, f"looking for {what}, layer by layer", json_, pending, problem)
