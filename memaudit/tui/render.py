"""Rich renderables for the review UI: badges, flags, revealed text, the detail pane.

Stored text (content, ids, actor names, times, reasons) never reaches Rich as markup
or raw: it goes through ``tui.text`` into ``Text`` objects, with every hidden or
control character replaced by a ``⟨NAME⟩`` marker (the same names as
``textsafety.reveal``), so a memory cannot hide words or drive the terminal.
"""

from __future__ import annotations

from datetime import datetime

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from memaudit.clock import age_days, human_age
from memaudit.forget import ForgetPlan
from memaudit.graph import Lineage, no_parents_note
from memaudit.injection import Assessment
from memaudit.model import Memory
from memaudit.pending import Flag
from memaudit.textsafety import hidden_characters
from memaudit.tui.session import Detail
from memaudit.tui.text import (
    OUTCOME_STYLE,
    not_checked_lines,
    revealed,
    safe,
    tier_badge,
    verdict_line,
)
from memaudit.verification import Verification

FLAG_LABEL = {
    Flag.INJECTED: ("INJ", "bold white on dark_red"),
    Flag.STALE: ("STALE", "bold yellow"),
    Flag.DERIVED: ("DER", "cyan"),
    Flag.HIDDEN: ("HID", "bold white on red"),
    Flag.UNKNOWN: ("UNK", "magenta"),
    Flag.DUPLICATE: ("DUP", "bold magenta"),
    Flag.CONFLICT: ("CONF", "bold red"),
    Flag.RESURRECTED: ("RES", "bold white on red"),
}
FLAG_ORDER = [
    Flag.RESURRECTED,
    Flag.INJECTED,
    Flag.STALE,
    Flag.HIDDEN,
    Flag.CONFLICT,
    Flag.DUPLICATE,
    Flag.DERIVED,
    Flag.UNKNOWN,
]
FLAG_MEANING = {
    Flag.RESURRECTED: "the write gate found the text of a forgotten memory in it",
    Flag.INJECTED: "injected instruction: the text instructs the agent, weighed by its source "
    "(shown first; the triggering spans are highlighted)",
    Flag.STALE: "pending longer than policy stale_pending_days",
    Flag.HIDDEN: "hidden or control characters (shown as ⟨NAME⟩ in the detail pane)",
    Flag.CONFLICT: "an active memory may contradict it (candidate, not a verdict)",
    Flag.DUPLICATE: "an active memory already says the same",
    Flag.DERIVED: "derived from other memories",
    Flag.UNKNOWN: "the store cannot say where it came from",
}
SPAN_STYLE = "bold black on yellow"  # the text that triggered an INJ flag


def flags_text(flags: set[Flag], pending_lookup: bool = False) -> Text:
    out = Text()
    for flag in FLAG_ORDER:
        if flag in flags:
            label, style = FLAG_LABEL[flag]
            if out:
                out.append(" ")
            out.append(label, style=style)
    if pending_lookup:
        out.append(" …" if out else "…", style="dim")
    return out


def highlighted(text: str, spans: list[tuple[int, int]]) -> Text:
    """``revealed(text)`` with the ``spans`` (offsets into ``text``) highlighted: each
    piece is revealed on its own, so hidden characters inside a span stay visible."""
    cuts = sorted({0, len(text), *(min(max(p, 0), len(text)) for s in spans for p in s)})
    out = Text()
    for a, b in zip(cuts, cuts[1:], strict=False):
        piece = revealed(text[a:b])
        if any(s <= a and b <= e for s, e in spans):
            piece.stylize(SPAN_STYLE)
        out.append_text(piece)
    return out


def injection_section(m: Memory, a: Assessment) -> list[RenderableType]:
    """INJ: score and severity, the source tier beside it, one line per signal."""
    head = Text("⚠ INJ injected instruction", style="bold white on dark_red")
    head.append(f"  score {a.score:.2f} ({a.severity or 'recorded at the gate'})  ", style="bold")
    head.append_text(tier_badge(m.trust_tier))
    head.append(f" {m.source_type.value}", style="bold")
    lines: list[RenderableType] = [
        head,
        safe(f"source weight {a.source_weight:.2f}: {a.source_reason}"),
    ]
    for line in a.describe(m.content, 70):
        lines.append(safe(f"  • {line}", style="yellow"))
    return lines


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _field_table(m: Memory, now: datetime) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column("k", style="bold", no_wrap=True)
    table.add_column("v")
    age = human_age(age_days(m.created_at, now))
    tier = tier_badge(m.trust_tier) + Text(f" {m.source_type.value}")
    tier.append(f"   confidence {_num(m.confidence)}   importance {_num(m.importance)}")
    scope = safe(m.scope, 80) + "   expires " + safe(m.expires_at or "-", 40)
    created = safe(m.created_at or "-", 40) + f" ({age} ago) by " + safe(m.created_by or "-", 80)
    rows: list[tuple[str, Text]] = [
        ("status", Text(f"{m.status.value} · version {m.version}")),
        ("source", tier),
        ("source_ref", safe(m.source_ref, 200)),
        ("created", created),
        ("scope", scope),
    ]
    if m.tags:
        rows.append(("tags", safe(", ".join(m.tags), 80)))
    for k, v in rows:
        table.add_row(k, v)
    return table


