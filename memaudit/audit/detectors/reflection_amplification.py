"""3. Reflection amplification: conclusions stored beside their observations, unmarked."""

from __future__ import annotations

from collections import defaultdict

from memaudit.audit.view import (
    OBSERVATION_SQL,
    Ctx,
    short,
)
from memaudit.fingerprint import key_terms
from memaudit.model import Severity
from memaudit.suggestion import command


def detect_unmarked_interpretation(ctx: Ctx) -> None:
    min_terms = int(ctx.policy.get("audit.topic_min_terms"))
    min_obs = int(ctx.policy.get("audit.reflection_min_observations"))
    edge_check = "NOT EXISTS (SELECT 1 FROM edges e WHERE e.child_id = m.id)"
    if not ctx.has_edges:
        edge_check = "derived = 0"
    interps: list[tuple[str, str, str, set[str]]] = []
    # By the source-type index (`+status`): the interpretations are a part of the active
    # memories, which the status index would each look up (at 1M: 1.3 s of CPU, not 2.6).
    for mid, st, content in ctx.rows(
        "SELECT id, source_type, content FROM memories m WHERE +status = 'active' "
        f"AND source_type IN ('inference', 'reflection') AND {edge_check} ORDER BY id"
    ):
        terms = key_terms(content)
        if len(terms) >= min_terms:
            interps.append((mid, st, content, terms))
    if not interps:
        return
    # Blocking: an inverted index of the interpretations' terms; a term shared by many
    # interpretations names no particular topic and would make the scan quadratic.
    index: dict[str, list[int]] = defaultdict(list)
    for i, (_, _, _, terms) in enumerate(interps):
        for t in terms:
            index[t].append(i)
    too_common = max(50, len(interps) // 100)
    index = {t: v for t, v in index.items() if len(v) <= too_common}
    matches: dict[int, list[str]] = defaultdict(list)
    # One sequential scan (`+`: an index would look each row up); the
    # observations' order is not kept (each topic's are sorted).
    for oid, content in ctx.rows(
        f"SELECT id, content FROM memories WHERE +status = 'active' "
        f"AND +source_type IN {OBSERVATION_SQL}"
    ):
        shared: dict[int, int] = defaultdict(int)
        for t in key_terms(content):
            for i in index.get(t, ()):
                shared[i] += 1
        for i, n in shared.items():
            if n >= min_terms:
                matches[i].append(oid)
    # One finding per topic: interpretations that rest on the same observations.
    topics: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, obs in matches.items():
        if len(obs) >= min_obs:
            topics[tuple(sorted(obs))].append(i)
    for obs_ids, members in sorted(topics.items(), key=lambda kv: sorted(kv[1])):
        conclusions = [interps[i] for i in sorted(members)]
        names = ", ".join(f"{c[0]} ({c[1]})" for c in conclusions)
        first = conclusions[0]
        shown = list(obs_ids[:10])
        ctx.add(
            Severity.MEDIUM,
            [c[0] for c in conclusions] + shown,
            f"the topic of “{short(first[2], 60)}” reads as {len(obs_ids) + len(conclusions)} "
            f"independent facts but is {len(obs_ids)} observations "
            f"({', '.join(shown)}{', ...' if len(obs_ids) > 10 else ''}) plus "
            f"{len(conclusions)} conclusion(s) with no derived-from link: {names}",
            command(
                "link",
                first[0],
                *shown[:5],
                relation="reflects_on" if first[1] == "reflection" else "infers",
            ),
            observations=list(obs_ids),
            conclusions=[c[0] for c in conclusions],
        )
