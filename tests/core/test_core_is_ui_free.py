"""The core never imports a UI library (ARCHITECTURE.md: one core, thin faces)."""

import pkgutil
import subprocess
import sys

import memaudit

# (click is not on the list: sqlite-utils imports it for its own CLI.)
UI = ("typer", "textual", "rich")


# The faces: the CLI, the review UI, and the Rich text boundary they share.
FACES = ("memaudit.cli", "memaudit.tui", "memaudit.face_text")


def core_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(memaudit.__path__, "memaudit."):
        if info.name.startswith(FACES) or info.name == "memaudit.__main__":
            continue
        names.append(info.name)
    return names


def test_there_are_core_modules_to_check() -> None:
    names = core_modules()
    assert "memaudit.review" in names and "memaudit.ledger.store" in names


def test_core_modules_import_no_ui_library() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {core_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {UI!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
