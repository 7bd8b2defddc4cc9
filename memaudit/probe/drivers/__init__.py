"""Probe drivers: one small script per provider whose API runs locally with no network
model — given a deterministic embedder and no LLM — run by ``memaudit probe run`` with
the provider's own Python (memaudit never imports a provider). Each ``drive_*.py`` says in
its docstring how it is installed and how the embedder is stubbed; ``_driver.py`` holds
the protocol they share.

``DRIVERS`` is what memaudit knows about each: the adapter that opens what the driver
wrote, the install line, and which settings would change probe 5's and probe 6's
outcome. ``NO_DRIVER`` names the providers whose writes need a model or a server, and
why: for those, the guided probes are the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Driver:
    name: str
    script: str  # file in this folder
    adapter: str  # memaudit adapter that opens what the driver writes
    install: str  # how to make the Python that runs it
    embedder: str  # how the embedder is stubbed
    not_exercised: str  # what an offline run cannot show
    deletion: str  # what would change probe 5's outcome
    contradiction: str  # what would change probe 6's outcome

    @property
    def path(self) -> Path:
        return FOLDER / self.script


DRIVERS: dict[str, Driver] = {
    d.name: d
    for d in [
        Driver(
            "mem0",
            "drive_mem0.py",
            "mem0",
            "python3 -m venv VENV && VENV/bin/pip install mem0ai==2.2.1",
            "a subclass of mem0's EmbeddingBase returning sha256-based 64-dim vectors, set "
            "as Memory.embedding_model (the configured openai embedder is never called)",
            "writes use infer=False: mem0's LLM step (which decides ADD / UPDATE / DELETE "
            "against existing memories) is not run",
            "none in mem0's configuration: Memory.delete() appends a DELETE row holding "
            "the old text to history.db (ADD row kept); only deleting history rows "
            "by hand (or history_db_path=':memory:', losing all history) removes it",
            "infer=True (mem0's default) lets its LLM UPDATE or DELETE the older memory "
            "when a new one contradicts it — destroying the older with no validation "
            "(not exercised offline: it needs a model)",
        ),
        Driver(
            "langgraph",
            "drive_langgraph.py",
            "langgraph",
            "/usr/bin/python3 -m venv VENV && VENV/bin/pip install "
            "langgraph-checkpoint-sqlite==3.1.2   (a Python whose sqlite3 can load "
            "extensions, for the vector index)",
            "index['embed'] is a function returning sha256-based 32-dim vectors",
            "LangGraph's store has no contradiction logic of its own; an application "
            "(e.g. LangMem) decides keys",
            "PRAGMA foreign_keys=ON on the store's connection lets store_vectors' ON DELETE "
            "CASCADE fire (SqliteStore leaves it off, so the deleted item's vector stays)",
            "put() with the same namespace and key overwrites the older item in place, "
            "with no history: an application that reuses keys destroys the older fact",
        ),
        Driver(
            "mnemosyne",
            "drive_mnemosyne.py",
            "mnemosyne",
            "/usr/bin/python3 -m venv VENV && VENV/bin/pip install mnemosyne-memory==3.15.1 "
            "numpy sqlite-vec   (a Python whose sqlite3 can load extensions, for vec0)",
            "Mnemosyne's custom-endpoint hook (MNEMOSYNE_EMBEDDING_API_URL) pointed at a "
            "loopback server in the driver answering with sha256-based 64-dim vectors",
            "extract=False and no sleep(): no LLM fact extraction, no consolidation",
            "none: Mnemosyne.forget() leaves gists, facts, episodic summaries and FTS terms "
            "(see `memaudit verify`)",
            "Mnemosyne's consolidation (sleep) and its conflict pass may invalidate by "
            "similarity (cosine > 0.88) — not exercised with hash vectors",
        ),
        Driver(
            "holographic",
            "drive_holographic.py",
            "holographic",
            "python3 -m venv VENV && VENV/bin/pip install hermes-agent==0.19.0 numpy",
            "no embedder: the plugin's holographic vectors are computed locally with numpy",
            "plugins.hermes-memory-store.auto_extract (LLM extraction at session end) is "
            "not involved: facts are added through MemoryStore directly",
            "none: remove_fact() leaves orphan entities and the FTS5 terms of the fact",
            "facts are unique by exact text only: two contradicting facts are both kept "
            "unless something calls update_fact, which rewrites the older in place",
        ),
        Driver(
            "basic_memory",
            "drive_basic_memory.py",
            "basic_memory",
            "python3.12 -m venv VENV && VENV/bin/pip install basic-memory==0.24.1",
            "no embedder: semantic search is turned off in config.json "
            "(semantic_search_enabled: false); its default embedder downloads a model",
            "semantic (vector) search is off: its vector tables are not built",
            "none: delete-note leaves the note's terms in search_index FTS5 segments and "
            "its checksum in accepted_project_note_change",
            "edit-note --operation replace rewrites a note in place (the old observation "
            "stays only in FTS segments); separate notes keep both",
        ),
    ]
}

NO_DRIVER: dict[str, str] = {
    "hermes": "Hermes' built-in memory is written by the agent's own memory tool, which "
    "an LLM decides to call",
    "native": "memaudit's own ledger: `memaudit forget` verifies every layer itself and "
    "`memaudit conflicts` / `resolve` handle contradictions",
    "hindsight": "Hindsight's retain runs on its server and extracts facts with an LLM",
    "honcho": "Honcho derives conclusions on its server with an LLM",
    "byterover": "ByteRover curates through its `brv` CLI and a cloud model",
    "openclaw": "OpenClaw writes memory from an agent session (an LLM decides)",
    "letta_code": "Letta Code's memory is edited by the agent (an LLM) in its MemFS repository",
    "openmemory": "OpenMemory's add_memories runs mem0 with an LLM (infer=True) behind its "
    "server; mem0 itself has a driver: --provider mem0",
    "server_memory": "the MCP knowledge-graph memory is a Node server (its tools run over "
    "stdio); `probe run` drives Python APIs — run `verify --content` after its "
    "delete_observations, or the guided probes",
    "claude_code": "Claude Code's memory is written by the agent (an LLM) in files",
    "claude_mem": "claude-mem's observations are written by an LLM from tool use",
    "lifecycle": "the lifecycle store is an article's code, not a package with an API",
    "always_on": "the always-on memory agent consolidates with an LLM",
    "consolidating": "its writes go through an LLM consolidation agent",
}
