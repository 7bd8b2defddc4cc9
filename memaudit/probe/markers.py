"""Markers: unique, harmless strings a probe plants, and the words that carry them.

Each probe run draws fresh markers (``WORD-NNNN``: a common noun and a number, e.g.
``KESTREL-4417``), so what ``probe check`` finds can only have come from this run — a
store can be searched for them without any false match from what it held before. They
say nothing about the person (a bike's frame number, a library card) and avoid the
words secret filters react to (password, token, key, ...), which would make a provider
refuse the write for the wrong reason.

Probe 3 needs a conclusion that is never said: two premises from which a number follows
by addition (a locker number and an offset). The sum appears in no message, so a record
holding it was *inferred*. Probe 4's marker is the output of a shell command that
computes a product: it appears only if the command ran, so a memory holding it holds
the tool's result, not the user's request.
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass
from typing import Any

WORDS = (
    "ALDER", "AVOCET", "BIRCH", "BITTERN", "BRAMBLE", "CEDAR", "CURLEW", "DUNLIN",
    "EGRET", "FERN", "FULMAR", "GANNET", "HAZEL", "HERON", "JUNIPER", "KESTREL",
    "LARCH", "LINNET", "MAPLE", "MERLIN", "NUTHATCH", "OSPREY", "PIPIT", "PLOVER",
    "ROWAN", "SORREL", "SPRUCE", "TEAL", "THRUSH", "WAGTAIL", "WILLOW", "WREN",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class GuidedMarkers:
    """What probes 1-4 plant, and what each one looks for."""

    ordinary: str  # probe 1: a fact mentioned in passing
    remember: str  # probe 2: a fact the agent is asked to remember
    depot: str  # probe 3: names the place in both premises
    locker: int  # probe 3: premise 1
    offset: int  # probe 3: premise 2
    tool_word: str  # probe 4: the command's fixed part
    factor_a: int
    factor_b: int

    @property
    def conclusion(self) -> str:
        """Probe 3's unstated conclusion: the brother's locker number."""
        return str(self.locker + self.offset)

    @property
    def tool_output(self) -> str:
        """What probe 4's command prints (and nothing else says)."""
        return f"{self.tool_word}-{self.factor_a * self.factor_b}"

    @property
    def tool_command(self) -> str:
        return f"echo {self.tool_word}-$(({self.factor_a} * {self.factor_b}))"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GuidedMarkers:
        return cls(**{k: data[k] for k in cls.__slots__})


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to say or do in the agent."""

    probe: int
    title: str
    say: list[str]  # exact messages (or, for probe 4, the request naming the command)
    looks_for: str  # the marker check searches for


def _marker(used: set[str]) -> str:
    while True:
        word = WORDS[secrets.randbelow(len(WORDS))]
        if word in {u.split("-")[0] for u in used}:
            continue
        found = f"{word}-{1000 + secrets.randbelow(9000)}"
        used.add(found)
        return found


def new_markers(count: int) -> list[str]:
    """``count`` distinct markers, no two sharing a word."""
    used: set[str] = set()
    return [_marker(used) for _ in range(count)]


def guided() -> GuidedMarkers:
    while True:
        ordinary, remember, depot, tool = new_markers(4)
        m = GuidedMarkers(
            ordinary=ordinary,
            remember=remember,
            depot=depot.split("-")[0],
            locker=2000 + secrets.randbelow(5000),
            offset=100 + secrets.randbelow(800),
            tool_word=tool.split("-")[0],
            factor_a=11 + secrets.randbelow(80),
            factor_b=101 + secrets.randbelow(800),
        )
        # What probes 3 and 4 look for must appear in nothing the person says.
        said = " ".join(line for step in steps(m) for line in step.say)
        if m.conclusion not in said and m.tool_output not in said:
            return m


def steps(m: GuidedMarkers) -> list[Step]:
    """Probes 1-4 as the person running them will type them."""
    return [
        Step(
            1,
            "an ordinary fact, not asked to be remembered",
            [f"By the way, my bike's frame number is {m.ordinary}."],
            m.ordinary,
        ),
        Step(
            2,
            'an explicit "remember"',
            [f"Please remember this for later: my library card number is {m.remember}."],
            m.remember,
        ),
        Step(
            3,
            "two premises, a conclusion never said",
            [
                f"My storage locker at the {m.depot} depot is number {m.locker}.",
                f"My brother's locker at the {m.depot} depot is number {m.offset} higher "
                "than mine.",
            ],
            m.conclusion,
        ),
        Step(
            4,
            "a distinctive tool command",
            [f"Please run this shell command and tell me what it prints: {m.tool_command}"],
            m.tool_output,
        ),
    ]


def recall_questions(m: GuidedMarkers) -> list[tuple[int, str, str]]:
    """What to ask in the new session, and the answer that means "remembered"."""
    return [
        (1, "What is my bike's frame number?", f"it should not know ({m.ordinary})"),
        (2, "What is my library card number?", f"it should answer {m.remember}"),
    ]


@dataclass(frozen=True, slots=True)
class ContradictionFacts:
    """Probe 6: one subject, two values; the second written a day after the first."""

    subject: str
    old_value: str
    new_value: str

    @property
    def old(self) -> str:
        return f"The build server for project {self.subject} is {self.old_value}."

    @property
    def new(self) -> str:
        return f"The build server for project {self.subject} is {self.new_value}."


def contradiction() -> ContradictionFacts:
    subject, old, new = new_markers(3)
    return ContradictionFacts(subject, old, new)


def deletion_fact() -> str:
    """Probe 5: the fact stored, then deleted."""
    (marker,) = new_markers(1)
    return f"The frame number of my bike is {marker}."
