"""The audit's shared reads, checked against their definitions on real ledgers: the
whole derivation graph (one row per child instead of one per edge), the ancestry
summaries, and qualifier_loss's set-wise comparison. Each shortcut, made lossy, fails
one of these tests."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from memaudit import audit
from memaudit.adapters import open_store
from memaudit.audit.ancestry import (
    _JOIN,
    DerivationGraph,
    _read_whole_graph,
    ancestries,
    derivation_graph,
)
from memaudit.audit.finding import Result
from memaudit.audit.registry import BY_NAME
from memaudit.audit.view import Ctx
from memaudit.clock import parse_time
from memaudit.fingerprint import key_terms
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.qualifiers import qualifiers
from memaudit.sqlite_driver import sqlite3
from memaudit.trust import MODEL_OUTPUT_TYPES, OBSERVATION_TYPES
from tests.conftest import NOW

NOW_DT = parse_time(NOW)
TYPES = [s.value for s in SourceType]
# Hostile ids: the separator of the one-row-per-child read, code points whose order
# (Python's) must be SQLite's (bytes of UTF-8), spaces, quotes.
ODD_IDS = [f"m{_JOIN}x", "é1", "z1", "\U0001f600", "a b", "q'\"", "Z", "ａ"]


def _ledger(path: Path, n: int, seed: int, *, cycles: bool) -> list[str]:
    """A ledger of ``n`` memories (random types, statuses, texts with qualifiers) and
    random edges: up to 4 parents each, some dangling (no such memory), some
    ``summarizes`` edges to non-summaries, cycles when asked. Written with SQL: the
    shapes a hostile or foreign store can have, not only those the API makes."""
    Ledger.init(path).close()
    rng = random.Random(seed)
    plain = [f"m{i:04d}" for i in range(n)]
    ids = plain[: n // 2] + ODD_IDS + plain[n // 2 :]
    words = ["usually", "in staging", "for small tools", "on build-01 at noon", "but", "may"]
    subjects = ["the deploy", "the cache", "small tools", "staging", "build-01", "the user"]
    conn = sqlite3.connect(path)
    with conn:
        for i, mid in enumerate(ids):
            text = " ".join(
                [rng.choice(subjects), "works", *rng.sample(words, rng.randint(0, 3)), str(i % 7)]
            )
            if rng.random() < 0.1:
                text = "Ünïcode " + text.upper()
            elif rng.random() < 0.1:  # NFKC makes it ASCII: key terms that are no substring
                text = "".join(chr(ord(c) + 0xFEE0) if c.isalpha() else c for c in text)
            conn.execute(
                "INSERT INTO memories (id, content, source_type, status, created_at, "
                "updated_at, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    mid,
                    text,
                    rng.choice(TYPES),
                    rng.choice(["active", "active", "pending", "archived"]),
                    "2026-01-01T00:00:00Z",
                    "2026-01-01T00:00:00Z",
                    f"h{i}",
                ),
            )
        edges: dict[tuple[str, str], str] = {}
        for i, child in enumerate(ids):
            for _ in range(rng.randint(1 if child in ODD_IDS else 0, 4)):
                if rng.random() < 0.05:
                    parent = f"gone-{rng.randint(0, 5)}{_JOIN if rng.random() < 0.5 else ''}"
                else:
                    j = rng.randrange(len(ids)) if cycles else rng.randrange(max(1, i))
                    if not cycles and j >= i:
                        continue
                    parent = ids[j]
                edges[child, parent] = rng.choice(["summarizes", "derived_from", "infers"])
        conn.executemany(
            "INSERT INTO edges (child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
            [(*e, r, "2026-01-01T00:00:00Z") for e, r in edges.items()],
        )
    conn.close()
    return ids


def _ctx(store: Any, detector: str = "summary_chain", memo: dict[str, Any] | None = None) -> Ctx:
    view = store.sql_view()
    return Ctx(
        view.conn,
        store.policy(),
        NOW_DT,
        has_events=True,
        has_edges=True,
        role_column=view.role_column,
        result=Result(BY_NAME[detector]),
        store=store,
        memo={} if memo is None else memo,
    )


def _key(value: str | bytes) -> tuple[int, bytes]:
    """SQLite's order of a key column: text (by its UTF-8 bytes) before blobs."""
    return (1, value) if isinstance(value, bytes) else (0, value.encode())


