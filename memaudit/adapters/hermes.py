"""Hermes agent built-in memory: a ``HERMES_HOME`` folder.

``memories/MEMORY.md`` (the agent's notes) and ``memories/USER.md`` (the user profile)
hold plain entries separated by ``"\\n§\\n"``: no ids, timestamps, authors or sources.
memaudit gives each entry a stable id from its file and normalized content. With
``memory.write_approval`` on, Hermes stages writes in ``pending/memory/<id>.json``;
memaudit lists them as pending memories and approves or rejects them the way Hermes'
own ``/memory approve|reject`` does — same substring matching, delimiter, character
limits and lock file — while its own record of the decision goes to the sidecar ledger,
never into ``HERMES_HOME``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from memaudit import confined, faults
from memaudit.adapters import file_probe, sqlite_probe
from memaudit.adapters.base import Adapter, Capability, Layer, Needle, Residue, Store
from memaudit.adapters.foreign import (
    PendingRecord,
    enabled,
    filter_memories,
    pending_path,
    read_pending,
    read_yaml,
    settings,
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
from memaudit.fingerprint import normalize
from memaudit.model import Memory, MemoryFilter, SourceType, Status

DELIMITER = "\n§\n"
FILES = {"memory": "MEMORY.md", "user": "USER.md"}
DEFAULT_LIMITS = {"memory": 2200, "user": 1375}
LIMIT_KEYS = {"memory": "memory_char_limit", "user": "user_char_limit"}
SCOPES = {"memory": "agent notes (MEMORY.md)", "user": "user profile (USER.md)"}
DEFAULT_LOCK_TIMEOUT = 10.0
# Hermes' defaults for the settings `memaudit questions` asks about (hermes_cli.config).
CONFIG_DEFAULTS = {
    "memory_enabled": True,
    "user_profile_enabled": True,
    "write_approval": False,
    "memory_char_limit": 2200,
    "user_char_limit": 1375,
    "provider": "",
}
MISSING = [
    "source (who stated it)",
    "timestamps",
    "native ids (memaudit derives them from file + content)",
    "lineage",
    "access counts",
    "confidence",
]


def entry_id(target: str, content: str) -> str:
    """Stable id of an entry: Hermes has none, so hash its file and normalized text."""
    key = f"{target}:{normalize(content)}".encode()
    return "h_" + hashlib.blake2b(key, digest_size=6).hexdigest()


def split_entries(raw: str) -> list[str]:
    """Hermes' reading: split on the delimiter, strip, drop empties, keep first duplicate."""
    if not raw.strip():
        return []
    entries = [e.strip() for e in raw.split(DELIMITER)]
    return list(dict.fromkeys(e for e in entries if e))


def join_entries(entries: list[str]) -> str:
    return DELIMITER.join(entries) if entries else ""


def _read_text(path: Path, root: Path, *, strict: bool = False) -> str:
    """A memory file's text, universal newlines like Hermes (so what we compare is what
    it compares). Read through ``confined``: a file that is a FIFO, a device, too large
    or a symlink out of the store is skipped (noted) when listing, and refused
    (``strict``) before a write that would replace it."""
    try:
        return confined.read_text(path, root=root)
    except FileNotFoundError:
        return ""
    except confined.Unsafe as exc:
        if strict:
            raise
        confined.note_skipped(exc.message)
        return ""


def is_hermes_home(path: Path) -> bool:
    mem = path / "memories"
    return (mem / "MEMORY.md").is_file() or (mem / "USER.md").is_file()


def _memory_file_home(path: Path) -> Path | None:
    """The HERMES_HOME of a path naming one of its memory files, else None."""
    if path.name not in ("MEMORY.md", "USER.md") or path.parent.name != "memories":
        return None
    home = path.parent.parent
    return home if path.is_file() and is_hermes_home(home) else None


