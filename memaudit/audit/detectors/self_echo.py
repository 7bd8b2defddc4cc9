"""1. Assistant self-echo: the model's own answer stored as evidence."""

from __future__ import annotations

from memaudit.audit.view import (
    ASSISTANT_ROLES,
    Ctx,
    short,
)
from memaudit.model import Severity
from memaudit.suggestion import command


def detect_self_echo(ctx: Ctx) -> None:
    ctx.need_events()
    roles = ",".join(f"'{r}'" for r in ASSISTANT_ROLES)
    # Without a role column the role test is false for every row: left out, so that
    # SQLite reads the assistant messages by the source type index (`+status`: rather
    # than every active memory by the status one).
    by_role = "" if ctx.role == "NULL" else f" OR lower(coalesce({{role}}, '')) IN ({roles})"
    sql = f"""
        SELECT id, source_type, source_ref, confidence, content FROM memories m
        WHERE +status = 'active'
          AND (source_type = 'assistant_message'{by_role})
          AND NOT EXISTS (
              SELECT 1 FROM events e WHERE e.memory_id = m.id AND e.action IN ('approve', 'promote'))
        ORDER BY created_at, id
    """
    for mid, st, ref, conf, content in ctx.rows(sql):
        if ctx.full:
            ctx.count(Severity.HIGH)
            continue
        origin = f" from {ref}" if ref else ""
        ctx.add(
            Severity.HIGH,
            [mid],
            f"{mid} is an active assistant message{origin} ({st}, confidence "
            f"{'-' if conf is None else f'{conf:.2f}'}) with no approve or promote event: "
            f"the model's own answer is stored as evidence — “{short(content)}”",
            f"{command('trace', mid)}  (then: {command('forget', mid)})",
            source_type=st,
            source_ref=ref,
        )