def _edge_rows(store: Any) -> list[tuple[str, str, str]]:
    conn = store.sql_view().conn
    return list(conn.execute("SELECT child_id, parent_id, relation FROM edges"))


@pytest.mark.parametrize("cycles", [False, True])
@pytest.mark.parametrize("blobs", [False, True])
def test_the_whole_graph_is_the_edges_table(tmp_path: Path, cycles: bool, blobs: bool) -> None:
    """Every child's parents in the edge key's order, every dangling parent a node of
    its own, the summary steps, and the children in id order, as the edges table says
    them one edge at a time (and as the per-node reader reads them). ``blobs``: ids a
    hostile store wrote as blobs (one not UTF-8), read as the bytes they are."""
    ids = _ledger(tmp_path / "g.db", 300, seed=3, cycles=cycles)
    if blobs:
        conn = sqlite3.connect(tmp_path / "g.db")
        with conn:
            conn.executemany(
                "INSERT INTO edges (child_id, parent_id, relation, created_at) VALUES (?,?,?,?)",
                [
                    (ids[5], b"\xff\xfe", "summarizes", NOW),
                    (ids[5], ids[3].encode(), "derived_from", NOW),
                    (ids[7], b"m\x1fx", "derived_from", NOW),
                    (b"\xfe", ids[2], "summarizes", NOW),
                ],
            )
        conn.close()
    with open_store(str(tmp_path / "g.db")) as store:
        g = _read_whole_graph(_ctx(store))
        rows = _edge_rows(store)
        types = dict(store.sql_view().conn.execute("SELECT id, source_type FROM memories"))
        # Node by node (few roots); it binds ids as JSON text, so not with blob ids.
        partial = None if blobs else derivation_graph(_ctx(store), list(types))
    by_child: dict[str, list[str]] = {}
    steps: dict[str, list[str]] = {}
    for child, parent, relation in sorted(rows, key=lambda r: (_key(r[0]), _key(r[1]))):
        by_child.setdefault(child, []).append(parent)
        if child in types and (relation == "summarizes" or types[child] == "summary"):
            steps.setdefault(child, []).append(parent)
    assert any(_JOIN in c for c in by_child if isinstance(c, str))
    assert any(_JOIN in p for ps in by_child.values() for p in ps if isinstance(p, str))
    assert [g.ids[c] for c in g.children] == list(by_child)
    got = {g.ids[c]: [g.ids[p] for p in ps] for c, ps in enumerate(g.parents) if ps}
    assert got == by_child
    assert {g.ids[c]: [g.ids[p] for p in ps] for c, ps in g.summary_parents.items()} == steps
    assert list(g.summary_parents) == sorted(g.summary_parents, key=lambda c: _key(g.ids[c]))
    assert set(g.ids) == set(types) | set(by_child) | {p for ps in by_child.values() for p in ps}
    assert {g.ids[n]: t for n, t in enumerate(g.types) if g.ids[n] in types} == types
    if partial is not None:
        other = {
            partial.ids[c]: [partial.ids[p] for p in ps]
            for c, ps in enumerate(partial.parents)
            if ps
        }
        assert other == by_child


