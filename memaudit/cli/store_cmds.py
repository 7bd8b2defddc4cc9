"""Reading commands: init, ls, show, stats, log, adapters."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from memaudit import decay as decay_core
from memaudit.adapters import check_exists, detect, load_registry, not_a_store_message
from memaudit.cli.app import app, state
from memaudit.cli.options import (
    AdapterOpt,
    CsvOpt,
    DbOpt,
    Fmt,
    JsonlOpt,
    JsonOpt,
    LimitOpt,
    open_from,
    parsed,
    pick_format,
    resolve_db,
    since_iso,
)
from memaudit.cli.render import (
    console,
    emit_csv,
    emit_json,
    emit_jsonl,
    err_console,
    fmt_num,
    memory_table,
    progress,
    status_text,
)
from memaudit.clock import age_days, human_age
from memaudit.errors import MemauditError, NotAStore
from memaudit.graph import MISSING_SOURCE, no_parents_note
from memaudit.ledger import Ledger
from memaudit.ledger.store import pending_migrations
from memaudit.model import Memory, MemoryFilter, SourceType, Status, TrustTier
from memaudit.progress import counting
from memaudit.store import Adapter, Capability
from memaudit.textsafety import hidden_characters, reveal
from memaudit.trust import DERIVED_TYPES, is_flagged
from memaudit.tui.text import safe, tier_badge


@app.command()
def init(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(help="Where to create the ledger file.")],
    json_: JsonOpt = False,
) -> None:
    """Create a new, empty native ledger (owner-only permissions, WAL mode).

    The default policy is the preferred one (docs/concepts.md): observations are reviewed before they become
    memory, model conclusions stay transient unless promoted. See `memaudit policy`.
    """
    st = state(ctx)
    with Ledger.init(path, clock=st.clock, actor=st.actor) as ledger:
        info = {"created": str(ledger.path), "policy": "default"}
    if json_:
        emit_json(info)
    else:
        console.print(f"Created ledger {path}")
        console.print(f"  use it with: export MEMAUDIT_DB={path}")


@app.command()
def migrate(
    ctx: typer.Context,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Only say which schema updates are pending.")
    ] = False,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Bring a native ledger written by an older memaudit up to date.

    Commands that only read (ls, show, audit, verify, ...) never change a store, so on
    an older ledger they stop and point here; commands that write migrate first on
    their own. Each schema update runs in one transaction and is recorded in the
    ledger's event log.

    Examples: `memaudit migrate --db agent.db --dry-run`, `memaudit migrate --db agent.db`.

    Exit codes: 0 done (or nothing to do), 1 not a native ledger, 5 store busy.
    """
    path = Path(resolve_db(ctx, db))
    pending = pending_migrations(path)
    applied: list[str] = []
    if pending and not dry_run:
        st = state(ctx)
        with Ledger.open(path, readonly=False, clock=st.clock, actor=st.actor):
            applied = pending  # opening for writing applies them, in one transaction each
    info = {"ledger": str(path), "pending": [] if applied else pending, "applied": applied}
    if json_:
        emit_json(info)
    elif not pending:
        console.print("up to date: nothing to migrate")
    elif dry_run:
        console.print(f"{len(pending)} schema update(s) pending: {', '.join(pending)}")
    else:
        console.print(f"applied {len(applied)} schema update(s): {', '.join(applied)}")


def _decay_params(store: Any) -> decay_core.DecayParams | None:
    """The store's decay parameters, for the live score (None: the store cannot decay)."""
    if not store.has(Capability.DECAY):
        return None
    try:
        return decay_core.DecayParams.from_policy(store.policy())
    except MemauditError:
        return None  # a bad decay policy must not break reading; `decay` reports it


def _live(memory: Any, params: decay_core.DecayParams | None, now: Any) -> float | None:
    return None if params is None else decay_core.live_score(memory, params, now)


