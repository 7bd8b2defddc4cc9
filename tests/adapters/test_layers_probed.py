"""Layers probed that used to be left unchecked (sqlite-vec shadow tables, Holographic's
memory banks, every column for an id), and orphans reported as orphans.

Each test starts from a store the real package wrote (tests/fixtures/providers), copied
into tmp_path, and changes the copy only with plain SQL — what a crash, an older
version, or a delete that bypasses the package leaves behind.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters import Needle, open_store
from memaudit.adapters.support import id_columns
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.errors import ExitCode
from memaudit.forget import verify_layers
from tests.adapters.conftest import TOKEN, provider_ids

NEVER = "A walrus named Bartholomew audits the lighthouse ledger every Tuesday."
MNEMO = provider_ids("mnemosyne")
MNEMO_DB = "hermes_home/mnemosyne/data/mnemosyne.db"
VAULT = "users.alice.memories/vault-hint"
NIL_UUID = "00000000-0000-0000-0000-000000000000"


def run_sql(db: Path, *statements: str, params: tuple = ()) -> None:
    conn = sqlite3.connect(db)
    try:
        for sql in statements:
            conn.execute(sql, params if "?" in sql else ())
        conn.commit()
    finally:
        conn.close()


def verify_json(cli, db: Path, *args: str) -> tuple[int, dict[str, dict]]:
    result = cli("verify", *args, "--json", db=db)
    assert "Traceback" not in result.stderr, result.stderr
    data = json.loads(result.stdout)
    return result.exit_code, {la["layer"]: la for la in data["layers"]}


# -- sqlite-vec (vec0) through its shadow tables ------------------------------------------


def test_mnemosyne_vector_of_a_row_deleted_with_plain_sql_is_an_orphan(provider, cli):
    """Deleting a working_memory row without Mnemosyne (no sqlite-vec loaded) leaves its
    vector in vec_working: read through the shadow tables, it is an orphan keyed by its
    rowid — not found text, not clean either."""
    db = provider("mnemosyne") / MNEMO_DB
    (rowid,) = (
        sqlite3.connect(db)
        .execute("SELECT rowid FROM working_memory WHERE id = ?", (MNEMO["uv"],))
        .fetchone()
    )
    run_sql(db, "DELETE FROM working_memory WHERE id = ?", params=(MNEMO["uv"],))

    code, layers = verify_json(cli, db, "--content", NEVER)
    assert code == ExitCode.UNVERIFIED  # the orphan might be it: not clean, not found
    data = json.loads(cli("verify", "--content", NEVER, "--json", db=db).stdout)
    assert (data["verdict"], data["found"], data["not_checked"]) == ("unverified", {}, {})
    assert [(o["layer"], o["orphan"]) for o in data["orphans"]] == [
        ("vec_working", f"rowid {rowid}")
    ]
    assert layers["vec_working"]["verdict"] == "unverified"
    assert not [n for n, la in layers.items() if la["residue"]]  # nothing *found*
    assert all(la["probed"] for la in layers.values())
    vec = layers["vec_working"]
    assert vec["residue"] == [] and vec["clean"] is False
    assert [(o["where"], o["match"], o["orphan"]) for o in vec["orphans"]] == [
        (f"vec_working_rowids [rowid={rowid}]", "orphan vector", f"rowid {rowid}")
    ]
    assert layers["vec_episodes"]["clean"] and layers["vec_facts"]["clean"]

    text = cli("verify", "--content", NEVER, db=db).stdout
    assert "orphans 1" in next(ln for ln in text.splitlines() if ln.strip().startswith("vec_w"))
    assert "orphans: traces some deleted item left" in text
    assert "RESIDUE" not in text
    n = len(layers)
    assert (
        f"UNVERIFIED: nothing found in {n} layers; 1 orphan of deleted items that might be "
        "it (vec_working)" in text
    )


def test_mnemosyne_vectors_are_clean_on_the_stores_the_package_wrote(provider):
    """Mnemosyne's own forget() deletes the vector (sqlite-vec 0.1.9 zeroes the slot):
    the vec0 layers are probed and hold nothing of the token, before or after."""
    for variant in ("before", "after_delete"):
        with open_store(str(provider("mnemosyne", variant) / MNEMO_DB)) as store:
            reports = verify_layers(store.layers(), Needle(ids=[MNEMO["token"]], content=TOKEN))
        vec = {r.layer: r for r in reports if r.layer.startswith("vec_")}
        assert set(vec) == {"vec_working", "vec_episodes", "vec_facts"}
        assert all(r.probed and r.clean for r in vec.values()), variant


def test_a_deleted_slot_that_still_holds_its_vector_is_an_orphan(provider, cli):
    """What a sqlite-vec build that does not zero a deleted slot leaves: the _rowids row
    gone, the validity bit cleared, the vector's bytes still in the chunk."""
    db = provider("mnemosyne") / MNEMO_DB
    conn = sqlite3.connect(db)
    rowid, chunk, offset = conn.execute(
        "SELECT rowid, chunk_id, chunk_offset FROM vec_episodes_rowids ORDER BY rowid LIMIT 1"
    ).fetchone()
    (validity,) = conn.execute(
        "SELECT validity FROM vec_episodes_chunks WHERE chunk_id = ?", (chunk,)
    ).fetchone()
    cleared = bytearray(validity)
    cleared[offset // 8] &= ~(1 << (offset % 8)) & 0xFF
    conn.execute(
        "UPDATE vec_episodes_chunks SET validity = ? WHERE chunk_id = ?", (bytes(cleared), chunk)
    )
    conn.execute("DELETE FROM vec_episodes_rowids WHERE rowid = ?", (rowid,))
    conn.commit()
    conn.close()
    _, layers = verify_json(cli, db, "--content", NEVER)
    orphans = layers["vec_episodes"]["orphans"]
    assert [(o["where"], o["orphan"]) for o in orphans] == [
        (f"vec_episodes_vector_chunks00 [chunk {chunk}, slot {offset}]", f"rowid {rowid}")
    ]
    assert "still holds its vector" in orphans[0]["detail"]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            "DROP TABLE vec_working_chunks",
            "shadow tables of sqlite-vec table vec_working are missing",
        ),
        (
            "UPDATE vec_working_info SET value = 'v0.2.0' WHERE key = 'CREATE_VERSION'",
            "written by sqlite-vec 'v0.2.0'",
        ),
    ],
)
def test_missing_or_unknown_shadow_tables_leave_the_layer_not_checked(
    provider, cli, change, reason
):
    db = provider("mnemosyne") / MNEMO_DB
    run_sql(db, change)
    _, layers = verify_json(cli, db, "--content", NEVER)
    vec = layers["vec_working"]
    assert vec["probed"] is False and vec["clean"] is False
    assert reason in vec["checked"] and "sqlite-vec loaded" in vec["checked"]


