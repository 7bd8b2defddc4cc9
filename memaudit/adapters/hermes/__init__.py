"""Hermes agent built-in memory: a ``HERMES_HOME`` folder.

``memories/MEMORY.md`` (the agent's notes) and ``memories/USER.md`` (the user profile)
hold plain entries separated by ``"\\n§\\n"``: no ids, timestamps, authors or sources.
memaudit gives each entry a stable id from its file and normalized content. With
``memory.write_approval`` on, Hermes stages writes in ``pending/memory/<id>.json``;
memaudit lists them as pending memories and approves or rejects them the way Hermes'
own ``/memory approve|reject`` does — same substring matching, delimiter, character
limits and lock file — while its own record of the decision goes to the sidecar ledger,
never into ``HERMES_HOME``.

Where things are: ``store`` (reading the folder: ``HermesFiles``), ``queue`` (the
approval queue's write path: ``HermesStore``), ``transcripts`` (``state.db``) and
``adapter`` (detect and open).
"""

from __future__ import annotations

from memaudit.adapters.hermes.adapter import HermesAdapter
from memaudit.adapters.hermes.queue import HermesStore
from memaudit.adapters.hermes.store import entry_id, join_entries, split_entries

__all__ = ["HermesAdapter", "HermesStore", "entry_id", "join_entries", "split_entries"]
