"""Reading Claude Code's markdown as it does: comment blocks, the lines of MEMORY.md
loaded at session start, list items and paragraphs, ``@path`` imports."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from memaudit.adapters.claude_code.paths import (
    COMMENT_START,
    FENCE,
    IMPORT,
    INDEX,
    INDEX_CHARS,
    INDEX_LINES,
    LIST_ITEM,
)
from memaudit.clock import to_iso
from memaudit.fingerprint import normalize

# -- markdown -------------------------------------------------------------------------


def comment_lines(lines: list[str]) -> set[int]:
    """0-based indexes of lines inside HTML comment blocks (a block starts a line)."""
    inside: set[int] = set()
    n = 0
    while n < len(lines):
        if COMMENT_START.match(lines[n]):
            start = n
            while n < len(lines) and "-->" not in lines[n]:
                n += 1
            inside.update(range(start, min(n, len(lines) - 1) + 1))
        n += 1
    return inside


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def loaded_index_lines(lines: list[str]) -> dict[int, str]:
    """For each 0-based line of MEMORY.md: whether Claude Code loads it at session start.

    Its rule (2.1.197): strip HTML comment blocks, trim, keep the first 200 lines, then
    if that is over 25,000 characters (UTF-16 units) cut at the last newline before.
    """
    hidden = comment_lines(lines)
    kept = [i for i in range(len(lines)) if i not in hidden]
    while kept and not lines[kept[0]].strip():
        kept.pop(0)
    while kept and not lines[kept[-1]].strip():
        kept.pop()
    verdict = {i: "no: inside an HTML comment, which Claude Code strips" for i in hidden}
    offset = 0
    budget = INDEX_CHARS
    for position, i in enumerate(kept):
        if position >= INDEX_LINES:
            verdict[i] = f"no: past the first {INDEX_LINES} lines of {INDEX}"
            continue
        end = offset + utf16_len(lines[i])
        verdict[i] = (
            f"yes (line {position + 1} of the {INDEX} text loaded at session start)"
            if end <= budget
            else f"no: past the {INDEX_CHARS:,}-character cut of {INDEX}"
        )
        offset = end + 1
    for i in range(len(lines)):
        verdict.setdefault(i, "no: blank")
    return verdict


@dataclass(slots=True)
class Block:
    """One entry of an instruction file: a list item, a paragraph or a code block."""

    text: str
    line: int  # 1-based first line
    section: str | None
    in_comment: bool


def blocks(text: str) -> list[Block]:
    lines = text.split("\n")
    hidden = comment_lines(lines)
    out: list[Block] = []
    section: str | None = None
    current: list[str] = []
    start = 0
    fenced = False

    def flush() -> None:
        body = "\n".join(current).strip()
        if body and body not in ("<!--", "-->"):
            out.append(Block(body, start + 1, section, start in hidden))
        current.clear()

    for n, line in enumerate(lines):
        if FENCE.match(line):
            if not fenced:
                flush()
                start = n
            current.append(line)
            fenced = not fenced
            if not fenced:
                flush()
            continue
        if fenced:
            current.append(line)
            continue
        stripped = line.strip()
        if stripped.startswith("#") and not stripped.startswith("#!") and n not in hidden:
            flush()
            section = stripped.lstrip("#").strip() or section
            continue
        if not stripped or LIST_ITEM.match(line) or (n in hidden) != (start in hidden):
            flush()
            start = n
            if not stripped:
                continue
        if not current:
            start = n
        current.append(line)
    flush()
    return out


def imports_of(text: str) -> list[str]:
    """``@path`` references outside code, as Claude Code reads them (``#`` fragments
    dropped, ``\\ `` unescaped)."""
    found: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        line = re.sub(r"`[^`]*`", "", line)  # code spans
        for match in IMPORT.finditer(line):
            ref = match.group(1).split("#", 1)[0].replace("\\ ", " ")
            if not ref or ref == "/":
                continue
            plausible = ref.startswith(("./", "~/", "/")) or re.match(r"[a-zA-Z0-9._-]", ref)
            if plausible and ref not in found:
                found.append(ref)
    return found


def short(text: str, size: int = 8) -> str:
    return hashlib.blake2b(normalize(text).encode(), digest_size=size // 2).hexdigest()


def file_time(path: Path) -> str | None:
    try:
        return to_iso(datetime.fromtimestamp(path.stat().st_mtime, tz=UTC))
    except (OSError, OverflowError, ValueError):
        return None
