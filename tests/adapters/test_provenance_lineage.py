"""Issue 17 (provenance): each adapter reads what its store records about where a memory
came from, and `trace` / `show` reach the recorded source with the right tier on each
node — or show a *missing source* with the raw reference, never "its own evidence".

The stores are the ``lineage/`` variants of tests/fixtures/providers/{mnemosyne,
holographic,basic_memory}, written by the real packages (see each NOTES.md).
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from tests.adapters.conftest import PROVIDERS

OWN_EVIDENCE = "its own evidence"
MNEMO = json.loads((PROVIDERS / "mnemosyne" / "lineage" / "ids.json").read_text())
BM_SUMMARY = "main/summaries/deploy-summary"
BM_HYPOTHESIS = "main/analysis/cache-hypothesis"
BM_INCIDENT = "main/incidents/deploy-incident"
BM_OPINION = "main/analysis/team-opinion"
BM_CONTROL = "main/people/answer-style"


@pytest.fixture
def mnemo(provider) -> Path:
    return provider("mnemosyne", "lineage") / "hermes_home"


@pytest.fixture
def holo(provider) -> Path:
    return provider("holographic", "lineage") / "memory_store.db"


@pytest.fixture
def bm(provider) -> Path:
    return provider("basic_memory", "lineage") / "config"


def trace_json(cli, db: Path, memory_id: str) -> dict:
    result = cli("trace", memory_id, "--up", "--json", db=db)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def nodes(data: dict) -> dict[str, dict]:
    return {n["id"]: n for n in data["nodes"]}


def tiers(data: dict) -> dict[str, tuple[str, str]]:
    """id -> (source_type, tier) of every present node."""
    return {
        n["id"]: (n["source_type"], n["trust_tier"]) for n in data["nodes"] if n["missing"] is None
    }


def bm_id(store_dir: Path, permalink: str) -> str:
    with open_store(str(store_dir)) as store:
        (found,) = [m.id for m in store.memories() if m.id.startswith(permalink + "#")]
    return found


# -- Mnemosyne: metadata_json derived_from / summary_of, veracity, trust_tier ----------------


def test_mnemosyne_inference_reaches_its_recorded_sources(cli, mnemo) -> None:
    data = trace_json(cli, mnemo, MNEMO["inference"])
    assert tiers(data) == {
        MNEMO["inference"]: ("inference", "T5"),  # veracity inferred, trust_tier DERIVED
        MNEMO["observed"]: ("user_statement", "T1"),
        MNEMO["tool_log"]: ("tool_observation", "T1"),  # source 'tool', though an assistant's
    }
    assert {(e["parent_id"], e["relation"]) for e in data["edges"]} == {
        (MNEMO["observed"], "infers"),
        (MNEMO["tool_log"], "infers"),
    }
    tree = cli("trace", MNEMO["inference"], "--up", db=mnemo).stdout
    assert OWN_EVIDENCE not in tree and "◆ root" in tree


def test_mnemosyne_summary_reaches_the_inference_and_its_sources(cli, mnemo) -> None:
    data = trace_json(cli, mnemo, MNEMO["summary"])
    assert tiers(data)[MNEMO["summary"]] == ("summary", "T4")
    assert set(tiers(data)) == {
        MNEMO["summary"],
        MNEMO["inference"],
        MNEMO["observed"],
        MNEMO["tool_log"],
    }
    summarized = {e["parent_id"] for e in data["edges"] if e["child_id"] == MNEMO["summary"]}
    assert summarized == {MNEMO["observed"], MNEMO["inference"]}
    assert data["effective_trust"] == "T5"  # it rests on an inference


def test_mnemosyne_show_says_what_the_store_records(cli, mnemo) -> None:
    data = json.loads(cli("show", MNEMO["inference"], "--json", db=mnemo).stdout)
    assert data["derived"] is True and data["trust_tier"] == "T5"
    assert data["extra"]["trust_tier (mnemosyne)"] == "DERIVED"
    # the old contradiction: "trust_tier keeps its default 'STATED' for every row"
    assert not any("trust_tier" in f for f in data["flags"])
    # a row holding 'STATED' as a fallback (source 'tool') is flagged, a user's is not
    tool = json.loads(cli("show", MNEMO["tool_log"], "--json", db=mnemo).stdout)
    assert any("trust_tier evidence" in f and "'tool'" in f for f in tool["flags"])
    user = json.loads(cli("show", MNEMO["control"], "--json", db=mnemo).stdout)
    assert not any("trust_tier" in f for f in user["flags"])


# -- Holographic: summary_of:<id> and derived_from:<id>+<id> tags -----------------------------


def test_holographic_summary_tag_reaches_the_recorded_source(cli, holo) -> None:
    data = trace_json(cli, holo, "4")  # tags: summary,summary_of:3
    assert tiers(data) == {
        "4": ("summary", "T4"),
        "3": ("inference", "T5"),  # source:assistant + derived_from:1+2
        "1": ("user_statement", "T1"),
        "2": ("tool_observation", "T1"),
    }
    assert {(e["child_id"], e["parent_id"], e["relation"]) for e in data["edges"]} == {
        ("4", "3", "summarizes"),
        ("3", "1", "infers"),
        ("3", "2", "infers"),
    }


# -- Basic Memory: front matter type and derivation relations ----------------------------------


def test_basic_memory_derived_note_reaches_its_source_note(cli, bm) -> None:
    summary, hypothesis, incident = (bm_id(bm, p) for p in (BM_SUMMARY, BM_HYPOTHESIS, BM_INCIDENT))
    data = trace_json(cli, bm, summary)
    assert tiers(data) == {
        summary: ("summary", "T4"),  # type: summary
        hypothesis: ("inference", "T5"),  # type: inference (was external_document T2)
        incident: ("external_document", "T2"),  # type: note, author not recorded
    }
    assert {(e["child_id"], e["parent_id"], e["relation"]) for e in data["edges"]} == {
        (summary, hypothesis, "summarizes"),
        (hypothesis, incident, "infers"),
    }


def test_basic_memory_questions_count_the_marked_derived_memories(cli, bm) -> None:
    answers = {a["id"]: a for a in json.loads(cli("questions", "--json", db=bm).stdout)["answers"]}
    derived = answers["derived_marked"]
    assert derived["answer"] == "yes"
    assert any(
        "all 3 active derived memories are marked and linked" in e for e in derived["evidence"]
    )


# -- a source the store names but memaudit cannot resolve: a missing source -----------------


@pytest.mark.parametrize(
    ("system", "focus", "reference"),
    [
        ("mnemosyne", MNEMO["orphan_inference"], "msg-2026-10-03-17"),
        ("holographic", "5", "999"),
        ("basic_memory", BM_OPINION, "[[Standup Notes 2026-10-03]]"),
    ],
)
def test_unresolved_parent_is_a_missing_source_never_own_evidence(
    cli, mnemo, holo, bm, system, focus, reference
) -> None:
    db = {"mnemosyne": mnemo, "holographic": holo, "basic_memory": bm}[system]
    if system == "basic_memory":
        focus = bm_id(bm, focus)
    data = trace_json(cli, db, focus)
    node = nodes(data)[reference]
    assert node["missing"] == "unknown id" and node["missing_source"] is True
    assert node["reference"] == reference
    assert [f["kind"] for f in data["findings"]] == ["missing_source"]
    tree = cli("trace", focus, "--up", db=db).stdout
    assert OWN_EVIDENCE not in tree
    assert f"✝ {reference}" in tree and "missing source" in tree
    show = cli("show", focus, db=db).stdout
    assert f"✝ {reference}" in show and "missing source" in show
    shown = json.loads(cli("show", focus, "--json", db=db).stdout)
    assert [(p["parent_id"], p["missing_source"]) for p in shown["parents"]] == [(reference, True)]


@pytest.mark.parametrize(
    ("system", "focus"),
    [("mnemosyne", MNEMO["control"]), ("holographic", "6"), ("basic_memory", BM_CONTROL)],
)
def test_control_user_statement_is_its_own_evidence_with_no_findings(
    cli, mnemo, holo, bm, system, focus
) -> None:
    db = {"mnemosyne": mnemo, "holographic": holo, "basic_memory": bm}[system]
    if system == "basic_memory":
        focus = bm_id(bm, focus)
    data = trace_json(cli, db, focus)
    assert data["edges"] == [] and data["findings"] == []
    tree = cli("trace", focus, "--up", db=db).stdout
    # a note in a knowledge base is a document (T2): still the evidence itself
    assert OWN_EVIDENCE in tree


def test_a_derived_memory_with_no_recorded_parent_is_not_its_own_evidence(cli, provider) -> None:
    """Mnemosyne's `before/` store: the assistant's inference names no source."""
    mnemo_before = provider("mnemosyne") / "hermes_home"
    ids = json.loads((PROVIDERS / "mnemosyne" / "ids.json").read_text())
    tree = cli("trace", ids["assistant_claim"], "--up", db=mnemo_before).stdout
    assert OWN_EVIDENCE not in tree
    assert "no parent memory recorded" in tree  # Mnemosyne names its session as source_ref


def test_hostile_reference_is_shown_neutralised_in_trace_and_show(cli, mnemo) -> None:
    """A reference is store bytes: markup, escapes and bidi controls reach the terminal
    only as visible markers (textsafety), in the tree and in `show`."""
    hostile = "[link=https://evil.example]x[/link]\x1b[31mRED\u202eevil"
    db = mnemo / "mnemosyne" / "data" / "mnemosyne.db"
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE working_memory SET metadata_json = ? WHERE id = ?",
        (json.dumps({"derived_from": [hostile]}), MNEMO["orphan_inference"]),
    )
    conn.commit()
    conn.close()
    for args in (("trace", MNEMO["orphan_inference"], "--up"), ("show", MNEMO["orphan_inference"])):
        out = cli(*args, db=mnemo).stdout
        assert "missing source" in out
        assert "\x1b" not in out and "\u202e" not in out
        assert re.search(r"⟨[A-Z0-9 +-]+⟩", out), out  # the controls shown as markers
        assert "[link=https://evil.example]x[/link]" in out  # printed, never parsed as markup


# -- mem0 and LangGraph: a caller's own metadata / value fields -------------------------------

MEM0 = json.loads((PROVIDERS / "mem0" / "lineage_ids.json").read_text())


def test_mem0_metadata_importance_confidence_and_parents(cli, provider) -> None:
    db = provider("mem0", "lineage")
    observed = json.loads(cli("show", MEM0["observed"], "--json", db=db).stdout)
    assert (observed["importance"], observed["confidence"]) == (8.0, 0.9)
    data = trace_json(cli, db, MEM0["summary"])
    assert tiers(data) == {
        MEM0["summary"]: ("summary", "T4"),  # metadata.kind
        MEM0["inference"]: ("inference", "T5"),
        MEM0["observed"]: ("user_statement", "T1"),
        MEM0["tool_log"]: ("tool_observation", "T1"),
    }
    node = nodes(data)["mem-2026-10-03-gone"]
    assert node["missing_source"] is True
    tree = cli("trace", MEM0["summary"], "--up", db=db).stdout
    assert "✝ mem-2026-10-03-gone" in tree and OWN_EVIDENCE not in tree


def test_langgraph_value_derived_from_is_lineage(cli, provider) -> None:
    db = provider("langgraph") / "store.db"
    data = trace_json(cli, db, "users.alice.summaries/packaging-summary")
    assert tiers(data) == {
        "users.alice.summaries/packaging-summary": ("summary", "T4"),  # value.kind
        "users.alice.memories/pkg-poetry": ("user_statement", "T1"),
        "users.alice.memories/pkg-uv": ("user_statement", "T1"),
    }


def test_always_on_consolidation_keeps_its_deleted_source_as_missing(cli, provider) -> None:
    """The always-on agent's `delete_memory` removes the row its consolidation names in
    source_ids: the consolidation still rests on it (missing source), not on itself."""
    db = provider("lifecycle_relatives", "always_on") / "memory_after_delete.db"
    data = trace_json(cli, db, "consolidation:1")
    assert nodes(data)["3"]["missing_source"] is True
    assert {n["id"] for n in data["nodes"] if n["missing"] is None} == {"consolidation:1", "1", "2"}
    tree = cli("trace", "consolidation:1", "--up", db=db).stdout
    assert "✝ 3" in tree and "missing source" in tree
