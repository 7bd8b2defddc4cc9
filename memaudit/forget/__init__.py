"""Forgetting, and proving it: plan → apply → purge → verify, layer by layer.

A delete that returns "ok" proves nothing: SQLite keeps deleted rows in free pages and
old WAL frames, FTS5 keeps a deleted document's terms in older index segments (and
writes the terms again into its delete markers), embeddings and summaries outlive the
row they came from. So forgetting here is four steps:

* **plan** — the exact blast radius, written nowhere (see ``plan``): the memories asked
  for and their descendants whose every source is forgotten are *purged*, with their
  own sentences; a memory that holds one of those sentences is *affected* — the
  sentence is cut out of it (``memaudit.redaction``: a new version, back to
  ``pending``) or, when asked (``whole``), it is forgotten whole; children that keep
  other support only lose the edge. Nothing propagates from an affected memory.
  Profile entries built on a forgotten memory (or quoting a purged sentence) go too.
* **apply** — one transaction with ``PRAGMA secure_delete=ON`` set here (not trusted
  to the build): rows, FTS, embeddings, edges, profile entries, the cut-out
  sentences, a tombstone with keyed fingerprints (``memaudit.tombkey``), and events
  that say who forgot what and why — never the text.
  With FTS5 ``secure-delete`` (SQLite 3.42+, migration m005) the delete itself drops
  the document's terms from the index; on an older SQLite the index is optimized
  (merged into one segment), the only other way to drop them from old segments.
* **purge** — ``wal_checkpoint(TRUNCATE)`` so no WAL frame holds an old page.
* **verify** — every layer probed by id and by content (exact normalised text, and each
  sentence of it quoted anywhere), the FTS index by its terms (fts5vocab *and* the
  terms of every index segment, decoded from ``memories_fts_data``), and the raw bytes
  of the file, its WAL and journal. Each table is read once for all sentences; the
  raw bytes are searched for each sentence as the row held it. The result has the
  shape of ``llm``'s ``verify``: rows of residue, and no rows means clean.

Where things are: ``planning`` (the blast radius), ``quoting`` (where a sentence is
quoted), ``applying`` (the transaction, purge and verification), ``layers`` (the native
ledger's layers and their probes), ``fts_segments`` (reading FTS5 index pages) and
``tombstones`` (``verify``, later). The verification's result is
``memaudit.verification``, shared with every other store's layers.
"""

from __future__ import annotations

from memaudit.forget.applying import ForgetResult, apply, check_reason, checkpoint_wal, purge_fts
from memaudit.forget.layers import known_copies, native_layers
from memaudit.forget.planning import ForgetPlan, PlanItem, plan
from memaudit.forget.quoting import TERMS_PER_QUERY, memory_text, quoting_memories
from memaudit.forget.tombstones import Recheck, TombstoneCheck, recheck, verify_tombstones
from memaudit.ledger.bulk import CHUNK
from memaudit.verification import LayerReport, verify_layers

__all__ = [
    "CHUNK",
    "TERMS_PER_QUERY",
    "ForgetPlan",
    "ForgetResult",
    "LayerReport",
    "PlanItem",
    "Recheck",
    "TombstoneCheck",
    "apply",
    "check_reason",
    "checkpoint_wal",
    "known_copies",
    "memory_text",
    "native_layers",
    "plan",
    "purge_fts",
    "quoting_memories",
    "recheck",
    "verify_layers",
    "verify_tombstones",
]
