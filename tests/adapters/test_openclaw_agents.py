"""Every agent of an OpenClaw home is read: each agent's workspace, as OpenClaw resolves it.

The fixture (tests/fixtures/providers/openclaw/make_agents.py, npm openclaw@2026.9.6) is a
home with three agents, each with a workspace of its own (``main`` at ~/.openclaw/
workspace, ``work`` derived from its id, ``ops`` at ~/ops-notes), indexed by OpenClaw;
only ``work``'s MEMORY.md holds KESTREL-4410-MARMOT. ``agent_workspaces.json`` is
OpenClaw's own answer (``openclaw agents list --json``) for rosters of every kind: the
resolution here is held to it. What OpenClaw's rule cannot be reproduced for here is
*not checked*, never clean; ids and paths from the config never reach the terminal raw
and never lead a read outside what OpenClaw itself would use.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from memaudit import storejson5
from memaudit.adapters import openclaw_agents

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "openclaw"
CASES = json.loads((FIXTURE / "agent_workspaces.json").read_text())
TOKEN = "KESTREL-4410-MARMOT"
NEVER = "NEVER-STORED-QX-4321"


def _verify(cli, root: Path, text: str = NEVER, *, json_: bool = True):
    args = ["verify", "--content", text] + (["--json"] if json_ else [])
    # wide, so the table shows whole paths (a cut one would hide what is shown of them)
    result = cli(*args, db=root, env={"HOME": str(root), "COLUMNS": "400"})
    assert "Traceback" not in result.stderr, result.stderr
    if not json_:
        return result
    data = json.loads(result.stdout)
    return data, {la["layer"]: la for la in data["layers"]}, result


def _config(root: Path, agents: dict) -> None:
    (root / ".openclaw" / "openclaw.json").write_text(json.dumps({"agents": agents}))


@pytest.fixture
def agents_home(home):
    return home("openclaw", "agents")


# -- the resolution is OpenClaw's --------------------------------------------------------


@pytest.mark.parametrize("name", list(CASES))
def test_each_roster_resolves_as_openclaw_resolves_it(name, tmp_path):
    """For each roster, the workspace OpenClaw lists for each agent; where OpenClaw
    refuses the config, no agent is resolved; where it resolves from the folder it runs
    in ($CWD), the agent is not resolved here (said why), never guessed."""
    case = CASES[name]
    home = tmp_path / "home"
    roster = openclaw_agents.resolve(
        storejson5.mapping(case["config"].encode()), home / ".openclaw", {"HOME": str(home)}
    )
    expected = case["openclaw"]
    if isinstance(expected, dict):  # refused by OpenClaw
        assert roster.problem or any(a.path is None for a in roster.agents), roster
        assert "refuses" in (roster.problem or " ".join(a.why for a in roster.agents))
        return
    assert not roster.problem, roster.problem
    assert [a.agent for a in roster.agents] == [e["id"] for e in expected]
    for agent, want in zip(roster.agents, expected, strict=True):
        if "$CWD" in want["workspace"]:
            assert agent.path is None and "relative path" in agent.why, agent
        else:
            assert str(agent.path) == want["workspace"].replace("$HOME", str(home)), agent
            assert not agent.why


def test_the_fixture_agents_are_where_openclaw_lists_them(agents_home, cli):
    """`openclaw agents list --json` on the fixture's home (agents.json) names each
    agent's workspace; `verify` reads each of those folders, says which, and is clean on
    a text no agent holds."""
    listed = json.loads((FIXTURE / "agents.json").read_text().replace("$HOME", str(agents_home)))
    data, layers, _ = _verify(cli, agents_home)
    assert data["verdict"] == "clean" and not data["not_checked"], data["not_checked"]
    for agent in listed:
        layer = "markdown" if agent["id"] == "main" else f"agent {agent['id']}: markdown"
        assert layers[layer]["probed"] is True
        assert f"of agent {agent['id']} ({agent['workspace']})" in layers[layer]["checked"]
        assert layers[layer]["residue"] == []
        # and its own index, where OpenClaw keeps it (agents/<id>/agent/)
        assert layers[f"chunks ({agent['id']})"]["probed"] is True


def test_a_memory_only_in_another_agents_memory_md_is_residue_there(agents_home, cli):
    """Before, `verify` read one workspace: KESTREL-4410-MARMOT in agent work's MEMORY.md
    was found only through its index, and with no index (not yet indexed, or deleted) it
    was never found at all. Now that agent's markdown is a layer of its own."""
    data, layers, result = _verify(cli, agents_home, TOKEN)
    assert result.exit_code == 3 and data["verdict"] == "residue"
    work = layers["agent work: markdown"]
    assert [r["where"] for r in work["residue"]] == ["MEMORY.md"]
    assert layers["markdown"]["residue"] == [] and layers["agent ops: markdown"]["residue"] == []
    # without its index, the markdown alone still says where it is
    for db in (agents_home / ".openclaw" / "agents" / "work" / "agent").glob("*.sqlite*"):
        db.unlink()
    data, layers, _ = _verify(cli, agents_home, TOKEN)
    assert data["found"] == {"agent work: markdown": 1} and data["verdict"] == "residue"
    assert not any(name.endswith("(work)") for name in layers)


