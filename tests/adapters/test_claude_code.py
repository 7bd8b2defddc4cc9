"""Claude Code memory, on a home and project written by Claude Code 2.1.197 itself
(tests/fixtures/providers/claude_code: `claude -p` with a scripted model)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memaudit.adapters import claude_code as cc
from memaudit.adapters import open_store
from memaudit.errors import ExitCode
from memaudit.store import Capability, Needle
from tests.adapters.conftest import TOKEN, dirty, snapshot

HINT = "memory:staging_passphrase_hint.md"
LANG = "memory:user_language.md"
KEY = "-tmp-memaudit-cc-fixture-project"


def _json(result):
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def claude(provider, monkeypatch):
    """A copy of a fixture variant; HOME points at its home (as Claude Code's did)."""
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)

    def copy(variant: str = "before") -> Path:
        root = provider("claude_code", variant)
        monkeypatch.setenv("HOME", str(root / "home"))
        return root

    return copy


def _ids(cli, location: Path) -> dict[str, dict]:
    result = cli("ls", "--json", "--limit", "0", db=location)
    assert result.exit_code == 0, result.stderr
    return {r["id"]: r for r in _json(result)}


def _index_line(rows: dict[str, dict], needle: str) -> str:
    return next(
        i for i, r in rows.items() if i.startswith("memory:MEMORY.md#") and needle in r["content"]
    )


# -- where Claude Code keeps things ----------------------------------------------------


def test_project_key_is_claude_codes():
    assert cc.project_key("/tmp/memaudit-cc-fixture/project") == KEY
    # over 200 characters: cut, then '-' and Claude Code's base-36 string hash
    long = "/" + "a" * 300
    key = cc.project_key(long)
    assert key[:200] == "-" + "a" * 199 and key[200] == "-"
    assert key[201:] == cc.base36(abs(cc.js_hash(long)))
    assert cc.js_hash("abc") == 96354 and cc.js_hash("é") == 233


def test_index_loading_rule_200_lines_then_25000_characters():
    lines = [f"- [m{n}](m{n}.md) — hook" for n in range(250)]
    verdict = cc.loaded_index_lines(lines)
    assert verdict[0].startswith("yes") and verdict[199].startswith("yes")
    assert verdict[200] == "no: past the first 200 lines of MEMORY.md"
    wide = ["x" * 10_000, "y" * 10_000, "z" * 10_000]
    verdict = cc.loaded_index_lines(wide)
    assert [v[:3] for v in verdict.values()] == ["yes", "yes", "no:"]
    assert "25,000-character cut" in verdict[2]
    hidden = cc.loaded_index_lines(["<!-- secret", "rule -->", "- [a](a.md)"])
    assert hidden[0].startswith("no: inside an HTML comment") and hidden[2].startswith("yes")


def test_blocks_and_imports_of_an_instruction_file():
    text = (
        "# Title\n\nA paragraph\nthat wraps.\n\n- item one\n- item two\n\n"
        "```sh\n@not/an/import\n```\n\nSee @docs/a.md and `@code/span.md` and @~/x.md#frag\n"
    )
    got = [(b.text, b.line, b.section) for b in cc.blocks(text)]
    assert got[:3] == [
        ("A paragraph\nthat wraps.", 3, "Title"),
        ("- item one", 6, "Title"),
        ("- item two", 7, "Title"),
    ]
    assert cc.imports_of(text) == ["docs/a.md", "~/x.md"]


# -- the store through the CLI -----------------------------------------------------------


def test_detected_from_project_config_dir_and_home(claude, cli):
    root = claude()
    for location, reason in (
        (root / "project", "project folder"),
        (root / "home" / ".claude", "config dir"),
        (root / "home", "home folder"),
        (root / "home" / ".claude" / "projects" / KEY, "projects/<key>"),
    ):
        ranked = _json(cli("adapters", "--detect", str(location), "--json"))["adapters"]
        assert ranked[0]["name"] == "claude_code", location
        assert ranked[0]["detect_score"] > ranked[1]["detect_score"]
        assert reason in ranked[0]["detect_reason"]
        assert HINT in _ids(cli, location)


