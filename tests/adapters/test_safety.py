"""Store bytes are data, never code: the restricted unpickler and a grep of the package."""

from __future__ import annotations

import base64
import os
import pickle
import re
import sqlite3
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.adapters.support.safepickle import Refused, restricted_load
from memaudit.store import Needle
from tests.adapters.conftest import TOKEN

PACKAGE = Path(__file__).resolve().parents[2] / "memaudit"


class _Exploit:
    """Pickles to a call of os.system — what a poisoned store would hold."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_malicious_pickle_is_refused_without_running(tmp_path):
    marker = tmp_path / "pwned"
    data = pickle.dumps(_Exploit(marker))
    with pytest.raises(Refused, match="posix.system|os.system|nt.system"):
        restricted_load(data)
    assert not marker.exists()


@pytest.mark.parametrize(
    "payload",
    [
        pickle.dumps(eval),  # builtins.eval by reference
        b"cbuiltins\nexec\n(S'import os'\ntR.",  # protocol 0 GLOBAL + REDUCE
        pickle.dumps(os.system, protocol=4),  # STACK_GLOBAL
    ],
)
def test_any_other_global_is_refused(payload):
    with pytest.raises(Refused):
        restricted_load(payload)


def test_poisoned_point_in_a_store_is_skipped_not_run(provider, tmp_path):
    """A store whose points table holds an exploit still opens; the exploit never runs
    and the raw-bytes layer still sees the row."""
    folder = provider("mem0")
    marker = tmp_path / "pwned-by-store"
    storage = folder / "qdrant" / "collection" / "memaudit" / "storage.sqlite"
    conn = sqlite3.connect(storage)
    with conn:
        conn.execute(
            "INSERT INTO points(id, point) VALUES (?, ?)",
            (base64.b64encode(pickle.dumps("evil")).decode(), pickle.dumps(_Exploit(marker))),
        )
    conn.close()
    with open_store(str(folder)) as store:
        assert store.count() == 8
        found = [r for layer in store.layers() for r in layer.probe(Needle(content=TOKEN))]
    assert found and not marker.exists()


def test_point_decodes_to_plain_data(provider):
    storage = provider("mem0") / "qdrant" / "collection" / "memaudit" / "storage.sqlite"
    conn = sqlite3.connect(f"file:{storage}?mode=ro", uri=True)
    raw_id, blob = conn.execute("SELECT id, point FROM points LIMIT 1").fetchone()
    conn.close()
    point = restricted_load(blob)
    assert point["__class__"] == "PointStruct"
    assert isinstance(point["payload"]["data"], str)
    assert restricted_load(base64.b64decode(raw_id)) == point["id"]


def test_package_never_calls_the_unsafe_loaders():
    offenders = []
    pattern = re.compile(r"pickle\.loads?\(|\beval\(|\bexec\(|marshal\.loads\(")
    for path in PACKAGE.rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert offenders == []
