"""A second process for ``find`` over a whole large store (``memaudit conflicts``): the
machine's other core computes the features of half of the distinct texts. It is
forked, so it starts with the memories already read; only results come back, pickled
through a pipe. The candidates are the one-process search's, byte for byte
(``tests/core/test_conflicts_parallel.py``).

Forked only where that is safe and pays: on Linux, from a process with one thread (a
fork copies only the thread that calls it: a lock another thread holds would stay
held in the child), on a machine with more than one CPU, and for at least
``PARALLEL_MIN_MEMORIES`` memories (below that a second process costs more than it
saves). ``MEMAUDIT_CONFLICTS_WORKERS=1`` keeps the search in one process.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any

PARALLEL_MIN_MEMORIES = 50_000
WORKERS_ENV = "MEMAUDIT_CONFLICTS_WORKERS"


class ChildFailed(RuntimeError):
    """The forked process could not give its part (the search then does it here)."""


def workers_for(n: int, requested: int | None) -> int:
    """How many processes a search over ``n`` memories uses: 1 or 2. ``requested``: the
    caller's choice (None: 2 when forking is safe and pays, see the module's note)."""
    if requested is None:
        env = os.environ.get(WORKERS_ENV, "").strip()
        if env.isdigit():
            requested = int(env)
        elif n < PARALLEL_MIN_MEMORIES or (os.cpu_count() or 1) < 2:
            return 1
        else:
            requested = 2
    if requested < 2 or not can_fork():
        return 1
    return 2


def can_fork() -> bool:
    """Whether forking this process is safe: Linux, and no thread but this one."""
    return sys.platform.startswith("linux") and threading.active_count() == 1


class Child:
    """``work()`` run in a forked process; ``result()`` is what it returned. The child
    may also be asked for more (``ask``): ``work`` receives a function that waits for
    the parent's question and returns it (None when the parent asks nothing more),
    and a function that sends an answer before ``work`` returns."""

    def __init__(
        self,
        work: Callable[[Callable[[], Any], Callable[[Any], None]], Any],
        *,
        room: int = 0,
    ) -> None:
        """``room``: bytes of questions the parent may send ahead of the child's reading
        (the pipe's capacity, best effort: Linux keeps 64 KiB unless asked)."""
        up_r, up_w = os.pipe()  # child → parent: pickled answers, each length-prefixed
        down_r, down_w = os.pipe()  # parent → child: pickled questions
        if room:
            import fcntl

            with contextlib.suppress(OSError, AttributeError):  # a smaller pipe only waits
                fcntl.fcntl(down_w, fcntl.F_SETPIPE_SZ, room)
        pid = os.fork()
        if pid == 0:  # the child: never returns to the caller's code
            code = 1
            try:
                os.close(up_r)
                os.close(down_w)
                out = os.fdopen(up_w, "wb")
                inbox = os.fdopen(down_r, "rb")

                def send(value: Any) -> None:
                    _write(out, ("ok", value))

                def receive() -> Any:
                    return _read(inbox)

                try:
                    result = work(receive, send)
                except BaseException as e:  # noqa: BLE001 (reported to the parent)
                    _write(out, ("error", f"{type(e).__name__}: {e}"))
                else:
                    _write(out, ("ok", result))
                    code = 0
                out.close()
            finally:
                os._exit(code)
        os.close(up_w)
        os.close(down_r)
        self.pid = pid
        self._in = os.fdopen(up_r, "rb")
        self._out = os.fdopen(down_w, "wb")
        self._done = False

    def receive(self) -> Any:
        """The child's next answer (``ChildFailed`` if it failed)."""
        try:
            status, value = _read(self._in)
        except (EOFError, OSError, pickle.UnpicklingError) as e:
            raise ChildFailed(f"the second process ended without an answer ({e})") from e
        if status != "ok":
            raise ChildFailed(value)
        return value

    def ask(self, question: Any) -> None:
        _write(self._out, question)

    def pipe(self) -> int:
        """The file descriptor the child's answers arrive on (to wait on or widen)."""
        return self._in.fileno()

    def close(self) -> None:
        """Tell the child nothing more is asked, and wait for it to end."""
        if self._done:
            return
        self._done = True
        with contextlib.suppress(OSError):  # it has ended already
            _write(self._out, None)
        for f in (self._out, self._in):
            with contextlib.suppress(OSError):
                f.close()
        os.waitpid(self.pid, 0)

    def __enter__(self) -> Child:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if kind is not None and not self._done:
            # Interrupted or failed here: the child's part is not wanted any more.
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
        self.close()


def _write(out: Any, value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(len(data).to_bytes(8, "little"))
    out.write(data)
    out.flush()


def _read(inbox: Any) -> Any:
    head = inbox.read(8)
    if len(head) < 8:
        raise EOFError("no more data")
    size = int.from_bytes(head, "little")
    data = inbox.read(size)
    if len(data) < size:
        raise EOFError("cut short")
    return _Unpickler(io.BytesIO(data)).load()


class _Unpickler(pickle.Unpickler):
    """What the other process sends, and nothing else: plain values (tuples, lists,
    dicts, sets, strings, numbers) and the two classes of a change statement. The pipe
    is this process's own, but no class is looked up by a name the bytes give (the
    package never unpickles freely: ``tests/adapters/test_safety.py``)."""

    ALLOWED = frozenset(
        {("memaudit.change_statements", "ChangeStatement"), ("memaudit.change_statements", "Kind")}
    )

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self.ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not read from the other process")
        return super().find_class(module, name)
