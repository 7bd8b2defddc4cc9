"""OpenClaw's openclaw.json is JSON5, read as OpenClaw reads it (memaudit/storejson5.py).

The fixtures in tests/fixtures/providers/openclaw/json5/ come from the real package
(make_json5.py, npm openclaw@2026.9.6): a config written by hand as OpenClaw's docs show it
(``openclaw config validate`` accepts it), OpenClaw's own reading of it, what ``openclaw
config set`` writes, and what OpenClaw's json5 makes of each JSON5 feature and hostile input.
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest

from memaudit import storejson5

JSON5 = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "openclaw" / "json5"
FEATURES = json.loads((JSON5 / "features.json").read_text())
NEVER = "NEVER-STORED-QX-4321"

# OpenClaw reads these (last key wins, Infinity, a NUL, a lone surrogate, any Unicode
# identifier); memaudit does not: what OpenClaw made of them is a guess or lossy.
STRICTER = {
    "a key given twice": "a key given twice",
    "a key given twice, nested": "a key given twice",
    "a number too large (1e400)": "a number too large",
    "a 400-digit integer": "a number too large",
    "a NUL byte": "a NUL character",
    "a NUL escape": "a NUL character",
    "an unpaired surrogate": "an unpaired surrogate",
    "a key outside ASCII": "not valid JSON5",
    "an escape in a key": "not valid JSON5",
    "nesting 10,000 deep": "nested deeper than 200 levels",  # OpenClaw: stack overflow
}


def _as_openclaw(value):
    """A value as make_json5.py records OpenClaw's: non-finite numbers as strings."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {k: _as_openclaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_openclaw(v) for v in value]
    return value


@pytest.mark.parametrize("name", list(FEATURES))
def test_each_case_is_read_as_openclaw_reads_it_or_refused(name):
    case = FEATURES[name]
    raw = case["text"].encode("utf-8", "surrogatepass")
    if "value" in case and name not in STRICTER:
        assert _as_openclaw(storejson5.mapping(raw)) == case["value"]
        return
    with pytest.raises(ValueError) as refused:
        storejson5.mapping(raw)
    assert STRICTER.get(name, "not valid JSON5") in str(refused.value)
    assert str(refused.value).endswith(")") and "(line " in str(refused.value)


def test_stricter_only_where_openclaw_reads_something():
    """Every case refused here that OpenClaw reads is named, with why, above."""
    assert {n for n in STRICTER if "value" in FEATURES[n]} == set(STRICTER) - {
        "nesting 10,000 deep"
    }
    assert "error" in FEATURES["nesting 10,000 deep"]


def test_the_documented_config_is_read_as_openclaw_reads_it():
    expected = json.loads((JSON5 / "expected.json").read_text())
    assert (
        storejson5.mapping((JSON5 / "openclaw.json").read_bytes()) == (expected["parseConfigJson5"])
    )


def _moved_workspace(home, config: str) -> tuple[Path, dict[str, str]]:
    """The OpenClaw fixture with its workspace at ~/elsewhere/workspace, as the config
    says, a line only there, and HOME set so ``~`` is that home (as OpenClaw expands it)."""
    root = home("openclaw", "after_delete")
    workspace = root / "elsewhere" / "workspace"
    workspace.parent.mkdir()
    shutil.move(root / ".openclaw" / "workspace", workspace)
    shutil.copy(JSON5 / config, root / ".openclaw" / "openclaw.json")
    with (workspace / "MEMORY.md").open("a") as f:
        f.write(f"- The deploy key is {NEVER}.\n")
    return root, {"HOME": str(root)}


@pytest.mark.parametrize("config", ["openclaw.json", "written.json"])
def test_the_configured_workspace_is_read(home, cli, config):
    """The documented JSON5 config (and the JSON `openclaw config set` writes) names the
    workspace; memaudit reads that folder, so `verify` finds what only it holds. Before,
    the JSON5 file was "not valid JSON": the workspace was *not checked*."""
    root, env = _moved_workspace(home, config)
    expected = json.loads((JSON5 / "expected.json").read_text())["config get --json"]
    workspace = expected["agents.defaults.workspace"].replace("$HOME", str(root))
    result = cli("verify", "--content", NEVER, "--json", db=root, env=env)
    assert "Traceback" not in result.stderr and "openclaw.json" not in result.stderr
    data = json.loads(result.stdout)
    layers = {la["layer"]: la for la in data["layers"]}
    assert "configured workspace" not in layers and not data["not_checked"]
    assert workspace in layers["markdown"]["checked"]
    assert data["found"] == {"markdown": 1} and data["verdict"] == "residue"


def test_the_documented_config_settings_answer_questions(home, cli):
    root, env = _moved_workspace(home, "openclaw.json")
    result = cli("questions", "--json", db=root, env=env)
    assert result.exit_code == 0, result.stderr
    evidence = "\n".join(e for a in json.loads(result.stdout)["answers"] for e in a["evidence"])
    assert "dreaming is off" in evidence and "dreaming.enabled = False" in evidence
