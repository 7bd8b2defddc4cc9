"""forget touches exactly its plan: purged memories, memories holding a purged sentence
(redacted, or forgotten whole), and edges — never the memories a summary quotes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memaudit import fingerprint, forget, review
from memaudit.clock import fixed_clock
from memaudit.ledger import Ledger
from memaudit.model import SourceType, Status
from tests.conftest import NOW

PIN = "My bank PIN is 4711."
TURIN = "I live in Turin."
GIULIA = "My daughter is called Giulia."
PROFILE = f"Profile: {PIN} {TURIN} {GIULIA}"


def _open(path: Path) -> Ledger:
    return Ledger.open(path, readonly=False, clock=fixed_clock(NOW), actor="tester")


def abcs(path: Path) -> None:
    """The issue's case: a summary s quoting a, b and c, derived from all three."""
    Ledger.init(path).close()
    with _open(path) as led:
        review.stage_batch(
            led,
            [
                review.Candidate(id="a", content=PIN, source_type=SourceType.USER_STATEMENT),
                review.Candidate(id="b", content=TURIN, source_type=SourceType.USER_STATEMENT),
                review.Candidate(id="c", content=GIULIA, source_type=SourceType.USER_STATEMENT),
                review.Candidate(
                    id="s",
                    content=PROFILE,
                    source_type=SourceType.SUMMARY,
                    derived_from=["a", "b", "c"],
                ),
            ],
        )
        review.approve_many(led, [(m, None) for m in "abcs"])


def stage_in_order(path: Path, ids: list[str], text: str) -> None:
    """The same text staged under each id, a day apart (the first is the original)."""
    Ledger.init(path).close()
    for day, mid in enumerate(ids, 1):
        with Ledger.open(
            path, readonly=False, clock=fixed_clock(f"2026-11-{day:02d}T00:00:00Z")
        ) as led:
            review.stage(
                led, review.Candidate(id=mid, content=text, source_type=SourceType.USER_STATEMENT)
            )


def snapshot(led: Ledger) -> dict[str, tuple[object, ...]]:
    return {
        m.id: (m.content, m.summary, m.status, m.version)
        for m in led.query(None)
        if m.status is not Status.FORGOTTEN
    }


def test_forget_a_redacts_s_and_leaves_b_and_c(tmp_path):
    path = tmp_path / "abcs.db"
    abcs(path)
    with _open(path) as led:
        before = snapshot(led)
        p = forget.plan(led, ["a"])
        assert p.forget_ids() == ["a"]
        assert [i.id for i in p.redact] == ["s"] and p.redact[0].sources == ["a"]
        assert p.unlinked == []
        assert p.counts() == {
            "requested": 1,
            "derived_only": 0,
            "affected_redacted": 1,
            "affected_forgotten": 0,
            "unlinked": 0,
            "forgotten": 1,
            "changed": 2,
            "default_max": 1,
        }
        assert "--max 2" in (p.over(None) or "") and p.over(2) is None
        result = forget.apply(led, p, reason="user request")
        assert result.clean, [r.to_dict() for r in result.reports if not r.clean]
        s = led.require("s")
        assert s.content == f"Profile: [redacted] {TURIN} {GIULIA}"
        assert s.status is Status.PENDING and s.version == before["s"][3] + 1
        assert [e.parent_id for e in led.parents("s")] == ["b", "c"]
        redacted = led.events(memory_id="s", actions=["redact"])
        assert redacted[0].reason == "quoted a forgotten memory"
        after = snapshot(led)
    assert after["b"] == before["b"] and after["c"] == before["c"]
    assert "a" not in after


def test_whole_forgets_s_too_and_still_not_b_or_c(tmp_path):
    path = tmp_path / "abcs.db"
    abcs(path)
    with _open(path) as led:
        before = snapshot(led)
        p = forget.plan(led, ["a"], whole=True)
        assert p.forget_ids() == ["a", "s"] and p.redact == []
        assert p.forget[1].why == "quotes a (--whole)"
        assert forget.apply(led, p).clean
        after = snapshot(led)
    assert set(after) == {"b", "c"}
    assert after["b"] == before["b"] and after["c"] == before["c"]


