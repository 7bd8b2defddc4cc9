"""The eleven configuration questions (docs/concepts.md), answered for one store.

Each answer is ``yes``, ``no``, ``partly`` or ``unknown`` with its evidence, drawn
from three places, strongest first:

1. the store's contents — what actually happened ("14 active memories are assistant
   messages with no approval" answers "can assistant output become memory?" whatever
   the configuration says);
2. the provider's configuration, where memaudit can read it (``Store.provider_config()``,
   or a file given with ``--config``, see ``provider_config.py``);
3. the store's policy (the native ledger's routes) and what memaudit itself can do on
   it (its adapter's capabilities).

``unknown`` means none of them says; it is never a polite "no".
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from memaudit.answers import DELETION_GAPS, Answer, Setting, add, put
from memaudit.model import SourceType
from memaudit.provider_answers import BY_ADAPTER
from memaudit.store import Capability

if TYPE_CHECKING:
    from memaudit.store import Store

QUESTIONS = [
    ("auto_write", "What is written automatically?"),
    ("assistant_output", "Can assistant output become memory?"),
    ("tool_results", "Are tool results retained automatically?"),
    ("summaries_as_facts", "Are summaries stored as facts?"),
    ("derived_marked", "Are derived facts marked as derived?"),
    ("auto_supersede", "Can old memories be superseded automatically?"),
    ("inspect", "Can a user inspect everything retained?"),
    ("deletion_derived", "Does deletion also remove derived representations?"),
    ("recall_independent", "Can auto-recall be disabled independently of auto-retain?"),
    ("approval_gate", "Is there a human approval gate?"),
    ("gate_bypass", "Can the agent itself bypass that gate?"),
]
ANSWERS = ("yes", "no", "partly", "unknown")


def answer(store: Store | None, config: dict[str, dict[str, Any]] | None = None) -> list[Answer]:
    """All eleven answers. ``config`` overrides what the store reports of its provider."""
    cfg: dict[str, dict[str, Any]] = {}
    if store is not None:
        cfg.update(store.provider_config())
    cfg.update(config or {})
    facts = _store_facts(store) if store is not None else None
    answers = {qid: Answer(qid, text) for qid, text in QUESTIONS}
    own = BY_ADAPTER.get(store.adapter_name) if store is not None else None
    if own is not None:
        # A provider with its own settings answers from them alone: never from the
        # Hermes built-in memory's keys that share its HERMES_HOME.
        own(answers, cfg)
    else:
        _from_config(answers, cfg)
        _from_wave2_config(answers, cfg)
    if store is not None and facts is not None:
        before = {qid: len(a.evidence) for qid, a in answers.items()}
        _from_store(answers, store, facts)
        # What the store's rows show says which store it read: the evidence of this
        # store, never of another.
        where = _where(store)
        for qid, a in answers.items() if not store.has(Capability.STAGE) else ():
            a.evidence[before[qid] :] = [f"{e} ({where})" for e in a.evidence[before[qid] :]]
    return [answers[qid] for qid, _ in QUESTIONS]


# -- what the store shows ------------------------------------------------------


def _where(store: Store) -> str:
    """The store's own file or folder name (a server's: its adapter's tables)."""
    location = str(store.location)
    if "://" in location:
        return f"the {store.adapter_name} tables"
    return f"{store.adapter_name} store {Path(location).name}"


