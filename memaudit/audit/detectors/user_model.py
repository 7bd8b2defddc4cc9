"""6. User-model reinforcement: traits of the user built on model output."""

from __future__ import annotations

import re

from memaudit.audit.ancestry import ancestries
from memaudit.audit.view import (
    T5_SQL,
    Ctx,
    pct,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command

_ABOUT_USER = re.compile(r"^\s*(the\s+)?user('s|s)?\b", re.I)


def detect_user_model(ctx: Ctx) -> None:
    ctx.need_edges()
    share_max = float(ctx.policy.get("audit.user_model_inference_share"))
    # (entry id, memory id, label): profile entries, and model conclusions about the user.
    items: list[tuple[str, str, str]] = []
    # `+status` (here and below): not by the status index, which walks every active
    # memory (most of the store); by the profile, then the memory's id (or its type).
    for pid, trait, value, mid in ctx.rows(
        "SELECT p.id, p.trait, p.value, p.memory_id FROM profile p "
        "JOIN memories m ON m.id = p.memory_id WHERE +m.status = 'active' ORDER BY p.id"
    ):
        items.append((pid, mid, f"profile entry {pid} ({trait}: {value})"))
    # LIKE folds ASCII case as lower() does (and no more): no lowered copy of each text.
    for mid, content in ctx.rows(
        f"SELECT id, content FROM memories WHERE +status = 'active' AND source_type IN {T5_SQL} "
        "AND (content LIKE 'user%' OR content LIKE 'the user%' "
        "OR content LIKE '%the user %') ORDER BY id"
    ):
        if _ABOUT_USER.search(content):
            items.append((mid, mid, f"{mid} (“{short(content, 50)}”)"))
    if not items:
        return
    mids = list(dict.fromkeys(m for _, m, _ in items))
    lin = ancestries(ctx, mids)
    for entry, mid, label in items:
        info = lin.get(mid)
        if info is None or info.model_share <= share_max:
            continue
        observed = sorted(info.observations)
        severity = Severity.HIGH if not observed else Severity.MEDIUM
        causes = [*([mid] if mid != entry else []), *observed]
        if ctx.full:
            ctx.count(severity, causes)
            continue
        ctx.add(
            severity,
            [entry, *causes],
            (
                f"{label} rests on {mid} ({info.source_type}), whose lineage is "
                if mid != entry
                else f"{label} is {info.source_type}; its lineage is "
            )
            + f"{pct(info.model_share, 1)} model output (each memory averaged with its "
            "sources)"
            + (f"; observations: {', '.join(observed)}" if observed else "; no observation at all")
            + ": a trait the user never stated",
            command("trace", mid, flags="--up"),
            share=round(info.model_share, 3),
            observations=observed,
        )
