"""forget on the ZEBRA sample: what goes, what is re-queued, and that nothing survives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memaudit import forget, review
from memaudit.clock import fixed_clock
from memaudit.errors import Conflict, Refused
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from memaudit.sqlite_driver import sqlite3
from memaudit.store import Needle
from tests.conftest import NOW

SECRET = "ZEBRA-7731-QUOKKA"
SECRET_TEXT = "The staging vault passphrase hint is ZEBRA-7731-QUOKKA."


def _open(path: Path) -> Ledger:
    return Ledger.open(path, readonly=False, clock=fixed_clock(NOW), actor="tester")


def _raw(path: Path) -> bytes:
    data = path.read_bytes()
    for suffix in ("-wal", "-journal"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            data += side.read_bytes()
    return data


def test_plan_is_the_blast_radius(sample):
    with _open(sample("zebra")) as led:
        p = forget.plan(led, ["zebra-secret"])
    assert p.forget_ids() == ["zebra-secret", "zebra-summary"]
    assert [i.id for i in p.unlinked] == ["staging-inference"]
    assert "still supported by staging-host" in p.unlinked[0].why
    assert p.counts()["changed"] == 2 == p.counts()["default_max"]
    assert p.profile == ["p-staging"]
    assert sorted(p.embeddings) == ["zebra-secret", "zebra-summary"]
    assert SECRET not in json.dumps(p.to_dict())


def test_forget_reaches_every_layer(sample):
    path = sample("zebra")
    with _open(path) as led:
        before = led.require("staging-inference")
        result = forget.apply(led, forget.plan(led, ["zebra-secret"]), reason="user request")
        assert result.clean, [r.to_dict() for r in result.reports if not r.clean]
        assert {r.layer for r in result.reports} >= {
            "memories",
            "memories_fts",
            "embeddings",
            "edges",
            "profile",
            "events",
            "tombstones",
            "file",
            "wal",
            "journal",
            "copies",
        }
        assert led.get("zebra-secret") is None and led.get("zebra-summary") is None
        conn = led.conn
        assert conn.execute("SELECT count(*) FROM embeddings").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM profile WHERE id='p-staging'").fetchone()[0] == 0
        inference = led.require("staging-inference")
        assert inference == before  # untouched: it only lost the edge
        assert [e.parent_id for e in led.parents("staging-inference")] == ["staging-host"]
        unlinked = led.events(memory_id="staging-inference", actions=["edge_removed"])
        assert unlinked and "zebra-secret" in (unlinked[0].reason or "")
        conn.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, memories_fts, row)")
        terms = {r[0] for r in conn.execute("SELECT term FROM temp.v")}
        assert not terms & {"zebra", "7731", "quokka"}
    raw = _raw(path)
    for needle in (SECRET.encode(), SECRET.lower().encode(), b"quokka", b"QUOKKA"):
        assert needle not in raw


def test_events_and_tombstones_never_hold_the_content(sample):
    path = sample("zebra")
    with _open(path) as led:
        forget.apply(led, forget.plan(led, ["zebra-secret"]), reason="user request")
        rows = led.conn.execute("SELECT * FROM events").fetchall()
        rows += led.conn.execute("SELECT * FROM tombstones").fetchall()
    dump = json.dumps(rows).lower()
    for token in ("zebra-7731", "quokka", "passphrase", "vault"):
        assert token not in dump


def test_reason_that_quotes_the_content_is_refused(sample):
    with _open(sample("zebra")) as led:
        p = forget.plan(led, ["zebra-secret"])
        with pytest.raises(Refused):
            forget.apply(led, p, reason=f"remove '{SECRET_TEXT}' please")
        assert led.get("zebra-secret") is not None


def test_plan_changed_underneath_is_a_conflict(sample):
    with _open(sample("zebra")) as led:
        p = forget.plan(led, ["zebra-secret"])
        review.set_pinned(led, "zebra-summary", True)  # bumps the version
        with pytest.raises(Conflict):
            forget.apply(led, p)
        assert led.get("zebra-secret") is not None


def test_a_commit_by_another_connection_after_the_plan_is_a_conflict(sample):
    path = sample("zebra")
    with _open(path) as led:
        p = forget.plan(led, ["zebra-secret"])
        with _open(path) as other:  # another writer (an agent) commits in between
            review.set_pinned(other, "zebra-summary", True)
        with pytest.raises(Conflict):
            forget.apply(led, p)
        assert led.get("zebra-secret") is not None


def test_an_unchanged_ledger_is_not_planned_again(sample, monkeypatch):
    """Nothing written since the plan read the ledger: apply does not read every row
    again (the re-plan is skipped), and forgets exactly the plan."""
    import memaudit.forget.applying as applying

    def no_replan(*args: object, **kwargs: object) -> None:
        raise AssertionError("planned again on an unchanged ledger")

    with _open(sample("zebra")) as led:
        p = forget.plan(led, ["zebra-secret"])
        monkeypatch.setattr(applying, "plan", no_replan)
        forget.apply(led, p)
        assert led.get("zebra-secret") is None


def test_a_memory_quoting_a_sentence_is_redacted_or_forgotten_whole(sample):
    path = sample("zebra")
    with _open(path) as led:
        staged = review.stage(
            led,
            review.Candidate(
                content="Notes from Tuesday. " + SECRET_TEXT + " Ask ops for the rest.",
                source_type=SourceType.EXTERNAL_DOCUMENT,
            ),
        )
        p = forget.plan(led, ["zebra-secret"])
        assert staged.id not in p.forget_ids()
        [cut] = [i for i in p.redact if i.id == staged.id]
        assert cut.new_content == "Notes from Tuesday. [redacted] Ask ops for the rest."
        assert cut.sources == ["zebra-secret"]
        whole = forget.plan(led, ["zebra-secret"], whole=True)
        [item] = [i for i in whole.forget if i.id == staged.id]
        assert item.category == "affected" and item.why == "quotes zebra-secret (--whole)"
        forget.apply(led, p, reason="user request")
        after = led.require(staged.id)
    assert after.status is Status.PENDING and after.version == 2
    assert after.content == "Notes from Tuesday. [redacted] Ask ops for the rest."


def test_probes_find_what_a_plain_delete_leaves(sample):
    """The common case: no secure_delete, no purge, FTS trigger only."""
    path = sample("zebra")
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    conn.execute("PRAGMA secure_delete = OFF")
    # Most builds also keep FTS5 terms of deleted rows (no FTS5 'secure-delete').
    conn.execute("INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 0)")
    conn.execute("DELETE FROM memories WHERE id = 'zebra-secret'")
    try:  # keep this connection open: the WAL stays as the delete left it
        with Ledger.open(path, readonly=True) as led:
            reports = forget.verify_layers(forget.native_layers(led), Needle(content=SECRET_TEXT))
        dirty = {r.layer for r in reports if not r.clean}
        assert {"memories_fts", "embeddings", "file", "wal"} <= dirty
        fts = next(r for r in reports if r.layer == "memories_fts")
        assert any("no memory has this rowid" in x.detail for x in fts.residue)
    finally:
        conn.close()


def test_resurrection_is_found(sample):
    path = sample("zebra")
    with _open(path) as led:
        forget.apply(led, forget.plan(led, ["zebra-secret"]), reason="user request")
        assert all(not c.residue for c in forget.verify_tombstones(led))
        review.stage(
            led, review.Candidate(content=SECRET_TEXT, source_type=SourceType.USER_STATEMENT)
        )
        checks = {c.memory_id: c for c in forget.verify_tombstones(led)}
    assert checks["zebra-secret"].residue
    assert checks["zebra-secret"].residue[0].match == "full text"


def test_backups_are_reported_as_warnings(sample):
    path = sample("zebra")
    backup = path.with_name(path.name + ".bak1")
    backup.write_bytes(path.read_bytes())
    with _open(path) as led:
        result = forget.apply(led, forget.plan(led, ["zebra-secret"]), reason="user request")
    copies = next(r for r in result.reports if r.layer == "copies")
    assert copies.residue and all(x.warning for x in copies.residue)
    assert str(backup) in copies.residue[0].where
    assert result.clean  # the store itself is clean; the copy is a warning


def test_raw_scan_finds_a_needle_across_chunk_boundaries(tmp_path):
    from memaudit.rawscan import Needles, scan_file

    f = tmp_path / "blob"
    text = "The quick brown fox jumps over"
    f.write_bytes(b"x" * 1000 + text.lower().encode() + b"y" * 1000)
    needles = Needles([text])  # found as written, lower-cased or case-folded
    for chunk in (7, 13, 1000, 1010, 4096):
        hits = scan_file(f, needles, chunk_size=chunk)
        assert [h.offset for h in hits] == [1000], chunk


def _lineage(led: Ledger, chain: int, fan: int) -> None:
    """root → d1 → … → d<chain>, each derived only from the one before; and <fan>
    children of root that are also derived from 'other' (they keep support)."""
    cands = [
        review.Candidate(
            id="root", content="Root fact number zero.", source_type=SourceType.USER_STATEMENT
        ),
        review.Candidate(
            id="other", content="Other fact keeps support.", source_type=SourceType.USER_STATEMENT
        ),
    ]
    prev = "root"
    for i in range(1, chain + 1):
        cands.append(
            review.Candidate(
                id=f"d{i}",
                content=f"Inference {i} drawn from the one before.",
                source_type=SourceType.INFERENCE,
                derived_from=[prev],
                promote=True,
            )
        )
        prev = f"d{i}"
    for i in range(fan):
        cands.append(
            review.Candidate(
                id=f"w{i}",
                content=f"Extraction {i} with two sources.",
                source_type=SourceType.EXTRACTION,
                derived_from=["root", "other"],
            )
        )
    review.stage_batch(led, cands)


def _plan_queries(led: Ledger, ids: list[str]) -> tuple[forget.ForgetPlan, int]:
    """The plan, and how many statements it ran (not counting those SQLite runs for
    FTS5 and triggers, traced with a leading '--')."""
    statements: list[str] = []
    led.conn.set_trace_callback(
        lambda sql: statements.append(sql) if not sql.startswith("--") else None
    )
    try:
        p = forget.plan(led, ids)
    finally:
        led.conn.set_trace_callback(None)
    return p, len(statements)


def test_plan_work_does_not_grow_with_the_fan_out(tmp_path):
    """Children that keep other support wait while a long chain below the root goes:
    re-asking each waiting child for its parents at every step was chain × fan-out
    queries (3,600 here); now a round of a few queries per generation, whatever the
    fan-out."""
    counts = {}
    for fan in (5, 60):
        path = tmp_path / f"fan{fan}.db"
        Ledger.init(path).close()
        with _open(path) as led:
            _lineage(led, chain=60, fan=fan)
            p, counts[fan] = _plan_queries(led, ["root"])
        assert p.forget_ids() == ["root", *[f"d{i}" for i in range(1, 61)]]
        assert sorted(i.id for i in p.unlinked) == sorted(f"w{i}" for i in range(fan))
        assert all("still supported by other" in i.why for i in p.unlinked)
        assert p.forget[2].why == "derived only from d1"
    assert counts[5] == counts[60]
    assert counts[60] < 8 * 62  # a handful per generation (61 generations)


def test_events_probe_finds_content_planted_in_the_log(sample):
    """Events never hold forgotten content by construction; the probe must still be
    able to see it if something wrote it there — in the reason, or inside the JSON
    of the detail (escaped, in another case)."""
    with _open(sample("zebra")) as led:
        led.log("note", None, reason="Copied: " + SECRET_TEXT.upper())
        led.log("note", None, detail={"said": 'He wrote "' + SECRET_TEXT + '" — ok'})
        led.log("note", None, reason="the staging vault is fine")  # words, not the sentence
        reports = forget.verify_layers(forget.native_layers(led), Needle(content=SECRET_TEXT))
    events = next(r for r in reports if r.layer == "events")
    assert not events.clean
    assert sorted(x.where.split(" ")[0] for x in events.residue) == [
        "events.detail",
        "events.reason",
    ]
