"""Honcho on a real PostgreSQL server, on stores Honcho itself wrote (server source at commit
ddbb90e3, v3.0.12; tests/fixtures/providers/honcho/NOTES.md): before.sql, after.sql
once ``DELETE /v3/workspaces/demo/conclusions/<id>`` removed the conclusion holding the
token, and after_reconcile.sql once Honcho's reconciler hard-deleted that row."""

from __future__ import annotations

import json

from memaudit.adapters import open_store
from memaudit.errors import ExitCode
from memaudit.model import Relation, SourceType, Status
from memaudit.store import Needle
from tests.adapters.conftest import PG_PASSWORD, TOKEN

# Ids Honcho generated (nanoids), listed in NOTES.md.
LISBON = "OoGzb8N3OM45MugKGn223"  # explicit, from message 1
AQUARIUM = "w0EswrNasaRac8YXIbFiV"  # explicit, from message 1
BIOLOGIST = "M7ZBkPcSGn_31GV5ZaluO"  # explicit, from message 3
TEA = "GSFyH3UXHdkC5zxYQCllQ"  # explicit, from message 4
COFFEE = "D9qd9b7iU6xdl0gyv6GON"  # explicit, from message 5
LOCKER = "WaTKopwFyWJRSV7k7JNL2"  # explicit, from message 6, holds the token; deleted
MARINE = "qVFSwevNfzWR8S7JfbQd2"  # deductive from LISBON, AQUARIUM, BIOLOGIST
GYM = "hYkjymEnDZ02B0ZgE1q10"  # deductive from LOCKER (premise copy quotes the token)
DRINKS = "Nd9Z2yryLm0j1jKvD-_Gy"  # inductive from TEA, COFFEE
CONFLICT = "9xcJLrWBgSKU0nKw9p9Vx"  # contradiction between TEA and COFFEE
PEANUTS = "S9QtN0FEYjjxmAQL1Tcij"  # explicit, created through POST /conclusions: no messages
MESSAGE_1, MESSAGE_6 = "qTfPyVMLu8PH25pqciBwP", "K4rTS7-Bwfgfu9sO_0rpq"
ALL = {LISBON, AQUARIUM, BIOLOGIST, TEA, COFFEE, LOCKER, MARINE, GYM, DRINKS, CONFLICT, PEANUTS}


def _layers(result) -> dict[str, dict]:
    return {layer["layer"]: layer for layer in json.loads(result.stdout)["layers"]}


def test_ls_lists_every_conclusion_honcho_wrote(cli, honcho_url) -> None:
    result = cli("ls", "--json", db=honcho_url)
    assert result.exit_code == 0, result.stderr
    rows = {m["id"]: m for m in json.loads(result.stdout)}
    assert set(rows) == ALL
    assert {m["status"] for m in rows.values()} == {"active"}
    assert rows[LOCKER]["content"] == f"alice's gym locker code is {TOKEN}"
    assert PG_PASSWORD not in result.stdout + result.stderr


def test_levels_map_to_source_types_with_lineage(honcho_url) -> None:
    with open_store(honcho_url) as store:
        assert store.adapter_name == "honcho"
        explicit = store.require(BIOLOGIST)
        # An LLM restatement of the observed peer's messages (Honcho's deriver), as Hindsight's
        # world facts: extraction (T3), not the peer's own words (docs/adapters.md).
        assert explicit.source_type is SourceType.EXTRACTION and not explicit.derived
        assert explicit.missing[0].startswith("verbatim wording") and explicit.version == 1
        # The deriver records the observed peer's message ids; shown as public ids.
        assert explicit.source_ref == "messages hwrny3sM0UFzquAQhmK07 (session chat-1)"
        assert store.require(LISBON).source_ref == f"messages {MESSAGE_1} (session chat-1)"
        # "Manually created observations are always explicit" (Honcho's crud): no message
        # ids, so nothing says who wrote it or from what — unknown, flagged, not T1.
        manual = store.require(PEANUTS)
        assert manual.extra["level"] == "explicit" and manual.source_ref is None
        assert manual.source_type is SourceType.UNKNOWN and not manual.derived
        assert manual.missing[0].startswith("where it came from: no message ids")
        deductive, inductive = store.require(MARINE), store.require(DRINKS)
        assert deductive.source_type is SourceType.INFERENCE and deductive.derived
        assert deductive.extra["premises (copied text)"] == 3
        assert inductive.source_type is SourceType.REFLECTION
        assert inductive.extra["pattern_type"] == "preference"
        assert inductive.extra["confidence"] == "low"
        edges = {(e.child_id, e.parent_id): e.relation for e in store.edges()}
        assert {p for c, p in edges if c == MARINE} == {LISBON, AQUARIUM, BIOLOGIST}
        assert edges[(MARINE, LISBON)] is Relation.INFERS
        assert edges[(DRINKS, TEA)] is Relation.REFLECTS_ON
        assert edges[(CONFLICT, COFFEE)] is Relation.DERIVED
        # Explicit conclusions have no premises (Honcho stores JSON null in source_ids).
        assert not [c for c, _ in edges if c in {LISBON, TEA, LOCKER}]
        # The contradiction marks both conclusions it found in conflict.
        assert store.require(TEA).contradicted_by == CONFLICT
        assert store.require(COFFEE).contradicted_by == CONFLICT


