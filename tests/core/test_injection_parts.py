"""injected_instruction split in two parts (the audit of a large ledger runs them in two
processes): every row in exactly one part, and the parts' results joined are the result
of one run over every row — findings, order, counts, the listing's cap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.injection_cases import SOURCE_SHAPE, cases
from memaudit import audit
from memaudit.adapters import open_store
from memaudit.audit import runner
from memaudit.audit.detectors import injected_instruction as detector
from memaudit.audit.registry import select
from memaudit.clock import parse_time
from memaudit.ledger import Ledger
from memaudit.ledger.rows import add_edge, insert_memory
from memaudit.model import Memory, Relation, SourceType, Status
from tests.conftest import NOW

NOW_DT = parse_time(NOW)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every labeled case under its source shape (its source as a parent row), a copy of
    some of them (the same text in several rows), some pending."""
    path = tmp_path_factory.mktemp("parts") / "ledger.db"
    Ledger.init(path).close()
    chosen = cases()[::3]
    with Ledger.open(path, readonly=False) as ledger, ledger.transaction():

        def put(mid: str, text: str | None, st: str, ref: str | None, derived: bool) -> None:
            memory = Memory(id=mid, content=text or "", source_type=SourceType(st), source_ref=ref)
            insert_memory(
                ledger,
                mid,
                memory,
                status=Status.PENDING if mid.endswith("7") else Status.ACTIVE,
                derived=derived,
                created_at=NOW,
                updated_at=NOW,
                created_by=None,
            )

        for n, case in enumerate(chosen):
            st, ref, parent = SOURCE_SHAPE[case.source]
            if parent is not None:
                put(f"p{n:05d}", "Imported material.", parent, f"https://pages.example/{n}", False)
            put(f"m{n:05d}", case.content, st, ref.format(n=n) if ref else None, bool(parent))
            if parent is not None:
                add_edge(ledger, f"m{n:05d}", f"p{n:05d}", Relation.SUMMARIZES, NOW)
            if n % 5 == 0:  # the same text again, from a web page
                put(f"c{n:05d}", case.content, "external_document", "https://x.example", False)
    return path


def _run(path: Path, cap: int, part: int | None) -> audit.Result:
    with open_store(str(path)) as store:
        parts = None if part is None else {"injected_instruction": part}
        (result,) = runner._run(store, NOW_DT, select(["injected_instruction"]), cap, parts=parts)
    return result


def _shape(r: audit.Result) -> dict[str, Any]:
    data = r.to_dict()
    data.pop("seconds")
    return {**data, "findings": [f.to_dict() for f in r.findings]}


@pytest.mark.parametrize("cap", [0, 1, 7])
def test_the_parts_joined_are_one_run_over_every_row(store_path: Path, cap: int) -> None:
    whole = _run(store_path, cap, None)
    zero, one = _run(store_path, cap, 0), _run(store_path, cap, 1)
    assert zero.total and one.total  # both parts find something: the join is tested
    assert zero.total + one.total == whole.total > 7
    joined = runner.PARTS["injected_instruction"]([one, zero], cap)
    assert _shape(joined) == _shape(whole)


def test_every_row_is_in_exactly_one_part(store_path: Path) -> None:
    with open_store(str(store_path)) as store:
        conn = store.sql_view().conn
        (rows,) = conn.execute("SELECT count(*) FROM memories").fetchone()
        counts = [
            conn.execute(f"SELECT count(*) FROM memories WHERE 1 {p}").fetchone()[0]
            for p in detector._PARTS
        ]
    assert sum(counts) == rows and all(counts)


def test_the_audit_in_two_processes_reports_what_one_does(store_path: Path) -> None:
    """Forced on a small ledger: the audit's split (the detector's two parts in two
    processes) gives the report a single process gives."""

    def shape(report: audit.Report) -> dict[str, Any]:
        data = report.to_dict()
        for d in data["detectors"]:
            d.pop("seconds")
        return data

    with open_store(str(store_path)) as store:
        one = audit.run(store, NOW_DT, workers=1, max_findings=5)
        two = audit.run(store, NOW_DT, workers=2, max_findings=5)
    assert shape(two) == shape(one)
    assert one.by_pattern()[audit.Pattern.INJECTED_INSTRUCTION]["counts"]
