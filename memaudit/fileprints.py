"""The files a store is made of, each with its size and SHA-256.

A probe's baseline records them to tell what a conversation changed; an erasure receipt
records them before and after, and ``receipt verify`` hashes them again to say whether
the store is still the one the receipt speaks of. A folder store is every regular file
under it (never following a symlink out of it); a SQLite file is the file, its WAL and
its rollback journal (an empty WAL or journal holds nothing and is left out: SQLite
makes and truncates them on its own). A server store has no files to hash.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from memaudit.confined import Unsafe, open_regular


def store_files(location: str, *, max_hashed: int | None = None) -> dict[str, Any]:
    """``{"files": [{path, size, sha256}], "skipped": [why]}``, paths relative to the
    store (its folder, or the SQLite file's folder). ``max_hashed``: larger files get a
    size and no hash (``sha256`` None)."""
    from memaudit.adapters.support.file_probe import files_under

    path = Path(location)
    if "://" in location:
        return {"files": [], "skipped": [], "note": "a server store: no files to fingerprint"}
    if path.is_dir():
        files, skipped = files_under(path)
        base = path
    else:
        files = [path] + [p for p in _sqlite_siblings(path) if p.is_file() and p.stat().st_size > 0]
        files = [p for p in files if p.is_file()]
        skipped, base = [], path.parent
    skipped = list(skipped)
    out = []
    for f in files:
        try:
            size, digest = _hash_file(f, base, max_hashed)
        except (OSError, Unsafe) as exc:  # a FIFO, a device, a file swapped for a symlink
            skipped.append(f"{f.relative_to(base)}: {getattr(exc, 'message', exc)}")
            continue
        out.append({"path": str(f.relative_to(base)), "size": size, "sha256": digest})
    return {"files": out, "skipped": skipped[:20]}


def changes(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[str]:
    """What differs between two lists of file prints, one line per file."""
    old = {f["path"]: (f["size"], f["sha256"]) for f in before}
    new = {f["path"]: (f["size"], f["sha256"]) for f in after}
    out = [f"changed: {p}" for p in sorted(old.keys() & new.keys()) if old[p] != new[p]]
    out += [f"new: {p}" for p in sorted(new.keys() - old.keys())]
    out += [f"gone: {p}" for p in sorted(old.keys() - new.keys())]
    return out


def _hash_file(path: Path, root: Path, max_hashed: int | None) -> tuple[int, str | None]:
    """Size and sha256 of a regular file of the store (never a FIFO or a symlink out of
    it); no hash above ``max_hashed``, where the size has to do."""
    fd, st = open_regular(path, root=root, follow=False)
    with os.fdopen(fd, "rb") as fh:
        if max_hashed is not None and st.st_size > max_hashed:
            return st.st_size, None
        digest = hashlib.sha256()
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return st.st_size, digest.hexdigest()


def _sqlite_siblings(path: Path) -> list[Path]:
    return [path.with_name(path.name + s) for s in ("-wal", "-journal")]
