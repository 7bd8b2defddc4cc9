"""A provider's settings file that is there but cannot be read claims no setting.

Rule 2: an absent settings file means the provider's defaults ("not found"); a file that
is there but not read (not JSON/YAML, not an object, a link out of the folder) means its
settings are *unknown*: `questions` does not answer from a default, a layer the setting
decides is *not checked* (never clean), and the file is named once on stderr. Each test
runs the CLI on the provider's real fixture (tests/fixtures/providers/<name>/) with the
file broken in place.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

NEVER = "NEVER-STORED-QX-4321"
BROKEN = {"invalid": '{"autoMemoryEnabled": false,', "a-list": "[1, 2]"}


def _answers(result) -> dict[str, dict]:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exit_code == 0, result.stderr
    return {a["id"]: a for a in json.loads(result.stdout)["answers"]}


def _evidence(answers: dict[str, dict]) -> str:
    return "\n".join(e for a in answers.values() for e in a["evidence"])


def _said(result, path: Path) -> None:
    """The file is named on stderr (a result's, or the text), once, as not read."""
    stderr = result if isinstance(result, str) else result.stderr
    lines = [ln for ln in stderr.splitlines() if str(path) in ln]
    assert len(lines) == 1 and "its settings were not read" in lines[0], stderr


def _verify(cli, db: Path, env: dict[str, str] | None = None) -> tuple[dict, dict, str]:
    """`verify --content` of a text never stored: (its JSON, its layers by name, stderr)."""
    result = cli("verify", "--content", NEVER, "--json", db=db, env=env)
    assert "Traceback" not in result.stderr, result.stderr
    data = json.loads(result.stdout)
    return data, {la["layer"]: la for la in data["layers"]}, result.stderr


# -- ByteRover driven by Hermes: memory.byterover.auto_extract in config.yaml -----------


@pytest.mark.parametrize("text", ["memory:\n  byterover: [unclosed\n", "- memory\n"])
def test_byterover_hermes_config_not_read_is_not_auto_extract_true(provider, cli, text):
    """An unreadable Hermes config.yaml gave auto_extract the default True ("hermes-agent
    default"): `questions` said every turn is curated, from a file it never read."""
    root = provider("byterover")
    home, env = root / "hermes_home", {"BRV_DATA_DIR": str(root / "brv-data")}
    config = home / "config.yaml"
    config.write_text("memory:\n  byterover:\n    auto_extract: false\n")
    read = _answers(cli("--adapter", "byterover", "questions", "--json", db=home, env=env))
    assert "auto_extract = False" in _evidence(read)  # a file that is read is believed
    config.write_text(text)
    result = cli("--adapter", "byterover", "questions", "--json", db=home, env=env)
    assert "auto_extract" not in _evidence(_answers(result))
    _said(result, config)
    config.unlink()  # absent: as before, no Hermes setting is claimed at all
    absent = cli("--adapter", "byterover", "questions", "--json", db=home, env=env)
    assert "auto_extract" not in _evidence(_answers(absent)) and "config.yaml" not in (
        absent.stderr
    )


def test_byterover_brv_config_not_read_is_said(provider, cli):
    root = provider("byterover")
    home, env = root / "hermes_home", {"BRV_DATA_DIR": str(root / "brv-data")}
    config = home / "byterover" / ".brv" / "config.json"
    config.write_text('{"reviewDisabled": false')
    result = cli("--adapter", "byterover", "questions", "--json", db=home, env=env)
    assert "reviewDisabled" not in _evidence(_answers(result))
    _said(result, config)


# -- Claude Code: its settings files, in their precedence --------------------------------


@pytest.fixture
def claude(provider, monkeypatch):
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    root = provider("claude_code")
    monkeypatch.setenv("HOME", str(root / "home"))
    return root


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_claude_code_settings_not_read_are_not_claude_codes_default(claude, cli, text):
    """A settings file that ranks first (here the project's local one) and cannot be read
    may turn auto memory off: the user file's `true` (or Claude Code's default) below it
    is not the effective value. `questions` no longer answers "no gate" from it."""
    local = claude / "project" / ".claude" / "settings.local.json"
    local.write_text(text)
    result = cli("questions", "--json", db=claude / "project")
    answers = _answers(result)
    assert "autoMemoryEnabled" not in _evidence(answers), answers["approval_gate"]
    assert answers["approval_gate"]["answer"] == "unknown", answers["approval_gate"]
    _said(result, local)
    local.unlink()  # absent: the next file in Claude Code's order decides, as before
    answers = _answers(cli("questions", "--json", db=claude / "project"))
    assert answers["approval_gate"]["answer"] == "no"
    assert "autoMemoryEnabled = True" in _evidence(answers)


def test_claude_code_settings_not_read_leave_the_memory_folder_unchecked(claude, cli):
    """autoMemoryDirectory moves the auto-memory folder. A settings file that may set it
    and cannot be read left memaudit on the default folder, and `verify` called the auto
    memory clean where Claude Code may keep it elsewhere."""
    project = claude / "project"
    data, layers, _ = _verify(cli, project)
    assert data["clean"] is True and "auto memory folder (autoMemoryDirectory)" not in layers
    settings = project / ".claude" / "settings.json"
    settings.write_text('{"autoMemoryDirectory": "/elsewhere/memory",}')
    data, layers, stderr = _verify(cli, project)
    layer = layers["auto memory folder (autoMemoryDirectory)"]
    assert layer["probed"] is False and "autoMemoryDirectory is unknown" in layer["checked"]
    assert data["clean"] is False and data["verdict"] == "unverified"
    assert layers["auto memory files"]["probed"] is True  # the default folder is still read
    _said(stderr, settings)


# -- claude-mem: an environment variable does not stand in for an unread file -----------


def test_claude_mem_environment_does_not_override_an_unread_settings_file(provider, cli):
    """claude-mem's settings.json wins over the environment: with the file unread,
    CLAUDE_MEM_CHROMA_MODE=local in the environment is not the effective mode, and the
    Chroma collection (with no local chroma.sqlite3) is not called clean."""
    root = provider("claude_mem", "after_delete") / ".claude-mem"
    for f in sorted((root / "chroma").rglob("*"), reverse=True):
        f.rmdir() if f.is_dir() else f.unlink()
    (root / "chroma").rmdir()
    env = {"CLAUDE_MEM_CHROMA_MODE": "local"}
    (root / "settings.json").write_text("{not json")
    data, layers, _ = _verify(cli, root, env)
    assert layers["Chroma documents"]["probed"] is False, layers["Chroma documents"]
    assert data["clean"] is False
    answers = _answers(cli("questions", "--json", db=root, env=env))
    assert "environment (CLAUDE_MEM" not in _evidence(answers)
    (root / "settings.json").unlink()  # absent: the environment's value, as before
    _, layers, _ = _verify(cli, root, env)
    assert layers["Chroma documents"]["probed"] is True


# -- OpenClaw: openclaw.json names the workspace -------------------------------------------


OPENCLAW_NOT_READ = {  # JSON5 that OpenClaw may read but memaudit cannot read for certain
    "a-key-twice": '{agents: {defaults: {workspace: "/w", workspace: "/v"}}}',
    "deep": "{agents: " + "[" * 300 + "]" * 300 + "}",
    "unterminated-comment": '{agents: {defaults: {workspace: "/w"}}} /* no end',
    "1e400": '{agents: {defaults: {workspace: "/w"}}, gateway: {port: 1e400}}',
    "nul": '{agents: {defaults: {workspace: "/w\x00"}}}',
    "a-list": '["not", "an object"]',
    # read, but OpenClaw merges other files in, which may set the workspace
    "$include": '{$include: "./agents.json5", gateway: {mode: "local"}}',
}


@pytest.mark.parametrize("text", OPENCLAW_NOT_READ.values(), ids=OPENCLAW_NOT_READ.keys())
def test_openclaw_config_not_read_leaves_the_workspace_unchecked(home, cli, text):
    """agents.defaults.workspace names the workspace; an openclaw.json that cannot be read
    left memaudit on the default one, and `verify` was clean on a folder OpenClaw may not
    use. The default workspace is still read; the configured one is *not checked*. JSON5
    is read (tests/adapters/test_openclaw_json5.py); a key twice, a number JavaScript
    cannot hold, a NUL or nesting past 200 levels is not (what OpenClaw made of it is a
    guess), nor is an unterminated comment or a list."""
    root = home("openclaw", "after_delete")
    data, layers, _ = _verify(cli, root)
    assert "configured workspace" not in layers and not data["not_checked"]
    config = root / ".openclaw" / "openclaw.json"
    config.write_text(text)
    data, layers, stderr = _verify(cli, root)
    assert layers["configured workspace"]["probed"] is False
    assert "workspace it may configure is unknown" in layers["configured workspace"]["checked"]
    assert data["clean"] is False and data["verdict"] == "unverified"
    assert layers["markdown"]["probed"] is True
    _said(stderr, config)


@pytest.mark.parametrize(
    ("workspace", "why"),
    [
        ('"${OPENCLAW_WS}/workspace"', "names an environment variable"),
        ('"relative/workspace"', "is a relative path"),
        ("42", "is not a path"),
    ],
    ids=["env-var", "relative", "a-number"],
)
def test_openclaw_configured_workspace_not_resolved_here_is_not_clean(home, cli, workspace, why):
    """OpenClaw substitutes ${VAR} from its own environment and resolves a relative path
    from wherever it runs: memaudit read the literal text as a folder (or the default
    one) and could call the workspace clean. Now it is *not checked*, saying why."""
    root = home("openclaw", "after_delete")
    config = root / ".openclaw" / "openclaw.json"
    config.write_text(f"{{agents: {{defaults: {{workspace: {workspace}}}}}}}\n")
    data, layers, stderr = _verify(cli, root)
    layer = layers["configured workspace"]
    assert layer["probed"] is False and why in layer["checked"], layer
    assert data["clean"] is False and data["verdict"] == "unverified"
    assert layers["markdown"]["probed"] is True and str(config) not in stderr


def test_openclaw_configured_workspace_that_is_a_symlink_is_not_clean(home, cli, tmp_path):
    root = home("openclaw", "after_delete")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "linked").symlink_to(elsewhere)
    (root / ".openclaw" / "openclaw.json").write_text(
        json.dumps({"agents": {"defaults": {"workspace": str(root / "linked")}}})
    )
    data, layers, _ = _verify(cli, root)
    assert layers["configured workspace"]["probed"] is False
    assert "is a symlink" in layers["configured workspace"]["checked"]
    assert data["clean"] is False