def _store_facts(store: Store) -> dict[str, Any]:
    conn = store.sql_view().conn
    history = store.has(Capability.HISTORY)
    lineage = store.has(Capability.LINEAGE)

    def one(sql: str, *params: Any) -> int:
        return int(conn.execute(sql, params).fetchone()[0] or 0)

    approved = (
        "EXISTS (SELECT 1 FROM events e WHERE e.memory_id = m.id "
        "AND e.action IN ('approve', 'promote'))"
    )
    no_edge = "NOT EXISTS (SELECT 1 FROM edges e WHERE e.child_id = m.id)"
    facts: dict[str, Any] = {
        "history": history,
        "lineage": lineage,
        "active": one("SELECT count(*) FROM memories WHERE status = 'active'"),
        "assistant_active": one(
            "SELECT count(*) FROM memories WHERE status = 'active' "
            "AND source_type = 'assistant_message'"
        ),
        "tool_active": one(
            "SELECT count(*) FROM memories WHERE status = 'active' "
            "AND source_type = 'tool_observation'"
        ),
        "summary_active": one(
            "SELECT count(*) FROM memories WHERE status = 'active' AND source_type = 'summary'"
        ),
        "derived_types_active": one(
            # Derived by type, or marked derived and linked (a store whose rows say
            # "derived from" without a derived source type: Basic Memory's relations).
            "SELECT count(*) FROM memories m WHERE status = 'active' AND (source_type IN "
            "('summary', 'inference', 'reflection', 'extraction') OR "
            f"(derived = 1 AND NOT {no_edge}))"
        ),
        "superseded": one(
            "SELECT count(*) FROM memories WHERE status IN ('superseded') "
            "OR (superseded_by IS NOT NULL AND status != 'active')"
        ),
    }
    if lineage:
        facts["summary_unmarked"] = one(
            f"SELECT count(*) FROM memories m WHERE status = 'active' AND source_type = 'summary' "
            f"AND (derived = 0 OR {no_edge})"
        )
        facts["derived_unmarked"] = one(
            "SELECT count(*) FROM memories m WHERE status = 'active' AND source_type IN "
            f"('summary', 'inference', 'reflection', 'extraction') AND (derived = 0 OR {no_edge})"
        )
    if history:
        facts["assistant_unapproved"] = one(
            "SELECT count(*) FROM memories m WHERE status = 'active' "
            f"AND source_type = 'assistant_message' AND NOT {approved}"
        )
        facts["tool_unapproved"] = one(
            "SELECT count(*) FROM memories m WHERE status = 'active' "
            f"AND source_type = 'tool_observation' AND NOT {approved}"
        )
        facts["unapproved"] = one(
            f"SELECT count(*) FROM memories m WHERE status = 'active' AND NOT {approved}"
        )
        facts["approved"] = one(
            f"SELECT count(*) FROM memories m WHERE status = 'active' AND {approved}"
        )
        facts["self_approved"] = one(
            "SELECT count(DISTINCT m.id) FROM memories m JOIN events e ON e.memory_id = m.id "
            "WHERE e.action IN ('approve', 'promote') AND m.created_by IS NOT NULL "
            "AND e.actor = m.created_by"
        )
        facts["superseded_unvalidated"] = one(
            "SELECT count(*) FROM memories o WHERE (o.status IN ('superseded') OR "
            "(o.superseded_by IS NOT NULL AND o.status != 'active')) "
            "AND o.validation != 'validated' AND NOT EXISTS "
            "(SELECT 1 FROM events v WHERE v.action IN ('validate', 'resolve') "
            "AND v.memory_id IN (o.id, o.superseded_by))"
        )
    if store.has(Capability.TOMBSTONES):
        # Through `memaudit mcp`: written by an MCP client (actor mcp:<client name>), and
        # approved or promoted by one — which no tool of the server can do.
        facts["mcp_written"] = one("SELECT count(*) FROM memories WHERE created_by LIKE 'mcp:%'")
        facts["mcp_approved"] = one(
            "SELECT count(DISTINCT memory_id) FROM events WHERE action IN ('approve', 'promote') "
            "AND actor LIKE 'mcp:%'"
        )
        facts["orphaned_by_forget"] = one(
            "SELECT count(*) FROM edges e JOIN tombstones t ON t.memory_id = e.parent_id"
        )
    return facts


