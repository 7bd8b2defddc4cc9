"""`review --list` flags the whole queue in one read (``pending.with_all_flags`` with a
``Reading``: shared caches, each flag settled at its first witness, the contradiction
search skipped where it cannot find anything); every item must get exactly the flags
the detail pane computes for it alone (``pending.store_flags``), on a real generated
ledger with a realistic queue."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memaudit import conflicts, pending
from memaudit.adapters import open_store
from memaudit.clock import parse_time
from memaudit.ledger import Ledger

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402

NOW = parse_time("2026-12-01T00:00:00Z")
QUEUE = 400


@pytest.fixture(scope="module")
def queue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated ledger of 3,000 memories whose newest active ones are put back in
    the queue (as benchmarks/bench_review.py does): duplicates of and contradictions
    with the active rest, change statements on both sides, recorded disputes."""
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=3000, seed=11), out, parallel=False)
    with Ledger.open(out, readonly=False) as led, led.transaction() as conn:
        conn.execute(
            "UPDATE memories SET status = 'pending' WHERE seq IN (SELECT seq FROM memories "
            "WHERE status = 'active' ORDER BY seq DESC LIMIT ?)",
            (QUEUE,),
        )
        # One item that names no slot value, contradicted only by an active memory's
        # change statement (the path the listing must not skip).
        conn.execute(
            "UPDATE memories SET content = 'The platform team moved the sprint review from "
            "Monday to Thursday.' WHERE seq = (SELECT min(seq) FROM memories "
            "WHERE status = 'active')"
        )
        conn.execute(
            "UPDATE memories SET content = 'The platform team holds the sprint review on "
            "Monday.' WHERE seq = (SELECT max(seq) FROM memories WHERE status = 'pending')"
        )
    return out


def test_the_listing_flags_every_item_as_it_is_flagged_alone(queue: Path) -> None:
    with open_store(str(queue)) as store:
        policy = store.policy()
        page = pending.items(store, pending.queue_filter(), NOW, policy)
        assert len(page) >= QUEUE
        alone = [set(i.flags) | pending.store_flags(store, i.memory, policy) for i in page]
        reading = pending.Reading()
        listed = [set(i.flags) for i in pending.with_all_flags(store, page, policy, reading)]
        # items naming a value whose contradiction search the listing skips
        skipped = [
            i
            for i in page
            if reading.features(i.memory.content).values
            and not pending._may_conflict(i.memory, pending._neighbours(store, i.memory), reading)
        ]
    assert listed == alone
    # The comparison means something only if every path is taken on this store.
    dup = [f for f in alone if pending.Flag.DUPLICATE in f]
    con = [i for i, f in zip(page, alone, strict=True) if pending.Flag.CONFLICT in f]
    assert len(dup) >= 10 and len(con) >= 10
    own = [conflicts.features(i.memory.content) for i in con]
    # flagged through a neighbour's change statement alone (the item names no value)
    assert any(not f.values and not f.changes for f in own)
    # flagged through a slot value the item names
    assert any(f.values and not f.changes for f in own)
    assert skipped
