"""Destructive consolidation: an observation replaced by model output."""

from __future__ import annotations

from memaudit.audit.view import (
    AUTHORITATIVE_SQL,
    MODEL_SQL,
    Ctx,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command


def detect_destructive_consolidation(ctx: Ctx) -> None:
    sql = f"""
        SELECT o.id, o.source_type, o.created_at, n.id, n.source_type, n.created_at, n.content
        FROM memories o JOIN memories n ON n.id = o.superseded_by
        WHERE o.source_type IN {AUTHORITATIVE_SQL} AND n.source_type IN {MODEL_SQL}
          AND n.created_at >= o.created_at AND o.status != 'active'
        ORDER BY o.created_at, o.id
    """
    for old, ost, ocreated, new, nst, ncreated, ncontent in ctx.rows(sql):
        ctx.add(
            Severity.HIGH,
            [old, new],
            f"{old} ({ost}, {ocreated}) was superseded by the newer {new} ({nst}, {ncreated}, "
            f"“{short(ncontent, 50)}”): an inference replaced a more authoritative observation",
            command("trace", new, flags="--up"),
            old_source_type=ost,
            new_source_type=nst,
        )
