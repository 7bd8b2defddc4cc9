"""What each provider's own configuration and code say to the eleven questions.

``memaudit questions`` answers from a store's own contents first (``questions``); this
module adds what the provider's *configuration* (``Store.provider_config()``) and its
*code* decide, one function per adapter. Each function reads only its own provider's
settings and names, in every evidence line, the file, field or table of that provider
it rests on — never another provider's: a Mnemosyne database is not answered with
Hermes' built-in MEMORY.md, even when both live in one ``HERMES_HOME``.

What each function says about a provider's code was read from the version named in
docs/adapters.md (e.g. mnemosyne-memory 3.15.1's ``hermes_memory_provider``, hermes-agent
0.19.0's ``plugins/memory/holographic``, basic-memory 0.24.1, mem0ai 2.2.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from memaudit.answers import DELETION_GAPS, Answer, Setting, add, put

Answers = dict[str, Answer]
Config = dict[str, dict[str, Any]]


def _code_says(a: Answers, *rows: tuple[str, str, str]) -> None:
    """What a provider's code decides, whatever its settings: ``(question, answer, why)``."""
    for qid, value, why in rows:
        put(a[qid], value, why)


def _roles(value: Any) -> list[str]:
    items = value if isinstance(value, list) else str(value or "").split(",")
    return [str(r).strip() for r in items if str(r).strip()]


def mnemosyne(a: Answers, cfg: Config) -> None:
    """mnemosyne-memory 3.15.1: its plugin config (``mnemosyne/data/config.yaml``, keys
    ``mnemosyne.*``) and the Hermes provider's gate (``memory.write_approval`` in
    HERMES_HOME/config.yaml, which ``hermes_memory_provider`` reads itself)."""
    roles = Setting(cfg, "mnemosyne.sync_roles")
    sleep = Setting(cfg, "mnemosyne.auto_sleep_enabled")
    refresh = Setting(cfg, "mnemosyne.sleep_model_refresh_auto_apply")
    conflict = Setting(cfg, "mnemosyne.llm_conflict_detection")
    gate = Setting(cfg, "memory.write_approval")
    auto = []
    if roles.present and _roles(roles.value):
        auto.append(
            f"sync_turn saves every {', '.join(_roles(roles.value))} turn: "
            + roles.says("sync_roles")
        )
        if "assistant" in _roles(roles.value):
            put(a["assistant_output"], "yes", roles.says("sync_roles"))
    if sleep.present and sleep.value:
        auto.append(
            "sleep() consolidates working memory into episodic summaries: "
            + sleep.says("auto_sleep_enabled")
        )
    if auto:
        put(a["auto_write"], "yes", "; ".join(auto))
    if refresh.present and refresh.value:
        put(
            a["auto_supersede"],
            "yes",
            "sleep's model-refresh proposals are applied without review: "
            + refresh.says("sleep_model_refresh_auto_apply"),
        )
    elif conflict.present:
        add(a["auto_supersede"], conflict.says("llm_conflict_detection"))
    if gate.present:
        if gate.value is True:
            put(
                a["approval_gate"],
                "partly",
                "mnemosyne_remember and mnemosyne_batch are staged in pending/memory/ "
                "(sync_turn and sleep are not): " + gate.says("memory.write_approval"),
            )
            put(
                a["gate_bypass"],
                "yes",
                "the agent can commit its own staged writes with the mnemosyne_apply_pending "
                "tool (hermes_memory_provider)",
            )
        else:
            put(
                a["approval_gate"],
                "no",
                "mnemosyne_remember writes to working_memory at once: "
                + gate.says("memory.write_approval"),
            )
            put(a["gate_bypass"], "yes", "there is no gate: " + gate.says("memory.write_approval"))
    put(a["deletion_derived"], "no", DELETION_GAPS["mnemosyne"] + " (observed: fixture)")


def holographic(a: Answers, cfg: Config) -> None:
    """hermes-agent 0.19.0 ``plugins/memory/holographic``: settings under
    ``plugins.hermes-memory-store`` in the config.yaml beside ``memory_store.db``."""
    extract = Setting(cfg, "plugins.hermes-memory-store.auto_extract")
    if extract.present:
        if extract.value:
            put(
                a["auto_write"],
                "yes",
                "facts are extracted from the conversation at session end: "
                + extract.says("auto_extract"),
            )
        else:
            put(
                a["auto_write"],
                "no",
                "facts are added only by the agent's fact_store tool calls: "
                + extract.says("auto_extract"),
            )
    _code_says(
        a,
        ("approval_gate", "no", "fact_store's add writes to the facts table at once"),
        ("gate_bypass", "yes", "there is no gate in the facts store (memory_store.db) to bypass"),
        ("auto_supersede", "no", "the facts table has no supersession or expiry column"),
        ("deletion_derived", "no", DELETION_GAPS["holographic"] + " (observed: fixture)"),
    )


def basic_memory(a: Answers, cfg: Config) -> None:
    """basic-memory 0.24.1: ``config.json`` beside ``memory.db``; notes change only when a
    person or an agent writes them (``write_note``, ``edit_note``, the files)."""
    sync = Setting(cfg, "sync_changes")
    index = Setting(cfg, "index_changes")
    overwrite = Setting(cfg, "write_note_overwrite_default")
    put(
        a["auto_write"],
        "no",
        "Basic Memory extracts nothing on its own: observations are the lines of notes someone "
        "wrote (a person, or an agent through write_note/edit_note)",
    )
    if index.present:
        add(
            a["auto_write"],
            "edited files are re-indexed into memory.db: " + index.says("index_changes"),
        )
    if sync.present:
        add(a["auto_write"], sync.says("sync_changes"))
    put(
        a["approval_gate"],
        "no",
        "write_note and edit_note write the markdown file and memory.db at once",
    )
    if overwrite.present:
        add(a["approval_gate"], overwrite.says("write_note_overwrite_default"))
    put(a["gate_bypass"], "yes", "there is no gate: an agent's write_note is stored as written")
    put(
        a["auto_supersede"],
        "no",
        "Basic Memory never supersedes: an observation changes only when its note is edited "
        "(entity/observation rows follow the file)",
    )
    put(
        a["recall_independent"],
        "yes",
        "Basic Memory injects nothing: recall is the agent's own search_notes/build_context call",
    )
    put(
        a["deletion_derived"],
        "no",
        "delete_note leaves the note's terms in search_index FTS5 segments and its "
        "accepted_project_note_change rows (observed: fixture)",
    )


