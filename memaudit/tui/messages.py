"""Typed messages that worker threads post back to the screens."""

from __future__ import annotations

from typing import Any

from textual.message import Message

from memaudit.pending import Flag, QueueItem, QueueSummary
from memaudit.tui.session import Detail, Undo


class PageLoaded(Message):
    def __init__(
        self,
        generation: int,
        items: list[QueueItem],
        next_offset: int,
        exhausted: bool,
        reset: bool,
        keep_id: str | None,
        keep_index: int,
    ) -> None:
        super().__init__()
        self.generation = generation
        self.items = items
        self.next_offset = next_offset
        self.exhausted = exhausted
        self.reset = reset
        self.keep_id = keep_id
        self.keep_index = keep_index


class FlagsLoaded(Message):
    def __init__(self, generation: int, flags: dict[str, set[Flag]]) -> None:
        super().__init__()
        self.generation = generation
        self.flags = flags


class SummaryLoaded(Message):
    def __init__(self, summary: QueueSummary) -> None:
        super().__init__()
        self.summary = summary


class DetailLoaded(Message):
    def __init__(self, memory_id: str, detail: Detail | None) -> None:
        super().__init__()
        self.memory_id = memory_id
        self.detail = detail


class ActionDone(Message):
    def __init__(self, text: str, undo: Undo | None, signature: Any, reload: bool) -> None:
        super().__init__()
        self.text = text
        self.undo = undo
        self.signature = signature
        self.reload = reload


class ActionFailed(Message):
    """The store refused (changed underneath, busy, ...): warn and reload that item."""

    def __init__(self, text: str, memory_id: str | None, severity: str = "warning") -> None:
        super().__init__()
        self.text = text
        self.memory_id = memory_id
        self.severity = severity


class StoreChanged(Message):
    """The refresh timer saw a write from elsewhere (an agent staging, another reviewer)."""

    def __init__(self, signature: Any) -> None:
        super().__init__()
        self.signature = signature
