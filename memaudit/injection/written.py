"""Texts judged when memaudit writes them: the gate's injection check at stage time keeps
its judgement where the audit and the review listing look first, so that a store
written through memaudit is not judged again.

The gate needs a text's hits anyway (``review._check_injection``). It finds them as the
audit's scan does, with the scan's own functions (``scanning._text_signals``: the
pattern signals; ``scanning._learned_hits``: the learned scorer's hit) through
``Judgements.recall``, which keeps each in the judgements file as the scan keeps what it
judges; the gate's hits are the two together, as ``engine.signals(text)`` orders them
(``gate_hits``; tests check the two agree on every training case). The item's verdict
as the review listing reads it (``pending.injection_of`` on the item as
``queue_injection._asked`` reads it back) is kept in the listing's file
(``verdicts``), computed from the same hits.

Nothing goes into the store: a verdict there could be forged (the store is read as
hostile input). Everything goes into the user's cache folder, as keyed digests
(``judgements``); ``MEMAUDIT_CACHE_DIR=off`` (or the caller's ``enabled=False``) keeps
nothing, and a folder that cannot be used never fails a write: the check runs as
without it, and ``why_not`` says why. A batch writes each file once, in one
transaction, when it is closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memaudit.injection.judgements import LEARNED, SIGNALS, Judgements
from memaudit.injection.kept_hits import gate_hits  # (re-exported: the gate's own)

if TYPE_CHECKING:
    from memaudit.injection.assessment import Assessment, Hit, Thresholds
    from memaudit.injection.provenance import Provenance
    from memaudit.injection.verdicts import Verdicts
    from memaudit.model import Memory
    from memaudit.policy import Policy


class Written:
    """The judgements and verdicts of one write (a candidate or a batch). ``assess``
    weighs a written item (its text's hits kept or computed, and kept; its verdict for
    the review listing kept); ``close`` writes both files (one transaction each)."""

    def __init__(self, kept: Judgements, verdicts: Verdicts | None, policy: Policy) -> None:
        self.kept, self.verdicts, self.policy = kept, verdicts, policy
        self._thresholds: Thresholds | None = None

    @classmethod
    def open(cls, policy: Policy, enabled: bool = True) -> Written:
        """This engine's files in the cache folder, or none (``why_not`` says why; never
        an error). The judgements file is not read whole (an audit's way): a write asks
        for its few texts by digest."""
        from memaudit.injection.assessment import Thresholds
        from memaudit.injection.verdicts import Verdicts

        # (not synced: a stage's few rows would wait ~30 ms for the disk; see ``connect``)
        kept = Judgements.open(enabled=enabled, whole=False, durable=False)
        if kept.conn is None:
            return cls(kept, None, policy)
        th = Thresholds.from_policy(policy)
        limits = (th.flag, th.medium, th.high)
        return cls(kept, Verdicts.open(limits, enabled=enabled, durable=False), policy)

    @property
    def why_not(self) -> str | None:
        """Why nothing is kept (None when both files are used, or the cache is turned
        off: nothing to report)."""
        why = self.kept.why_not or (self.verdicts.why_not if self.verdicts else "")
        return why if why and why != "turned off" else None

    def assess(self, memory: Memory, provenance: Provenance) -> Assessment:
        """A written item's assessment under ``provenance`` (the gate's: its lineage
        looked up), from its text's hits as ``engine.signals`` finds them; the text's
        judgement and the item's verdict for the review listing kept. What the write path
        calls for every memory it writes (``review._check_injection``), and what the
        benchmarks' stores written through memaudit call (``benchmarks/written.py``)."""
        from memaudit.injection.assessment import Thresholds
        from memaudit.injection.provenance import assess, from_memory

        found, learned = self.parts(memory.content)
        if self._thresholds is None:
            self._thresholds = Thresholds.from_policy(self.policy)
        hits = gate_hits(found, learned)  # the scorer read it: ``scored``
        result = assess(memory.content, provenance, self._thresholds, hits, scored=True)
        # The listing's verdict is this assessment's when the listing reads the item's
        # provenance as the gate weighed it (most items: not derived); else its own.
        same = provenance == from_memory(_as_listed(memory))
        self.keep_verdict(memory, found, learned, result if same else None)
        return result

    def parts(self, text: str) -> tuple[list[Hit], list[Hit]]:
        """The text's pattern hits and learned scorer's hit (``gate_hits`` makes them
        ``engine.signals(text)``), each kept or computed and kept."""
        from memaudit.injection.scanning import _learned_hits, _text_signals

        found = self.kept.recall(SIGNALS, text, _text_signals)
        return found, self.kept.recall(LEARNED, text, _learned_hits)

    def keep_verdict(
        self,
        memory: Memory,
        found: list[Hit],
        learned: list[Hit],
        assessed: Assessment | None = None,
    ) -> None:
        """The review listing's verdict of ``memory`` (as the listing reads it back from
        the store: ``pending.injection_of``), from its text's ``parts``; ``assessed``:
        the item's assessment under the provenance the listing reads, if made."""
        if self.verdicts is None or self.verdicts.conn is None:
            return
        from memaudit import pending
        from memaudit.injection.provenance import maybe_suspect
        from memaudit.queue_injection import _asked

        asked = _asked(memory)
        text = asked[0]
        if not maybe_suspect(text, learned):
            flagged = False  # (``injection_of``: the cheap first look rules it out)
        elif assessed is not None:
            flagged = assessed.flagged
        else:
            seen: dict[str, list[Any]] = {text: gate_hits(found, learned)}
            listed = _as_listed(memory)
            flagged = pending.injection_of(listed, self.policy, seen=seen) is not None
        self.verdicts.keep([(self.verdicts.key(asked), flagged)])

    def close(self) -> None:
        self.kept.close()
        if self.verdicts is not None:
            self.verdicts.close()


def _as_listed(memory: Memory) -> Memory:
    """The item as the review listing's check reads it (``queue_injection``: what its
    other process rebuilds from what it is sent)."""
    from memaudit.queue_injection import _asked, _rebuilt

    return _rebuilt(_asked(memory))