def _ancestry_by_definition(
    g: DerivationGraph, ids: list[str], cap: int
) -> dict[str, tuple[str, float, tuple[str, ...], tuple[str, ...]]]:
    """Each root's ancestry, recursively: a memory's model share is (its own + its
    sources' shares) / (1 + sources); up to ``cap`` observations (itself first, then
    each source's, in order) and assistant-message ancestors. A source reached back on
    the current path (a cycle) contributes nothing. Sources are visited last first, as
    the audit's stack visits them."""
    model = {s.value for s in MODEL_OUTPUT_TYPES} | {SourceType.UNKNOWN.value}
    obs = {s.value for s in OBSERVATION_TYPES}
    memo: dict[int, tuple[float, tuple[int, ...], tuple[int, ...]]] = {}
    on_path: set[int] = set()

    def visit(n: int) -> None:
        ps = g.parents[n] or []
        on_path.add(n)
        for p in reversed(ps):
            if p not in memo and p not in on_path:
                visit(p)
        on_path.discard(n)
        ready = [p for p in ps if p in memo]
        st = g.types[n]
        share = ((st in model) + sum([memo[p][0] for p in ready])) / (1 + len(ready))
        seen_obs = [n] if st in obs else []
        seen_asst: list[int] = []
        for p in ready:
            seen_obs += [o for o in memo[p][1] if o not in seen_obs][: cap - len(seen_obs)]
            if g.types[p] == SourceType.ASSISTANT_MESSAGE.value and p not in seen_asst:
                seen_asst.append(p)
            seen_asst += [a for a in memo[p][2] if a not in seen_asst][: cap - len(seen_asst)]
        memo[n] = (share, tuple(seen_obs), tuple(seen_asst[:cap]))

    out = {}
    for i in ids:
        n = g.find(i)
        assert n is not None
        if n not in memo:
            visit(n)
        share, o, a = memo[n]
        out[i] = (g.types[n], share, tuple(g.ids[x] for x in o), tuple(g.ids[x] for x in a))
    return out


@pytest.mark.parametrize("cycles", [False, True])
@pytest.mark.parametrize("cap", [1, 5])
@pytest.mark.parametrize("whole", [False, True])
def test_ancestries_are_their_definition(
    tmp_path: Path, cycles: bool, cap: int, whole: bool
) -> None:
    """``whole``: on the graph read whole (its id map dropped), as the audit runs them;
    else on the part read node by node from the roots."""
    ids = _ledger(tmp_path / "g.db", 400, seed=11, cycles=cycles)
    roots = random.Random(5).sample(ids, 120) + ["gone-1", "not-in-the-store"]
    with open_store(str(tmp_path / "g.db")) as store:
        ctx = _ctx(store)
        if whole:
            derivation_graph(ctx, whole=True)
        got = ancestries(ctx, roots, cap)
        g = derivation_graph(ctx)
    want = _ancestry_by_definition(g, roots, cap)
    assert {
        i: (a.source_type, a.model_share, a.observations, a.assistant) for i, a in got.items()
    } == want
    assert any(a.observations for a in got.values()) and any(a.assistant for a in got.values())


@pytest.mark.parametrize("cycles", [False, True])
def test_ancestries_asked_again_are_as_if_asked_first(tmp_path: Path, cycles: bool) -> None:
    """The audit asks for ancestries three times on one whole graph (hot_memory,
    inferred_user_trait, agent_self_model); the later calls reuse what an earlier one
    computed only when it met no cycle (values then do not depend on the roots' order).
    Each call's answer is its definition, as if it were the run's first."""
    ids = _ledger(tmp_path / "g.db", 400, seed=11, cycles=cycles)
    rng = random.Random(7)
    asks = [rng.sample(ids, 60), rng.sample(ids, 60), rng.sample(ids, 60)]
    with open_store(str(tmp_path / "g.db")) as store:
        ctx = _ctx(store)
        g = derivation_graph(ctx, whole=True)
        got = [ancestries(ctx, roots) for roots in asks]
        kept = "ancestries:5" in ctx.memo
    for roots, answer in zip(asks, got, strict=True):
        want = _ancestry_by_definition(g, roots, 5)
        assert {
            i: (a.source_type, a.model_share, a.observations, a.assistant)
            for i, a in answer.items()
        } == want
    # Without a cycle the values are kept for the next call; with one they are not.
    assert kept is not cycles