def test_forgetting_the_summary_leaves_what_it_quotes(tmp_path):
    """s's sentences are quotes of a, b and c (which stay and had them first): they are
    not s's own, so forgetting s purges nothing of a, b or c."""
    path = tmp_path / "abcs.db"
    abcs(path)
    with _open(path) as led:
        before = snapshot(led)
        p = forget.plan(led, ["s"])
        assert p.forget_ids() == ["s"] and p.redact == [] and p.purged == []
        assert p.by_id_only == ["s"]
        result = forget.apply(led, p)
        assert result.clean, [r.to_dict() for r in result.reports if not r.clean]
        after = snapshot(led)
    assert {k: after[k] for k in "abc"} == {k: before[k] for k in "abc"}


def test_a_later_copy_goes_with_the_original_but_not_the_other_way(tmp_path):
    path = tmp_path / "copies.db"
    stage_in_order(path, ["original", "copy"], PIN)
    with _open(path) as led:
        p = forget.plan(led, ["original"])
        assert p.forget_ids() == ["original", "copy"]
        assert p.forget[1].why == "holds only text of original (a copy)"
        later = forget.plan(led, ["copy"])
        assert later.forget_ids() == ["copy"] and later.redact == []


def test_quoting_needs_a_sentence_of_substance(tmp_path):
    path = tmp_path / "short.db"
    Ledger.init(path).close()
    with _open(path) as led:
        review.stage_batch(
            led,
            [
                review.Candidate(id="yes", content="Yes.", source_type=SourceType.USER_STATEMENT),
                review.Candidate(
                    id="chat",
                    content="Yes. It is what it is. We shipped the release.",
                    source_type=SourceType.USER_STATEMENT,
                ),
            ],
        )
        p = forget.plan(led, ["yes"])
        assert p.forget_ids() == ["yes"] and p.redact == []
        assert forget.apply(led, p).clean
    assert not fingerprint.substantive("it is what it is")
    assert fingerprint.substantive("pin 4711") and not fingerprint.substantive("at 5")


def test_a_deep_chain_is_planned_in_bounded_work(tmp_path):
    """A 100k-deep derivation chain: one recursive query and a linear walk (no
    recursion, no round per generation): statements grow with the ids and terms read in
    chunks, not with the number of generations."""
    path = tmp_path / "chain.db"
    Ledger.init(path).close()
    depth = 100_000
    with _open(path) as led:
        conn = led.conn
        with led.transaction():
            conn.executemany(
                "INSERT INTO memories(id, content, source_type, status, derived, created_at, "
                "updated_at, content_hash) VALUES (?,?,?,?,?,?,?,?)",
                (
                    (
                        f"c{i}",
                        f"Step {i} follows from the step before it.",
                        "inference" if i else "user_statement",
                        "active",
                        int(bool(i)),
                        NOW,
                        NOW,
                        "x",
                    )
                    for i in range(depth + 1)
                ),
            )
            conn.executemany(
                "INSERT INTO edges(child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
                ((f"c{i}", f"c{i - 1}", "infers", NOW) for i in range(1, depth + 1)),
            )
        statements: list[str] = []
        conn.set_trace_callback(lambda sql: statements.append(sql) if sql[:2] != "--" else None)
        try:
            p = forget.plan(led, ["c0"])
        finally:
            conn.set_trace_callback(None)
    assert len(p.forget) == depth + 1 and p.forget[-1].why == f"derived only from c{depth - 1}"
    assert p.counts()["changed"] == p.counts()["default_max"] == depth + 1
    # A few statements per chunk of ids or terms, never one per generation.
    assert len(statements) < 50 + 12 * depth / forget.CHUNK + depth / forget.TERMS_PER_QUERY


# -- the property: nothing outside the plan changes, no purged sentence survives -------

