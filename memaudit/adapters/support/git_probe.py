"""Reading a git repository someone else owns, without writing a byte of it.

Used by stores that keep memory in git (Letta Code's MemFS). Every object is read with
the ``git`` binary's read-only plumbing — ``cat-file --batch-all-objects`` (loose and
packed objects, reachable or not: git resolves pack deltas) and ``rev-list --all
--reflog`` — never a porcelain command that refreshes the index, runs hooks or writes
a lock (``GIT_OPTIONAL_LOCKS=0``; system and global config ignored; hooks, fsmonitor and
replace refs switched off). Commits and trees are parsed here, so "which commits still
hold this text" needs no further git call.

Bounds: objects over ``MAX_OBJECT`` bytes are not read (counted), and a repository whose
objects add up to more than ``MAX_TOTAL`` is not read at all; either is reported, never
silent. A ``.git`` that is not a plain folder inside the store, or that borrows objects
from elsewhere (``objects/info/alternates``), is not read (it could lead out of the store).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

MAX_OBJECT = 8 * 1024 * 1024
MAX_TOTAL = 512 * 1024 * 1024
TIMEOUT = 300


class GitUnavailable(Exception):
    """The repository cannot be read here; the message says why."""


@dataclass(slots=True)
class Commit:
    sha: str
    tree: str
    parents: list[str]
    author: str
    email: str
    at: int  # author time, epoch seconds
    message: str


@dataclass
class Objects:
    """Every object of a repository, parsed."""

    blobs: dict[str, bytes] = field(default_factory=dict)
    trees: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)  # mode, name, sha
    commits: dict[str, Commit] = field(default_factory=dict)
    reachable: set[str] = field(default_factory=set)  # commits named by a ref or the reflog
    skipped: int = 0  # objects over MAX_OBJECT, not read
    _flat: dict[str, dict[str, str]] = field(default_factory=dict)

    def files(self, tree: str) -> dict[str, str]:
        """path -> blob sha of a tree, recursively (memoized; cycles cannot occur in a
        hash tree, and a missing subtree is left out)."""
        if tree in self._flat:
            return self._flat[tree]
        out: dict[str, str] = {}
        self._flat[tree] = out  # guards against a forged self-reference
        for mode, name, sha in self.trees.get(tree, []):
            if mode.startswith("4"):  # 40000: a subtree
                for sub, blob in self.files(sha).items():
                    out[f"{name}/{sub}"] = blob
            else:
                out[name] = sha
        return out


def usable(git_dir: Path, store: Path) -> str:
    """Why ``git_dir`` cannot be read ('' when it can)."""
    if shutil.which("git") is None:
        return "the git binary is not installed (memaudit reads git objects through it)"
    if git_dir.is_symlink() or not git_dir.is_dir():
        return f"{git_dir} is not a plain .git folder (a gitdir file or link could lead out of the store)"
    try:
        git_dir.resolve().relative_to(store.resolve())
    except ValueError:
        return f"{git_dir} resolves outside {store}"
    if (git_dir / "objects" / "info" / "alternates").exists():
        return "objects/info/alternates borrows objects from another repository: not followed"
    return ""


def _run(git_dir: Path, *args: str, stdin: bytes | None = None) -> bytes:
    with tempfile.TemporaryDirectory(prefix="memaudit-git-") as home:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_NO_REPLACE_OBJECTS": "1",
            "LC_ALL": "C",
        }
        cmd = [
            "git",
            "--no-pager",
            "-c",
            "core.fsmonitor=false",
            "-c",
            f"core.hooksPath={os.devnull}",
            "-c",
            f"safe.directory={git_dir.parent}",
            f"--git-dir={git_dir}",
            *args,
        ]
        try:
            done = subprocess.run(
                cmd, input=stdin, capture_output=True, env=env, timeout=TIMEOUT, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise GitUnavailable(f"git {args[0]} failed: {type(exc).__name__}") from None
    if done.returncode != 0:
        first = done.stderr.decode("utf-8", "replace").strip().splitlines()[:1]
        raise GitUnavailable(f"git {args[0]} failed: {first[0] if first else done.returncode}")
    return done.stdout


def read_objects(git_dir: Path) -> Objects:
    """Every object of the repository (loose and packed, reachable or not)."""
    listing = _run(
        git_dir,
        "cat-file",
        "--batch-all-objects",
        "--batch-check=%(objectname) %(objecttype) %(objectsize)",
    )
    wanted: list[str] = []
    objs = Objects()
    total = 0
    for line in listing.decode("ascii", "replace").splitlines():
        parts = line.split()
        if len(parts) != 3 or not parts[2].isdigit():
            continue
        size = int(parts[2])
        if size > MAX_OBJECT:
            objs.skipped += 1
            continue
        total += size
        wanted.append(parts[0])
    if total > MAX_TOTAL:
        raise GitUnavailable(
            f"the repository's objects add up to {total} bytes (more than {MAX_TOTAL}): not read"
        )
    raw = _run(git_dir, "cat-file", "--batch", stdin="\n".join(wanted).encode() + b"\n")
    pos = 0
    while pos < len(raw):
        end = raw.find(b"\n", pos)
        if end < 0:
            break
        head = raw[pos:end].decode("ascii", "replace").split()
        pos = end + 1
        if len(head) != 3 or not head[2].isdigit():
            continue  # "<sha> missing"
        sha, kind, size = head[0], head[1], int(head[2])
        body = raw[pos : pos + size]
        pos += size + 1
        if kind == "blob":
            objs.blobs[sha] = body
        elif kind == "tree":
            objs.trees[sha] = _parse_tree(body)
        elif kind == "commit":
            objs.commits[sha] = _parse_commit(sha, body)
    listed = _run(git_dir, "rev-list", "--all", "--reflog")
    objs.reachable = set(listed.decode("ascii", "replace").split())
    return objs


def _parse_tree(body: bytes) -> list[tuple[str, str, str]]:
    out = []
    pos = 0
    while pos < len(body):
        space = body.find(b" ", pos)
        nul = body.find(b"\0", space + 1)
        if space < 0 or nul < 0 or nul + 21 > len(body):
            break
        mode = body[pos:space].decode("ascii", "replace")
        name = body[space + 1 : nul].decode("utf-8", "replace")
        out.append((mode, name, body[nul + 1 : nul + 21].hex()))
        pos = nul + 21
    return out


def _parse_commit(sha: str, body: bytes) -> Commit:
    text = body.decode("utf-8", "replace")
    header, _, message = text.partition("\n\n")
    tree, parents, author, email, at = "", [], "", "", 0
    for line in header.splitlines():
        key, _, value = line.partition(" ")
        if key == "tree":
            tree = value.strip()
        elif key == "parent":
            parents.append(value.strip())
        elif key == "author":
            name, _, rest = value.partition(" <")
            mail, _, when = rest.partition("> ")
            author, email = name, mail
            stamp = when.split(" ", 1)[0]
            at = int(stamp) if stamp.isdigit() else 0
    return Commit(sha, tree, parents, author, email, at, message)


def commits_holding(objs: Objects, blob: str) -> list[str]:
    """Commits whose tree holds ``blob`` (reachable first, then by time)."""
    hits = [c for c in objs.commits.values() if blob in objs.files(c.tree).values()]
    hits.sort(key=lambda c: (c.sha not in objs.reachable, c.at))
    return [c.sha for c in hits]
