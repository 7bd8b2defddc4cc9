"""Forget requests: an agent asks for a memory to be forgotten; a person decides.

An agent that writes through ``memaudit mcp`` cannot forget (nor approve, nor
promote): it can only *ask*. A request names one memory and the agent's reason, and
waits in the ledger's ``forget_requests`` table, where ``memaudit review --list`` and
the review screen show it. A person then either forgets the memory (``memaudit forget
ID``: the request goes with it), rejects it if it is still pending (the same), or
declines the request (``memaudit dismiss REQUEST_ID --reason ...``).

The reason is agent-written text and may quote the very thing to be forgotten, so it
is kept in that table — deleted with the request — and never in the append-only event
log, which records only that a request was made or dismissed, by whom and for which
memory. A request by text resolves the text to the memories holding it when it is
made; the text itself is not stored anywhere.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memaudit import reasons
from memaudit.errors import InvalidInput, NotFound
from memaudit.fingerprint import normalize
from memaudit.ledger import Ledger
from memaudit.model import MemoryFilter, Status

# A memory a person can still forget (rejected and forgotten ones are gone already).
LIVE = (Status.PENDING, Status.ACTIVE, Status.ARCHIVED, Status.SUPERSEDED, Status.EXPIRED)
MAX_REASON_CHARS = 2000
# A request by text names at most this many memories: more means the text is too vague.
MAX_MATCHES = 20

EVENT_REQUEST = "forget_request"
EVENT_DISMISS = "forget_request_dismissed"


@dataclass(slots=True, frozen=True)
class ForgetRequest:
    id: str
    memory_id: str
    reason: str
    requested_by: str
    requested_at: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "memory_id": self.memory_id,
            "reason": self.reason,
            "requested_by": self.requested_by,
            "requested_at": self.requested_at,
        }


_COLUMNS = "id, memory_id, reason, requested_by, requested_at"


def _row(row: tuple[Any, ...]) -> ForgetRequest:
    return ForgetRequest(*(str(v) if v is not None else "" for v in row))


def holding(ledger: Ledger, text: str) -> list[str]:
    """Ids of the live memories whose content holds ``text`` (case, spacing and
    invisible characters ignored): full-text candidates, then an exact containment
    check, so a request never names a memory that merely shares a few words."""
    wanted = normalize(text)
    if not wanted:
        raise InvalidInput("the text to forget is empty")
    found = ledger.query(MemoryFilter(statuses=list(LIVE), search=text, limit=None))
    ids = [m.id for m in found if wanted in normalize(m.content)]
    if len(ids) > MAX_MATCHES:
        raise InvalidInput(
            f"{len(ids)} memories hold that text; name at most {MAX_MATCHES} "
            "(give a longer text, or one id)"
        )
    return ids


def request(
    ledger: Ledger, memory_ids: Sequence[str], reason: str, *, actor: str
) -> list[tuple[ForgetRequest, bool]]:
    """Record a request per memory (one transaction); ``(request, True)`` when new,
    ``(request, False)`` when the same actor had already asked for that memory."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("a reason is required: the person deciding needs to know why")
    if len(reason) > MAX_REASON_CHARS:
        raise InvalidInput(
            f"the reason is {len(reason)} characters; the limit is {MAX_REASON_CHARS}"
        )
    if "\x00" in reason:
        raise InvalidInput("the reason contains a NUL character")
    if not memory_ids:
        raise InvalidInput("no memory to forget was named")
    out: list[tuple[ForgetRequest, bool]] = []
    with ledger.transaction():
        for mid in dict.fromkeys(memory_ids):
            memory = ledger.require(mid)  # a forgotten or rejected one says so
            if memory.status not in LIVE:
                raise NotFound(f"{mid} is {memory.status.value}; there is nothing to forget")
            existing = ledger.conn.execute(
                f"SELECT {_COLUMNS} FROM forget_requests WHERE memory_id = ? AND requested_by = ?",
                (mid, actor),
            ).fetchone()
            if existing:
                out.append((_row(existing), False))
                continue
            made = ForgetRequest("fr_" + secrets.token_hex(6), mid, reason, actor, ledger.now())
            ledger.conn.execute(
                f"INSERT INTO forget_requests({_COLUMNS}) VALUES (?,?,?,?,?)",
                (made.id, made.memory_id, made.reason, made.requested_by, made.requested_at),
            )
            # Who asked for which memory; never the reason (see the module docstring).
            ledger.log(EVENT_REQUEST, mid, actor=actor, detail={"request": made.id})
            out.append((made, True))
    return out


def open_requests(
    ledger: Ledger, *, memory_ids: Sequence[str] | None = None, limit: int | None = None
) -> list[ForgetRequest]:
    """Requests waiting for a person, oldest first."""
    sql = f"SELECT {_COLUMNS} FROM forget_requests"
    params: list[Any] = []
    if memory_ids is not None:
        sql += (
            f" WHERE memory_id IN ({','.join('?' * len(memory_ids))})" if memory_ids else " WHERE 0"
        )
        params += list(memory_ids)
    sql += " ORDER BY requested_at, id"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [_row(r) for r in ledger.conn.execute(sql, params)]


def count(ledger: Ledger) -> int:
    return int(ledger.conn.execute("SELECT count(*) FROM forget_requests").fetchone()[0])


def dismiss(
    ledger: Ledger, request_ids: Sequence[str], reason: str, *, actor: str | None = None
) -> list[ForgetRequest]:
    """A person declines requests (all or none): the memories stay, the requests go."""
    if not reason or not reason.strip():
        raise InvalidInput("a reason is required to dismiss a forget request")
    who = actor or ledger.actor
    # The reason goes into the append-only log: it must not quote the memory it keeps
    # (if that is forgotten later, the log would still hold it) — the reject rule.
    asked = open_requests(ledger)
    texts = [
        m.content + ("\n" + m.summary if m.summary else "")
        for m in (ledger.get(r.memory_id) for r in asked if r.id in request_ids)
        if m is not None
    ]
    frequency, total = reasons.ledger_frequency(ledger.conn)
    reasons.check(reason, texts, what="kept", frequency=frequency, total=total)
    done = []
    with ledger.transaction():
        for rid in dict.fromkeys(request_ids):
            row = ledger.conn.execute(
                f"SELECT {_COLUMNS} FROM forget_requests WHERE id = ?", (rid,)
            ).fetchone()
            if row is None:
                raise NotFound(
                    f"no open forget request {rid!r} (fulfilled or dismissed already? "
                    "`memaudit review --list` shows the open ones)"
                )
            req = _row(row)
            ledger.conn.execute("DELETE FROM forget_requests WHERE id = ?", (rid,))
            ledger.log(
                EVENT_DISMISS,
                req.memory_id,
                actor=who,
                reason=reason,
                detail={"request": rid, "requested_by": req.requested_by},
            )
            done.append(req)
    return done
