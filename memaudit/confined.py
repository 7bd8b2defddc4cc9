"""Files in folders memaudit does not own: a store's folder is attacker-controlled.

Whoever can write to a store (an agent, a package it installed, a poisoned memory that
got an agent to run a command) can also plant symlinks, FIFOs and device files beside
it. Following one turns a memaudit write into a write anywhere the user can write
(``MEMORY.md.bak.<ts>`` → ``~/.bashrc``), and a read into a hang (a FIFO) or an
out-of-memory (``/dev/zero``). Every read and write memaudit makes inside a store goes
through this module, which holds these rules in one place:

- **Writes** (``Folder``): the folder is opened once by descriptor, each component
  below the store's root with ``O_NOFOLLOW``, and every file is named relative to that
  descriptor — a symlinked component or file is refused, never followed. New files are
  created exclusively (``O_EXCL``): a name already taken, by anything, is never reused.
  A replace writes a fresh temporary file and renames it over the old name (a symlink
  there is replaced, not written through).
- **Reads** (``read_bytes``, ``read_text``): the path must resolve inside the store's
  root, be a regular file (opened non-blocking, checked with ``fstat`` on the open
  descriptor) and be no larger than a stated limit.
- **Walks** (``walk_files``): iterative, never into a symlinked folder, only regular
  files inside the root, at most ``MAX_WALK_FILES`` of them.

What was skipped is remembered (``skipped()``) so the CLI can say so in one line.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from memaudit.errors import Refused

MAX_TEXT_BYTES = 16 * 1024 * 1024  # a memory file, note or record larger than this is refused
MAX_WALK_FILES = 200_000
MAX_WALK_DEPTH = 64

_skipped: list[str] = []


class Unsafe(Refused):
    """A path in a store that memaudit will not follow, read or write."""


def note_skipped(what: str) -> None:
    """Remember one skipped file (shown once, at the end of the command)."""
    if what not in _skipped:
        _skipped.append(what)


def skipped() -> list[str]:
    """What was skipped since the last call (and forget it)."""
    out = list(_skipped)
    _skipped.clear()
    return out


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _check_name(name: str) -> str:
    if not name or "/" in name or "\0" in name or name in (".", ".."):
        raise Unsafe(f"refusing file name {name!r}: not a plain name inside the folder")
    return name


# -- writing ----------------------------------------------------------------------------


class Folder:
    """A folder inside a store, held open by descriptor for writing.

    ``root`` is the store as the user named it (following a symlink *to* the store is
    the user's choice); ``parts`` are the folders below it, each opened with
    ``O_NOFOLLOW`` (created 0700 when ``create`` and missing).
    """

    def __init__(self, root: Path, *parts: str, create: bool = False) -> None:
        self.path = Path(root).joinpath(*parts)
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            for part in parts:
                _check_name(part)
                if create:
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(part, 0o700, dir_fd=fd)
                try:
                    sub = os.open(
                        part,
                        os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                        dir_fd=fd,
                    )
                except OSError as exc:
                    raise Unsafe(
                        f"refusing to write in {self.path}: {part} is a symlink or not a "
                        f"folder ({exc.strerror})"
                    ) from None
                os.close(fd)
                fd = sub
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self, name: str, flags: int, mode: int) -> int:
        return os.open(
            _check_name(name), flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=self.fd
        )

    def create_new(self, name: str, data: bytes, *, mode: int = 0o600) -> None:
        """Write ``data`` to a file that did not exist (``FileExistsError`` if the name is
        taken by anything, a symlink included). Removed again if the write fails."""
        fd = self._open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(name, dir_fd=self.fd)
            raise
        os.close(fd)

    def create_unique(self, stem: str, data: bytes, *, mode: int = 0o600, tries: int = 100) -> str:
        """``create_new`` under ``stem``, or ``stem.1``, ``stem.2``... when taken; the
        name used is returned."""
        for n in range(tries):
            name = stem if n == 0 else f"{stem}.{n}"
            try:
                self.create_new(name, data, mode=mode)
                return name
            except FileExistsError:
                continue
        raise Unsafe(f"refusing to write {stem} in {self.path}: {tries} names are taken")

    def replace(self, name: str, data: bytes, *, prefix: str = ".tmp_", suffix: str = "") -> None:
        """Atomically make ``name`` hold ``data``: a new temporary file (exclusive, in
        the same folder, fsynced) renamed over it. A symlink at ``name`` is replaced
        by the file, never written through."""
        tmp = f"{prefix}{secrets.token_hex(6)}{suffix}"
        self.create_new(tmp, data)
        try:
            os.replace(tmp, _check_name(name), src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=self.fd)
            raise
        os.fsync(self.fd)

    def open_lock(self, name: str, *, mode: int = 0o644) -> int:
        """A lock file's descriptor (created if missing). It must be a regular file:
        a symlink or anything else planted at the name is refused."""
        try:
            fd = self._open(name, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK, mode)
        except OSError as exc:
            raise Unsafe(
                f"refusing lock file {self.path / name}: a symlink or not a file ({exc.strerror})"
            ) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            kind = _kind(os.fstat(fd).st_mode)
            os.close(fd)
            raise Unsafe(f"refusing lock file {self.path / name}: it is {kind}")
        return fd

    def unlink(self, name: str) -> None:
        """Remove ``name`` from this folder (a symlink is removed, never followed)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(_check_name(name), dir_fd=self.fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


# -- reading ----------------------------------------------------------------------------


def inside(path: Path, root: Path) -> bool:
    """Does ``path`` (symlinks resolved) lie inside ``root`` (symlinks resolved)?"""
    try:
        return Path(path).resolve().is_relative_to(Path(root).resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return False


def open_regular(
    path: Path, *, root: Path | None, follow: bool = True, verb: str = "read"
) -> tuple[int, os.stat_result]:
    """A descriptor on a regular file (and its ``fstat``), opened without blocking (a
    FIFO). ``root``: the file must resolve inside it (``None``: a file the user named,
    anywhere); ``follow=False``: a symlink at ``path`` itself is refused."""
    path = Path(path)
    if root is not None and not inside(path, root):
        raise Unsafe(f"refusing to {verb} {path}: it resolves outside the store ({root})")
    target = path.resolve() if follow else path
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        why = "it is a symlink" if os.path.islink(target) else exc.strerror
        raise Unsafe(f"refusing to {verb} {path}: {why}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise Unsafe(f"refusing to {verb} {path}: it is {_kind(st.st_mode)}, not a regular file")
    return fd, st


def read_bytes(path: Path, *, root: Path | None, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a regular file of the store, at most ``limit`` of them.

    Raises ``Unsafe`` when the path resolves outside ``root`` (``None``: a file the
    user named, anywhere), is not a regular file (FIFO, device, socket, folder) or is
    larger than ``limit``; ``FileNotFoundError`` when it is missing.
    """
    fd, st = open_regular(path, root=root)
    try:
        if st.st_size > limit:
            raise Unsafe(
                f"refusing to read {path}: {st.st_size:,} bytes, larger than {limit:,} bytes "
                "(memaudit's limit for one file of a store)"
            )
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise Unsafe(f"refusing to read {path}: it grew past {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_binary(path: Path, *, root: Path | None) -> BinaryIO:
    """A regular file of the store opened for streaming (a transcript of any size, read
    line by line): the checks of ``read_bytes`` without its size limit."""
    fd, _ = open_regular(path, root=root)
    return os.fdopen(fd, "rb")


def head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a regular file, else ``b""`` (a FIFO, device or
    missing file): what format detection may look at without ever blocking."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""
        return os.pread(fd, size, 0)
    except OSError:
        return b""
    finally:
        os.close(fd)


def read_text(
    path: Path, *, root: Path | None, limit: int = MAX_TEXT_BYTES, errors: str = "strict"
) -> str:
    """``read_bytes`` decoded as UTF-8 with universal newlines (like ``Path.read_text``)."""
    raw = read_bytes(path, root=root, limit=limit).decode("utf-8", errors=errors)
    return raw.replace("\r\n", "\n").replace("\r", "\n")


def regular_file(path: Path, root: Path) -> bool:
    """Is ``path`` a regular file inside ``root`` (what ``read_bytes`` will open)?
    Records why not, for the one-line notice, when it exists but is not."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISREG(st.st_mode):
        return True
    if stat.S_ISLNK(st.st_mode):
        if inside(path, root) and Path(path).is_file():
            return True
        note_skipped(f"{path}: a symlink that leads outside the store or to no file")
        return False
    if not stat.S_ISDIR(st.st_mode):
        note_skipped(f"{path}: {_kind(st.st_mode)}, not a file")
    return False


def walk_files(
    root: Path,
    accept: Callable[[Path], bool] = lambda p: True,
    *,
    prune: Callable[[Path], bool] = lambda p: False,
    max_files: int = MAX_WALK_FILES,
    max_depth: int = MAX_WALK_DEPTH,
) -> Iterator[Path]:
    """Regular files under ``root`` that ``accept`` takes, depth first, sorted by name.

    Iterative; never enters a symlinked folder (or one ``prune`` rejects); a symlinked
    file is taken only when it resolves inside ``root``; FIFOs, devices and sockets are
    skipped (and noted). Stops with ``Unsafe`` past ``max_files`` entries or
    ``max_depth`` levels: a store that big or deep is not a memory folder.
    """
    root = Path(root)
    stack: list[tuple[Path, int]] = [(root, 0)]
    seen = 0
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        subfolders: list[tuple[Path, int]] = []
        files: list[Path] = []
        for entry in entries:
            seen += 1
            if seen > max_files:
                raise Unsafe(f"refusing to walk {root}: more than {max_files:,} entries")
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                if depth + 1 > max_depth:
                    raise Unsafe(f"refusing to walk {root}: folders nested over {max_depth} deep")
                if not prune(path):
                    subfolders.append((path, depth + 1))
            elif accept(path) and regular_file(path, root):
                files.append(path)
        yield from files
        stack.extend(reversed(subfolders))
