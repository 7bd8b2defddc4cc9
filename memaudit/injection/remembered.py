"""A bounded memo for the check's per-word and per-text values."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

V = TypeVar("V")


class Remembered(dict[str, V]):
    """A function's values by string (a word, a text), computed on first use, so that
    ``map`` reads them in C rather than a Python loop; forgotten all at once past
    ``limit`` strings (words and texts recur, but a store's hostile texts may hold any
    number of distinct ones)."""

    def __init__(self, compute: Callable[[str], V], limit: int) -> None:
        super().__init__()
        self.compute, self.limit = compute, limit

    def __missing__(self, key: str) -> V:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value = self.compute(key)
        return value