SCOPE = ("for ", "in ", "on ", "during ", "when ", "while ", "within ")


def _dropped_by_definition(child: str, parent: str) -> tuple[str, ...]:
    """The rule of qualifier_loss for one child and one source, without shortcuts: a
    hedge is kept when the child has it; a scope phrase when the child mentions the
    words it scoped to, or shares a key term with it."""
    own = set(qualifiers(child))
    dropped = []
    for q in qualifiers(parent):
        if q.startswith(SCOPE):
            scoped = q.split(" ", 1)[1]
            if scoped not in child.lower() and not key_terms(q) & key_terms(child):
                dropped.append(q)
        elif q not in own:
            dropped.append(q)
    return tuple(dropped)


@pytest.mark.parametrize("cycles", [False, True])
def test_qualifier_loss_is_its_rule_for_every_child(tmp_path: Path, cycles: bool) -> None:
    ids = _ledger(tmp_path / "g.db", 600, seed=17, cycles=cycles)
    with open_store(str(tmp_path / "g.db")) as store:
        report = audit.run(store, NOW_DT, patterns=["qualifier_loss"], max_findings=0)
        conn = store.sql_view().conn
        text = dict(conn.execute("SELECT id, content FROM memories"))
        live = {
            r[0]
            for r in conn.execute("SELECT id FROM memories WHERE status IN ('active', 'pending')")
        }
        rows = _edge_rows(store)
    parents: dict[str, list[str]] = {}
    for child, parent, _ in sorted(rows, key=lambda r: (r[0].encode(), r[1].encode())):
        parents.setdefault(child, []).append(parent)
    want = {}
    for child, ps in parents.items():
        if child not in live:
            continue
        lost = {p: _dropped_by_definition(text[child], text[p]) for p in ps if p in text}
        lost = {p: d for p, d in lost.items() if d}
        if lost:
            want[child] = ((child, *lost), sorted({q for d in lost.values() for q in d}))
    (result,) = report.results
    got = {f.memory_ids[0]: (f.memory_ids, f.detail["dropped"]) for f in result.findings}
    assert len(want) > 50 and set(ids) & set(want)
    assert got == want
    assert [f.memory_ids[0] for f in result.findings] == sorted(want, key=str.encode)
    assert result.total == len(want)


def test_qualifier_loss_reads_texts_by_id_when_the_store_changed_since_the_graph(
    tmp_path: Path,
) -> None:
    """The texts are matched to the graph's nodes by their scan position only while
    the ids agree: a memory deleted after the graph was read shifts every later row."""
    _ledger(tmp_path / "g.db", 300, seed=23, cycles=False)
    with open_store(str(tmp_path / "g.db")) as store:
        memo: dict[str, Any] = {}
        derivation_graph(_ctx(store, memo=memo), whole=True)
        conn = store.sql_view().conn
        (lonely,) = next(
            conn.execute(
                "SELECT id FROM memories WHERE id NOT IN (SELECT child_id FROM edges) "
                "AND id NOT IN (SELECT parent_id FROM edges) ORDER BY seq LIMIT 1"
            )
        )
        writer = sqlite3.connect(tmp_path / "g.db")
        with writer:
            writer.execute("DELETE FROM memories WHERE id = ?", (lonely,))
        writer.close()
        ctx = _ctx(store, "qualifier_loss", memo)
        ctx.cap = 0
        BY_NAME["qualifier_loss"].run(ctx)
        fresh = audit.run(store, NOW_DT, patterns=["qualifier_loss"], max_findings=0)
    assert ctx.result.total > 50
    assert [(f.memory_ids, f.detail) for f in ctx.result.findings] == [
        (f.memory_ids, f.detail) for f in fresh.results[0].findings
    ]


