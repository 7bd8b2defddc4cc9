"""Probes for layers that are not plain SQLite rows: side files, JSON records, and FTS5
indexes built with the ``trigram`` tokenizer. Complements ``sqlite_probe`` (which this
module builds on); like it, read-only, and residue rows never repeat the matched text.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.support import sqlite_probe
from memaudit.fingerprint import normalize
from memaudit.store import Layer, Needle, Residue

MAX_FILE_BYTES = 64 * 1024 * 1024  # a memory side file larger than this is not text


def _strings(value: Any) -> Iterator[tuple[str, str]]:
    """(json path, string) for every string inside a decoded JSON value; iterative, so a
    deeply nested file cannot exhaust the stack."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            yield path or "$", item
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                stack.append((sub, f"{path}.{key}" if path else str(key)))
        elif isinstance(item, list):
            for n in range(len(item) - 1, -1, -1):
                stack.append((item[n], f"{path}[{n}]"))


def probe_json_file(
    layer: str, path: Path, shown: str, needle: Needle, *, root: Path
) -> list[Residue]:
    """Needle ids and content in one JSON file: the file name, then every string in it."""
    out: list[Residue] = []
    ids = set(needle.ids)
    if path.stem in ids:
        out.append(Residue(layer, shown, "id", "record file named by the id"))
    try:
        data = storejson.loads(confined.read_text(path, root=root))
    except confined.Unsafe as exc:
        confined.note_skipped(exc.message)
        return out
    except (OSError, ValueError, RecursionError):
        # Unreadable JSON is still bytes on disk: fall back to the raw scan.
        return out + sqlite_probe.probe_raw(layer, [path], needle, whole_layer=False)
    texts = sqlite_probe.needle_texts(needle)
    for where, value in _strings(data):
        if value in ids:
            out.append(Residue(layer, f"{shown} {where}", "id"))
        for text in texts:
            how = sqlite_probe.text_match(text, value)
            if how:
                out.append(Residue(layer, f"{shown} {where}", how))
                break
    return out