def test_an_agent_whose_workspace_is_not_there_yet_is_clean(agents_home, cli):
    """An agent OpenClaw has not run yet has no workspace folder: nothing is stored for
    it, and the layer is probed (clean), naming the folder OpenClaw would make."""
    _config(agents_home, {"ownership": "explicit", "entries": {"main": {}, "fresh": {}}})
    data, layers, _ = _verify(cli, agents_home)
    layer = layers["agent fresh: markdown"]
    assert layer["probed"] is True and layer["residue"] == []
    assert str(agents_home / ".openclaw" / "workspace-fresh") in layer["checked"]
    assert (
        "it has no index (agents/fresh/agent/openclaw-agent.sqlite is not there)"
        in (layer["checked"])
    )


# -- what cannot be reproduced is not checked, with why ----------------------------------


@pytest.mark.parametrize(
    ("workspace", "why"),
    [
        ("ops-notes", "is a relative path"),
        ("~ops/notes", "is a relative path"),  # ~name is no user's home to OpenClaw
        ("${OPS_HOME}/ops-notes", "names an environment variable"),
        (42, "is not a path"),
    ],
    ids=["relative", "tilde-name", "env-var", "a-number"],
)
def test_an_agent_workspace_not_resolved_here_is_not_checked(agents_home, cli, workspace, why):
    """The copy in ~/ops-notes is not read through a guess of where OpenClaw would look;
    the agent's layer says why it was not checked, and `verify` is not clean."""
    (agents_home / "ops-notes" / "MEMORY.md").write_text(f"- {NEVER}\n")
    _config(
        agents_home,
        {
            "ownership": "explicit",
            "entries": {
                "main": {"workspace": "~/.openclaw/workspace"},
                "ops": {"workspace": workspace},
            },
        },
    )
    data, layers, result = _verify(cli, agents_home)
    layer = layers["agent ops: markdown"]
    assert layer["probed"] is False and why in layer["checked"], layer
    assert data["verdict"] == "unverified" and result.exit_code == 10
    assert data["found"] == {}


def test_a_relative_defaults_workspace_leaves_derived_agents_unchecked(agents_home, cli):
    _config(
        agents_home,
        {
            "ownership": "explicit",
            "defaults": {"workspace": "rel"},
            "entries": {"main": {"workspace": "~/.openclaw/workspace"}, "work": {}},
        },
    )
    _, layers, _ = _verify(cli, agents_home)
    assert layers["agent work: markdown"]["probed"] is False
    assert (
        "agents.defaults.workspace is a relative path" in layers["agent work: markdown"]["checked"]
    )


@pytest.mark.parametrize(
    ("agents", "why"),
    [
        ({"list": [{"id": "main"}, {"id": "work"}]}, "neither agents.ownership"),
        (
            {"entries": {"main": {"default": True}, "work": {"default": True}}},
            "more than one default",
        ),
        ({"ownership": "explicit", "entries": {"Work Bot": {}}}, "does not accept"),
        ({"ownership": "${OWNERSHIP}", "entries": {"work": {}}}, "environment variable"),
        (
            {"ownership": "explicit", "entries": {f"a{n}": {} for n in range(65)}},
            "more than the 64",
        ),
    ],
    ids=["no-owner", "two-markers", "odd-key", "env-var", "too-many"],
)
def test_a_roster_openclaw_refuses_or_not_reproduced_is_not_checked(agents_home, cli, agents, why):
    _config(agents_home, agents)
    data, layers, _ = _verify(cli, agents_home, TOKEN)
    layer = layers["other agents' workspaces"]
    assert layer["probed"] is False and why in layer["checked"], layer
    assert data["verdict"] != "clean" and "agent work: markdown" not in layers


def test_a_config_not_read_leaves_every_agent_unchecked(agents_home, cli):
    (agents_home / ".openclaw" / "openclaw.json").write_text("{agents: {entries: ")
    data, layers, _ = _verify(cli, agents_home)
    layer = layers["other agents' workspaces"]
    assert layer["probed"] is False and "which agents it lists is unknown" in layer["checked"]
    assert data["verdict"] == "unverified"


# -- hostile ids and paths ----------------------------------------------------------------

HOSTILE_IDS = ["x/../../elsewhere", "\x1b]0;pwned\x07x/../../elsewhere", "../elsewhere"]


