"""Write the prefilter's tables the package ships (``prefilter_kept.SHIPPED``) for the
engine's patterns as they are now: ``make prefilter-tables``, that is
``python -m memaudit.injection.prefilter_shipped``, after any change to the injection
patterns (or to ``regex_needs``, ``prefilter``, ``prefilter_kept``: the file's header
names their bytes). ``tests/core/test_injection_tables_shipped.py`` fails until the
committed file is what this writes. A module of its own: it imports the engine, which
imports ``prefilter_kept``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib

from memaudit.injection import engine, prefilter_kept
from memaudit.injection.prefilter import analyse


def generated() -> bytes:
    """The shipped file's content (uncompressed) for the engine's patterns as they are
    now. The analysis orders some alternatives as sets iterate (by string hashes): made
    with ``PYTHONHASHSEED=0`` (``main``), the same sources give the same bytes."""
    patterns = engine._prefiltered()[0].patterns
    head = json.dumps(prefilter_kept.header(patterns), sort_keys=True)
    tables = prefilter_kept.encode(analyse(patterns))
    return head.encode("ascii") + b"\n" + tables.encode("utf-8")


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # the same bytes on every run
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        # (``__name__`` is ``__main__`` here: the module named as ``-m`` names it)
        module = "memaudit.injection.prefilter_shipped"
        sys.exit(subprocess.call([sys.executable, "-m", module], env=env))
    path = prefilter_kept.SHIPPED
    assert path is not None
    data = generated()
    path.write_bytes(zlib.compress(data, 9))
    print(f"{path}: {len(data):,} bytes of tables, {path.stat().st_size:,} compressed")


if __name__ == "__main__":
    main()
