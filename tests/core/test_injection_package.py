"""``memaudit.injection`` loads its names lazily (PEP 562): every exported name resolves
to the object of the module ``_WHERE`` names, and importing a light module of the package
does not load the engine."""

from __future__ import annotations

import importlib
import subprocess
import sys

from memaudit import injection


def test_every_exported_name_is_the_one_its_module_holds() -> None:
    assert sorted(injection.__all__) == sorted(injection._WHERE)
    for name, where in injection._WHERE.items():
        module = importlib.import_module(f"memaudit.injection.{where}")
        assert getattr(injection, name) is getattr(module, name)


def test_a_light_module_does_not_load_the_engine() -> None:
    probe = (
        "import sys; import memaudit.injection.judgements, memaudit.injection.kinds; "
        "print('memaudit.injection.engine' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
