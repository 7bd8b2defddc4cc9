"""A lazily loaded, filterable list of memories with a detail pane.

The base of both screens (the pending queue and the active memories). Rows arrive a
page at a time from a worker thread, more when the cursor nears the end, so a queue
of 100k items paints its first page as fast as one of ten. Every load carries a
*generation*: results of a load that a newer filter or refresh superseded are
dropped instead of mixed in.

Keystrokes stay cheap: the expensive reads (the detail pane's lineage, conflicts and
similar memories; the duplicate/conflict flags; the header counts) wait until the
cursor has rested for ``SETTLE`` seconds and no action is in flight, so a worker
thread holding the GIL never sits between a key and its effect on screen.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Input, Static
from textual.widgets.data_table import ColumnKey
from textual.worker import Worker, WorkerState, get_current_worker

from memaudit.clock import human_age
from memaudit.errors import MemauditError
from memaudit.model import MemoryFilter, SourceType, Status, TrustTier
from memaudit.pending import CHEAP_FLAGS, Flag, QueueItem, queue_filter
from memaudit.textsafety import reveal
from memaudit.tui.messages import (
    DetailLoaded,
    FlagsLoaded,
    PageLoaded,
    StoreChanged,
    SummaryLoaded,
)
from memaudit.tui.modals import InfoModal
from memaudit.tui.render import detail_renderable, flags_text
from memaudit.tui.session import ReviewSession
from memaudit.tui.text import safe, tier_badge

PAGE = 200
# Load the next page when the cursor comes this close to the last loaded row.
PREFETCH = 40
FLAG_CHUNK = 5
# How long the cursor must rest before the detail pane and the flags load (seconds),
# and how long after the last action the header counts are read again.
SETTLE = 0.15
SUMMARY_SETTLE = 1.0
STATUS_CHARS = 1000


class Rows(DataTable[object]):
    """The list: Home/End move the cursor to the first/last row loaded (DataTable's own
    scroll the view only), and help and quit lead the footer, so a narrow terminal that
    cuts the footer short still shows them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
        Binding("home", "first_row", "First", show=False),
        Binding("end", "last_row", "Last", show=False),
    ]

    def action_first_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=0, animate=False)

    def action_last_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, animate=False)


