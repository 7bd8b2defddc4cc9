"""Provider fixtures written by the real packages, copied into tmp_path per test."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit.adapters import Needle, Store

PROVIDERS = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
TOKEN = "ZEBRA-7731-QUOKKA"


@pytest.fixture
def provider(tmp_path: Path) -> Callable[[str, str], Path]:
    """Copy ``tests/fixtures/providers/<system>/<variant>`` into tmp_path."""

    def copy(system: str, variant: str = "before") -> Path:
        src = PROVIDERS / system / variant
        dst = tmp_path / system / variant
        shutil.copytree(src, dst)
        return dst

    return copy


def provider_ids(system: str) -> dict[str, str]:
    return json.loads((PROVIDERS / system / "ids.json").read_text())


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder, by relative path: detects any write or new file."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def residue(store: Store, needle: Needle) -> dict[str, list[tuple[str, str]]]:
    """Layer name -> [(where, match)] for every layer (empty list = clean)."""
    return {
        layer.name: [(r.where, r.match) for r in layer.probe(needle)] for layer in store.layers()
    }


def dirty(store: Store, needle: Needle) -> dict[str, int]:
    """Only the layers holding residue, with how many rows each."""
    return {name: len(rows) for name, rows in residue(store, needle).items() if rows}