def _from_store(answers: dict[str, Answer], store: Store, f: dict[str, Any]) -> None:
    policy = store.policy()
    # A store whose writes pass memaudit's gate: its policy's routes say what is kept.
    native = store.has(Capability.STAGE)
    routes = {s: policy.route(s) for s in SourceType} if native else {}
    auto = [s.value for s, r in routes.items() if r == "active"]

    q = answers["auto_write"]
    if native:
        if auto:
            put(q, "yes", f"the policy writes {', '.join(auto)} straight to memory (route=active)")
        else:
            put(q, "no", "every source type is queued for review or kept transient (policy routes)")
    if f["history"] and f["unapproved"]:
        put(
            q,
            "yes" if not f["approved"] else "partly",
            f"{f['unapproved']} of {f['active']} active memories entered with no approve event",
        )

    q = answers["assistant_output"]
    if native:
        route = routes[SourceType.ASSISTANT_MESSAGE]
        if route == "active":
            put(q, "yes", "route.assistant_message = active: assistant output is stored unreviewed")
        elif route == "pending":
            put(q, "partly", "route.assistant_message = pending: after a person approves it")
        else:
            put(q, "no", "route.assistant_message = transient: refused unless a person promotes it")
    if f.get("assistant_unapproved"):
        put(
            q,
            "yes",
            f"{f['assistant_unapproved']} active memories are assistant messages nobody approved",
        )
    elif f["assistant_active"]:
        put(
            q,
            "partly",
            f"{f['assistant_active']} active memories are assistant messages"
            + (", each approved or promoted" if f["history"] else ""),
        )

    q = answers["tool_results"]
    if native:
        route = routes[SourceType.TOOL_OBSERVATION]
        put(
            q,
            "yes" if route == "active" else "no",
            f"route.tool_observation = {route}",
        )
    if f.get("tool_unapproved"):
        put(q, "yes", f"{f['tool_unapproved']} active tool observations were never approved")

    q = answers["summaries_as_facts"]
    if native:
        put(
            q,
            "no",
            f"summaries are stored marked derived with their sources (route.summary = "
            f"{routes[SourceType.SUMMARY]})",
        )
    if f.get("summary_unmarked"):
        put(
            q,
            "yes",
            f"{f['summary_unmarked']} active summaries have no derived marker or no source link",
        )
    elif "summary_unmarked" in f and f["summary_active"]:
        put(q, "no", f"all {f['summary_active']} active summaries are marked derived and linked")

    q = answers["derived_marked"]
    if not f["lineage"]:
        put(q, "no", "the store records no derivation edges")
    elif f.get("derived_unmarked"):
        put(
            q,
            "partly",
            f"{f['derived_unmarked']} of {f['derived_types_active']} active derived memories "
            "have no derived marker or no link to their sources",
        )
    else:
        put(
            q,
            "yes",
            f"all {f['derived_types_active']} active derived memories are marked and linked"
            + (" (the write gate marks them)" if native else ""),
        )

    q = answers["auto_supersede"]
    if native:
        put(q, "no", "memaudit supersedes only through `memaudit resolve` (a validation step)")
    if f.get("superseded_unvalidated"):
        put(
            q,
            "yes",
            f"{f['superseded_unvalidated']} memories were superseded with no validation event",
        )

    q = answers["inspect"]
    if store.has(Capability.LAYERS):
        layers = store.layers()
        unchecked = [
            f"{layer.name} ({layer.why_unchecked})" for layer in layers if not layer.checked
        ]
        if unchecked:
            put(
                q,
                "partly",
                f"memaudit probes {len(layers) - len(unchecked)} of {len(layers)} layers of "
                f"this {store.adapter_name} store; not checked: " + "; ".join(unchecked),
            )
        else:
            names = ", ".join(layer.name for layer in layers)
            put(q, "yes", f"memaudit probes all {len(layers)} layers of this store: {names}")
    else:
        put(
            q,
            "partly",
            f"memaudit reads the {store.adapter_name} store's memories but cannot probe its "
            "other layers",
        )

    q = answers["deletion_derived"]
    if store.has(Capability.FORGET):
        put(
            q,
            "yes",
            "`memaudit forget` removes the memory from every layer and verifies none is left",
        )
        if f.get("orphaned_by_forget"):
            put(
                q,
                "partly",
                f"{f['orphaned_by_forget']} derived memories still rest on forgotten sources",
            )
    elif not answers["deletion_derived"].evidence:
        put(q, "unknown", f"memaudit cannot forget from a {store.adapter_name} store")

    q = answers["recall_independent"]
    if native and not q.evidence:
        put(
            q,
            "yes",
            "the ledger recalls nothing on its own: retrieval is the agent's explicit call",
        )

    q = answers["approval_gate"]
    if native:
        if not auto:
            put(q, "yes", "every write is queued for review or refused (policy routes)")
        else:
            put(q, "partly", f"{', '.join(auto)} skip the review queue (route=active)")
    if f["history"] and f["active"]:
        q.evidence.append(
            f"{f['approved']} of {f['active']} active memories were approved or promoted"
        )

    q = answers["gate_bypass"]
    if native:
        if auto:
            put(q, "yes", f"the agent can write {', '.join(auto)} with no review (route=active)")
        else:
            put(
                q,
                "no",
                "the agent can only stage; approval is a separate, logged step",
            )
        q.evidence.append(_mcp_server_evidence())
        if f.get("mcp_written"):
            q.evidence.append(
                f"{f['mcp_written']} memories were written through memaudit mcp (actor mcp:...)"
            )
        if f.get("mcp_approved"):
            put(
                q,
                "yes",
                f"{f['mcp_approved']} memories were approved or promoted by an MCP client "
                "(actor mcp:...)",
            )
    if f.get("self_approved"):
        put(
            q,
            "yes",
            f"{f['self_approved']} memories were approved by the same actor that wrote them",
        )