def _qualifiers_by_definition(text: str) -> list[str]:
    """The case-insensitive patterns on the text as it is: no lowering first, every
    match and group one at a time."""
    from memaudit.qualifiers import _CLAUSE, _HEDGE_RE, _SCOPE_RE, _STOP

    found = [m.group(1).lower() for m in _HEDGE_RE.finditer(text)]
    for m in _SCOPE_RE.finditer(text):
        words = []
        for w in m.group(2).lower().split():
            if w in _CLAUSE:
                break
            if w not in _STOP:
                words.append(w)
        if words:
            found.append(f"{m.group(1).lower()} {' '.join(words)}")
    return list(dict.fromkeys(found))


def test_qualifiers_are_their_definition_on_generated_and_odd_texts(tmp_path: Path) -> None:
    from tests.generated_texts import generated_texts

    texts = generated_texts(tmp_path, 2000)
    odd = [
        "USUALLY it works IN STAGING, but MAY fail For Small Tools",
        "İn staging İ think it may work; ON BUİLD-01 usually",
        "Ünïcode: Probably fine when Deploying on Tuesdays with the cache",
        "ｕｓｕａｌｌｙ ｉｎ ｓｔａｇｉｎｇ",
        "in the the a staging for and",
    ]
    for text in texts + odd + [t.upper() for t in texts[:300]]:
        assert qualifiers(text) == _qualifiers_by_definition(text), text
    assert sum(bool(qualifiers(t)) for t in texts) > len(texts) // 4


def test_ascii_qualifiers_are_their_definition_at_every_boundary() -> None:
    """ASCII texts are searched lowered, with ASCII classes and the start's word boundary
    as a non-word character: the same qualifiers at the text's start and end, after
    `_`, `'` and `-`, with adjacent matches, and with the ASCII characters `\\s` holds
    besides the usual ones (\\x1c-\\x1f) around or inside a scope phrase."""
    from memaudit.qualifiers import HEDGES

    odd = [
        "usually",
        "In staging",
        "may_be usually_ _may MAY-be x-may may-",
        "usually often maybe, mostly.in general;in staging",
        "for\x1csmall\x1ftools in\x1dstaging\x1e",
        "on build-01- for x' for y'- on-call in 'q",
        "\x1fin\x0bstaging\x0cfor\rnow\x00but\x7fmay",
    ]
    rng = random.Random(41)
    words = [*HEDGES, "for", "IN", "On", "during", "when", "while", "within", "the", "with"]
    words += ["x-", "-y", "'s", "small", "Tools", "build-01", "at", "_may", "may_"]
    seps = [" ", "  ", "\t", "\x1c", "\x1f", "-", "'", "_", ".", ",", "\n", "", "/", "\x0b"]
    chars = "abcimnorstuy019_'-.,; \t\x1c\x1f\x00"
    for i in range(20000):
        if i % 2:
            odd.append("".join(rng.choice(chars) for _ in range(rng.randint(0, 30))))
        else:
            picked = [rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 10))]
            odd.append("".join(picked))
    for text in odd:
        assert qualifiers(text) == _qualifiers_by_definition(text), repr(text)
    assert sum(bool(qualifiers(t)) for t in odd) > len(odd) // 4


def test_a_full_listing_counts_and_names_causes_as_the_whole_one(tmp_path: Path) -> None:
    """Past the cap a detector only counts (it skips composing evidence): the counts and
    the shared causes are those of the uncapped run, whose first findings it lists."""
    _ledger(tmp_path / "g.db", 600, seed=29, cycles=False)
    conn = sqlite3.connect(tmp_path / "g.db")
    with conn:  # profile entries and summaries about the user, for inferred_user_trait
        conn.executemany(
            "INSERT INTO profile (id, subject, trait, value, memory_id, created_at, updated_at) "
            "VALUES (?, 'user', 'likes', 'tea', ?, ?, ?)",
            [(f"p{i}", f"m{i:04d}", NOW, NOW) for i in range(0, 600, 3)],
        )
    conn.close()
    names = ["summary_chain", "qualifier_loss", "inferred_user_trait"]
    with open_store(str(tmp_path / "g.db")) as store:
        whole = audit.run(store, NOW_DT, patterns=names, max_findings=0)
        capped = audit.run(store, NOW_DT, patterns=names, max_findings=2)
    for w, c in zip(whole.results, capped.results, strict=True):
        assert w.total > 2, w.detector.name
        assert c.counts == w.counts and c.causes == w.causes
        assert [f.to_dict() for f in c.findings] == [f.to_dict() for f in w.findings[:2]]


