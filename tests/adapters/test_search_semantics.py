"""One search, every store: ``ls --search`` (``MemoryFilter.search``) matches a memory
holding every word of the text, in any order, whatever the adapter. A two-word search
used to find nothing on Hermes, Mnemosyne and Holographic (they matched the text as one
phrase) while mem0, LangGraph and Basic Memory matched the words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit.adapters import open_store
from memaudit.model import Memory, MemoryFilter

STORES: dict[str, Callable[[Callable[[str, str], Path]], Path]] = {
    "hermes": lambda p: p("hermes", "before") / "hermes_home",
    "mnemosyne": lambda p: p("mnemosyne", "before") / "hermes_home",
    "holographic": lambda p: p("holographic", "before") / "memory_store.db",
    "mem0": lambda p: p("mem0", "before"),
    "langgraph": lambda p: p("langgraph", "before"),
    "basic_memory": lambda p: p("basic_memory", "before"),
}


def two_far_words(memory: Memory) -> tuple[str, str] | None:
    """The first and the last long word of a memory, when they are not next to each
    other (searched last word first)."""
    words = re.findall(r"[A-Za-z]{4,}", memory.content)
    if len(words) < 3 or words[0].lower() == words[-1].lower():
        return None
    return words[-1], words[0]


@pytest.mark.parametrize("name", sorted(STORES))
def test_every_word_in_any_order(provider, name: str) -> None:
    location = STORES[name](provider)
    with open_store(str(location)) as store:
        assert store.adapter_name == name
        memories = store.memories()
        memory, words = next((m, w) for m in memories if (w := two_far_words(m)))
        found = store.memories(MemoryFilter(search=" ".join(words), limit=None))
        assert memory.id in {m.id for m in found}
        # Every word: one that the memory does not hold leaves it out.
        missing = store.memories(MemoryFilter(search=f"{words[0]} qwzxvkjh", limit=None))
        assert memory.id not in {m.id for m in missing}
        # Case and width do not matter.
        upper = store.memories(MemoryFilter(search=" ".join(words).upper(), limit=None))
        assert memory.id in {m.id for m in upper}


def test_the_native_ledger_means_the_same(ledger) -> None:
    from memaudit import review
    from memaudit.model import SourceType

    staged = review.stage(
        ledger,
        review.Candidate("The deploy failed after the cache change.", SourceType.USER_STATEMENT),
    )
    from memaudit.adapters.native import NativeStore

    store = NativeStore(ledger)
    assert [m.id for m in store.memories(MemoryFilter(search="change deploy"))] == [staged.id]
    assert store.memories(MemoryFilter(search="deploy qwzxvkjh")) == []
