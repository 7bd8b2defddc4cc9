"""7. Agent self-model reinforcement: the agent's explanation of itself, stored."""

from __future__ import annotations

import re

from memaudit.audit.ancestry import ancestries
from memaudit.audit.view import (
    ASSISTANT_ROLES,
    Ctx,
    short,
)
from memaudit.model import Severity, SourceType
from memaudit.suggestion import command

_ABOUT_AGENT = re.compile(
    r"\b(the (assistant|agent)|i (always|never|usually|tend|prefer|am|like|try|double-check))\b",
    re.I,
)


def detect_self_model(ctx: Ctx) -> None:
    roles = ",".join(f"'{r}'" for r in ASSISTANT_ROLES)
    candidates = [
        (mid, st, content, role)
        for mid, st, content, role in ctx.rows(
            # LIKE folds ASCII case as lower() does (and no more): no lowered copies.
            # NOT INDEXED: every active text is read, in the table's order, not through
            # the status index (a random read per row: 2.5x slower at 1M).
            "SELECT id, source_type, content, {role} FROM memories NOT INDEXED "
            "WHERE status = 'active' AND ("
            "content LIKE '%the assistant%' OR content LIKE '%the agent%' OR "
            f"((source_type = 'assistant_message' OR lower(coalesce({{role}}, '')) IN ({roles})) "
            "AND (content LIKE 'I %' OR content LIKE '% I %'))) ORDER BY id"
        )
        if _ABOUT_AGENT.search(content)
    ]
    if not candidates:
        return
    lin = ancestries(ctx, [c[0] for c in candidates])
    for mid, st, content, role in candidates:
        own = st == SourceType.ASSISTANT_MESSAGE.value or (role or "").lower() in ASSISTANT_ROLES
        from_own = sorted(lin[mid].assistant) if mid in lin else []
        if not own and not from_own:
            continue
        if from_own:
            evidence = (
                f"{mid} ({st}) describes the agent — “{short(content, 60)}” — and is derived "
                f"from the agent's own message(s) {', '.join(from_own)}: the explanation of an "
                "action becomes a self-model the next session acts on"
            )
        else:
            evidence = (
                f"{mid} is the agent's own message describing itself — “{short(content, 60)}” "
                "— stored as memory: a self-model built from its own words"
            )
        ctx.add(
            Severity.HIGH if from_own else Severity.MEDIUM,
            [mid, *from_own],
            evidence,
            command("trace", mid, flags="--up"),
            derived_from_own=from_own,
        )
