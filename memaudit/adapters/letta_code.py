"""Letta Code (npm ``@letta-ai/letta-code``): memory as a git repository of markdown.

Each agent's memory ("MemFS") is a git repository of markdown files: cloud agents in
``~/.letta/agents/<agent-id>/memory/``, local-backend agents in
``~/.letta/lc-local-backend/memfs/<agent-id>/memory/``. Files under ``system/`` are
always in the agent's context; others (``reference/``, topic folders) are loaded on
demand. Each file has YAML front matter (``description``). Letta's memory tools write a
file and commit it (author ``<agent name> <agent-id@letta.com>``); ``letta memory
backup`` copies the repository to ``memory-backup-<time>/`` beside it.
``~/.letta/settings.json`` holds the memory settings (``memoryReminderInterval``,
``reflectionTrigger`` — background "sleep-time" reflection that edits memory —, per-agent
``memfs``). Local-backend conversations are ``lc-local-backend/conversations/*/messages.jsonl``.

Mapping (docs/adapters.md): a memory = one markdown file of the working tree (id
``<agent-id>:<path>``; content = the body, summary = its description); history = the
commits that touched the file (read from git objects: add / update / delete); source
type = who committed it last: the agent (its ``@letta.com`` address) -> inference, any
other author -> user_statement. A file deleted from the tree is no longer a memory, but
its blobs stay in git history, in the reflog's commits and in backups: layers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memaudit import confined
from memaudit.adapters.byterover import split_front
from memaudit.adapters.support import file_probe
from memaudit.adapters.support import git_probe as gp
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.foreign import read_json
from memaudit.adapters.support.listing import ListStore, filter_events
from memaudit.clock import Clock, store_time
from memaudit.errors import NotAStore
from memaudit.model import Event, Memory, SourceType, Status
from memaudit.store import Adapter, Capability, Layer, Needle, Residue

MISSING = [
    "the conversation a memory came from (commits name the agent, not the turn)",
    "derivation (no record of what a memory file was built from)",
    "validation by a person",
]
MAX_MD_BYTES = 4 * 1024 * 1024
# Plain files of .git that can hold memory text (commit subjects, old refs); objects/
# are read through git, index and hooks hold none.
GIT_TEXT = ("logs", "COMMIT_EDITMSG", "ORIG_HEAD", "FETCH_HEAD", "MERGE_MSG", "packed-refs")


def _repos(letta: Path) -> list[Path]:
    """Memory repositories under a Letta home: agents/*/memory, lc-local-backend/memfs/*/memory."""
    found = []
    for pattern in ("agents/*/memory", "lc-local-backend/memfs/*/memory"):
        found += [p for p in sorted(letta.glob(pattern)) if p.is_dir() and not p.is_symlink()]
    return found


def find_home(location: Path) -> tuple[Path, list[Path]] | None:
    """(Letta home, memory repositories) for ``~``, ``~/.letta``, an agent folder or a repo."""
    for home in (location, location / ".letta"):
        if home.is_dir() and not home.is_symlink():
            repos = _repos(home)
            if repos:
                return home, repos
    # a single agent folder or memory repository
    repo = location if location.name == "memory" else location / "memory"
    if (repo / ".git").is_dir():
        parents = list(repo.parents)
        home = next((p for p in parents if p.name == ".letta"), repo.parent)
        return home, [repo]
    return None


class LettaCodeStore(ListStore):
    adapter_name = "letta_code"
    never_records = MISSING
    capabilities = frozenset({Capability.READ, Capability.HISTORY, Capability.LAYERS})

    def __init__(
        self, location: str, home: Path, repos: list[Path], *, clock: Clock | None = None
    ) -> None:
        super().__init__(location, clock=clock)
        self.home = home
        self.repos = repos
        self._objects: dict[Path, gp.Objects | str] = {}

    @staticmethod
    def agent(repo: Path) -> str:
        return repo.parent.name

    def objects(self, repo: Path) -> gp.Objects | str:
        """The repository's parsed objects, or why they cannot be read."""
        if repo not in self._objects:
            git = repo / ".git"
            why = gp.usable(git, repo)
            if why:
                self._objects[repo] = why
            else:
                try:
                    self._objects[repo] = gp.read_objects(git)
                except gp.GitUnavailable as exc:
                    self._objects[repo] = str(exc)
        return self._objects[repo]

    def _history(self, repo: Path) -> list[tuple[gp.Commit, str, str]]:
        """(commit, path, action) for every file change on reachable commits, oldest first."""
        objs = self.objects(repo)
        if isinstance(objs, str):
            return []
        out = []
        commits = sorted(
            (c for c in objs.commits.values() if c.sha in objs.reachable), key=lambda c: c.at
        )
        for c in commits:
            now = objs.files(c.tree)
            before = (
                objs.files(objs.commits[c.parents[0]].tree)
                if c.parents and c.parents[0] in objs.commits
                else {}
            )
            for path in sorted(set(now) | set(before)):
                if path not in before:
                    out.append((c, path, "add"))
                elif path not in now:
                    out.append((c, path, "delete"))
                elif now[path] != before[path]:
                    out.append((c, path, "update"))
        return out

    def _load(self) -> list[Memory]:
        out: list[Memory] = []
        for repo in self.repos:
            agent = self.agent(repo)
            changes: dict[str, list[tuple[gp.Commit, str]]] = {}
            for commit, changed, action in self._history(repo):
                changes.setdefault(changed, []).append((commit, action))
            files, left_out = file_probe.files_under(repo, suffixes=(".md",))
            for what in left_out:  # a memory file memaudit did not read is said
                if not what.startswith(".git/"):
                    confined.note_skipped(f"{repo}/{what}")
            for file in files:
                rel = file.relative_to(repo).as_posix()
                if rel.startswith(".git/"):
                    continue
                text = file_probe.read_text_bounded(file, MAX_MD_BYTES, say=True)
                if text is None:
                    continue
                front, body = split_front(text)
                history = changes.get(rel, [])
                out.append(self._memory(agent, rel, front, body, history))
        return out

    def _memory(
        self,
        agent: str,
        rel: str,
        front: dict[str, Any],
        body: str,
        history: list[tuple[gp.Commit, str]],
    ) -> Memory:
        missing: list[str] = []
        extra: dict[str, Any] = {"agent": agent, "file": rel}
        if history:
            last, first = history[-1][0], history[0][0]
            by_agent = last.email.lower() == f"{agent}@letta.com".lower()
            source = SourceType.INFERENCE if by_agent else SourceType.USER_STATEMENT
            extra["last commit"] = (
                f"{last.sha[:12]} {last.message.strip().splitlines()[0] if last.message.strip() else ''}"
            )
            extra["committed by"] = f"{last.author} <{last.email}>"
            created, updated, version = _epoch_time(first.at), _epoch_time(last.at), len(history)
        else:
            source, created, updated, version = SourceType.UNKNOWN, None, None, 1
            missing.append("commit (the file is not committed, or git could not be read)")
        for key in ("read_only", "limit", "name"):
            if key in front:
                extra[key] = front[key]
        top = rel.split("/", 1)[0] if "/" in rel else ""
        return Memory(
            id=f"{agent}:{rel}",
            content=body.strip(),
            summary=str(front["description"]) if front.get("description") else None,
            source_type=source,
            status=Status.ACTIVE,
            source_ref=rel,
            scope="system (always in context)" if top == "system" else (top or "root"),
            pinned=top == "system",
            derived=source is SourceType.INFERENCE,
            created_at=created,
            updated_at=updated,
            created_by=history[0][0].author if history else None,
            version=max(version, 1),
            extra=extra,
            missing=missing,
        )

    def events(
        self, *, memory_id: str | None = None, limit: int | None = None, **kwargs: Any
    ) -> list[Event]:
        out = []
        for repo in self.repos:
            agent = self.agent(repo)
            for commit, path, action in self._history(repo):
                out.append(
                    Event(
                        id=f"{commit.sha[:12]}:{path}",
                        at=_epoch_time(commit.at),
                        actor=f"{commit.author} <{commit.email}>",
                        action=action,
                        memory_id=f"{agent}:{path}",
                        reason=commit.message.strip().splitlines()[0]
                        if commit.message.strip()
                        else None,
                        detail={"commit": commit.sha},
                    )
                )
        return filter_events(out, memory_id=memory_id, limit=limit, **kwargs)

    def provider_config(self) -> dict[str, Any]:
        path = self.home / "settings.json"
        data = read_json(path).data  # there but not read: said on stderr, no setting
        if data is None:
            return {}
        out: dict[str, Any] = {}
        for key in ("memoryReminderInterval", "reflectionTrigger", "reflectionStepCount"):
            if key in data:
                out[f"letta.{key}"] = {"value": data[key], "source": str(path)}
        listed = data.get("agents")  # any JSON type: only a list of objects is read
        agents = [a for a in listed if isinstance(a, dict)] if isinstance(listed, list) else []
        ours = {self.agent(r) for r in self.repos}
        for a in agents:
            if isinstance(a.get("agentId"), str) and a["agentId"] in ours and "memfs" in a:
                out[f"letta.agents.{a['agentId']}.memfs"] = {
                    "value": a["memfs"],
                    "source": str(path),
                }
        return out

    # -- layers -----------------------------------------------------------------------

    def layers(self) -> list[Layer]:
        out: list[Layer] = []
        many = len(self.repos) > 1
        for repo in self.repos:
            tag = f" ({self.agent(repo)})" if many else ""
            out.append(self._tree_layer(f"memory files{tag}", repo))
            out.append(self._git_layer(f"git objects{tag}", repo))
            out.append(self._git_text_layer(f"reflog and git metadata{tag}", repo))
            for backup in sorted(repo.parent.glob("memory-backup-*")):
                if backup.is_dir() and not backup.is_symlink():
                    name = f"backup {backup.name}{tag}"
                    out.append(self._tree_layer(f"{name} files", backup))
                    out.append(self._git_layer(f"{name} git objects", backup))
        conversations = self.home / "lc-local-backend" / "conversations"
        if conversations.is_dir():
            files, skipped = file_probe.files_under(conversations, suffixes=(".jsonl", ".json"))
            out.append(
                Layer(
                    "conversations",
                    "history",
                    "lc-local-backend/conversations/*/messages.jsonl (local-backend transcripts)",
                    lambda needle: _probe_texts("conversations", files, conversations, needle),
                    checked=not skipped,
                    why_unchecked="; ".join(skipped[:3]),
                )
            )
        return out

    def _tree_layer(self, name: str, repo: Path) -> Layer:
        def probe(needle: Needle) -> list[Residue]:
            files, _ = file_probe.files_under(repo)
            files = [f for f in files if not f.relative_to(repo).as_posix().startswith(".git/")]
            return _probe_texts(name, files, repo, needle)

        _, skipped = file_probe.files_under(repo)
        return Layer(
            name,
            "side-files",
            f"working tree of {repo} (what the agent reads)",
            probe,
            checked=not skipped,
            why_unchecked="not looked at: " + "; ".join(skipped[:3]) if skipped else "",
        )

    def _git_layer(self, name: str, repo: Path) -> Layer:
        objs = self.objects(repo)
        why = objs if isinstance(objs, str) else ""
        if not why and isinstance(objs, gp.Objects) and objs.skipped:
            why = f"{objs.skipped} git objects larger than {gp.MAX_OBJECT} bytes were not read"

        def probe(needle: Needle) -> list[Residue]:
            if isinstance(objs, str):
                return []
            texts = sp.needle_texts(needle)
            paths = {i.split(":", 1)[1] for i in needle.ids if ":" in i}
            out: list[Residue] = []
            named = _blob_paths(objs)
            for sha, body in objs.blobs.items():
                content = body.decode("utf-8", "replace")
                how = next((h for t in texts if (h := sp.text_match(t, content))), None)
                by_id = paths & named.get(sha, set())
                if not how and not by_id:
                    continue
                holding = gp.commits_holding(objs, sha)
                live = [c[:12] for c in holding if c in objs.reachable]
                dead = [c[:12] for c in holding if c not in objs.reachable]
                detail = (
                    f"as {', '.join(sorted(named.get(sha, {'?'})))}; in commits "
                    + (", ".join(live) or "none reachable")
                    + (f"; unreachable: {', '.join(dead)}" if dead else "")
                    + ("" if holding else " (no commit: a dangling blob)")
                )
                out.append(Residue(name, f"blob {sha[:12]}", how or "id", detail))
            for commit in objs.commits.values():
                if any(sp.text_match(t, commit.message) for t in texts):
                    out.append(Residue(name, f"commit {commit.sha[:12]} message", "contains text"))
            return out

        return Layer(
            name,
            "history",
            f"{repo}/.git objects, loose and packed, reachable or not (read with the git "
            "binary's read-only cat-file; residue names the commits that still hold it)",
            probe,
            checked=not why,
            why_unchecked=why,
        )

    def _git_text_layer(self, name: str, repo: Path) -> Layer:
        git = repo / ".git"

        def listed() -> tuple[list[Path], list[str]]:
            files: list[Path] = []
            skipped: list[str] = []
            for part in GIT_TEXT:
                target = git / part
                if target.is_dir() and not target.is_symlink():
                    found, left_out = file_probe.files_under(target)
                    files += found
                    skipped += [f".git/{part}: {what}" for what in left_out]
                elif target.is_file() and not target.is_symlink():
                    files.append(target)
            return files, skipped

        def probe(needle: Needle) -> list[Residue]:  # listed again: the forget may add a reflog
            return _probe_texts(name, listed()[0], repo, needle)

        _, skipped = listed()
        return Layer(
            name,
            "history",
            f"{git}: reflog (logs/), COMMIT_EDITMSG and other plain files naming commits",
            probe,
            checked=not skipped,
            why_unchecked="not looked at: " + "; ".join(skipped[:3]) if skipped else "",
        )


