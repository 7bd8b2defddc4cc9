"""Progress of long work, reported through a plain callback.

The core never draws anything: a long operation takes ``progress: Progress`` and
calls it with what it is doing, how much is done and, when it knows, the total
(``progress("audit: near_duplicate", 7, 16)``; ``total`` None: no end known). The
CLI draws it on stderr when stderr is a terminal (``memaudit.cli.render.progress``);
everything else passes nothing and pays nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Progress = Callable[[str, int, "int | None"], None]

T = TypeVar("T")


def silent(what: str, done: int, total: int | None) -> None:
    """The callback of a caller that shows no progress."""


def counting(
    items: Iterable[T], progress: Progress, what: str, total: int | None = None, every: float = 0.1
) -> Iterator[T]:
    """``items`` unchanged, reporting how many have passed at most every ``every``
    seconds (and once at the end)."""
    if progress is silent:
        yield from items
        return
    done = 0
    last = time.monotonic()
    progress(what, 0, total)
    for item in items:
        yield item
        done += 1
        if done & 255 == 0:
            now = time.monotonic()
            if now - last >= every:
                last = now
                progress(what, done, total)
    progress(what, done, total)