def test_langgraph_vector_of_an_item_deleted_with_plain_sql_is_an_orphan_keyed_by_its_id(
    provider, cli
):
    """LangGraph 3.1.2 keeps vectors in an ordinary table (store_vectors; no vec0) and
    never cascades a delete. The orphan carries the item's id: a text search lists it
    as an orphan, `verify ID` with that id reports it as the item's residue."""
    db = provider("langgraph") / "store.db"
    key = "users.alice.memories/pkg-uv"
    run_sql(db, "DELETE FROM store WHERE prefix = 'users.alice.memories' AND key = 'pkg-uv'")

    code, layers = verify_json(cli, db, "--content", NEVER)
    assert code == ExitCode.UNVERIFIED  # the orphan vector might be the text's
    assert layers["store_vectors"]["verdict"] == "unverified"
    vectors = layers["store_vectors"]
    assert vectors["residue"] == []
    assert [(o["orphan"], o["match"]) for o in vectors["orphans"]] == [(key, "orphan vector")]

    code, by_id = verify_json(cli, db, key)
    assert code == ExitCode.RESIDUE and by_id["store_vectors"]["verdict"] == "residue"
    assert by_id["store_vectors"]["orphans"] == []
    [row] = by_id["store_vectors"]["residue"]
    assert (row["where"], row["match"]) == (f"store_vectors [{key}, field text]", "id")
    assert row["detail"].startswith("orphan vector, keyed by the id")
    # another (deleted) item's id: the orphan stays an orphan, never that item's residue
    _, other = verify_json(cli, db, "users.alice.memories/never-put")
    assert other["store_vectors"]["residue"] == [] and len(other["store_vectors"]["orphans"]) == 1


# -- Holographic memory banks -------------------------------------------------------------


def test_holographic_bank_that_still_sums_a_removed_fact_is_an_orphan(provider, cli):
    """Without numpy (or with a plain SQL delete) remove_fact cannot rebuild the bank:
    recomputed from the facts still there, cat:project no longer matches."""
    db = provider("holographic") / "memory_store.db"
    run_sql(db, "DELETE FROM facts WHERE fact_id = 3")
    _, layers = verify_json(cli, db, "--content", NEVER)
    banks = layers["memory banks"]
    assert banks["probed"] and banks["residue"] == []
    [orphan] = banks["orphans"]
    assert orphan["orphan"] == "cat:project" and orphan["match"] == "stale bank"
    assert "built from 5 fact vector(s); the 4 fact(s)" in orphan["detail"]
    # the fact's entity links and bank are what a plain delete leaves for its id
    _, by_id = verify_json(cli, db, "3")
    assert by_id["memory banks"]["orphans"] and not by_id["memory banks"]["residue"]


def test_holographic_banks_name_the_live_facts_they_sum(provider, cli):
    """A bank that matches its facts is exactly their sum: the bank of a fact holding
    the text holds it too (as a vector), and so does the bank of a fact looked for by id."""
    db = provider("holographic") / "memory_store.db"
    _, layers = verify_json(cli, db, "--content", TOKEN)
    assert [(r["where"], r["match"]) for r in layers["memory banks"]["residue"]] == [
        ("memory_banks [bank_id=7]", "vector of a fact holding the text")
    ]
    _, by_id = verify_json(cli, db, "7")
    assert [r["match"] for r in by_id["memory banks"]["residue"]] == ["id"]
    assert [r["where"] for r in by_id["fact links"]["residue"]] == [
        "fact_entities.fact_id [rowid=1]"
    ]


