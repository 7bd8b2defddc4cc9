"""What `python -m reliability.hostile_sweep` found in foreign stores, one test each, on
copies of the provider fixtures: a value nested too deep to parse, and files, lines and
points an adapter could not read — which no command may leave unsaid (a memory missing
from `ls` or an audit without a word is content hidden from the audit)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from memaudit import storejson

READ_ONLY = [
    ["ls", "-n", "0"],
    ["audit"],
    ["audit", "--json"],
    ["questions"],
    ["conflicts"],
    ["verify", "--content", "ZEBRA-7731-QUOKKA"],
    ["log"],
    ["stats"],
]


def _clean(result, argv) -> None:
    assert "internal error" not in result.stderr, (argv, result.stderr)
    assert "Traceback" not in result.stderr, argv
    assert result.exit_code in (0, 3, 4, 6), (argv, result.exit_code, result.stderr)


# -- JSON nested deeper than the parser or a walk of it can go ---------------------------


@pytest.mark.parametrize("depth", [100_000, 900])
def test_a_langgraph_value_nested_too_deep_is_read_as_text(provider, cli, depth):
    db = provider("langgraph") / "store.db"
    conn = sqlite3.connect(db)
    prefix, key = conn.execute("SELECT prefix, key FROM store ORDER BY rowid LIMIT 1").fetchone()
    conn.execute(
        "UPDATE store SET value = ? WHERE rowid = (SELECT min(rowid) FROM store)",
        ("[" * depth + "]" * depth,),
    )
    conn.commit()
    conn.close()
    for argv in [*READ_ONLY, ["show", f"{prefix}/{key}"], ["trace", f"{prefix}/{key}"]]:
        _clean(cli("--adapter", "langgraph", *argv, db=db), argv)
    rows = json.loads(cli("ls", "--json", "-n", "0", db=db).stdout)
    assert len(rows) == 9  # every item still listed: the deep one as its raw text


def test_store_json_refuses_depth_as_a_value_error():
    assert storejson.loads('{"a": [1, {"b": "[[[["}]}') == {"a": [1, {"b": "[[[["}]}
    for deep in ("[" * 201 + "]" * 201, b"{" + b'"a":{' * 300 + b"}" * 301):
        with pytest.raises(ValueError, match="deeper"):
            storejson.loads(deep)
    ok = "[" * storejson.MAX_DEPTH + "]" * storejson.MAX_DEPTH
    assert storejson.loads(ok) is not None


# -- what an adapter did not read is said by the command ----------------------------------


def test_a_server_memory_line_it_cannot_read_is_said(provider, cli):
    path = provider("server_memory") / "memory.jsonl"
    lines = path.read_text().split("\n")
    first = json.loads(lines[0])
    first["name"] = 7  # the entity's observations cannot be named: not read
    path.write_text("\n".join([json.dumps(first), *lines[1:]]))
    for argv in (["ls", "-n", "0"], ["audit"], ["ls", "--json", "-n", "0"]):
        result = cli("--adapter", "server_memory", *argv, db=path.parent)
        assert result.exit_code == 0, result.stderr
        assert "Warning: skipped" in result.stderr and "line 1" in result.stderr, argv


def test_a_claude_code_file_that_leads_outside_is_said(provider, cli, tmp_path):
    root = provider("claude_code")
    user_md = root / "home" / ".claude" / "CLAUDE.md"
    outside = tmp_path / "elsewhere.md"
    outside.write_bytes(user_md.read_bytes())
    user_md.unlink()
    user_md.symlink_to(outside)
    env = {"HOME": str(root / "home")}
    for argv in (["ls", "-n", "0"], ["audit"]):
        result = cli("--adapter", "claude_code", *argv, db=root / "project", env=env)
        assert result.exit_code == 0, result.stderr
        assert "Warning: skipped" in result.stderr and "CLAUDE.md" in result.stderr, argv


@pytest.mark.parametrize("value", ["a text, not a pickle", b"not a pickle", None])
def test_a_mem0_point_that_is_not_a_point_is_said(provider, cli, value):
    root = provider("mem0")
    db = next((root / "qdrant" / "collection").glob("*/storage.sqlite"))
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE points SET point = ? WHERE rowid = (SELECT min(rowid) FROM points)", (value,)
    )
    conn.commit()
    conn.close()
    for argv in (["ls", "-n", "0"], ["audit"]):
        result = cli("--adapter", "mem0", *argv, db=root)
        assert result.exit_code == 0, result.stderr
        assert "Warning: skipped a point in" in result.stderr, (argv, result.stderr)


def test_the_sweep_finds_nothing_on_a_few_variants(tmp_path: Path):
    """A small subset of the sweep (the whole one: ``python -m reliability.hostile_sweep``)."""
    from reliability import hostile_sweep

    out = tmp_path / "sweep.json"
    code = hostile_sweep.main(
        [
            "--quick",
            "--store", "server_memory", "--store", "langgraph",
            "--kind", "json_deep", "--kind", "key name=", "--kind", "injection_",
            "--target", "memory.jsonl", "--target", "store.value",
            "--out", str(out),
        ]
    )  # fmt: skip
    data = json.loads(out.read_text())
    assert data["variants"] >= 8
    assert code == 0, data["flags"][:5]


@pytest.mark.parametrize(
    ("store", "kind", "target", "at_least"),
    [
        ("byterover", "front tags=", "project/deploy/deploy_failure_cause.md", 9),
        ("openclaw", "json@2 value.", "plugin_state_entries.value_json", 8),
    ],
)
def test_the_sweep_reaches_front_matter_and_json_in_columns(
    tmp_path, store, kind, target, at_least
):
    """The variants the first sweep lacked: a YAML front-matter key, a key of a JSON
    document kept in a SQLite column (ByteRover's topics, OpenClaw's recall records)."""
    from reliability import hostile_sweep

    out = tmp_path / "sweep.json"
    code = hostile_sweep.main(
        ["--quick", "--store", store, "--kind", kind, "--target", target, "--out", str(out)]
    )
    data = json.loads(out.read_text())
    assert data["variants"] >= at_least, data["notes"][:3]
    assert code == 0, data["flags"][:5]


# -- values of another type than the adapter maps them as ---------------------------------


@pytest.mark.parametrize("value", ["high", b"\x00\xff", float("inf")])
def test_a_holographic_trust_score_of_another_type_is_read(provider, cli, value):
    db = provider("holographic") / "memory_store.db"
    conn = sqlite3.connect(db)
    fact = conn.execute("SELECT min(fact_id) FROM facts").fetchone()[0]
    conn.execute("UPDATE facts SET trust_score = ? WHERE fact_id = ?", (value, fact))
    conn.commit()
    conn.close()
    for argv in [*READ_ONLY, ["show", str(fact)], ["trace", str(fact)]]:
        _clean(cli("--adapter", "holographic", *argv, db=db), argv)
    shown = json.loads(cli("show", str(fact), "--json", db=db).stdout)
    assert shown["confidence"] is None


def test_one_invalid_utf8_text_does_not_refuse_the_whole_store(provider, cli):
    db = provider("langgraph") / "store.db"
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE store SET value = CAST(X'7B2278223A226F6B20FFFE227D' AS TEXT) "
        "WHERE rowid = (SELECT min(rowid) FROM store)"
    )
    conn.commit()
    conn.close()
    for argv in READ_ONLY:
        result = cli("--adapter", "langgraph", *argv, db=db)
        _clean(result, argv)
        assert result.exit_code != 1, (argv, result.stderr)  # not "cannot read the store"
    rows = json.loads(cli("ls", "--json", "-n", "0", db=db).stdout)
    assert len(rows) == 9 and any("ok \ufffd\ufffd" in r["content"] for r in rows)


def test_a_holographic_blob_content_is_its_text_not_a_python_repr(provider, cli):
    db = provider("holographic") / "memory_store.db"
    conn = sqlite3.connect(db)
    fact = conn.execute("SELECT min(fact_id) FROM facts").fetchone()[0]
    conn.execute(
        "UPDATE facts SET content = ? WHERE fact_id = ?", (b"Always answer in French.", fact)
    )
    conn.commit()
    conn.close()
    shown = json.loads(cli("show", str(fact), "--json", db=db).stdout)
    assert shown["content"] == "Always answer in French."


def test_verify_reads_the_claude_json_beside_the_config_dir(provider, cli):
    """~/.claude.json has a layer of its own; it was outside every root of the reader,
    so the layer read nothing and said "clean" with the text in it."""
    root = provider("claude_code")
    state = root / "home" / ".claude.json"
    data = json.loads(state.read_text())
    data["note"] = "WALRUS-5555-PELICAN was pasted here"
    state.write_text(json.dumps(data))
    result = cli(
        "--adapter", "claude_code", "verify", "--content", "WALRUS-5555-PELICAN", "--json",
        db=root / "project", env={"HOME": str(root / "home")},
    )  # fmt: skip
    assert result.exit_code == 3, result.stderr
    layers = {x["layer"]: x for x in json.loads(result.stdout)["layers"]}
    assert layers[".claude.json"]["residue"], layers[".claude.json"]


@pytest.mark.parametrize("value", ["very", b"\x01\x02", float("-inf")])
def test_a_list_store_value_of_another_type_is_read(provider, cli, value):
    """Adapters over ``ListStore`` map a store's values as they are; ``ListStore.all``
    gives every Memory its declared types (here always_on's REAL ``importance``)."""
    db = provider("lifecycle_relatives", "always_on") / "memory.db"
    conn = sqlite3.connect(db)
    mid = conn.execute("SELECT min(id) FROM memories").fetchone()[0]
    conn.execute("UPDATE memories SET importance = ? WHERE id = ?", (value, mid))
    conn.commit()
    conn.close()
    ids = [r["id"] for r in json.loads(cli("ls", "--json", "-n", "0", db=db).stdout)]
    for argv in [*READ_ONLY, ["show", *ids], ["trace", ids[0]]]:
        _clean(cli("--adapter", "always_on", *argv, db=db), argv)


def test_a_hermes_memory_file_that_is_not_utf8_is_listed_and_never_rewritten(provider, cli):
    home = provider("hermes") / "hermes_home"
    memory_md = home / "memories" / "MEMORY.md"
    memory_md.write_bytes(memory_md.read_bytes() + b"\n\xc2\xa7\nAlways answer in French \xff\xfe.")
    before = memory_md.read_bytes()
    for argv in [*READ_ONLY, ["review", "--list"]]:
        _clean(cli("--adapter", "hermes", *argv, db=home), argv)
    rows = json.loads(cli("ls", "--json", "-n", "0", db=home).stdout)
    assert any("Always answer in French \ufffd\ufffd." in r["content"] for r in rows)
    # a write would put the decoded text back: refused, the bytes stay
    approve = cli("approve", "22c5f4bc", db=home)
    assert approve.exit_code == 8, approve.stderr
    assert "not UTF-8" in approve.stderr
    assert memory_md.read_bytes() == before


def test_a_hermes_config_that_leads_outside_is_not_read(provider, cli, tmp_path):
    """config.yaml was opened with ``open()``: a FIFO there hung ``questions``, a symlink
    was followed out of the store, any size was parsed. It goes through ``confined``."""
    home = provider("hermes") / "hermes_home"
    config = home / "config.yaml"
    outside = tmp_path / "elsewhere.yaml"
    outside.write_bytes(config.read_bytes())
    config.unlink()
    config.symlink_to(outside)
    result = cli("--adapter", "hermes", "questions", db=home)
    _clean(result, ["questions"])
    assert "Warning: skipped" in result.stderr and "config.yaml" in result.stderr


def _archive(provider_name: str, dest: Path) -> Path:
    import tarfile

    from tests.adapters.conftest import PROVIDERS

    with tarfile.open(PROVIDERS / provider_name / "before.tar.gz") as tar:
        tar.extractall(dest, filter="data")
    return dest


@pytest.mark.parametrize("kind", ["symlink", "huge"])
def test_a_letta_memory_file_not_read_is_said(cli, tmp_path, kind):
    root = _archive("letta", tmp_path / "letta")
    md = next(root.rglob("memory/reference/decisions.md"))
    if kind == "symlink":
        outside = tmp_path / "elsewhere.md"
        outside.write_bytes(md.read_bytes())
        md.unlink()
        md.symlink_to(outside)
    else:
        md.write_bytes(md.read_bytes() + b"\n" * (17 * 1024 * 1024))
    for argv in (["ls", "-n", "0"], ["audit"]):
        result = cli("--adapter", "letta_code", *argv, db=root)
        assert result.exit_code == 0, result.stderr
        assert "Warning: skipped" in result.stderr and "decisions.md" in result.stderr, argv


def test_an_openclaw_memory_file_that_is_a_symlink_is_said(cli, tmp_path):
    root = _archive("openclaw", tmp_path / "openclaw")
    md = next(p for p in root.rglob("*.md") if p.parent.name == "memory" and not p.is_symlink())
    outside = tmp_path / "elsewhere.md"
    outside.write_bytes(md.read_bytes())
    md.unlink()
    md.symlink_to(outside)
    result = cli("--adapter", "openclaw", "ls", "-n", "0", db=root)
    assert result.exit_code == 0, result.stderr
    assert "Warning: skipped" in result.stderr and md.name in result.stderr


def test_a_mnemosyne_pending_record_of_other_types_is_shown(provider, cli):
    home = provider("mnemosyne") / "hermes_home"
    record_path = next((home / "pending" / "memory").glob("*.json"))
    record = json.loads(record_path.read_text())
    record["payload"]["importance"] = [1, 2]
    record_path.write_text(json.dumps(record))
    ids = [r["id"] for r in json.loads(cli("ls", "--json", "-n", "0", db=home).stdout)]
    for argv in (["show", *ids], ["review", "--list"], ["audit"]):
        _clean(cli("--adapter", "mnemosyne", *argv, db=home), argv)


@pytest.mark.parametrize("status", [b"active", 3])
def test_lifecycle_stats_counts_a_status_of_another_type(cli, tmp_path, status):
    from reliability.hostile_sweep import _build_lifecycle

    db = tmp_path / "agent_memory.db"
    _build_lifecycle(db)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE memories SET status = ? WHERE id = 1", (status,))
    conn.commit()
    conn.close()
    result = cli("--adapter", "lifecycle", "stats", "--json", db=db)
    _clean(result, ["stats"])
    assert sum(json.loads(result.stdout)["by_status"].values()) == 4


@pytest.mark.parametrize("agents", [7, [{"agentId": ["x"], "memfs": {}}]])
def test_letta_settings_of_other_types_do_not_end_questions(cli, tmp_path, agents):
    root = _archive("letta", tmp_path / "letta")
    settings = root / ".letta" / "settings.json"
    data = json.loads(settings.read_text())
    data["agents"] = agents
    settings.write_text(json.dumps(data))
    _clean(cli("--adapter", "letta_code", "questions", db=root), ["questions"])


@pytest.mark.parametrize(("table", "column"), [("entity", "file_path"), ("project", "path")])
def test_a_basic_memory_path_that_is_not_text_names_no_file(provider, cli, table, column):
    root = provider("basic_memory")
    db = root / "config" / "memory.db"
    conn = sqlite3.connect(db)
    conn.execute(
        f"UPDATE {table} SET {column} = ? WHERE rowid = (SELECT min(rowid) FROM {table})",
        (b"\xffnotes",),
    )
    conn.commit()
    conn.close()
    for argv in (["ls", "-n", "0"], ["audit"], ["verify", "--content", "ZEBRA-7731-QUOKKA"]):
        _clean(cli("--adapter", "basic_memory", *argv, db=root), argv)


def _first_observation(provider, assignment: str, value: object) -> Path:
    """A Basic Memory copy whose first observation gets ``SET <assignment>``."""
    root = provider("basic_memory")
    conn = sqlite3.connect(root / "config" / "memory.db")
    conn.execute(
        f"UPDATE observation SET {assignment} WHERE id = (SELECT min(id) FROM observation)",
        (value,),
    )
    conn.commit()
    conn.close()
    return root


def test_a_basic_memory_blob_category_is_read_as_text(provider, cli):
    root = _first_observation(provider, "category = ?", b"preference")
    for argv in (["ls", "-n", "0"], ["audit"], ["conflicts"]):
        _clean(cli("--adapter", "basic_memory", *argv, db=root), argv)


def test_a_basic_memory_observation_without_its_note_is_said(provider, cli):
    root = _first_observation(provider, "entity_id = ?", 999999)
    result = cli("--adapter", "basic_memory", "ls", "-n", "0", db=root)
    assert result.exit_code == 0, result.stderr
    assert "Warning: skipped" in result.stderr and "not in the index" in result.stderr


# -- ByteRover: curate-log and signals JSON, topic files' YAML front matter ---------------


def _brv(provider) -> tuple[Path, dict[str, str], Path]:
    """A ByteRover copy: (--db, env, brv's per-machine project folder)."""
    root = provider("byterover")
    data = root / "brv-data"
    return root / "hermes_home", {"BRV_DATA_DIR": str(data)}, next((data / "projects").iterdir())


def _brv_commands(cli, home: Path, env: dict[str, str]) -> list:
    rows = json.loads(cli("ls", "--json", "-n", "0", db=home, env=env).stdout)
    ids = [r["id"] for r in rows]
    out = []
    for argv in [*READ_ONLY, ["show", *ids[:3]], ["trace", ids[0]]]:
        result = cli("--adapter", "byterover", *argv, db=home, env=env)
        _clean(result, argv)
        out.append(result)
    return out


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("startedAt", "yesterday"),
        ("operations", 7),
        ("operations.type", ["ADD"]),
        ("operations.additionalFilePaths", 7),
        ("operations.reason", ["a", 1]),  # an event's reason, bound as an SQL value
        ("input", ["User: x"]),
        ("input.context", 7),
    ],
)
def test_a_byterover_curate_log_entry_of_other_types_is_read(provider, cli, key, value):
    home, env, data = _brv(provider)
    entries = sorted((data / "curate-log").glob("cur-*.json"))
    for path in entries[:1] if key == "startedAt" else entries:  # one text among numbers
        entry = json.loads(path.read_text())
        head, _, tail = key.partition(".")
        if tail == "":
            entry[head] = value
        elif head == "operations":
            entry["operations"][0][tail] = value
        else:
            entry[head][tail] = value
        path.write_text(json.dumps(entry))
    _brv_commands(cli, home, env)
    rows = json.loads(cli("ls", "--json", "-n", "0", db=home, env=env).stdout)
    assert len(rows) == 18


