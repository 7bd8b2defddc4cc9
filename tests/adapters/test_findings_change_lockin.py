"""Contradiction and lock-in findings on every provider fixture (each NOTES.md, section
"Contradictions and lock-in"): the change-statement pair each store holds is found by
`conflicts` and by `audit --pattern contradiction_collapse` with its ids; a clean
control in the same store is in no finding; the lock-in detectors run where the store
records importance, access and time, and say *not checked* with the missing field
where it does not.

Memories are named by their text (the fixtures' ids are uuid4 or hashes, regenerated
with the package), then the findings are compared id for id.
"""

from __future__ import annotations

import json
import shlex
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from memaudit.errors import ExitCode
from tests.adapters.conftest import PROVIDERS

NOW = "2026-11-30T12:00:00Z"
YEAR_LATER = "2027-12-01T12:00:00Z"  # every fixture memory is then old
POETRY, UV, OBSOLETE = "uses poetry for packaging", "moved from poetry to uv", "poetry is obsolete"
NO_IMPORTANCE = "idle_lockin: the store records no importance"
NO_ACCESS = "no last_accessed, access_count"


@dataclass(frozen=True)
class Case:
    where: str  # inside the variant folder ("tar": an archived home)
    # (the memory still saying the old value, the change statement, others stating it)
    stated: tuple[str, str, tuple[str, ...]] | None
    clean: tuple[str, ...]  # texts in no contradiction or lock-in finding
    lockin: str  # "not checked" text of idle_lockin, or "" when it runs
    idle_later: tuple[str, ...] = ()  # idle_lockin findings a year later
    env: dict[str, str] = field(default_factory=dict)
    old_value: str = "poetry"  # the value the change statement says was left


CASES: dict[str, Case] = {
    "mem0": Case("", (POETRY, UV, (OBSOLETE,)), ("prefer concise answers",), NO_IMPORTANCE),
    "langgraph": Case("store.db", (POETRY, UV, (OBSOLETE,)), ("concise answers",), NO_IMPORTANCE),
    "basic_memory": Case("", (POETRY, UV, (OBSOLETE,)), ("concise answers",), NO_IMPORTANCE),
    "hermes": Case("hermes_home", (POETRY, UV, ()), ("concise answers",), NO_IMPORTANCE),
    "holographic": Case("memory_store.db", (POETRY, UV, (OBSOLETE,)), ("concise",), NO_IMPORTANCE),
    "server_memory": Case(
        "",
        (POETRY, UV, ()),
        ("answers in French", "budget meeting", "light to dark mode"),
        NO_IMPORTANCE,
    ),
    "claude_code": Case(
        "project",
        # the MEMORY.md index line scores above the topic file it points to
        ("uses poetry for packaging.", "[Packaging]", ("The project moved from poetry to uv.\n",)),
        ("British spelling",),
        NO_IMPORTANCE,
    ),
    # the poetry facts wait for review (the curate log says needsReview); the French pair
    # (impact low) is active, and brv's _index.md summaries above it repeat the change
    "byterover": Case(
        "hermes_home",
        (
            "id:team/practices/code_review_tool.md#code_review_tool",
            "id:team/practices/code_review_migration.md#code_review_tool",
            ("id:_index.md", "id:team/_index.md", "id:team/practices/_index.md"),
        ),
        ("id:user/preferences/answer_style.md#answer_style",),
        NO_ACCESS,
        old_value="gerrit",
    ),
    "openclaw": Case(
        "tar",
        ("uses poetry for packaging.", UV, ()),
        ("Always answer in English.",),
        "",
        idle_later=("concise answers without emoji", "Keep the gateway on loopback."),
    ),
    "mnemosyne": Case(
        "hermes_home/mnemosyne/data/mnemosyne.db",
        None,  # the script superseded poetry through Mnemosyne's own invalidate()
        ("[assistant] The cache",),
        "",
        idle_later=("vault passphrase hint", UV, "User prefers concise answers"),
    ),
    # the lineage store: a pair in Spanish, both stated by the user through remember()
    "mnemosyne/lineage": Case(
        "hermes_home",
        ("El equipo despliega en Heroku", "ya no despliega en Heroku", ()),
        ("User prefers concise answers",),
        NO_ACCESS,  # nothing recalled in this store: no recall_count, no last_recalled
        old_value="heroku",
    ),
    # poetry is archived (its state), so "moved from poetry to uv" has no partner; the
    # Spanish pair added with add_memories is active
    "openmemory": Case(
        "",
        ("gestiona los tickets en Jira", "pasó de Jira a Linear", ()),
        ("concise answers",),
        NO_IMPORTANCE,
        old_value="jira",
    ),
    # two save_memory calls in French: the CI the team used, then the change
    "claude_mem": Case(
        "",
        ("L'équipe lance la CI avec Jenkins", "passée de Jenkins à GitHub Actions", ()),
        ("answers in French",),
        NO_IMPORTANCE,
        old_value="jenkins",
    ),
    # reference/team.md (never updated) and reference/decisions.md, in Italian
    "letta": Case(
        "tar",
        ("Il team usa Slack", "passato da Slack a Mattermost", ()),
        ("coding assistant",),
        NO_IMPORTANCE,
        old_value="slack",
    ),
    "lifecycle_relatives/memory_db": Case(
        "memory.db", (POETRY, UV, ()), ("concise answers",), NO_ACCESS
    ),
    "lifecycle_relatives/always_on": Case(
        "memory.db", (POETRY, UV, ()), ("concise answers",), NO_ACCESS
    ),
}


