"""`review --list` flags DUP on a pending item whose exact copy is active, however many
newer memories share its words (the neighbour lookup reads only the newest of them);
an item staged with `memaudit stage` is flagged the same way."""

from __future__ import annotations

import json
from pathlib import Path

from memaudit.ledger import Ledger
from tests.buried_copy import ITEM, bury_copy

NOW = "2026-12-01T00:00:00Z"


def _listed(cli, db: Path, *args: str) -> dict[str, list[str]]:
    result = cli("--now", NOW, "review", "--list", "-n", "0", "--json", *args, db=db)
    assert result.exit_code == 0, result.stderr
    return {i["id"]: i["flags"] for i in json.loads(result.stdout)["items"]}


def test_the_listing_flags_a_copy_beyond_the_neighbour_cap(cli, ledger: Ledger) -> None:
    item, _ = bury_copy(ledger)
    db = Path(ledger.path)
    assert _listed(cli, db) == {item: ["duplicate"]}
    assert list(_listed(cli, db, "--flag", "duplicate")) == [item]
    text = cli("--now", NOW, "review", "--list", db=db, env={"COLUMNS": "160"})
    assert text.exit_code == 0, text.stderr
    row = next(line for line in text.stdout.splitlines() if item in line)
    assert "duplicate" in row


def test_an_item_staged_from_the_cli_is_flagged(cli, ledger: Ledger) -> None:
    """`stage` itself claims nothing about duplicates; the queue it feeds must flag it."""
    _, copy = bury_copy(ledger, stage_item=False)
    db = Path(ledger.path)
    staged = cli("stage", ITEM, "-t", "user_statement", "--json", db=db)
    assert staged.exit_code == 0, staged.stderr
    (entry,) = json.loads(staged.stdout)
    assert entry["status"] == "pending"
    assert _listed(cli, db, "--flag", "duplicate") == {entry["id"]: ["duplicate"]}
    assert copy != entry["id"]
