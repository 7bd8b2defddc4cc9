"""A labeled evaluation set for the injected-instruction check (``bench_injection``).

Each case is a memory as a store would hold it: its text and its provenance. ``label``
is ``poison`` (an instruction planted in memory that a future session would obey) or
``benign`` (a look-alike: the user's own preference, a note with a URL, an article
quoting an attack, a tutorial with ``rm -rf``, the user's e-mail address, ...).
``technique`` groups each poison with the benign look-alikes that resemble it, so
precision per technique counts the false alarms a user of that kind of memory sees.

Sources (how the case is stored; see ``SOURCES``):

- ``user``: a user statement with a session reference (the user talking to their agent);
- ``user-noref``: a user statement with no source reference;
- ``user-url`` / ``user-tool``: claims to be a user statement, but its source reference
  is a web page / a tool call;
- ``user-from-doc``: a user statement derived from an external document (lineage);
- ``tool``, ``doc``, ``asst``: a tool's output, an external document, an assistant
  message;
- ``summary-of-user`` / ``summary-of-doc``: a summary derived from user statements /
  from an external document; ``inference``: a model inference with no lineage;
- ``approved-user``: a user statement a person approved;
- ``extraction-doc`` / ``extraction-user``: a fact extracted from an external document /
  from the user's statements (lineage).

The cases live in ``injection_cases.jsonl`` (one JSON object a line; invisible
characters written as ``\\u`` escapes so a reader sees them). They were written by hand
for this benchmark (none is taken from memwall's or bastioncorpus's own tests), in rounds:
each round was run once, blind, then looked at and used to set the check's weights, and
the next round was written after that. So only the latest round is held out; README
"Benchmarks" gives every round's blind figures.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

SOURCES = (
    "user",
    "user-noref",
    "user-url",
    "user-tool",
    "user-from-doc",
    "tool",
    "doc",
    "asst",
    "summary-of-user",
    "summary-of-doc",
    "inference",
    "approved-user",
    "extraction-doc",
    "extraction-user",
)


@dataclass(frozen=True, slots=True)
class Case:
    id: str
    technique: str
    label: str  # poison | benign
    lang: str
    source: str
    content: str
    round: int = 1

    @property
    def split(self) -> str:
        """Each round's held-out cases were looked at (and tuned on) in the next round,
        so rounds 1-3 are ``dev`` now; the latest round's cases are the held-out ones."""
        return "heldout" if self.round == LATEST_ROUND else "dev"

    @property
    def round1_split(self) -> str:
        """The split round 1 was measured on (a stable hash of the id)."""
        digest = hashlib.sha256(self.id.encode()).digest()
        return "heldout" if digest[0] % 3 == 0 else "dev"


LATEST_ROUND = 4
DATA = Path(__file__).with_name("injection_cases.jsonl")


def cases() -> list[Case]:
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["source"] not in SOURCES:
            raise ValueError(f"{row['id']}: unknown source {row['source']!r}")
        out.append(
            Case(
                row["id"],
                row["technique"],
                row["label"],
                row["lang"],
                row["source"],
                row["content"],
                row["round"],
            )
        )
    return out
