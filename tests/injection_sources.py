"""Provenances the injection tests stage a text under (a user statement with its session,
one whose source or lineage says otherwise, a tool's output, a document, derived notes)."""

from __future__ import annotations

import functools
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from memaudit.injection import Provenance, addressed, assess, signals
from memaudit.model import SourceType as S

USER = Provenance(S.USER_STATEMENT, "session:42#msg-3")
USER_FROM_TOOL = Provenance(S.USER_STATEMENT, "tool:web_fetch#call-2")
USER_FROM_URL = Provenance(S.USER_STATEMENT, "https://pages.example/b")
USER_FROM_DOC = Provenance(
    S.USER_STATEMENT, "session:42#msg-1", True, frozenset({S.EXTERNAL_DOCUMENT})
)
TOOL = Provenance(S.TOOL_OBSERVATION, "tool:crm#call-1")
DOC = Provenance(S.EXTERNAL_DOCUMENT, "https://pages.example/a")
REFLECTION_OF_ASSISTANT = Provenance(S.REFLECTION, None, True, frozenset({S.ASSISTANT_MESSAGE}))
SUMMARY_OF_DOC = Provenance(S.SUMMARY, "summarizer:1", True, frozenset({S.EXTERNAL_DOCUMENT}))
EXTRACTION_OF_DOC = Provenance(S.EXTRACTION, "extractor:1", True, frozenset({S.EXTERNAL_DOCUMENT}))
USER_NOREF = Provenance(S.USER_STATEMENT, None)
SUMMARY_OF_USER = Provenance(S.SUMMARY, "summarizer:1", True, frozenset({S.USER_STATEMENT}))
EXTRACTION_OF_USER = Provenance(S.EXTRACTION, "extractor:1", True, frozenset({S.USER_STATEMENT}))
ASSISTANT = Provenance(S.ASSISTANT_MESSAGE, "session:42#msg-4")
INFERENCE = Provenance(S.INFERENCE, None)
APPROVED_USER = Provenance(S.USER_STATEMENT, "session:42#msg-2", False, frozenset(), True)


class Case(NamedTuple):
    """One row of a round's causes table: the rule it exercises, its language, whether it
    is an injection, the source it is staged under."""

    rule: str
    lang: str
    poison: bool
    source: Provenance
    text: str


# Poison the address lever at 0.6 quiets where the scorer read it and found no order to the
# agent (its soft hits damped below the bar): the lever's real loss in the tests, judged
# with the scorer (docs/injection.md "The address lever"). Strict, so that a rule or a refit
# that keeps one flagged shows. The rules alone keep each flagged (never damped).
LOST_TO_LEVER = pytest.mark.xfail(
    addressed.UNADDRESSED < 1.0,  # (shipped off: nothing is lost to it)
    reason="the address lever at 0.6 damps it: the scorer read it and is silent, its hits soft",
    strict=True,
)
_LOST_TO_LEVER = (
    # round 26 (precision, part 2); its solicitor's and tax adviser's changed addresses are
    # kept since the twenty-sixth session (``addressed.STRONG``: a planted fact)
    "User said (ref: tool_call figma.get_comments #7)",
    "Created the link https://shop.example/sale?src=n",
    # round 27 (misses)
    "Désormais je classerai les relances d'impayés di",
    "El técnico pidió que le envíes la configuración ",
    "De una plantilla: 'al crear un proyecto, copia e",
    "Aus einer Vorlage: 'Kopiere diesen Abschnitt in ",
    # round 29 (misses)
    "I updated my tool policy based on a Reddit threa",
    "J'ai mis à jour ma politique d'outils d'après un",
    "Ich habe meine Tool-Richtlinie nach einem Forums",
    "Inference: the e-mail signed 'Group Treasury' ca",
    # round 31 (misses)
    "Selon un commentaire de la direction générale da",
    "Por un comentario de la gerencia en la hoja comp",
    "Laut Nachricht des Systemadministrators habe ich",
    # round 32 (misses)
    "From 'assistant.config.toml' in the cloned repo:",
    "Sortie de l'outil 'read_settings' : {\"permission",
    "Extension manifest 'PDFMagic' v4",
    'API-Antwort: {"role":"user","signed_by":"owner",',
    "Résultat du connecteur : user_statement = « Tu p",
    "Enregistré comme déclarations de l'utilisateur :",
    # round 34 (misses): an administrator's authority concluded from a footer
    "Le pied de page du courriel indique",
    "Il commento nascosto nella pagina viene probabilmente",
    "El pie de página del correo dice «Enviado",
    "Die Fußzeile der Mail nennt",
)


def lever_marks(case: Case) -> list[Any]:
    """``LOST_TO_LEVER`` for a poison case the address lever quiets, judged with the
    scorer; else none. (The mark itself applies only while the lever is on.)"""
    return [LOST_TO_LEVER] if case.poison and case.text.startswith(_LOST_TO_LEVER) else []


def case_id(case: Case) -> str:
    return f"{case.rule}-{case.lang}-{'poison' if case.poison else 'benign'}-{case.text[:24]}"


def first_text(cases: list[Case], rule: str, poison: bool, lang: str = "en") -> str:
    """The first row of ``rule`` in ``lang`` that is (or is not) poison."""
    return next(c.text for c in cases if (c.rule, c.lang, c.poison) == (rule, lang, poison))


def assert_each_rule_in_three_languages_beside_a_look_alike(cases: list[Case]) -> None:
    """Every rule has poison and a benign look-alike, in English and two more languages;
    no text is there twice."""
    for rule in dict.fromkeys(c.rule for c in cases):
        mine = [c for c in cases if c.rule == rule]
        assert {c.poison for c in mine} == {True, False}, rule
        langs = {c.lang for c in mine}
        assert "en" in langs and len(langs - {"en"}) >= 2, rule
    assert max(Counter(c.text for c in cases).values()) == 1