def mem0(a: Answers, cfg: Config) -> None:
    """mem0ai 2.2.1 ``Memory``: no configuration file on disk; what its code does."""
    _code_says(
        a,
        (
            "approval_gate",
            "no",
            "Memory.add() writes the Qdrant point and a history.db ADD row at once; mem0 has "
            "no review step",
        ),
        ("gate_bypass", "yes", "there is no gate in mem0 to bypass"),
        (
            "auto_supersede",
            "yes",
            "with infer=True mem0's LLM decides UPDATE and DELETE of existing memories "
            "(history.db event column)",
        ),
        (
            "derived_marked",
            "partly",
            "an infer=True memory's payload names nothing it came from; only a caller's own "
            "metadata (derived_from, summary_of) does",
        ),
        ("deletion_derived", "no", DELETION_GAPS["mem0"] + " (history.db; observed: fixture)"),
        (
            "recall_independent",
            "yes",
            "mem0 injects nothing: recall is the application's own Memory.search() call",
        ),
    )


def langgraph(a: Answers, cfg: Config) -> None:
    """langgraph-checkpoint-sqlite 3.1.2 ``SqliteStore``: a key-value store the
    application writes; it has no settings of its own about memory."""
    _code_says(
        a,
        (
            "auto_write",
            "unknown",
            "the store table holds what the application put(); whether that is automatic "
            "is the application's choice, not recorded",
        ),
        ("approval_gate", "no", "SqliteStore.put() writes the store row at once"),
        ("gate_bypass", "yes", "there is no gate in SqliteStore to bypass"),
        ("auto_supersede", "no", "put() overwrites a key in place; nothing supersedes another key"),
        (
            "recall_independent",
            "yes",
            "the store injects nothing: recall is the application's own search()/get() call",
        ),
        (
            "deletion_derived",
            "no",
            "delete() leaves the item's store_vectors row (PRAGMA foreign_keys is off; "
            "observed: fixture)",
        ),
    )


def hindsight(a: Answers, cfg: Config) -> None:
    """hindsight-api 1.1.0: bank settings (``banks.config``) and its retain pipeline."""
    put(
        a["auto_write"],
        "yes",
        "retain() has Hindsight's LLM extract world and experience facts into memory_units "
        "and consolidate them into observations, with no review",
    )
    for key, entry in sorted(cfg.items()):
        if key.startswith("bank.") and "observation" in key:
            add(a["auto_write"], f"{key} = {entry.get('value')!r} ({entry.get('source')})")
    _code_says(
        a,
        ("approval_gate", "no", "retain() stores extracted facts in memory_units at once"),
        ("gate_bypass", "yes", "there is no gate in Hindsight to bypass"),
        (
            "auto_supersede",
            "yes",
            "consolidation moves facts it judges outdated to invalidated_memory_units",
        ),
        ("deletion_derived", "no", DELETION_GAPS["hindsight"] + " (observed: fixture)"),
    )


def honcho(a: Answers, cfg: Config) -> None:
    """Honcho's server: the deriver writes conclusions (``documents``) from messages."""
    _code_says(
        a,
        (
            "auto_write",
            "yes",
            "the deriver turns every message of an observed peer into documents "
            "(conclusions) with no review",
        ),
        ("approval_gate", "no", "documents are written by the deriver, not reviewed"),
        ("gate_bypass", "yes", "there is no gate in Honcho to bypass"),
        ("deletion_derived", "no", DELETION_GAPS["honcho"] + " (observed: fixture)"),
    )


def byterover(a: Answers, cfg: Config) -> None:
    """byterover-cli 3.14.0 driven by Hermes' ByteRover provider: ``.brv/config.json``
    and ``memory.byterover.auto_extract`` (read by that provider)."""
    extract = Setting(cfg, "memory.byterover.auto_extract")
    review = Setting(cfg, "reviewDisabled")
    if extract.present:
        if extract.value:
            put(
                a["auto_write"],
                "yes",
                "every turn is curated into the context tree: " + extract.says("auto_extract"),
            )
            put(
                a["assistant_output"],
                "yes",
                "curated turns read 'User: ...\\nAssistant: ...': " + extract.says("auto_extract"),
            )
        else:
            put(a["auto_write"], "no", extract.says("auto_extract"))
    if review.present:
        gate = "no" if review.value else "partly"
        put(
            a["approval_gate"],
            gate,
            "curate operations marked needsReview wait in the curate-log: "
            + review.says("reviewDisabled"),
        )
    put(a["deletion_derived"], "no", DELETION_GAPS["byterover"] + " (observed: fixture)")


# Adapter name -> what its provider's configuration and code say.
BY_ADAPTER: dict[str, Callable[[Answers, Config], None]] = {
    "mnemosyne": mnemosyne,
    "holographic": holographic,
    "basic_memory": basic_memory,
    "mem0": mem0,
    "langgraph": langgraph,
    "hindsight": hindsight,
    "honcho": honcho,
    "byterover": byterover,
}
