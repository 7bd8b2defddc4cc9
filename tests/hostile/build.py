"""Rebuild every hostile corpus in this folder: each ``corpus_*.py`` module's ``build()``.

    python -m tests.hostile.build

Each corpus documents what it needs beyond memaudit's own venv (``corpus_output``: an
optional ``--qdrant-python`` for the mem0 points; run it directly to pass one).
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

HERE = Path(__file__).resolve().parent


def builders() -> list[str]:
    return sorted(
        f"tests.hostile.{m.name}"
        for m in pkgutil.iter_modules([str(HERE)])
        if m.name.startswith("corpus_")
    )


def main() -> None:
    root = HERE.parent.parent
    for name in builders():
        for made in importlib.import_module(name).build():
            print(Path(made).relative_to(root))


if __name__ == "__main__":
    main()