def test_ls_maps_auto_memory_index_and_instruction_files(claude, cli):
    rows = _ids(cli, claude() / "project")
    hint = rows[HINT]
    assert hint["content"] == f"The staging deploy passphrase hint is {TOKEN}."
    assert hint["source_type"] == "inference" and hint["derived"] is True
    assert hint["summary"] == "hint for the staging deploy passphrase" and hint["tags"] == [
        "reference"
    ]
    assert hint["extra"]["prompted by"].startswith("Please remember: the staging deploy")
    assert hint["extra"]["loaded at session start"].startswith("no: read on demand")
    line = rows[_index_line(rows, "Staging passphrase hint")]
    assert line["source_type"] == "summary"
    assert line["extra"]["loaded at session start"].startswith("yes (line 1 of the MEMORY.md")
    by_scope = sorted(
        (r["scope"], r["content"])
        for r in rows.values()
        if ":" in r["id"] and not r["id"].startswith("memory:")
    )
    assert by_scope == [
        ("local instructions", "- My sandbox database is /tmp/sandbox.db."),
        ("project instructions", "- Run `make lint` before committing."),
        ("project instructions", "- Type hints everywhere."),
        ("project instructions", "Coding conventions: @docs/conventions.md"),
        ("project instructions", "The project uses poetry for packaging."),
        ("user instructions", "- Prefer small, focused commits."),
        ("user instructions", "- Use British spelling in prose."),
    ]
    imported = next(r for r in rows.values() if r["content"] == "- Type hints everywhere.")
    assert imported["extra"]["imported by"] == "CLAUDE.md"
    assert imported["source_type"] == "external_document"
    # from ~/.claude: the same auto memory, no project instruction files
    home = _ids(cli, claude() / "home" / ".claude")
    assert {i for i in home if i.startswith("memory:")} == {
        i for i in rows if i.startswith("memory:")
    }
    assert not [i for i in home if i.startswith(("project:", "local:"))]


def test_show_says_whether_a_memory_is_loaded_at_session_start(claude, cli):
    root = claude()
    rows = _ids(cli, root / "project")
    result = cli("show", HINT, db=root / "project")
    assert result.exit_code == 0, result.stderr
    assert "loaded at session start" in result.stdout and "no: read on demand" in result.stdout
    assert "⚑ store does not record: who stated a fact" in result.stdout
    index = _json(cli("show", _index_line(rows, "Answer language"), "--json", db=root / "project"))
    assert index["extra"]["loaded at session start"].startswith("yes")
    assert [p["parent_id"] for p in index["parents"]] == [LANG]


def test_trace_an_index_line_rests_on_its_topic_file(claude, cli):
    root = claude()
    line = _index_line(_ids(cli, root / "project"), "Staging passphrase hint")
    data = _json(cli("trace", line, "--json", db=root / "project"))
    assert data["lineage_supported"] is True
    assert [(e["parent_id"], e["relation"]) for e in data["edges"]] == [(HINT, "summarizes")]


def test_history_of_a_memory_is_its_writes_in_the_transcripts(claude, cli):
    root = claude("after_delete")
    with open_store(str(root / "home" / ".claude")) as store:
        actions = [(e.action, e.detail["tool"]) for e in store.events(memory_id=HINT)]
        index = [e.action for e in store.events(memory_id="memory:MEMORY.md#anything")]
    assert actions == [("write", "Write"), ("delete", "Bash")]
    assert index == ["write", "edit", "edit", "edit"]
    log = cli("log", "--json", db=root / "project")
    assert log.exit_code == 0, log.stderr
    assert {e["memory_id"] for e in _json(log)} >= {HINT, LANG, "memory:MEMORY.md"}


@pytest.mark.parametrize("variant", ["before", "after_delete"])
@pytest.mark.parametrize("where", ["project", "home/.claude"])
def test_audit_and_questions_run_from_claude_codes_settings(claude, cli, variant, where):
    location = claude(variant) / where
    audit = cli("audit", "--json", db=location)
    assert audit.exit_code in (ExitCode.OK, ExitCode.FINDINGS), audit.stderr
    answers = {a["id"]: a for a in _json(cli("questions", "--json", db=location))["answers"]}
    assert len(answers) == 11
    gate = answers["approval_gate"]
    assert gate["answer"] == "no"
    settings = str(claude(variant) / "home" / ".claude" / "settings.json")
    assert any(settings in e for e in gate["evidence"])
    assert answers["deletion_derived"]["answer"] == "no"
    assert answers["auto_write"]["answer"] == "yes"


def test_questions_follow_the_setting_when_auto_memory_is_off(claude, cli):
    root = claude()
    (root / "project" / ".claude" / "settings.local.json").write_text(
        '{"autoMemoryEnabled": false}'
    )
    answers = {
        a["id"]: a for a in _json(cli("questions", "--json", db=root / "project"))["answers"]
    }
    assert answers["approval_gate"]["answer"] == "partly"
    assert any("settings.local.json" in e for e in answers["recall_independent"]["evidence"])


# -- verify: what Claude's own delete (rm + MEMORY.md edit) leaves -----------------------

AFTER_DELETE = {
    "transcripts": 7
}  # session 1 (prompt, Write, its result, last-prompt...) + the Read before rm
BEFORE = {"auto memory files": 1, "transcripts": 5}