@pytest.mark.parametrize(
    ("agents", "read"),
    [
        ([{"id": "main", "default": True}, {"id": "work"}], ["agent work"]),  # from its id
        ([{"id": "main", "default": True, "workspace": "/srv/main-ws"}], ["agent main"]),
        ([{"id": "a"}, {"id": "b"}, {"id": "c", "default": True}], ["agent a", "agent b"]),
    ],
    ids=["derived", "default-moved", "three"],
)
def test_openclaw_other_agents_workspaces_are_read(home, cli, agents, read):
    """Each agent in agents.list has a workspace of its own (MEMORY.md, memory/*.md);
    memaudit read one, and said the others were *not checked*. Now each is read where
    OpenClaw puts it (tests/adapters/test_openclaw_agents.py holds the resolution to
    OpenClaw's own): a folder not there yet holds nothing."""
    root = home("openclaw", "after_delete")
    config = root / ".openclaw" / "openclaw.json"
    config.write_text(json.dumps({"agents": {"list": agents}}))
    data, layers, _ = _verify(cli, root)
    assert [n.split(":")[0] for n in layers if n.startswith("agent ")] == read
    assert all(layers[f"{n}: markdown"]["probed"] for n in read)
    # (this fixture's orphan embedding keeps `verify` from clean; no layer is unchecked)
    assert not data["not_checked"] and not data["found"]


