"""Probe driver for Holographic, the fact store plugin inside Hermes (``hermes-agent``).

Install: ``pip install hermes-agent==0.19.0 numpy`` (tested with 0.19.0; numpy is the
plugin's optional dependency — without it no HRR vectors and no memory banks).

Offline: the plugin needs no embedder — its vectors are holographic reduced
representations computed locally with numpy from the text itself — and no LLM
(``auto_extract`` is not involved: the driver calls the store directly). Facts go through
``plugins.memory.holographic.store.MemoryStore`` (``add_fact``, ``remove_fact``), the
calls the plugin's ``fact_store`` tool makes, into ``<workdir>/hermes_home/memory_store.db``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

try:  # imported as part of memaudit (tests, tools)
    from memaudit.probe.drivers import _driver
except ImportError:  # run as a script with the provider's Python: a sibling file
    import _driver  # type: ignore[no-redef]


def _store(workdir: Path) -> Any:
    home = workdir / "hermes_home"
    home.mkdir(parents=True, exist_ok=True)
    os.environ["HERMES_HOME"] = str(home)
    from plugins.memory.holographic.store import MemoryStore

    return MemoryStore(db_path=home / "memory_store.db")


def info(request: dict[str, Any]) -> dict[str, Any]:
    from plugins.memory.holographic.store import MemoryStore  # noqa: F401

    return {
        "packages": _driver.versions("hermes-agent", "numpy"),
        "store": "hermes_home/memory_store.db",
    }


def store(request: dict[str, Any]) -> dict[str, Any]:
    st = _store(Path(request["workdir"]))
    try:
        fact_id = st.add_fact(request["text"], category="general", tags="source:user")
    finally:
        st.close()
    return {"id": str(fact_id), "api": "MemoryStore.add_fact(text, category='general')"}


def delete(request: dict[str, Any]) -> dict[str, Any]:
    st = _store(Path(request["workdir"]))
    try:
        returned = st.remove_fact(int(request["id"]))
    finally:
        st.close()
    return {"api": "MemoryStore.remove_fact(fact_id)", "returned": returned}


if __name__ == "__main__":
    _driver.run({"info": info, "store": store, "delete": delete})