def _node_label(lineage: Lineage, nid: str, relation: str | None) -> Text:
    label = Text(no_wrap=True, overflow="ellipsis")
    if relation:
        label.append(f"{relation} ", style="cyan")
    node = lineage.nodes.get(nid)
    m = node.memory if node else None
    if m is None:
        label.append_text(safe(f"✝ {nid}", 60, style="red"))
        why = node.missing_label() if node else "unknown id"
        label.append("  ")
        label.append_text(safe(why, 140, style="red"))
        if node and node.missing_at:
            label.append(" ")
            label.append_text(safe(node.missing_at, 40, style="dim"))
        return label
    label.append_text(safe(m.id, 60, style="bold" if nid == lineage.focus else ""))
    label.append(" ")
    label.append_text(tier_badge(m.trust_tier))
    label.append(f" {m.source_type.value} · {m.status.value}", style="dim")
    if m.confidence is not None:
        label.append(f" · conf {m.confidence:g}", style="dim")
    label.append("  ")
    label.append_text(safe(m.content, 60))
    return label


# The detail pane shows at most this many lineage nodes; `memaudit trace` shows all.
TREE_NODES = 25


def _grow(
    lineage: Lineage, branch: Tree, nid: str, up: bool, path: frozenset[str], shown: set[str]
) -> None:
    edges = lineage.parents_of(nid) if up else lineage.children_of(nid)
    for edge in sorted(edges, key=lambda e: e.parent_id if up else e.child_id):
        other = edge.parent_id if up else edge.child_id
        relation = ("← " if up else "→ ") + edge.relation.value
        if edge in lineage.removed_edges:
            relation += " (edge removed)"
        if other in path:
            branch.add(safe(f"{relation} ↺ {other}", 80, style="bold red") + " (cycle)")
            continue
        if other in shown:  # a shared ancestor: once is enough (a DAG, not a tree)
            branch.add(safe(f"{relation} {other}", 80, style="dim") + " (shown above)")
            continue
        if len(shown) >= TREE_NODES:
            branch.add(Text("… more: run `memaudit trace` for the whole lineage", style="dim"))
            return
        shown.add(other)
        sub = branch.add(_node_label(lineage, other, relation))
        _grow(lineage, sub, other, up, path | {other}, shown)
    if nid in lineage.truncated and nid != lineage.focus:
        branch.add(Text(f"… more beyond depth {lineage.depth_limit}", style="dim"))


def lineage_tree(lineage: Lineage | None, memory: Memory) -> RenderableType:
    """The same shape `memaudit trace` prints: derived from (up), derived into (down)."""
    if lineage is None:
        return Text("this store records no lineage", style="dim")
    focus = lineage.focus
    tree = Tree(_node_label(lineage, focus, None), guide_style="dim")
    start = frozenset({focus})
    ups = tree.add(Text("derived from", style="bold"))
    if lineage.parents_of(focus):
        _grow(lineage, ups, focus, True, start, {focus})
    else:
        ups.add(safe(no_parents_note(memory), 200, style="dim"))
    downs = tree.add(Text("derived into", style="bold"))
    if lineage.children_of(focus):
        _grow(lineage, downs, focus, False, start, {focus})
    else:
        downs.add(Text("nothing derived from it", style="dim"))
    tier = lineage.effective_trust()
    if tier is not None and lineage.parents_of(focus):
        line = Text("effective trust of the lineage ", style="dim") + tier_badge(tier)
        return Group(tree, line)
    return tree


