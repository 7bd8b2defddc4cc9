"""``state.db``, Hermes' session transcripts: a layer per table and index that can
hold what was said."""

from __future__ import annotations

from pathlib import Path

from memaudit.adapters.support import file_probe, sqlite_probe
from memaudit.store import Layer

MESSAGE_TEXT = [
    "content",
    "tool_calls",
    "reasoning",
    "reasoning_content",
    "reasoning_details",
    "codex_reasoning_items",
    "codex_message_items",
    "api_content",
]


def transcript_layers(db: Path) -> list[Layer]:
    """``state.db``: messages (text and tool-call arguments), session titles and system
    prompts, the FTS5 indexes over messages (word and trigram) with their content
    copies, and the file's raw bytes."""
    names = file_probe.table_set(db)
    out: list[Layer] = []
    if "messages" in names:
        out.append(
            sqlite_probe.column_layer(
                "transcripts",
                db,
                "messages",
                text_columns=file_probe.present_columns(db, "messages", MESSAGE_TEXT),
                key_column="id",
                kind="transcripts",
                description="state.db messages: what was said, and tool-call arguments",
            )
        )
    if "sessions" in names:
        cols = file_probe.present_columns(db, "sessions", ["title", "system_prompt"])
        if cols:
            out.append(
                sqlite_probe.column_layer(
                    "transcript sessions",
                    db,
                    "sessions",
                    text_columns=cols,
                    key_column="id",
                    kind="transcripts",
                    description="state.db sessions: titles and system prompts (which embed "
                    "the memory files at session start)",
                )
            )
    for table in sorted(names):
        if not table.endswith("_content") or table[: -len("_content")] + "_data" not in names:
            continue
        fts = table[: -len("_content")]
        cols = [c for c in file_probe.present_columns(db, table, ["c0", "c1", "c2"])]
        out.append(
            sqlite_probe.column_layer(
                f"transcript index copy {fts}",
                db,
                table,
                text_columns=cols,
                key_column="id",
                kind="fts",
                description=f"state.db {table}: the FTS5 table's own copy of the text",
            )
        )
    conn = None
    try:
        conn = sqlite_probe.connect_ro(db)
        fts_tables = sqlite_probe.fts5_tables(conn)
        sql = {
            r[0]: (r[1] or "")
            for r in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        }
    except Exception:
        fts_tables, sql = [], {}
    finally:
        if conn is not None:
            conn.close()
    for fts in fts_tables:
        if "trigram" in sql.get(fts, "").lower():
            out.append(file_probe.trigram_layer(f"transcript index {fts}", db, fts))
        else:
            out.append(sqlite_probe.fts5_layer(f"transcript index {fts}", db, fts))
    out.append(sqlite_probe.raw_bytes_layer("transcript raw bytes", [db]))
    return out
