"""Modules named for one capability: none in memaudit/ is over 800 lines (issue 21)."""

from __future__ import annotations

from pathlib import Path

import memaudit

PACKAGE = Path(memaudit.__file__).resolve().parent
LIMIT = 800


def test_no_module_is_over_800_lines() -> None:
    sizes = {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 100  # the package was found, not an empty folder
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