def detail_renderable(d: Detail, now: datetime) -> RenderableType:
    m = d.memory
    parts: list[RenderableType] = []
    head = safe(m.id, style="bold")
    head.append("  ")
    head.append_text(flags_text(d.flags))
    parts.append(head)
    hidden = hidden_characters(m.content)
    if hidden:
        names = ", ".join(f"{name} at {pos}" for pos, name in hidden[:8])
        more = f" and {len(hidden) - 8} more" if len(hidden) > 8 else ""
        parts.append(
            Text(f"⚠ {len(hidden)} hidden character(s) in this content: {names}{more}", "bold red")
        )
    if d.injection is not None:
        parts.extend(injection_section(m, d.injection))
    parts.append(Text("content", style="bold underline"))
    if d.injection is not None:
        parts.append(highlighted(m.content, d.injection.spans()))
    else:
        parts.append(revealed(m.content))
    if m.summary:
        parts.append(Text("summary", style="bold underline"))
        parts.append(revealed(m.summary))
    parts.append(Text(""))
    parts.append(_field_table(m, now))
    parts.append(Text(""))
    parts.append(Text("lineage", style="bold underline"))
    parts.append(lineage_tree(d.lineage, m))
    parts.append(Text(""))
    parts.append(Text("conflict candidates", style="bold underline"))
    if d.conflicts:
        table = Table(box=None, padding=(0, 1), expand=True, header_style="bold")
        table.add_column(Text("this (") + safe(m.id, 60) + ")", ratio=1)
        table.add_column("active memory it may contradict", ratio=1)
        for c in d.conflicts:
            other = safe(c.memory.id + " ", style="bold") + tier_badge(c.memory.trust_tier)
            other.append(" ")
            other.append_text(safe(c.memory.created_at or "", 40, style="dim"))
            other.append("\n")
            other.append_text(revealed(c.memory.content))
            table.add_row(revealed(m.content), other)
            table.add_row(Text(""), safe(c.reason, style="italic yellow"))
        parts.append(table)
    else:
        parts.append(Text("none found", style="dim"))
    parts.append(Text(""))
    parts.append(Text("similar active memories", style="bold underline"))
    if d.similar:
        for s in d.similar:
            line = Text(f"{s.how:>13}  ", style="magenta")
            line.append_text(safe(s.memory.id, style="bold"))
            line.append("  ")
            line.append_text(safe(s.memory.content, 70))
            parts.append(line)
    else:
        parts.append(Text("none found", style="dim"))
    if d.checked:
        parts.append(Text(f"checked: {d.checked}", style="dim"))
    return Group(*parts)


def trace_renderable(d: Detail) -> RenderableType:
    return lineage_tree(d.lineage, d.memory)


# -- forget and verification ----------------------------------------------------------

PLAN_ITEMS = 40  # per section of the forget dialog


def forget_plan_body(target: str, plan: ForgetPlan) -> RenderableType:
    """The blast radius of a forget: the counts, what goes, what is re-queued."""
    c = plan.counts()
    parts: list[RenderableType] = [
        Text("Forget ") + safe(target, 200, style="bold") + " from every layer of the store.",
        Text(plan.counts_line()),
    ]
    if plan.over(None):
        parts.append(
            Text(
                f"More than the memory and what is derived only from it "
                f"({c['default_max']}): {c['changed'] - c['default_max']} other memories "
                "change. Read the lists below before you confirm.",
                style="bold yellow",
            )
        )
    for _action, title, rows in plan.sections():
        table = Table(title=title, title_justify="left", box=None, padding=(0, 1))
        table.add_column("id", style="bold", no_wrap=True)
        table.add_column("why")
        for item in rows[:PLAN_ITEMS]:
            table.add_row(safe(item.id), safe(item.why, 80) + " · " + safe(item.preview, 60))
        if len(rows) > PLAN_ITEMS:
            table.add_row(Text("…"), Text(f"and {len(rows) - PLAN_ITEMS} more", style="dim"))
        parts.append(table)
    also = plan.also_removed()
    if also:
        parts.append(Text(also))
    parts.append(
        Text(
            "This cannot be undone. Every layer is verified afterwards; a tombstone keeps "
            "salted fingerprints, never the text.",
            style="bold red",
        )
    )
    return Group(*parts)


def verification_table(verification: Verification) -> Table:
    """One row per layer of the store, as `memaudit forget` prints it."""
    table = Table(header_style="bold", expand=True)
    table.add_column("layer", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("result", no_wrap=True)
    table.add_column("checked")
    for report in verification.reports:
        word, n = report.outcome()
        if word == "warning":  # this face has no warning column: a copy is not residue
            word = "clean"
        verdict = Text(f"{n} {word}" if n else word, style=OUTCOME_STYLE[word])
        detail = safe(report.checked, 80)
        for r in report.residue[:3]:
            detail.append("\n")
            detail.append_text(safe(f"{r.where}: {r.match}", 120, style="red"))
        table.add_row(safe(report.layer), safe(report.kind), verdict, detail)
    return table


def verification_body(verification: Verification) -> RenderableType:
    """The layer table, what could not be checked (why, and what would make it
    checkable), then the verdict line — as `memaudit forget` ends."""
    lines = not_checked_lines(verification)
    head = [Text("could not be checked:", style="yellow")] if lines else []
    return Group(verification_table(verification), *head, *lines, verdict_line(verification))
