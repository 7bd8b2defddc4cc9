"""The forget-requests screen: what agents asked to forget, for a person to decide.

Agents writing through ``memaudit mcp`` cannot forget; they ask (``forget_request``).
This screen lists the memories with an open request, whatever their status, with who
asked, when and why above the detail. ``d`` forgets the memory (the blast radius and
the verification, as on the memories screen; the request goes with the memory), ``x``
declines the requests (the memory stays; the reason is logged).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Static

from memaudit import forget_requests
from memaudit.clock import age_days, human_age
from memaudit.model import MemoryFilter, Status
from memaudit.tui.listing import PAGE
from memaudit.tui.memories import MemoriesScreen
from memaudit.tui.messages import DetailLoaded
from memaudit.tui.modals import ReasonModal, title_label
from memaudit.tui.render import detail_renderable
from memaudit.tui.session import Detail
from memaudit.tui.text import safe


class DismissModal(ReasonModal):
    """Asks why a forget request is declined (the reason goes into the event log)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield title_label(f"Dismiss the forget request for {self.what}")
            yield Static("Why does the memory stay? (recorded in the log)")
            yield Input(placeholder="reason, e.g. still true: the user confirmed", id="reason")
            yield Static("", id="reason-error", classes="error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Dismiss (enter)", variant="warning", id="yes")
                yield Button("Cancel (esc)", id="no")


class Dismissed(Message):
    def __init__(self, memory_id: str, count: int) -> None:
        super().__init__()
        self.memory_id = memory_id
        self.count = count


class RequestsScreen(MemoriesScreen):
    TITLE_TEXT = "Forget requests"
    STATUSES: ClassVar[tuple[Status, ...]] = forget_requests.LIVE

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "trace", "Trace", id="trace"),
        Binding("d", "forget", "Forget", id="forget"),
        Binding("x", "decline", "Dismiss request", id="decline"),
        Binding("g", "app.switch_mode('queue')", "Queue", id="queue"),
    ]

    PALETTE: ClassVar[list[tuple[str, str, str]]] = [
        ("Forget", "grant the request: forget the memory and verify every layer", "forget"),
        ("Dismiss request", "decline the request: the memory stays", "decline"),
        ("Trace", "show the selected memory's lineage", "trace"),
        ("Refresh", "reload from the store", "reload"),
        ("Review queue", "back to the pending items", "app.switch_mode('queue')"),
    ]

    def count_noun(self) -> str:
        return "with a forget request"

    def empty_text(self) -> str:
        return "No open forget requests." + (
            " (filters are on: esc clears them)" if self._filtering() else ""
        )

    def current_filter(self, limit: int | None = PAGE, offset: int = 0) -> MemoryFilter:
        flt = super().current_filter(limit, offset)
        flt.ids = sorted({r.memory_id for r in self.session.requests()})
        return flt

    @on(DetailLoaded)
    def _with_requests(self, msg: DetailLoaded) -> None:
        """The requests go above the memory's detail."""
        if msg.memory_id != self.detail_id or msg.detail is None:
            return
        self.load_requests(msg.memory_id, msg.detail)

    @work(thread=True, exclusive=True, exit_on_error=False, group="requests")
    def load_requests(self, memory_id: str, detail: Detail) -> None:
        found = self.session.requests([memory_id])
        now = self.session.now()
        head = Text()
        for r in found:  # every field is store text: through the boundary (tui.text.safe)
            head.append("forget requested ", style="bold red")
            head.append_text(Text.assemble("by ", safe(r.requested_by, 40), ", "))
            age = human_age(age_days(r.requested_at, now))
            head.append_text(Text.assemble(f"{age} ago (", safe(r.id, 40), ")\n"))
            head.append("  why: ", style="bold")
            head.append_text(safe(r.reason, 300))
            head.append("\n")
        head.append("d forgets it (the request goes with it) · x dismisses the request\n", "dim")
        body = detail_renderable(detail, now)
        self.app.call_from_thread(self._show_requests, memory_id, Group(head, body))

    def _show_requests(self, memory_id: str, shown: Group) -> None:
        if memory_id == self.detail_id:
            self.query_one("#detail", Static).update(shown)

    def action_decline(self) -> None:
        mid = self.selected_id()
        if mid is None:
            return

        def with_reason(reason: str | None) -> None:
            if reason:
                self.dismiss_requests(mid, reason)

        self.app.push_screen(DismissModal(mid), with_reason)

    @work(thread=True, exclusive=True, exit_on_error=False, group="dismiss")
    def dismiss_requests(self, memory_id: str, reason: str) -> None:
        done = self.session.submit_write(self.session.dismiss, memory_id, reason).result()
        self.post_message(Dismissed(memory_id, len(done)))

    @on(Dismissed)
    def _dismissed(self, msg: Dismissed) -> None:
        self.show_status(f"dismissed {msg.count} forget request(s); {msg.memory_id} stays")
        self.action_reload()
