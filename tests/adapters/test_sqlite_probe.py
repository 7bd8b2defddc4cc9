"""The shared read-only probes: no side files, FTS5 segment terms, streamed byte scans."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from memaudit.adapters.support import sqlite_probe as sp
from memaudit.store import Needle


def _wal_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=wal")
    conn.execute("CREATE TABLE t(x TEXT)")
    conn.execute("INSERT INTO t VALUES ('The vault hint is ZEBRA-7731-QUOKKA today')")
    conn.commit()
    conn.close()  # the last connection checkpoints and removes -wal/-shm


def test_wal_database_without_wal_file_opens_with_no_side_files(tmp_path):
    db = tmp_path / "w.db"
    _wal_db(db)
    assert sp.is_wal_mode(db) and not Path(f"{db}-wal").exists()
    with sp.connect_ro(db) as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (1,)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.db"]


def test_wal_without_shm_is_read_from_a_private_copy(tmp_path):
    db = tmp_path / "w.db"
    _wal_db(db)
    writer = sqlite3.connect(db)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("INSERT INTO t VALUES ('only in the WAL: PELICAN-1234')")
    writer.commit()
    # Keep the WAL's content but drop the -shm, as a copied store would arrive.
    wal_bytes = Path(f"{db}-wal").read_bytes()
    main_bytes = db.read_bytes()
    writer.close()
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "w.db").write_bytes(main_bytes)
    (copy / "w.db-wal").write_bytes(wal_bytes)
    with sp.connect_ro(copy / "w.db") as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (2,)
    assert sorted(p.name for p in copy.iterdir()) == ["w.db", "w.db-wal"]
    layer = sp.raw_bytes_layer("raw", [copy / "w.db"])
    hits = layer.probe(Needle(content="PELICAN-1234"))
    assert [h.where.split(" @")[0] for h in hits] == [str(copy / "w.db-wal")]
    assert "WAL frame" in hits[0].where


def test_fts5_segment_terms_are_decoded_through_prefix_compression(tmp_path):
    db = tmp_path / "f.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(body)")
    conn.execute("INSERT INTO f(rowid, body) VALUES (1, 'zeal zebra quokka 7731')")
    conn.execute("INSERT INTO f(rowid, body) VALUES (2, 'ordinary words')")
    conn.commit()
    # 'zebra' follows 'zeal' in the leaf: stored as prefix 2 + 'bra', never spelled out.
    blocks = b"".join(r[0] for r in conn.execute("SELECT block FROM f_data"))
    assert b"zebra" not in blocks
    conn.execute("DELETE FROM f WHERE rowid = 1")
    conn.commit()
    conn.close()
    found = sp.fts5_layer("fts", db, "f").probe(Needle(content="ZEBRA-7731-QUOKKA"))
    assert [(r.where, r.match) for r in found] == [("f_data", "term in index segment")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.db"]


def test_fts5_searchable_terms_and_common_words(tmp_path):
    db = tmp_path / "f.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(body)")
    conn.execute("INSERT INTO f VALUES ('the vault hint is zebra')")
    conn.commit()
    conn.close()
    layer = sp.fts5_layer("fts", db, "f")
    assert {r.match for r in layer.probe(Needle(content="zebra"))} == {
        "term (searchable)",
        "term in index segment",
    }
    assert layer.probe(Needle(content="zebra quokka")) == []  # all terms must be there


def test_scan_bytes_finds_a_needle_across_chunk_boundaries(tmp_path):
    path = tmp_path / "blob"
    needle = b"ZEBRA-7731-QUOKKA"
    data = b"x" * 1000 + needle + b"y" * 50 + needle.lower()
    path.write_bytes(data)
    for chunk in (7, 16, 1005, 1 << 20):
        hits = sp.scan_bytes(path, [(needle, "t")], chunk_size=chunk)
        assert [o for o, _ in hits] == [1000, 1000 + len(needle) + 50], chunk


def test_free_list_pages_are_labelled(tmp_path):
    db = tmp_path / "d.db"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA secure_delete=0")  # this build defaults to 1
    conn.execute("CREATE TABLE t(x TEXT)")
    conn.executemany("INSERT INTO t VALUES (?)", [("MARKER-" + "q" * 3000,)] * 20)
    conn.commit()
    conn.execute("DELETE FROM t")
    conn.commit()
    conn.close()
    hits = sp.raw_bytes_layer("raw", [db]).probe(Needle(content="MARKER-qqqq"))
    assert hits and any("free-list page" in h.where for h in hits)


def test_text_match():
    assert sp.text_match("Hello  World", "hello world") == "exact text"
    assert sp.text_match("ZEBRA-7731", "hint is zebra-7731 ok") == "contains text"
    assert (
        sp.text_match(
            "The cache broke the deploy. Unrelated words here.", "x. The cache broke the deploy"
        )
        == "quoted sentence"
    )
    assert sp.text_match("absent", "nothing here") is None