class HermesStore(Store):
    adapter_name = "hermes"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.QUEUE, Capability.LAYERS})

    def __init__(
        self,
        home: Path,
        *,
        writable: bool = False,
        clock: Any = None,
        actor: str | None = None,
        lock_timeout: float | None = None,
    ) -> None:
        super().__init__(str(home), writable=writable)
        self.home = home
        self.clock = clock
        self.actor = actor
        self.lock_timeout = DEFAULT_LOCK_TIMEOUT if lock_timeout is None else lock_timeout
        self.pending_dir = home / "pending" / "memory"
        self.config_path = home / "config.yaml"

    # -- reading -------------------------------------------------------------

    def path_for(self, target: str) -> Path:
        return self.home / "memories" / FILES["user" if target == "user" else "memory"]

    def entries(self, target: str) -> list[str]:
        return split_entries(_read_text(self.path_for(target), self.home))

    def _entry_memories(self) -> list[Memory]:
        out = []
        for target, name in FILES.items():
            for pos, content in enumerate(self.entries(target), 1):
                out.append(
                    Memory(
                        id=entry_id(target, content),
                        content=content,
                        source_type=SourceType.UNKNOWN,
                        scope=SCOPES[target],
                        source_ref=f"memories/{name}#{pos}",
                        extra={"file": f"memories/{name}", "entry": pos},
                        missing=list(MISSING),
                    )
                )
        return out

    def pending_records(self) -> list[PendingRecord]:
        records, problems = read_pending(self.pending_dir, root=self.home)
        for problem in problems:
            confined.note_skipped(problem)
        return records

    def _pending_memory(self, rec: PendingRecord) -> Memory:
        payload = rec.payload
        extra: dict[str, Any] = {"pending file": str(rec.path.relative_to(self.home))}
        source = SourceType.UNKNOWN
        if rec.shape == "hermes":
            action = rec.action
            extra |= {"action": action, "target": rec.target, "origin": rec.raw.get("origin")}
            if action == "batch":
                ops = payload.get("operations") or []
                content = "\n".join(
                    f"{(op or {}).get('action')}: "
                    + str((op or {}).get("content") or (op or {}).get("old_text") or "")
                    for op in ops
                )
            elif action == "remove":
                content = str(payload.get("old_text") or "")
                extra["removes entries containing"] = content
            else:
                content = str(payload.get("content") or "")
                if payload.get("old_text"):
                    extra["replaces entries containing"] = payload.get("old_text")
            # The background review is the model's own unprompted pass over the
            # conversation: what it stages is model output.
            if rec.raw.get("origin") == "background_review":
                source = SourceType.REFLECTION
        else:
            from memaudit.adapters.mnemosyne import source_type_of

            content = str(payload.get("content") or "")
            source = source_type_of(payload.get("source"), payload.get("veracity"), None)
            extra |= {
                "provider": rec.raw.get("provider"),
                "tool": rec.action,
                "veracity": payload.get("veracity"),
            }
        return Memory(
            id=rec.id,
            content=content,
            source_type=source,
            status=Status.PENDING,
            summary=rec.raw.get("summary"),
            created_at=rec.created_at,
            scope=SCOPES.get(rec.target) if rec.shape == "hermes" else payload.get("scope"),
            source_ref=str(rec.path.relative_to(self.home)),
            extra={k: v for k, v in extra.items() if v is not None},
            missing=["source (who stated it)", "lineage"],
        )

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        mapped = self._entry_memories() + [self._pending_memory(r) for r in self.pending_records()]
        return filter_memories(mapped, flt)

    def provider_config(self) -> dict[str, Any]:
        data = read_yaml(self.config_path)
        out = settings(data, ["memory"], self.config_path, CONFIG_DEFAULTS)
        gate = out["memory.write_approval"]
        gate["value"] = enabled(gate["value"])  # Hermes' own reading of the value
        return out

    def limit(self, target: str) -> int:
        data = read_yaml(self.config_path) or {}
        found = data.get("memory")
        section: dict[str, Any] = found if isinstance(found, dict) else {}
        try:
            return int(section.get(LIMIT_KEYS[target], DEFAULT_LIMITS[target]))
        except (TypeError, ValueError):
            return DEFAULT_LIMITS[target]

    # -- layers --------------------------------------------------------------

    def layers(self) -> list[Layer]:
        """Every place Hermes keeps memory text: the two files, their side copies, the
        staged records, and the session transcripts (which its memory delete never
        touches)."""
        home = self.home
        mem_dir = home / "memories"

        def probe_files(needle: Needle) -> list[Residue]:
            out = []
            ids = set(needle.ids)
            texts = sqlite_probe.needle_texts(needle)
            for target, name in FILES.items():
                for pos, content in enumerate(self.entries(target), 1):
                    where = f"memories/{name} entry {pos}"
                    if entry_id(target, content) in ids:
                        out.append(Residue("memory files", where, "id"))
                    for text in texts:
                        how = sqlite_probe.text_match(text, content)
                        if how:
                            out.append(Residue("memory files", where, how))
                            break
            return out

        def side_copies() -> list[Path]:
            if not mem_dir.is_dir():
                return []
            return sorted(
                confined.walk_files(
                    mem_dir,
                    lambda p: ".bak." in p.name or p.name.startswith(".mem_"),
                    prune=lambda p: True,
                )
            )

        def pending_files() -> list[Path]:
            folder = home / "pending"
            if not folder.is_dir():
                return []
            return sorted(
                confined.walk_files(
                    folder, lambda p: p.name.endswith((".json", ".json.tmp")), max_depth=1
                )
            )

        out = [
            Layer(
                "memory files",
                "rows",
                "memories/MEMORY.md and USER.md, entry by entry",
                probe_files,
            ),
            file_probe.text_files_layer(
                "side copies",
                side_copies,
                home,
                description="memories/*.bak.<ts> drift snapshots and .mem_*.tmp leftovers",
            ),
            file_probe.json_files_layer(
                "pending records",
                pending_files,
                home,
                description="pending/<subsystem>/*.json staged writes (Hermes deletes a "
                "record only when it is approved or rejected)",
            ),
        ]
        state = home / "state.db"
        if state.is_file():
            out += transcript_layers(state)
        return out

    # -- the approval queue --------------------------------------------------

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

    def _check_drift(self, target: str, folder: confined.Folder) -> None:
        """Hermes refuses to rewrite a file edited outside its tool, saving a copy first."""
        path = self.path_for(target)
        raw = _read_text(path, self.home, strict=True)
        if not raw.strip():
            return
        parsed = [e.strip() for e in raw.split(DELIMITER) if e.strip()]
        too_long = max((len(e) for e in parsed), default=0) > self.limit(target)
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

    def _over_limit(self, target: str, entries: list[str]) -> None:
        total, limit = len(join_entries(entries)), self.limit(target)
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
        with self.lock(target) as folder:
            if action != "add":  # appending never clobbers, so Hermes skips the drift check
                self._check_drift(target, folder)
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
                self._over_limit(target, entries)
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


