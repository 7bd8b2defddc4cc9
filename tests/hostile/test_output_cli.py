"""The CLI's human output over hostile stores: store text is never read as Rich markup
(the consoles parse none: ``SafeConsole``), and no raw control reaches the output.

Under ``CliRunner`` rich writes no styles, so a parsed ``[link=…]`` would show as its
bare label and a stray ``[/]`` as an internal error; seeing the brackets literally is
the proof that nothing was parsed. (The real-terminal run, escapes and OSC 8 links
included, is ``test_output_pty.py``.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile import corpus_output as corpus
from tests.hostile.conftest import snapshot
from tests.hostile.output_checks import hidden_text

LG_PREF = "users.alice.memories/pref-concise"

# (store, argv, literal text that must appear: markup shown as the characters it is)
MARKUP = [
    # Extra-field keys in `show` (LangGraph value keys).
    ("langgraph", ["show", LG_PREF], "value.x[/]"),
    ("langgraph", ["show", LG_PREF], "value.[link=https://evil.example/lgkey]k[/link]"),
    # mem0 payload (metadata) keys.
    (
        "mem0",
        ["show", "eb601dcc-5332-4cb0-8507-474711ddd74e"],
        "metadata.[link=https://evil.example/m0key]k[/link]",
    ),
    # The action column of `log` (mem0's history.event).
    ("mem0", ["log"], "add[link=https://evil.example/m0event]x[/link][/]"),  # lowercased
    # Layer names in `verify --content` (an FTS table's name).
    ("langgraph", ["verify", "--content", "deploy key"], "notes[link=https://evil.example/lgfts]"),
    # Ids, in every listing.
    ("native", ["ls"], corpus.MARKUP_ID),
    ("native", ["review", "--list"], corpus.MARKUP_ID),
    ("hermes", ["ls"], corpus.HERMES_IDS[1]),
    ("native", ["show", corpus.MARKUP_ID], corpus.MARKUP_ID),
]


@pytest.mark.parametrize(("store", "argv", "literal"), MARKUP)
def test_store_text_is_never_markup(store, argv, literal, tmp_path: Path, cli) -> None:
    db = corpus.copy_store(store, tmp_path)
    r = cli(*argv, db=db, env={"COLUMNS": "400"})
    assert r.exit_code in (0, 3), (r.exit_code, r.stderr)
    assert "MarkupError" not in r.stderr and "internal error" not in r.stderr
    assert literal in r.stdout


READ_COMMANDS = {
    "native": [
        ["ls"],
        ["ls", "--search", "deploy"],
        ["show", corpus.PARENT_ID],
        ["show", corpus.ESC_ID],
        ["show", "h-child"],
        ["log"],
        ["stats"],
        ["conflicts"],
        ["audit"],
        ["questions"],
        ["review", "--list"],
        ["trace", "h-child"],
        ["forget", corpus.PARENT_ID, "--dry-run"],
        ["verify", "--content", "deploy key"],
        ["verify", "--all"],
        ["decay", "--dry-run"],
        ["show", "missing" + corpus.attack("missing")],
    ],
    "hermes": [["ls"], ["review", "--list"], ["show", corpus.HERMES_IDS[0]], ["log"]],
    "langgraph": [
        ["ls"],
        ["show", LG_PREF],
        ["show", f"users.alice.memories/{corpus.LANGGRAPH_ITEM}"],
        ["verify", "--content", "deploy key"],
        ["audit"],
    ],
    "mem0": [["ls"], ["log"], ["show", "eb601dcc-5332-4cb0-8507-474711ddd74e"], ["stats"]],
}


@pytest.mark.parametrize("store", sorted(READ_COMMANDS))
def test_no_raw_control_in_human_output(store: str, tmp_path: Path, cli) -> None:
    """And the foreign stores of this corpus are byte-identical afterwards."""
    db = corpus.copy_store(store, tmp_path / "copy")
    before = snapshot(tmp_path / "copy")
    seen = {}
    for argv in READ_COMMANDS[store]:
        r = cli(*argv, db=db)
        assert "internal error" not in r.stderr, (argv, r.stderr)
        assert r.exit_code in (0, 1, 3, 4, 6), (argv, r.exit_code, r.stderr)
        seen[" ".join(argv)[:40]] = hidden_text(r.stdout + r.stderr)
    assert {k: v for k, v in seen.items() if v} == {}
    if store != "native":  # the native ledger keeps its own read-only rules (WAL files)
        assert snapshot(tmp_path / "copy") == before


def test_a_hostile_actor_name_is_shown_revealed(tmp_path: Path, cli) -> None:
    """MEMAUDIT_ACTOR comes from the environment of whoever runs memaudit: an agent's
    wrapper can set it. Staged under it, it is shown as markers in `show` and `log`."""
    db = corpus.copy_store("native", tmp_path)
    env = {"MEMAUDIT_ACTOR": "bot" + corpus.attack("env")}
    r = cli("stage", "Staged by a hostile actor.", "-t", "user_statement", db=db, env=env)
    assert r.exit_code == 0, r.stderr
    for argv in (["log"], ["review", "--list"]):
        r = cli(*argv, db=db, env={"COLUMNS": "400"})
        assert hidden_text(r.stdout) == [], argv
    assert "bot⟨ESC⟩]52;c;" in cli("log", db=db, env={"COLUMNS": "400"}).stdout


def test_the_consoles_parse_no_markup_and_write_no_raw_control() -> None:
    """The CLI's last line: a plain string printed by either console (a cell, a title,
    a message someone forgot to wrap) is neither markup nor raw escapes."""
    import io

    from memaudit.cli.render import SafeConsole

    out = io.StringIO()
    console = SafeConsole(file=out, force_terminal=True, width=300)
    console.print("key x[/] [link=https://evil.example/c]c[/link] :ghost: " + corpus.attack("c"))
    text = out.getvalue()
    assert "x[/] [link=https://evil.example/c]c[/link] :ghost:" in text
    assert "\x1b]8;" not in text and "\x1b]52;" not in text
    assert "⟨ESC⟩]52;c;" in text


def test_agents_requests_and_imports_are_shown_revealed(tmp_path: Path, cli) -> None:
    """What an agent left (memaudit mcp's forget requests) and what an imported
    server-memory file holds: revealed in `review --list`, `import` and `dismiss`."""
    db = corpus.copy_store("native", tmp_path)
    wide = {"COLUMNS": "400"}
    listed = cli("review", "--list", db=db, env=wide)
    assert listed.exit_code == 0 and "forget request(s)" in listed.stdout
    assert corpus.MARKUP_ID in listed.stdout and "agent⟨ESC⟩]52;c;" in listed.stdout
    src = corpus.OUTPUT / "server_memory" / "memory.jsonl"
    runs = [
        cli("import", "server-memory", str(src), "--dry-run", db=db, env=wide),
        cli("import", "server-memory", str(src), db=db, env=wide),
        cli(
            "dismiss", corpus.REQUEST_ID, "--reason", "keep \x1b[31mit [bold]x[/]", db=db, env=wide
        ),
        cli("review", "--list", "-n", "0", db=db, env=wide),
    ]
    for r in runs:
        assert r.exit_code == 0, r.stderr
        assert hidden_text(r.stdout + r.stderr) == [] and "MarkupError" not in r.stderr
    assert "fr⟨ESC⟩]52;c;" in runs[2].stdout and "dismissed" in runs[2].stdout
    assert "ops⟨ESC⟩]52;c;" in runs[3].stdout  # the imported entity, as markers