def test_show_and_trace_a_deduction_down_to_its_explicit_premises(cli, honcho_url) -> None:
    show = cli("show", MARINE, db=honcho_url)
    assert show.exit_code == 0, show.stderr
    assert "alice works with marine animals in Lisbon" in show.stdout
    for parent in (LISBON, AQUARIUM, BIOLOGIST):
        assert parent in show.stdout
    trace = cli("trace", MARINE, "--json", db=honcho_url)
    assert trace.exit_code == 0, trace.stderr
    text = trace.stdout
    for parent in (LISBON, AQUARIUM, BIOLOGIST):
        assert parent in text
    assert PG_PASSWORD not in show.stdout + trace.stdout


def test_honchos_delete_is_a_soft_delete_listed_as_forgotten(cli, honcho_after) -> None:
    result = cli("ls", "--json", db=honcho_after)
    assert result.exit_code == 0, result.stderr
    rows = {m["id"]: m for m in json.loads(result.stdout)}
    assert set(rows) == ALL  # the row is still stored
    assert rows[LOCKER]["status"] == "forgotten"
    assert {i for i, m in rows.items() if m["status"] != "active"} == {LOCKER}
    with open_store(honcho_after) as store:
        deleted = store.require(LOCKER)
        assert deleted.status is Status.FORGOTTEN and deleted.extra["deleted_at"]
        # The deduction built on it stays live, still pointing at it.
        assert store.require(GYM).status is Status.ACTIVE
        assert (GYM, LOCKER) in {(e.child_id, e.parent_id) for e in store.edges()}


def test_trace_of_the_deduction_shows_its_deleted_premise(cli, honcho_after) -> None:
    result = cli("trace", GYM, "--json", db=honcho_after)
    assert result.exit_code == 0, result.stderr
    assert LOCKER in result.stdout
    assert "forgotten" in result.stdout


def test_verify_after_honchos_delete_reports_every_layer_holding_the_token(
    cli, honcho_after
) -> None:
    result = cli("verify", "--content", TOKEN, "--json", db=honcho_after)
    assert result.exit_code == ExitCode.RESIDUE
    layers = _layers(result)
    sql = {n for n, layer in layers.items() if not layer["clean"] and n not in RAW}
    assert sql == {
        "documents",
        "documents (soft-deleted)",
        "messages",
        "message_embeddings",
        "queue",
        "peers",
    }
    where = {n: [r["where"] for r in layers[n]["residue"]] for n in sql}
    assert where["documents (soft-deleted)"] == [f"documents.content [id={LOCKER}]"]
    assert "deleted_at is set" in layers["documents (soft-deleted)"]["residue"][0]["detail"]
    # The live deduction's premise copy quotes the deleted conclusion's text.
    assert where["documents"] == [f"documents.internal_metadata [id={GYM}]"]
    assert where["messages"] == ["messages.content [id=6]"]
    assert where["message_embeddings"] == ["message_embeddings.content [id=6]"]
    assert where["queue"] == ["queue.payload [id=11]"]  # the deriver task's payload
    assert [w.split(" ")[0] for w in where["peers"]] == ["peers.internal_metadata"]
    assert layers["sessions"]["clean"]  # no summary at six messages
    assert PG_PASSWORD not in result.stdout


