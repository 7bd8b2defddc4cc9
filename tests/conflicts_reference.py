"""What ``conflicts.find`` must give, by its definition alone (for tests that check its
shortcuts against it), and a writer of active memories into a real ledger."""

from __future__ import annotations

import math
from collections import defaultdict

from memaudit import conflicts
from memaudit.conflicts import search
from memaudit.conflicts.slots import quick_score, slot_candidate
from memaudit.ledger import Ledger
from memaudit.ledger.rows import insert_memory
from memaudit.model import Memory, Status


def insert_active(ledger: Ledger, memory: Memory, at: str) -> None:
    """``memory``, active, recorded at ``at`` (the caller holds a transaction)."""
    insert_memory(
        ledger,
        memory.id,
        memory,
        status=Status.ACTIVE,
        derived=False,
        created_at=at,
        updated_at=at,
        created_by=None,
    )


def plain_slot_candidates(
    active: list[conflicts.Statement],
    only: set[str] | None = None,
    min_score: float = search.MIN_SCORE,
) -> list[dict[str, object]]:
    """``find``'s slot candidates by its definition alone: blocks by (slot, term), each
    grouped member by member by its values; a block over EXACT_BLOCK keeps the newest
    REPRESENTATIVES of each group by (created_at, id) and, with ``only``, those
    memories; every pair scored in every block that offers it (none skipped as seen
    already), the lowest-ranked block whose pair reaches the floor naming its slot;
    similarities summed with ``fsum``."""
    feats = [conflicts.features(m.content) for m in active]
    assert not any(f.changes for f in feats), "this reference covers slot candidates only"
    df: dict[str, int] = defaultdict(int)
    for f in feats:
        for t in f.subject:
            df[t] += 1
    idf = {t: math.log(1 + len(active) / c) for t, c in df.items()}
    blocks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, f in enumerate(feats):
        for slot in f.values:
            for t in f.subject or [""]:
                blocks[(slot, t)].append(i)
    mine = {i for i, m in enumerate(active) if only and m.id in only}
    age = {i: (m.created_at or "", m.id) for i, m in enumerate(active)}
    floor = min_score - 0.0005 - 1e-9
    best: dict[tuple[int, int], tuple[int, str]] = {}
    for rank, ((slot, _t), members) in enumerate(blocks.items()):
        if not 2 <= len(members) <= search.BLOCK_CAP:
            continue
        groups: dict[frozenset[str], list[int]] = defaultdict(list)
        for i in members:
            groups[feats[i].values[slot]].append(i)
        if len(members) > search.EXACT_BLOCK:
            for key, g in groups.items():
                newest = sorted(g, key=age.__getitem__)[-search.REPRESENTATIVES :]
                groups[key] = sorted(set(newest) | (set(g) & mine))
        keys = list(groups)
        for x, kx in enumerate(keys):
            for ky in keys[x + 1 :]:
                for i in groups[kx]:
                    for j in groups[ky]:
                        if only and i not in mine and j not in mine:
                            continue
                        fi, fj = feats[i], feats[j]
                        if fi.subject and fj.subject:
                            shared = math.fsum(idf[t] for t in fi.subject & fj.subject)
                            sim = shared / math.fsum(idf[t] for t in fi.subject | fj.subject)
                        else:
                            sim = 0.5 if not fi.subject and not fj.subject else 0.3
                        pair = (min(i, j), max(i, j))
                        if quick_score(active[i], fi, active[j], fj, sim) >= floor and (
                            pair not in best or best[pair][0] > rank
                        ):
                            best[pair] = (rank, slot)
    found = []
    for (i, j), (_rank, slot) in best.items():
        cand = slot_candidate(active[i], feats[i], active[j], feats[j], slot, idf)
        if cand is not None and cand.score >= min_score:
            found.append(cand)
    found.sort(key=lambda c: (-c.score, c.newer_id, c.older_id))
    return [c.to_dict() for c in found]
