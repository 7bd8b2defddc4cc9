"""Probe driver for LangGraph's long-term store (``langgraph-checkpoint-sqlite``).

Install: ``pip install langgraph-checkpoint-sqlite==3.1.2`` (tested with 3.1.2; it pulls
sqlite-vec) in a Python whose ``sqlite3`` can load extensions (Debian's
``/usr/bin/python3`` can; many pyenv builds cannot) — ``SqliteStore`` with a vector
index loads sqlite-vec. In a Python that cannot, the driver runs without an index and
says so (no ``store_vectors`` layer to check).

Offline: the index's embedder is a plain function returning sha256-based 32-dimension
vectors (``index["embed"]``); no model. Items go to ``<workdir>/store.db``, namespace
``("memaudit", "probe")``, one key per fact, value ``{"text": ...}`` — the shape
LangGraph's memory examples use. ``put`` and ``delete`` are the store's own API.
"""

from __future__ import annotations

import sqlite3
import uuid
from pathlib import Path
from typing import Any

try:  # imported as part of memaudit (tests, tools)
    from memaudit.probe.drivers import _driver
except ImportError:  # run as a script with the provider's Python: a sibling file
    import _driver  # type: ignore[no-redef]

DIMS = 32
NAMESPACE = ("memaudit", "probe")


def _can_index() -> bool:
    if not hasattr(sqlite3.Connection, "enable_load_extension"):
        return False
    try:
        import sqlite_vec  # noqa: F401
    except ImportError:
        return False
    return True


def _index() -> dict[str, Any] | None:
    if not _can_index():
        return None
    return {
        "dims": DIMS,
        "embed": lambda texts: [_driver.fake_vector(t, DIMS) for t in texts],
        # SqliteStore 3.1.2 reads "text_fields" (it ignores the documented "fields").
        "fields": ["text"],
        "text_fields": ["text"],
    }


def _open(workdir: Path) -> Any:
    from langgraph.store.sqlite import SqliteStore

    return SqliteStore.from_conn_string(str(workdir / "store.db"), index=_index())


def info(request: dict[str, Any]) -> dict[str, Any]:
    from langgraph.store.sqlite import SqliteStore  # noqa: F401

    vectors = (
        "on (sqlite-vec)"
        if _can_index()
        else "off: this Python's sqlite3 cannot load extensions, so no vector index"
    )
    return {
        "packages": _driver.versions(
            "langgraph-checkpoint-sqlite", "langgraph-checkpoint", "sqlite-vec"
        ),
        "store": "store.db",
        "notes": [f"vector index: {vectors}"],
    }


def store(request: dict[str, Any]) -> dict[str, Any]:
    key = uuid.uuid4().hex
    with _open(Path(request["workdir"])) as st:
        st.setup()
        st.put(NAMESPACE, key, {"text": request["text"]})
    return {"id": f"{'.'.join(NAMESPACE)}/{key}", "api": "SqliteStore.put(namespace, key, value)"}


def delete(request: dict[str, Any]) -> dict[str, Any]:
    _, _, key = str(request["id"]).rpartition("/")
    with _open(Path(request["workdir"])) as st:
        st.setup()
        st.delete(NAMESPACE, key)
    return {"api": "SqliteStore.delete(namespace, key)", "returned": None}


if __name__ == "__main__":
    _driver.run({"info": info, "store": store, "delete": delete})
