"""The verdicts of probes 1-4: what the article expects, what happened, and the
configuration that explains it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from memaudit.model import Memory, SourceType
from memaudit.probe.markers import GuidedMarkers
from memaudit.probe.report import (
    COPY,
    HISTORY,
    ROWS,
    ProbeResult,
    Verdict,
)
from memaudit.store import Layer
from memaudit.trust import DERIVED_TYPES

if TYPE_CHECKING:
    from memaudit.store import Store
from memaudit.probe.evidence import Found, _find, _ids, _where
from memaudit.suggestion import command


@dataclass(slots=True)
class _Context:
    store: Store
    m: GuidedMarkers
    answers: dict[str, Any]
    settings: dict[str, dict[str, Any]]
    layers: list[Layer]
    memories: list[Memory]
    skipped: set[int]
    new_ids: set[str]

    def find(self, text: str, *, whole_number: bool = False) -> Found:
        return _find(self.memories, self.layers, text, whole_number=whole_number)

    @property
    def keeps_history(self) -> bool:
        """The store keeps session transcripts: what the person said can be found."""
        return any(layer.kind == "transcripts" and layer.checked for layer in self.layers)

    def said(self, found: Found) -> bool | None:
        """Did the person say it? True/False when the store keeps session history,
        None when nothing could tell."""
        if found.anywhere:
            return True
        return False if self.keeps_history else None

    def config_lines(self, *qids: str) -> list[str]:
        out = []
        for qid in qids:
            a = self.answers.get(qid)
            if a is not None and a.evidence:
                out.append(f"{a.question} {a.answer}: " + "; ".join(a.evidence))
        return out

    def setting(self, key: str) -> Any:
        entry = self.settings.get(key)
        return entry.get("value") if entry else None

    @property
    def provider(self) -> str:
        return self.store.adapter_name


def _skipped(ctx: _Context, n: int, title: str, expectation: str, looked: str) -> ProbeResult:
    return ProbeResult(
        n,
        title,
        expectation,
        f"you skipped step {n} (--skip {n})",
        Verdict.NOT_APPLICABLE,
        looked_for=looked,
    )


def _not_said(n: int, title: str, expectation: str, looked: str, what: str) -> ProbeResult:
    return ProbeResult(
        n,
        title,
        expectation,
        f"{what} appears nowhere in the store, not even in its session history: step {n} "
        "was not done (or not in this agent); do it and check again",
        Verdict.NOT_APPLICABLE,
        looked_for=looked,
    )


# What would change each outcome, by adapter (the store the marker was looked for in).
CAPTURE_OFF = {
    "hermes": "memory.write_approval: true in config.yaml — the agent's own memory writes "
    "then wait in pending/memory/ for `memaudit review`",
    "mnemosyne": "memory.mnemosyne.sync_roles: [] in Hermes' config.yaml — Mnemosyne stops "
    "saving conversation turns on its own",
    "byterover": "memory.byterover.auto_extract: false — ByteRover stops curating every turn",
    "holographic": "plugins.hermes-memory-store.auto_extract: false — no fact extraction at "
    "session end",
    "hindsight": "auto_retain: false in hindsight/config.json",
    "honcho": "Honcho derives from every message it is sent: stop sending the session "
    "(observe_me: false for the user's peer)",
    "native": "route.user_statement = pending (`memaudit policy set route.user_statement "
    "pending`), and have the agent stage only what the user asks to keep",
}
GATE = {
    "hermes": "memory.write_approval: true in config.yaml holds every write for review",
    "native": "the default routes (pending, transient for model conclusions) hold writes "
    "for review: `memaudit policy` shows them",
}


def _advice(table: dict[str, str], provider: str, fallback: str) -> str:
    return table.get(provider, fallback)


def _probe1(ctx: _Context) -> ProbeResult:
    n, title = 1, "Ordinary fact, not asked to be remembered"
    expectation = (
        "not written to memory: nothing is captured unless asked (auto-capture off, the "
        "preferred policy); in a new session the agent does not know it"
    )
    looked = ctx.m.ordinary
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("auto_write", "approval_gate")
    off = _advice(
        CAPTURE_OFF,
        ctx.provider,
        "turn off the provider's automatic capture, or put a review step before it "
        "(`memaudit questions` shows what it writes on its own)",
    )
    if ctx.provider == "hermes" and ctx.setting("memory.write_approval") is True:
        off = (
            "memory.write_approval is already on, yet the entry reached the memory file: it "
            "went past the gate (approved from the queue, or written outside the memory tool)"
        )
    if ctx.said(found) is False:
        return _not_said(n, title, expectation, looked, "The fact")
    if found.in_memory:
        where = found.where_remembered()
        return ProbeResult(
            n,
            title,
            expectation,
            f"captured: the fact was written to memory ({where}) though nobody asked",
            Verdict.FAIL,
            found.evidence(),
            config,
            off,
            looked,
        )
    if found.pending:
        happened = (
            f"the agent staged it ({_ids(found.pending)}), but it waits for review: "
            "nothing reached memory — reject it (`memaudit reject ID --reason probe`)"
        )
    elif found.hits(HISTORY):
        happened = "kept only as session history (evidence, not memory)"
    else:
        happened = "not written anywhere memaudit can see"
        if ctx.said(found) is None:
            happened += (
                " (this store keeps no session history, so memaudit cannot tell it was said)"
            )
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS,
        found.evidence(),
        config,
        "a setting that writes conversation to memory on its own (auto-capture) would "
        "make this fail",
        looked,
    )


def _probe2(ctx: _Context) -> ProbeResult:
    n, title = 2, 'Explicit "remember"'
    expectation = (
        "stored as a memory the agent recalls: in a new session it answers "
        f"{ctx.m.remember} (memaudit checks the store; the answer is yours to see)"
    )
    looked = ctx.m.remember
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("approval_gate")
    enabled = ctx.setting("memory.memory_enabled")
    if enabled is False:
        config.append("memory.memory_enabled = False: the built-in memory is off")
    if ctx.said(found) is False:
        return _not_said(n, title, expectation, looked, "The fact")
    if found.in_memory:
        where = found.where_remembered()
        return ProbeResult(
            n,
            title,
            expectation,
            f"stored ({where}); ask in a new session to see it recalled",
            Verdict.PASS,
            found.evidence(),
            config,
            "memory.write_approval: true would hold it for review first"
            if ctx.provider == "hermes"
            else "",
            looked,
        )
    if found.pending:
        return ProbeResult(
            n,
            title,
            expectation,
            f"waiting for review ({_ids(found.pending)}): not recalled until someone approves it",
            Verdict.FAIL,
            found.evidence(),
            config,
            f"approve it (`{command('approve', found.pending[0].id)}`); "
            + _advice(GATE, ctx.provider, "the provider's approval gate holds every write"),
            looked,
        )
    happened = (
        "only in session history: it is not memory (session search might still find it)"
        if found.hits(HISTORY)
        else "not stored anywhere memaudit can see"
    )
    change = (
        "memory.memory_enabled: true in config.yaml"
        if enabled is False
        else "the agent did not write it: make sure its memory tool is enabled and allowed"
    )
    return ProbeResult(
        n, title, expectation, happened, Verdict.FAIL, found.evidence(), config, change, looked
    )


def _probe3(ctx: _Context) -> ProbeResult:
    n, title = 3, "An inference, never stated"
    m = ctx.m
    expectation = (
        f"the conclusion (the brother's locker is number {m.conclusion}) does not appear as "
        "a standalone fact; if kept at all, it is marked as an inference with its premises"
    )
    looked = m.conclusion
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    premise = ctx.find(f"{m.depot} depot is number {m.locker}")
    found = ctx.find(looked, whole_number=True)
    # Only records written since the probe started can hold this run's conclusion.
    found.records = [r for r in found.records if r.id in ctx.new_ids]
    config = ctx.config_lines("derived_marked", "approval_gate")
    standalone = [r for r in found.remembered if not _marked_derived(r)]
    marked = [r for r in found.remembered if _marked_derived(r)]
    evidence = found.evidence(places=(ROWS, COPY, HISTORY))
    if not found.records and not found.copies and ctx.said(premise) is False:
        return _not_said(n, title, expectation, looked, "The first premise")
    premises = (
        f"premise stored in {_ids(premise.remembered)}; "
        if premise.remembered
        else "premises not stored; "
    )
    if standalone:
        return ProbeResult(
            n,
            title,
            expectation,
            premises + f"the conclusion was stored as a fact of its own ({_ids(standalone)}: "
            f"source {standalone[0].source_type.value}, nothing marks it derived)",
            Verdict.FAIL,
            evidence,
            config,
            _advice(
                {
                    "native": "route.inference = transient (the default): model conclusions "
                    "are refused unless a person promotes them, and then marked derived",
                    "hermes": "memory.write_approval: true — a person sees the conclusion "
                    "before it is stored (Hermes cannot mark an entry as derived)",
                },
                ctx.provider,
                "a review step for model-written memories, or a provider that records "
                "what a memory was derived from",
            ),
            looked,
        )
    copies = found.copies
    if copies and not marked:
        return ProbeResult(
            n,
            title,
            expectation,
            premises + f"the conclusion sits in derived copies ({_where(found)})",
            Verdict.FAIL,
            evidence,
            config,
            "a provider setting that stops model-side extraction (see `memaudit questions`)",
            looked,
        )
    if marked:
        happened = premises + (
            f"the conclusion was stored marked as derived ({_ids(marked)}: source "
            f"{marked[0].source_type.value})"
        )
    elif found.pending:
        happened = premises + (
            f"the conclusion waits for review ({_ids(found.pending)}): reject it, or approve "
            "it only as an inference"
        )
    else:
        happened = premises + "the conclusion is not in memory"
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS,
        evidence,
        config,
        "an extractor or reflection pass that stores model conclusions unmarked would make "
        "this fail",
        looked,
    )


def _marked_derived(memory: Memory) -> bool:
    return memory.derived or memory.source_type in DERIVED_TYPES


def _probe4(ctx: _Context) -> ProbeResult:
    n, title = 4, "A distinctive tool command"
    m = ctx.m
    a = ctx.answers.get("tool_results")
    retains = (
        ctx.store.policy().route(SourceType.TOOL_OBSERVATION) == "active"
        if ctx.provider == "native"
        else _config_says_retained(ctx)
    )
    expectation = (
        f"tool results retained as configured: the output {m.tool_output} "
        + ("is stored in memory" if retains else "is not stored in memory on its own")
        + (
            ""
            if retains or (a is not None and a.answer == "no")
            else " (configuration silent: judged by the preferred policy (docs/concepts.md), tool results "
            "not retained automatically)"
        )
    )
    looked = m.tool_output
    if n in ctx.skipped:
        return _skipped(ctx, n, title, expectation, looked)
    found = ctx.find(looked)
    config = ctx.config_lines("tool_results")
    if not found.anywhere:
        asked = ctx.find(f"{m.tool_word}-$(({m.factor_a} * {m.factor_b}))")
        if ctx.said(asked) is False:
            return _not_said(n, title, expectation, looked, "The command")
        if asked.anywhere:
            return ProbeResult(
                n,
                title,
                expectation,
                f"the request is there, its output ({looked}) nowhere: the agent did not run "
                "the command, or nothing logs tool results",
                Verdict.NOT_APPLICABLE,
                asked.evidence(),
                config,
                "",
                looked,
            )
    logged = " and logged in session history" if found.hits(HISTORY) else ""
    if found.in_memory:
        happened = (
            f"the output was stored in memory ({_ids(found.remembered) or _where(found)}){logged}"
        )
    elif found.pending:
        happened = f"the output waits for review ({_ids(found.pending)}){logged}"
    elif found.hits(HISTORY):
        happened = "logged in session history only (evidence, not memory)"
    else:
        happened = "not stored anywhere memaudit can see"
        if not ctx.keeps_history:
            happened += " (this store keeps no session history: memaudit cannot tell it ran)"
    ok = found.in_memory == retains
    change = (
        _advice(
            {"native": "route.tool_observation = pending (the default)"},
            ctx.provider,
            "turn the provider's tool-result capture off",
        )
        if found.in_memory and not retains
        else (
            "" if ok else "the provider's tool-result capture is configured on but stored nothing"
        )
    )
    return ProbeResult(
        n,
        title,
        expectation,
        happened,
        Verdict.PASS if ok else Verdict.FAIL,
        found.evidence(),
        config,
        change,
        looked,
    )


def _config_says_retained(ctx: _Context) -> bool:
    """Only a configuration that says so makes retention expected (never store facts)."""
    from memaudit import questions

    only_config = {a.id: a for a in questions.answer(None, ctx.settings)}
    return only_config["tool_results"].answer == "yes"