def _chain_by_definition(g: DerivationGraph, depth: dict[int, int], head: int) -> list[str]:
    """A summary chain walked as its rule says: each step to the deepest parent (ties
    by id), stopping at 50 steps or at a node already on it."""
    parents, names = g.summary_parents, g.ids
    chain, node = [head], head
    while node in parents and len(chain) < 50:
        node = max(parents[node], key=lambda p: (depth.get(p, 0), names[p]))
        if node in chain:
            break
        chain.append(node)
    return [names[n] for n in chain]


@pytest.mark.parametrize("cycles", [False, True])
def test_main_process_detectors_select_by_their_definitions(tmp_path: Path, cycles: bool) -> None:
    """summary_chain, inferred_user_trait, agent_self_model and self_echo choose their
    rows through whichever index is cheapest: what they report is the rows their rule
    names (status, type, events), computed here over every row in Python."""
    from memaudit.audit.detectors.summary_drift import summary_depths

    ids = _ledger(tmp_path / "g.db", 600, seed=31, cycles=cycles)
    rng = random.Random(3)
    conn = sqlite3.connect(tmp_path / "g.db")
    with conn:
        conn.executemany(  # some on memories that are not active, one on no memory
            "INSERT INTO profile (id, subject, trait, value, memory_id, created_at, updated_at) "
            "VALUES (?, 'user', 'likes', 'tea', ?, ?, ?)",
            [(f"p{i}", mid, NOW, NOW) for i, mid in enumerate([*ids[::4], "gone-1"])],
        )
        for mid in ids[::3]:  # about the agent, some in the first person
            text = rng.choice(["The assistant prefers tea", "I always check", "x I am sure"])
            conn.execute("UPDATE memories SET content = ? WHERE id = ?", (text, mid))
        conn.executemany(
            "INSERT INTO events (at, actor, action, memory_id) VALUES (?, 'a', ?, ?)",
            [(NOW, rng.choice(["approve", "promote", "validate"]), mid) for mid in ids[::5]],
        )
    rows = {
        mid: (st, status, content)
        for mid, st, status, content in conn.execute(
            "SELECT id, source_type, status, content FROM memories"
        )
    }
    approved = {
        m
        for (m,) in conn.execute(
            "SELECT memory_id FROM events WHERE action IN ('approve', 'promote')"
        )
    }
    conn.close()
    names = ["summary_chain", "inferred_user_trait", "agent_self_model", "self_echo"]
    with open_store(str(tmp_path / "g.db")) as store:
        report = audit.run(store, NOW_DT, patterns=names, max_findings=0)
        g = derivation_graph(_ctx(store), whole=True)
    found = {r.detector.name: r.findings for r in report.results}
    for r in report.results:
        assert r.checked and r.findings, r.detector.name

    depth = summary_depths(g)
    deep = {m for m, d in depth.items() if d >= 2}
    heads = deep - {p for m in deep for p in g.summary_parents[m] if p in deep}
    want = sorted(
        _chain_by_definition(g, depth, h)
        for h in heads
        if rows[g.ids[h]][1] in ("active", "pending")
    )
    assert sorted(list(f.memory_ids) for f in found["summary_chain"]) == want

    active = {m for m, (_, status, _) in rows.items() if status == "active"}
    profile = [f.memory_ids[0] for f in found["inferred_user_trait"] if f.memory_ids[0][0] == "p"]
    assert profile and all(ids[4 * int(p[1:])] in active for p in profile)
    model = {SourceType.INFERENCE.value, SourceType.REFLECTION.value}
    about_user = [
        m
        for m in active
        if rows[m][0] in model | {SourceType.ASSISTANT_MESSAGE.value}
        and rows[m][2].lower().startswith(("user", "the user"))
    ]
    subjects = {f.memory_ids[0] for f in found["inferred_user_trait"]}
    assert about_user and subjects - set(profile) <= set(about_user)
    assert set(ids[::4]) - active  # profile entries on memories that are not active

    own = SourceType.ASSISTANT_MESSAGE.value
    about_agent = {m for m in active if rows[m][2].startswith(("The assistant", "I ", "x I "))}
    selfish = {f.memory_ids[0] for f in found["agent_self_model"]}
    assert {m for m in about_agent if rows[m][0] == own} <= selfish <= about_agent

    echo = [f.memory_ids[0] for f in found["self_echo"]]
    assert sorted(echo) == sorted(m for m in active if rows[m][0] == own and m not in approved)


