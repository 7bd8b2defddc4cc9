"""`memaudit export` / `memaudit import bundle`: nothing lost in a round trip, and no
forgotten memory comes back through an import (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memaudit.bundle import KINDS

SECRET = "The staging vault passphrase hint is ZEBRA-7731-QUOKKA."


def _export(cli: Any, db: Path, *args: str) -> str:
    out = cli("export", *args, db=db)
    assert out.exit_code == 0, out.output
    return out.stdout


def _fresh(cli: Any, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    assert cli("init", str(path)).exit_code == 0
    return path


def _import(cli: Any, db: Path, bundle: str, *args: str) -> Any:
    return cli("import", "bundle", "-", *args, input=bundle, db=db)


def test_round_trip_is_identical(cli: Any, sample: Any, tmp_path: Path) -> None:
    src = sample("zebra")
    # a forgotten memory too, so tombstones and their events travel
    assert cli("forget", "zebra-summary", "--yes", "--reason", "asked to", db=src).exit_code in (
        0,
        3,
    )
    first = _export(cli, src)
    kinds = {json.loads(line)["kind"] for line in first.splitlines()}
    assert kinds == set(KINDS)
    dst = _fresh(cli, tmp_path, "copy.db")
    done = _import(cli, dst, first, "--json")
    assert done.exit_code == 0, done.output
    assert _export(cli, dst) == first
    # what `show` and `trace` read is there: provenance, lineage, history
    shown = json.loads(cli("show", "zebra-secret", "--json", db=dst).stdout)
    assert shown["source_ref"] == "session-400#msg-2"
    assert [e["action"] for e in shown["events"]][:1] == ["stage"]
    log = json.loads(cli("log", "--action", "import", "--json", db=dst).stdout)
    assert len(log) == 1


def test_status_filter(cli: Any, sample: Any, tmp_path: Path) -> None:
    src = sample("pending_queue")
    only = _export(cli, src, "--status", "pending")
    records = [json.loads(line) for line in only.splitlines()]
    statuses = {r["status"] for r in records if r["kind"] == "memory"}
    assert statuses == {"pending"}
    assert cli("export", "--status", "pendng", db=src).exit_code == 2


def test_an_old_bundle_cannot_bring_back_what_the_target_forgot(
    cli: Any, sample: Any, tmp_path: Path
) -> None:
    src = sample("zebra")
    old = _export(cli, src)  # before the forget
    dst = _fresh(cli, tmp_path, "dst.db")
    assert _import(cli, dst, old).exit_code == 0
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=dst).exit_code in (0, 3)
    again = _fresh(cli, tmp_path, "again.db")
    # the target forgot it: importing the old bundle there is refused
    newer = _export(cli, dst)
    assert _import(cli, again, newer).exit_code == 0
    before = again.read_bytes()
    refused = _import(cli, again, old)
    assert refused.exit_code == 8, refused.output
    assert "RESURRECTED" in refused.output and "nothing imported" in refused.output
    assert again.read_bytes() == before


def test_a_memory_quoting_forgotten_text_is_refused_by_the_bundles_tombstones(
    cli: Any, sample: Any, tmp_path: Path
) -> None:
    src = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    bundle = _export(cli, src).splitlines()
    # someone adds the secret back under another id (a hand-edited or merged bundle)
    from memaudit.fingerprint import content_hash

    extra = {
        "kind": "memory",
        "id": "sneaky",
        "content": f"Note: {SECRET}",
        "summary": None,
        "tags": [],
        "source_type": "user_statement",
        "source_ref": None,
        "confidence": None,
        "importance": None,
        "scope": None,
        "status": "active",
        "validation": "unvalidated",
        "validated_by": None,
        "validated_at": None,
        "derived": False,
        "superseded_by": None,
        "contradicted_by": None,
        "created_at": "2026-11-02T00:00:00Z",
        "updated_at": "2026-11-02T00:00:00Z",
        "created_by": "x",
        "last_accessed": None,
        "access_count": 0,
        "decay_score": 1.0,
        "expires_at": None,
        "content_hash": content_hash(f"Note: {SECRET}"),
        "pinned": False,
        "version": 1,
    }
    hostile = "\n".join([bundle[0], json.dumps(extra), *bundle[1:]]) + "\n"
    dst = _fresh(cli, tmp_path, "dst.db")
    refused = _import(cli, dst, hostile)
    assert refused.exit_code == 8, refused.output
    assert "sneaky holds the text of forgotten zebra-secret" in refused.output
    # and the tombstones carried make the target's own gate recognise it
    assert _import(cli, dst, _export(cli, src)).exit_code == 0
    staged = cli("stage", SECRET, "-t", "user_statement", "--json", db=dst)
    assert json.loads(staged.stdout)[0]["flags"] == ["resurrected"]


def test_tombstones_made_with_another_key_are_named(
    cli: Any, sample: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    bundle = _export(cli, src)
    monkeypatch.setenv("MEMAUDIT_HOME", str(tmp_path / "other-machine"))
    dst = _fresh(cli, tmp_path, "dst.db")
    done = _import(cli, dst, bundle)
    assert done.exit_code == 0, done.output
    assert "tombstone key this machine lacks" in done.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(colour="red"), "has exactly the fields"),
        (lambda r: r.update(id="bad\x1b[31mid"), "control or invisible"),
        (lambda r: r.update(status="forgotten"), "not one a memory can have"),
        (lambda r: r.update(content="changed"), "content_hash does not match"),
        (lambda r: r.update(tags="x"), "'tags' must be a list"),
    ],
)
def test_a_hostile_bundle_is_refused_naming_the_line(
    cli: Any, sample: Any, tmp_path: Path, change: Any, message: str
) -> None:
    lines = _export(cli, sample("zebra")).splitlines()
    record = json.loads(lines[1])
    change(record)
    lines[1] = json.dumps(record)
    dst = _fresh(cli, tmp_path, "dst.db")
    before = dst.read_bytes()
    out = _import(cli, dst, "\n".join(lines) + "\n")
    assert out.exit_code == 1
    assert "line 2: " in out.output and message in out.output
    assert dst.read_bytes() == before


def test_ids_already_held_are_refused(cli: Any, sample: Any) -> None:
    src = sample("zebra")
    out = _import(cli, src, _export(cli, src))
    assert out.exit_code == 1
    assert "already holds" in out.output


def test_import_file_is_short_for_import_bundle_file(cli: Any, sample: Any, tmp_path: Path) -> None:
    src = sample("zebra")
    path = tmp_path / "bundle.jsonl"
    path.write_text(_export(cli, src), encoding="utf-8")
    dst = _fresh(cli, tmp_path, "dst.db")
    done = cli("import", "--dry-run", str(path), db=dst)
    assert done.exit_code == 0, done.output
    assert "would import" in done.stdout
    assert cli("import", str(path), db=dst).exit_code == 0
    assert _export(cli, dst) == path.read_text(encoding="utf-8")
    piped = _fresh(cli, tmp_path, "piped.db")
    assert cli("import", "-", input=path.read_text(encoding="utf-8"), db=piped).exit_code == 0
    # a word that is no kind of import and no file: a usage error naming the kinds
    typo = cli("import", "bundel", db=dst)
    assert typo.exit_code == 2
    flat = " ".join(typo.output.replace("│", " ").split())  # the error box wraps lines
    assert "no file named 'bundel'" in flat and "one of: bundle, server-memory" in flat
    missing = cli("import", str(tmp_path / "missing.jsonl"), db=dst)
    assert missing.exit_code == 1
    assert "cannot read" in missing.output


def test_a_bundles_tombstones_name_what_this_ledger_still_holds(
    cli: Any, sample: Any, tmp_path: Path
) -> None:
    src = sample("zebra")
    dst = _fresh(cli, tmp_path, "dst.db")
    assert _import(cli, dst, _export(cli, src)).exit_code == 0  # a copy, made before
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    # and someone here wrote the secret down again, under another id
    staged = cli("stage", f"Reminder: {SECRET}", "-t", "user_statement", "--json", db=dst)
    again = json.loads(staged.stdout)[0]["id"]
    newer = _export(cli, src, "--status", "forgotten")  # its tombstones (and their events)
    before = dst.read_bytes()
    plan = _import(cli, dst, newer, "--dry-run", "--json")
    assert plan.exit_code == 3, plan.output
    assert dst.read_bytes() == before
    residue = json.loads(plan.stdout)["residue"]
    tombs = {
        r["memory_id"] for r in map(json.loads, newer.splitlines()) if r["kind"] == "tombstone"
    }
    assert "zebra-secret" in tombs
    # every forgotten memory still held here by its id, and the one that quotes it
    assert {(r["memory_id"], r["forgotten"], r["how"]) for r in residue} == {
        *((t, t, "id") for t in tombs),
        (again, "zebra-secret", "quoted sentence"),
    }
    done = _import(cli, dst, newer)
    assert done.exit_code == 3, done.output
    assert "RESIDUE" in done.output and "memaudit forget" in done.output
    # the tombstone is imported, and nothing is deleted: a forget is its own request
    shown = cli("show", "zebra-secret", "--json", db=dst)
    assert json.loads(shown.stdout)["status"] == "active"
    assert cli("verify", "--all", db=dst).exit_code == 3
    # what the bundle forgot is not here: no residue named
    clean = _fresh(cli, tmp_path, "clean.db")
    assert _import(cli, clean, newer).exit_code == 0


def test_residue_names_a_hostile_id_without_its_control_characters(
    cli: Any, sample: Any, tmp_path: Path
) -> None:
    import sqlite3

    src = sample("zebra")
    dst = _fresh(cli, tmp_path, "dst.db")
    assert _import(cli, dst, _export(cli, src)).exit_code == 0
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    with sqlite3.connect(dst) as conn:  # another writer of this ledger chose the id
        conn.execute("UPDATE memories SET id = 'x\x1b]0;pwned\x07' WHERE id = 'zebra-secret'")
    done = _import(cli, dst, _export(cli, src, "--status", "forgotten"))
    assert done.exit_code == 3, done.output
    assert "\x1b" not in done.output and "\x07" not in done.output
    # shown, not dropped: the reader sees the id holds control characters, and the
    # command quotes it as the shell must read it
    assert "RESIDUE" in done.output and "x⟨ESC⟩]0;pwned⟨U+0007⟩" in done.output
    assert "memaudit forget $'x\\x1b]0;pwned\\x07'" in done.output


def _tamper(db: Path, sql: str) -> None:
    """Another writer of the ledger (SQLite does not enforce column types)."""
    from memaudit.sqlite_driver import sqlite3

    conn = sqlite3.connect(db)
    with conn:
        conn.execute(sql)
    conn.close()


def test_a_ledger_a_bundle_cannot_carry_is_refused_before_a_line_is_written(
    cli: Any, sample: Any
) -> None:
    src = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    _tamper(src, "UPDATE memories SET content = x'00ff1b5b33316d' WHERE id = 'unrelated'")
    out = cli("export", db=src)
    assert out.exit_code == 1
    assert out.stdout == ""  # no half bundle
    assert "1 value not of its column's type (memories.content: 1)" in out.output
    assert "nothing written" in out.output and "Traceback" not in out.output
    # the statuses asked for decide which rows must be exportable
    _tamper(src, "UPDATE memories SET status = 'pending' WHERE id = 'unrelated'")
    assert cli("export", "--status", "active", db=src).exit_code == 0


def test_a_tombstone_whose_prints_are_not_json_is_refused_by_export(cli: Any, sample: Any) -> None:
    src = sample("zebra")
    assert cli("forget", "zebra-secret", "--yes", "--whole", db=src).exit_code in (0, 3)
    _tamper(
        src,
        "UPDATE tombstones SET fingerprints = '{not json', memory_id = 'x\x1b[31m' "
        "WHERE memory_id = 'zebra-secret'",
    )
    out = cli("export", db=src)
    assert out.exit_code == 1
    assert out.stdout == ""
    assert "the tombstone of 'x⟨ESC⟩[31m' holds fingerprints that are not a JSON object" in (
        out.output
    )
    assert "\x1b" not in out.output
