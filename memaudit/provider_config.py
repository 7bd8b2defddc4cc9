"""Reading a memory provider's configuration: what it writes and recalls on its own.

One format is read here: a Hermes agent home (``config.yaml``, plus the provider files
Hermes keeps beside it). Settings come back in the shape ``Store.provider_config()``
uses — ``{key: {"value": ..., "source": where it came from}}`` — so ``memaudit
questions`` treats a store's own answer and a file read here the same way. A key the
file does not set is reported with the provider's documented default and the source
``default (...)``, because an absent key is still a decision: the default's.

Keys and defaults, as read from hermes-agent 0.19.0 and mnemosyne-memory 3.15.1:

- ``memory.memory_enabled`` (true), ``memory.user_profile_enabled`` (true),
  ``memory.write_approval`` (false): the built-in MEMORY.md/USER.md memory and its gate;
- ``memory.provider`` (""): the one external provider (mnemosyne, hindsight,
  holographic, byterover, honcho, mem0, ...);
- ``memory.mnemosyne.sync_roles`` (["user"]): which conversation roles Mnemosyne saves;
- ``memory.byterover.auto_extract`` (true): ByteRover curates every turn, assistant text
  included;
- ``plugins.hermes-memory-store.auto_extract`` (false): Holographic's fact extraction;
- ``hindsight.auto_retain`` / ``hindsight.auto_recall`` (true / true), from
  ``hindsight/config.json``;
- ``honcho.observationMode`` ("directional"), from ``honcho.json`` (``hosts.hermes``
  first): directional derives conclusions from the AI's messages too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memaudit import confined, storeyaml
from memaudit.adapters.support.foreign import MAX_CONFIG_BYTES, Config, read_json
from memaudit.errors import InvalidInput

HERMES_VERSION = "hermes-agent 0.19.0"

# (key in our naming, path inside config.yaml, default)
_YAML_KEYS: list[tuple[str, tuple[str, ...], Any]] = [
    ("memory.memory_enabled", ("memory", "memory_enabled"), True),
    ("memory.user_profile_enabled", ("memory", "user_profile_enabled"), True),
    ("memory.write_approval", ("memory", "write_approval"), False),
    ("memory.provider", ("memory", "provider"), ""),
    ("memory.mnemosyne.sync_roles", ("memory", "mnemosyne", "sync_roles"), ["user"]),
    ("memory.byterover.auto_extract", ("memory", "byterover", "auto_extract"), True),
    (
        "plugins.hermes-memory-store.auto_extract",
        ("plugins", "hermes-memory-store", "auto_extract"),
        False,
    ),
]


def _dig(data: Any, path: tuple[str, ...]) -> tuple[bool, Any]:
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return False, None
        data = data[part]
    return True, data


def _bool(value: Any) -> Any:
    """Hermes coerces "true"/"false"/"1"/"0" strings; so do we."""
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0", "yes", "no"):
        return value.strip().lower() in ("true", "1", "yes")
    return value


def _load_yaml(path: Path) -> dict[str, Any]:
    try:
        raw = confined.read_bytes(path, root=None, limit=MAX_CONFIG_BYTES)
    except confined.Unsafe as exc:
        raise InvalidInput(f"{exc.message}; not a provider configuration") from None
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return storeyaml.mapping(raw)
    except ValueError as exc:  # not valid YAML (line N), too deep, too large, not a mapping
        raise InvalidInput(f"{path}: {exc}") from None


def _load_json(path: Path) -> Config:
    """A provider's JSON beside the config.yaml the user named (any folder it links to):
    absent, its defaults apply; there but not read, said on stderr and nothing from it."""
    return read_json(path, inside=False)


def read_hermes(path: str | Path) -> dict[str, dict[str, Any]]:
    """Settings from a Hermes ``config.yaml`` (or the Hermes home folder holding it)."""
    path = Path(path).expanduser()
    if path.is_dir():
        path = path / "config.yaml"
    if not path.exists():
        raise InvalidInput(f"no such configuration file: {path}")
    data = _load_yaml(path)
    out: dict[str, dict[str, Any]] = {}
    default = f"default ({HERMES_VERSION}; not set in {path})"
    for key, where, fallback in _YAML_KEYS:
        found, value = _dig(data, where)
        out[key] = (
            {"value": _bool(value), "source": str(path)}
            if found
            else {"value": fallback, "source": default}
        )
    home = path.parent
    hindsight_config = _load_json(home / "hindsight" / "config.json")
    hindsight = hindsight_config.data
    for key in ("auto_retain", "auto_recall"):
        if hindsight_config.unread is not None:
            continue  # there but not read: unknown, not Hindsight's default
        if hindsight is not None and key in hindsight:
            out[f"hindsight.{key}"] = {
                "value": _bool(hindsight[key]),
                "source": str(home / "hindsight" / "config.json"),
            }
        else:
            out[f"hindsight.{key}"] = {"value": True, "source": f"default ({HERMES_VERSION})"}
    honcho_config = _load_json(home / "honcho.json")
    if honcho_config.unread is not None:  # there but not read: unknown, not the default
        return out
    honcho = honcho_config.data
    mode: Any = None
    if honcho is not None:
        host = (
            honcho.get("hosts", {}).get("hermes", {})
            if isinstance(honcho.get("hosts"), dict)
            else {}
        )
        mode = (host if isinstance(host, dict) else {}).get("observationMode") or honcho.get(
            "observationMode"
        )
    out["honcho.observationMode"] = (
        {"value": str(mode), "source": str(home / "honcho.json")}
        if mode
        else {"value": "directional", "source": f"default ({HERMES_VERSION})"}
    )
    return out
