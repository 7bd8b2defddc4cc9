"""Private scratch copies of a store's files, removed when the command ends.

SQLite cannot read a WAL-mode file whose ``-wal`` has no ``-shm`` beside it without
creating one — a write to the provider's folder. memaudit reads a copy instead. A copy
of a memory store is a copy of its secrets, so copies live only here:

- one private folder per process (``mkdtemp``: mode 0700, under ``$TMPDIR``), made on
  first use;
- only regular files are copied (a ``-wal`` that is a symlink, a FIFO or ``/dev/zero``
  is refused), each at most the size ``fstat`` gave when it was opened, and only when
  the temp folder has room for them;
- the same files are copied once per command, however many connections read them;
- ``cleanup()`` removes the folder: the CLI calls it when a command ends, whether it
  succeeded, failed or was interrupted (Ctrl-C); ``atexit`` is the backstop for
  library use;
- a ``SIGTERM`` (``kill``, a service manager, a CI timeout) would end the process
  without running either, so while a folder exists SIGTERM raises ``SystemExit(143)``
  instead (only where nobody else handles it, in the main thread): the same clean-up
  runs and an open write transaction rolls back.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from memaudit import confined
from memaudit.errors import Refused

_folder: Path | None = None
_copies: dict[tuple[tuple[int, int, int, int], ...], Path] = {}
_COPY_CHUNK = 1 << 20
# The SIGTERM handler this module replaced while a folder exists (None: it did not).
_replaced: Any = None
_TERMINATED = 128 + signal.SIGTERM  # the shell's exit status for "ended by SIGTERM"


def folder() -> Path:
    """This process's private scratch folder (created 0700 on first use)."""
    global _folder
    if _folder is None or not _folder.is_dir():
        _folder = Path(tempfile.mkdtemp(prefix="memaudit-"))
        os.chmod(_folder, 0o700)
        _catch_sigterm()
    return _folder


def active() -> Path | None:
    """The scratch folder if one was made (for tests and diagnostics)."""
    return _folder


def cleanup() -> None:
    """Remove every scratch copy this process made."""
    global _folder
    if _folder is not None:
        shutil.rmtree(_folder, ignore_errors=True)
    _folder = None
    _copies.clear()
    _release_sigterm()


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(_TERMINATED)


def _catch_sigterm() -> None:
    """Turn SIGTERM into SystemExit while copies exist, unless the host program (a
    server, the TUI's runtime) installed its own handler or this is not the main
    thread (where Python runs handlers)."""
    global _replaced
    if _replaced is not None or threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        return
    signal.signal(signal.SIGTERM, _terminated)
    _replaced = signal.SIG_DFL


def _release_sigterm() -> None:
    global _replaced
    if _replaced is None or threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is _terminated:
        signal.signal(signal.SIGTERM, _replaced)
    _replaced = None


atexit.register(cleanup)


@contextlib.contextmanager
def session() -> Iterator[None]:
    """Copies made inside the block are removed at its end, however it ends."""
    try:
        yield
    finally:
        cleanup()


def copy_files(files: Sequence[tuple[Path, str]], *, what: str = "store file") -> list[Path]:
    """Copy ``(source, name)`` pairs into one new folder under the scratch folder and
    return the copies' paths, in order. Sources must be regular files (not followed
    when they are symlinks); each copy holds at most the size its source had when
    opened. The same unchanged sources give the same copies again."""
    opened: list[tuple[int, os.stat_result, str]] = []
    try:
        for src, name in files:
            # Never follow a link: a -wal linked to /dev/zero or to a file elsewhere.
            fd, st = confined.open_regular(src, root=None, follow=False, verb=f"copy {what}")
            opened.append((fd, st, name))
        key = tuple((st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns) for _, st, _ in opened)
        if key in _copies and _copies[key].is_dir():
            return [_copies[key] / name for _, _, name in opened]
        base = folder()
        total = sum(st.st_size for _, st, _ in opened)
        free = shutil.disk_usage(base).free
        if total > free:
            raise Refused(
                f"cannot read {files[0][0]}: reading it needs a private copy of "
                f"{total:,} bytes and the temp folder ({base.parent}) has {free:,} free"
            )
        dest = Path(tempfile.mkdtemp(dir=base))
        out = []
        for fd, st, name in opened:
            target = dest / name
            _copy_bounded(fd, target, st.st_size)
            out.append(target)
        _copies[key] = dest
        return out
    finally:
        for fd, _, _ in opened:
            os.close(fd)


def _copy_bounded(src_fd: int, target: Path, size: int) -> None:
    out = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        left = size
        while left > 0:
            chunk = os.read(src_fd, min(_COPY_CHUNK, left))
            if not chunk:
                break
            os.write(out, chunk)
            left -= len(chunk)
    finally:
        os.close(out)