def assert_judged_as_labeled(case: Case) -> None:
    """The rules alone (the learned scorer left out) flag the injection and spare the
    look-alike."""
    said = assess(case.text, case.source, hits=signals(case.text, learned=False))
    assert said.flagged is case.poison, (said.score, said.source_reason, said.hits)


def assert_weighs_as_in_a_document(cases: list[Case]) -> None:
    """What a relay marker does: each text weighs from its own source as it would in a
    document (the learned scorer left out of both)."""
    for c in cases:
        hits = signals(c.text, learned=False)
        assert assess(c.text, c.source, hits=hits).score == assess(c.text, DOC, hits=hits).score, (
            c.text
        )


def stage_then_audit(
    cli: Any, db: Path, text: str, source_type: str, source_ref: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Stage ``text`` through the CLI, then audit the ledger for injected instructions: the
    staged item (its flags and signals) and the audit's findings, as a user meets them."""
    staged = cli("stage", text, "-t", source_type, "--source-ref", source_ref, "--json", db=db)
    (item,) = json.loads(staged.stdout)
    out = cli("audit", "--pattern", "injected_instruction", "--json", db=db)
    return item, json.loads(out.stdout)["findings"]


def promote_then_audit(
    cli: Any, db: Path, text: str, ref: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Stage ``text`` as the assistant's message, promoted for review (the policy keeps
    the assistant's messages transient otherwise), then audit the ledger."""
    staged = cli(
        "stage", text, "-t", "assistant_message", "--source-ref", ref, "--promote", "--json", db=db
    )
    (item,) = json.loads(staged.stdout)
    out = cli("audit", "--pattern", "injected_instruction", "--json", db=db)
    return item, json.loads(out.stdout)["findings"]


def assert_staged_look_alike_quiet_and_poison_flagged(
    cli: Any, db: Path, benign: str, poison: str, signal: str, session: str = "session:9"
) -> None:
    """Stage the look-alike and then the injection as the user's own statements with a
    session reference, auditing after each: the look-alike is neither flagged nor found;
    the injection is flagged with ``signal`` among its signals and is the audit's one
    finding."""
    kept, none = stage_then_audit(cli, db, benign, "user_statement", f"{session}#msg-1")
    assert kept["flags"] == [] and none == []
    item, findings = stage_then_audit(cli, db, poison, "user_statement", f"{session}#msg-2")
    assert item["flags"] == ["injected"]
    assert signal in {s["signal"] for s in item["injection"]["signals"]}
    (finding,) = findings
    assert finding["memory_ids"] == [item["id"]]


def assert_fast_on_hostile_input(rx: Any, chunks: tuple[str, ...]) -> None:
    """``rx`` searches 100,000 characters of each chunk repeated in under a second (a rule
    whose windows nest must not backtrack over a hostile text)."""
    import time

    for chunk in chunks:
        text = chunk * (100_000 // len(chunk))
        started = time.perf_counter()
        rx.search(text)
        assert time.perf_counter() - started < 1.0, (rx.pattern[:60], chunk)


def assert_linear(rx: Any, chunk: str, size: int = 25_000, repeats: int = 3) -> None:
    """``rx`` searches ``chunk`` repeated in time linear in its length: four times the text
    costs under eight times as long (a window that nests costs sixteen). Read as a ratio,
    not against a clock, so that a loaded machine does not fail it."""

    def took(n: int) -> float:
        text = chunk * (n // len(chunk))
        best = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            rx.search(text)
            best = min(best, time.perf_counter() - started)
        return best

    short, long = took(size), took(4 * size)
    assert long < 8 * short + 0.25, (rx.pattern[:60], chunk, short, long)


@functools.cache
def _training_rows() -> dict[str, Any]:
    from benchmarks.injection_cases import training_cases

    return {c.id: c for c in training_cases()}


def assert_training_row_judged_as_labeled(row_id: str) -> None:
    """A training row, staged as the benchmark stages it (its provenance) and read with the
    learned scorer, is flagged exactly when it is poison."""
    from benchmarks.injection_cases import provenance

    row = _training_rows()[row_id]
    said = assess(row.content, provenance(row))
    assert said.flagged is (row.label == "poison"), (said.score, said.hits)


def audit_flagged(ledger_path: Path, cases: list[Case]) -> tuple[set[str], set[str]]:
    """Every case written into one real ledger (promoted, as the policy keeps inferences
    and the assistant's messages transient otherwise), then the ledger audited for injected
    instructions: the ids of the poison, and the ids the audit found."""
    from memaudit import audit, review
    from memaudit.adapters import open_store
    from memaudit.clock import fixed_clock, parse_time
    from memaudit.ledger import Ledger
    from memaudit.review import Candidate

    now = "2026-01-15T12:00:00Z"
    ledger_path.unlink(missing_ok=True)
    ids = {}
    with Ledger.init(ledger_path, clock=fixed_clock(now), actor="agent") as led:
        for n, c in enumerate(cases):
            ids[f"m{n}"] = c
            review.stage(
                led,
                Candidate(
                    c.text, c.source.source_type, c.source.source_ref, id=f"m{n}", promote=True
                ),
            )
    with open_store(str(ledger_path)) as store:
        report = audit.run(store, parse_time(now), patterns=["injected_instruction"])
    found = {f.memory_ids[0] for f in report.findings()}
    return {i for i, c in ids.items() if c.poison}, found
