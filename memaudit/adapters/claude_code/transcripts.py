"""Session transcripts: the Write, Edit and rm of each memory file (its history),
and probing JSON Lines files for a needle."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memaudit import confined, storejson
from memaudit.adapters.claude_code.paths import MAX_LINE_BYTES, WRITE_TOOLS
from memaudit.adapters.support import file_probe
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.adapters.support.bounded import FileReader
from memaudit.clock import store_time
from memaudit.store import Needle, Residue

# -- transcripts ----------------------------------------------------------------------


@dataclass(slots=True)
class ToolWrite:
    """One tool call of a session that wrote or removed a file."""

    session: str
    transcript: str  # shown path:line
    at: str | None
    tool: str
    action: str  # write | edit | delete
    path: str
    prompt: str | None  # the user's prompt of that turn, as stored


def transcript_lines(path: Path, reader: FileReader) -> Iterator[tuple[int, bytes]]:
    """(line number, raw line) of a JSONL file, streamed; over-long lines skipped."""
    if not reader.regular_file(path):
        return
    try:
        with confined.open_binary(path, root=None) as fh:
            for number, raw in enumerate(fh, 1):
                if len(raw) > MAX_LINE_BYTES:
                    reader.refuse(path, f"line {number} longer than {MAX_LINE_BYTES:,} bytes")
                    continue
                yield number, raw
    except confined.Unsafe as exc:
        reader.refuse(path, exc.message)
    except OSError as exc:
        reader.refuse(path, f"cannot read it ({exc.strerror or type(exc).__name__})")


def _json(raw: bytes) -> dict[str, Any] | None:
    try:
        item = storejson.loads(raw)
    except (ValueError, RecursionError):
        return None
    return item if isinstance(item, dict) else None


def _prompt_of(raw: bytes | None) -> str | None:
    item = _json(raw) if raw is not None else None
    message = item.get("message") if item is not None else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else None


def tool_writes(
    path: Path, shown: str, reader: FileReader, wanted: tuple[bytes, ...]
) -> list[ToolWrite]:
    """Write/Edit/rm tool calls in one transcript (one streamed pass) whose line mentions
    one of ``wanted``; a prompt line is decoded only when a write follows it."""
    out: list[ToolWrite] = []
    prompt_raw: bytes | None = None
    for number, raw in transcript_lines(path, reader):
        if b'"type":"user"' in raw and b'"tool_result"' not in raw:
            prompt_raw = raw
            continue
        if b'"tool_use"' not in raw or not any(w in raw for w in wanted):
            continue
        item = _json(raw)
        if item is None:
            continue
        message = item.get("message") if isinstance(item.get("message"), dict) else {}
        content = message.get("content") if isinstance(message, dict) else None
        if item.get("type") != "assistant" or not isinstance(content, list):
            continue
        prompt = _prompt_of(prompt_raw)
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue
            name = str(block.get("name") or "")
            found_args = block.get("input")
            args: dict[str, Any] = found_args if isinstance(found_args, dict) else {}
            stamp = store_time(item.get("timestamp"))
            session = str(item.get("sessionId") or path.stem)
            where = f"{shown}:{number}"
            if name in WRITE_TOOLS and isinstance(args.get("file_path"), str):
                out.append(
                    ToolWrite(
                        session, where, stamp, name, WRITE_TOOLS[name], args["file_path"], prompt
                    )
                )
            elif name == "Bash" and isinstance(args.get("command"), str):
                command = args["command"]
                if re.match(r"\s*rm\s", command):
                    for word in command.split()[1:]:
                        if not word.startswith("-"):
                            out.append(
                                ToolWrite(session, where, stamp, name, "delete", word, prompt)
                            )
    return out


def probe_jsonl(
    layer: str, files: list[tuple[Path, str]], reader: FileReader, needle: Needle
) -> list[Residue]:
    """Needle texts and id forms in JSON-lines files: each line whose raw bytes hold
    every significant token is decoded, and each string in it compared."""
    texts = sp.needle_texts(needle)
    id_forms = [i for i in needle.ids if len(i) >= 4]
    prefilters = [[t.encode() for t in sp.significant_tokens(text)] for text in texts]
    out: list[Residue] = []
    for path, shown in files:
        hits = 0
        for number, raw in transcript_lines(path, reader):
            lower = raw.lower()
            maybe_text = any(toks and all(t in lower for t in toks) for toks in prefilters)
            maybe_id = [i for i in id_forms if i.encode() in raw]
            if not maybe_text and not maybe_id:
                continue
            item = _json(raw)
            strings = (
                list(file_probe._strings(item))
                if item is not None
                else [("$", raw.decode("utf-8", "replace"))]
            )
            found = False
            for where, value in strings:
                for text in texts if maybe_text else []:
                    how = sp.text_match(text, value)
                    if how:
                        out.append(Residue(layer, f"{shown}:{number} {where}", how))
                        found = True
                        break
                for mid in maybe_id:
                    if mid in value:
                        out.append(Residue(layer, f"{shown}:{number} {where}", "id", sp.label(mid)))
                        found = True
            hits += found
            if hits >= sp.MAX_HITS:
                break
    return out
