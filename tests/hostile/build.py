"""Rebuild every committed part of the hostile corpus: ``python -m tests.hostile.build``.

Each builder owns its own stores under ``tests/hostile/``; add a builder's ``build`` here.
"""

from __future__ import annotations

from tests.hostile import corpus_files

BUILDERS = [corpus_files.build]


def main() -> None:
    for build in BUILDERS:
        build()


if __name__ == "__main__":
    main()
