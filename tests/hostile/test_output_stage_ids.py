"""Ids staged from JSON Lines: printable, no markup brackets or controls, at most 200
characters — refused with the line number, and nothing staged (``review.check_id``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memaudit.ledger import Ledger
from tests.hostile import corpus_output as corpus

BATCH = corpus.OUTPUT / "inputs" / "stage_ids.jsonl"


def test_the_committed_batch_is_refused_at_its_first_bad_line(ledger_path: Path, cli) -> None:
    r = cli("stage", input=BATCH.read_bytes(), db=ledger_path)
    assert r.exit_code == 1
    assert r.stderr.startswith("Error: line 2: id 'evil[/]' holds a square bracket")
    assert "nothing staged" in r.stderr
    with Ledger.open(ledger_path) as led:
        assert led.count() == 0


@pytest.mark.parametrize(
    ("line", "bad"),
    sorted(corpus.STAGE_BAD_IDS.items()),
    ids=lambda v: f"line{v}" if isinstance(v, int) else "",
)
@pytest.mark.parametrize("field", ["id", "derived_from"])
def test_each_bad_id_is_refused_with_its_line(line, bad, field, ledger_path, cli) -> None:
    rows = [
        {"content": f"Fine {n}.", "source_type": "user_statement", "id": f"fine-{n}"}
        for n in range(1, line)
    ]
    rows.append({"content": "Bad.", "source_type": "summary", field: bad})
    r = cli("stage", input="".join(json.dumps(x) + "\n" for x in rows), db=ledger_path)
    assert r.exit_code == 1, r.stdout
    assert r.stderr.startswith(f"Error: line {line}: "), r.stderr
    assert "nothing staged" in r.stderr
    assert r.stderr.isprintable() or r.stderr.rstrip("\n").isprintable()
    with Ledger.open(ledger_path) as led:
        assert led.count() == 0


def test_plain_ids_still_stage(ledger_path: Path, cli) -> None:
    rows = [
        {"content": "One.", "source_type": "user_statement", "id": "note-1_ok.v2 (draft)"},
        {"content": "Two.", "source_type": "summary", "derived_from": ["note-1_ok.v2 (draft)"]},
    ]
    r = cli("stage", input="".join(json.dumps(x) + "\n" for x in rows), db=ledger_path)
    assert r.exit_code == 0, r.stderr
