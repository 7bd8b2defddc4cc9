"""sample_dbs/build.py is deterministic: a rebuild gives the committed stores."""

import subprocess
import sys
from pathlib import Path

from memaudit.sqlite_driver import sqlite3
from tests.conftest import ROOT, SAMPLES


def dump(path: Path) -> list[tuple]:
    """Every row of every ordinary table (FTS shadow tables included), in order."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
            )
        ]
        rows: list[tuple] = []
        for name in names:
            rows += [(name, *r) for r in conn.execute(f'SELECT * FROM "{name}" ORDER BY 1')]
        return rows
    finally:
        conn.close()


def test_rebuild_gives_the_committed_stores(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "sample_dbs" / "build.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    committed = sorted(p.name for p in SAMPLES.glob("*.db"))
    rebuilt = sorted(p.name for p in tmp_path.glob("*.db"))
    assert committed == rebuilt and len(committed) >= 8
    for name in committed:
        assert dump(tmp_path / name) == dump(SAMPLES / name), name
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name