def _mcp_server_evidence() -> str:
    """What an agent can call through `memaudit mcp` (both profiles), from the tools
    the server actually registers."""
    from memaudit.mcp import compat, tools

    names = [*tools.TOOLS, *compat.TOOLS]
    gate = [n for n in names if n in tools.GATE_TOOLS]
    if gate:
        return f"memaudit mcp offers agents {', '.join(gate)}: they can act on the gate"
    return (
        f"memaudit mcp, the server agents write through, offers {', '.join(tools.TOOLS)} "
        "(and, with --compat server-memory, the official server's nine tools: writes staged, "
        "deletes turned into forget requests): no tool approves, promotes, rejects, edits or "
        "forgets"
    )


# -- what the provider's configuration says ------------------------------------


def _from_config(answers: dict[str, Answer], cfg: dict[str, dict[str, Any]]) -> None:
    if not cfg:
        return
    gate = Setting(cfg, "memory.write_approval")
    enabled = Setting(cfg, "memory.memory_enabled")
    provider_s = Setting(cfg, "memory.provider")
    provider = str(provider_s.value or "").strip().lower()
    if provider == "hermes-memory-store":
        provider = "holographic"
    roles = Setting(cfg, "memory.mnemosyne.sync_roles")
    byterover = Setting(cfg, "memory.byterover.auto_extract")
    holo = Setting(cfg, "plugins.hermes-memory-store.auto_extract")
    retain = Setting(cfg, "hindsight.auto_retain")
    recall = Setting(cfg, "hindsight.auto_recall")
    obs = Setting(cfg, "honcho.observationMode")

    if provider_s.present:
        answers["auto_write"].evidence.append(
            f"external provider: {provider or 'none (built-in only)'} ({provider_s.source})"
        )

    auto: list[str] = []
    assistant: str | None = None
    if gate.present and enabled.value is not False and gate.value is not True:
        auto.append("the agent's own memory tool writes (MEMORY.md, USER.md)")
        assistant = "yes"
    if provider == "mnemosyne" and roles.present:
        role_list = roles.value if isinstance(roles.value, list) else str(roles.value).split(",")
        role_list = [str(r).strip() for r in role_list if str(r).strip()]
        if role_list:
            auto.append(f"Mnemosyne autosaves {', '.join(role_list)} turns")
        if "assistant" in role_list:
            assistant = "yes"
        add(answers["assistant_output"], roles.says("memory.mnemosyne.sync_roles"))
    if provider == "byterover" and byterover.value:
        auto.append("ByteRover curates every turn (user and assistant text)")
        assistant = "yes"
        add(answers["assistant_output"], byterover.says("memory.byterover.auto_extract"))
    if provider == "holographic" and holo.value:
        auto.append("Holographic extracts facts at session end")
        add(answers["auto_write"], holo.says("plugins.hermes-memory-store.auto_extract"))
    if provider == "hindsight" and retain.value:
        auto.append("Hindsight retains every conversation turn")
        assistant = "yes"
        add(answers["assistant_output"], retain.says("hindsight.auto_retain"))
    if provider == "honcho" and obs.present:
        directional = str(obs.value).lower() == "directional"
        auto.append(
            "Honcho derives conclusions from "
            + ("user and AI messages" if directional else "user messages")
        )
        if directional:
            assistant = "yes"
        add(answers["assistant_output"], obs.says("honcho.observationMode"))
    a = answers["auto_write"]
    if auto:
        a.answer = "yes"
        a.evidence.append("; ".join(auto))
    elif gate.present:
        a.answer = "no"
        a.evidence.append(gate.says("memory.write_approval"))
    if assistant:
        answers["assistant_output"].answer = assistant
        if gate.present and gate.value is not True:
            add(answers["assistant_output"], gate.says("memory.write_approval"))

    if gate.present:
        g = answers["approval_gate"]
        g.answer = "yes" if gate.value is True else "no"
        g.evidence.append(gate.says("memory.write_approval"))
        b = answers["gate_bypass"]
        if gate.value is True and provider in ("", "none"):
            b.answer = "no"
            b.evidence.append(
                "memory.write_approval stages background-review writes in pending/memory/ "
                "and prompts for foreground ones"
            )
        elif gate.value is True:
            b.answer = "yes"
            b.evidence.append(
                f"write_approval gates the built-in memory only; {provider} writes on its own"
            )
        else:
            b.answer = "yes"
            b.evidence.append("there is no gate to bypass: " + gate.says("memory.write_approval"))

    if provider == "hindsight" and retain.present and recall.present:
        r = answers["recall_independent"]
        r.answer = "yes"
        r.evidence.append(
            f"separate keys: {retain.says('hindsight.auto_retain')}; "
            f"{recall.says('hindsight.auto_recall')}"
        )
    elif enabled.present and provider in ("", "none"):
        r = answers["recall_independent"]
        r.answer = "no"
        r.evidence.append(
            "the built-in memory is injected whenever it is on: one switch, "
            + enabled.says("memory.memory_enabled")
        )
    if provider in DELETION_GAPS:
        d = answers["deletion_derived"]
        d.answer = "no"
        d.evidence.append(DELETION_GAPS[provider] + " (PROVIDERS.md)")
    if provider == "mnemosyne":
        s = answers["auto_supersede"]
        s.answer = "yes"
        s.evidence.append("Mnemosyne's consolidation supersedes by similarity (cosine > 0.88)")
    _claude_code(answers, cfg)
    _claude_mem(answers, cfg)
    _server_memory(answers, cfg)