def _json(result) -> dict:
    assert "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def store(tmp_path: Path, provider, monkeypatch):
    """The fixture's store location (a copy) for a system of CASES."""

    def locate(system: str) -> str:
        case = CASES[system]
        if case.where == "tar":
            root = tmp_path / system
            root.mkdir(parents=True)
            with tarfile.open(PROVIDERS / system / "before.tar.gz") as tar:
                tar.extractall(root, filter="data")
            return str(root)
        if "/" in system:  # another copy of a fixture folder ("mnemosyne/lineage")
            root = provider(*system.split("/"))
        else:
            root = provider(system, "before")
        if system == "claude_code":
            monkeypatch.setenv("HOME", str(root / "home"))
            monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
        if system == "byterover":
            monkeypatch.setenv("BRV_DATA_DIR", str(root / "brv-data"))
        return str(root / case.where) if case.where else str(root)

    return locate


def ids_by_text(cli, location: str) -> dict[str, str]:
    rows = _json(cli("ls", "--json", "--limit", "0", "--status", "active", db=location))
    return {r["id"]: r["content"] for r in rows}


def one_id(memories: dict[str, str], text: str, *, exclude: set[str] = frozenset()) -> str:
    """The one memory holding ``text`` (its whole content when several hold it);
    ``id:X`` names the memory X (ids that are the scenario's own paths)."""
    if text.startswith("id:"):
        assert text[3:] in memories, (text, sorted(memories))
        return text[3:]
    found = [i for i, c in memories.items() if text in c and i not in exclude]
    if len(found) > 1:
        found = [i for i in found if memories[i].strip() == text.strip()]
    assert len(found) == 1, (text, found)
    return found[0]


def findings(report: dict, *patterns: str) -> list[dict]:
    return [f for f in report["findings"] if f["pattern"] in patterns]


@pytest.mark.parametrize("system", list(CASES))
def test_change_statement_pair_found_by_conflicts_and_audit(cli, store, system: str) -> None:
    case = CASES[system]
    location = store(system)
    memories = ids_by_text(cli, location)
    audit = cli("--now", NOW, "audit", "--json", "-p", "contradiction_collapse", db=location)
    assert audit.exit_code in (ExitCode.OK, ExitCode.FINDINGS), audit.stderr
    stated = [f for f in _json(audit)["findings"] if f["detector"] == "stated_change"]
    candidates = _json(cli("--now", NOW, "conflicts", "--json", db=location))["candidates"]
    with_change = [c for c in candidates if c["change"]]
    if case.stated is None:
        assert stated == [] and with_change == []
        return
    old_text, new_text, also_texts = case.stated
    old = one_id(memories, old_text)
    new = one_id(memories, new_text, exclude={old})
    also = [one_id(memories, t, exclude={old, new}) for t in also_texts]
    (finding,) = [f for f in stated if f["detail"]["change"]["old"] == case.old_value]
    assert finding["memory_ids"][:2] == [old, new]
    assert sorted(finding["memory_ids"][2:]) == sorted(also)
    assert finding["severity"] == "medium"
    assert finding["detail"]["change"]["statement_id"] == new
    # The ids as shell words (a foreign id may hold "#", "/", spaces).
    assert finding["suggestion"].startswith(
        f"memaudit resolve {shlex.quote(new)} --supersedes {shlex.quote(old)}"
    )
    # conflicts: the same pair, the change statement as the candidate winner
    pair = [c for c in with_change if (c["newer_id"], c["older_id"]) == (new, old)]
    assert pair and pair[0]["verdict"].startswith("candidate")
    assert pair[0]["change"]["statement_id"] == new


