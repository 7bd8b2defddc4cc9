"""Change statements on the native ledger, through the CLI: the true pair is found by
`conflicts` and `audit -p contradiction_collapse`; the look-alikes of issue 17 ("moved
the meeting from Monday to Tuesday" on two different meetings; "switched from light to
dark mode" when only one memory mentions a theme) are in no candidate and no finding.
The same look-alikes on foreign stores: tests/adapters/test_findings_change_lockin.py
(server-memory and Mnemosyne fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.review import Candidate, approve, stage
from tests.conftest import NOW

MEMORIES = [
    ("poetry", "The team's repos use poetry for packaging."),
    ("uv", "The team moved from poetry to uv."),
    ("budget", "The budget meeting is on Monday."),
    ("sprint", "We moved the sprint meeting from Monday to Tuesday."),
    ("theme", "The user switched from light to dark mode."),
    ("coffee", "The user likes light roast coffee."),
    ("concise", "The user prefers concise answers."),
]


def _ledger(path: Path) -> None:
    with Ledger.open(path, readonly=False, clock=fixed_clock(NOW)) as ledger:
        for memory_id, text in MEMORIES:
            staged = stage(ledger, Candidate(text, SourceType.USER_STATEMENT, id=memory_id))
            if staged.status is Status.PENDING:
                approve(ledger, memory_id)


def test_native_pair_found_and_look_alikes_left_alone(cli, ledger_path: Path) -> None:
    _ledger(ledger_path)
    audit = cli("audit", "--json", "-p", "contradiction_collapse", db=ledger_path)
    assert audit.exit_code in (0, 4), audit.stderr
    stated = [f for f in json.loads(audit.stdout)["findings"] if f["detector"] == "stated_change"]
    assert [(f["memory_ids"], f["detail"]["change"]["old"]) for f in stated] == [
        (["poetry", "uv"], "poetry")
    ]
    conflicts = cli("conflicts", "--json", db=ledger_path)
    assert conflicts.exit_code == 0, conflicts.stderr
    pairs = [(c["older_id"], c["newer_id"]) for c in json.loads(conflicts.stdout)["candidates"]]
    assert pairs == [("poetry", "uv")]
    named = {i for f in json.loads(audit.stdout)["findings"] for i in f["memory_ids"]}
    assert not {"budget", "sprint", "theme", "coffee", "concise"} & named
