"""sample_dbs/build.py is deterministic: a rebuild gives the committed stores."""

import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, SAMPLES


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
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
