"""Large stores feel small: progress on a terminal only, streamed JSON Lines, conflicts
--limit, the audit's summary (issue 22, "Scale")."""

from __future__ import annotations

import importlib
import io
import json
import pkgutil
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from memaudit import audit, conflicts, decay
from memaudit.adapters import open_store
from memaudit.adapters.native import NativeStore
from memaudit.cli import render
from memaudit.clock import parse_time
from memaudit.model import Memory, MemoryFilter

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.generate import GenConfig, build  # noqa: E402

NOW = "2026-01-01T00:00:00Z"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated ledger of 600 memories (lineage, duplicates, contradictions)."""
    out = tmp_path_factory.mktemp("gen") / "ledger.db"
    build(GenConfig(memories=600, seed=7), out, parallel=False)
    return out


def test_ls_jsonl_writes_its_first_line_before_the_last_row_is_read(
    cli, generated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spy on the real store's iterator: when the second row is asked for, the first
    line must already be on stdout (it streams; it does not collect and then print)."""
    real = NativeStore.iter_memories
    written_when_asked: list[int] = []

    def spy(self: NativeStore, flt: MemoryFilter | None = None) -> Iterator[Memory]:
        for n, memory in enumerate(real(self, flt)):
            if n == 1:
                written_when_asked.append(len(sys.stdout.buffer.getvalue()))  # type: ignore[attr-defined]
            yield memory

    monkeypatch.setattr(NativeStore, "iter_memories", spy)
    result = cli("ls", "--jsonl", "--limit", "0", db=generated)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 600
    first = json.loads(lines[0])
    assert written_when_asked and written_when_asked[0] >= len(lines[0]) + 1
    assert set(first) >= {"id", "content", "decay_score_now"}
    # The same rows as the collected JSON output, in the same order.
    collected = json.loads(cli("ls", "--json", "--limit", "0", db=generated).stdout)
    assert [json.loads(line)["id"] for line in lines] == [m["id"] for m in collected]


def test_core_reports_progress_through_the_callback(generated: Path) -> None:
    calls: list[tuple[str, int, int | None]] = []

    def record(what: str, done: int, total: int | None) -> None:
        calls.append((what, done, total))

    with open_store(str(generated)) as store:
        audit.run(store, parse_time(NOW), workers=1, progress=record)
        steps = [c for c in calls if c[0].startswith("audit: ")]
        assert [c[0] for c in steps] == [f"audit: {d.name}" for d in audit.DETECTORS]
        assert [c[1] for c in steps] == list(range(len(audit.DETECTORS)))
        assert {c[2] for c in steps} == {len(audit.DETECTORS)}
        calls.clear()
        active = conflicts.active_statements(store, record)
        conflicts.find(active, progress=record)
    assert ("conflicts: reading", len(active), len(active)) in calls
    assert any(c[0] == "conflicts: comparing" for c in calls)