RAW = {"data files", "WAL segments"}


def test_the_deleted_conclusions_id_survives_in_the_deduction_built_on_it(honcho_after) -> None:
    with open_store(honcho_after) as store:
        hits = [
            (r.layer, r.where)
            for layer in store.layers()
            if layer.checked and layer.kind != "raw-bytes"
            for r in layer.probe(Needle(ids=[LOCKER]))
            if r.match == "id"
        ]
    assert sorted(hits) == [
        ("documents", f"documents.internal_metadata [id={GYM}]"),
        ("documents", f"documents.source_ids [id={GYM}]"),
        ("documents (soft-deleted)", f"documents.id [id={LOCKER}]"),
    ]


def test_before_the_delete_the_token_is_only_in_live_rows(cli, honcho_url) -> None:
    layers = _layers(cli("verify", "--content", TOKEN, "--json", db=honcho_url))
    assert layers["documents (soft-deleted)"]["clean"]
    assert {r["where"] for r in layers["documents"]["residue"]} == {
        f"documents.content [id={LOCKER}]",
        f"documents.internal_metadata [id={GYM}]",
    }


# -- after Honcho's reconciler hard-deleted the soft-deleted conclusion (after_reconcile.sql)


def test_after_the_reconciler_the_conclusion_is_gone(cli, honcho_reconciled) -> None:
    result = cli("ls", "--json", db=honcho_reconciled)
    assert result.exit_code == 0, result.stderr
    rows = {m["id"]: m for m in json.loads(result.stdout)}
    assert set(rows) == ALL - {LOCKER}
    assert {m["status"] for m in rows.values()} == {"active"}
    assert TOKEN not in result.stdout  # no listed conclusion quotes it in its content
    shown = cli("show", LOCKER, db=honcho_reconciled)
    assert shown.exit_code == ExitCode.ERROR
    assert f"no memory with id '{LOCKER}'" in shown.stderr
    assert PG_PASSWORD not in result.stdout + shown.stderr


def test_after_the_reconciler_the_token_survives_outside_documents(cli, honcho_reconciled) -> None:
    result = cli("verify", "--content", TOKEN, "--json", db=honcho_reconciled)
    assert result.exit_code == ExitCode.RESIDUE
    layers = _layers(result)
    sql = {n for n, layer in layers.items() if not layer["clean"] and n not in RAW}
    # The hard delete took the row (and its embedding) and nothing else.
    assert sql == {"documents", "messages", "message_embeddings", "queue", "peers"}
    assert layers["documents (soft-deleted)"]["clean"]
    where = {n: [r["where"] for r in layers[n]["residue"]] for n in sql}
    assert where["documents"] == [f"documents.internal_metadata [id={GYM}]"]  # premise copy
    assert where["messages"] == ["messages.content [id=6]"]
    assert where["message_embeddings"] == ["message_embeddings.content [id=6]"]
    assert where["queue"] == ["queue.payload [id=11]"]  # the deriver task, still stored
    assert [w.split(" ")[0] for w in where["peers"]] == ["peers.internal_metadata"]
    assert PG_PASSWORD not in result.stdout


def test_verify_by_id_after_the_reconciler_finds_the_deduction_still_naming_it(
    cli, honcho_reconciled
) -> None:
    result = cli("verify", LOCKER, "--json", db=honcho_reconciled)
    assert result.exit_code == ExitCode.RESIDUE, result.stderr
    layers = _layers(result)
    assert {n for n, layer in layers.items() if not layer["clean"] and n not in RAW} == {
        "documents"
    }
    hits = sorted((r["where"], r["match"]) for r in layers["documents"]["residue"])
    assert hits == [
        (f"documents.internal_metadata [id={GYM}]", "id"),
        (f"documents.source_ids [id={GYM}]", "id"),
    ]


def test_trace_after_the_reconciler_flags_the_deductions_vanished_premise(
    cli, honcho_reconciled
) -> None:
    result = cli("trace", GYM, "--json", db=honcho_reconciled)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    premise = next(n for n in data["nodes"] if n["id"] == LOCKER)
    assert premise["missing"] == "unknown id"  # no row, no tombstone: Honcho keeps no record
    assert [(f["kind"], set(f["memory_ids"])) for f in data["findings"]] == [
        ("missing_source", {GYM, LOCKER})
    ]