@app.command("ls")
def ls(
    ctx: typer.Context,
    status: Annotated[
        list[str] | None,
        typer.Option(
            "--status",
            "-s",
            help="pending, active, archived, superseded, expired (repeatable; default: all)",
        ),
    ] = None,
    tier: Annotated[list[str] | None, typer.Option("--tier", help="T1..T5 (repeatable).")] = None,
    source_type: Annotated[
        list[str] | None, typer.Option("--source-type", "-t", help="Source type (repeatable).")
    ] = None,
    search: Annotated[str | None, typer.Option("--search", help="Full-text search.")] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Created since: 7d, 12h, or an ISO time.")
    ] = None,
    oldest_first: Annotated[bool, typer.Option("--oldest-first", help="Oldest first.")] = False,
    limit: LimitOpt = 100,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
    jsonl: JsonlOpt = False,
    csv: CsvOpt = False,
) -> None:
    """List memories, newest first.

    JSON/CSV rows carry decay_score (as stored: in a memaudit ledger, the score at the
    last status change by decay) and decay_score_now (computed now, or at --now — what
    `decay --explain` prints; null if the store cannot decay).

    Examples: `memaudit ls --status pending --oldest-first`,
    `memaudit ls --tier T5 --search cache --json`.
    """
    fmt = pick_format(json_, jsonl, csv)
    flt = MemoryFilter(
        statuses=parsed(Status.parse, status, "--status"),
        tiers=parsed(TrustTier.parse, tier, "--tier"),
        source_types=parsed(SourceType.parse, source_type, "--source-type"),
        search=search,
        since=since_iso(ctx, since),
        limit=limit or None,
        oldest_first=oldest_first,
    )
    now = state(ctx).clock()
    with open_from(ctx, db, adapter) as store:
        params = _decay_params(store) if fmt is not Fmt.TABLE else None

        def row(m: Memory) -> dict[str, Any]:
            return m.to_dict() | {"decay_score_now": _live(m, params, now)}

        if fmt is Fmt.JSONL:
            # Streams: each line goes out as the store yields its row.
            emit_jsonl(map(row, store.iter_memories(flt)))
            return
        with progress("reading memories") as report:
            memories = list(counting(store.iter_memories(flt), report, "reading memories"))
        total = store.count(flt) if limit and len(memories) >= limit else len(memories)
        rows = [row(m) for m in memories] if fmt is not Fmt.TABLE else []
    if fmt is Fmt.JSON:
        emit_json(rows)
    elif fmt is Fmt.CSV:
        emit_csv(rows, columns=list(rows[0].keys()) if rows else ["id"])
    else:
        if not memories:
            err_console.print("no memories match")
            return
        console.print(memory_table(memories, now))
        if total > len(memories):
            err_console.print(f"showing {len(memories)} of {total} (use --limit 0 for all)")