def json_files_layer(
    name: str,
    files: Callable[[], list[Path]],
    base: Path,
    *,
    kind: str = "side-files",
    description: str,
) -> Layer:
    def probe(needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        for path in files():
            out += probe_json_file(name, path, _rel(path, base), needle, root=base)
        return out

    return Layer(name, kind, description, probe)


def text_files_layer(
    name: str,
    files: Callable[[], list[Path]],
    base: Path,
    *,
    kind: str = "side-files",
    description: str,
) -> Layer:
    """Whole text files (backups, temp files): content by normalized containment."""

    def probe(needle: Needle) -> list[Residue]:
        out: list[Residue] = []
        texts = sqlite_probe.needle_texts(needle)
        for path in files():
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    out += sqlite_probe.probe_raw(name, [path], needle, whole_layer=False)
                    continue
                data = confined.read_text(path, root=base, limit=MAX_FILE_BYTES, errors="replace")
            except confined.Unsafe as exc:
                confined.note_skipped(exc.message)
                continue
            except OSError:
                continue
            for text in texts:
                how = sqlite_probe.text_match(text, data)
                if how:
                    out.append(Residue(name, _rel(path, base), how))
                    break
            for mid in needle.ids:
                if mid in data:
                    out.append(Residue(name, _rel(path, base), "id", sqlite_probe.label(mid)))
        return out

    return Layer(name, kind, description, probe)


def _rel(path: Path, base: Path) -> str:
    try:
        return str(path.relative_to(base))
    except ValueError:
        return str(path)


# -- FTS5 trigram indexes ---------------------------------------------------------------


def trigrams(text: str) -> set[str]:
    """What FTS5's trigram tokenizer indexes (case folded by default): every 3-character
    window. Whitespace is normalised first so a needle matches however it was spaced."""
    norm = normalize(text)
    return {norm[i : i + 3] for i in range(len(norm) - 2)}


def probe_trigram(
    conn: sqlite3.Connection, layer: str, table: str, needle: Needle
) -> list[Residue]:
    """All trigrams of a needle text present in the index segments of ``table``
    (``conn`` has the store attached as ``s``). Only texts of 6+ characters are
    checked: shorter ones have too few trigrams to be evidence."""
    out: list[Residue] = []
    wanted = [
        (f"text {n}", trigrams(t)) for n, t in enumerate(sqlite_probe.needle_texts(needle), 1)
    ]
    wanted = [(w, grams) for w, grams in wanted if len(grams) >= 4]
    data = f"{table}_data"
    if not wanted or data not in sqlite_probe.table_names(conn, "s"):
        return out
    seen: dict[str, int] = {}
    all_grams = {g for _, grams in wanted for g in grams}
    for rowid, block in conn.execute(f"SELECT id, block FROM s.{sqlite_probe.quote_ident(data)}"):
        if not isinstance(block, bytes) or not sqlite_probe._segment_leaf(rowid):
            continue
        try:
            terms = {
                t[1:].decode("utf-8", "replace")
                for t in sqlite_probe.leaf_terms(block)
                if t[:1] == b"0"
            }
        except ValueError:
            continue
        for g in all_grams & terms:
            seen[g] = seen.get(g, 0) + 1
    for what, grams in wanted:
        if all(g in seen for g in grams):
            out.append(
                Residue(
                    layer,
                    data,
                    "trigrams in index segment",
                    f"{what}: all {len(grams)} trigram(s) in the index",
                )
            )
    return out


def trigram_layer(name: str, db: Path, table: str, *, description: str = "") -> Layer:
    try:
        sqlite_probe.quote_ident(table + "_data")
    except sqlite_probe.UnsafeIdentifier as exc:
        return sqlite_probe.unchecked_layer(name, "fts", exc.message)

    def probe(needle: Needle) -> list[Residue]:
        src = sqlite_probe.connect_ro(db)
        uri = sqlite_probe._db_uri(src)
        src.close()
        mem = sqlite3.connect(":memory:", uri=True)  # uri: ATTACH takes a file: URI
        try:
            mem.execute("ATTACH DATABASE ? AS s", (uri,))
            return probe_trigram(mem, name, table, needle)
        finally:
            mem.close()

    return Layer(
        name,
        "fts",
        description or f"{db.name}: FTS5 trigram index {table} (segments keep deleted text)",
        probe,
    )


def present_columns(db: Path, table: str, wanted: list[str]) -> list[str]:
    """Those of ``wanted`` that ``table`` has (schemas move between versions)."""
    try:
        conn = sqlite_probe.connect_ro(db)
    except sqlite3.Error:
        return []
    try:
        have = set(sqlite_probe.columns(conn, table))
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    return [c for c in wanted if c in have]


def table_set(db: Path) -> set[str]:
    try:
        conn = sqlite_probe.connect_ro(db)
    except sqlite3.Error:
        return set()
    try:
        return sqlite_probe.table_names(conn)
    except sqlite3.Error:
        return set()
    finally:
        conn.close()


# -- walking a foreign folder -------------------------------------------------------------

MAX_FILES = 20_000  # a memory folder with more files than this is not walked further
# Entries (files and folders) looked at per walk, matching or not: a workspace set to a
# home folder or to ``/`` holds few ``.md`` files among millions of others, and a walk
# bounded only by the files it returns would go on for hours.
MAX_ENTRIES = 200_000


def files_under(
    root: Path,
    *,
    suffixes: tuple[str, ...] = (),
    limit: int = MAX_FILES,
) -> tuple[list[Path], list[str]]:
    """Regular files under ``root`` (sorted), never following a symlink — a link could
    lead out of the store — and at most ``limit`` of them, after looking at no more than
    ``MAX_ENTRIES`` entries; plus what was left out and why (symlinks, folders that could
    not be listed, either bound), so a layer can say it did not look there."""
    import os

    found: list[Path] = []
    skipped: list[str] = []
    if root.is_symlink() or not root.is_dir():
        return found, skipped

    def unlisted(exc: OSError) -> None:  # os.walk skips such a folder silently otherwise
        where = _rel(Path(exc.filename), root) if exc.filename else str(root)
        skipped.append(f"{where or '.'} (cannot list it: {exc.strerror or type(exc).__name__})")

    seen, budget = 0, MAX_ENTRIES
    for folder, dirs, names in os.walk(root, onerror=unlisted, followlinks=False):
        seen += len(dirs) + len(names)
        if seen > budget:
            skipped.append(f"entries past the first {budget:,} under {root} (not walked)")
            break
        here = Path(folder)
        for d in list(dirs):
            if why := _not_walked(here / d):
                skipped.append(f"{_rel(here / d, root)} ({why})")
                dirs.remove(d)
        dirs.sort()
        for name in sorted(names):
            path = here / name
            if suffixes and not name.endswith(suffixes):
                continue  # (a link of another kind would not have been read either)
            if why := _not_walked(path):
                skipped.append(f"{_rel(path, root)} ({why})")
                continue
            if len(found) >= limit:
                skipped.append(f"files past the first {limit} under {root}")
                return found, skipped
            found.append(path)
    return found, skipped


def _not_walked(path: Path) -> str:
    """Why ``path`` is not entered or read ("" when it is): a symlink, or a path the
    system cannot even look at (nested past PATH_MAX, say)."""
    try:
        return "symlink, not followed" if path.is_symlink() else ""
    except OSError as exc:
        return f"cannot look at it: {exc.strerror or type(exc).__name__}"


def read_text_bounded(path: Path, limit: int = MAX_FILE_BYTES, *, say: bool = False) -> str | None:
    """A file's text, or None when it is a symlink, not a regular file (a FIFO is never
    opened blocking) or larger than ``limit`` — read through ``memaudit.confined``.
    ``say``: the file is a memory, and its not being read is said (one Warning line)."""
    if path.is_symlink():
        if say:
            confined.note_skipped(f"{path}: a symlink (a memory file is read only as a file)")
        return None
    try:
        return confined.read_text(path, root=path.parent, limit=limit, errors="replace")
    except confined.Unsafe as exc:
        if say:
            confined.note_skipped(exc.message)
        return None
    except OSError:
        return None


def probe_text_files(
    layer: str,
    files: list[Path],
    base: Path,
    needle: Needle,
    id_hits: Callable[[str, str], list[Residue]] | None = None,
    *,
    limit: int = MAX_FILE_BYTES,
) -> list[Residue]:
    """Needle texts in whole text files (a file over ``limit`` is scanned as bytes);
    ``id_hits(rel, text)`` finds the store's own spelling of the needle's ids."""
    out: list[Residue] = []
    texts = sqlite_probe.needle_texts(needle)
    for path in files:
        text = read_text_bounded(path, limit)
        if text is None:
            out += sqlite_probe.probe_raw(layer, [path], needle, whole_layer=False)
            continue
        rel = _rel(path, base)
        for wanted in texts:
            how = sqlite_probe.text_match(wanted, text)
            if how:
                out.append(Residue(layer, rel, how))
                break
        if id_hits is not None and needle.ids:
            out += id_hits(rel, text)
    return out
