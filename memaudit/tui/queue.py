"""The queue screen: pending items, oldest first, and the reviewer's actions.

Each action is one call into the write gate (through the ``Store`` protocol) on the
session's writer thread, with the version the reviewer was shown: an item that changed since
then is refused with a warning and shown again. Approved and rejected rows leave
the list at once (the next item is selected) and come back if the store refuses.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from memaudit.errors import MemauditError
from memaudit.model import TrustTier
from memaudit.pending import CONFIRM_FLAGS, QueueItem
from memaudit.tui.listing import ListScreen
from memaudit.tui.messages import ActionDone, ActionFailed
from memaudit.tui.modals import ConfirmModal, EditModal, ReasonModal
from memaudit.tui.render import FLAG_LABEL, FLAG_MEANING, FLAG_ORDER
from memaudit.tui.text import safe, tier_badge


class QueueScreen(ListScreen):
    TITLE_TEXT = "Review queue"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "approve", "Approve", id="approve"),
        Binding("r", "reject", "Reject", id="reject"),
        Binding("e", "edit", "Edit+approve", id="edit"),
        Binding("p", "promote", "Promote", id="promote"),
        Binding("s", "skip", "Skip", id="skip"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("space", "mark", "Mark", id="mark"),
        Binding("m", "app.switch_mode('memories')", "Memories", id="memories"),
    ]

    PALETTE: ClassVar[list[tuple[str, str, str]]] = [
        ("Approve", "approve the selected (or marked) items", "approve"),
        ("Reject", "reject the selected (or marked) items, with a reason", "reject"),
        ("Edit then approve", "correct the content, then approve it", "edit"),
        ("Promote", "approve a derived item as an explicit promotion", "promote"),
        ("Skip", "leave this item for later", "skip"),
        ("Undo", "undo the last action of this session", "undo"),
        ("Mark", "mark or unmark the selected item for a bulk action", "mark"),
        ("Search", "full-text search in the queue", "search"),
        ("Filter by tier", "cycle T1..T5", "cycle_tier"),
        ("Filter by source type", "cycle source types", "cycle_source"),
        ("Filter by flag", "stale, derived, hidden, duplicate, conflict, unknown", "cycle_flag"),
        ("Clear filters", "show the whole queue", "clear_filters"),
        ("Refresh", "reload the queue from the store", "reload"),
        ("Memories", "browse active memories (trace, forget)", "app.switch_mode('memories')"),
    ]

    # perf_counter() stamps for the benchmark: when the last action's write committed
    # (in its worker) and when its answer was handled on the UI thread.
    committed_at: float = 0.0
    acted_at: float = 0.0

    def on_screen_resume(self) -> None:
        # Back from a modal or the other screen: reload only if the store changed; the
        # header counts (forget requests included) are read again either way.
        self.check_store()
        self.load_summary()

    # -- which items ---------------------------------------------------------

    def targets(self) -> list[QueueItem]:
        """The marked items (in list order), else the selected one."""
        if self.marked:
            return [i for i in self.items if i.memory.id in self.marked]
        item = self.selected()
        return [item] if item else []

    def versioned(self, items: list[QueueItem]) -> list[tuple[str, int]]:
        return [(i.memory.id, self.shown_version.get(i.memory.id, i.memory.version)) for i in items]

    def _tiers(self, items: list[QueueItem]) -> str:
        counts = Counter(i.memory.trust_tier for i in items)
        return ", ".join(f"{t.value} ×{counts[t]}" for t in TrustTier if counts[t])

    def _bulk_body(
        self, verb: str, items: list[QueueItem], waiting: dict[str, list[str]] | None = None
    ) -> RenderableType:
        """What a confirmation lists: for an approval (``waiting`` given), the warnings
        first (flags that need a second look, items resting on sources still pending);
        then the items."""
        lines: list[RenderableType] = []
        if len(items) > 1:
            lines.append(
                Text(f"{verb} {len(items)} items — tiers: {self._tiers(items)}", style="bold")
            )
        for flag in FLAG_ORDER:
            if waiting is None or flag not in CONFIRM_FLAGS:
                continue
            ids = [i.memory.id for i in items if flag in i.flags]
            if ids:
                line = Text(f"⚠ flagged {FLAG_LABEL[flag][0]}, {FLAG_MEANING[flag]}: ", "bold red")
                line.append_text(safe(", ".join(ids[:10]) + (" …" if len(ids) > 10 else ""), 200))
                lines.append(line)
        for mid, parents in sorted((waiting or {}).items())[:10]:
            line = Text("⚠ ", style="bold yellow") + safe(mid, 60, style="bold")
            line.append(" rests on ")
            line.append_text(safe(", ".join(parents), 120, style="bold"))
            line.append(", still pending (not approved with it)")
            lines.append(line)
        if len(waiting or {}) > 10:
            lines.append(Text(f"… and {len(waiting or {}) - 10} more resting on pending items"))
        lines.append(Text(""))
        for i in items[:30]:
            line = tier_badge(i.memory.trust_tier) + " "
            line.append_text(safe(i.memory.id, 60, style="bold"))
            line.append("  ")
            line.append_text(safe(i.memory.content, 70))
            lines.append(line)
        if len(items) > 30:
            lines.append(Text(f"… and {len(items) - 30} more", style="dim"))
        return Group(*lines)

    # -- actions ---------------------------------------------------------------

    def action_approve(self) -> None:
        items = self.targets()
        if not items:
            return
        self._approve_confirmed(items, False)

    def action_promote(self) -> None:
        items = self.targets()
        if not items:
            return
        plain = [i.memory.id for i in items if not i.memory.derived]
        if plain:
            self.show_status(
                f"{plain[0]} is not derived: promotion is for model conclusions and other "
                "derived items (use a to approve)",
                "warning",
            )
            return
        self._approve_confirmed(items, True)

    def _approve_confirmed(self, items: list[QueueItem], promote: bool) -> None:
        """Approve (or promote) at once, or after a confirmation: when items are marked
        (a bulk action, which also names the items resting on sources still pending),
        or when an item carries a flag of ``CONFIRM_FLAGS`` (named in the question)."""
        if self.marked:
            self._confirm_bulk(items, promote)
        elif any(i.flags & CONFIRM_FLAGS for i in items):
            self._confirm_approve(items, promote, {}, bulk=False)
        else:
            self._approve(items, promote)

    @work(thread=True, exclusive=True, exit_on_error=False, group="confirm")
    def _confirm_bulk(self, items: list[QueueItem], promote: bool) -> None:
        waiting = self.session.pending_sources([i.memory.id for i in items])
        self.app.call_from_thread(self._confirm_approve, items, promote, waiting, bulk=True)

    def _confirm_approve(
        self, items: list[QueueItem], promote: bool, waiting: dict[str, list[str]], bulk: bool
    ) -> None:
        verb = "Promote" if promote else "Approve"
        if bulk:
            title = f"{verb} {len(items)} marked items?"
        else:
            flags = [FLAG_LABEL[f][0] for f in FLAG_ORDER if f in items[0].flags & CONFIRM_FLAGS]
            title = f"{verb} {items[0].memory.id}? It is flagged {', '.join(flags)}"
        self.app.push_screen(
            ConfirmModal(title, self._bulk_body(verb, items, waiting), yes=verb),
            callback=lambda ok: self._approve(items, promote) if ok else None,
        )

    def _approve(self, items: list[QueueItem], promote: bool) -> None:
        versioned = self.versioned(items)
        self._take_out([i.memory.id for i in items])
        self.start_act("promote" if promote else "approve", versioned)

    def action_reject(self) -> None:
        items = self.targets()
        if not items:
            return
        what = items[0].memory.id if len(items) == 1 else f"{len(items)} items"

        def with_reason(reason: str | None) -> None:
            if reason:
                self._take_out([i.memory.id for i in items])
                self.start_act("reject", self.versioned(items), reason=reason)

        ids = [i.memory.id for i in items]

        def check(reason: str) -> str | None:
            return self.session.reason_problem(ids, reason)

        def confirmed(ok: bool | None) -> None:
            if ok:
                self.app.push_screen(ReasonModal(what, check), with_reason)

        if self.marked:
            self.app.push_screen(
                ConfirmModal(
                    f"Reject {len(items)} marked items?",
                    self._bulk_body("Reject", items),
                    yes="Reject",
                ),
                callback=confirmed,
            )
        else:
            self.app.push_screen(ReasonModal(what, check), with_reason)

    def action_edit(self) -> None:
        item = self.selected()
        if item is None:
            return
        mid = item.memory.id
        version = self.shown_version.get(mid, item.memory.version)

        def edited(text: str | None) -> None:
            if text is not None:
                self._take_out([mid])
                self.start_act("edit_approve", [(mid, version)], content=text)

        self.app.push_screen(EditModal(mid, item.memory.content), edited)

    def action_skip(self) -> None:
        self.query_one("#rows", DataTable).action_cursor_down()

    def action_mark(self) -> None:
        item = self.selected()
        if item is None:
            return
        mid = item.memory.id
        self.marked.symmetric_difference_update({mid})
        table = self.query_one("#rows", DataTable)
        table.update_cell(
            mid, "mark", Text("●", style="bold yellow") if mid in self.marked else " "
        )
        self._show_filters()
        table.action_cursor_down()

    def action_undo(self) -> None:
        if not self.session.history:
            self.show_status("nothing to undo in this session", "warning")
            return
        self.start_act("undo", [])

    def _take_out(self, ids: list[str]) -> None:
        """Remove acted-on rows now; a refusal brings them back with a reload."""
        table = self.query_one("#rows", DataTable)
        gone = set(ids)
        for mid in ids:
            if mid in table.rows:
                table.remove_row(mid)
            self.index.pop(mid, None)
        self.items = [i for i in self.items if i.memory.id not in gone]
        self.marked -= gone
        self.detail_id = None
        self._show_filters()
        if self.items:
            self._selection_changed()
        else:
            self._page_empty()

    def _page_empty(self) -> None:
        from textual.widgets import Static

        self.query_one("#detail", Static).update(Text(self.empty_text(), style="dim"))

    def start_act(
        self,
        kind: str,
        items: list[tuple[str, int]],
        reason: str | None = None,
        content: str | None = None,
    ) -> None:
        """Send one action to the session's writer thread; background reads hold off
        until it answers. Not a Textual thread worker: those share one small executor
        with the page, flag and detail loads, and a keystroke's write queued behind
        them waited seconds."""
        self.acting += 1
        self.hold_background()
        self.session.submit_write(self.act, kind, items, reason, content)

    def act(
        self,
        kind: str,
        items: list[tuple[str, int]],
        reason: str | None = None,
        content: str | None = None,
    ) -> None:
        s = self.session
        try:
            if kind in ("approve", "promote"):
                undo = s.approve(items, promote=kind == "promote")
                text, reload_ = undo.label, False
            elif kind == "reject":
                assert reason is not None
                undo = s.reject(items, reason)
                text, reload_ = undo.label, False
            elif kind == "edit_approve":
                assert content is not None
                mid, version = items[0]
                undo = s.edit_approve(mid, version, content)
                text, reload_ = undo.label, False
            else:
                done = s.undo()
                if done is None:
                    self.post_message(ActionFailed("nothing to undo", None))
                    return
                undo, text, reload_ = done, f"undone: {done.label}", True
        except MemauditError as exc:
            self.post_message(ActionFailed(exc.message, items[0][0] if items else None))
            return
        except Exception as exc:  # a bug: say so (the transaction rolled back)
            self.post_message(
                ActionFailed(
                    "unexpected error, the store was not changed by this: "
                    f"{type(exc).__name__}: {exc}",
                    items[0][0] if items else None,
                    "error",
                )
            )
            return
        self.committed_at = time.perf_counter()
        self.post_message(ActionDone(text, undo, s.signature(after_write=True), reload_))

    @on(ActionDone)
    def _action_done(self, msg: ActionDone) -> None:
        self.acted_at = time.perf_counter()
        self.acting = max(0, self.acting - 1)
        self.show_status(msg.text)
        self.signature = msg.signature
        if not msg.reload and msg.undo is not None:
            # A reload that read the store just before this action committed may have
            # put the rows back; they are gone from the queue.
            back = [mid for mid in msg.undo.ids if mid in self.index]
            if back:
                self._take_out(back)
        if msg.reload:
            keep = msg.undo.ids[0] if msg.undo and msg.undo.ids else self.selected_id()
            self.detail_id = None
            self.reload(keep_id=keep)
        else:
            self.schedule_summary()

    @on(ActionFailed)
    def _action_failed(self, msg: ActionFailed) -> None:
        self.acting = max(0, self.acting - 1)
        self.show_status(msg.text, msg.severity)
        self.detail_id = None
        self.reload(keep_id=msg.memory_id or self.selected_id())
