"""Detectors for the seven feedback patterns (docs/concepts.md), duplicates and staleness.

Each detector is a rule stated in words (``Detector.rule``, shown by ``memaudit audit
--help`` and copied into every finding) and a function that applies it to a store.
Thresholds come from the store's policy (``audit.*`` keys), never from code.

How they read a store: every detector is one or a few SQL queries over the native
ledger's tables (``memories``, ``edges``, ``events``, ``profile``), run on the ledger's
own read-only connection. Where a detector needs much of the store (the derivation
graph for ancestries, every text for qualifiers and near-duplicates), it reads the
columns it needs with one sequential scan into compact structures (ids numbered, each
distinct text handled once) instead of looking rows up one by one; the graph is
shared by the detectors of one run. A store from another adapter is first copied, through the
``Store`` protocol, into an in-memory SQLite database with the same table shapes
(``mirror``); the detectors then run unchanged. A detector that needs something the
store does not record (events, edges) reports *not checked* with the reason, never a
clean result.

Event vocabulary the detectors read (the native ledger writes the first four itself;
consolidation and validation are what a consolidator or ``resolve`` records):

- ``write`` / ``stage``: a memory entered the store directly / through the queue;
- ``approve`` / ``promote``: a person accepted it (``promote``: a model conclusion);
- ``supersede`` (memory_id = the old memory, ``detail.by`` = the new one) and
  ``invalidate`` (memory_id = the old memory): a memory was replaced or declared
  invalid; ``detail.run`` groups the events of one consolidation run;
- ``consolidate`` (``detail.run``, optional ``detail.examined``): a run's summary;
- ``validate`` / ``resolve``: a person or rule confirmed a supersession (memory_id =
  either memory). A supersession with neither event, and whose new memory is not
  itself marked validated, was decided by similarity alone.

Where things are: ``finding`` (Severity, Pattern, Finding, a detector's Result),
``view`` (what a detector reads: ``Ctx``), ``ancestry`` (the derivation graph, read once
per run), ``detectors/`` (one module per pattern), ``near_duplicates`` (blocking),
``registry`` (every detector with its rule) and ``runner`` (``run``: one process, or two
for a large native ledger). A new detector is a function ``detect_x(ctx)`` in
``detectors/`` plus its entry in ``registry.DETECTORS``.
"""

from __future__ import annotations

from memaudit.audit.finding import PATTERN_TITLES, Finding, Pattern, Result
from memaudit.audit.near_duplicates import near_duplicate_pairs
from memaudit.audit.registry import BY_NAME, DETECTORS, Detector, select
from memaudit.audit.runner import Report, run
from memaudit.model import Severity

__all__ = [
    "BY_NAME",
    "DETECTORS",
    "PATTERN_TITLES",
    "Detector",
    "Finding",
    "Pattern",
    "Report",
    "Result",
    "Severity",
    "near_duplicate_pairs",
    "run",
    "select",
]
