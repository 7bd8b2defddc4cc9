"""Hostile and broken input (issue 10, part 3), fuzzed with Hypothesis at CI size.

Each surface must answer every input with a documented exit code, no traceback, no
raw control characters on the terminal, in bounded time — and leave the store
byte-identical when it refused. `python -m reliability.run --only fuzz` tries 10,000.
"""

from __future__ import annotations

import pytest

from reliability import fuzz

SURFACES = {
    "cli-args": (fuzz.fuzz_cli_args, 60),
    "jsonl": (fuzz.fuzz_jsonl, 40),
    "store-files": (fuzz.fuzz_store_files, 60),
    "foreign-content": (fuzz.fuzz_foreign_content, 10),
    "qdrant": (fuzz.fuzz_qdrant, 15),
}


@pytest.mark.parametrize("name", sorted(SURFACES))
def test_surface_survives_hostile_input(name):
    fn, n = SURFACES[name]
    res = fn(n, 11)
    assert res.failures == []
    assert res.tried >= n


def test_forget_plans_a_megabyte_memory(ledger, cli):
    """Found by the fuzzer: the quote pre-filter used a megabyte-long LIKE pattern,
    which SQLite refuses ("LIKE or GLOB pattern too complex")."""
    from memaudit import review
    from memaudit.model import SourceType

    ledger.conn.execute("UPDATE policy SET value = '2000000' WHERE key = 'max_content_chars'")
    review.stage(ledger, review.Candidate("M" * 1_000_000, SourceType.TOOL_OBSERVATION, id="big"))
    r = cli("forget", "big", "--dry-run", "--json", db=ledger.path)
    assert r.exit_code == 0, r.stderr
    r = cli("forget", "big", "--yes", "--json", db=ledger.path)
    assert r.exit_code == 0, r.stderr
