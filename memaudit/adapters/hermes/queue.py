"""The approval queue's write path: approve, reject and edit staged writes exactly as
Hermes' own ``/memory approve|reject`` does (same substring matching, delimiter,
character limits and lock file), writing only through ``confined`` (no symlinks,
nothing outside the folder); memaudit's record of each decision goes to the sidecar."""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from memaudit import confined, faults
from memaudit.adapters.hermes.store import (
    DELIMITER,
    FILES,
    HermesFiles,
    _read_text,
    entry_id,
    join_entries,
    split_entries,
)
from memaudit.adapters.support.foreign import (
    PendingRecord,
    pending_path,
)
from memaudit.errors import (
    Conflict,
    InvalidInput,
    MemauditError,
    NotFound,
    Refused,
    StoreBusy,
    Unsupported,
)
from memaudit.model import Memory, Status


class HermesStore(HermesFiles):
    """A HERMES_HOME with its approval queue."""

    def _record(self, memory_id: str) -> PendingRecord:
        path = pending_path(self.pending_dir, memory_id)
        if not path.is_file():
            raise NotFound(f"no pending record {memory_id!r} in {self.pending_dir}")
        for rec in self.pending_records():
            if rec.path.name == path.name:
                return rec
        raise InvalidInput(f"pending record {path} is not readable JSON")

    def _check_writable(self) -> None:
        if not self.writable:
            raise Refused(f"{self.location} was opened read-only")

    def approve(
        self,
        memory_id: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
        promote: bool = False,
    ) -> Memory:
        self._check_writable()
        rec = self._record(memory_id)
        if expected_version not in (None, 1):
            raise Conflict(f"{memory_id} is at version 1, not {expected_version}")
        if rec.shape != "hermes":
            raise Unsupported(
                f"{memory_id} was staged by the {rec.raw.get('provider') or 'unknown'} "
                f"provider ({rec.action or 'no tool'}), not by Hermes' memory tool: apply it "
                "with that provider (for Mnemosyne: mnemosyne_apply_pending); "
                "`memaudit reject` can still drop it"
            )
        memory = self._pending_memory(rec)
        staged_at = rec.raw.get("created_at")
        # Order: write the file (the commit point), record it, then drop the record. A
        # run killed after the record was made finishes here without writing again.
        if self._already_approved(memory_id, staged_at):
            self._drop_record(rec)
            memory.status = Status.ACTIVE
            return memory
        entry = self.apply(rec.payload)
        faults.point("hermes.replaced")
        self._log(
            "approve",
            memory_id,
            detail={
                "action": rec.action,
                "target": rec.target,
                "entry_id": entry,
                "applied_to": str(self.path_for(rec.target).relative_to(self.home)),
                "store": "hermes",
                "staged_at": staged_at,
            },
            actor=actor,
        )
        faults.point("hermes.logged")
        self._drop_record(rec)  # Hermes deletes the record once applied
        memory.status = Status.ACTIVE
        if entry:
            memory.extra["entry id"] = entry
        return memory

    def approve_many(
        self,
        items: Sequence[tuple[str, int | None]],
        *,
        actor: str | None = None,
        promote: bool = False,
    ) -> list[Memory]:
        # Check every id first so a typo applies nothing; the writes themselves are one
        # file replace each (as in Hermes), applied in the order given.
        for mid, _ in items:
            self._record(mid)
        done: list[Memory] = []
        for mid, version in items:
            try:
                done.append(self.approve(mid, expected_version=version, actor=actor))
            except MemauditError as exc:
                if done:
                    applied = ", ".join(m.id for m in done)
                    exc.args = (f"{exc.message} (already applied: {applied})",)
                raise
        return done

    def reject(
        self,
        memory_id: str,
        reason: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> None:
        self._check_writable()
        rec = self._record(memory_id)
        if expected_version not in (None, 1):
            raise Conflict(f"{memory_id} is at version 1, not {expected_version}")
        self._drop_record(rec)  # Hermes keeps no record of a rejection...
        self._log(  # ...memaudit does, in its sidecar, without the content
            "reject",
            memory_id,
            reason=reason,
            detail={"action": rec.action, "target": rec.target, "shape": rec.shape},
            actor=actor,
        )

    def reject_many(
        self, items: Sequence[tuple[str, int | None]], reason: str, *, actor: str | None = None
    ) -> None:
        for mid, _ in items:
            self._record(mid)
        self.check_reason([mid for mid, _ in items], reason, what="rejected")
        for mid, version in items:
            self.reject(mid, reason, expected_version=version, actor=actor)

    def edit(
        self,
        memory_id: str,
        content: str,
        *,
        expected_version: int | None = None,
        actor: str | None = None,
    ) -> Memory:
        raise Unsupported(
            "Hermes pending records cannot be edited (Hermes replays them as staged); "
            "reject it and let the agent stage a corrected write"
        )

    def _drop_record(self, rec: PendingRecord) -> None:
        """Delete a pending record inside ``pending/<subsystem>/`` (never through a
        symlinked folder)."""
        parts = rec.path.parent.relative_to(self.home).parts
        with confined.Folder(self.home, *parts) as folder:
            folder.unlink(rec.path.name)

    def _already_approved(self, memory_id: str, staged_at: Any) -> bool:
        """Did an earlier run apply and record this very record, then die before
        deleting it?"""
        from memaudit.sidecar import open_sidecar

        ledger = open_sidecar(self.location, readonly=True)
        if ledger is None:
            return False
        with ledger:
            return any(
                e.detail.get("staged_at") == staged_at and e.detail.get("store") == "hermes"
                for e in ledger.events(memory_id=memory_id, actions=["approve"])
            )

    def _log(
        self,
        action: str,
        memory_id: str,
        *,
        reason: str | None = None,
        detail: dict[str, Any],
        actor: str | None,
    ) -> None:
        from memaudit.sidecar import open_sidecar

        kwargs: dict[str, Any] = {}
        if self.clock is not None:
            kwargs["clock"] = self.clock
        if actor or self.actor:
            kwargs["actor"] = actor or self.actor
        ledger = open_sidecar(self.location, **kwargs)
        assert ledger is not None  # created on first write
        with ledger, ledger.transaction():
            ledger.log(action, memory_id, reason=reason, detail=detail)

    # -- applying a staged write, as Hermes' MemoryStore does -----------------

    @contextlib.contextmanager
    def lock(self, target: str) -> Iterator[confined.Folder]:
        """Hermes' lock: an exclusive flock on ``<file>.lock``; wait, then say who holds it.

        Yields the ``memories/`` folder, held by descriptor: every file the write makes
        there (lock, drift copy, temporary file, the replace) goes through it, so a
        symlink planted at any of those names is refused, never followed."""
        path = self.path_for(target)
        lock_name = path.name + ".lock"
        deadline = time.monotonic() + self.lock_timeout
        with confined.Folder(self.home, path.parent.name, create=True) as folder:
            fd = folder.open_lock(lock_name)
            try:
                while True:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() >= deadline:
                            raise StoreBusy(
                                f"{path.parent / lock_name} is locked by another process "
                                f"(Hermes writing its memory?); waited {self.lock_timeout:g}s "
                                "— try again"
                            ) from None
                        # Short, jittered tries: Hermes' writers wait in the kernel's queue
                        # and re-take the lock at once; a 50 ms poller starved behind two
                        # busy writers for the whole timeout (reliability suite).
                        time.sleep(random.uniform(0.0005, 0.003))
                try:
                    yield folder
                finally:
                    fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)

    def _check_drift(self, target: str, limit: int, folder: confined.Folder) -> None:
        """Hermes refuses to rewrite a file edited outside its tool, saving a copy first."""
        path = self.path_for(target)
        raw = _read_text(path, self.home, strict=True)
        if not raw.strip():
            return
        parsed = [e.strip() for e in raw.split(DELIMITER) if e.strip()]
        too_long = max((len(e) for e in parsed), default=0) > limit
        if raw.strip() == DELIMITER.join(parsed) and not too_long:
            return
        drifted = (
            f"{path} was edited outside Hermes' memory tool (it does not round-trip as "
            f"§-separated entries); like Hermes, memaudit left it unchanged"
        )
        try:
            # A new file, never an existing name: a symlink planted at the likely
            # name is skipped over, not written through.
            bak = folder.create_unique(f"{path.name}.bak.{int(time.time())}", raw.encode())
        except (OSError, confined.Unsafe) as exc:
            reason = exc.message if isinstance(exc, confined.Unsafe) else exc.strerror
            raise Conflict(f"{drifted}, and could not save a copy of it ({reason})") from None
        raise Conflict(f"{drifted} and saved a copy to {bak}")

    def _write(self, target: str, entries: list[str], folder: confined.Folder) -> None:
        """Atomic replace via a ``.mem_*.tmp`` file in the same folder, fsynced."""
        name = self.path_for(target).name
        folder.replace(name, join_entries(entries).encode(), prefix=".mem_", suffix=".tmp")

    @staticmethod
    def _over_limit(target: str, limit: int, entries: list[str]) -> None:
        total = len(join_entries(entries))
        if total > limit:
            raise Refused(
                f"{FILES[target]} would hold {total:,}/{limit:,} characters, over Hermes' "
                "limit; nothing was written (remove or shorten entries first)"
            )

    @staticmethod
    def _match(entries: list[str], old_text: str) -> int:
        matches = [i for i, e in enumerate(entries) if old_text in e]
        if not matches:
            raise Conflict(f"No entry matched {old_text!r}; the pending record stays")
        if len({entries[i] for i in matches}) > 1:
            raise Conflict(
                f"Multiple entries matched {old_text!r}. Be more specific; the pending record stays"
            )
        return matches[0]

    def apply(self, payload: dict[str, Any]) -> str | None:
        """Replay a staged Hermes write; returns the id of the entry written (if any).

        Raises (and writes nothing) where Hermes would return an error; Hermes'
        prompt-injection scanner is not re-run: the reviewer approving is the check.
        """
        action = payload.get("action")
        target = "user" if payload.get("target") == "user" else "memory"
        content = str(payload.get("content") or "").strip()
        old_text = str(payload.get("old_text") or "").strip()
        if action not in ("add", "replace", "remove", "batch"):
            raise Unsupported(f"unknown staged action {action!r}")
        if action == "add" and not content:
            raise InvalidInput("the staged add has empty content")
        if action in ("replace", "remove") and not old_text:
            raise InvalidInput("old_text cannot be empty")
        if action == "replace" and not content:
            raise InvalidInput("new content cannot be empty (a remove would delete it)")
        # Every action depends on Hermes' limit (add, replace, batch: the new size; remove
        # and the others: an over-long entry is drift): unknown, nothing is written.
        limit, unknown = self.limit(target)
        if limit is None:
            raise Refused(
                f"Hermes' character limit for {FILES[target]} is unknown ({unknown}), so "
                "memaudit cannot check this write as Hermes would; nothing was written and "
                "the pending record stays"
            )
        with self.lock(target) as folder:
            if action != "add":  # appending never clobbers, so Hermes skips the drift check
                self._check_drift(target, limit, folder)
            # Strict: a memory file that cannot be read safely is never replaced.
            entries = split_entries(_read_text(self.path_for(target), self.home, strict=True))
            if action == "add":
                if content in entries:
                    return entry_id(target, content)  # exact duplicate: success, no change
                entries.append(content)
            elif action == "replace":
                if content in entries and not any(old_text in e for e in entries):
                    # Already in place (a run killed after writing the file): no change.
                    return entry_id(target, content)
                entries[self._match(entries, old_text)] = content
            elif action == "remove":
                entries.pop(self._match(entries, old_text))
                content = ""
            else:
                entries = self._batch(entries, payload.get("operations") or [])
                content = ""
            if action != "remove":  # Hermes checks the limit on add, replace and batch
                self._over_limit(target, limit, entries)
            self._write(target, entries, folder)
        return entry_id(target, content) if content else None

    def _batch(self, entries: list[str], operations: list[Any]) -> list[str]:
        if not operations:
            raise InvalidInput("the staged batch has no operations")
        working = list(entries)
        for n, op in enumerate(operations, 1):
            op = op if isinstance(op, dict) else {}
            act = op.get("action")
            content = str(op.get("content") or "").strip()
            old_text = str(op.get("old_text") or "").strip()
            where = f"operation {n} ({act or 'unknown'})"
            if act == "add":
                if not content:
                    raise InvalidInput(f"{where}: content is required")
                if content not in working:
                    working.append(content)
            elif act in ("replace", "remove"):
                if not old_text:
                    raise InvalidInput(f"{where}: old_text is required")
                if act == "replace" and not content:
                    raise InvalidInput(f"{where}: content is required")
                try:
                    idx = self._match(working, old_text)
                except Conflict as exc:
                    raise Conflict(f"{where}: {exc.message}") from None
                if act == "replace":
                    working[idx] = content
                else:
                    working.pop(idx)
            else:
                raise InvalidInput(f"{where}: unknown action")
        return working
