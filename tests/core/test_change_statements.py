"""Change statements in the four languages of the source articles, and the candidate
contradictions they make (conflicts.find): the change statement is the candidate
winner; look-alikes make none."""

from __future__ import annotations

import time

import pytest

from memaudit import conflicts
from memaudit.change_statements import Kind, parse
from memaudit.model import Memory

# (text, kind, old, new)
STATEMENTS = [
    ("The team moved from poetry to uv", Kind.FROM_TO, "poetry", "uv"),
    ("Last week the team switched from Poetry to uv for packaging.", Kind.FROM_TO, "poetry", "uv"),
    ("The project no longer uses Jenkins.", Kind.NO_LONGER, "jenkins", None),
    ("Poetry was replaced by uv in all repos.", Kind.FROM_TO, "poetry", "uv"),
    ("We replaced MySQL with PostgreSQL.", Kind.FROM_TO, "mysql", "postgresql"),
    ("The project now uses uv instead of poetry.", Kind.FROM_TO, "poetry", "uv"),
    ("Alice now prefers coffee over tea in the morning.", Kind.FROM_TO, "tea", "coffee"),
    ("alice now prefers coffee in the morning", Kind.NOW, None, "coffee"),
    ("Alice préfère désormais le café au thé.", Kind.FROM_TO, "thé", "café"),
    ("Deploys moved from Jenkins to GitHub Actions last month", Kind.FROM_TO, "jenkins", "github actions"),
    ("We stopped using Heroku.", Kind.NO_LONGER, "heroku", None),
    ("Summary: packaging is uv now; poetry is obsolete.", Kind.NO_LONGER, "poetry", None),
    ("We switched to GitHub Actions.", Kind.TO, None, "github actions"),
    ("L'équipe est passée de poetry à uv.", Kind.FROM_TO, "poetry", "uv"),
    ("Le projet n’utilise plus poetry.", Kind.NO_LONGER, "poetry", None),
    ("Poetry a été remplacé par uv.", Kind.FROM_TO, "poetry", "uv"),
    ("Le projet utilise désormais uv au lieu de poetry.", Kind.INSTEAD, "poetry", "uv"),
    ("J'avais arrêté d'utiliser poetry et commencé à utiliser uv comme gestionnaire", Kind.FROM_TO, "poetry", "uv"),
    ("Il team è passato da poetry a uv.", Kind.FROM_TO, "poetry", "uv"),
    ("Il progetto non usa più poetry.", Kind.NO_LONGER, "poetry", None),
    ("Poetry è stato sostituito da uv.", Kind.FROM_TO, "poetry", "uv"),
    ("Il progetto ora usa uv invece di poetry.", Kind.FROM_TO, "poetry", "uv"),
    ("Il progetto usa uv invece di poetry.", Kind.INSTEAD, "poetry", "uv"),
    ("El equipo pasó de poetry a uv.", Kind.FROM_TO, "poetry", "uv"),
    ("El proyecto ya no usa poetry.", Kind.NO_LONGER, "poetry", None),
    ("Poetry fue reemplazado por uv.", Kind.FROM_TO, "poetry", "uv"),
    ("El proyecto ahora usa uv en lugar de poetry.", Kind.FROM_TO, "poetry", "uv"),
    ("El proyecto usa uv en lugar de poetry.", Kind.INSTEAD, "poetry", "uv"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind", "old", "new"), STATEMENTS, ids=[s[0] for s in STATEMENTS])
def test_change_statements_in_four_languages(
    text: str, kind: Kind, old: str | None, new: str | None
) -> None:
    (found,) = parse(text)
    assert (found.kind, found.old, found.new) == (kind, old, new)


@pytest.mark.parametrize(
    "text",
    [
        "The team's repos use poetry",
        "We plan to move from poetry to uv.",  # an intention
        "Considering switching from poetry to uv",
        "Investigating a migration of the build from Node.js to Bun.js",
        "On envisage de passer de poetry à uv",
        "Stiamo valutando di passare da poetry a uv",
        "Quizás migramos de poetry a uv",
        "A reader sees four independent facts instead of three observations",  # prose
        "en lugar de tres observaciones y una interpretación",
        "au lieu de trois observations et d'une interprétation",
    ],
)
def test_no_change_statement(text: str) -> None:
    assert parse(text) == []


def test_what_changed_is_read_from_the_object_or_the_subject() -> None:
    (meeting,) = parse("We moved the sprint meeting from Monday to Tuesday.")
    assert meeting.focus == {"sprint", "meeting"}
    (team,) = parse("The team moved from poetry to uv")
    assert team.focus == {"team"}


def test_parsing_is_bounded_on_hostile_text() -> None:
    """Huge texts, many statements, and backtracking bait: at most MAX_STATEMENTS,
    only the first MAX_SCAN characters, quickly."""
    many = " ".join(f"We moved from tool{n} to tool{n + 1}." for n in range(5000))
    bait = "moved " + "a " * 20000 + "We moved from poetry to uv. " + "no longer " * 5000
    started = time.perf_counter()
    assert len(parse(many)) == 4
    assert parse(bait) == []  # the statement lies beyond MAX_SCAN
    assert parse("\u202emoved from \x00poetry\x1b[31m to uv") is not None
    assert time.perf_counter() - started < 5


# -- candidate contradictions --------------------------------------------------------


def mem(mid: str, text: str, at: str, scope: str | None = None) -> Memory:
    return Memory(mid, text, created_at=at, scope=scope)


def pairs(*memories: Memory) -> list[tuple[str, str, str | None, str | None]]:
    return [
        (c.newer_id, c.older_id, (c.change or {}).get("old"), (c.change or {}).get("new"))
        for c in conflicts.find(list(memories))
    ]


@pytest.mark.parametrize(
    ("old_text", "new_text", "old", "new"),
    [
        ("The team's repos use poetry", "The team moved from poetry to uv", "poetry", "uv"),
        ("The team's repos use poetry", "The team no longer uses poetry", "poetry", None),
        ("The team tracks issues in Jira", "The team moved from Jira to Linear", "jira", "linear"),
        ("Issues are tracked in Jira", "We moved issue tracking from Jira to Linear", "jira", "linear"),
        ("Le projet utilise poetry", "Le projet est passé de poetry à uv", "poetry", "uv"),
        ("Il progetto usa poetry", "Il progetto non usa più poetry", "poetry", None),
        ("El proyecto usa poetry", "El proyecto ahora usa uv en lugar de poetry", "poetry", "uv"),
        ("The sprint meeting is on Monday.", "We moved the sprint meeting from Monday to Tuesday.", "monday", "tuesday"),
        ("alice prefers tea over coffee", "alice now prefers coffee in the morning", "tea", "coffee"),
    ],
)  # fmt: skip
def test_a_change_statement_pairs_with_the_memory_that_still_says_the_old_value(
    old_text: str, new_text: str, old: str, new: str | None
) -> None:
    a = mem("a", old_text, "2026-01-01T00:00:00Z")
    b = mem("b", new_text, "2026-02-01T00:00:00Z")
    assert pairs(a, b) == [("b", "a", old, new)]
    (cand,) = conflicts.find([a, b])
    assert cand.status == "candidate" and cand.score >= conflicts.MIN_SCORE
    assert any("states a change" in e and "candidate winner" in e for e in cand.evidence)


def test_the_change_statement_wins_even_when_recorded_first() -> None:
    """A store without trustworthy times (or a copy made later): the statement that
    names both values knows about the old one, so it is the candidate winner."""
    a = mem("a", "The team tracks issues in Jira", "2026-03-01T00:00:00Z")
    b = mem("b", "The team moved from Jira to Linear", "2026-02-01T00:00:00Z")
    (cand,) = conflicts.find([a, b])
    assert (cand.newer_id, cand.older_id) == ("b", "a")
    assert any("recorded after" in e for e in cand.evidence)
    untimed = [Memory("x", "The project uses poetry"), Memory("y", "We moved from poetry to uv")]
    assert [(c.newer_id, c.older_id) for c in conflicts.find(untimed)] == [("y", "x")]


# Look-alikes: each pair must give no candidate carrying a change statement.
LOOK_ALIKES = [
    # two different meetings
    ("The budget meeting is on Monday.", "We moved the sprint meeting from Monday to Tuesday."),
    ("The board meeting is on Monday.", "The team meeting was moved from Monday to Tuesday."),
    # "light" only means a theme in the one memory that mentions dark mode
    ("The user likes light roast coffee.", "The user switched from light to dark mode."),
    ("The office gets good light in the morning.", "The user switched from light to dark mode."),
    # both say the same change: they agree
    ("The user switched from light to dark mode.", "The user switched from light to dark mode in the terminal."),
    ("We moved from poetry to uv.", "Le projet est passé de poetry à uv."),
    # an intention, not a change
    ("The project uses poetry", "We plan to move the project from poetry to uv."),
    # the old value names something else
    ("The office is in Berlin.", "We moved from the office to remote work."),
    ("Monday is a holiday.", "We moved the sprint meeting from Monday to Tuesday."),
    # someone else's preference
    ("Bob prefers tea over coffee.", "Alice now prefers coffee in the morning."),
    # the memory names both values (a comparison, not the old state)
    ("The project compared poetry and uv.", "The project moved from poetry to uv."),
]  # fmt: skip


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES, ids=[p[1] for p in LOOK_ALIKES])
def test_look_alikes_make_no_change_candidate(first: str, second: str) -> None:
    a = mem("a", first, "2026-01-01T00:00:00Z")
    b = mem("b", second, "2026-02-01T00:00:00Z")
    assert [c for c in conflicts.find([a, b]) if c.change is not None] == []


def test_only_one_memory_mentions_the_change() -> None:
    """A lone change statement in a store with unrelated memories: no candidate."""
    store = [
        mem("m1", "The user switched from light to dark mode.", "2026-02-01T00:00:00Z"),
        mem("m2", "The user prefers concise answers.", "2026-01-01T00:00:00Z"),
        mem("m3", "Light rail runs every ten minutes.", "2026-01-02T00:00:00Z"),
    ]
    assert conflicts.find(store) == []


def test_scopes_differ_lower_the_score_and_say_so() -> None:
    a = mem("a", "The team tracks issues in Jira", "2026-01-01T00:00:00Z", "env:prod")
    b = mem("b", "The team moved from Jira to Linear", "2026-02-01T00:00:00Z", "env:dev")
    (cand,) = conflicts.find([a, b])
    assert cand.scope_differs and any("scopes differ" in e for e in cand.evidence)


def test_decided_pairs_and_only_are_honoured() -> None:
    a = mem("a", "The team tracks issues in Jira", "2026-01-01T00:00:00Z")
    b = mem("b", "The team moved from Jira to Linear", "2026-02-01T00:00:00Z")
    c = mem("c", "Unrelated note about lunch.", "2026-01-01T00:00:00Z")
    assert conflicts.find([a, b, c], exclude={conflicts.pair_key("a", "b")}) == []
    assert conflicts.find([a, b, c], only={"c"}) == []
    assert [x.older_id for x in conflicts.find([a, b, c], only={"a"})] == ["a"]


def test_a_value_named_everywhere_is_capped() -> None:
    """Thousands of memories naming the old value: the statement is compared with the
    newest CHANGE_HOLDERS_CAP of them, not all."""
    many = [
        mem(f"m{n:05d}", f"Standup {n} is on Monday.", f"2026-01-01T{n // 3600 % 24:02d}:00:00Z")
        for n in range(2500)
    ]
    statement = mem("s", "We moved standup 7 from Monday to Tuesday.", "2026-03-01T00:00:00Z")
    found = conflicts.find([*many, statement], only={"s"})
    assert len(found) == 1999  # the newest 2,000 memories naming Monday (itself one), not 2,500


def test_staging_a_change_statement_records_the_candidate(ledger) -> None:
    """The gate compares a staged change statement with the active memories naming its
    old value (found through the full-text index) and records the disputed pair with
    the pending item — in French too; nothing is superseded."""
    from memaudit.model import SourceType, Status
    from memaudit.review import Candidate, stage

    stage(
        ledger,
        Candidate("Le suivi des tickets se fait dans Jira.", SourceType.USER_STATEMENT, id="jira"),
    )
    ledger.conn.execute("UPDATE memories SET status = 'active' WHERE id = 'jira'")
    stage(
        ledger,
        Candidate(
            "Le suivi des tickets est passé de Jira à Linear.",
            SourceType.USER_STATEMENT,
            id="linear",
        ),
    )
    (cand,) = conflicts.candidates_for(ledger, "linear")
    assert cand["other_id"] == "jira" and cand["found_by"] == "stage"
    assert any("states a change (fr)" in e for e in cand["evidence"])
    assert ledger.require("jira").status is Status.ACTIVE


def test_a_hostile_change_statement_reaches_no_terminal_raw(tmp_path, cli) -> None:
    """A change statement's span holds only words (controls and brackets end a value),
    but ids and the rest of the evidence are store text: in `audit` and `conflicts`
    they go through the output boundary (controls made visible, markup not parsed).
    The store: a knowledge-graph file whose entity names (the ids' prefix) are hostile."""
    import json

    from tests.hostile.output_checks import hidden_text

    name = "x\x1b]0;pwned\x07[link=https://evil.example]x[/link]\u202e"
    lines = [
        {"type": "entity", "name": name, "entityType": "project", "observations": [
            "The project uses poetry for packaging",
            "The project moved from poetry to uv\x1b[2J\u202e[link=https://evil.example]y[/link]",
        ]},
    ]  # fmt: skip
    (tmp_path / "memory.jsonl").write_text("\n".join(json.dumps(line) for line in lines))
    for argv, found in (
        (["audit", "-p", "contradiction_collapse"], "[stated_change]"),
        (["conflicts"], "1 candidate(s)"),
    ):
        result = cli("--now", "2026-11-30T12:00:00Z", *argv, db=tmp_path, env={"COLUMNS": "400"})
        assert result.exit_code == 0, result.stderr
        assert found in result.stdout
        assert "[link=https://evil.example]x[/link" in result.stdout  # shown, not parsed
        assert hidden_text(result.stdout + result.stderr) == []
        assert "MarkupError" not in result.stderr


def test_statements_come_in_pattern_order_and_stop_at_the_cap() -> None:
    """A text holding the cues of many patterns: the patterns run in PATTERNS order (not
    the text's), each of its matches in text order, and parsing stops at MAX_STATEMENTS
    (the switch to GitHub Actions, a later pattern, is never reached)."""
    text = (
        "We stopped using Heroku. We switched to GitHub Actions. The project no longer "
        "uses Jenkins; Poetry was replaced by uv, and the team moved from poetry to uv. "
        "Deploys moved from Jenkins to GitHub Actions."
    )
    assert [(c.kind, c.old, c.new) for c in parse(text)] == [
        (Kind.FROM_TO, "poetry", "uv deploys moved"),
        (Kind.FROM_TO, "poetry", "uv"),
        (Kind.NO_LONGER, "jenkins", None),
        (Kind.NO_LONGER, "heroku", None),
    ]
