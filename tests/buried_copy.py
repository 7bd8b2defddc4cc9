"""A ledger where a pending item's exact (normalised) copy is active but beyond the
neighbour lookup's reach: more than ``pending.SEARCH_LIMIT`` active memories written
after the copy share every word the lookup searches with, and none of them is similar
enough to count as a duplicate. Shared by the core, CLI and TUI tests of the DUP flag."""

from __future__ import annotations

from memaudit import pending, review
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, SourceType, Status
from memaudit.review import Candidate

# The item as staged: case and spacing differ from the copy, the normalised text does not.
ITEM = "The  Harbour lighthouse keeper logs the TIDE."
COPY = "the harbour lighthouse keeper logs the tide."
CROWD = pending.SEARCH_LIMIT + 15


def crowd_text(n: int) -> str:
    return (
        f"Report {n}: harbour keeper and lighthouse logs, tide tables, budgets, "
        f"rosters and paint orders for depot {n} were filed in folder {n * 7}."
    )


def bury_copy(ledger: Ledger, *, stage_item: bool = True) -> tuple[str | None, str]:
    """The active copy first, then the crowd (newer), both approved; then the item,
    pending (``stage_item``). Returns (item id or None, copy id)."""
    copy = review.stage(ledger, Candidate(COPY, SourceType.USER_STATEMENT)).id
    review.approve(ledger, copy)
    crowd = [
        review.stage(ledger, Candidate(crowd_text(n), SourceType.USER_STATEMENT)).id
        for n in range(CROWD)
    ]
    review.approve_many(ledger, [(mid, None) for mid in crowd])
    item = None
    if stage_item:
        item = review.stage(ledger, Candidate(ITEM, SourceType.USER_STATEMENT)).id
    active = ledger.query(MemoryFilter(statuses=[Status.ACTIVE]))
    assert len(active) == CROWD + 1
    return item, copy
