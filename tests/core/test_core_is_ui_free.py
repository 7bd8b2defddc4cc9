"""The core never imports a UI library (ARCHITECTURE.md: one core, thin faces); the
faces share one piece of UI code, ``memaudit.tui.text`` (rich alone), so the CLI loads
no textual through it and the review UI no typer."""

import json
import pkgutil
import subprocess
import sys

import memaudit

# (click is not on the list: sqlite-utils imports it for its own CLI.)
UI = ("typer", "textual", "rich")


# The faces: the CLI and the review UI. Every other module is core, without exception.
FACES = ("memaudit.cli", "memaudit.tui")


def _face(name: str) -> bool:
    return any(_within(name, face) for face in FACES)


def core_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(memaudit.__path__, "memaudit."):
        if _face(info.name) or info.name == "memaudit.__main__":
            continue
        names.append(info.name)
    return names


def _loaded_after_importing(*groups: list[str]) -> list[list[str]]:
    """The modules a fresh interpreter holds after importing each group of ``groups``
    in turn (one list per group: what the group and those before it loaded)."""
    code = (
        "import importlib, json, sys\n"
        f"for names in {list(groups)!r}:\n"
        "    for name in names:\n"
        "        importlib.import_module(name)\n"
        "    print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def _of(loaded: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if any(_within(m, p) for p in packages)]


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_core_modules_import_no_ui_library() -> None:
    (loaded,) = _loaded_after_importing(core_modules())
    assert _of(loaded, UI) == []


def test_the_shared_face_code_needs_neither_face() -> None:
    """``memaudit.tui.text`` imports rich alone (the CLI uses it without textual); the
    review UI, with it, no typer nor CLI."""
    every = [i.name for i in pkgutil.walk_packages(memaudit.__path__, "memaudit.")]
    tui = [n for n in every if _within(n, "memaudit.tui")]
    after_shared, after_tui = _loaded_after_importing(["memaudit.tui.text"], tui)
    assert "memaudit.tui.text" in after_shared and "rich" in after_shared
    assert _of(after_shared, ("typer", "textual", "memaudit.cli")) == []
    assert _of(after_shared, ("memaudit.tui",)) == ["memaudit.tui", "memaudit.tui.text"]
    assert "textual" in after_tui
    assert _of(after_tui, ("typer", "memaudit.cli")) == []