# -- verify ID: every column of every table ------------------------------------------------


def test_verify_id_finds_the_id_in_any_table_column_and_inside_json(provider, cli):
    """Tables no layer maps still name a memory: Mnemosyne's sync_memory_state (its
    schema, as mnemosyne/core/sync.py creates it), an application's JSON payload, and a
    table whose hostile names must stay one identifier each."""
    db = provider("mnemosyne", "after_delete") / MNEMO_DB
    gone = MNEMO["token"]
    run_sql(
        db,
        "CREATE TABLE sync_memory_state (memory_id TEXT PRIMARY KEY, fingerprint TEXT NOT "
        "NULL DEFAULT '', last_operation TEXT NOT NULL DEFAULT 'CREATE', event_id TEXT, "
        "timestamp TEXT NOT NULL)",
        "INSERT INTO sync_memory_state (memory_id, last_operation, timestamp) "
        "VALUES (?, 'DELETE', '2026-11-30T12:00:00Z')",
        'CREATE TABLE "agent notes" (payload TEXT)',
        "INSERT INTO \"agent notes\" VALUES (json_object('refs', json_array('x', ?)))",
        'CREATE TABLE "t"" WHERE 0 --" ("c"" ,1 --" BLOB)',
        'INSERT INTO "t"" WHERE 0 --" VALUES (CAST(\'memo:\' || ? AS BLOB))',
        params=(gone,),
    )
    code, layers = verify_json(cli, db, gone)
    assert code == ExitCode.RESIDUE
    other = layers["other columns"]
    assert other["probed"]
    assert sorted((r["where"], r["match"]) for r in other["residue"]) == [
        ("agent notes.payload [rowid=1]", "id in JSON at $.refs[1]"),
        ("sync_memory_state.memory_id [rowid=1]", "id"),
        ('t" WHERE 0 --.c" ,1 -- [rowid=1]', "contains id"),
    ]
    # columns the mapped layers already probe for the id are not listed twice
    assert not [r for r in other["residue"] if r["where"].startswith(("gists.", "facts."))]
    # an id nothing names: clean; a text search: the layer looks for ids only
    _, none = verify_json(cli, db, "0123456789abcdef")
    assert none["other columns"]["clean"]


def test_every_column_layer_refuses_an_id_too_plain_to_search(provider):
    db = provider("mnemosyne", "after_delete") / MNEMO_DB
    layer = id_columns.every_column_layer("other columns", db)
    [report] = verify_layers([layer], Needle(ids=["7"]))
    assert report.probed is False and "too little entropy" in report.checked


# -- the low-entropy rule, one place for every byte scan -----------------------------------


@pytest.mark.parametrize(
    ("form", "searchable"),
    [
        (NIL_UUID, False),
        ("7", False),
        ("1234", False),
        ("editor", False),
        ("aaaaaaaaaaaaaaaaaaaaaaaaaaaa", False),
        ("cbfb97ed", True),  # a Hermes pending id: 8 hex
        (MNEMO["token"], True),
        ("a352bad4-7d7f-40d8-8e59-8004f400ac78", True),
        ("vault-hint", True),
    ],
)
def test_ids_with_too_little_entropy_are_never_byte_scanned(form, searchable):
    assert (sp.unsearchable_id(form) is None) is searchable
    patterns = sp.needle_patterns(Needle(ids=[form]))
    assert bool(patterns) is searchable


def test_the_nil_uuid_leaves_byte_layers_not_checked(provider, cli):
    """The nil UUID says nothing (its 16 binary bytes fill every blank PostgreSQL page:
    2,360 hits once): the raw bytes are not searched for it, and the layer says why
    instead of "clean"."""
    db = provider("mnemosyne", "after_delete") / MNEMO_DB
    code, layers = verify_json(cli, db, NIL_UUID)
    raw = layers["raw bytes"]
    assert raw["probed"] is False and raw["residue"] == []
    assert "too little entropy" in raw["checked"]
    assert code == ExitCode.UNVERIFIED  # nothing found, the bytes not searched for it
    # with a text as well, the text is searched; the id still is not
    _, both = verify_json(cli, db, NIL_UUID, "--content", TOKEN)
    assert both["raw bytes"]["residue"] and all(
        r["detail"].startswith("text") for r in both["raw bytes"]["residue"]
    )


def test_a_short_integer_id_is_not_byte_scanned_on_holographic(provider, cli):
    db = provider("holographic", "after_delete") / "memory_store.db"
    _, layers = verify_json(cli, db, "7")
    assert layers["raw bytes"]["probed"] is False
    assert "the id '7' has too little entropy" in layers["raw bytes"]["checked"]
