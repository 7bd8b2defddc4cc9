"""``trace --format dot|mermaid`` over hostile ids and content: every string goes
through ``lineage_export.dot_string`` / ``mermaid_text`` (hidden characters shown, the
syntax escaped), so the graph parses and holds no raw control — the tooltip included,
which used to carry the raw id."""

from __future__ import annotations

from pathlib import Path

import pydot
import pytest

from memaudit.lineage_export import dot_string, mermaid_text
from tests.hostile import corpus_output as corpus
from tests.hostile.output_checks import hidden_text


@pytest.mark.parametrize("focus", [corpus.PARENT_ID, "h-child"], ids=["hostile-id", "child"])
def test_dot_over_hostile_ids(focus: str, tmp_path: Path, cli) -> None:
    db = corpus.copy_store("native", tmp_path)
    r = cli("trace", focus, "--format", "dot", db=db)
    assert r.exit_code == 0, r.stderr
    assert hidden_text(r.stdout) == []
    (graph,) = pydot.graph_from_dot_data(r.stdout)
    tooltips = [n.get("tooltip") for n in graph.get_nodes() if n.get("tooltip")]
    assert any(t.startswith('"parent⟨ESC⟩]52;c;') for t in tooltips), tooltips


def test_mermaid_over_hostile_ids(tmp_path: Path, cli) -> None:
    db = corpus.copy_store("native", tmp_path)
    r = cli("trace", "h-child", "--format", "mermaid", db=db)
    assert r.exit_code == 0, r.stderr
    assert hidden_text(r.stdout) == []
    assert "parent⟨ESC⟩" in r.stdout


def test_one_escaping_place_per_syntax() -> None:
    text = 'a"b\\N\nc' + corpus.attack("dot")
    assert hidden_text(dot_string(text)) == [] and hidden_text(mermaid_text(text)) == []
    assert dot_string('a"b\\N').startswith('"a\\"b\\\\N')
    assert "⏎" in dot_string("two\nlines")
