"""Claude Code memory: the CLAUDE.md hierarchy, auto memory, and the session transcripts.

Read from Claude Code 2.1.197 (npm ``@anthropic-ai/claude-code``; the layout is in its
bundled code, and the fixture was written by the binary itself):

- **config dir**: ``$CLAUDE_CONFIG_DIR`` or ``~/.claude``; ``~/.claude.json`` beside it
  (or inside ``$CLAUDE_CONFIG_DIR``).
- **instruction files** loaded at session start: the user's ``<config>/CLAUDE.md`` and
  ``<config>/rules/**/*.md``; for every folder from the filesystem root down to the
  project, ``CLAUDE.md``, ``.claude/CLAUDE.md``, ``.claude/rules/**/*.md`` and
  ``CLAUDE.local.md``; ``@path`` imports in their text (not in code), up to 5 deep,
  text files only, each file at most 4 MiB; HTML comment blocks are stripped; a rule
  file whose front matter has ``paths:`` loads only when matching files are touched.
- **auto memory**: ``<config>/projects/<key>/memory/`` (``<key>`` = the project's git
  root — or folder — with every character outside ``[A-Za-z0-9]`` replaced by ``-``;
  over 200 characters: cut, ``-`` and a base-36 hash), or the folder the setting
  ``autoMemoryDirectory`` names (policy, local, project, then user settings). One fact
  per topic file (front matter ``name``, ``description``, ``metadata.type`` user |
  feedback | project | reference, and ``originSessionId``, which Claude Code adds), and
  ``MEMORY.md``, one ``- [Title](file.md) — hook`` line per memory. Only MEMORY.md is
  loaded at session start: its first 200 lines, then cut at the last newline before
  25,000 characters. Claude writes (and ``rm``-s) ``.md`` files there without asking.
  ``autoMemoryEnabled: false`` (or ``CLAUDE_CODE_DISABLE_AUTO_MEMORY``) turns it off.
- **transcripts**: ``<config>/projects/<key>/<session>.jsonl`` (and subagents'), one JSON
  object per line: every prompt, every tool call with its full input (a ``Write`` of a
  memory file holds the whole file), every tool result. Deleting a memory never touches
  them. Also ``<config>/history.jsonl`` (typed prompts), ``file-history/`` (copies of
  files before an edit), ``paste-cache/``.

Mapping (docs/adapters.md, "Claude Code memory"): a topic file is one memory
(``inference``: the model wrote it, from what it read or concluded; Claude Code records
the session, not who stated the fact); each MEMORY.md line is a ``summary`` memory with a
``summarizes`` edge to the file it points to; each list item or paragraph of an
instruction file is an ``external_document`` memory (its author is not recorded). The
transcripts give each auto-memory file its history (every Write, Edit and rm).

Where things are: ``paths`` (where Claude Code keeps things), ``markdown`` (reading its
markdown as it does), ``transcripts`` (tool writes and probing JSON Lines), ``store``
(the ``Store``) and ``adapter`` (detect and open).
"""

from __future__ import annotations

from memaudit.adapters.claude_code.adapter import ClaudeCodeAdapter
from memaudit.adapters.claude_code.markdown import blocks, imports_of, loaded_index_lines
from memaudit.adapters.claude_code.paths import base36, js_hash, project_key
from memaudit.adapters.claude_code.store import ClaudeCodeStore

__all__ = [
    "ClaudeCodeAdapter",
    "ClaudeCodeStore",
    "base36",
    "blocks",
    "imports_of",
    "js_hash",
    "loaded_index_lines",
    "project_key",
]
