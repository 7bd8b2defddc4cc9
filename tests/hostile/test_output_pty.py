"""Under a real pseudo-terminal, nothing from a hostile store reaches the terminal raw.

Runs ``memaudit review`` over the hostile corpus, drives every screen with keys (the
detail pane, help, the reject and edit prompts, an approval and its status line, the
HID confirmation, a bulk approval, the memories screen, trace, the forget plan) and
CLI commands, then scans every byte written to the terminal (``terminal_problems``):
no store-borne escape sequence, no clipboard/title/link sequence at all, no C1, bidi
or invisible character.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile import corpus_output as corpus
from tests.hostile.output_checks import Terminal, run_in_terminal, terminal_problems

DOWN, UP, ESCAPE, ENTER = "\x1b[B", "\x1b[A", "\x1b", "\r"


def _env(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("MEMAUDIT_") and k not in ("COLUMNS", "LINES")
    }
    env.update(
        TERM="xterm-256color",
        MEMAUDIT_HOME=str(tmp_path / "memaudit-home"),
        # The reviewer's own name is hostile too (MEMAUDIT_ACTOR comes from anywhere).
        MEMAUDIT_ACTOR=corpus.ACTOR,
        MEMAUDIT_NOW=corpus.NOW,
    )
    return env


def _review(tmp_path: Path, store: str, keys: list[str | tuple[str, str]]) -> bytes:
    db = corpus.copy_store(store, tmp_path)
    term = Terminal(["--db", str(db), "review", "--refresh", "0"], _env(tmp_path), tmp_path)
    try:
        assert term.wait_for("Review queue"), bytes(term.output)[-2000:]
        term.settle()
        for key in keys:
            if isinstance(key, tuple):  # (key, text to wait for after it)
                term.press(key[0])
                assert term.wait_for(key[1]), key
                term.settle()
            else:
                term.press(key)
        term.press("q")
    finally:
        code = term.close()
    assert code == 0, bytes(term.output)[-3000:]
    return bytes(term.output)


def test_review_screens_over_the_native_corpus(tmp_path: Path) -> None:
    # Queue order: h-hidden (flagged INJ: it leads), then oldest first: h-child, h-source,
    # evil[/], esc…, h-resting.
    out = _review(
        tmp_path,
        "native",
        [
            ("?", "Keys"),
            ESCAPE,
            # h-hidden: INJ and HID; a one-key approve asks first
            ("a", "It is flagged INJ, HID"),
            "n",
            DOWN,
            DOWN,
            DOWN,  # evil[/]: its reject prompt used to crash
            ("r", "Reject evil[/]"),
            *"duplicate",
            ENTER,
            ("e", "Save and approve"),  # the next item (an id full of escapes)
            ESCAPE,
            ("a", "approved esc"),  # the status line names that id
            " ",
            UP,
            UP,
            UP,
            " ",  # h-resting and h-hidden marked; h-resting rests on h-source, pending
            ("a", "still pending"),
            "n",
            ("m", "Memories"),
            ENTER,  # trace of the active parent (an id full of escapes)
            ESCAPE,
            ("d", "from every layer"),
            "n",
        ],
    )
    assert terminal_problems(out) == []
    text = out.decode("utf-8", "replace")
    assert "⟨ESC⟩" in text and "⟨RLO⟩" in text  # shown, as markers


def test_review_screens_over_hermes_pending_file_names(tmp_path: Path) -> None:
    out = _review(
        tmp_path,
        "hermes",
        [
            *[DOWN] * 4,  # the first record whose file name is hostile (after Hermes' four)
            ("r", "Reject"),
            *"spam",
            ENTER,  # Hermes refuses such an id: the warning quotes it
            DOWN,
            ("e", "Save and approve"),
            ESCAPE,
            ("m", "Memories"),
            ENTER,
            ESCAPE,
        ],
    )
    assert terminal_problems(out) == []
    assert "⟨ESC⟩" in out.decode("utf-8", "replace")


CLI_COMMANDS = {
    "native": [
        ["ls"],
        ["show", corpus.PARENT_ID],
        ["show", corpus.ESC_ID],
        ["log"],
        ["review", "--list"],
        ["trace", corpus.PARENT_ID],
        ["trace", corpus.PARENT_ID, "--format", "dot"],
        ["trace", corpus.PARENT_ID, "--format", "mermaid"],
        ["forget", corpus.PARENT_ID, "--dry-run"],
        ["verify", "--content", "deploy key"],
        ["audit"],
        ["ls", "--json"],
    ],
    "hermes": [["ls"], ["review", "--list"], ["show", corpus.HERMES_IDS[0]]],
    "langgraph": [
        ["show", "users.alice.memories/pref-concise"],
        ["show", f"users.alice.memories/{corpus.LANGGRAPH_ITEM}"],
        ["verify", "--content", "deploy key"],
        ["trace", f"users.alice.memories/{corpus.LANGGRAPH_ITEM}", "--format", "dot"],
    ],
    "mem0": [["log"], ["show", "eb601dcc-5332-4cb0-8507-474711ddd74e"], ["log", "--json"]],
}


@pytest.mark.parametrize("store", sorted(CLI_COMMANDS))
def test_cli_commands_on_a_terminal(store: str, tmp_path: Path) -> None:
    db = corpus.copy_store(store, tmp_path)
    env = _env(tmp_path)
    for argv in CLI_COMMANDS[store]:
        code, out = run_in_terminal(["--db", str(db), *argv], env, tmp_path)
        assert code in (0, 3, 4, 6), (argv, code, out[-2000:])  # 6: no lineage here
        assert terminal_problems(out) == [], argv
        assert b"internal error" not in out, argv
