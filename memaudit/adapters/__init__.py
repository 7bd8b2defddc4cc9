"""Adapter discovery: the ``memaudit.adapters`` entry-point group."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit import confined
from memaudit.errors import MemauditError, NotAStore
from memaudit.store import Adapter, Capability, Layer, Needle, Residue, Store

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "memaudit.adapters"


@dataclass
class Registry:
    adapters: dict[str, type[Adapter]] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)  # entry point → why it failed


def load_registry() -> Registry:
    """Every adapter installed; one that fails to import is reported, not fatal."""
    reg = Registry()
    for ep in _entry_points():
        try:
            cls = ep.load()
        except Exception as exc:  # a third-party plugin must not break memaudit
            reg.broken[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        if isinstance(cls, type) and issubclass(cls, Adapter):
            reg.adapters[cls.name] = cls
        else:
            reg.broken[ep.name] = "not an Adapter subclass"
    return reg


@functools.cache
def _entry_points() -> tuple[EntryPoint, ...]:
    """The group's entry points, read once a process: reading them scans the metadata of
    every installed distribution (~10 ms, which every ``open_store`` paid again)."""
    from importlib.metadata import entry_points

    return tuple(sorted(entry_points(group=GROUP), key=lambda e: e.name))


def detect(location: str, registry: Registry | None = None) -> list[tuple[float, str]]:
    reg = registry or load_registry()
    scores = []
    for name, cls in reg.adapters.items():
        try:
            score = float(cls.detect(location))
        except Exception:  # detection must never take memaudit down
            score = 0.0
        scores.append((score, name))
    return sorted(scores, reverse=True)


def open_store(
    location: str,
    *,
    adapter: str | None = None,
    writable: bool = False,
    **options: Any,
) -> Store:
    """Open a store with the adapter named, or the one most sure it is theirs."""
    if not adapter and "://" not in location:
        # A memaudit ledger (a SQLite file holding memaudit_meta) is never another
        # system's store: open it without importing every installed adapter.
        from memaudit.adapters.native import NativeAdapter

        check_exists(location)
        if NativeAdapter.detect(location) >= 1.0:
            return NativeAdapter.open(location, writable=writable, **options)
    reg = load_registry()
    if adapter:
        cls = reg.adapters.get(adapter)
        if cls is None:
            known = ", ".join(sorted(reg.adapters)) or "none"
            raise MemauditError(f"unknown adapter {adapter!r}; installed: {known}")
        check_exists(location)
        return cls.open(location, writable=writable, **options)
    check_exists(location)
    scores = detect(location, reg)
    best = [(s, n) for s, n in scores if s > 0]
    if not best:
        refused = confined.skipped()  # detection met something it would not read
        if refused:
            raise NotAStore(f"{_shown(location)}: cannot open it safely: {refused[0]}")
        raise NotAStore(not_a_store_message(location, [n for _, n in scores]))
    return reg.adapters[best[0][1]].open(location, writable=writable, **options)


def not_a_store_message(location: str, tried: list[str]) -> str:
    """What to say when no adapter recognises a location."""
    return (
        f"{_shown(location)}: not a memory store I know (tried: {', '.join(tried)}); "
        "use --adapter NAME to force one, or `memaudit adapters` to list them"
    )


def _shown(location: str) -> str:
    """The location as it may be printed: a server URL's password masked."""
    if "://" not in location:
        return location
    from memaudit.adapters.postgres import pg

    return pg.mask(location)


def check_exists(location: str) -> None:
    """Raise NotAStore (or a connection error) when the location cannot be opened at all."""
    if "://" in location:
        from memaudit.adapters.postgres import pg

        if pg.is_url(location):
            pg.check(location)  # unreachable or login refused: exit 9, before detection
        return  # other server URLs: the adapter checks them
    path = Path(location)
    if not path.exists():
        raise NotAStore(f"no such file or folder: {location}")
    if not os.access(path, os.R_OK):
        raise NotAStore(f"cannot read {location}: permission denied")


__all__ = [
    "Adapter",
    "Capability",
    "Layer",
    "Needle",
    "Registry",
    "Residue",
    "Store",
    "check_exists",
    "detect",
    "load_registry",
    "not_a_store_message",
    "open_store",
]