# (parent, child, what the child dropped): scope words gone with every key term holding
# them (dropped at once), a plural term surviving as a word or only inside another
# word, odd cases, non-ASCII children (their key terms read whole), hedges kept.
SCOPED_CASES = [
    ("Deploys usually run IN GRANITE", "deploys run", ("usually", "in granite")),
    ("Builds run on build-01 at noon", "builds run on build-02", ("on build-01",)),
    ("Builds run on build-01 at noon", "BUILD-01 builds run", ()),
    ("Use ruff for small tools", "use ruff for every tool", ()),
    ("Use ruff for small tools", "use ruff for toolchains", ("for small tools",)),
    ("Use ruff for small tools", "Ünïcode: ruff for one TOOL", ()),
    ("Use ruff for small tools", "Ünïcode: ruff for toolchains", ("for small tools",)),
    ("Tests fail in Staging, maybe", "Tests fail maybe; ünïcode", ("in staging",)),
    ("Tests fail in Staging, maybe", "Ｔests ｆail in ｓｔａｇｉｎｇ", ("maybe",)),
    ("Il pleut souvent à Turin during März", "il pleut à turin", ("during märz",)),
]


def test_qualifier_loss_scope_shortcuts_are_the_rule(tmp_path: Path) -> None:
    """Each case on a real ledger, as the rule defines it; a capped listing counts the
    same findings (the listing's fullness is asked once it is full, no more)."""
    Ledger.init(tmp_path / "s.db").close()
    conn = sqlite3.connect(tmp_path / "s.db")
    with conn:
        for i, (parent, child, _) in enumerate(SCOPED_CASES):
            for mid, text in ((f"p{i:02d}", parent), (f"c{i:02d}", child)):
                conn.execute(
                    "INSERT INTO memories (id, content, source_type, status, created_at, "
                    "updated_at, content_hash) VALUES (?, ?, 'summary', 'active', ?, ?, ?)",
                    (mid, text, NOW, NOW, mid),
                )
            conn.execute(
                "INSERT INTO edges (child_id, parent_id, relation, created_at) "
                "VALUES (?, ?, 'summarizes', ?)",
                (f"c{i:02d}", f"p{i:02d}", NOW),
            )
    conn.close()
    with open_store(str(tmp_path / "s.db")) as store:
        whole = audit.run(store, NOW_DT, patterns=["qualifier_loss"], max_findings=0)
        capped = audit.run(store, NOW_DT, patterns=["qualifier_loss"], max_findings=2)
    got = {f.memory_ids[0]: tuple(f.detail["dropped"]) for f in whole.results[0].findings}
    for i, (parent, child, dropped) in enumerate(SCOPED_CASES):
        assert _dropped_by_definition(child, parent) == dropped, (parent, child)
        assert got.get(f"c{i:02d}", ()) == tuple(sorted(dropped)), (parent, child)
    (full,) = capped.results
    assert len(full.findings) == 2 and full.total == whole.results[0].total == len(got)
    assert full.causes == whole.results[0].causes
