"""A lineage as Graphviz DOT or Mermaid text, to paste into docs or render.

Evidence sits at the bottom and what was derived from it above (``BT``), arrows
follow the derivation (source → derived) and carry the relation. Node names are
generated (``n0``, ``n1``, ...); the memory id is the first line of each label.
Stored text reaches a label only through ``textsafety.preview`` (hidden and control
characters made visible, one line) and is then escaped for the target syntax, so a
quote, a backslash, a ``#`` or a newline in a memory cannot break the graph or
inject statements into it.
"""

from __future__ import annotations

from memaudit.graph import Direction, Lineage, LineageNode
from memaudit.model import TrustTier
from memaudit.textsafety import preview

PREVIEW_WIDTH = 48
TIER_FILL = {
    TrustTier.T1: "#c8e6c9",
    TrustTier.T2: "#bbdefb",
    TrustTier.T3: "#b2ebf2",
    TrustTier.T4: "#fff9c4",
    TrustTier.T5: "#ffcdd2",
}


def label_lines(node: LineageNode) -> list[str]:
    """What a node says: id; tier, source type, status, confidence; a content preview."""
    lines = [preview(node.id, 80)]
    m = node.memory
    if m is None:
        when = f" {node.missing_at}" if node.missing_at else ""
        lines.append(f"missing: {node.missing}{when}")
        return lines
    conf = "" if m.confidence is None else f" {m.confidence:.2f}"
    lines.append(f"{m.trust_tier.value} {m.source_type.value} · {m.status.value}{conf}")
    lines.append(preview(m.content, PREVIEW_WIDTH))
    return lines


def _names(lineage: Lineage) -> dict[str, str]:
    return {n.id: f"n{i}" for i, n in enumerate(lineage.ordered_nodes())}


# -- DOT ---------------------------------------------------------------------


def dot_string(text: str) -> str:
    """A DOT double-quoted string. Backslashes are escaped too, so a memory cannot
    smuggle in DOT's own escapes (``\\N``, ``\\l``)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_label(lines: list[str]) -> str:
    body = "\\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in lines)
    return f'"{body}"'


def to_dot(lineage: Lineage) -> str:
    names = _names(lineage)
    out = [
        "digraph lineage {",
        "  rankdir=BT;",
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fillcolor="#eeeeee"];',
        '  edge [fontname="Helvetica", fontsize=10];',
    ]
    for node in lineage.ordered_nodes():
        attrs = [f"label={dot_label(label_lines(node))}", f"tooltip={dot_string(node.id)}"]
        if node.memory is None:
            attrs.append('style="rounded,dashed"')
            attrs.append('color="#888888"')
        else:
            attrs.append(f'fillcolor="{TIER_FILL[node.memory.trust_tier]}"')
        if node.direction is Direction.FOCUS:
            attrs.append("penwidth=3")
        out.append(f"  {names[node.id]} [{', '.join(attrs)}];")
    for edge in lineage.all_edges():
        if edge.parent_id not in names or edge.child_id not in names:
            continue
        attrs = [f"label={dot_string(edge.relation.value)}"]
        if edge in lineage.removed_edges:
            attrs.append("style=dashed")
        out.append(f"  {names[edge.parent_id]} -> {names[edge.child_id]} [{', '.join(attrs)}];")
    out.append("}")
    return "\n".join(out) + "\n"


# -- Mermaid -----------------------------------------------------------------

# Mermaid entity codes: '#' first, since every other replacement introduces one.
_MERMAID_ESCAPES = (
    ("#", "#35;"),
    ('"', "#quot;"),
    ("&", "#amp;"),
    ("<", "#lt;"),
    (">", "#gt;"),
    ("`", "#96;"),
    ("|", "#124;"),
    ("[", "#91;"),
    ("]", "#93;"),
    ("{", "#123;"),
    ("}", "#125;"),
)


def mermaid_text(text: str) -> str:
    for raw, code in _MERMAID_ESCAPES:
        text = text.replace(raw, code)
    return text


def mermaid_unescape(text: str) -> str:
    for raw, code in reversed(_MERMAID_ESCAPES):
        text = text.replace(code, raw)
    return text


def to_mermaid(lineage: Lineage) -> str:
    names = _names(lineage)
    out = ["flowchart BT"]
    for node in lineage.ordered_nodes():
        label = "<br/>".join(mermaid_text(line) for line in label_lines(node))
        shape = ('(["', '"])') if node.memory is None else ('["', '"]')
        out.append(f"  {names[node.id]}{shape[0]}{label}{shape[1]}")
    for edge in lineage.all_edges():
        if edge.parent_id not in names or edge.child_id not in names:
            continue
        arrow = "-.->" if edge in lineage.removed_edges else "-->"
        rel = mermaid_text(edge.relation.value)
        out.append(f'  {names[edge.parent_id]} {arrow}|"{rel}"| {names[edge.child_id]}')
    for tier, fill in TIER_FILL.items():
        out.append(f"  classDef {tier.value} fill:{fill},stroke:#555")
    out.append("  classDef missing fill:#eeeeee,stroke:#888,stroke-dasharray:5 5")
    out.append("  classDef focus stroke-width:3px")
    for node in lineage.ordered_nodes():
        cls = node.memory.trust_tier.value if node.memory else "missing"
        out.append(f"  class {names[node.id]} {cls}")
    out.append(f"  class {names[lineage.focus]} focus")
    return "\n".join(out) + "\n"
