"""Names read from a store's schema reach SQL only through ``quote_ident``; one that
cannot be quoted safely makes its layer *not checked*, never clean."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.file_probe import trigram_layer
from memaudit.store import Needle
from memaudit.verification import verify_layers
from tests.hostile import corpus_files as cf


def _layers(cli, home: Path) -> dict[str, dict]:
    r = cli("verify", "--content", cf.SECRET, "--json", db=home)
    assert r.exit_code in (0, 3), r.stderr
    return {layer["layer"]: layer for layer in json.loads(r.stdout)["layers"]}


def test_a_hostile_fts_table_name_is_probed_as_one_name(tmp_path, cli):
    """``notes_tri" WHERE 0 --`` pasted into SQL would end the SELECT and report the
    index clean; quoted, its segments are read and the deleted secret is found."""
    home = cf.copy_store("trigram_injection", tmp_path)
    layers = _layers(cli, home)
    index = layers[f"transcript index {cf.HOSTILE_FTS}"]
    assert index["probed"] and not index["clean"]
    assert [r["match"] for r in index["residue"]] == ["trigrams in index segment"]
    copy = layers[f"transcript index copy {cf.HOSTILE_FTS}"]
    assert copy["probed"] and not copy["clean"]


def test_a_name_that_cannot_be_quoted_is_not_checked(tmp_path, cli):
    home = tmp_path / "hermes_home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("Project uses uv.")
    long_name = "t" * (sp.MAX_IDENTIFIER + 1)
    conn = sqlite3.connect(home / "state.db")
    conn.execute(f'CREATE VIRTUAL TABLE "{long_name}" USING fts5(content, tokenize="trigram")')
    conn.execute(f'INSERT INTO "{long_name}"(content) VALUES (?)', (f"code {cf.SECRET}",))
    conn.commit()
    conn.close()
    layers = _layers(cli, home)
    unchecked = {n: v for n, v in layers.items() if long_name in n}
    assert len(unchecked) == 2  # the index and its content copy
    for layer in unchecked.values():
        assert layer["probed"] is False and layer["clean"] is False
        assert "cannot quote safely" in layer["checked"]


@pytest.mark.parametrize(
    "name",
    ["a\x00b", "bad\udc80name", "x" * (sp.MAX_IDENTIFIER + 1), "", None, 42],
)
def test_quote_ident_refuses_what_it_cannot_quote(name):
    with pytest.raises(sp.UnsafeIdentifier):
        sp.quote_ident(name)


@pytest.mark.parametrize(
    "name", ['notes_tri" WHERE 0 --', "a]b", "x'); DROP TABLE t; --", "ünï cödé", "select"]
)
def test_quote_ident_keeps_any_text_one_identifier(name, tmp_path):
    conn = sqlite3.connect(tmp_path / "q.db")
    conn.execute(f"CREATE TABLE {sp.quote_ident(name)} ({sp.quote_ident(name)} TEXT)")
    conn.execute(f"INSERT INTO {sp.quote_ident(name)} VALUES ('kept')")
    assert conn.execute(
        f"SELECT {sp.quote_ident(name)} FROM {sp.quote_ident(name)}"
    ).fetchall() == [("kept",)]
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [(name,)]
    conn.close()


def test_a_probe_that_cannot_look_is_reported_not_checked(tmp_path):
    """A layer whose probe raises ``LayerNotChecked`` at probe time is not checked."""
    db = tmp_path / "s.db"
    sqlite3.connect(db).close()
    layer = trigram_layer("index", db, "fine")
    layer.probe = lambda needle: (_ for _ in ()).throw(sp.UnsafeIdentifier("bad name"))
    (report,) = verify_layers([layer], Needle(content="anything at all"))
    assert report.probed is False and not report.clean and report.checked == "bad name"


def _hostile_vec0(db: Path, name: str, aux_text: str) -> None:
    """A sqlite-vec table named ``name`` as a hostile file can declare it: the shadow
    tables sqlite-vec 0.1.x creates (ordinary tables) and the virtual table's schema
    row (written directly: its module is not loadable here)."""

    def q(ident: str) -> str:
        return '"' + ident.replace('"', '""') + '"'

    conn = sqlite3.connect(db)
    conn.execute(f"CREATE TABLE {q(name + '_info')} (key text primary key, value any)")
    conn.execute(f"INSERT INTO {q(name + '_info')} VALUES ('CREATE_VERSION', 'v0.1.9')")
    conn.execute(
        f"CREATE TABLE {q(name + '_chunks')}(chunk_id INTEGER PRIMARY KEY AUTOINCREMENT, "
        "size INTEGER NOT NULL, validity BLOB NOT NULL, rowids BLOB NOT NULL)"
    )
    conn.execute(
        f"CREATE TABLE {q(name + '_rowids')}(rowid INTEGER PRIMARY KEY AUTOINCREMENT, id, "
        "chunk_id INTEGER, chunk_offset INTEGER)"
    )
    conn.execute(
        f"CREATE TABLE {q(name + '_vector_chunks00')}(rowid PRIMARY KEY, vectors BLOB NOT NULL)"
    )
    conn.execute(f"CREATE TABLE {q(name + '_auxiliary')}(rowid integer PRIMARY KEY, value00)")
    conn.execute(f"INSERT INTO {q(name + '_auxiliary')} VALUES (1, ?)", (aux_text,))
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute(
        "INSERT INTO sqlite_master(type, name, tbl_name, rootpage, sql) VALUES "
        "('table', ?, ?, 0, ?)",
        (name, name, f"CREATE VIRTUAL TABLE {q(name)} USING vec0(embedding float[4], +note)"),
    )
    conn.commit()
    conn.close()


def test_a_hostile_sqlite_vec_table_name_is_read_as_one_name(tmp_path, cli):
    """A vec0 table named ``vec" WHERE 0 --``: its shadow tables are read through
    ``quote_ident``, so the secret kept in its auxiliary column is found (pasted into
    SQL, the name would end the statement and the layer would be blind or broken)."""
    from tests.adapters.conftest import PROVIDERS

    src = PROVIDERS / "mnemosyne" / "before" / "hermes_home" / "mnemosyne" / "data"
    db = tmp_path / "mnemosyne.db"
    db.write_bytes((src / "mnemosyne.db").read_bytes())
    name = 'vec" WHERE 0 --'
    _hostile_vec0(db, name, f"note: {cf.SECRET}")
    layers = _layers(cli, db)
    vec = layers[name]
    assert vec["probed"] and not vec["clean"]
    assert [(r["where"], r["match"]) for r in vec["residue"]] == [
        (f"{name}_auxiliary [rowid=1]", "contains text")
    ]


def test_the_fts5_segment_reader_reads_a_hostile_index_name_as_one_name(tmp_path):
    """``forget.fts_segments`` builds its shadow tables' names (``<fts>_idx``,
    ``<fts>_data``) through ``quote_ident``: pasted in, a quote in the name would be a
    syntax error, which the reader takes as "no segments" — a deleted word unseen."""
    from memaudit.forget.fts_segments import segment_entries
    from memaudit.sqlite_driver import sqlite3 as driver  # what the ledger is opened with

    name = 'notes" WHERE 0 --'
    conn = driver.connect(tmp_path / "fts.db")
    conn.execute(f"CREATE VIRTUAL TABLE {sp.quote_ident(name)} USING fts5(body)")
    conn.execute(f"INSERT INTO {sp.quote_ident(name)}(rowid, body) VALUES (7, 'zebra quokka')")
    conn.commit()
    assert [(t, rowid) for t, _, _, rowid, _ in segment_entries(conn, name, ["quokka"])] == [
        ("quokka", 7)
    ]