# -- stores whose settings are not Hermes' (wave 2) -------------------------------------


def _claude_code(answers: dict[str, Answer], cfg: dict[str, dict[str, Any]]) -> None:
    """Claude Code's settings files (read by the claude_code adapter). Behaviour read from
    Claude Code 2.1.197: with auto memory on, the model decides what to save and its
    permission check allows .md writes and rm in the memory folder without asking."""
    auto = Setting(cfg, "claude_code.autoMemoryEnabled")
    if not auto.present:
        return
    says = auto.says("autoMemoryEnabled")
    on = auto.value is not False
    d = answers["deletion_derived"]
    d.answer = "no"
    d.evidence.append(DELETION_GAPS["claude_code"])
    r = answers["recall_independent"]
    r.answer = "no"
    r.evidence.append(f"one switch loads MEMORY.md and lets Claude write memory: {says}")
    if not on:
        answers["auto_write"].answer = "no"
        answers["auto_write"].evidence.append(
            f"auto memory is off ({says}); CLAUDE.md changes only when someone edits it"
        )
        answers["approval_gate"].answer = "partly"
        answers["approval_gate"].evidence.append(
            "auto memory is off; Claude's edits of CLAUDE.md go through its permission prompts"
        )
        return
    for qid, text in (
        ("auto_write", "Claude decides on its own what to save in the auto-memory folder"),
        ("assistant_output", "every auto-memory file is written by the model"),
        ("auto_supersede", "Claude rewrites or deletes memory files it judges outdated"),
        ("gate_bypass", "there is no gate: Claude's memory writes need no approval"),
    ):
        answers[qid].answer = "yes"
        answers[qid].evidence.append(f"{text} ({says})")
    g = answers["approval_gate"]
    g.answer = "no"
    g.evidence.append(
        "Claude Code allows writing and rm-ing .md files in the auto-memory folder without a "
        f"permission prompt ({says})"
    )


