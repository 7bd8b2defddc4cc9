"""Where one marker turned up: memory records (remembered or pending), derived
copies, session history, indexes and raw bytes."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from memaudit.fingerprint import normalize
from memaudit.model import Memory, Status
from memaudit.probe.report import (
    COPY,
    HISTORY,
    INDEX,
    LOG,
    MEMORY,
    PENDING,
    ROWS,
    SIDE,
    Evidence,
    place_of,
)
from memaudit.store import Layer, Needle
from memaudit.verification import LayerReport, verify_layers

if TYPE_CHECKING:
    pass


# Beyond this many memories the baseline keeps counts only, and "new since start" is
# read from created_at (a fingerprint list of a million memories is ~20 MB of log).
MAX_FINGERPRINTS = 200_000
MAX_HASHED_FILE = 64 * 1024 * 1024
MAX_EVIDENCE = 20
NOT_REMEMBERED = {Status.PENDING, Status.REJECTED, Status.FORGOTTEN}


@dataclass(slots=True)
class Found:
    """Where one text turned up."""

    text: str
    records: list[Memory] = field(default_factory=list)  # canonical memories holding it
    reports: list[LayerReport] = field(default_factory=list)

    @property
    def remembered(self) -> list[Memory]:
        return [m for m in self.records if m.status not in NOT_REMEMBERED]

    @property
    def pending(self) -> list[Memory]:
        return [m for m in self.records if m.status is Status.PENDING]

    def hits(self, *places: str) -> list[tuple[LayerReport, Any]]:
        return [(r, x) for r in self.reports for x in r.residue if place_of(r.kind) in places]

    @property
    def copies(self) -> list[tuple[LayerReport, Any]]:
        """Derived copies: summary and graph layers, and stored rows when no memory
        record explains them (a fact table, a gist)."""
        rows = [] if self.records else self.hits(ROWS)
        return self.hits(COPY) + rows

    @property
    def in_memory(self) -> bool:
        return bool(self.remembered or self.copies)

    def where_remembered(self) -> str:
        if self.remembered:
            return f"memory record {_ids(self.remembered)}"
        return f"derived copies in {_where(self)}"

    @property
    def anywhere(self) -> bool:
        return bool(self.records or any(r.residue for r in self.reports))

    def evidence(self, *, places: tuple[str, ...] | None = None) -> list[Evidence]:
        out = [
            Evidence(
                PENDING if m.status is Status.PENDING else MEMORY,
                "memories",
                m.source_ref or m.scope or "",
                "contains text",
                m.id,
                f"status {m.status.value}, source {m.source_type.value}"
                + (", derived" if m.derived else ""),
            )
            for m in self.records
        ]
        for report, residue in self.hits(*(places or (ROWS, COPY, HISTORY, LOG, SIDE, INDEX))):
            out.append(
                Evidence(
                    place_of(report.kind),
                    report.layer,
                    residue.where,
                    residue.match,
                    None,
                    residue.detail,
                )
            )
        return out[:MAX_EVIDENCE]


def _contains(text: str, whole_number: bool) -> Callable[[str], bool]:
    if whole_number:
        pattern = re.compile(rf"(?<![0-9]){re.escape(text)}(?![0-9])")
        return lambda content: bool(pattern.search(content))
    want = normalize(text)
    return lambda content: want in normalize(content)


def _find(
    memories: list[Memory], layers: list[Layer], text: str, *, whole_number: bool = False
) -> Found:
    match = _contains(text, whole_number)
    records = [m for m in memories if match(m.content or "")]
    return Found(text, records, verify_layers(layers, Needle(content=text)).reports)


def _ids(memories: Sequence[Memory]) -> str:
    return ", ".join(m.id for m in memories[:5]) + (" …" if len(memories) > 5 else "")


def _where(found: Found) -> str:
    layers = sorted({r.layer for r, _ in found.copies})
    return ", ".join(layers)
