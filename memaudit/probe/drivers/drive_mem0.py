"""Probe driver for mem0 OSS (``mem0ai``), run with the Python that has it installed.

Install (any CPython 3.10+): ``pip install mem0ai==2.2.1`` (tested with 2.2.1; it pulls
qdrant-client).

Offline: every write is ``Memory.add(..., infer=False)`` — mem0 stores the text as
given and calls no LLM (so its LLM-driven ADD/UPDATE/DELETE decision, the path that
resolves contradictions, is not exercised). The embedder is a subclass of mem0's own
``EmbeddingBase`` returning sha256-based 64-dimension vectors, set as the memory's
``embedding_model`` after ``Memory.from_config`` (mem0's config only accepts its own
provider names; the configured ``openai`` embedder is never called). Vectors go to
Qdrant's local mode under ``<workdir>/mem0/qdrant``, history to ``<workdir>/mem0/history.db``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

try:  # imported as part of memaudit (tests, tools)
    from memaudit.probe.drivers import _driver
except ImportError:  # run as a script with the provider's Python: a sibling file
    import _driver  # type: ignore[no-redef]

DIMS = 64
USER = "memaudit-probe"


def _memory(workdir: Path) -> Any:
    home = workdir / "mem0"
    home.mkdir(parents=True, exist_ok=True)
    os.environ["MEM0_DIR"] = str(home)  # read by mem0 at import time
    os.environ["MEM0_TELEMETRY"] = "False"
    os.environ.setdefault("OPENAI_API_KEY", "sk-unused-no-model-is-called")
    from mem0 import Memory
    from mem0.embeddings.base import EmbeddingBase

    class HashEmbedding(EmbeddingBase):  # type: ignore[misc]
        def embed(self, text: Any, memory_action: Any = None) -> list[float]:
            return _driver.fake_vector(str(text), DIMS)

    config = {
        "vector_store": {
            "provider": "qdrant",
            "config": {
                "collection_name": "memaudit_probe",
                "path": str(home / "qdrant"),
                "embedding_model_dims": DIMS,
                "on_disk": True,
            },
        },
        "embedder": {"provider": "openai", "config": {"embedding_dims": DIMS}},
        "history_db_path": str(home / "history.db"),
    }
    memory = Memory.from_config(config)
    memory.embedding_model = HashEmbedding()
    return memory


def info(request: dict[str, Any]) -> dict[str, Any]:
    import mem0  # noqa: F401  (fails here, clearly, when mem0ai is not installed)

    return {
        "packages": _driver.versions("mem0ai", "qdrant-client"),
        "store": "mem0",
    }


def store(request: dict[str, Any]) -> dict[str, Any]:
    memory = _memory(Path(request["workdir"]))
    text = request["text"]
    response = memory.add(text, user_id=USER, infer=False)
    results = response.get("results") or []
    if len(results) != 1 or not results[0].get("id"):
        raise RuntimeError(f"Memory.add returned {response!r}")
    return {
        "id": str(results[0]["id"]),
        "api": f"Memory.add(text, user_id={USER!r}, infer=False)",
        "event": results[0].get("event"),
    }


def delete(request: dict[str, Any]) -> dict[str, Any]:
    memory = _memory(Path(request["workdir"]))
    returned = memory.delete(request["id"])
    return {"api": "Memory.delete(memory_id)", "returned": returned}


if __name__ == "__main__":
    _driver.run({"info": info, "store": store, "delete": delete})