@pytest.mark.parametrize("system", list(CASES))
def test_clean_control_raises_no_contradiction_or_lockin(cli, store, system: str) -> None:
    case = CASES[system]
    location = store(system)
    memories = ids_by_text(cli, location)
    clean = {one_id(memories, text) for text in case.clean}
    for now in (NOW, YEAR_LATER):
        report = _json(
            cli(
                "--now", now, "audit", "--json",
                "-p", "contradiction_collapse", "-p", "stale_lockin",
                db=location,
            )
        )  # fmt: skip
        named = {i for f in report["findings"] for i in f["memory_ids"]}
        if now == YEAR_LATER and case.idle_later:
            continue  # a year later every important memory is idle: see the next test
        assert not clean & named, [f["evidence"] for f in report["findings"]]
    candidates = _json(cli("conflicts", "--json", db=location))["candidates"]
    assert not clean & {i for c in candidates for i in (c["newer_id"], c["older_id"])}


@pytest.mark.parametrize("system", list(CASES))
def test_lockin_runs_where_recorded_and_says_what_is_missing(cli, store, system: str) -> None:
    case = CASES[system]
    location = store(system)
    report = _json(cli("--now", NOW, "audit", "--json", "-p", "stale_lockin", db=location))
    not_checked = report["patterns"]["stale_lockin"]["not_checked"]
    if case.lockin:
        assert any(case.lockin in line for line in not_checked), not_checked
        assert report["findings"] == []
        return
    assert not_checked == []
    assert report["findings"] == []  # nothing is old yet
    later = _json(cli("--now", YEAR_LATER, "audit", "--json", "-p", "stale_lockin", db=location))
    memories = ids_by_text(cli, location)
    expected = {one_id(memories, text) for text in case.idle_later}
    idle = [f for f in later["findings"] if f["detector"] == "idle_lockin"]
    assert {f["memory_ids"][0] for f in idle} == expected
    assert all("importance" in f["evidence"] and "idle days" in f["evidence"] for f in idle)


def test_server_memory_pairs_in_french_italian_spanish_and_no_look_alike(cli, store) -> None:
    """The server-memory fixture's second scenario (its NOTES.md): one change statement
    per language beside the memory still stating the old value; the sprint meeting moved
    from Monday is not the budget meeting on Monday; "switched from light to dark mode"
    is the only memory about a theme."""
    location = store("server_memory")
    memories = ids_by_text(cli, location)
    expected = {
        (one_id(memories, old), one_id(memories, new), language)
        for old, new, language in [
            (POETRY, UV, "en"),
            ("Le projet utilise Jenkins", "passé de Jenkins à GitHub Actions", "fr"),
            ("Il team usa Slack", "non usa più Slack", "it"),
            ("El equipo despliega en Heroku", "ya no despliega en Heroku", "es"),
        ]
    }
    report = _json(
        cli("--now", NOW, "audit", "--json", "-p", "contradiction_collapse", db=location)
    )
    stated = [f for f in report["findings"] if f["detector"] == "stated_change"]
    assert {(*f["memory_ids"], f["detail"]["change"]["language"]) for f in stated} == expected
    candidates = _json(cli("conflicts", "--json", db=location))["candidates"]
    assert {(c["older_id"], c["newer_id"]) for c in candidates} == {(o, n) for o, n, _ in expected}
    look_alikes = {
        one_id(memories, t) for t in ("budget meeting", "sprint meeting", "light to dark")
    }
    named = {i for f in report["findings"] for i in f["memory_ids"]}
    assert not look_alikes & named


def test_mnemosyne_lineage_pair_found_and_look_alikes_left_alone(cli, store) -> None:
    """A SQLite store written by Mnemosyne (its NOTES.md, lineage/): the Spanish pair is
    the only stated change and the only candidate; the sprint meeting moved from Monday
    is not the budget meeting on Monday, and the theme switch is the only memory about a
    theme, so none of the three is in a finding or a candidate."""
    ids = json.loads((PROVIDERS / "mnemosyne" / "lineage" / "ids.json").read_text())
    location = store("mnemosyne/lineage")
    report = _json(
        cli("--now", NOW, "audit", "--json", "-p", "contradiction_collapse", db=location)
    )
    stated = [f for f in report["findings"] if f["detector"] == "stated_change"]
    assert [(f["memory_ids"], f["detail"]["change"]["language"]) for f in stated] == [
        ([ids["heroku"], ids["no_heroku"]], "es")
    ]
    candidates = _json(cli("conflicts", "--json", db=location))["candidates"]
    assert [(c["older_id"], c["newer_id"]) for c in candidates] == [
        (ids["heroku"], ids["no_heroku"])
    ]
    look_alikes = {ids["budget_meeting"], ids["sprint_moved"], ids["dark_mode"]}
    assert not look_alikes & {i for f in report["findings"] for i in f["memory_ids"]}


