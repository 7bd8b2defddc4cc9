"""`memaudit review`: the approval UI, and `--list` for scripts."""

from __future__ import annotations

import atexit
import gc
import sys
from datetime import datetime
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table
from rich.text import Text

from memaudit import forget_requests, pending, queue_compare, queue_injection
from memaudit.cli.app import app, state
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, LimitOpt, open_from, parsed
from memaudit.cli.render import console, emit_json, print_table
from memaudit.clock import age_days, human_age
from memaudit.errors import ExitCode, MemauditError
from memaudit.injection.judgements import Judgements
from memaudit.model import MemoryFilter, SourceType, TrustTier
from memaudit.policy import Policy
from memaudit.store import Capability, Store
from memaudit.tui.text import safe, tier_badge


@app.command()
def review(
    ctx: typer.Context,
    list_: Annotated[
        bool,
        typer.Option("--list", help="Print the queue (oldest first) instead of opening the UI."),
    ] = False,
    tier: Annotated[
        list[str] | None, typer.Option("--tier", help="With --list: T1..T5 (repeatable).")
    ] = None,
    source_type: Annotated[
        list[str] | None,
        typer.Option("--source-type", "-t", help="With --list: source type (repeatable)."),
    ] = None,
    flag: Annotated[
        list[str] | None,
        typer.Option(
            "--flag",
            help="With --list: only items with this flag: injected, stale, derived, hidden, "
            "unknown, duplicate, conflict, resurrected (repeatable: any of them; any case).",
        ),
    ] = None,
    search: Annotated[
        str | None, typer.Option("--search", help="With --list: full-text search.")
    ] = None,
    limit: LimitOpt = 100,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="With --list: check every item for injected instructions and compare it "
            "with the active memories afresh, and keep nothing for the next listing (by "
            "default what the same memaudit checked and compared with the same inputs is "
            "not done again: see MEMAUDIT_CACHE_DIR).",
        ),
    ] = False,
    refresh: Annotated[
        float,
        typer.Option(
            "--refresh",
            min=0,
            help="Seconds between checks for new pending items (0: only on ctrl+r).",
        ),
    ] = 2.0,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Review pending writes: approve, reject, edit, promote — or list them.

    Opens a full-screen review of the store's queue, oldest first — items flagged INJ
    (an injected instruction: the text instructs the agent, weighed by its source) come
    before the rest, and approving one asks for a confirmation — each item with its
    trust tier, flags (injected, stale, derived, hidden characters, duplicate of or
    conflict with an active memory), full content with invisible characters made
    visible, and its lineage. Keys: a approve, r reject, e edit then approve, p promote, s skip, u undo,
    space mark several, / search, ? help. Every action goes through the write gate and
    is logged with you (--actor / MEMAUDIT_ACTOR) as the reviewer.

    Agents' forget requests (`memaudit mcp`'s forget_request) are listed first, each
    with the memory it names: grant one with `memaudit forget ID`, decline it with
    `memaudit dismiss REQUEST_ID --reason ...`; on the screen, `g` shows them.

    Examples: `memaudit review`, `memaudit review --list --flag stale --json`,
    `memaudit review --list --flag injected` (with each item's signals and their spans).

    Exit codes: 0 ok; 1 error; 2 usage (no terminal: use --list); 6 the store has no
    review queue.
    """
    st = state(ctx)
    if list_ or json_:
        _print_list(ctx, tier, source_type, flag, search, limit, db, adapter, json_, no_cache)
        return
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise MemauditError(
            "review needs a terminal; use `memaudit review --list` in scripts", ExitCode.USAGE
        )
    from memaudit.tui import make_app

    with open_from(ctx, db, adapter, writable=True) as store:
        store.need(Capability.QUEUE)
        make_app(store, clock=st.clock, actor=st.actor, refresh_interval=refresh or None).run()


PAGE = 500  # items read and flagged at a time


def _print_list(
    ctx: typer.Context,
    tier: list[str] | None,
    source_type: list[str] | None,
    flag: list[str] | None,
    search: str | None,
    limit: int,
    db: str | None,
    adapter: str | None,
    json_: bool,
    no_cache: bool = False,
) -> None:
    from memaudit.injection import prefilter_kept

    prefilter_kept.ENABLED = not no_cache  # (the engine's tables: read nothing either)
    wanted = {_flag(f) for f in flag or []}
    base = pending.queue_filter(
        tiers=parsed(TrustTier.parse, tier, "--tier"),
        source_types=parsed(SourceType.parse, source_type, "--source-type"),
        search=search,
    )
    # Without a flag filter the first `limit` items are the answer: read no more.
    page = min(limit, PAGE) if limit and not wanted else PAGE
    # Only the duplicate and conflict flags cost queries; an item that cannot match a
    # filter made of cheap flags alone is dropped before they are computed.
    cheap_only = bool(wanted) and wanted <= pending.CHEAP_FLAGS
    from memaudit.conflicts.search import collector_paused

    # The collector off while the queue is read, flagged and printed (as
    # ``conflicts.find`` does): the caches and rows hold no cycle, and its passes over
    # them cost a fifth of the listing at 200k (a full one during the printing alone
    # 0.3 s).
    with collector_paused():
        asked, summary, policy, found, shown = _read_queue(
            ctx, base, wanted, cheap_only, limit, page, db, adapter, not no_cache
        )
        _print_found(asked, summary, policy, found, shown, json_, not no_cache)
    # The interpreter's last collection at exit reads every object still alive (the
    # engines' tables and caches: 0.15 s after a listing at 200k) and frees no cycle a
    # listing made; frozen, they are left to the process's end. At exit only: a
    # program that calls this command (tests) keeps its collector as it was.
    atexit.register(gc.freeze)


def _read_queue(
    ctx: typer.Context,
    base: MemoryFilter,
    wanted: set[pending.Flag],
    cheap_only: bool,
    limit: int,
    page: int,
    db: str | None,
    adapter: str | None,
    remember: bool = True,
) -> tuple[list[dict[str, Any]], pending.QueueSummary, Policy, list[pending.QueueItem], set[str]]:
    """The forget requests, the queue's summary, its policy, the items listed (flags
    known) and the ids of those put first. ``remember``: injection verdicts kept across
    listings (``injection.verdicts``) are read and written."""
    now = state(ctx).clock()
    found: list[pending.QueueItem] = []
    reading = pending.Reading()  # the listing only reads: its items share these caches
    with open_from(ctx, db, adapter) as store:
        store.need(Capability.QUEUE)
        asked = requests_listed(store, now)
        policy = store.policy()
        summary = pending.summary(store, now, base)
        # The injection check, in another process while this one compares the items
        # with the active memories (``queue_injection``); a filter of cheap flags alone
        # compares nothing, so it is checked here.
        checked = 0 if cheap_only else summary.total if not limit or wanted else limit
        # An empty queue opens no cache file (the digest of memaudit's code costs more
        # than such a listing's check).
        kept = remember and summary.total > 0
        with queue_injection.InjectionCheck(policy, checked, remember=kept) as injected:
            # Resurrected text and injected instructions first (pending.first_items).
            first = pending.first_items(store, base, now, policy, injection=False)
            shown = {i.memory.id for i in first}
            unanswered: list[list[pending.QueueItem]] = []
            # Unless a flag filter with a limit stops the reading early, every item read
            # is compared: they are read first, then compared at once (in two processes
            # where a CPU is free: ``queue_compare``).
            at_once = not (limit and wanted)
            todo: list[pending.QueueItem] = []
            offset = 0
            while not limit or len(todo if at_once else found) < limit:
                base.limit, base.offset = page, offset
                batch = pending.items(store, base, now, policy, injection=False)
                offset += len(batch)
                if first:
                    batch = [*first, *(i for i in batch if i.memory.id not in shown)]
                    first = []
                elif shown:
                    batch = [i for i in batch if i.memory.id not in shown]
                injected.ask([i.memory for i in batch])
                if wanted:  # the filter reads every flag
                    _mark_injected(batch, injected.answer())
                else:
                    unanswered.append(batch)
                if cheap_only:
                    batch = [i for i in batch if wanted & i.flags]
                if at_once:
                    todo.extend(batch[: limit - len(todo)] if limit else batch)
                    if offset < base.offset + page:  # the store ran out
                        break
                    continue
                pending.read_copies(store, [i.memory for i in batch], reading)
                for item in batch:
                    pending.with_all_flags(store, [item], policy, reading)
                    if not wanted or wanted & item.flags:
                        found.append(item)
                        if limit and len(found) >= limit:
                            break
                if offset < base.offset + page:  # the store ran out
                    break
            if at_once:
                queue_compare.compare(
                    store, todo, policy, reading, remember=remember, checking=injected.checking
                )
                found = [i for i in todo if not wanted or wanted & i.flags]
            for batch in unanswered:
                _mark_injected(batch, injected.answer())
    return asked, summary, policy, found, shown


def _mark_injected(batch: list[pending.QueueItem], flagged: list[bool]) -> None:
    for item, hit in zip(batch, flagged, strict=True):
        if hit:
            item.flags.add(pending.Flag.INJECTED)


def _evidence(
    policy: Policy, found: list[pending.QueueItem], shown: set[str], remember: bool
) -> dict[str, Any]:
    """The assessment of each item flagged ``INJ``, by id, from its text's judgement as
    the write gate kept it where there is one (``kept_hits.kept_parts``), else judged."""
    flagged = [i for i in found if pending.Flag.INJECTED in i.flags]
    if not flagged:
        return {}
    kept = Judgements.reader(remember)
    try:
        return {
            i.memory.id: a
            for i in flagged
            if (
                a := pending.injection_of(
                    i.memory, policy, recorded=i.memory.id in shown, kept=kept
                )
            )
        }
    finally:
        kept.close()


def _print_found(
    asked: list[dict[str, Any]],
    summary: pending.QueueSummary,
    policy: Policy,
    found: list[pending.QueueItem],
    shown: set[str],
    json_: bool,
    remember: bool = True,
) -> None:
    evidence = _evidence(policy, found, shown, remember)
    if json_:
        items = [i.to_dict() for i in found]
        for entry in items:
            if entry["id"] in evidence:
                entry["injection"] = evidence[entry["id"]].to_dict(None)
        emit_json({"summary": summary.to_dict(), "forget_requests": asked, "items": items})
        return
    print_requests(asked)
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
    widths = {"id": 14, "age": 4, "tier": 4, "source": 17, "flags": 18}
    for name, width in widths.items():
        table.add_column(name, no_wrap=True, width=width, overflow="ellipsis")
    # Fixed columns first (rich counts cell padding in them); the content gets the rest.
    rest = console.width - sum(widths.values()) - 2 * (len(widths) + 1) - 2
    table.add_column("content", no_wrap=True, overflow="ellipsis", max_width=max(10, rest))
    for item in found:
        m = item.memory
        table.add_row(
            safe(m.id),
            human_age(item.age_days),
            tier_badge(m.trust_tier),
            m.source_type.value,
            Text(",".join(sorted(f.value for f in item.flags)), style="yellow"),
            safe(m.content, 200),
        )
    tiers = "  ".join(f"{t} {n}" for t, n in summary.by_tier.items())
    oldest = (
        f", oldest {human_age(summary.oldest_age_days)} ({summary.oldest_at})"
        if summary.oldest_at
        else ""
    )
    stale = f", {summary.stale} stale" if summary.stale else ""
    console.print(safe(f"{summary.total} pending ({tiers}){oldest}{stale}"))
    if found:
        print_table(table)
    for mid, a in evidence.items():
        item = next(i for i in found if i.memory.id == mid)
        head = Text(" INJ ", style="bold white on red")
        head.append_text(safe(f" {mid}  score {a.score:.2f} ({a.severity})  ", style="bold"))
        head.append_text(tier_badge(item.memory.trust_tier))
        head.append_text(safe(f" {item.memory.source_type.value}: {a.source_reason}"))
        console.print(head)
        for line in a.describe(item.memory.content):
            console.print(safe(f"    {line}"))


def requests_listed(store: Store, now: datetime) -> list[dict[str, Any]]:
    """Agents' open forget requests with the memory each names (native ledger only)."""
    ledger = store.request_ledger()
    if ledger is None:
        return []
    out = []
    for r in forget_requests.open_requests(ledger):
        m = ledger.get(r.memory_id)
        if m is None:
            continue
        out.append(
            {
                **r.to_dict(),
                "age_days": age_days(r.requested_at, now),
                "memory": {
                    "id": m.id,
                    "status": m.status.value,
                    "trust_tier": m.trust_tier.value,
                    "source_type": m.source_type.value,
                    "content": m.content,
                },
            }
        )
    return out