@pytest.mark.parametrize(
    ("agents", "why"),
    [
        ([{"id": "main"}, {"id": "ops", "workspace": "/srv/ops-ws"}], "nor one default marker"),
        ({"id": "main"}, "is not a list of agents"),  # not a list: what it names is unknown
    ],
    ids=["no-default", "not-a-list"],
)
def test_openclaw_a_roster_openclaw_refuses_is_not_clean(home, cli, agents, why):
    """OpenClaw 2026.9 refuses these rosters: which workspaces its agents had is not
    known here, so that layer is *not checked* (saying why, not the ids: store text)."""
    root = home("openclaw", "after_delete")
    (root / ".openclaw" / "openclaw.json").write_text(json.dumps({"agents": {"list": agents}}))
    data, layers, _ = _verify(cli, root)
    layer = layers["other agents' workspaces"]
    assert layer["probed"] is False and why in layer["checked"], layer
    assert data["clean"] is False and data["verdict"] == "unverified"
    assert layers["markdown"]["probed"] is True


@pytest.mark.parametrize(
    "agents",
    [[{"id": "main"}], [{"id": "main", "default": True}], []],
    ids=["one", "one-default", "empty"],
)
def test_openclaw_a_single_default_agent_is_the_workspace_read(home, cli, agents):
    """The default agent with no workspace of its own uses the one memaudit reads."""
    root = home("openclaw", "after_delete")
    (root / ".openclaw" / "openclaw.json").write_text(json.dumps({"agents": {"list": agents}}))
    data, layers, _ = _verify(cli, root)
    assert "other agents' workspaces" not in layers and not data["not_checked"]


# -- Letta Code, Basic Memory, OpenMemory: no default was claimed; now the file is said ----


