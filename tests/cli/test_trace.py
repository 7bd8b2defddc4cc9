"""`memaudit trace` as a user runs it: tree, JSON, DOT and Mermaid."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pydot
import pytest

from memaudit import adapters, review
from memaudit.adapters.native import NativeAdapter, NativeStore
from memaudit.ledger import Ledger
from memaudit.lineage_export import mermaid_unescape
from memaudit.model import Relation, SourceType
from memaudit.review import Candidate
from memaudit.store import Adapter, Capability
from tests.conftest import Cli, file_bytes

U, T, S, I = (  # noqa: E741  (short names keep the scenarios readable)
    SourceType.USER_STATEMENT,
    SourceType.TOOL_OBSERVATION,
    SourceType.SUMMARY,
    SourceType.INFERENCE,
)


def add(ledger: Ledger, mid: str, content: str, st: SourceType, parents: list[str] | None = None):
    promote = ledger.policy().route(st) == "transient"
    review.stage(
        ledger,
        Candidate(
            content=content, source_type=st, id=mid, derived_from=parents or [], promote=promote
        ),
    )
    review.approve(ledger, mid, promote=promote)


def trace_json(cli: Cli, db: Path, *args: str) -> dict[str, Any]:
    result = cli("trace", *args, "--format", "json", db=db)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_cache_loop_tree(cli: Cli, sample: Callable[[str], Path]) -> None:
    result = cli("trace", "cache-inf-3", db=sample("cache_loop"))
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    obs = next(line for line in out.splitlines() if "cache-obs-1" in line)
    assert " T1 " in obs and "user_statement" in obs and "◆ root" in obs and "← infers" in obs
    for mid in ("cache-inf-1", "cache-inf-2"):
        line = next(line for line in out.splitlines() if mid in line and "← infers" in line)
        assert " T5 " in line and "inference" in line
    # Ancestors are listed under the focus, the observation deepest.
    assert out.index("cache-inf-2") < out.index("cache-inf-1") < out.index("cache-obs-1")
    assert re.search(r"effective trust\s+T5", out)
    assert "laundered_confidence  cache-inf-3 has confidence 0.95" in out


def test_summary_drift_reports_qualifier_loss(cli: Cli, sample: Callable[[str], Path]) -> None:
    result = cli("trace", "drift-3", db=sample("summary_drift"))
    assert result.exit_code == 0
    assert 'qualifier_loss  drift-1 drops "usually", "but", "for small tools"' in result.stdout
    assert "summary_depth  drift-3 is 3 summarisation steps" in result.stdout


@pytest.mark.parametrize("mid", ["netx-1", "netx-2", "netx-3"])
def test_three_corroboration_in_json(cli: Cli, sample: Callable[[str], Path], mid: str) -> None:
    data = trace_json(cli, sample("three_corroboration"), mid)
    found = [f for f in data["findings"] if f["kind"] == "single_root_corroboration"]
    assert [f["memory_ids"] for f in found] == [["netx-1", "netx-2", "netx-3"]]


def test_json_shape_and_alias(cli: Cli, sample: Callable[[str], Path]) -> None:
    db = sample("cache_loop")
    data = trace_json(cli, db, "cache-inf-3")
    assert data["focus"] == "cache-inf-3" and data["effective_trust"] == "T5"
    assert data["lineage_supported"] is True
    assert {n["id"]: n["trust_tier"] for n in data["nodes"]}["cache-obs-1"] == "T1"
    assert {"child_id": "cache-inf-3", "parent_id": "cache-inf-2"}.items() <= data["edges"][
        -1
    ].items()
    assert (
        cli("trace", "cache-inf-3", "--json", db=db).stdout
        == cli("trace", "cache-inf-3", "--format", "json", db=db).stdout
    )
    bad = cli("trace", "cache-inf-3", "--json", "--format", "dot", db=db)
    assert bad.exit_code == 2


def test_up_down_depth(cli: Cli, sample: Callable[[str], Path]) -> None:
    db = sample("summary_drift")
    up = cli("trace", "drift-2", "--up", db=db).stdout.split("effective trust")[0]
    assert "derived from" in up and "derived into" not in up and "drift-3" not in up
    down = cli("trace", "drift-2", "--down", db=db).stdout.split("effective trust")[0]
    assert "derived into" in down and "derived from" not in down and "drift-0" not in down
    shallow = cli("trace", "drift-3", "--up", "--depth", "1", db=db).stdout
    tree = shallow.split("effective trust")[0]
    assert "drift-2" in tree and "drift-1" not in tree
    assert "more beyond --depth 1" in tree
    assert trace_json(cli, db, "drift-3", "--depth", "1")["truncated"] == ["drift-2"]
    assert cli("trace", "drift-3", "--depth", "0", db=db).exit_code == 2


def test_unknown_id_and_read_only(cli: Cli, sample: Callable[[str], Path]) -> None:
    db = sample("cache_loop")
    before = file_bytes(db)
    result = cli("trace", "no-such", db=db)
    assert result.exit_code == 1 and result.stderr.startswith("Error: no memory with id")
    cli("trace", "cache-inf-3", db=db)
    # Reading a WAL-mode store may leave an empty -wal file; the data is untouched.
    assert file_bytes(db).removesuffix(b"--WAL--") == before


@pytest.fixture
def cyclic(ledger: Ledger, ledger_path: Path) -> Path:
    add(ledger, "a", "Alpha observed.", U)
    add(ledger, "b", "Beta, from alpha.", I, ["a"])
    add(ledger, "c", "Gamma, from beta.", I, ["b"])
    review.link(ledger, "a", ["c"], Relation.INFERS)
    return ledger_path


def test_cycle_terminates_and_is_reported(cli: Cli, cyclic: Path) -> None:
    result = cli("trace", "b", db=cyclic)
    assert result.exit_code == 0
    assert "↺ b (cycle)" in result.stdout
    assert "cycle  derivation cycle: a → b → c → a" in result.stdout
    assert trace_json(cli, cyclic, "c")["cycles"] == [["a", "b", "c"]]


def test_missing_source_is_a_tombstone_node(cli: Cli, ledger: Ledger, ledger_path: Path) -> None:
    review.stage(ledger, Candidate(content="The cache was cold.", source_type=T, id="obs"))
    add(ledger, "inf", "The cache makes starts slow.", I, ["obs"])
    review.reject(ledger, "obs", "wrong cluster")
    result = cli("trace", "inf", db=ledger_path)
    line = next(x for x in result.stdout.splitlines() if "✝ obs" in x)
    assert "rejected" in line and "wrong cluster" in line and "edge removed" in line
    assert "missing_source  obs was rejected" in result.stdout
    node = {n["id"]: n for n in trace_json(cli, ledger_path, "inf")["nodes"]}["obs"]
    assert node["missing"] == "rejected" and "content" not in node


# -- DOT and Mermaid -------------------------------------------------------------

NASTY = '\x1b[31mSay\u200b "hi" \\N C:\\t #t [x] {y} <b>|`\n line 2'


@pytest.fixture
def nasty(ledger: Ledger, ledger_path: Path) -> Path:
    add(ledger, 'q"1', NASTY, U)
    add(ledger, "s-2", "Summary: " + NASTY, S, ['q"1'])
    add(ledger, "i-3", "Inference \\ end\\", I, ["s-2", 'q"1'])
    return ledger_path


def graph_from_json(data: dict[str, Any]) -> tuple[set[str], set[tuple[str, str, str]]]:
    nodes = {n["id"] for n in data["nodes"]}
    edges = {(e["parent_id"], e["child_id"], e["relation"]) for e in data["edges"]}
    edges |= {(e["parent_id"], e["child_id"], e["relation"]) for e in data["removed_edges"]}
    return nodes, edges


def graph_from_dot(text: str) -> tuple[set[str], set[tuple[str, str, str]]]:
    (graph,) = pydot.graph_from_dot_data(text)
    ids = {}
    for node in graph.get_nodes():
        if node.get_name() in ("node", "edge", "graph"):
            continue
        tooltip = node.get("tooltip")
        ids[node.get_name()] = tooltip[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    edges = {
        (ids[e.get_source()], ids[e.get_destination()], e.get("label").strip('"'))
        for e in graph.get_edges()
    }
    return set(ids.values()), edges


_MERMAID_NODE = re.compile(r'^\s+(n\d+)(?:\["(.*)"\]|\(\["(.*)"\]\))$')
_MERMAID_EDGE = re.compile(r'^\s+(n\d+) (-->|-\.->)\|"([^"]*)"\| (n\d+)$')


def graph_from_mermaid(text: str) -> tuple[set[str], set[tuple[str, str, str]]]:
    lines = text.splitlines()
    assert lines[0] == "flowchart BT"
    ids: dict[str, str] = {}
    edges = set()
    for line in lines[1:]:
        if m := _MERMAID_NODE.match(line):
            label = m.group(2) if m.group(2) is not None else m.group(3)
            assert '"' not in label and "\n" not in label
            ids[m.group(1)] = mermaid_unescape(label.split("<br/>")[0])
        elif m := _MERMAID_EDGE.match(line):
            edges.add((m.group(1), m.group(4), m.group(3)))
        else:
            assert re.match(r"^\s+(classDef|class) ", line), line
    return set(ids.values()), {(ids[a], ids[b], r) for a, b, r in edges}


@pytest.mark.parametrize(
    ("name", "mid"),
    [
        ("cache_loop", "cache-inf-3"),
        ("summary_drift", "drift-1"),
        ("three_corroboration", "netx-obs"),
    ],
)
def test_dot_and_mermaid_match_json(
    cli: Cli, sample: Callable[[str], Path], name: str, mid: str
) -> None:
    db = sample(name)
    expected = graph_from_json(trace_json(cli, db, mid))
    dot = cli("trace", mid, "--format", "dot", db=db).stdout
    mermaid = cli("trace", mid, "--format", "mermaid", db=db).stdout
    assert graph_from_dot(dot) == expected
    assert graph_from_mermaid(mermaid) == expected


def test_hostile_text_is_escaped(cli: Cli, nasty: Path) -> None:
    expected = graph_from_json(trace_json(cli, nasty, "s-2"))
    dot = cli("trace", "s-2", "--format", "dot", db=nasty).stdout
    mermaid = cli("trace", "s-2", "--format", "mermaid", db=nasty).stdout
    for text in (dot, mermaid):
        assert "\x1b" not in text and "\u200b" not in text
        assert "⟨ESC⟩" in text and "⟨ZWSP⟩" in text
    assert len(dot.splitlines()) == 4 + 3 + 2 + 1  # header, nodes, edges, close: no stray lines
    assert graph_from_dot(dot) == expected
    assert graph_from_mermaid(mermaid) == expected
    tree = cli("trace", "s-2", db=nasty).stdout
    assert "\x1b" not in tree and "⟨ESC⟩" in tree


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz not installed")
@pytest.mark.parametrize(("mid", "edges"), [("s-2", 2), ('q"1', 3), ("i-3", 3)])
def test_graphviz_accepts_the_dot(cli: Cli, nasty: Path, mid: str, edges: int) -> None:
    dot = cli("trace", mid, "--format", "dot", db=nasty).stdout
    done = subprocess.run(["dot", "-Tsvg"], input=dot.encode(), capture_output=True, check=False)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert done.stdout.count(b'class="node"') == 3
    assert done.stdout.count(b'class="edge"') == edges


# -- a store that records no lineage --------------------------------------------


class HistoryOnlyStore(NativeStore):
    adapter_name = "history-only"
    capabilities = frozenset({Capability.READ, Capability.HISTORY})


class HistoryOnlyAdapter(Adapter):
    """A store kind that keeps versions but no derivation (like many real providers)."""

    name = "history-only"
    description = "test adapter: history, no lineage"
    capabilities: ClassVar[frozenset[Capability]] = HistoryOnlyStore.capabilities

    @classmethod
    def detect(cls, location: str) -> float:
        return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HistoryOnlyStore:
        return HistoryOnlyStore(Ledger.open(location, readonly=not writable, **options))


@pytest.fixture
def history_only(monkeypatch: pytest.MonkeyPatch) -> None:
    real = adapters.load_registry

    def registry() -> adapters.Registry:
        reg = real()
        reg.adapters["history-only"] = HistoryOnlyAdapter
        return reg

    monkeypatch.setattr(adapters, "load_registry", registry)


def test_store_without_lineage_says_so(
    cli: Cli, sample: Callable[[str], Path], history_only: None
) -> None:
    db = sample("cache_loop")
    result = cli("--adapter", "history-only", "trace", "cache-inf-3", db=db)
    assert result.exit_code == 0, result.stderr
    assert "No lineage: the history-only adapter's stores do not record" in result.stdout
    assert "promote      alice" in result.stdout  # its history
    data = json.loads(
        cli("--adapter", "history-only", "trace", "cache-inf-3", "--json", db=db).stdout
    )
    assert data["lineage_supported"] is False and data["findings"] == []
    assert [e["action"] for e in data["events"]][:2] == ["stage", "promote"]
    dot = cli("--adapter", "history-only", "trace", "cache-inf-3", "--format", "dot", db=db)
    assert dot.exit_code == 6 and "do not record" in dot.stderr

    native = cli("trace", "cache-inf-3", db=db)
    assert Capability.LINEAGE in NativeAdapter.capabilities and "No lineage" not in native.stdout
