"""The README documents the tools' schemas as the server registers them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from memaudit.mcp import compat, tools

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def without_descriptions(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_descriptions(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [without_descriptions(v) for v in value]
    return value


def test_readme_input_schemas_are_the_servers():
    documented = {
        name: json.loads(schema)
        for name, schema in re.findall(r"^\| `(\w+)` \| `(\{.*?\})` \|", README, re.MULTILINE)
    }
    assert set(documented) == set(tools.TOOLS)
    for name, tool in tools.TOOLS.items():
        assert documented[name] == without_descriptions(tool.input_schema), name


def test_readme_names_every_compat_tool():
    for name in compat.TOOLS:
        assert f"`{name}`" in README, name
