"""A probe report reads like the article's checklist: for each probe, what was
expected, what happened, the verdict, the evidence, and the setting that would change
the outcome.

Verdicts: probes 1-4 and 6 ``pass`` / ``fail`` / ``not applicable``; probe 5 answers
as a verification does — ``clean`` (every layer probed, nothing found), ``residue``
(found, and where), ``unverified`` (nothing found, but some layer could not be probed).
A run passes when every applicable probe passes (``clean`` counts as a pass).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Verdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_APPLICABLE = "not applicable"
    CLEAN = "clean"
    RESIDUE = "residue"
    UNVERIFIED = "unverified"

    @property
    def passed(self) -> bool | None:
        """True / False, or None when the probe does not apply."""
        if self is Verdict.NOT_APPLICABLE:
            return None
        return self in (Verdict.PASS, Verdict.CLEAN)


# Where a marker was found, from most to least "remembered".
MEMORY = "memory record"
PENDING = "pending record"
COPY = "derived copy"
ROWS = "stored row"  # a row of a layer (the record itself, or a copy beside it)
HISTORY = "session history"  # transcripts: what was said
LOG = "change log"  # a store's history of writes (it can hold old text)
INDEX = "index or raw bytes"
SIDE = "side file"
# A layer's kind (``Layer.kind``) says what a hit in it means.
PLACE_OF_KIND = {
    "transcripts": HISTORY,
    "history": LOG,
    "fts": INDEX,
    "raw-bytes": INDEX,
    "vectors": INDEX,
    "side-files": SIDE,
    "summaries": COPY,
    "graph": COPY,
    "rows": ROWS,
}


def place_of(kind: str) -> str:
    return PLACE_OF_KIND.get(kind, INDEX)


@dataclass(slots=True)
class Evidence:
    place: str  # one of the constants above
    layer: str  # the adapter's layer name, or "memories" for a canonical record
    where: str  # table.column / file / row the layer named
    match: str = ""  # exact text, contains text, term, bytes, id, ...
    record: str | None = None  # the memory's id, for canonical records
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "layer": self.layer,
            "where": self.where,
            "match": self.match,
            "record": self.record,
            "detail": self.detail,
        }


@dataclass(slots=True)
class ProbeResult:
    number: int
    title: str
    expectation: str
    happened: str
    verdict: Verdict
    evidence: list[Evidence] = field(default_factory=list)
    configuration: list[str] = field(default_factory=list)  # settings that explain it
    change: str = ""  # the setting that would change the outcome
    looked_for: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "probe": self.number,
            "title": self.title,
            "expectation": self.expectation,
            "happened": self.happened,
            "verdict": self.verdict.value,
            "passed": self.verdict.passed,
            "evidence": [e.to_dict() for e in self.evidence],
            "configuration": self.configuration,
            "change": self.change,
            "looked_for": self.looked_for,
        }


def all_passed(results: list[ProbeResult]) -> bool:
    """Every applicable probe passed (and at least one applied)."""
    applicable = [r for r in results if r.verdict.passed is not None]
    return bool(applicable) and all(r.verdict.passed for r in applicable)
