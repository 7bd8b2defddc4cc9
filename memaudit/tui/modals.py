"""Modal screens: confirmations, the reject reason, the editor, key help, forget.

Titles name memories by their ids, which stores choose: every title is shown through
``tui.text.safe`` (a ``Text``, never markup), so an id like ``evil[/]`` is shown as it
is instead of crashing the prompt that would reject it.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static, TextArea

from memaudit.textsafety import reveal
from memaudit.tui.text import safe

TITLE_WIDTH = 200


def title_label(title: str) -> Label:
    return Label(safe(title, TITLE_WIDTH), id="dialog-title")


class ConfirmModal(ModalScreen[bool]):
    """Yes/no, with the consequences spelled out. Enter/y confirms, Esc/n cancels."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, title: str, body: RenderableType, yes: str = "Yes") -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield title_label(self.title_text)
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            with Horizontal(id="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="warning", id="yes")
                yield Button("Cancel (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class ReasonModal(ModalScreen[str | None]):
    """Asks why an item is rejected (the reason goes into the event log). ``check``
    returns why a reason is refused (it repeats the content: ``memaudit.reasons``);
    the prompt stays open with that message until the reason is fixed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, what: str, check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.what = what
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield title_label(f"Reject {self.what}")
            yield Static("Why? (recorded in the log; the content itself is removed)")
            yield Input(placeholder="reason, e.g. duplicate of q-active-tz", id="reason")
            yield Static("", id="reason-error", classes="error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Reject (enter)", variant="error", id="yes")
                yield Button("Cancel (esc)", id="no")

    def on_mount(self) -> None:
        self.query_one("#reason", Input).focus()

    @on(Input.Submitted, "#reason")
    @on(Button.Pressed, "#yes")
    def _submit(self) -> None:
        reason = self.query_one("#reason", Input).value.strip()
        if not reason:
            self.query_one("#reason-error", Static).update("A reason is required.")
            return
        problem = self.check(reason) if self.check else None
        if problem:
            self.query_one("#reason-error", Static).update(Text(problem))
            return
        self.dismiss(reason)

    @on(Button.Pressed, "#no")
    def action_cancel(self) -> None:
        self.dismiss(None)


class EditModal(ModalScreen[str | None]):
    """Edit a pending item's content, then approve it (ctrl+s). Esc cancels.

    The editor holds the content as the detail pane shows it: hidden and control
    characters as ``⟨NAME⟩`` markers (never raw in a widget), and what is saved is
    what the reviewer saw and edited.
    """

    BINDINGS = [
        Binding("ctrl+s", "save", "Save and approve", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, memory_id: str, content: str) -> None:
        super().__init__()
        self.memory_id = memory_id
        self.content = reveal(content)
        self.has_markers = self.content != content

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield title_label(f"Edit {self.memory_id}, then approve")
            if self.has_markers:
                yield Static(
                    "Hidden and control characters are shown as ⟨NAME⟩ markers and saved "
                    "as shown: delete a marker to drop the character."
                )
            yield TextArea(self.content, id="editor", soft_wrap=True, show_line_numbers=False)
            yield Static("", id="edit-error", classes="error")
            with Horizontal(id="dialog-buttons"):
                yield Button("Save and approve (ctrl+s)", variant="success", id="yes")
                yield Button("Cancel (esc)", id="no")

    def on_mount(self) -> None:
        self.query_one("#editor", TextArea).focus()

    @on(Button.Pressed, "#yes")
    def action_save(self) -> None:
        text = self.query_one("#editor", TextArea).text
        if not text.strip():
            self.query_one("#edit-error", Static).update("Content cannot be empty.")
            return
        if text == self.content:
            self.query_one("#edit-error", Static).update(
                "Unchanged: press esc, then a to approve as it is."
            )
            return
        self.dismiss(text)

    @on(Button.Pressed, "#no")
    def action_cancel(self) -> None:
        self.dismiss(None)


class InfoModal(ModalScreen[None]):
    """Read-only text (help, results); any of esc/q/enter closes it."""

    BINDINGS = [Binding("escape,q,enter,question_mark", "close", "Close")]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield title_label(self.title_text)
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            with Horizontal(id="dialog-buttons"):
                yield Button("Close (esc)", id="no")

    @on(Button.Pressed, "#no")
    def action_close(self) -> None:
        self.dismiss(None)


def help_body(sections: list[tuple[str, list[tuple[str, str]]]]) -> RenderableType:
    parts: list[RenderableType] = []
    for title, rows in sections:
        table = Table(title=title, title_justify="left", show_header=False, box=None)
        table.add_column("key", style="bold cyan", no_wrap=True, width=12)
        table.add_column("what")
        for key, what in rows:
            table.add_row(key, what)
        parts.append(table)
        parts.append(Text(""))
    return Group(*parts)
