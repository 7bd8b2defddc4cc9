"""Honcho on a real PostgreSQL server, on a database created with Honcho's published schema
by memaudit's own script (tests/fixtures/providers/honcho) — not a store Honcho wrote."""

from __future__ import annotations

import json

from memaudit.adapters import open_store
from memaudit.errors import ExitCode
from memaudit.model import Relation, SourceType, Status
from tests.adapters.conftest import PG_PASSWORD, TOKEN


def doc(n: int) -> str:
    return f"doc_{n}".ljust(21, "0")


def test_detects_lists_and_shows_honcho(cli, honcho_url) -> None:
    result = cli("ls", "--json", db=honcho_url)
    assert result.exit_code == 0, result.stderr
    rows = {m["id"]: m for m in json.loads(result.stdout)}
    assert rows[doc(1)]["status"] == "active"
    assert rows[doc(8)]["status"] == "forgotten"  # soft-deleted: listed as such
    show = cli("show", doc(5), db=honcho_url)
    assert "comfortable near water" in show.stdout
    assert doc(1) in show.stdout and doc(2) in show.stdout
    assert PG_PASSWORD not in result.stdout + show.stdout + result.stderr


def test_levels_map_to_source_types_with_lineage(honcho_url) -> None:
    with open_store(honcho_url) as store:
        assert store.adapter_name == "honcho"
        explicit, deductive, inductive = (
            store.require(doc(2)),
            store.require(doc(5)),
            store.require(doc(6)),
        )
        assert explicit.source_type is SourceType.USER_STATEMENT and not explicit.derived
        assert (
            explicit.source_ref
            == "messages msg_10000000000000000, msg_30000000000000000 (session chat-1)"
        )
        assert explicit.version == 2  # times_derived
        assert deductive.source_type is SourceType.INFERENCE and deductive.derived
        assert inductive.source_type is SourceType.REFLECTION
        edges = {(e.child_id, e.parent_id): e.relation for e in store.edges()}
        assert edges[(doc(5), doc(1))] is Relation.INFERS
        assert edges[(doc(6), doc(3))] is Relation.REFLECTS_ON
        # The contradiction marks both conclusions it found in conflict.
        assert store.require(doc(3)).contradicted_by == doc(7)
        assert store.require(doc(4)).contradicted_by == doc(7)
        deleted = store.require(doc(8))
        assert deleted.status is Status.FORGOTTEN and deleted.extra["deleted_at"]


def test_verify_reports_the_soft_delete_and_every_copy(cli, honcho_url) -> None:
    result = cli("verify", "--content", TOKEN, "--json", db=honcho_url)
    assert result.exit_code == ExitCode.RESIDUE
    layers = {layer["layer"]: layer for layer in json.loads(result.stdout)["layers"]}
    soft = layers["documents (soft-deleted)"]["residue"]
    assert soft and "deleted_at is set" in soft[0]["detail"]
    # The premise copy inside a live deduction, the message, its queue payload, the peer
    # card and the session summary all still hold the token.
    assert layers["documents"]["residue"][0]["where"].startswith("documents.internal_metadata")
    for name in ("messages", "queue", "peers", "sessions"):
        assert not layers[name]["clean"], name
    assert layers["message_embeddings"]["clean"]
    assert PG_PASSWORD not in result.stdout