def test_not_checked_is_in_the_human_output(cli, store) -> None:
    location = store("langgraph")
    result = cli("--now", NOW, "audit", "-p", "stale_lockin", db=location)
    assert result.exit_code == ExitCode.OK, result.stderr
    text = " ".join(result.stdout.split())
    assert "stale_lockin: the store records no importance (no memory has one)" in text
    assert "idle_lockin: the store records no importance and no last_accessed" in text


# -- PostgreSQL stores (a real server: tests/pg_server.py) --------------------------------


def test_hindsight_preference_change(cli, hindsight_before) -> None:
    """Hindsight's "Alice prefers tea over coffee" and "Alice now prefers coffee over
    tea", as facts and as observations: each change statement wins over its own layer's
    old preference; the clean control (where Alice lives) is in no finding; Hindsight
    records no importance, so lock-in says not checked."""
    memories = ids_by_text(cli, hindsight_before)
    olds = [i for i, c in memories.items() if "Alice prefers tea over coffee" in c]
    news = [i for i, c in memories.items() if "Alice now prefers coffee over tea" in c]
    expected = sorted(
        [o, n]
        for o in olds
        for n in news
        if ("mentioned_at" in memories[o]) == ("mentioned_at" in memories[n])
    )
    assert len(expected) == 2  # fact and observation
    report = _json(cli("--now", NOW, "audit", "--json", "-p", "contradiction_collapse", "-p", "stale_lockin", db=hindsight_before))  # fmt: skip
    stated = [f for f in report["findings"] if f["detector"] == "stated_change"]
    # one finding per old preference: its own layer's statement first, the other after
    assert sorted(f["memory_ids"][:2] for f in stated) == expected
    assert all(len(f["memory_ids"]) == 3 for f in stated)
    assert {f["detail"]["change"]["old"] for f in stated} == {"tea"}
    clean = one_id(memories, "Alice is a marine biologist who lives in Lisbon.")
    assert clean not in {i for f in report["findings"] for i in f["memory_ids"]}
    assert any(NO_IMPORTANCE in line for line in report["patterns"]["stale_lockin"]["not_checked"])
    candidates = _json(cli("conflicts", "--json", db=hindsight_before))["candidates"]
    pairs = sorted([c["older_id"], c["newer_id"]] for c in candidates if c["change"])
    assert pairs == sorted([o, n] for o in olds for n in news)  # every old one, every statement


def test_honcho_preference_change(cli, honcho_url) -> None:
    """Honcho's conclusions "alice prefers tea over coffee" and "alice now prefers
    coffee in the morning": "now prefers" names only the new value; the old one is
    what the other conclusion says alice prefers."""
    memories = ids_by_text(cli, honcho_url)
    old = one_id(memories, "alice prefers tea over coffee")
    new = one_id(memories, "alice now prefers coffee in the morning")
    report = _json(cli("--now", NOW, "audit", "--json", "-p", "contradiction_collapse", "-p", "stale_lockin", db=honcho_url))  # fmt: skip
    stated = [f for f in report["findings"] if f["detector"] == "stated_change"]
    assert [f["memory_ids"][:2] for f in stated] == [[old, new]]
    assert stated[0]["detail"]["change"] | {"span": ""} == {
        "statement_id": new, "old": "tea", "new": "coffee", "kind": "now",
        "language": "en", "span": "",
    }  # fmt: skip
    clean = one_id(memories, "alice is a marine biologist")
    assert clean not in {i for f in report["findings"] for i in f["memory_ids"]}


def test_time_and_access_detectors_name_the_missing_field(cli, store) -> None:
    """server-memory records no time and no access: the detectors that need them say
    *not checked* with the field, instead of counting every memory as old."""
    location = store("server_memory")
    report = _json(
        cli(
            "--now", NOW, "audit", "--json",
            "-p", "retrieval_amplification", "-p", "stale_pending", "-p", "stale_lockin",
            db=location,
        )
    )  # fmt: skip
    why = {d["detector"]: d["why_unchecked"] for d in report["detectors"] if not d["checked"]}
    assert why == {
        "hot_memory": "the store records no last_accessed, access_count (no memory has one)",
        "pinned_fresh": "the store records no created_at (no memory has one)",
        "stale_pending": "the store records no created_at (no memory has one)",
        "stale_lockin": "the store records no importance and no created_at (no memory has one)",
        "idle_lockin": "the store records no importance and no created_at and no "
        "last_accessed, access_count (no memory has one)",
    }
    assert report["findings"] == []