def test_a_byterover_curate_log_entry_that_is_not_read_is_said(provider, cli):
    home, env, data = _brv(provider)
    path = min((data / "curate-log").glob("cur-*.json"))
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = cli("--adapter", "byterover", "ls", "-n", "0", db=home, env=env)
    assert result.exit_code == 0, result.stderr
    assert "Warning: skipped" in result.stderr and path.name in result.stderr


@pytest.mark.parametrize("value", ["often", 1e400, 10**400, [3], {"n": 1}])
def test_a_byterover_signal_of_another_type_is_read(provider, cli, value):
    home, env, data = _brv(provider)
    path = next((data / "keystore" / "signals").rglob("*.md.json"))
    signals = json.loads(path.read_text())
    signals["value"]["accessCount"] = value
    signals["value"]["importance"] = value
    path.write_text(json.dumps(signals))
    _brv_commands(cli, home, env)


def _front(path: Path, key: str, yaml_value: str) -> None:
    """Replace one key of a topic file's front matter (brv writes one key a line)."""
    text = path.read_text()
    end = text.index("\n---", 4)
    lines = [ln for ln in text[4:end].split("\n") if not ln.startswith(f"{key}:")]
    path.write_text("---\n" + "\n".join([*lines, f"{key}: {yaml_value}"]) + text[end:])