def _blob_paths(objs: gp.Objects) -> dict[str, set[str]]:
    named: dict[str, set[str]] = {}
    for c in objs.commits.values():
        for path, blob in objs.files(c.tree).items():
            named.setdefault(blob, set()).add(path)
    return named


def _probe_texts(layer: str, files: list[Path], base: Path, needle: Needle) -> list[Residue]:
    def id_hits(rel: str, text: str) -> list[Residue]:
        return [
            Residue(layer, rel, "id", "the memory's file")
            for mid in needle.ids
            if ":" in mid and rel == mid.split(":", 1)[1]
        ]

    return file_probe.probe_text_files(layer, files, base, needle, id_hits, limit=MAX_MD_BYTES)


class LettaCodeAdapter(Adapter):
    name = "letta_code"
    description = (
        "Letta Code: each agent's MemFS git repository of markdown (working tree, every "
        "git object, reflog, memory backups) + settings.json (read-only; git via its binary)"
    )
    capabilities = LettaCodeStore.capabilities
    tested_against = (
        "stores written by @letta-ai/letta-code 0.32.18 (`letta server --listen` memory "
        "commands and `letta memory backup` on Node 24.22.3, local-backend agent, no model) "
        "(tests/fixtures/providers/letta)"
    )

    @classmethod
    def detect(cls, location: str) -> float:
        try:
            found = find_home(Path(location))
            return 0.9 if found else 0.0
        except Exception:  # detection never raises
            return 0.0

    @classmethod
    def open(cls, location: str, *, writable: bool = False, **options: Any) -> LettaCodeStore:
        found = find_home(Path(location))
        if found is None:
            raise NotAStore(
                f"{location}: no Letta Code memory repository (agents/*/memory or "
                "lc-local-backend/memfs/*/memory with a .git folder)"
            )
        home, repos = found
        store = LettaCodeStore(location, home, repos, clock=options.get("clock"))
        store.all()
        return store


def _epoch_time(epoch: int) -> str | None:
    """A commit's time; 0 is git's "none"."""
    return store_time(epoch) if epoch else None