WORDS = ["amber", "birch", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo"]


@st.composite
def lineages(draw: st.DrawFn) -> tuple[list[review.Candidate], list[str], bool]:
    n = draw(st.integers(3, 9))
    own = {i: f"The {WORDS[i]} ledger entry number {i * 7 + 3} holds." for i in range(n)}
    cands = []
    for i in range(n):
        parents = (
            draw(st.lists(st.integers(0, max(0, i - 1)), max_size=3, unique=True)) if i else []
        )
        quoted = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
        mine = draw(st.booleans()) or not quoted
        parts = [own[i]] if mine else []
        parts += [own[q] for q in quoted if q != i]
        if draw(st.booleans()):
            parts.insert(0, "Notes:")
        cands.append(
            review.Candidate(
                id=f"m{i}",
                content=" ".join(parts) or own[i],
                source_type=SourceType.SUMMARY if parents else SourceType.USER_STATEMENT,
                derived_from=[f"m{p}" for p in parents],
            )
        )
    requested = draw(st.lists(st.sampled_from([c.id for c in cands]), min_size=1, unique=True))
    return cands, requested, draw(st.booleans())


def _descendants_only(led: Ledger, requested: list[str]) -> set[str]:
    """The reference: children whose every parent goes, to a fixed point (naively)."""
    going = set(requested)
    changed = True
    while changed:
        changed = False
        for m in led.query(None):
            parents = [e.parent_id for e in led.parents(m.id)]
            if m.id not in going and parents and all(p in going for p in parents):
                going.add(m.id)
                changed = True
    return going


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=lineages())
def test_property_forget_changes_nothing_outside_its_plan(tmp_path_factory, case):
    cands, requested, whole = case
    path = tmp_path_factory.mktemp("prop") / "p.db"
    Ledger.init(path).close()
    with _open(path) as led:
        review.stage_batch(led, cands)
        before = snapshot(led)
        purged_ids = _descendants_only(led, requested)
        p = forget.plan(led, requested, whole=whole)
        assert set(i.id for i in p.forget if i.category != "affected") == purged_ids
        purged = set(p.purged and [fingerprint.normalize(s) for s in p.purged])
        holders = {
            m.id
            for m in led.query(None)
            if m.id not in purged_ids
            and any(
                fingerprint.contains(fingerprint.normalize(forget.memory_text(m)), x)
                for x in purged
            )
        }
        result = forget.apply(led, p)
        assert result.clean, [r.to_dict() for r in result.reports if not r.clean]
        after = snapshot(led)
        allowed = purged_ids | holders
        for mid, state in before.items():
            if mid not in allowed:
                assert after.get(mid) == state, mid
        for m in led.query(None):
            norm = fingerprint.normalize(forget.memory_text(m))
            assert not any(fingerprint.contains(norm, x) for x in purged), m.id
        # Each purged sentence is a requested or derived-only memory's own.
        for sentence in purged:
            assert any(
                sentence in fingerprint.pieces(c.content) for c in cands if c.id in purged_ids
            )


def test_a_sentence_with_repeated_words_is_found_in_its_copies(tmp_path):
    """FTS phrases keep repeated tokens ("to … to", "the … the"): a later copy of a
    sentence with repeats is found, so nothing is left holding it."""
    path = tmp_path / "repeats.db"
    stage_in_order(path, ["first", "later"], "I went to the shop to buy the milk for the kids.")
    with _open(path) as led:
        p = forget.plan(led, ["first"])
        assert p.forget_ids() == ["first", "later"]
        assert forget.apply(led, p).clean


def test_a_numbered_sentence_is_not_found_inside_a_longer_number(tmp_path):
    """ "Old filler 3" is purged; "Old filler 30" stays and is not residue of it (the raw
    scan does not let a number run on into more digits)."""
    path = tmp_path / "numbers.db"
    Ledger.init(path).close()
    with _open(path) as led:
        review.stage_batch(
            led,
            [
                review.Candidate(
                    id=f"old-{i}",
                    content=f"Old filler {i}: host f{i} ran job j{i}",
                    source_type=SourceType.TOOL_OBSERVATION,
                )
                for i in (3, 30, 31)
            ],
        )
        p = forget.plan(led, ["old-3"])
        assert p.forget_ids() == ["old-3"] and p.redact == []
        result = forget.apply(led, p)
        assert result.clean, [r.to_dict() for r in result.reports if not r.clean]