@pytest.mark.parametrize(
    ("file", "key", "value"),
    [
        ("project/tooling/python_packaging.md", "tags", "7"),
        ("project/_index.md", "covers", "7"),
        ("project/_index.md", "covers", "[" + "1" * 400 + "]"),  # a name too long for a path
    ],
)
def test_a_byterover_front_matter_of_other_types_is_read(provider, cli, file, key, value):
    home, env, _ = _brv(provider)
    _front(home / "byterover" / ".brv" / "context-tree" / file, key, value)
    _brv_commands(cli, home, env)


@pytest.mark.parametrize(
    "value",
    [
        "[" * 100_000 + "]" * 100_000,  # RecursionError in PyYAML
        # nine anchors of nine references: 9**9 leaves to any walk of it
        "&a0 [x, x, x, x, x, x, x, x, x]"
        + "".join(f"\n_b{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9))
        + "\nwho: *a8",
        "&self [1, *self]",  # a list that holds itself
    ],
    ids=["deep", "alias_bomb", "alias_cycle"],
)
def test_a_byterover_front_matter_that_cannot_be_read_is_said(provider, cli, value):
    home, env, _ = _brv(provider)
    topic = home / "byterover" / ".brv" / "context-tree" / "project" / "tooling"
    _front(topic / "python_packaging.md", "tags", value)
    results = _brv_commands(cli, home, env)
    assert "front matter not read" in results[0].stderr and "python_packaging.md" in (
        results[0].stderr
    )
    rows = json.loads(cli("ls", "--json", "-n", "0", db=home, env=env).stdout)
    assert len(rows) == 18  # its facts are still listed


def test_a_byterover_topic_file_past_the_bound_is_said(provider, cli):
    home, env, _ = _brv(provider)
    md = (
        home
        / "byterover"
        / ".brv"
        / "context-tree"
        / "project"
        / "deploy"
        / "deploy_failure_cause.md"
    )
    md.write_bytes(md.read_bytes() + b"\n" * (17 * 1024 * 1024))
    for argv in (["ls", "-n", "0"], ["audit"]):
        result = cli("--adapter", "byterover", *argv, db=home, env=env)
        assert result.exit_code == 0, result.stderr
        assert "Warning: skipped" in result.stderr and md.name in result.stderr, argv


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("memory:\n  write_approval: true\n  provider: [unclosed\n", "not valid YAML (line"),
        ("- memory\n- write_approval: true\n", "not a YAML mapping"),
        ("memory: " + "[" * 300 + "]" * 300 + "\n", "nested deeper than"),
    ],
    ids=["invalid", "a-list", "too-deep"],
)
def test_a_provider_config_that_cannot_be_read_claims_no_setting(provider, cli, text, why):
    """A config.yaml that is there but not a readable mapping was read as absent: every
    key got the provider's default, said to come from "file not found", so `questions`
    answered "no approval gate" for a file that may turn it on. Its settings are now
    unknown, and the reason is said once on stderr."""
    home = provider("hermes") / "hermes_home"
    (home / "config.yaml").write_text(text)
    result = cli("--adapter", "hermes", "questions", "--json", db=home)
    _clean(result, ["questions", "--json"])
    assert why in result.stderr and "config.yaml" in result.stderr, result.stderr
    answers = {a["id"]: a for a in json.loads(result.stdout)["answers"]}
    assert answers["approval_gate"]["answer"] == "unknown", answers["approval_gate"]
    assert not any("provider default" in e for a in answers.values() for e in a["evidence"])
    shown = cli("--adapter", "hermes", "questions", db=home)
    assert shown.exit_code == 0 and why in shown.stderr