def _claude_mem(answers: dict[str, Answer], cfg: dict[str, dict[str, Any]]) -> None:
    """claude-mem's settings.json (read by the claude_mem adapter); behaviour read from
    claude-mem 13.25.3's worker: hooks record every prompt and tool use, an LLM writes
    observations and summaries, and nothing waits for a person."""
    skip = Setting(cfg, "claude_mem.CLAUDE_MEM_SKIP_TOOLS")
    if not skip.present:
        return
    provider = Setting(cfg, "claude_mem.CLAUDE_MEM_PROVIDER")
    inject = Setting(cfg, "claude_mem.CLAUDE_MEM_CONTEXT_OBSERVATIONS")
    for qid, value, text in (
        (
            "auto_write",
            "yes",
            "every prompt and every tool use is recorded by hooks and compressed by an LLM "
            f"({provider.says('CLAUDE_MEM_PROVIDER')})",
        ),
        (
            "assistant_output",
            "yes",
            "observations and session_summaries (claude-mem.db) are LLM output; summaries "
            "quote the assistant's last message",
        ),
        (
            "tool_results",
            "yes",
            "tool inputs and responses are stored (tool_uses) except tools listed in "
            + skip.says("CLAUDE_MEM_SKIP_TOOLS"),
        ),
        (
            "approval_gate",
            "no",
            "the worker writes what the hooks send into claude-mem.db; there is no review",
        ),
        ("gate_bypass", "yes", "there is no gate to bypass: the worker writes claude-mem.db"),
        ("deletion_derived", "no", DELETION_GAPS["claude_mem"]),
    ):
        answers[qid].answer = value
        answers[qid].evidence.append(text)
    answers["recall_independent"].evidence.append(
        "context injection has its own settings: " + inject.says("CLAUDE_MEM_CONTEXT_OBSERVATIONS")
    )


def _server_memory(answers: dict[str, Answer], cfg: dict[str, dict[str, Any]]) -> None:
    """The MCP knowledge-graph server has no settings but its file path; what it does is
    in its code (memory-server 0.6.3)."""
    path = Setting(cfg, "MEMORY_FILE_PATH")
    if not path.present:
        return
    for qid, value, text in (
        (
            "auto_write",
            "yes",
            "memory.jsonl holds whatever the agent sends through the server's tools "
            "(create_entities, add_observations, create_relations)",
        ),
        (
            "assistant_output",
            "yes",
            "every entity, observation and relation in memory.jsonl is what the model sent",
        ),
        (
            "approval_gate",
            "no",
            "the server writes memory.jsonl with no gate; only the MCP client may prompt per "
            "tool call",
        ),
        (
            "gate_bypass",
            "yes",
            "there is no gate in the server to bypass: each tool call rewrites memory.jsonl",
        ),
        (
            "recall_independent",
            "yes",
            "the server injects nothing: recall is the agent's own read_graph/search_nodes call",
        ),
        (
            "deletion_derived",
            "yes",
            "the server keeps no derived copies: delete_observations rewrites memory.jsonl "
            "without it (the MCP client's own transcript still holds the tool call)",
        ),
    ):
        answers[qid].answer = value
        answers[qid].evidence.append(text)
    answers["auto_write"].evidence.append(path.says("MEMORY_FILE_PATH"))


