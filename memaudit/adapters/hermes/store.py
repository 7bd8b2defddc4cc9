"""Reading a HERMES_HOME: MEMORY.md and USER.md entries, the staged writes, the
provider's configuration and every layer that can hold a memory."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from memaudit import confined
from memaudit.adapters.hermes.transcripts import transcript_layers
from memaudit.adapters.support import file_probe, sqlite_probe
from memaudit.adapters.support.foreign import (
    PendingRecord,
    enabled,
    read_pending,
    read_yaml,
    settings,
)
from memaudit.adapters.support.listing import filter_memories
from memaudit.fingerprint import normalize
from memaudit.ledger.columns import typed_memory
from memaudit.model import Memory, MemoryFilter, SourceType, Status
from memaudit.store import Capability, Layer, Needle, Residue, Store

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
    except UnicodeDecodeError as exc:
        # Bytes that are not UTF-8 (Hermes itself could not read them): listed with
        # U+FFFD where they were, so the rest of the file is still audited; never
        # rewritten, since writing the decoded text back would change those bytes.
        if strict:
            raise confined.Unsafe(
                f"{path} is not UTF-8 text (byte {exc.start}); memaudit will not rewrite it"
            ) from None
        return confined.read_text(path, root=root, errors="replace")


def is_hermes_home(path: Path) -> bool:
    mem = path / "memories"
    return (mem / "MEMORY.md").is_file() or (mem / "USER.md").is_file()


def _memory_file_home(path: Path) -> Path | None:
    """The HERMES_HOME of a path naming one of its memory files, else None."""
    if path.name not in ("MEMORY.md", "USER.md") or path.parent.name != "memories":
        return None
    home = path.parent.parent
    return home if path.is_file() and is_hermes_home(home) else None


class HermesFiles(Store):
    """A HERMES_HOME read: its entries, staged writes, configuration and layers (the
    approval queue's write path is ``HermesStore``, in ``queue``)."""

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
        memory = Memory(
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
        return typed_memory(memory)  # a pending record's JSON holds any type

    def memories(self, flt: MemoryFilter | None = None) -> list[Memory]:
        mapped = self._entry_memories() + [self._pending_memory(r) for r in self.pending_records()]
        return filter_memories(mapped, flt)

    def provider_config(self) -> dict[str, Any]:
        out = settings(read_yaml(self.config_path), ["memory"], self.config_path, CONFIG_DEFAULTS)
        gate = out.get("memory.write_approval")
        if gate is not None:  # absent when config.yaml could not be read
            gate["value"] = enabled(gate["value"])  # Hermes' own reading of the value
        return out

    def limit(self, target: str) -> tuple[int | None, str]:
        """Hermes' character limit for a memory file, and why it is unknown when it is:
        ``config.yaml`` is there but was not read (said once on stderr), or sets the
        limit to something that is not a whole number. Hermes' default applies only when
        the file is absent or does not set it."""
        config = read_yaml(self.config_path)
        if config.unread is not None:
            return None, f"{self.config_path.name} was not read: see the warning"
        found = (config.data or {}).get("memory")
        section: dict[str, Any] = found if isinstance(found, dict) else {}
        key = LIMIT_KEYS[target]
        value = section.get(key, DEFAULT_LIMITS[target])
        try:  # True is not 1 character, nor is 3.5 a limit
            if not isinstance(value, bool) and isinstance(value, int | str):
                return int(value), ""
        except ValueError:
            pass
        return None, f"memory.{key} in {self.config_path.name} is not a whole number"

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
