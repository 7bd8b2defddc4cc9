"""`memaudit audit` and `memaudit questions` as a user runs them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from memaudit.questions import QUESTIONS
from tests.conftest import NOW, file_bytes


def test_audit_prints_summary_then_findings(cli, sample: Callable[[str], Path]) -> None:
    path = sample("self_echo")
    before = file_bytes(path)
    result = cli("--now", NOW, "audit", db=path)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.index("1. assistant self-echo") < out.index(
        "echo-asst is an active assistant message"
    )
    assert "memaudit trace echo-asst" in out
    # The reflection "The assistant is cautious and always double-checks production
    # changes" is a self-model finding, not an injected instruction (the scorer refitted
    # on rounds 1-6 no longer reads it as a rule for the agent).
    assert "injected instructions                  0        0     0" in out
    assert "findings: 4 high, 1 medium, 0 low" in out
    assert file_bytes(path) == before  # auditing never writes


def test_fail_on_high_exits_4_when_a_high_finding_exists(
    cli, sample: Callable[[str], Path]
) -> None:
    result = cli("--now", NOW, "audit", "--fail-on", "high", db=sample("stale_lockin"))
    assert result.exit_code == 4


def test_fail_on_high_exits_0_without_high_findings(cli, sample: Callable[[str], Path]) -> None:
    # pending_queue's stale and duplicate findings are medium and low (its injected
    # instruction, q-hidden, is high: left out here).
    args = ["--now", NOW, "audit", "-p", "stale_pending", "-p", "duplicates"]
    result = cli(*args, "--fail-on", "high", db=sample("pending_queue"))
    assert result.exit_code == 0, result.stdout
    assert "high" in result.stdout
    low = cli(*args, "--fail-on", "low", db=sample("pending_queue"))
    assert low.exit_code == 4


def test_clean_control_has_no_findings(cli, sample: Callable[[str], Path]) -> None:
    result = cli("--now", NOW, "audit", "--fail-on", "low", db=sample("clean_control"))
    assert result.exit_code == 0
    assert "No findings." in result.stdout


def test_audit_json_and_pattern(cli, sample: Callable[[str], Path]) -> None:
    result = cli(
        "--now",
        NOW,
        "audit",
        "--json",
        "-p",
        "contradiction_collapse",
        db=sample("contradiction_collapse"),
    )
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {d["detector"] for d in data["detectors"]} == {
        "unvalidated_supersession",
        "mass_invalidation",
        "stated_change",
    }
    assert data["counts"] == {"low": 0, "medium": 12, "high": 1}
    mass = [f for f in data["findings"] if f["detector"] == "mass_invalidation"][0]
    assert mass["detail"]["invalidated"] == 12 and mass["detail"]["store_size"] == 20
    assert mass["rule"].startswith("One consolidation run")


def test_audit_bad_options(cli, sample: Callable[[str], Path]) -> None:
    path = sample("self_echo")
    bad = cli("audit", "--fail-on", "severe", db=path)
    assert bad.exit_code == 2 and "unknown severity" in bad.stderr
    bad = cli("audit", "-p", "nope", db=path)
    assert bad.exit_code == 2 and "unknown pattern" in bad.stderr


def test_audit_help_states_every_rule(cli) -> None:
    result = cli("audit", "--help")
    text = " ".join(result.stdout.split())
    for name in (
        "self_echo",
        "summary_chain",
        "mass_invalidation",
        "near_duplicate",
        "stale_lockin",
    ):
        assert name in text
    assert "142-of-243" in text and "Exit codes" in text


def test_questions_answers_all_eleven_for_the_native_ledger(
    cli, sample: Callable[[str], Path]
) -> None:
    result = cli("questions", "--json", db=sample("self_echo"))
    assert result.exit_code == 0, result.stderr
    answers = json.loads(result.stdout)["answers"]
    assert [a["question"] for a in answers] == [q for _, q in QUESTIONS]
    assert all(a["answer"] in ("yes", "no", "partly") and a["evidence"] for a in answers)
    by_id = {a["id"]: a for a in answers}
    assert by_id["assistant_output"]["answer"] == "yes"
    assert (
        "2 active memories are assistant messages nobody approved"
        in by_id["assistant_output"]["evidence"]
    )
    assert by_id["gate_bypass"]["answer"] == "yes"


def test_questions_on_a_clean_gated_ledger(cli, sample: Callable[[str], Path]) -> None:
    answers = {
        a["id"]: a
        for a in json.loads(cli("questions", "--json", db=sample("clean_control")).stdout)[
            "answers"
        ]
    }
    assert answers["approval_gate"]["answer"] == "yes"
    assert answers["gate_bypass"]["answer"] == "no"
    assert answers["assistant_output"]["answer"] == "partly"  # one, promoted by a person
    assert answers["derived_marked"]["answer"] == "yes"
    assert answers["auto_supersede"]["answer"] == "no"


def test_questions_reads_a_hermes_config(cli, tmp_path: Path) -> None:
    home = tmp_path / "hermes"
    (home / "hindsight").mkdir(parents=True)
    (home / "config.yaml").write_text("memory:\n  write_approval: false\n  provider: hindsight\n")
    (home / "hindsight" / "config.json").write_text('{"auto_retain": true, "auto_recall": false}')
    result = cli("questions", "--json", "--config", str(home / "config.yaml"))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["provider_config"]["memory.write_approval"] == {
        "value": False,
        "source": str(home / "config.yaml"),
    }
    answers = {a["id"]: a for a in data["answers"]}
    assert answers["approval_gate"]["answer"] == "no"
    assert "memory.write_approval = False" in answers["approval_gate"]["evidence"][0]
    assert answers["auto_write"]["answer"] == "yes"
    assert answers["recall_independent"]["answer"] == "yes"
    assert answers["deletion_derived"]["answer"] == "no"
    table = cli("questions", "--config", str(home))
    assert table.exit_code == 0 and "Is there a human approval gate?" in table.stdout


def test_questions_with_approval_on_and_defaults(cli, tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text("memory:\n  write_approval: true\n")
    data = json.loads(cli("questions", "--json", "--config", str(cfg)).stdout)
    answers = {a["id"]: a for a in data["answers"]}
    assert answers["approval_gate"]["answer"] == "yes"
    assert answers["gate_bypass"]["answer"] == "no"
    assert data["provider_config"]["memory.provider"]["source"].startswith("default (")


def test_questions_bad_config(cli, tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text("memory: [unclosed\n")
    result = cli("questions", "--config", str(cfg))
    assert result.exit_code == 1 and "not valid YAML" in result.stderr
    missing = cli("questions", "--config", str(tmp_path / "nope.yaml"))
    assert missing.exit_code == 1 and "no such configuration file" in missing.stderr
    nothing = cli("questions")
    assert nothing.exit_code == 2
