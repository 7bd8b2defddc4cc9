"""A lineage as Graphviz DOT or Mermaid text, to paste into docs or render.

Evidence sits at the bottom and what was derived from it above (``BT``), arrows
follow the derivation (source → derived) and carry the relation. Node names are
generated (``n0``, ``n1``, ...); the memory id is the first line of each label.
Every string reaches the output through ``dot_string`` or ``mermaid_text``, which
make hidden and control characters visible (one line, ``textsafety.reveal``) and then
escape for the target syntax, so a quote, a backslash, a ``#``, a newline or an escape
sequence in a memory (its content, id or missing-reason) cannot break the graph,
inject statements into it or reach the terminal it is printed on.
"""

from __future__ import annotations

from memaudit.graph import Direction, Lineage, LineageNode
from memaudit.model import TrustTier
from memaudit.textsafety import preview, reveal

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


def _one_line(text: str) -> str:
    return reveal(text, keep_newlines=False)


def _dot_escape(text: str) -> str:
    # Backslashes too, so a memory cannot smuggle in DOT's own escapes (\N, \l).
    return _one_line(text).replace("\\", "\\\\").replace('"', '\\"')


def dot_string(text: str) -> str:
    """A DOT double-quoted string holding ``text`` on one line, hidden characters shown."""
    return '"' + _dot_escape(text) + '"'


def dot_label(lines: list[str]) -> str:
    return '"' + "\\n".join(_dot_escape(line) for line in lines) + '"'


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
    """``text`` on one line, hidden characters shown, Mermaid's syntax characters coded."""
    text = _one_line(text)
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