def _from_wave2_config(answers: dict[str, Answer], cfg: dict[str, dict[str, Any]]) -> None:
    """OpenClaw (``openclaw.json``), Letta Code (``settings.json``) and OpenMemory (its
    ``configs`` row): each read from its own configuration, keys prefixed by its name."""
    if any(k.startswith("openclaw.") for k in cfg):
        provider = Setting(cfg, "openclaw.memory.search.provider")
        dreaming = Setting(cfg, "openclaw.plugins.entries.memory-core.config.dreaming.enabled")
        where = provider.says("openclaw.memory.search.provider") if provider.present else ""
        a = answers["auto_write"]
        if dreaming.present and dreaming.value is False:
            put(
                a,
                "partly",
                "dreaming is off; the agent still appends daily notes: "
                + dreaming.says("dreaming.enabled"),
            )
        else:
            put(
                a,
                "yes",
                "dreaming (on unless plugins.entries.memory-core.config.dreaming"
                ".enabled is false) promotes recalled notes into MEMORY.md; the memory "
                "flush writes daily notes before compaction",
            )
        if where:
            add(a, f"index embeddings: {where}")
        put(
            answers["approval_gate"],
            "no",
            "OpenClaw writes memory files with no review "
            "step (DREAMS.md records promotions after the fact)",
        )
        add(answers["deletion_derived"], DELETION_GAPS["openclaw"] + " (observed)")
        answers["deletion_derived"].answer = "no"
    if any(k.startswith("letta.") for k in cfg):
        trigger = Setting(cfg, "letta.reflectionTrigger")
        a = answers["auto_write"]
        if trigger.present and str(trigger.value) != "off":
            put(
                a,
                "yes",
                "background reflection edits memory: " + trigger.says("letta.reflectionTrigger"),
            )
        elif trigger.present:
            put(
                a,
                "partly",
                "only the agent's own memory tool writes: "
                + trigger.says("letta.reflectionTrigger"),
            )
        put(
            answers["assistant_output"],
            "yes",
            "the agent writes its memory files itself (commits authored <agent>@letta.com)",
        )
        put(answers["approval_gate"], "no", "Letta's memory tools commit every write; no review")
        put(answers["recall_independent"], "no", "files under system/ are always in context")
        add(answers["deletion_derived"], DELETION_GAPS["letta"] + " (observed)")
        answers["deletion_derived"].answer = "no"
    if any(k.startswith("openmemory.") for k in cfg):
        llm = Setting(cfg, "openmemory.mem0.llm.provider")
        vectors = Setting(cfg, "openmemory.mem0.vector_store.provider")
        a = answers["auto_write"]
        put(
            a,
            "yes",
            "OpenMemory's add_memories tool tells the agent to call it whenever "
            "the user shares anything about themselves; no approval step",
        )
        if llm.present:
            add(a, "infer=True rewrites the text with " + llm.says("openmemory.mem0.llm.provider"))
        if vectors.present:
            add(
                answers["inspect"],
                "vectors in " + vectors.says("openmemory.mem0.vector_store.provider"),
            )
        put(answers["approval_gate"], "no", "add_memories stores at once (apps can only be paused)")
        add(answers["deletion_derived"], DELETION_GAPS["openmemory"] + " (observed)")
        answers["deletion_derived"].answer = "no"