MESSAGE_TEXT = [
    "content",
    "tool_calls",
    "reasoning",
    "reasoning_content",
    "reasoning_details",
    "codex_reasoning_items",
    "codex_message_items",
    "api_content",
]


def transcript_layers(db: Path) -> list[Layer]:
    """``state.db``: messages (text and tool-call arguments), session titles and system
    prompts, the FTS5 indexes over messages (word and trigram) with their content
    copies, and the file's raw bytes."""
    names = file_probe.table_set(db)
    out: list[Layer] = []
    if "messages" in names:
        out.append(
            sqlite_probe.column_layer(
                "transcripts",
                db,
                "messages",
                text_columns=file_probe.present_columns(db, "messages", MESSAGE_TEXT),
                key_column="id",
                kind="transcripts",
                description="state.db messages: what was said, and tool-call arguments",
            )
        )
    if "sessions" in names:
        cols = file_probe.present_columns(db, "sessions", ["title", "system_prompt"])
        if cols:
            out.append(
                sqlite_probe.column_layer(
                    "transcript sessions",
                    db,
                    "sessions",
                    text_columns=cols,
                    key_column="id",
                    kind="transcripts",
                    description="state.db sessions: titles and system prompts (which embed "
                    "the memory files at session start)",
                )
            )
    for table in sorted(names):
        if not table.endswith("_content") or table[: -len("_content")] + "_data" not in names:
            continue
        fts = table[: -len("_content")]
        cols = [c for c in file_probe.present_columns(db, table, ["c0", "c1", "c2"])]
        out.append(
            sqlite_probe.column_layer(
                f"transcript index copy {fts}",
                db,
                table,
                text_columns=cols,
                key_column="id",
                kind="fts",
                description=f"state.db {table}: the FTS5 table's own copy of the text",
            )
        )
    conn = None
    try:
        conn = sqlite_probe.connect_ro(db)
        fts_tables = sqlite_probe.fts5_tables(conn)
        sql = {
            r[0]: (r[1] or "")
            for r in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        }
    except Exception:
        fts_tables, sql = [], {}
    finally:
        if conn is not None:
            conn.close()
    for fts in fts_tables:
        if "trigram" in sql.get(fts, "").lower():
            out.append(file_probe.trigram_layer(f"transcript index {fts}", db, fts))
        else:
            out.append(sqlite_probe.fts5_layer(f"transcript index {fts}", db, fts))
    out.append(sqlite_probe.raw_bytes_layer("transcript raw bytes", [db]))
    return out


class HermesAdapter(Adapter):
    name = "hermes"
    description = (
        "Hermes agent built-in memory: a HERMES_HOME folder (memories/MEMORY.md, USER.md, "
        "pending/memory/*.json approval queue, state.db transcripts)"
    )
    capabilities = HermesStore.capabilities
    tested_against = (
        "HERMES_HOME folders written by hermes-agent 0.19.0 (tests/fixtures/providers/hermes)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            path = Path(location)
            if _memory_file_home(path) is not None:
                return 0.6  # memories/MEMORY.md or USER.md itself
            if not path.is_dir():
                return 0.0
            if is_hermes_home(path):
                return 0.9
            if path.name == "memories" and is_hermes_home(path.parent):
                return 0.6
            return 0.0
        except OSError:
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> HermesStore:
        path = Path(location).expanduser()
        path = _memory_file_home(path) or path  # accept memories/MEMORY.md or USER.md
        if path.name == "memories" and is_hermes_home(path.parent):
            path = path.parent  # accept the memories/ folder itself
        if not path.is_dir():
            from memaudit.errors import NotAStore

            raise NotAStore(f"{location}: a Hermes store is a HERMES_HOME folder")
        return HermesStore(
            path,
            writable=writable,
            clock=options.get("clock"),
            actor=options.get("actor"),
            lock_timeout=options.get("lock_timeout"),
        )