def print_requests(asked: list[dict[str, Any]]) -> None:
    if not asked:
        return
    console.print(
        Text(f"{len(asked)} forget request(s) — an agent asked, a person decides:", style="bold")
    )
    table = Table(box=box.SIMPLE_HEAD, header_style="bold", padding=(0, 1))
    for name, width in (("request", 15), ("memory", 14), ("status", 8), ("by", 18), ("age", 4)):
        table.add_column(name, no_wrap=True, width=width, overflow="ellipsis")
    table.add_column("reason / content", overflow="fold")
    for r in asked:
        m = r["memory"]
        why = safe(r["reason"], 120)
        why.append("\n")
        why.append_text(safe(m["content"], 120, style="dim"))
        table.add_row(
            safe(r["id"]),
            safe(m["id"]),
            m["status"],
            safe(r["requested_by"], 18),
            human_age(r["age_days"]),
            why,
        )
    console.print(table)
    console.print(
        Text(
            "grant: memaudit forget MEMORY_ID (or reject it while pending) · "
            "decline: memaudit dismiss REQUEST_ID --reason ...",
            style="dim",
        )
    )


def _flag(value: str) -> pending.Flag:
    try:
        return pending.Flag(value.strip().lower())
    except ValueError:
        valid = ", ".join(f.value for f in pending.Flag)
        raise typer.BadParameter(f"unknown flag {value!r}; valid: {valid}") from None
