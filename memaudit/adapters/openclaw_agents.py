"""Which workspace each agent of an OpenClaw config uses, as OpenClaw 2026.9 resolves it.

OpenClaw (npm ``openclaw`` 2026.9.6; read from its dist: ``agent-scope-config``,
``legacy.roster``, ``zod-schema.agents``, ``home-dir``) keeps the roster in
``agents.entries`` (keyed by agent id) or, from older versions, ``agents.list`` (which it
turns into entries when every id is already canonical and unique, else it refuses the
config). Each agent's workspace is:

1. its own ``workspace`` (trimmed, ``~`` and ``~/`` as the home, a relative path from the
   folder OpenClaw runs in), else
2. for the legacy default agent (the one ``default: true`` marker, or the sole agent)
   ``agents.defaults.workspace``, else ``<state dir>/workspace``, else
3. ``<agents.defaults.workspace>/<id>``, else ``<state dir>/workspace-<id>``.

The id in a path is OpenClaw's normalized id (``[a-z0-9_-]``, at most 64): it can name no
folder but one inside the parent OpenClaw gives it. OpenClaw refuses a roster whose keys
are not ids, more than one agent with neither ``ownership: "explicit"`` nor one marker,
a marker beside ``explicit``, and a workspace that is not a string: those, and whatever
this module cannot reproduce for certain (``${VAR}``, relative paths, ``~name``, a home
it cannot know), are said, never guessed. ``tests/fixtures/providers/openclaw/
agent_workspaces.json`` is OpenClaw's own answer (``openclaw agents list --json``) for
each such roster; tests/adapters/test_openclaw_agents.py holds this module to it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# JavaScript's String.prototype.trim: white space (Zs, TAB, VT, FF, BOM) and line
# terminators. Python's str.strip() differs (it strips \x1c-\x1f, keeps U+FEFF).
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# The key OpenClaw's schema accepts in agents.entries (case-insensitive).
ENTRY_KEY = re.compile(r"[a-z0-9_][a-z0-9_-]{0,63}", re.IGNORECASE)
AGENTS_KEYS = {"ownership", "defaults", "entries", "list"}
BLOCKED_KEYS = {"__proto__", "prototype", "constructor"}
MAX_AGENTS = 64  # a roster larger than this is not read (each agent is a folder walk)
REFUSED = "OpenClaw 2026.9 refuses such a config (`openclaw doctor` rewrites it)"


@dataclass(frozen=True, slots=True)
class AgentWorkspace:
    agent: str  # OpenClaw's normalized id: [a-z0-9_-] only, safe to show
    path: Path | None  # None: not resolved here (``why`` says why)
    why: str = ""


@dataclass(frozen=True, slots=True)
class Roster:
    agents: list[AgentWorkspace]
    problem: str = ""  # the roster as a whole is not resolved (then ``agents`` is empty)


def js_trim(text: str) -> str:
    return text.strip(JS_SPACE)


def normalize_agent_id(key: str) -> str:
    """OpenClaw's normalizeAgentId for a key its schema accepts (ENTRY_KEY: ASCII only,
    so lowercasing is the same in JavaScript): lowercase; a key starting with ``_`` is not
    "valid" to it and also loses trailing dashes."""
    lowered = key.lower()
    return lowered if key[0] != "_" else lowered.rstrip("-")


def _node_normalize(path: str) -> str:
    """Node's path.resolve of an absolute POSIX path: ``.``, ``..`` and repeated or
    trailing slashes folded, lexically (symlinks are not looked at)."""
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/" + "/".join(parts)


def _home_value(env: Mapping[str, str], name: str) -> str | None:
    value = js_trim(env.get(name) or "")
    return value if value and value not in ("undefined", "null") else None


def openclaw_home(env: Mapping[str, str]) -> str | None:
    """The home OpenClaw expands ``~`` with: OPENCLAW_HOME (its own ``~`` as the OS
    home), else HOME, else USERPROFILE; None when it is unknown or relative (OpenClaw
    would then resolve it from the folder it runs in)."""
    os_home = _home_value(env, "HOME") or _home_value(env, "USERPROFILE")
    home = _home_value(env, "OPENCLAW_HOME")
    if home is not None and (home == "~" or home.startswith(("~/", "~\\"))):
        home = None if os_home is None else os_home + home[1:]
    elif home is None:
        home = os_home
    if home is None or not home.startswith("/"):
        return None
    return _node_normalize(home)


def user_path(configured: str, env: Mapping[str, str]) -> tuple[Path | None, str]:
    """OpenClaw's resolveUserPath of a configured path, or why it is not reproduced
    here. ``~`` alone or before a slash is the home; ``~name`` is no user's home to
    OpenClaw but a relative path, as is anything not starting with ``/``."""
    text = js_trim(configured)
    if "${" in text:
        return None, "names an environment variable (${...}), which OpenClaw substitutes"
    if text == "~" or text.startswith(("~/", "~\\")):
        home = openclaw_home(env)
        if home is None:
            return None, "starts with ~ and the home OpenClaw would use is unknown here"
        text = home + text[1:]
    if not text.startswith("/"):
        return None, "is a relative path (OpenClaw resolves it from the folder it runs in)"
    return Path(_node_normalize(text)), ""


def _names_env(agents: dict[str, Any]) -> bool:
    """Whether what decides the roster (ownership, ids, default markers) names
    ``${...}``: OpenClaw substitutes its own environment into the config before it reads
    the roster. (A workspace naming one leaves only its agent unresolved.)"""
    roster = agents.get("entries") or agents.get("list")
    found: list[Any] = [agents.get("ownership")]
    if isinstance(roster, dict):
        found += list(roster)
        roster = list(roster.values())
    for entry in roster if isinstance(roster, list) else []:
        if isinstance(entry, dict):
            found += [entry.get("id"), entry.get("default")]
    return any(isinstance(v, str) and "${" in v for v in found)


def _entries(agents: dict[str, Any]) -> tuple[dict[str, dict[str, Any]] | None, str]:
    """The roster as OpenClaw validates it: normalized id -> entry (insertion order),
    or why OpenClaw refuses it. ``None`` with no reason: no roster (the implicit main)."""
    if "entries" in agents and "list" in agents:
        return None, f"openclaw.json has both agents.entries and agents.list: {REFUSED}"
    if "list" in agents:  # legacy: taken only when every id is already canonical
        listed = agents["list"]
        if not isinstance(listed, list):
            return None, f"agents.list in openclaw.json is not a list of agents: {REFUSED}"
        raw: dict[str, Any] = {}
        for item in listed:
            ident = item.get("id") if isinstance(item, dict) else None
            if (
                not isinstance(ident, str)
                or not ENTRY_KEY.fullmatch(ident)
                or normalize_agent_id(ident) != ident
                or ident in raw
            ):
                return None, (
                    "agents.list in openclaw.json has an entry that is not an agent, an id "
                    f"OpenClaw would have to rename, or an id twice: {REFUSED}"
                )
            raw[ident] = {k: v for k, v in item.items() if k != "id"}
    elif "entries" in agents:
        if not isinstance(agents["entries"], dict):
            return None, f"agents.entries in openclaw.json is not an object: {REFUSED}"
        raw = agents["entries"]
    else:
        return None, ""
    out: dict[str, dict[str, Any]] = {}
    for key, entry in raw.items():
        if not ENTRY_KEY.fullmatch(key) or not isinstance(entry, dict):
            return None, f"openclaw.json names an agent OpenClaw does not accept: {REFUSED}"
        ident = normalize_agent_id(key)
        if ident in out or BLOCKED_KEYS & set(entry):
            return None, f"openclaw.json names two agents as one, or a blocked key: {REFUSED}"
        out[ident] = entry
    return out, ""


def resolve(config: dict[str, Any] | None, state_dir: Path, env: Mapping[str, str]) -> Roster:
    """Every agent of ``config`` and its workspace, as OpenClaw 2026.9 resolves them
    (``state_dir``: the OpenClaw home memaudit opened), or why not."""
    agents = config.get("agents") if config is not None else None
    if agents is None:
        agents = {}
    if not isinstance(agents, dict):
        return Roster([], f"agents in openclaw.json is not an object: {REFUSED}")
    if _names_env(agents):
        return Roster(
            [],
            "the agents section of openclaw.json names an environment variable "
            "(${...}), which OpenClaw substitutes from its own environment",
        )
    if set(agents) - AGENTS_KEYS:
        return Roster(
            [],
            f"the agents section of openclaw.json has keys OpenClaw 2026.9 "
            f"does not know: {REFUSED}",
        )
    entries, problem = _entries(agents)
    if problem:
        return Roster([], problem)
    explicit = agents.get("ownership") == "explicit"
    if "ownership" in agents and not explicit:
        return Roster([], f'agents.ownership in openclaw.json is not "explicit": {REFUSED}')
    if not entries:  # no roster, or an empty one: OpenClaw adds the implicit agent main
        if explicit:
            return Roster([], f"openclaw.json lists no agent: {REFUSED}")
        entries = {"main": {}}
    if len(entries) > MAX_AGENTS:
        return Roster(
            [],
            f"openclaw.json lists {len(entries)} agents, more than the {MAX_AGENTS} memaudit reads",
        )
    defaults = agents.get("defaults", {})
    fallback = defaults.get("workspace") if isinstance(defaults, dict) else None
    if not isinstance(defaults, dict) or (fallback is not None and not isinstance(fallback, str)):
        return Roster([], f"agents.defaults.workspace in openclaw.json is not a path: {REFUSED}")
    fallback = js_trim(fallback or "")
    if any("default" in e and not isinstance(e["default"], bool) for e in entries.values()):
        return Roster([], f"a default marker in openclaw.json is not true or false: {REFUSED}")
    marked = [ident for ident, e in entries.items() if e.get("default") is True]
    if len(marked) > 1 or (explicit and marked):
        return Roster(
            [],
            "openclaw.json marks more than one default agent, or marks one "
            f'beside agents.ownership "explicit": {REFUSED}',
        )
    if len(entries) > 1 and not explicit and not marked:
        return Roster(
            [],
            "openclaw.json lists several agents with neither agents.ownership "
            f'"explicit" nor one default marker: {REFUSED}',
        )
    owner = marked[0] if marked else (next(iter(entries)) if len(entries) == 1 else None)
    out = []
    for ident, entry in entries.items():
        own = entry.get("workspace")
        if "workspace" in entry and not isinstance(own, str):
            out.append(AgentWorkspace(ident, None, f"its workspace is not a path: {REFUSED}"))
            continue
        path: Path | None
        if own and js_trim(own):
            path, why = user_path(own, env)
            why = why and f"its workspace {why}"
        elif fallback:  # the default agent's workspace, or the parent of the others'
            path, why = user_path(fallback, env)
            why = why and f"agents.defaults.workspace {why}"
            path = path if path is None or ident == owner else path / ident
        else:
            path, why = state_dir / ("workspace" if ident == owner else f"workspace-{ident}"), ""
        out.append(AgentWorkspace(ident, path, why))
    return Roster(out)