class ListScreen(Screen[None]):
    """Shared by the queue and memories screens: filters, lazy rows, detail pane."""

    STATUSES: ClassVar[tuple[Status, ...]] = (Status.PENDING,)
    TITLE_TEXT: ClassVar[str] = ""
    FLAG_CHOICES: ClassVar[tuple[Flag, ...]] = tuple(Flag)
    # Shown in the command palette: (name, help, action).
    PALETTE: ClassVar[list[tuple[str, str, str]]] = []

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", id="search"),
        Binding("t", "cycle_tier", "Tier", id="tier"),
        Binding("o", "cycle_source", "Source", show=False, id="source"),
        Binding("f", "cycle_flag", "Flag", show=False, id="flag"),
        Binding("escape", "clear_filters", "Clear filters", show=False, id="clear"),
        Binding("ctrl+r", "reload", "Refresh", show=False, id="reload"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.items: list[QueueItem] = []
        self.index: dict[str, QueueItem] = {}
        self.generation = 0
        self.next_offset = 0
        self.exhausted = False
        self.loading_more = False
        self.tier: TrustTier | None = None
        self.source: SourceType | None = None
        self.flag: Flag | None = None
        self.shown_first: set[str] = set()
        self.search: str | None = None
        self.marked: set[str] = set()
        self.shown_version: dict[str, int] = {}
        self.detail_id: str | None = None
        self.detail_shown: str | None = None  # whose full detail the pane shows
        self.signature: object = None
        self.acting = 0  # actions sent to a worker and not yet answered
        self._settle_timer: Timer | None = None
        self._summary_timer: Timer | None = None

    @property
    def session(self) -> ReviewSession:
        return self.app.session  # type: ignore[attr-defined, no-any-return]

    # -- layout --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(self.TITLE_TEXT, id="summary")
        yield Static("", id="filters")
        yield Input(placeholder="search (enter to apply, esc to cancel)", id="search")
        with Vertical(id="main"):
            yield Rows(id="rows", cursor_type="row", zebra_stripes=False)
            with VerticalScroll(id="detail-scroll"):
                yield Static(Text("loading…", style="dim"), id="detail")
        yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#rows", DataTable)
        for key, width in self._widths().items():
            table.add_column("" if key == "mark" else key, key=key, width=width)
        table.focus()
        self._show_filters()
        self.reload()

    def _widths(self) -> dict[str, int]:
        """Column widths for the screen's width: the content column takes what is left
        (each column has one cell of padding on either side). Below 110 columns the id,
        source and flags columns narrow, so at 80 the content stays readable."""
        width = self.size.width
        wide = width >= 110
        widths = {
            "mark": 1,
            "id": 14 if wide else 10,
            "age": 4,
            "tier": 4,
            "source": 17 if wide else 9,
            "flags": 14 if wide else 8,
        }
        fixed = sum(widths.values()) + 2 * (len(widths) + 1) + 2  # + the scrollbar
        return {**widths, "content": max(20, width - fixed)}

    def on_resize(self) -> None:
        table = self.query_one("#rows", DataTable)
        for key, width in self._widths().items():
            column = table.columns.get(ColumnKey(key))
            if column is not None:
                column.width = width
        table.refresh()

    # -- filters ---------------------------------------------------------------

    def current_filter(self, limit: int | None = PAGE, offset: int = 0) -> MemoryFilter:
        return queue_filter(
            tiers=[self.tier] if self.tier else None,
            source_types=[self.source] if self.source else None,
            search=self.search,
            limit=limit,
            offset=offset,
            statuses=self.STATUSES,
        )

    def _show_filters(self) -> None:
        parts = [
            f"tier={self.tier.value if self.tier else 'all'} (t)",
            f"source={self.source.value if self.source else 'all'} (o)",
            f"flag={self.flag.value if self.flag else 'all'} (f)",
            f"search={self.search!r} (/)" if self.search else "search=— (/)",
        ]
        if self.marked:
            parts.append(f"marked={len(self.marked)}")
        self.query_one("#filters", Static).update(Text("  ".join(parts), style="dim"))

    def action_cycle_tier(self) -> None:
        order: list[TrustTier | None] = [None, *TrustTier]
        self.tier = order[(order.index(self.tier) + 1) % len(order)]
        self._filters_changed()

    def action_cycle_source(self) -> None:
        order: list[SourceType | None] = [None, *SourceType]
        self.source = order[(order.index(self.source) + 1) % len(order)]
        self._filters_changed()

    def action_cycle_flag(self) -> None:
        order: list[Flag | None] = [None, *self.FLAG_CHOICES]
        self.flag = order[(order.index(self.flag) + 1) % len(order)]
        self._filters_changed()

    def set_filter(
        self,
        *,
        tier: TrustTier | None = None,
        source: SourceType | None = None,
        flag: Flag | None = None,
        search: str | None = None,
    ) -> None:
        self.tier, self.source, self.flag, self.search = tier, source, flag, search
        self._filters_changed()

    def action_clear_filters(self) -> None:
        box = self.query_one("#search", Input)
        if box.has_class("shown"):
            box.remove_class("shown")
            self.query_one("#rows", DataTable).focus()
            return
        if self.tier or self.source or self.flag or self.search:
            self.set_filter()

    def action_search(self) -> None:
        box = self.query_one("#search", Input)
        box.add_class("shown")
        box.value = self.search or ""
        box.focus()

    @on(Input.Submitted, "#search")
    def _search_submitted(self, event: Input.Submitted) -> None:
        event.input.remove_class("shown")
        self.search = event.value.strip() or None
        self.query_one("#rows", DataTable).focus()
        self._filters_changed()

    def _filters_changed(self) -> None:
        self._show_filters()
        self.reload(keep_id=self.selected_id())

    # -- loading ---------------------------------------------------------------

    def selected_id(self) -> str | None:
        table = self.query_one("#rows", DataTable)
        if not self.items or table.cursor_row < 0 or table.cursor_row >= len(self.items):
            return None
        return self.items[table.cursor_row].memory.id

    def selected(self) -> QueueItem | None:
        mid = self.selected_id()
        return self.index.get(mid) if mid else None

    def action_reload(self) -> None:
        self.reload(keep_id=self.selected_id())

    def reload(self, keep_id: str | None = None) -> None:
        """Load from the top again, as many rows as are loaded now (at least a page)."""
        self.generation += 1
        table = self.query_one("#rows", DataTable)
        want = max(PAGE, len(self.items))
        self.loading_more = True
        self.load_rows(self.generation, 0, want, True, keep_id, max(0, table.cursor_row))

    @work(thread=True, exclusive=True, exit_on_error=False, group="rows")
    def load_rows(
        self,
        generation: int,
        offset: int,
        want: int,
        reset: bool,
        keep_id: str | None,
        keep_index: int,
    ) -> None:
        """Fetch pages until ``want`` rows pass the flag filter, or the store runs out."""
        worker = get_current_worker()
        found: list[QueueItem] = []
        exhausted = False
        # Resurrected text goes first, whatever its age (pending.first_items); the
        # same items are skipped when the queue's own pages reach them.
        first = self.session.first_page(self.current_filter(limit=None)) if offset == 0 else []
        self.shown_first = {i.memory.id for i in first} if offset == 0 else self.shown_first
        found.extend(i for i in first if self.flag is None or self.flag in i.flags)
        while len(found) < want:
            if worker.is_cancelled or generation != self.generation:
                return
            page = self.session.page(self.current_filter(limit=PAGE, offset=offset))
            offset += len(page)
            page = [i for i in page if i.memory.id not in self.shown_first]
            if self.flag is not None and self.flag not in CHEAP_FLAGS:
                for item in page:
                    item.flags |= self.session.store_flags(item.memory)
                    item.store_flags_known = True
            found.extend(i for i in page if self.flag is None or self.flag in i.flags)
            if len(page) < PAGE:
                exhausted = True
                break
        self.post_message(
            PageLoaded(generation, found, offset, exhausted, reset, keep_id, keep_index)
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="summary")
    def load_summary(self) -> None:
        self.post_message(SummaryLoaded(self.session.summary(self.current_filter(limit=None))))

    @on(PageLoaded)
    def _page_loaded(self, msg: PageLoaded) -> None:
        if msg.generation != self.generation:
            return
        table = self.query_one("#rows", DataTable)
        self.loading_more = False
        self.next_offset, self.exhausted = msg.next_offset, msg.exhausted
        if msg.reset:
            table.clear()
            self.items, self.index = [], {}
        new = [i for i in msg.items if i.memory.id not in self.index]
        self.items.extend(new)
        for item in new:
            self.index[item.memory.id] = item
        self.marked &= set(self.index)
        for item in new:
            table.add_row(*self._cells(item), key=item.memory.id)
        if msg.reset or self.flag is not None:  # under a flag filter the rows are the count
            if msg.reset:
                self._restore_cursor(msg.keep_id, msg.keep_index)
            # After the frame with the rows: the counts must not delay the first paint.
            self.call_after_refresh(self.load_summary)
        self._show_filters()
        self._settle()
        if not self.items:
            self.detail_id = None
            self.query_one("#detail", Static).update(Text(self.empty_text(), style="dim"))

    def empty_text(self) -> str:
        return "Nothing here." + (" (filters are on: esc clears them)" if self._filtering() else "")

    def _filtering(self) -> bool:
        return bool(self.tier or self.source or self.flag or self.search)

    def _cells(self, item: QueueItem) -> list[object]:
        m = item.memory
        return [
            Text("●", style="bold yellow") if m.id in self.marked else Text(" "),
            safe(m.id),
            Text(human_age(item.age_days), justify="right"),
            tier_badge(m.trust_tier),
            Text(m.source_type.value),
            flags_text(item.flags, pending_lookup=not item.store_flags_known),
            safe(m.content, 120),
        ]

    def _restore_cursor(self, keep_id: str | None, keep_index: int) -> None:
        table = self.query_one("#rows", DataTable)
        if not self.items:
            return
        row = keep_index
        if keep_id and keep_id in self.index:
            row = next(n for n, i in enumerate(self.items) if i.memory.id == keep_id)
        row = max(0, min(row, len(self.items) - 1))
        table.move_cursor(row=row, animate=False)
        self._selection_changed()

    @work(thread=True, exclusive=True, exit_on_error=False, group="flags")
    def load_flags(self, generation: int, pending_items: list[QueueItem]) -> None:
        """Duplicate/conflict flags need a few queries per item: filled in after paint."""
        worker = get_current_worker()
        chunk: dict[str, set[Flag]] = {}
        for item in pending_items:
            if worker.is_cancelled or generation != self.generation:
                return
            if item.store_flags_known:
                continue
            chunk[item.memory.id] = self.session.store_flags(item.memory)
            time.sleep(0.01)  # yield the GIL and the reader to the UI and detail loads
            if len(chunk) >= FLAG_CHUNK:
                self.post_message(FlagsLoaded(generation, chunk))
                chunk = {}
        if chunk:
            self.post_message(FlagsLoaded(generation, chunk))

    @on(FlagsLoaded)
    def _flags_loaded(self, msg: FlagsLoaded) -> None:
        if msg.generation != self.generation:
            return
        table = self.query_one("#rows", DataTable)
        for mid, flags in msg.flags.items():
            item = self.index.get(mid)
            if item is None:
                continue
            item.flags |= flags
            item.store_flags_known = True
            if mid in table.rows:
                table.update_cell(mid, "flags", flags_text(item.flags))

    @on(SummaryLoaded)
    def _summary_loaded(self, msg: SummaryLoaded) -> None:
        s = msg.summary
        if self.flag is not None:
            # The store counts by tier, source and text; a flag is judged per item here,
            # so under a flag filter the rows found are the count ("+": more to load).
            s = replace(
                s,
                total=len(self.items),
                by_tier=dict(Counter(i.memory.trust_tier.value for i in self.items)),
            )
        text = Text(self.TITLE_TEXT + "  ", style="bold")
        more = "+" if self.flag is not None and not self.exhausted else ""
        text.append(f"{s.total}{more} {self.count_noun()}", style="bold")
        if self.flag is not None:
            text.append(f" flagged {self.flag.value}", style="bold")
        if self.session.requests_open and self.STATUSES == (Status.PENDING,):
            text.append(f"  {self.session.requests_open} forget request(s) (g)", style="bold red")
        for tier in TrustTier:
            n = s.by_tier.get(tier.value)
            if n:
                text.append("  ")
                text.append_text(tier_badge(tier))
                text.append(f" {n}")
        if s.oldest_at and Status.PENDING in self.STATUSES:
            text.append_text(
                safe(f"   oldest {human_age(s.oldest_age_days)} ({s.oldest_at[:10]})", style="dim")
            )
            if s.stale:
                days = self.session.policy().get("stale_pending_days")
                text.append(f"   {s.stale} stale (> {days:g}d)", style="bold yellow")
        self.query_one("#summary", Static).update(text)

    def count_noun(self) -> str:
        return "pending"

    # -- selection and detail -------------------------------------------------

    @on(DataTable.RowHighlighted, "#rows")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._selection_changed()
        if (
            not self.exhausted
            and not self.loading_more
            and event.cursor_row >= len(self.items) - PREFETCH
        ):
            self.loading_more = True
            self.load_rows(self.generation, self.next_offset, PAGE, False, None, 0)

    def _flags_for_visible(self) -> None:
        """Duplicate/conflict checks cost queries and CPU: run them for the rows on
        screen (and a few below), not the whole loaded page, so the UI thread is not
        starved while a reviewer works."""
        table = self.query_one("#rows", DataTable)
        top = int(table.scroll_y)
        height = max(table.size.height, 10)
        window = self.items[top : top + height + 10]
        todo = [i for i in window if not i.store_flags_known]
        if todo:
            self.load_flags(self.generation, todo)

    def _selection_changed(self) -> None:
        mid = self.selected_id()
        if mid is None or mid == self.detail_id:
            return
        self.detail_id = mid
        self.detail_shown = None
        item = self.index[mid]
        # Never leave the previous item's detail up while this one's loads; one short
        # line keeps the keystroke's repaint cheap (the row shows the preview).
        self.shown_version[mid] = item.memory.version
        self.query_one("#detail", Static).update(safe(f"{mid}: loading the detail…", style="dim"))
        self._settle()

    def _settle(self) -> None:
        """Load the detail and the flags once the cursor rests (restarts the wait)."""
        if self._settle_timer is not None:
            self._settle_timer.stop()
        self._settle_timer = self.set_timer(SETTLE, self._settled, name="settle")

    def _settled(self) -> None:
        self._settle_timer = None
        if self.acting:
            self._settle()  # an action's write first; it is what the reviewer waits for
            return
        if self.detail_id is not None and self.detail_id != self.detail_shown:
            self.load_detail(self.detail_id)
        self._flags_for_visible()

    def schedule_summary(self) -> None:
        """Re-read the header counts once the reviewer pauses (not after every key)."""
        if self._summary_timer is not None:
            self._summary_timer.stop()
        self._summary_timer = self.set_timer(SUMMARY_SETTLE, self._summary_due, name="summary")

    def _summary_due(self) -> None:
        self._summary_timer = None
        if self.acting:
            self.schedule_summary()
        else:
            self.load_summary()

    @work(thread=True, exclusive=True, exit_on_error=False, group="detail")
    def load_detail(self, memory_id: str) -> None:
        worker = get_current_worker()
        item = self.index.get(memory_id)
        detail = self.session.detail(
            memory_id, cancelled=lambda: worker.is_cancelled, known=item.flags if item else None
        )
        if not worker.is_cancelled:
            self.post_message(DetailLoaded(memory_id, detail))

    def hold_background(self) -> None:
        """A key that acts: stop the detail and flag loads (they are computing for rows
        that are leaving) so the action's write and repaint do not queue behind them.
        The settle timer starts them again."""
        self.workers.cancel_group(self, "detail")
        self.workers.cancel_group(self, "flags")

    @on(DetailLoaded)
    def _detail_loaded(self, msg: DetailLoaded) -> None:
        if msg.memory_id != self.detail_id:
            return
        self.detail_shown = msg.memory_id
        pane = self.query_one("#detail", Static)
        if msg.detail is None:
            pane.update(safe(f"{msg.memory_id} is gone from the store.", style="bold red"))
            return
        before = self.shown_version.get(msg.memory_id)
        self.shown_version[msg.memory_id] = msg.detail.memory.version
        body = detail_renderable(msg.detail, self.session.now())
        if before is not None and before != msg.detail.memory.version:
            banner = Text(
                f"⚠ changed while listed (version {before} → {msg.detail.memory.version}): "
                "read it again",
                style="bold yellow",
            )
            pane.update(Group(banner, body))
        else:
            pane.update(body)

    def show_status(self, text: str, severity: str = "information") -> None:
        """The status line (and a notification for warnings and errors). ``text`` often
        quotes ids or store messages: shown revealed, never parsed as markup."""
        style = {"warning": "bold yellow", "error": "bold red"}.get(severity, "green")
        self.query_one("#status", Static).update(safe(text, STATUS_CHARS, style=style))
        if severity != "information":  # routine results stay in the status line
            self.notify(reveal(text), severity=severity, markup=False)  # type: ignore[arg-type]

    # -- refresh -----------------------------------------------------------------

    def check_store(self) -> None:
        """Has the store changed (the refresh timer)? Skipped while an action or a
        load is in flight: its own answer brings the list up to date."""
        if self.acting or self.loading_more:
            return
        self._check_store()

    @work(thread=True, exclusive=True, exit_on_error=False, group="refresh")
    def _check_store(self) -> None:
        sig = self.session.signature()
        if sig != self.signature:
            self.post_message(StoreChanged(sig))

    @on(StoreChanged)
    def _store_changed(self, msg: StoreChanged) -> None:
        if self.acting:
            return  # the action's answer carries a newer signature
        first = self.signature is None
        self.signature = msg.signature
        if not first and msg.signature is not None:
            self.detail_id = None  # re-read the selected item too
            self.reload(keep_id=self.selected_id())

    # -- errors ----------------------------------------------------------------

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is not WorkerState.ERROR:
            return
        err = event.worker.error
        if isinstance(err, MemauditError):
            self.show_status(err.message, "warning")
        else:
            self.app.push_screen(
                InfoModal(
                    "Unexpected error",
                    safe(f"{type(err).__name__}: {err}\n\nThe store was not changed by this."),
                )
            )