def _terminal(monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """stderr as a terminal: the CLI's error console writes to a buffer it believes
    is a terminal."""
    # The command modules bind ``err_console`` when they are first imported; import them
    # all before the swap, or one first imported here would keep the buffer for the rest
    # of the session and later tests would read an empty stderr.
    import memaudit.cli

    for module in pkgutil.iter_modules(memaudit.cli.__path__, "memaudit.cli."):
        importlib.import_module(module.name)
    buffer = io.StringIO()
    console = render.SafeConsole(file=buffer, force_terminal=True, width=100)
    monkeypatch.setattr(render, "err_console", console)
    return buffer


def test_progress_is_drawn_on_a_terminal_and_never_in_a_pipe(
    cli, generated: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    piped = cli("audit", "--json", db=generated, env={"MEMAUDIT_NOW": NOW})
    assert piped.exit_code == 0
    assert "audit:" not in piped.stderr and "conflicts:" not in piped.stderr
    json.loads(piped.stdout)  # stdout holds the JSON alone
    drawn = _terminal(monkeypatch)
    assert cli("audit", "--json", db=generated, env={"MEMAUDIT_NOW": NOW}).exit_code == 0
    assert cli("conflicts", "--json", db=generated).exit_code == 0
    assert cli("decay", "--dry-run", "--json", db=generated).exit_code == 0
    assert cli("forget", "--dry-run", "--json", _first_id(generated), db=generated).exit_code == 0
    bundle = cli("export", db=generated)
    assert bundle.exit_code == 0 and "export:" not in bundle.stdout
    assert cli("init", str(tmp_path / "copy.db")).exit_code == 0
    imported = cli("import", "-", "--dry-run", input=bundle.stdout, db=tmp_path / "copy.db")
    assert imported.exit_code == 0, imported.output
    out = drawn.getvalue()
    steps = ("audit: ", "conflicts: ", "decay: scoring", "forget: planning", "export: ", "import: ")
    for step in steps:
        assert step in out, step


def _first_id(path: Path) -> str:
    with open_store(str(path)) as store:
        return store.memories(MemoryFilter(limit=1))[0].id


def test_progress_text_cannot_drive_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the core reports passes the same neutralising console as everything else."""
    drawn = _terminal(monkeypatch)
    with render.progress("x") as report:
        report("step \x1b]0;pwned\x07 [bold]markup[/bold]", 1, 2)
    out = drawn.getvalue()
    assert "\x1b]0;" not in out and "[bold]markup[/bold]" in out


def test_conflicts_limit_shows_the_best_and_counts_them_all(cli, generated: Path) -> None:
    full = json.loads(cli("conflicts", "--json", "--limit", "0", db=generated).stdout)
    assert full["total"] == len(full["candidates"]) > 3
    top = json.loads(cli("conflicts", "--json", "--limit", "2", db=generated).stdout)
    assert top["total"] == full["total"] and top["candidates"] == full["candidates"][:2]
    table = cli("conflicts", "--limit", "2", db=generated)
    assert table.exit_code == 0
    assert f"showing 2 of {full['total']} (use --limit 0 for all)" in table.stderr
    assert cli("conflicts", "--limit", "-1", db=generated).exit_code == 2


def test_audit_summary_first_then_the_full_list_behind_limit_0(cli, generated: Path) -> None:
    env = {"MEMAUDIT_NOW": NOW}
    data = json.loads(cli("audit", "--json", "--limit", "0", db=generated, env=env).stdout)
    total = sum(data["counts"].values())
    assert total == len(data["findings"]) > 20
    summary = cli("audit", db=generated, env=env)
    assert summary.exit_code == 0
    assert "a summary: --limit N lists N findings per detector" in summary.stdout
    assert f"{total} findings:" in summary.stdout
    assert "most named:" in summary.stdout
    # At most two findings per detector on the first screen, each with a runnable
    # command for the rest.
    listed = summary.stdout.count("  → ")
    with_findings = [d for d in data["detectors"] if d["total"]]
    assert listed <= 2 * len(with_findings) < total
    for d in with_findings:
        if d["total"] > 2:
            assert f"memaudit audit --pattern {d['detector']} --limit 0" in summary.stdout
    everything = cli("audit", "--limit", "0", db=generated, env=env)
    assert everything.stdout.count("  → ") == total


def test_shared_causes_count_every_finding_listed_or_not(generated: Path) -> None:
    """The top causes are the same whether 1 or all findings per detector are listed."""
    with open_store(str(generated)) as store:
        capped = audit.run(store, parse_time(NOW), max_findings=1, workers=1)
        full = audit.run(store, parse_time(NOW), max_findings=0, workers=1)
    for a, b in zip(capped.results, full.results, strict=True):
        assert a.causes == b.causes, a.detector.name
        assert a.top_causes() == b.top_causes()
    named = {mid for r in full.results for mid, _ in r.top_causes()}
    assert named, "the generated store has shared causes (summaries of one source)"
    for r in full.results:
        for mid, n in r.top_causes():
            assert n == sum(mid in f.memory_ids[1:] for f in r.findings)


def test_lifecycle_decay_stores_the_score_explain_computes(tmp_path: Path) -> None:
    """The set-based pass on the article's schema writes, for every active row, the
    score `decay --explain` computes, rounded to the 0.05 grid; archived rows get 0.0
    and the article's event."""
    from memaudit.adapters.lifecycle import ARTICLE_EVENTS, ARTICLE_MEMORIES, LifecycleAdapter
    from memaudit.clock import fixed_clock

    path = tmp_path / "agent_memory.db"
    import sqlite3

    conn = sqlite3.connect(path)
    conn.execute(ARTICLE_MEMORIES)
    conn.execute(ARTICLE_EVENTS)
    for day in range(1, 200, 3):
        at = datetime(2025, 6, 1) if day % 2 else datetime(2025, 12, 1)
        conn.execute(
            "INSERT INTO memories(content, created_at, last_accessed, access_count) "
            "VALUES (?, ?, ?, ?)",
            (f"fact {day}", at.isoformat(), f"2025-{1 + day % 12:02d}-{1 + day % 27:02d}T10:00:00",
             day % 7),
        )  # fmt: skip
    conn.commit()
    conn.close()
    now = parse_time(NOW)
    store = LifecycleAdapter.open(str(path), writable=True, clock=fixed_clock(now))
    try:
        planned = decay.plan(store.lifecycle_table(), decay.DecayParams(), now, dry_run=True)
        report = decay.apply(store.lifecycle_table(), decay.DecayParams(), now)
        # The dry run and the run agree, change by change.
        assert [c.to_dict() for c in planned.changes] == [c.to_dict() for c in report.changes]
        assert (planned.rescored, planned.considered) == (report.rescored, report.considered)
        rows = store.conn.execute(
            "SELECT id, status, decay_score, created_at, last_accessed, access_count FROM memories"
        ).fetchall()
        events = dict(
            store.conn.execute("SELECT memory_id, event_type FROM memory_events").fetchall()
        )
    finally:
        store.close()
    assert report.archived and report.rescored
    by_id = {str(r[0]): r for r in rows}
    for mid, status, stored, created, last, count in rows:
        score = decay.explain(
            memory_id=str(mid), status="active", pinned=False, created_at=created,
            last_accessed=last, access_count=count, stored_score=None, expires_at=None,
            params=decay.DecayParams(), now=now,
        ).score  # fmt: skip
        assert score is not None
        if status == "archived":
            assert stored == 0.0 and events[mid] == "archived"
        else:
            assert stored == decay.stored_score(score), (mid, stored, score)
    assert {c.id for c in report.archived} == {m for m, r in by_id.items() if r[1] == "archived"}
    again = decay.apply(
        LifecycleAdapter.open(str(path), writable=True).lifecycle_table(),
        decay.DecayParams(),
        now,
    )
    assert again.changes == [] and again.rescored == 0


def test_review_list_shares_its_searches_and_flags_every_item_alike(generated: Path) -> None:
    """`review --list` keeps each full-text search's answer for the listing (items share
    their words); every item gets the flags it gets computed on its own."""
    from memaudit import pending

    now = parse_time(NOW)
    with open_store(str(generated)) as store:
        policy = store.policy()
        page = pending.items(store, pending.queue_filter(), now, policy)
        assert len(page) >= 5
        alone = [set(i.flags) | pending.store_flags(store, i.memory, policy) for i in page]
        reading = pending.Reading()
        shared = pending.with_all_flags(store, page, policy, reading)
    assert [i.flags for i in shared] == alone
    assert any(pending.Flag.DUPLICATE in f or pending.Flag.CONFLICT in f for f in alone)
    assert reading.searches and all(isinstance(r, list) for r in reading.searches.values())
