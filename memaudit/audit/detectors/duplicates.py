"""Duplicates: the same text (after normalisation), and nearly the same."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator

from memaudit.audit.near_duplicates import near_duplicate_pairs
from memaudit.audit.view import (
    Ctx,
)
from memaudit.model import Severity
from memaudit.suggestion import arg, command


def detect_exact_duplicates(ctx: Ctx) -> None:
    # NOT INDEXED: every live row is sorted anyway; read in the table's order, not
    # through the status index (a random read per row: 1.0 of 2.4 s of CPU at 1M).
    groups = list(
        ctx.rows(
            "SELECT content_hash, group_concat(id, char(31)), count(*) FROM ("
            "SELECT content_hash, id FROM memories NOT INDEXED "
            "WHERE status IN ('active', 'pending') "
            "ORDER BY content_hash, created_at, id) GROUP BY content_hash HAVING count(*) > 1"
        )
    )
    dupes = 0
    for _, ids_text, n in groups:
        dupes += n - 1
        ids = ids_text.split("\x1f")
        if ctx.full:
            ctx.count(Severity.MEDIUM if n >= 3 else Severity.LOW, ids[1:20])
            continue
        ctx.add(
            Severity.MEDIUM if n >= 3 else Severity.LOW,
            ids[:20],
            f"{n} memories hold the same text after normalisation ({', '.join(ids[:5])}"
            f"{', ...' if n > 5 else ''}); {ids[0]} is the oldest",
            f"{command('forget', ids[1])}  (keep {arg(ids[0])})",
            copies=n,
        )
    ctx.result.stats["redundant_copies"] = dupes


def detect_near_duplicates(ctx: Ctx) -> None:
    threshold = float(ctx.policy.get("duplicates.similarity"))
    # One representative per exact-duplicate group (exact duplicates are their own
    # finding): the oldest row (smallest seq), the representatives numbered in
    # content-hash order. One sequential scan in seq order: a group's first row is its
    # representative, whose text is split into trigrams as it comes (none is held).
    hash_of: dict[int, str] = {}
    taken: set[str] = set()

    def rows() -> Iterator[tuple[int, str]]:
        for seq, h, text in ctx.rows(
            "SELECT seq, content_hash, content FROM memories "
            "WHERE +status IN ('active', 'pending') ORDER BY seq"
        ):
            if h not in taken:
                taken.add(h)
                hash_of[seq] = h
                yield seq, text
        taken.clear()

    def order(seq: int) -> str:
        h = hash_of.pop(seq)
        if not hash_of:  # emptied, a dict keeps its table (~10 MB at 1M) until cleared
            hash_of.clear()
        return h

    counts: dict[str, int] = {}
    pairs = near_duplicate_pairs(rows(), threshold, counts, order=order)
    ctx.result.stats.update(counts, near_duplicate_pairs=len(pairs))
    if not pairs:
        return
    # Clusters (union-find), reported with ids.
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.get(x, x) != x:
            parent[x] = parent.get(parent[x], parent[x])
            x = parent[x]
        return x

    best: dict[int, float] = {}
    for a, b, _sim in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    clusters: dict[int, list[int]] = defaultdict(list)
    for k in sorted({k for p in pairs for k in p[:2]}):
        clusters[find(k)].append(k)
    for a, _b, sim in pairs:
        root = find(a)
        best[root] = max(best.get(root, 0.0), sim)
    keys = sorted({k for m in clusters.values() for k in m})
    info: dict[int, tuple[str, str]] = {}
    for start in range(0, len(keys), 900):
        for seq, mid, created in ctx.rows(
            "SELECT seq, id, created_at FROM memories WHERE seq IN (SELECT value FROM json_each(?))",
            (json.dumps(keys[start : start + 900]),),
        ):
            info[seq] = (mid, created)
    for root in sorted(clusters):
        members = sorted(clusters[root], key=lambda k: (info[k][1] or "", info[k][0]))
        ids = [info[k][0] for k in members]
        ctx.add(
            Severity.LOW,
            ids[:20],
            f"{len(ids)} memories say nearly the same thing (word-trigram similarity up to "
            f"{best[root]:.2f}, policy duplicates.similarity {threshold:g}): {', '.join(ids[:5])}"
            f"{', ...' if len(ids) > 5 else ''}",
            command("show", ids[0], ids[1]),
            similarity=round(best[root], 3),
        )
