"""`memaudit review --list` (the queue for scripts) and how `review` refuses."""

from __future__ import annotations

import json
from pathlib import Path

NOW = "2026-11-30T12:00:00Z"


def test_list_prints_the_queue_oldest_first_with_flags(cli, sample) -> None:
    db = sample("pending_queue")
    result = cli("--now", NOW, "review", "--list", db=db)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("11 pending (T1 5  T2 1  T3 1  T4 1  T5 3), oldest 4mo")
    body = "\n".join(lines)
    assert body.index("q-stale") < body.index("q-user") < body.index("q-assistant")
    assert "⟨ZWSP⟩" in body and "\u200b" not in body


def test_list_json_and_flag_filter(cli, sample) -> None:
    db = sample("pending_queue")
    result = cli("--now", NOW, "review", "--list", "--flag", "conflict", "--json", db=db)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["total"] == 11 and data["summary"]["stale"] == 1
    assert [i["id"] for i in data["items"]] == ["q-conflict"]
    dup = json.loads(
        cli("--now", NOW, "review", "--list", "--flag", "duplicate", "--json", db=db).stdout
    )
    assert [i["id"] for i in dup["items"]] == ["q-dup"]


def test_limits_and_flag_filters_agree_with_the_whole_queue(cli, sample) -> None:
    """`-n` and cheap-flag filters stop early; what they print must be exactly the
    matching head of the full listing, with every flag (duplicate, conflict) computed."""
    db = sample("pending_queue")
    # An item with a cheap flag (derived) and a costly one (duplicate of q-active-tz).
    staged = cli(
        "--now", NOW, "stage", "The user's timezone is Europe/Rome!", "-t", "extraction",
        "-d", "q-active-tz", "--json", db=db,
    )  # fmt: skip
    assert staged.exit_code == 0, staged.stderr

    def listing(*args: str) -> list[tuple[str, list[str]]]:
        result = cli("--now", NOW, "review", "--list", "--json", *args, db=db)
        assert result.exit_code == 0, result.stderr
        return [(i["id"], sorted(i["flags"])) for i in json.loads(result.stdout)["items"]]

    everything = listing("-n", "0")
    assert len(everything) == 12
    assert everything[-1][1] == ["derived", "duplicate"]
    assert any("conflict" in f for _, f in everything)
    for n in (1, 3, 12, 20):
        assert listing("-n", str(n)) == everything[:n]
    for flags in (["stale"], ["derived"], ["hidden"], ["derived", "conflict"], ["duplicate"]):
        args = [a for f in flags for a in ("--flag", f)]
        matching = [(i, f) for i, f in everything if set(flags) & set(f)]
        assert matching, flags
        assert listing(*args, "-n", "0") == matching
        assert listing(*args, "-n", "1") == matching[:1]


def test_list_writes_nothing(cli, sample) -> None:
    db = sample("pending_queue")
    before = Path(db).read_bytes()
    assert cli("review", "--list", db=db).exit_code == 0
    assert Path(db).read_bytes() == before


def test_bad_flag_is_a_usage_error(cli, sample) -> None:
    result = cli("review", "--list", "--flag", "odd", db=sample("pending_queue"))
    assert result.exit_code == 2
    assert "unknown flag 'odd'" in result.stderr


def test_review_without_a_terminal_points_to_list(cli, sample) -> None:
    result = cli("review", db=sample("pending_queue"))
    assert result.exit_code == 2
    assert "use `memaudit review --list`" in result.stderr


def test_store_without_a_queue_is_unsupported(cli, tmp_path: Path) -> None:
    import shutil

    src = Path(__file__).resolve().parent.parent / "fixtures/providers/langgraph/before"
    folder = tmp_path / "lg"
    shutil.copytree(src, folder)
    result = cli("review", "--list", db=folder / "store.db")
    assert result.exit_code == 6
    assert "capability 'queue'" in result.stderr
