"""One answer to one of the eleven questions, and how evidence raises it.

Shared by ``questions`` (what a store's contents show) and ``provider_answers`` (what
each provider's configuration and code decide).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# What PROVIDERS.md records about deletion in each provider (read from their source).
DELETION_GAPS = {
    "mnemosyne": "Mnemosyne's forget() leaves episodic summaries, gists, facts and events",
    "honcho": "Honcho conclusions re-derive after delete; peer cards are never touched",
    "hindsight": "Hindsight leaves documents.original_text and chunks.chunk_text",
    "byterover": "ByteRover leaves review backups, curate-log input and _index.md summaries",
    "holographic": "Holographic's remove_fact leaves orphan entities and FTS terms",
    "mem0": "mem0 delete leaves the text in its history table",
    "claude_code": "deleting a memory file (Claude's rm, or by hand) leaves its text in the "
    "session transcripts (projects/<key>/*.jsonl), and in prompt history (history.jsonl) "
    "and file history (file-history/) when those hold it",
    "claude_mem": "claude-mem's delete removes one SQL row: Chroma's documents, the session "
    "summary, the prompt and the tool use keep the text",
    "openclaw": "OpenClaw's reindex after a line is deleted leaves FTS terms and the memory "
    "plugin's recall records (snippet, concept tags)",
    "letta": "a Letta Code memory file deleted from MemFS stays in git history and backups",
    "openmemory": "OpenMemory's delete only sets state='deleted': the row keeps its full text",
}


@dataclass(slots=True)
class Answer:
    id: str
    question: str
    answer: str = "unknown"
    evidence: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": self.question,
            "answer": self.answer,
            "evidence": self.evidence,
        }


class Setting:
    """One configuration value and where it came from."""

    def __init__(self, cfg: dict[str, dict[str, Any]], key: str) -> None:
        entry = cfg.get(key)
        self.present = entry is not None
        self.value = entry.get("value") if entry else None
        self.source = str(entry.get("source", "?")) if entry else ""

    def says(self, key: str) -> str:
        return f"{key} = {self.value!r} ({self.source})"


def put(a: Answer, value: str, evidence: str) -> None:
    """Raise an answer towards what the evidence shows; store facts come last and win
    over a configuration that claims otherwise."""
    a.answer = value
    add(a, evidence)


def add(a: Answer, evidence: str) -> None:
    if evidence not in a.evidence:
        a.evidence.append(evidence)