def _verify(cli, location: Path, *args: str) -> tuple[int, dict[str, dict]]:
    result = cli("verify", *args, "--json", db=location)
    return result.exit_code, {la["layer"]: la for la in _json(result)["layers"]}


def _dirty(layers: dict[str, dict]) -> dict[str, int]:
    return {n: len(la["residue"]) for n, la in layers.items() if la["residue"]}


@pytest.mark.parametrize("where", ["project", "home/.claude"])
def test_verify_after_claudes_delete_finds_the_transcripts_and_nothing_else(claude, cli, where):
    code, layers = _verify(cli, claude("after_delete") / where, "--content", TOKEN)
    assert code == ExitCode.RESIDUE
    assert _dirty(layers) == AFTER_DELETE
    assert all(la["probed"] for la in layers.values())
    assert layers["auto memory files"]["clean"] is True
    code, layers = _verify(cli, claude() / where, "--content", TOKEN)
    assert _dirty(layers) == BEFORE


def test_verify_id_finds_the_transcript_lines_naming_the_deleted_file(claude, cli):
    code, layers = _verify(cli, claude("after_delete") / "project", HINT)
    assert code == ExitCode.RESIDUE
    assert set(_dirty(layers)) == {"transcripts"}
    matches = {r["match"] for r in layers["transcripts"]["residue"]}
    assert matches == {"id"}
    wheres = " ".join(r["where"] for r in layers["transcripts"]["residue"])
    assert "input.file_path" in wheres and "input.command" in wheres  # the Write, and the rm


@pytest.mark.parametrize("variant", ["before", "after_delete"])
def test_never_stored_text_is_found_nowhere(claude, cli, variant):
    code, layers = _verify(cli, claude(variant) / "project", "--content", "never-stored-QX-1234")
    assert code == ExitCode.OK
    assert all(la["probed"] and la["clean"] for la in layers.values())


def test_a_fact_in_another_projects_transcript_is_reported(claude):
    root = claude("after_delete")
    other = root / "home" / ".claude" / "projects" / "-elsewhere"
    other.mkdir()
    (other / "s.jsonl").write_text(
        json.dumps({"type": "user", "message": {"content": f"x {TOKEN}"}}) + "\n"
    )
    with open_store(str(root / "project")) as store:
        assert dirty(store, Needle([], TOKEN)) == {
            "transcripts": 7,
            "other projects' transcripts": 1,
        }


def test_reading_writes_nothing(claude, cli):
    root = claude("after_delete")
    before = snapshot(root)
    for location in (root / "project", root / "home" / ".claude", root / "home"):
        cli("ls", "--json", db=location)
        cli("audit", "--json", db=location)
        cli("questions", "--json", db=location)
        cli("verify", "--content", TOKEN, db=location)
    assert snapshot(root) == before


# -- hostile folders ------------------------------------------------------------------


def test_an_import_leaving_the_store_is_not_followed(claude, tmp_path, cli):
    root = claude()
    secret = tmp_path / "secret.md"
    secret.write_text("- the private key is XYZZY-SECRET")
    (root / "project" / "CLAUDE.md").write_text(f"Read @{secret} first.\n")
    rows = _ids(cli, root / "project")
    assert not any("XYZZY" in r["content"] for r in rows.values())
    note = next(r for r in rows.values() if r["content"].startswith("Read @"))
    assert "resolves outside the store" in note["extra"]["not read"]


def test_a_memory_folder_symlink_leaving_the_store_is_refused(claude, tmp_path, cli):
    root = claude()
    outside = tmp_path / "outside.md"
    outside.write_text("---\nname: x\n---\nplanted text QX-PLANTED\n")
    memory = root / "home" / ".claude" / "projects" / KEY / "memory"
    os.symlink(outside, memory / "planted.md")
    rows = _ids(cli, root / "project")
    assert not any("QX-PLANTED" in r["content"] for r in rows.values())
    with open_store(str(root / "project")) as store:
        assert dirty(store, Needle([], "planted text QX-PLANTED")) == {}


def test_credentials_are_never_read(claude):
    root = claude()
    creds = root / "home" / ".claude" / ".credentials.json"
    creds.write_text(json.dumps({"token": TOKEN}))
    with open_store(str(root / "home" / ".claude")) as store:
        found = dirty(store, Needle([], TOKEN))
    assert "other Claude Code files" not in found


def test_project_without_claude_home_says_what_it_could_not_check(claude, tmp_path, monkeypatch):
    root = claude()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "empty"))
    (tmp_path / "empty").mkdir()
    with open_store(str(root / "project")) as store:
        layers = {la.name: la for la in store.layers()}
        assert not layers["auto memory files"].checked and not layers["transcripts"].checked
        assert "CLAUDE_CONFIG_DIR" in layers["transcripts"].why_unchecked
        assert store.has(Capability.LINEAGE)
