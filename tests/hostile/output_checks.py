"""What the output tests look for, and a real pseudo-terminal to run memaudit in.

``terminal_problems`` reads what a program wrote to its terminal the way a terminal
would: escape sequences (the UI's own: colours, cursor moves, modes) apart from text.
A store-borne sequence is recognised by the marker every attack carries
(``corpus_output.attack``) or by the exact bytes the attack used; C1 controls, bidi
and invisible characters must not appear at all.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from tests.hostile.corpus_output import MARKER, MARKER_B64

# Escape sequences as a terminal parses them: CSI, OSC (ended by BEL or ST), DCS/APC/PM
# strings, and the two-character ones.
_SEQUENCE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]"
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|[P_^][^\x1b]*(?:\x1b\\)?"
    r"|.)",
    re.S,
)
# Sequences only an attack writes (memaudit and Textual never do): clipboard, window
# title, hyperlinks, and the attack's own colour (colour before blink, an order Rich
# never writes).
_FORBIDDEN_PREFIXES = ("\x1b]52;", "\x1b]0;", "\x1b]2;", "\x1b]8;", "\x1b[31;5m")


def hidden_text(text: str) -> list[str]:
    """Characters a terminal would obey or hide, other than line ends: C0 and C1
    controls, DEL, bidi and other format characters, separators."""
    return sorted(
        {
            f"U+{ord(ch):04X}"
            for ch in text
            if ch not in "\r\n\t" and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")
        }
    )


def terminal_problems(output: bytes) -> list[str]:
    """Everything in ``output`` that came from a store and reached the terminal raw."""
    text = output.decode("utf-8", "surrogateescape")
    problems = []
    for match in _SEQUENCE.finditer(text):
        seq = match.group(0)
        if MARKER in seq or MARKER_B64 in seq:
            problems.append(f"store-borne escape sequence {seq[:60]!r}")
        elif seq.startswith(_FORBIDDEN_PREFIXES):
            problems.append(f"forbidden escape sequence {seq[:60]!r}")
    rest = _SEQUENCE.sub("", text)
    problems += [f"raw {name} in the text" for name in hidden_text(rest)]
    return problems


# -- a pseudo-terminal ------------------------------------------------------------------

ROWS, COLUMNS = 40, 120
BLINK_BYTES = 4096


class Terminal:
    """``memaudit ARGS`` on a real pseudo-terminal: keys in, every byte out recorded."""

    def __init__(self, args: Sequence[str], env: dict[str, str], cwd: Path) -> None:
        self.output = bytearray()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: memaudit itself, on the terminal's slave side
            try:
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "memaudit", *args], env)
            finally:
                os._exit(127)
        import fcntl

        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.alive = True

    def read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while self.alive and time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                data = b""
            if not data:
                self.alive = False
            self.output.extend(data)

    def settle(self, quiet: float = 0.6, limit: float = 15.0) -> None:
        """Read until the screen stops changing for ``quiet`` seconds (or ``limit``
        passes). A blinking cursor repaints one line twice a second; a redraw after a
        key writes tens of kilobytes."""
        end = time.monotonic() + limit
        while self.alive and time.monotonic() < end:
            before = len(self.output)
            self.read(quiet)
            if len(self.output) - before < BLINK_BYTES:
                return

    def wait_for(self, text: str, limit: float = 30.0) -> bool:
        end = time.monotonic() + limit
        while self.alive and time.monotonic() < end:
            if text.encode() in self.output:
                return True
            self.read(0.1)
        return text.encode() in self.output

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.fd, key.encode())
            self.settle()

    def close(self, wait: float = 10.0) -> int:
        """Wait up to ``wait`` seconds for the program to end, then stop it."""
        self.read(wait)
        if self.alive:
            os.kill(self.pid, signal.SIGTERM)
            self.read(3.0)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def run_in_terminal(args: Sequence[str], env: dict[str, str], cwd: Path) -> tuple[int, bytes]:
    """A command that ends by itself, run on a pseudo-terminal."""
    term = Terminal(args, env, cwd)
    return term.close(wait=120.0), bytes(term.output)
