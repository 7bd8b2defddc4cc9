"""The memories screen: browse active memories, trace one, forget one.

Forget is the one irreversible action in the UI, so it shows the blast radius (the
memory and whatever rests only on it) in a confirmation first, and the per-layer
verification table after. It needs ``memaudit.forget``; a build without it says so
instead of offering a half-forget.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import DataTable

from memaudit.errors import MemauditError
from memaudit.forget import ForgetPlan, ForgetResult
from memaudit.model import Status
from memaudit.pending import Flag
from memaudit.store import Capability
from memaudit.tui.listing import ListScreen
from memaudit.tui.modals import ConfirmModal, InfoModal
from memaudit.tui.render import forget_plan_body, trace_renderable, verification_body
from memaudit.verification import Verdict


class ForgetPlanned(Message):
    def __init__(self, memory_id: str, plan: ForgetPlan) -> None:
        super().__init__()
        self.memory_id = memory_id
        self.plan = plan


class ForgetDone(Message):
    def __init__(self, memory_id: str, result: ForgetResult) -> None:
        super().__init__()
        self.memory_id = memory_id
        self.result = result


class MemoriesScreen(ListScreen):
    TITLE_TEXT = "Memories"
    STATUSES: ClassVar[tuple[Status, ...]] = (Status.ACTIVE,)
    FLAG_CHOICES: ClassVar[tuple[Flag, ...]] = (
        Flag.INJECTED,
        Flag.DERIVED,
        Flag.HIDDEN,
        Flag.UNKNOWN,
        Flag.DUPLICATE,
        Flag.CONFLICT,
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "trace", "Trace", id="trace"),
        Binding("d", "forget", "Forget", id="forget"),
        Binding("m", "app.switch_mode('queue')", "Queue", id="queue"),
    ]

    PALETTE: ClassVar[list[tuple[str, str, str]]] = [
        ("Trace", "show the selected memory's lineage", "trace"),
        ("Forget", "forget the selected memory and verify every layer", "forget"),
        ("Search", "full-text search in active memories", "search"),
        ("Filter by tier", "cycle T1..T5", "cycle_tier"),
        ("Filter by source type", "cycle source types", "cycle_source"),
        ("Filter by flag", "derived, hidden, unknown, duplicate, conflict", "cycle_flag"),
        ("Clear filters", "show all active memories", "clear_filters"),
        ("Refresh", "reload from the store", "reload"),
        ("Review queue", "back to the pending items", "app.switch_mode('queue')"),
    ]

    def count_noun(self) -> str:
        return "active"

    def empty_text(self) -> str:
        return "No active memories." + (
            " (filters are on: esc clears them)" if self._filtering() else ""
        )

    def on_screen_resume(self) -> None:
        # Back from a modal or the other screen: reload only if the store changed.
        self.check_store()

    @on(DataTable.RowSelected, "#rows")
    def _row_selected(self) -> None:
        # The table takes enter for itself; selecting a row is the trace gesture.
        self.action_trace()

    def action_trace(self) -> None:
        mid = self.selected_id()
        if mid:
            self.trace(mid)

    @work(thread=True, exclusive=True, exit_on_error=False, group="trace")
    def trace(self, memory_id: str) -> None:
        detail = self.session.detail(memory_id)
        if detail is None:
            raise MemauditError(f"{memory_id} is gone from the store")
        body = trace_renderable(detail)
        self.app.call_from_thread(self.app.push_screen, InfoModal(f"Trace {memory_id}", body))

    # -- forget ------------------------------------------------------------------

    def action_forget(self) -> None:
        mid = self.selected_id()
        if mid is None:
            return
        if not self.session.store.has(Capability.FORGET):
            self.show_status(str(self.session.store.unsupported(Capability.FORGET)), "warning")
            return
        self.plan_forget(mid)

    @work(thread=True, exclusive=True, exit_on_error=False, group="forget")
    def plan_forget(self, memory_id: str) -> None:
        with self.session.lock:
            plan = self.session.store.forget_plan([memory_id])
        self.post_message(ForgetPlanned(memory_id, plan))

    @on(ForgetPlanned)
    def _planned(self, msg: ForgetPlanned) -> None:
        self.confirm_forget(msg.memory_id, msg.plan)

    def confirm_forget(self, memory_id: str, plan: ForgetPlan) -> None:
        """The blast radius first; nothing is written unless the reviewer says yes."""

        def confirmed(ok: bool | None) -> None:
            if ok:
                self.apply_forget(memory_id, plan)

        self.app.push_screen(
            ConfirmModal(f"Forget {memory_id}?", forget_plan_body(memory_id, plan), yes="Forget"),
            callback=confirmed,
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="forget")
    def apply_forget(self, memory_id: str, plan: ForgetPlan) -> None:
        store = self.session.store
        with self.session.lock:
            # Planned again inside the forget's transaction: what was confirmed must
            # still be what happens, or nothing is forgotten (Conflict).
            result = store.forget_apply(plan, actor=self.session.actor)
        self.post_message(ForgetDone(memory_id, result))

    @on(ForgetDone)
    def _forgotten(self, msg: ForgetDone) -> None:
        verdict = msg.result.verdict
        self.show_status(
            f"forgot {msg.memory_id}: {verdict.value.upper()}: {msg.result.summary()}",
            {
                Verdict.CLEAN: "information",
                Verdict.UNVERIFIED: "warning",
                Verdict.RESIDUE: "error",
            }[verdict],
        )
        self.app.push_screen(
            InfoModal(f"Forgot {msg.memory_id}: {verdict.value}", verification_body(msg.result))
        )
        self.action_reload()
