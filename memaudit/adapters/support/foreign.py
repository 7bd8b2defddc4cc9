"""Small helpers shared by the adapters of foreign stores (Hermes, Mnemosyne, Holographic).

Reading someone else's SQLite file must not change it: ``open_ro`` goes through
``sqlite_probe.connect_ro``, which picks the open mode that leaves no trace. Staged-write records (``pending/memory/*.json``) are read
here too, because Hermes core and the Mnemosyne plugin both write them under the same
``HERMES_HOME`` in two different shapes.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from memaudit import confined, storejson, storejson5
from memaudit.adapters.support import sqlite_probe
from memaudit.clock import store_time
from memaudit.errors import MemauditError, NotAStore, Refused


def open_ro(path: Path) -> sqlite3.Connection:
    """Open a foreign SQLite file read-only, leaving nothing beside it (the rules are in
    ``sqlite_probe.connect_ro``); rows come back as ``sqlite3.Row``."""
    try:
        conn = sqlite_probe.connect_ro(path)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        raise NotAStore(f"{path}: cannot read it as SQLite ({exc})") from None
    conn.row_factory = sqlite3.Row
    return conn


def tables(conn: sqlite3.Connection) -> set[str]:
    """Tables only, never views (see ``sqlite_probe.table_names``)."""
    return sqlite_probe.table_names(conn)


def sqlite_tables(path: Path) -> set[str]:
    """Table names of a SQLite file, or an empty set; never raises (for ``detect``)."""
    if not path.is_file() or not sqlite_probe.looks_like_sqlite(path):
        return set()
    try:
        conn = open_ro(path)
    except Refused as exc:  # e.g. a -wal linked to /dev/zero: say why, if nothing opens it
        confined.note_skipped(exc.message)
        return set()
    except MemauditError:
        return set()
    try:
        return tables(conn)
    except sqlite3.Error:
        return set()
    finally:
        conn.close()


def require_columns(rows: list[dict[str, Any]], table: str, columns: set[str], what: str) -> None:
    """Refuse, in one clear line, a table that lacks columns the mapping reads (another
    version of the provider, or a damaged file) instead of failing on the first row."""
    if rows:
        missing = sorted(columns - set(rows[0]))
        if missing:
            raise NotAStore(
                f"{what}: table {table} has no column {', '.join(missing)} — a layout "
                "memaudit does not know (another version, or a damaged file)"
            )


def as_number(value: Any) -> float | None:
    """A stored value (an application's ``importance: 8``, a ``confidence_score``) as a
    finite number, or None when it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except (ValueError, OverflowError):  # OverflowError: an integer past a float's range
        return None
    return number if number == number and abs(number) != float("inf") else None


def as_int(value: Any, default: int = 0) -> int:
    """A count or key from a foreign row; garbage (text, blobs, NULL) gives ``default``:
    one odd row must not stop `ls` (the reliability fuzzer feeds such rows)."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return default


# -- staged writes (pending/memory/<id>.json) ----------------------------------

# Hermes names pending records with 8 hex characters (uuid4().hex[:8]); anything that
# could leave the folder (slashes, dots, ...) is refused before a path is built.
_PENDING_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_PENDING_BYTES = 4 * 1024 * 1024  # one staged write; Hermes' files hold a few KB


def pending_path(folder: Path, pending_id: str) -> Path:
    """The record file of ``pending_id`` inside ``folder``; refuses ids that escape it."""
    if not _PENDING_ID.fullmatch(pending_id):
        raise Refused(
            f"refusing pending id {pending_id!r}: ids are letters, digits, '-' or '_' "
            "(nothing that could name a file outside the pending folder)"
        )
    path = folder / f"{pending_id}.json"
    if path.resolve().parent != folder.resolve():
        raise Refused(f"refusing pending id {pending_id!r}: it resolves outside {folder}")
    return path


@dataclass(slots=True)
class PendingRecord:
    """One staged write, in either shape.

    Hermes core: ``{id, subsystem, action, summary, origin, created_at, payload{action,
    target, content, old_text | operations}}``. Mnemosyne plugin: ``{id, subsystem,
    provider, tool, payload{tool, content, source, veracity, ...}, summary, created_at}``.
    """

    id: str
    path: Path
    shape: str  # "hermes" or "mnemosyne" (or "unknown")
    raw: dict[str, Any]
    payload: dict[str, Any] = field(default_factory=dict)

    @property
    def action(self) -> str:
        if self.shape == "hermes":
            return str(self.payload.get("action") or self.raw.get("action") or "")
        return str(self.raw.get("tool") or self.payload.get("tool") or "")

    @property
    def target(self) -> str:
        return str(self.payload.get("target") or "memory")

    @property
    def created_at(self) -> str | None:
        return store_time(self.raw.get("created_at"))


def read_pending(
    folder: Path, *, root: Path | None = None
) -> tuple[list[PendingRecord], list[str]]:
    """Every readable record in ``folder`` (oldest first, like Hermes) and the problems
    met (unreadable files are reported, not fatal). Files are read through ``confined``
    inside ``root`` (the store; default ``folder``): a FIFO, a device, a symlink out of
    the store or an oversized file is a problem, never a hang or a read elsewhere."""
    records: list[PendingRecord] = []
    problems: list[str] = []
    if not folder.is_dir():
        return records, problems
    base = root or folder
    for path in sorted(folder.glob("*.json")):
        try:
            raw = storejson.loads(confined.read_text(path, root=base, limit=MAX_PENDING_BYTES))
        except confined.Unsafe as exc:
            problems.append(exc.message)
            continue
        except (OSError, ValueError, RecursionError) as exc:
            problems.append(f"{path}: unreadable ({type(exc).__name__})")
            continue
        if not isinstance(raw, dict):
            problems.append(f"{path.name}: not a JSON object")
            continue
        found = raw.get("payload")
        payload: dict[str, Any] = found if isinstance(found, dict) else {}
        if "provider" in raw or "tool" in raw:
            shape = "mnemosyne"
        elif "action" in raw or "action" in payload:
            shape = "hermes"
        else:
            shape = "unknown"
        records.append(
            PendingRecord(id=path.stem, path=path, shape=shape, raw=raw, payload=payload)
        )

    def order(r: PendingRecord) -> float:
        value = r.raw.get("created_at")
        return float(value) if isinstance(value, int | float) else 0.0

    records.sort(key=order)
    return records, problems


# -- a provider's settings file (Hermes' config.yaml, a settings.json) -------------------

MAX_CONFIG_BYTES = 4 * 1024 * 1024  # a settings file larger than this is not read (said)


class Config(NamedTuple):
    """A provider's configuration (YAML or JSON) as read: its mapping (``{}`` for an empty file),
    or ``None`` when the file is absent (the provider's defaults apply) or was not read
    (``unread`` says why: then nothing is said about its settings, not even defaults)."""

    data: dict[str, Any] | None
    unread: str | None = None


def read_yaml(path: Path) -> Config:
    """A provider's YAML configuration (never raises). A file that is there but cannot be
    read as a mapping is said once, on stderr, and claims nothing."""
    from memaudit import storeyaml  # PyYAML: only needed for foreign configs

    return _read_config(path, storeyaml.mapping, path.parent)


def read_json(path: Path, *, root: Path | None = None, inside: bool = True) -> Config:
    """A provider's JSON settings file (``settings.json``, ``config.json``), as
    ``read_yaml``: absent is ``Config(None)`` (the provider's defaults apply); there but
    not a readable JSON object (not JSON, too deep, a list, a link out of ``root``, a
    folder) is said once on stderr and claims nothing. ``root`` defaults to the file's
    folder; ``inside=False`` reads a file the user named, wherever it links."""
    return _read_config(path, storejson.mapping, (root or path.parent) if inside else None)


def read_json5(path: Path) -> Config:
    """OpenClaw's ``openclaw.json`` (JSON5, read as OpenClaw reads it: ``storejson5``), as
    ``read_json``: absent is ``Config(None)``; there but not a readable JSON5 object (not
    JSON5, a key twice, a number JavaScript cannot hold, too deep, a list) is said once on
    stderr and claims nothing."""
    return _read_config(path, storejson5.mapping, path.parent)


def _read_config(path: Path, parse: Callable[[bytes], dict[str, Any]], root: Path | None) -> Config:
    try:  # through ``confined``, as every file of a store: no FIFO, link out or 1 GB file
        raw = confined.read_bytes(path, root=root, limit=MAX_CONFIG_BYTES)
        return Config(parse(raw))
    except FileNotFoundError:
        return Config(None)
    except confined.Unsafe as exc:
        why = exc.message
    except OSError as exc:
        why = f"{path}: cannot read it ({exc.strerror or exc})"
    except (ValueError, RecursionError) as exc:  # not valid (line N), too deep, not a mapping
        why = f"{path}: {exc}"
    confined.note_skipped(f"{why}; its settings were not read")
    return Config(None, why)


def enabled(value: Any) -> bool:
    """Hermes' reading of an on/off setting: real bools, or on/true/yes/1/approve/enabled."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return value.strip().lower() in {"on", "true", "yes", "1", "approve", "enabled"}
    return False


def settings(
    config: Config,
    section: list[str],
    source: Path,
    defaults: dict[str, Any] | None = None,
    *,
    prefix: str | None = None,
) -> dict[str, dict[str, Any]]:
    """Flatten one section of a config into ``{"a.b": {"value", "source"}}``; keys the
    file does not set are reported with the provider's default and say so. A file that
    was not read gives nothing: its settings are unknown, not the defaults."""
    if config.unread is not None:
        return {}
    data = config.data
    node: Any = data or {}
    for key in section:
        node = node.get(key) if isinstance(node, dict) else None
    node = node if isinstance(node, dict) else {}
    name = prefix if prefix is not None else ".".join(section)
    out: dict[str, dict[str, Any]] = {}
    for key, value in node.items():
        if isinstance(value, dict | list):
            continue  # nested sections are not settings memaudit reasons about
        out[f"{name}.{key}" if name else str(key)] = {"value": value, "source": str(source)}
    for key, value in (defaults or {}).items():
        full = f"{name}.{key}" if name else key
        if full not in out:
            where = "file not found" if data is None else "not set in the file"
            out[full] = {"value": value, "source": f"provider default ({where}: {source})"}
    return out