@pytest.mark.parametrize("form", ["list", "entries"])
@pytest.mark.parametrize("ident", HOSTILE_IDS, ids=["dot-dot", "escapes", "leading-dot-dot"])
def test_a_hostile_id_is_not_followed_nor_printed(agents_home, cli, form, ident):
    """OpenClaw 2026.9 refuses an id it would have to rename: such a roster is *not
    checked*; the id never reaches a path (KESTREL in ~/elsewhere, where a naive join of
    workspace-<id> lands, is not read) nor the terminal."""
    (agents_home / ".openclaw" / "workspace-x").mkdir()
    (agents_home / "elsewhere").mkdir()
    (agents_home / "elsewhere" / "MEMORY.md").write_text(f"- {TOKEN}\n")
    entries = {"main": {"default": True}, ident: {}}
    agents = (
        {"entries": entries}
        if form == "entries"
        else {"list": [{"id": k, **v} for k, v in entries.items()]}
    )
    _config(agents_home, agents)
    for json_ in (True, False):
        result = _verify(cli, agents_home, TOKEN, json_=json_)
        result = result[2] if json_ else result
        shown = result.stdout + result.stderr
        assert "elsewhere" not in shown and "pwned" not in shown and "\x1b" not in shown
        assert "not checked" in shown or "could not be checked" in shown
    data, layers, _ = _verify(cli, agents_home, TOKEN)
    assert not any(
        r["where"].endswith("MEMORY.md") and "elsewhere" in r["where"]
        for la in layers.values()
        for r in la["residue"]
    )
    assert "does not accept" in layers["other agents' workspaces"]["checked"] or (
        "rename" in layers["other agents' workspaces"]["checked"]
    )
    assert not [n for n in layers if n.startswith("agent ") and "x" in n.split(":")[0]]


def test_a_workspace_path_with_escapes_is_read_and_shown_safely(agents_home, cli):
    """A workspace path is the config's text: OpenClaw uses it as it is, so it is read,
    and shown with its control characters as markers, never raw."""
    odd = "ops\x1b[2J\x1b]0;pwned\x07notes"
    (agents_home / "ops-notes").rename(agents_home / odd)
    (agents_home / odd / "MEMORY.md").write_text(f"- {TOKEN}\n")
    _config(
        agents_home,
        {
            "ownership": "explicit",
            "entries": {
                "main": {"workspace": "~/.openclaw/workspace"},
                "ops": {"workspace": f"~/{odd}"},
            },
        },
    )
    data, layers, result = _verify(cli, agents_home, TOKEN)
    assert layers["agent ops: markdown"]["residue"], layers["agent ops: markdown"]
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    text = _verify(cli, agents_home, TOKEN, json_=False)
    shown = text.stdout + text.stderr
    assert "\x1b" not in shown, [ln for ln in shown.splitlines() if "\x1b" in ln]
    assert "⟨ESC⟩" in text.stdout
    assert "agent ops: markdown" in text.stdout


@pytest.mark.parametrize("where", ["workspace", "parent"])
def test_a_symlinked_agent_workspace_is_not_followed(agents_home, cli, tmp_path, where):
    """A symlink at (or on the way to) an agent's workspace could lead anywhere: not
    followed, the layer is *not checked*, saying so."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "MEMORY.md").write_text(f"- {TOKEN}\n")
    if where == "workspace":
        ws = agents_home / ".openclaw" / "workspace-work"
        for f in sorted(ws.rglob("*"), reverse=True):
            f.rmdir() if f.is_dir() else f.unlink()
        ws.rmdir()
        ws.symlink_to(outside)
        agent, why = "work", "is a symlink"
    else:
        (agents_home / "link").symlink_to(tmp_path)
        _config(
            agents_home,
            {
                "ownership": "explicit",
                "entries": {
                    "main": {"workspace": "~/.openclaw/workspace"},
                    "ops": {"workspace": "~/link/outside"},
                    "work": {},
                },
            },
        )
        agent, why = "ops", "passes through a symlink"
    data, layers, _ = _verify(cli, agents_home, TOKEN)
    layer = layers[f"agent {agent}: markdown"]
    assert layer["probed"] is False and why in layer["checked"], layer
    assert data["verdict"] != "clean"
    assert not any(r["where"] == "MEMORY.md" for r in layer["residue"])


def test_a_symlinked_agent_index_is_not_read_and_said(agents_home, cli, tmp_path):
    db = agents_home / ".openclaw" / "agents" / "ops" / "agent" / "openclaw-agent.sqlite"
    moved = tmp_path / "ops.sqlite"
    os.replace(db, moved)
    db.symlink_to(moved)
    data, layers, _ = _verify(cli, agents_home)
    layer = layers["agent ops: index"]
    assert layer["probed"] is False and "symlink" in layer["checked"]
    assert data["verdict"] == "unverified"