def test_letta_settings_not_read_are_said(home, cli):
    root = home("letta_code")
    settings = root / ".letta" / "settings.json"
    settings.write_text('{"reflectionTrigger": "off",')
    result = cli("questions", "--json", db=root)
    assert "letta.reflectionTrigger" not in _evidence(_answers(result))
    _said(result, settings)


def test_basic_memory_config_not_read_is_said(provider, cli):
    config = provider("basic_memory") / "config" / "config.json"
    config.write_text('{"sync_changes": true')
    result = cli("questions", "--json", db=config.parent / "memory.db")
    assert str(config) not in _evidence(_answers(result))
    _said(result, config)


def test_openmemory_configs_row_not_read_is_said(home, cli):
    root = home("openmemory")
    db = root / "openmemory.db"
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE configs SET value = '[1, 2]' WHERE key = 'main'")
    conn.close()
    result = cli("questions", "--json", db=root)
    assert "openmemory.mem0" not in _evidence(_answers(result))
    lines = [ln for ln in result.stderr.splitlines() if "configs.main" in ln]
    assert len(lines) == 1 and "not a JSON object" in lines[0], result.stderr


# -- `questions --config`: the JSON files Hermes keeps beside config.yaml -----------------


@pytest.mark.parametrize(
    ("provider_name", "file", "key"),
    [
        ("hindsight", "hindsight/config.json", "hindsight.auto_retain"),
        ("honcho", "honcho.json", "honcho.observationMode"),
    ],
)
def test_config_option_json_beside_config_yaml_not_read(tmp_path, cli, provider_name, file, key):
    """`questions --config HERMES_HOME`: an unreadable hindsight/config.json gave
    auto_retain and auto_recall Hindsight's default (on), honcho.json observationMode
    "directional"; the answers then said every turn is retained."""
    home = tmp_path / "hermes_home"
    (home / "hindsight").mkdir(parents=True)
    (home / "config.yaml").write_text(f"memory:\n  provider: {provider_name}\n")
    absent = _answers(cli("questions", "--json", "--config", str(home)))
    assert f"{key} = " in _evidence(absent)  # absent: the provider's default, as before
    (home / file).write_text('{"auto_retain": false, "observationMode": "unified",')
    result = cli("questions", "--json", "--config", str(home))
    answers = _answers(result)
    assert key not in _evidence(answers), _evidence(answers)
    if provider_name == "hindsight":  # "separate keys" came from two defaults
        assert answers["recall_independent"]["answer"] == "unknown"
    _said(result, home / file)


# -- Hermes: memory_char_limit / user_char_limit decide every approved write --------------

HERMES_IDS = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/providers/hermes/ids.json").read_text()
)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("memory:\n  memory_char_limit: [2200\n", "config.yaml was not read"),
        ("- memory_char_limit: 2200\n", "config.yaml was not read"),
        ("memory:\n  memory_char_limit: lots\n", "memory.memory_char_limit in config.yaml is"),
    ],
    ids=["invalid", "a-list", "not-a-number"],
)
@pytest.mark.parametrize("memory_id", ["add_summary", "remove_bun"])  # the size, or drift
def test_hermes_config_not_read_leaves_the_char_limit_unknown(provider, cli, text, why, memory_id):
    """Hermes checks MEMORY.md against memory_char_limit on every write (the new size on
    add, an over-long entry as drift on remove). A config.yaml there but unread gave
    Hermes' default 2200, and `approve` wrote a file Hermes itself may refuse. Now the
    limit is unknown: nothing is written, the record stays, and `questions` claims no
    limit either."""
    home = provider("hermes") / "hermes_home"
    config = home / "config.yaml"
    config.write_text(text)
    memories = {p.name: p.read_bytes() for p in (home / "memories").iterdir()}
    record = home / "pending" / "memory" / f"{HERMES_IDS[memory_id]}.json"
    result = cli("approve", HERMES_IDS[memory_id], db=home)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exit_code == 8, result.stderr  # refused
    assert "character limit for MEMORY.md is unknown" in result.stderr
    assert why in result.stderr and "nothing was written" in result.stderr
    assert {p.name: p.read_bytes() for p in (home / "memories").iterdir()} == memories
    assert record.exists()
    if "not read" in why:
        _said(result, config)
    answers = _answers(cli("questions", "--json", db=home))
    assert "char_limit" not in _evidence(answers)
    config.unlink()  # absent: Hermes' defaults apply, and the write goes through as before
    result = cli("approve", HERMES_IDS[memory_id], db=home)
    assert result.exit_code == 0, result.stderr
    assert not record.exists()
