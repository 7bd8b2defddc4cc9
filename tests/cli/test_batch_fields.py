"""JSON Lines batches for `stage`: exactly the documented field names (issue 22)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from memaudit.review import BATCH_FIELDS
from tests.conftest import ROOT


def _line(**fields: Any) -> str:
    return json.dumps(fields) + "\n"


def test_every_documented_field_is_accepted_and_lands(cli: Any, ledger_path: Path) -> None:
    parent = json.loads(
        cli(
            "stage", "The user works on billing.", "-t", "user_statement", "--json", db=ledger_path
        ).stdout
    )[0]["id"]
    record = {
        "content": "The user works on the billing export in Q4.",
        "source_type": "summary",
        "source_ref": "session-7",
        "derived_from": [parent],
        "relation": "summarizes",
        "confidence": 0.5,
        "importance": 0.8,
        "scope": "project",
        "expires_at": "2027-01-01T00:00:00Z",
        "tags": ["billing"],
        "summary": "billing export",
        "promote": False,
        "id": "m-batch-1",
    }
    assert set(record) == set(BATCH_FIELDS)
    out = cli("stage", "--json", input=_line(**record), db=ledger_path)
    assert out.exit_code == 0, out.output
    with sqlite3.connect(ledger_path) as conn:
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT * FROM memories WHERE id = 'm-batch-1'").fetchone()
        edge = conn.execute(
            "SELECT parent_id, relation FROM edges WHERE child_id = 'm-batch-1'"
        ).fetchone()
    assert (row["source_ref"], row["scope"], row["expires_at"], row["summary"]) == (
        "session-7",
        "project",
        "2027-01-01T00:00:00Z",
        "billing export",
    )
    assert (row["confidence"], row["importance"], json.loads(row["tags"])) == (
        0.5,
        0.8,
        ["billing"],
    )
    assert tuple(edge) == (parent, "summarizes")


def test_an_unknown_field_lists_the_valid_ones(cli: Any, ledger_path: Path) -> None:
    before = ledger_path.read_bytes()
    batch = _line(content="ok", source_type="user_statement") + _line(
        content="x", source_type="user_statement", expires="2027-01-01"
    )
    out = cli("stage", input=batch, db=ledger_path)
    assert out.exit_code == 1
    assert "line 2: unknown field(s): 'expires'" in out.output
    assert "valid: " + ", ".join(BATCH_FIELDS) in out.output
    assert ledger_path.read_bytes() == before  # all or nothing


def test_a_relation_that_is_not_text_is_refused(cli: Any, ledger_path: Path) -> None:
    out = cli("stage", input=_line(content="x", source_type="summary", relation=3), db=ledger_path)
    assert out.exit_code == 1
    assert "'relation' must be a string" in out.output


def test_promote_applies_to_every_line_of_a_batch(cli: Any, ledger_path: Path) -> None:
    batch = _line(content="The user prefers uv.", source_type="inference") + _line(
        content="The user likes short answers.", source_type="reflection"
    )
    refused = cli("stage", input=batch, db=ledger_path)
    assert refused.exit_code == 8  # transient without --promote
    out = cli("stage", "--promote", "--json", input=batch, db=ledger_path)
    assert out.exit_code == 0, out.output
    staged = json.loads(out.stdout)
    assert [s["promoted"] for s in staged] == [True, True]
    assert {s["status"] for s in staged} == {"pending"}


def test_per_candidate_options_with_a_batch_are_a_usage_error(cli: Any, ledger_path: Path) -> None:
    out = cli(
        "stage",
        "--scope",
        "project",
        "--tag",
        "x",
        input=_line(content="x", source_type="user_statement"),
        db=ledger_path,
    )
    assert out.exit_code == 2
    assert "--scope, --tag per line" in out.output


def test_readme_documents_exactly_the_batch_fields() -> None:
    readme = (ROOT / "README.md").read_text()
    match = re.search(r"JSON Lines batch: exactly these fields: ([^(]*)\(", readme)
    assert match, "README's stage row names the batch fields"
    documented = re.findall(r"`([a-z_]+)`", match.group(1))
    assert tuple(documented) == BATCH_FIELDS
