"""`memaudit trace`: a memory's derivation graph, trust tiers and lineage findings."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.text import Text
from rich.tree import Tree

from memaudit.cli.app import app
from memaudit.cli.options import AdapterOpt, DbOpt, JsonOpt, open_from
from memaudit.cli.render import console, emit_json, fmt_num, status_text
from memaudit.graph import DEFAULT_DEPTH, MAX_DEPTH, Lineage, LineageNode, no_parents_note
from memaudit.lineage_checks import LineageFinding, lineage_findings, summary_depth
from memaudit.lineage_export import to_dot, to_mermaid
from memaudit.model import Edge, Event, Memory, Severity
from memaudit.store import Capability, Store
from memaudit.textsafety import reveal
from memaudit.tui.text import safe, tier_badge


class TraceFormat(StrEnum):
    TREE = "tree"
    JSON = "json"
    DOT = "dot"
    MERMAID = "mermaid"


SEVERITY_STYLE = {Severity.HIGH: "bold red", Severity.MEDIUM: "yellow", Severity.LOW: "dim"}
PREVIEW = 60


@app.command()
def trace(
    ctx: typer.Context,
    memory_id: Annotated[str, typer.Argument(metavar="ID", help="The memory to trace.")],
    up: Annotated[
        bool, typer.Option("--up", help="Only ancestors: what it was derived from.")
    ] = False,
    down: Annotated[
        bool, typer.Option("--down", help="Only descendants: what was derived from it.")
    ] = False,
    depth: Annotated[
        int,
        typer.Option("--depth", min=1, max=MAX_DEPTH, help="How many derivation steps to follow."),
    ] = DEFAULT_DEPTH,
    fmt: Annotated[
        TraceFormat,
        typer.Option(
            "--format",
            "-f",
            help="tree (default), json, dot (Graphviz) or mermaid.",
            show_default=False,
        ),
    ] = TraceFormat.TREE,
    json_: JsonOpt = False,
    db: DbOpt = None,
    adapter: AdapterOpt = None,
) -> None:
    """Where a memory came from, what was built on it, and how far to trust it.

    Prints the lineage as a tree: ancestors up to the original evidence and
    descendants, each with its trust tier, source type, status, confidence, creation
    time and the relation on the edge (summarizes, infers, reflects_on, extracts,
    merges). Under the tree, the findings: laundered confidence, laundered source,
    single-root corroboration, qualifier loss, summary-of-summary depth, effective
    trust, cycles and missing sources (forgotten or unknown ids, shown as ✝ nodes).

    Examples: `memaudit trace cache-inf-3`, `memaudit trace drift-3 --up --json`,
    `memaudit trace netx-obs --down --format dot | dot -Tsvg > lineage.svg`.

    Exit codes: 0 shown (findings do not change it; `audit` is the gate), 1 not
    found, 2 bad usage, 5 store busy, 6 --format dot/mermaid on a store that
    records no lineage. On such a store the tree and JSON formats show the memory
    and the history the store does keep, with a note saying so (exit 0).
    """
    if json_:
        if fmt not in (TraceFormat.TREE, TraceFormat.JSON):
            raise typer.BadParameter("--json is --format json; give only one", param_hint="--json")
        fmt = TraceFormat.JSON
    both = up == down  # neither flag (or both) means both directions
    with open_from(ctx, db, adapter) as store:
        memory = store.require(memory_id)
        if not store.has(Capability.LINEAGE):
            _no_lineage(store, memory, fmt)
            return
        lineage = store.lineage(memory_id, up=both or up, down=both or down, depth=depth)
        found = lineage_findings(store, lineage)
    if fmt is TraceFormat.JSON:
        emit_json(trace_dict(lineage, found))
    elif fmt is TraceFormat.DOT:
        typer.echo(to_dot(lineage), nl=False)
    elif fmt is TraceFormat.MERMAID:
        typer.echo(to_mermaid(lineage), nl=False)
    else:
        _print_tree(lineage, found)


def trace_dict(lineage: Lineage, found: list[LineageFinding]) -> dict[str, Any]:
    data = lineage.to_dict()
    data["lineage_supported"] = True
    data["summary_depth"] = summary_depth(lineage, lineage.focus)
    data["findings"] = [f.to_dict() for f in found]
    return data


# -- a store without lineage ---------------------------------------------------


def _no_lineage(store: Store, memory: Memory, fmt: TraceFormat) -> None:
    events = store.events(memory_id=memory.id) if store.has(Capability.HISTORY) else []
    note = (
        f"the {store.adapter_name} adapter's stores do not record what a memory was "
        "derived from, so there is no lineage to trace"
    )
    if fmt is not TraceFormat.TREE:
        if fmt is not TraceFormat.JSON:
            # DOT/Mermaid of one node would hide the point; say it instead.
            from memaudit.errors import Unsupported

            raise Unsupported(f"{note}; use --format tree or json to see its history")
        emit_json(
            {
                "focus": memory.id,
                "lineage_supported": False,
                "note": note,
                "memory": memory.to_dict(),
                "history_supported": store.has(Capability.HISTORY),
                "events": [e.to_dict() for e in events],
                "findings": [],
            }
        )
        return
    console.print(_node_text(memory, focus=True))
    console.print(Text(f"No lineage: {note}.", style="yellow"))
    if store.has(Capability.HISTORY):
        console.print(Text("provenance the store does keep (its history):", style="bold"))
        _print_events(events)
    else:
        console.print(Text("The store keeps no history either.", style="yellow"))
    _print_provenance_fields(memory)


def _print_events(events: list[Event]) -> None:
    if not events:
        console.print(Text("  no events for this memory", style="dim"))
    for ev in events:
        line = f"  {ev.at or '-'}  {ev.action:<12} {ev.actor or '-'}"
        if ev.reason:
            line += f"  — {ev.reason}"
        console.print(Text(reveal(line)))


def _print_provenance_fields(memory: Memory) -> None:
    rows = [("source ref", memory.source_ref), ("created by", memory.created_by)]
    for key, value in rows:
        if value:
            console.print(Text(f"  {key}: ") + safe(value))
    for what in memory.missing:
        console.print(Text(f"  ⚑ store does not record: {what}", style="yellow"))


# -- the tree ------------------------------------------------------------------


def _node_text(
    memory: Memory, *, focus: bool = False, relation: str | None = None, root: bool = False
) -> Text:
    # One line per node (cut with an ellipsis), so the tree's shape stays readable.
    text = Text(no_wrap=True, overflow="ellipsis")
    if relation:
        text.append(f"{relation} ", style="cyan")
    text.append(reveal(memory.id, keep_newlines=False), style="bold" if focus else "")
    text.append("  ")
    text.append_text(tier_badge(memory.trust_tier))
    text.append(f" {memory.source_type.value} · ")
    text.append_text(status_text(memory.status))
    text.append(f" · conf {fmt_num(memory.confidence)} · {memory.created_at or 'no time'}")
    if root:
        text.append("  ◆ root", style="bold green" if memory.trust_tier.rank <= 2 else "bold")
    text.append("  ")
    text.append_text(safe(memory.content, PREVIEW))
    return text


def _missing_text(node: LineageNode, relation: str | None) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    if relation:
        text.append(f"{relation} ", style="cyan")
    text.append(f"✝ {reveal(node.id, keep_newlines=False)}", style="red")
    if node.missing_source:
        text.append(f"  {node.missing_label()}", style="red")
    else:
        text.append(f"  {node.missing}", style="red")
        if node.missing_at:
            text.append(f" {node.missing_at}")
        if node.missing_reason:
            text.append("  — ")
            text.append_text(safe(node.missing_reason, PREVIEW))
    return text


def _label(lineage: Lineage, nid: str, relation: str | None, *, upwards: bool) -> Text:
    node = lineage.nodes[nid]
    if node.memory is None:
        return _missing_text(node, relation)
    # The original evidence: nothing above it, and not itself derived (a derived memory
    # whose store names no parent is not evidence of anything).
    root = (
        upwards
        and not lineage.parents_of(nid)
        and nid not in lineage.truncated
        and not node.memory.derived
    )
    return _node_text(node.memory, focus=nid == lineage.focus, relation=relation, root=root)


def _grow(lineage: Lineage, branch: Tree, start: str, *, upwards: bool, shown: set[str]) -> None:
    """Add ``start``'s ancestors (or descendants) under ``branch``, depth first with an
    explicit stack: a chain can be as deep as ``--depth`` allows (1000)."""

    def edges_of(nid: str) -> Iterator[Edge]:
        edges = lineage.parents_of(nid) if upwards else lineage.children_of(nid)
        return iter(sorted(edges, key=lambda e: e.parent_id if upwards else e.child_id))

    on_path = {start}
    stack: list[tuple[Tree, str, Iterator[Edge]]] = [(branch, start, edges_of(start))]
    while stack:
        node_branch, nid, todo = stack[-1]
        for edge in todo:
            other = edge.parent_id if upwards else edge.child_id
            relation = f"← {edge.relation.value}" if upwards else f"→ {edge.relation.value}"
            if edge in lineage.removed_edges:
                relation += " (edge removed)"
            if other in on_path:
                node_branch.add(Text(f"{relation} ↺ {reveal(other)} (cycle)", style="bold red"))
                continue
            if other in shown:
                node_branch.add(Text(f"{relation} {reveal(other)} (shown above)", style="dim"))
                continue
            shown.add(other)
            child = node_branch.add(_label(lineage, other, relation, upwards=upwards))
            on_path.add(other)
            stack.append((child, other, edges_of(other)))
            break
        else:
            stack.pop()
            on_path.discard(nid)
            if nid in lineage.truncated and nid != lineage.focus:
                node_branch.add(Text(f"… more beyond --depth {lineage.depth_limit}", style="dim"))


def _print_tree(lineage: Lineage, found: list[LineageFinding]) -> None:
    focus = lineage.focus
    tree = Tree(_label(lineage, focus, None, upwards=True), guide_style="dim")
    if lineage.up:
        ups = tree.add(Text("derived from", style="bold"))
        if lineage.parents_of(focus):
            _grow(lineage, ups, focus, upwards=True, shown={focus})
        else:
            focus_memory = lineage.memory(focus)
            note = no_parents_note(focus_memory) if focus_memory else "nothing recorded"
            ups.add(Text(reveal(note, keep_newlines=False), style="dim"))
    if lineage.down:
        downs = tree.add(Text("derived into", style="bold"))
        if lineage.children_of(focus):
            _grow(lineage, downs, focus, upwards=False, shown={focus})
        else:
            downs.add(Text("nothing derived from it", style="dim"))
    console.print(tree)
    tier = lineage.effective_trust()
    ancestors = sum(1 for n in lineage.nodes.values() if n.direction.value in ("up", "both"))
    descendants = sum(1 for n in lineage.nodes.values() if n.direction.value in ("down", "both"))
    summary = Text("effective trust ")
    if tier is not None:
        summary.append_text(tier_badge(tier))
    summary.append(
        f"  (weakest tier it rests on) · {ancestors} ancestor(s) · {descendants} descendant(s)"
        f" · summary depth {summary_depth(lineage, focus)}"
    )
    console.print(summary)
    if lineage.truncated:
        console.print(
            Text(f"cut at --depth {lineage.depth_limit}: raise it to see more", style="dim")
        )
    if not found:
        console.print(Text("no lineage findings", style="green"))
        return
    console.print(Text(f"findings ({len(found)})", style="bold"))
    for f in found:
        line = Text("⚑ ", style=SEVERITY_STYLE[f.severity])
        line.append(f"{f.severity.value:<6} {f.kind.value}", style=SEVERITY_STYLE[f.severity])
        line.append("  ")
        line.append(reveal(f.evidence, keep_newlines=False))
        console.print(line)
        console.print(
            Text(f"    → {reveal(f.suggestion, keep_newlines=False)}", style="dim"), soft_wrap=True
        )
