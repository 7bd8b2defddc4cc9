"""The Textual application behind `memaudit review`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.segment import Segment
from textual.app import App
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.filter import LineFilter

from memaudit.textsafety import reveal
from memaudit.tui.commands import ReviewCommands
from memaudit.tui.listing import ListScreen
from memaudit.tui.memories import MemoriesScreen
from memaudit.tui.modals import InfoModal, help_body
from memaudit.tui.queue import QueueScreen
from memaudit.tui.render import FLAG_LABEL, FLAG_MEANING, FLAG_ORDER
from memaudit.tui.requests import RequestsScreen
from memaudit.tui.session import ReviewSession

HELP = [
    (
        "Review queue",
        [
            ("a", "approve the selected item (or the marked ones, after a confirmation)"),
            ("r", "reject, with a reason (the content is removed; a tombstone stays)"),
            ("e", "edit the content, then approve (the edit is recorded)"),
            ("p", "promote a derived item (a model conclusion accepted by a person)"),
            ("s", "skip: leave it for later"),
            ("u", "undo the last action of this session"),
            ("space", "mark / unmark for a bulk approve or reject"),
            ("m", "switch to the memories screen"),
            ("g", "agents' forget requests (memaudit mcp): forget, or dismiss the request"),
        ],
    ),
    (
        "Memories",
        [
            ("enter", "trace: what the memory was built from"),
            ("d", "forget it (shows the blast radius first, then verifies every layer)"),
            ("m", "back to the review queue"),
        ],
    ),
    (
        "Forget requests",
        [
            ("d", "grant: forget the memory (the request goes with it)"),
            ("x", "dismiss the request, with a reason (the memory stays)"),
            ("g", "back to the review queue"),
        ],
    ),
    (
        "Every screen",
        [
            ("/", "full-text search (enter applies, esc cancels)"),
            ("t / o / f", "filter by tier / source type / flag (press again to cycle)"),
            ("esc", "clear the filters"),
            ("home / end", "first / last row loaded"),
            ("ctrl+r", "reload from the store (it also refreshes itself every few seconds)"),
            ("ctrl+p", "command palette: every action by name"),
            ("?", "this help"),
            ("q", "quit"),
        ],
    ),
    (
        "Flags",
        [
            *((FLAG_LABEL[flag][0], FLAG_MEANING[flag]) for flag in FLAG_ORDER),
            ("…", "duplicate / conflict check still running"),
        ],
    ),
]


class RevealFilter(LineFilter):
    """The last line of the output boundary: what Textual is about to draw.

    Screens hand store text to widgets through ``tui.text.safe`` (markers, never
    markup). This filter sees every line of every widget just before it becomes
    terminal output and reveals any hidden or control character still in a text
    segment, so one missed call cannot let a stored ``ESC ]52`` or a bidi override
    through; it drops links (the review screens draw none: a link could only come from
    store text read as markup). Textual's own escape sequences are written later and are
    not touched. The line keeps its width (a marker that does not fit is cut).
    """

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(_drawable(seg) for seg in segments):
            return segments
        width = Segment.get_line_length(segments)
        out = [seg if _drawable(seg) else _neutralised(seg) for seg in segments]
        return list(Segment.adjust_line_length(out, width))


def _drawable(seg: Segment) -> bool:
    return bool(seg.control) or (
        seg.text.isprintable() and not (seg.style is not None and seg.style.link)
    )


def _neutralised(seg: Segment) -> Segment:
    style = seg.style.clear_meta_and_links() if seg.style and seg.style.link else seg.style
    return Segment(reveal(seg.text, keep_newlines=False), style)


class ReviewApp(App[None]):
    """Review pending writes; browse, trace and forget active memories."""

    CSS_PATH = "review.tcss"
    TITLE = "memaudit review"
    COMMANDS = App.COMMANDS | {ReviewCommands}
    MODES: ClassVar = {
        "queue": QueueScreen,
        "memories": MemoriesScreen,
        "requests": RequestsScreen,
    }
    DEFAULT_MODE = "queue"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit", id="quit"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("g", "switch_mode('requests')", "Forget requests", show=False, id="requests"),
    ]

    def __init__(self, session: ReviewSession, *, refresh_interval: float | None = 2.0) -> None:
        super().__init__()
        self.session = session
        self.refresh_interval = refresh_interval
        self._reveal = RevealFilter()

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), self._reveal]

    def on_mount(self) -> None:
        if self.refresh_interval:
            self.set_interval(self.refresh_interval, self._tick)

    def on_unmount(self) -> None:
        self.session.close()

    def _tick(self) -> None:
        screen = self.screen
        if isinstance(screen, ListScreen):
            screen.check_store()

    def action_help(self) -> None:
        self.push_screen(InfoModal("Keys", help_body(HELP)))