@app.command()
def show(
    ctx: typer.Context,
    memory_ids: Annotated[
        list[str], typer.Argument(metavar="ID...", help="The memories' ids (one or more).")
    ],
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Show memories: content (hidden characters made visible), provenance,
    lifecycle, direct lineage and history — and what the store cannot tell.

    "decay score" is computed now (or at --now), as `decay --explain` prints it;
    "stored score" is the column as decay last wrote it (in a memaudit ledger: the
    score at the memory's last status change by decay). With several ids (`show A B`,
    as the audit suggests for duplicates), each in turn; `--json` is then a list."""
    now = state(ctx).clock()
    shown: list[dict[str, Any]] = []
    with open_from(ctx, db, adapter) as store:
        params = _decay_params(store)
        missing_here = set(store.missing_provenance())
        for memory_id in memory_ids:
            memory = store.require(memory_id)
            edges = store.edges([memory_id]) if store.has(Capability.LINEAGE) else []
            shown.append(
                {
                    "memory": memory,
                    "live": _live(memory, params, now),
                    "edges": edges,
                    # A parent the store names but cannot produce is a missing source.
                    "unresolved": {
                        e.parent_id
                        for e in edges
                        if e.child_id == memory_id and store.get(e.parent_id) is None
                    },
                    "events": store.events(memory_id=memory_id)
                    if store.has(Capability.HISTORY)
                    else [],
                    "missing": sorted(missing_here | set(memory.missing)),
                }
            )
    datas = []
    for i, item in enumerate(shown):
        if i and not json_:
            console.print()
        data = _show_one(now=now, json_=json_, **item)
        if data is not None:
            datas.append(data)
    if json_:
        emit_json(datas[0] if len(datas) == 1 else datas)


def _show_one(
    *,
    memory: Any,
    live: float | None,
    edges: list[Any],
    unresolved: set[str],
    events: list[Any],
    missing: list[str],
    now: Any,
    json_: bool,
) -> dict[str, Any] | None:
    memory_id = memory.id
    parents = [e for e in edges if e.child_id == memory_id]
    children = [e for e in edges if e.parent_id == memory_id]
    flags = []
    if is_flagged(memory.source_type):
        flags.append("source unknown: ranked T5")
    hidden = hidden_characters(memory.content)
    if hidden:
        flags.append(f"{len(hidden)} hidden/control character(s) in content")
    flags += [f"store does not record: {m}" for m in missing]
    if json_:
        data: dict[str, Any] = memory.to_dict()
        data["decay_score_now"] = live
        data["parents"] = [
            e.to_dict() | {"missing_source": e.parent_id in unresolved} for e in parents
        ]
        data["children"] = [e.to_dict() for e in children]
        data["events"] = [e.to_dict() for e in events]
        data["flags"] = flags
        data["hidden_characters"] = [{"index": i, "name": n} for i, n in hidden]
        return data
    head = Text.assemble(
        tier_badge(memory.trust_tier),
        " ",
        Text(memory.id, style="bold"),
        "  ",
        status_text(memory.status),
    )
    console.print(head)
    from rich.panel import Panel  # here, not at the top: `ls` starts faster without it

    console.print(Panel(Text(reveal(memory.content)), title="content", title_align="left"))
    info = Table(show_header=False, box=None, padding=(0, 2))
    info.add_column(style="bold")
    info.add_column()
    rows = [
        (
            "source type",
            memory.source_type.value + (" (flagged)" if is_flagged(memory.source_type) else ""),
        ),
        ("source ref", memory.source_ref),
        ("derived", "yes" if memory.derived else "no"),
        ("confidence", fmt_num(memory.confidence)),
        ("importance", fmt_num(memory.importance)),
        ("scope", memory.scope),
        (
            "validation",
            memory.validation.value + (f" by {memory.validated_by}" if memory.validated_by else ""),
        ),
        ("superseded by", memory.superseded_by),
        (
            "created",
            f"{memory.created_at} ({human_age(age_days(memory.created_at, now))} ago)"
            if memory.created_at
            else None,
        ),
        ("created by", memory.created_by),
        ("last accessed", memory.last_accessed),
        ("access count", str(memory.access_count)),
        ("decay score", None if live is None else f"{live:.3f} (now)"),
        ("stored score", fmt_num(memory.decay_score) if memory.decay_score is not None else None),
        ("expires", memory.expires_at),
        ("pinned", "yes" if memory.pinned else None),
        ("version", str(memory.version)),
        ("tags", ", ".join(memory.tags) if memory.tags else None),
    ]
    for key, value in memory.extra.items():
        rows.append((key, str(value)))
    for key, value in rows:
        if value is not None:
            info.add_row(safe(key), safe(value))
    console.print(info)
    if parents or children:
        console.print(Text("lineage", style="bold"))
        for e in parents:
            line = Text(f"  ← {e.relation.value} ") + safe(e.parent_id, 120)
            if e.parent_id in unresolved:
                line = Text(f"  ← {e.relation.value} ✝ ", style="red") + safe(e.parent_id, 120)
                line.append(f"  {MISSING_SOURCE}", style="red")
            console.print(line)
        for e in children:
            console.print(Text("  → ") + safe(e.child_id, 120) + f" ({e.relation.value})")
    elif memory.derived or memory.source_type in DERIVED_TYPES:
        console.print(Text("lineage", style="bold"))
        console.print(
            Text(f"  {reveal(no_parents_note(memory), keep_newlines=False)}", style="dim")
        )
    if events:
        console.print(Text("history", style="bold"))
        for ev in events[-20:]:
            console.print(
                Text(
                    f"  {ev.at}  {ev.action:<10} {ev.actor}"
                    + (f"  — {reveal(ev.reason)}" if ev.reason else "")
                )
            )
    for flag in flags:
        console.print(Text(f"⚑ {flag}", style="yellow"))
    return None


@app.command()
def stats(
    ctx: typer.Context,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Counts by status, trust tier and source type; the age of the oldest pending item."""
    now = state(ctx).clock()
    with open_from(ctx, db, adapter) as store:
        data = store.stats(now)
    if json_:
        emit_json(data)
        return
    console.print(Text(f"{data['store']}  ({data['adapter']})", style="bold"))
    totals = ", ".join(f"{k} {v}" for k, v in data["totals"].items())
    console.print(safe(totals))
    table = Table(box=None, show_header=False, padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for label, key in (
        ("status", "by_status"),
        ("trust tier", "by_tier"),
        ("source type", "by_source_type"),
    ):
        table.add_row(label, safe("  ".join(f"{k} {v}" for k, v in data[key].items()) or "-"))
    console.print(table)
    if data.get("oldest_pending"):
        age = human_age(data["oldest_pending_age_days"])
        console.print(safe(f"oldest pending: {data['oldest_pending']} ({age} ago)"))
    else:
        console.print("no pending items")


@app.command()
def log(
    ctx: typer.Context,
    memory: Annotated[
        str | None, typer.Option("--memory", "-m", help="Only this memory's events.")
    ] = None,
    action: Annotated[
        list[str] | None, typer.Option("--action", "-a", help="Only these actions (repeatable).")
    ] = None,
    actor: Annotated[str | None, typer.Option("--by", help="Only this actor.")] = None,
    since: Annotated[str | None, typer.Option("--since", help="7d, 12h, or an ISO time.")] = None,
    limit: LimitOpt = 100,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
    json_: JsonOpt = False,
    jsonl: JsonlOpt = False,
    csv: CsvOpt = False,
) -> None:
    """The event log (append-only): who did what to which memory, when and why.

    Newest last. Forgotten or rejected content never appears here.

    On a store that keeps no history of its own (Hermes' files, say), the log is
    memaudit's own record about it — the approvals and rejections made through memaudit,
    kept in a sidecar ledger in the data directory ($MEMAUDIT_HOME).

    Examples: `memaudit log --since 7d`, `memaudit log --db ~/.hermes --action reject --json`.

    Exit codes: 0 shown; 6 the store keeps no history and memaudit has recorded nothing
    about it.
    """
    fmt = pick_format(json_, jsonl, csv)
    query: dict[str, Any] = {
        "memory_id": memory,
        "actions": action,
        "actor": actor,
        "since": since_iso(ctx, since),
        "limit": limit or None,
        "newest_first": True,
    }
    with open_from(ctx, db, adapter) as store:
        if store.has(Capability.HISTORY):
            events = store.events(**query)
        else:
            events = _sidecar_events(store, query)
    events.reverse()
    rows = [e.to_dict() for e in events]
    if fmt is Fmt.JSON:
        emit_json(rows)
    elif fmt is Fmt.JSONL:
        emit_jsonl(rows)
    elif fmt is Fmt.CSV:
        emit_csv(rows, ["id", "at", "actor", "action", "memory_id", "reason", "detail"])
    else:
        table = Table(header_style="bold")
        for col in ("#", "at", "actor", "action", "memory", "reason / detail"):
            table.add_column(col, no_wrap=col != "reason / detail")
        for e in events:
            extra = e.reason or ", ".join(f"{k}={v}" for k, v in e.detail.items())
            table.add_row(
                str(e.id),
                safe(e.at),
                safe(e.actor),
                safe(e.action),
                safe(e.memory_id),
                safe(extra, 60),
            )
        console.print(table)


def _sidecar_events(store: Any, query: dict[str, Any]) -> list[Any]:
    """memaudit's own events about a store that keeps no history (its sidecar ledger)."""
    from memaudit import sidecar

    ledger = sidecar.open_sidecar(store.location, readonly=True)
    if ledger is None:
        raise store.unsupported(Capability.HISTORY)
    with ledger:
        events = ledger.events(**query)
    err_console.print(
        f"the {store.adapter_name} store keeps no history of its own: these are memaudit's "
        f"records about it ({sidecar.sidecar_path(store.location)})",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    return events


def _why(cls: type[Adapter], location: str) -> str:
    try:
        return str(cls.explain(location))
    except Exception:  # an adapter's explanation must not take the listing down
        return ""


@app.command()
def adapters(
    detect_path: Annotated[
        str | None, typer.Option("--detect", help="Show how sure each adapter is about this path.")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """List installed adapters (entry-point group `memaudit.adapters`) with their
    capabilities and what each was tested against.

    With --detect PATH the adapters are ranked by how sure each is that PATH (a file or
    a folder) is its store, with what each saw there: the first one is what `--db PATH`
    would open.

    Examples: `memaudit adapters`, `memaudit adapters --detect ~/.hermes --json`.

    Exit codes: 0 listed; 1 --detect PATH is missing or no adapter recognises it."""
    reg = load_registry()
    scores = dict((n, s) for s, n in detect(detect_path, reg)) if detect_path else {}
    rows: list[dict[str, Any]] = [
        {
            "name": cls.name,
            "description": cls.description,
            "capabilities": sorted(c.value for c in cls.capabilities),
            "tested_against": cls.tested_against,
            **(
                {"detect_score": scores.get(cls.name, 0.0), "detect_reason": _why(cls, detect_path)}
                if detect_path
                else {}
            ),
        }
        for cls in reg.adapters.values()
    ]
    unknown = ""
    if detect_path:
        check_exists(detect_path)
        rows.sort(key=lambda r: -r["detect_score"])  # stable: ties stay alphabetical
        if not any(r["detect_score"] > 0 for r in rows):
            unknown = not_a_store_message(detect_path, [r["name"] for r in rows])
    if json_:
        emit_json({"adapters": rows, "broken": reg.broken})
        if unknown:
            raise NotAStore(unknown)
        return
    table = Table(header_style="bold")
    table.add_column("adapter", style="bold")
    if detect_path:
        table.add_column("detect", justify="right")
        table.add_column("what it saw")
    table.add_column("capabilities")
    table.add_column("tested against")
    table.add_column("what it opens")
    for r in rows:
        cells = [r["name"]]
        if detect_path:
            cells += [f"{r['detect_score']:.2f}", safe(r["detect_reason"])]
        cells += [", ".join(r["capabilities"]), r["tested_against"], r["description"]]
        table.add_row(*cells)
    console.print(table)
    for name, why in reg.broken.items():
        err_console.print(f"adapter {name} failed to load: {why}")
    if unknown:
        raise NotAStore(unknown)
