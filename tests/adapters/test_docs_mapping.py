"""docs/adapters.md has, for every adapter memaudit installs (the native ledger aside: it
is memaudit's own model), a section naming it with a mapping table (store field →
memaudit field) and what the store never records (issue 17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memaudit.adapters import load_registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
FOREIGN = sorted(name for name in load_registry().adapters if name != "native")
LACKS = re.compile(r"never record|lacks|\bMissing\b|not recorded|Never recorded", re.I)


def sections() -> dict[str, str]:
    """Heading -> body of each `## ` section."""
    parts = re.split(r"^## ", DOC.read_text(encoding="utf-8"), flags=re.M)[1:]
    return {p.split("\n", 1)[0]: p for p in parts}


def test_every_installed_adapter_is_listed() -> None:
    # a new adapter added without docs fails here, not silently
    assert len(FOREIGN) >= 18, FOREIGN


@pytest.mark.parametrize("name", FOREIGN)
def test_each_adapter_has_a_mapping_table_and_says_what_its_store_lacks(name: str) -> None:
    found = [body for head, body in sections().items() if f"`{name}`" in head]
    assert len(found) == 1, (name, [h for h in sections() if name in h])
    body = found[0]
    assert re.search(r"^\| [^|\n]+ \| memaudit \|", body, re.M), f"{name}: no mapping table"
    assert LACKS.search(body), f"{name}: nothing on what the store never records"
