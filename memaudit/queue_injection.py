"""The review queue's injection check for a listing (``review --list``), answered by a
second, forked process while the listing compares its items with the active memories.

The check of a long queue is a third of a listing's CPU at 200k (the engine's import
included), and the comparisons need the store while the check needs nothing but each
item's text and provenance: on a machine with a second CPU the two overlap. The answer
is ``pending.injection_of``'s for each item, whichever process computes it.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Sequence
from typing import Any

from memaudit import pending
from memaudit.model import Memory, SourceType
from memaudit.policy import Policy

# A listing of at least this many items checks them for injected instructions in a
# second, forked process (``InjectionCheck``): below it the store comparisons are too
# short for the other process's own engine import to hide behind them.
PARALLEL_MIN_ITEMS = 500
WORKERS_ENV = "MEMAUDIT_REVIEW_WORKERS"  # 1: one process; 2: fork whatever the size
# Pages sent ahead while the other process still imports the engine (a page of 500
# items of the 200k store is 66 KB pickled, a pipe holds 64 KB unless widened: a full
# pipe would stop this process until the other reads).
QUESTIONS_ROOM = 1 << 20


def _forks(items: int) -> bool:
    """Whether a listing that checks ``items`` items (0: it has nothing to do meanwhile)
    forks for it."""
    from memaudit.conflicts import parallel

    env = os.environ.get(WORKERS_ENV, "").strip()
    if items <= 0:
        return False
    if env.isdigit():
        wanted = int(env) > 1
    else:
        wanted = items >= PARALLEL_MIN_ITEMS and _idle_cpu()
    return wanted and parallel.can_fork()


def _idle_cpu() -> bool:
    """Whether a CPU is partly free for the other process: a second CPU, and a load (the
    last minute's average) below the CPU count. Measured at 200k on 2 CPUs (first
    listing, one process against forked): at a load of 1.0-1.4 6.08 / 5.30 s, and with
    the engine's tables kept 5.44 / 3.37 s; with a CPU-bound process beside it (load
    1.2-1.8) 8.02 / 6.34 s and 7.71 / 6.91 s, once even (6.51 / 6.69 s). At a load of 2
    to 7 the two processes share the busy CPUs: the listing took as long or up to 2.0 s
    longer with the second process, and 0.05-1.0 s more CPU."""
    cpus = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average to read: only the CPU count decides
        load = 0.0
    return cpus > 1 and load < cpus


# What ``injection_of`` reads of an item, in plain values (the other process unpickles
# nothing else): text, source type, source reference, derived, speaker.
Asked = tuple[str, str, "str | None", bool, "str | None"]


def _asked(memory: Memory) -> Asked:
    extra = memory.extra
    # The speaker as ``injection.from_memory`` reads it (``test_review_list_parallel``
    # compares the two provenances).
    role = extra.get("role") or extra.get("author_type") if extra else None
    speaker = None if role is None else str(role)
    return (
        memory.content,
        memory.source_type.value,
        memory.source_ref,
        bool(memory.derived),
        speaker,
    )


def _rebuilt(asked: Asked) -> Memory:
    """A memory ``injection_of`` reads as it reads the one ``asked`` came from."""
    text, source_type, ref, derived, speaker = asked
    extra = {} if speaker is None else {"author_type": speaker}
    return Memory("", text, SourceType(source_type), source_ref=ref, derived=derived, extra=extra)


class InjectionCheck:
    """Which items of a listing ``injection_of`` flags, asked a page at a time (``ask``)
    and answered in the same order (``answer``: one bool per item). Verdicts an earlier
    listing kept (``injection.verdicts``, ``remember``) answer their items without the
    engine; the others are checked. For a listing of at least ``PARALLEL_MIN_ITEMS``
    items, where forking is safe (``conflicts.parallel``: on Linux, one thread) and a
    CPU is idle (``_idle_cpu``), a process forked at the first page with an item to
    check imports the engine and answers while this one compares the items with the
    active memories; elsewhere, or once that process fails, each page is checked here
    when its answer is read. The same function (``injection_of``) answers either way."""

    def __init__(self, policy: Policy, items: int, *, remember: bool = True) -> None:
        """``items``: how many items the listing checks while it has other work (0: it
        has none, so no process is forked); ``remember``: verdicts kept across listings
        are read and written."""
        from memaudit.conflicts import parallel
        from memaudit.injection.assessment import Thresholds
        from memaudit.injection.verdicts import Verdicts

        self.policy = policy
        self._items = items
        # Asked, not answered yet (oldest first): each page's items, their keys, the
        # verdicts kept for them, and the indices of the items left to check.
        self._pages: list[tuple[list[Memory], list[bytes], dict[bytes, bool], list[int]]] = []
        self._child: parallel.Child | None = None
        self._forked = False  # whether a process was forked (or tried) for this listing
        self._signals: pending.TextSignals = {}  # each text's, in whichever process checks
        th = Thresholds.from_policy(policy)
        self.verdicts = Verdicts.open((th.flag, th.medium, th.high), enabled=remember)

    @property
    def checking(self) -> bool:
        """Whether another process checks this listing's items (forked, not failed)."""
        return self._child is not None

    def _work(self, receive: Any, send: Any) -> None:
        """The forked process: each page's answer, until the parent asks nothing more."""
        while (page := receive()) is not None:
            send([self._flagged(_rebuilt(a)) for a in page])

    def ask(self, page: Sequence[Memory]) -> None:
        memories = list(page)
        asked = [_asked(m) for m in memories]
        kept = self.verdicts
        keys = [kept.key(a) for a in asked] if kept.conn is not None else []
        known = kept.known(keys) if keys else {}
        todo = [k for k in range(len(memories)) if not keys or keys[k] not in known]
        self._pages.append((memories, keys, known, todo))
        if not todo:
            return
        if not self._forked:  # the first page with an item to check
            self._forked = True
            self._fork()
        if self._child is not None:
            try:
                self._child.ask([asked[k] for k in todo])
            except (OSError, ValueError, TypeError, AttributeError, pickle.PicklingError):
                # The process is gone, or an item holds what does not pickle: this page
                # and the rest are checked here (where the same item fails as it would).
                self._stop()

    def _fork(self) -> None:
        from memaudit.conflicts import parallel

        if _forks(self._items):
            try:
                self._child = parallel.Child(self._work, room=QUESTIONS_ROOM)
            except OSError:
                self._child = None

    def answer(self) -> list[bool]:
        """Whether each item of the oldest page not answered yet is flagged."""
        memories, keys, known, todo = self._pages.pop(0)
        checked = self._checked([memories[k] for k in todo]) if todo else []
        if keys:
            self.verdicts.keep((keys[k], hit) for k, hit in zip(todo, checked, strict=True))
            out = [known.get(key, False) for key in keys]
        else:
            out = [False] * len(memories)
        for k, hit in zip(todo, checked, strict=True):
            out[k] = hit
        return out

    def _checked(self, page: list[Memory]) -> list[bool]:
        """The verdicts of ``page``'s items (the ones no earlier listing kept)."""
        from memaudit.conflicts import parallel

        if self._child is not None:
            try:
                found = self._child.receive()
            except parallel.ChildFailed:
                self._stop()
            else:
                if (
                    isinstance(found, list)
                    and len(found) == len(page)
                    and all(isinstance(f, bool) for f in found)
                ):
                    return found
                self._stop()  # not an answer: this page and the rest are checked here
        return [self._flagged(m) for m in page]

    def _flagged(self, memory: Memory) -> bool:
        """``injection_of``'s answer, each text's signals found once per listing."""
        return pending.injection_of(memory, self.policy, seen=self._signals) is not None

    def _stop(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.__exit__(RuntimeError, None, None)  # killed: its answers are not read

    def close(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.close()
        self.verdicts.close()

    def __enter__(self) -> InjectionCheck:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.__exit__(kind, *exc)
        # Verdicts computed before a failure are as true as any: written all the same.
        self.verdicts.close()
