"""Security properties: each test fails if its property breaks."""

from __future__ import annotations

import ast
import json
import os
import shutil
import sqlite3 as stdlib_sqlite3
import stat
import sys
import unicodedata
from pathlib import Path

import pytest

from memaudit import review
from memaudit.clock import fixed_clock
from memaudit.errors import InvalidInput
from memaudit.ledger import Ledger
from memaudit.model import SourceType
from memaudit.sqlite_driver import sqlite3
from tests.conftest import NOW, file_bytes

PACKAGE = Path(__file__).resolve().parents[2] / "memaudit"
PROVIDERS = Path(__file__).resolve().parents[1] / "fixtures" / "providers"
TOKEN = "ZEBRA-7731-QUOKKA"


# -- no code from store bytes ------------------------------------------------

UNSAFE_CALLS = {
    ("pickle", "load"),
    ("pickle", "loads"),
    ("marshal", "load"),
    ("marshal", "loads"),
    ("dill", "loads"),
    ("shelve", "open"),
    ("yaml", "load"),
    ("yaml", "unsafe_load"),
    ("yaml", "full_load"),
    ("jsonpickle", "decode"),
}
UNSAFE_BUILTINS = {"eval", "exec", "compile", "__import__"}


def unsafe_calls(root: Path) -> list[str]:
    """Every call that can run code named by data, found in the syntax tree."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            where = f"{path.relative_to(root)}:{node.lineno}"
            if isinstance(func, ast.Name) and func.id in UNSAFE_BUILTINS:
                found.append(f"{where}: {func.id}()")
            elif (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and (func.value.id, func.attr) in UNSAFE_CALLS
            ):
                found.append(f"{where}: {func.value.id}.{func.attr}()")
            elif (
                isinstance(func, ast.Attribute)
                and func.attr == "Unpickler"
                and path.name != "safepickle.py"
            ):
                found.append(f"{where}: pickle.Unpickler outside safepickle")
    return found


def test_no_pickle_eval_exec_on_store_bytes_anywhere():
    """The package never calls the loaders that run code (pickle, marshal, yaml.load,
    eval/exec/compile/__import__); only safepickle's restricted unpickler reads pickles."""
    assert unsafe_calls(PACKAGE) == []
    text = (PACKAGE / "adapters" / "support" / "safepickle.py").read_text()
    assert "def find_class" in text  # the restricted unpickler resolves names itself


def test_the_scan_sees_what_it_looks_for(tmp_path):
    (tmp_path / "bad.py").write_text(
        "import pickle, yaml\npickle.loads(b'')\neval('1')\nyaml.load('a')\n"
    )
    assert len(unsafe_calls(tmp_path)) == 3


# -- foreign stores are opened read-only --------------------------------------

_WATCH: dict[str, object] = {"root": None, "writes": []}


def _audit(event: str, args: tuple) -> None:
    root = _WATCH["root"]
    if root is None:
        return
    writes: list = _WATCH["writes"]  # type: ignore[assignment]
    if event == "open" and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.fsdecode(args[0])
        mode, flags = args[1], args[2]
        writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        )
        if writing and path.startswith(str(root)):
            writes.append(f"open({path!r}, {mode!r})")
    elif event == "sqlite3.connect" and args:
        db = os.fsdecode(args[0]) if isinstance(args[0], str | bytes | os.PathLike) else ""
        plain = db.split("?")[0].removeprefix("file:")
        if str(root) in plain and "mode=ro" not in db and "immutable=1" not in db:
            writes.append(f"sqlite3.connect({db!r}) without mode=ro/immutable=1")


sys.addaudithook(_audit)

FOREIGN = {
    "hermes": "hermes_home",
    "mem0": "",
    "langgraph": "store.db",
    "holographic": "memory_store.db",
    "mnemosyne": "hermes_home",
    "basic_memory": "",
}
READ_COMMANDS = [
    ["ls"],
    ["ls", "--json"],
    ["stats"],
    ["log"],
    ["conflicts"],
    ["audit"],
    ["verify", "--content", TOKEN],
    ["decay", "--dry-run"],
]


@pytest.mark.parametrize("system", sorted(FOREIGN))
def test_read_commands_open_foreign_stores_read_only(system, tmp_path, cli):
    """Every read command, watched through Python's audit hooks: no file of the store
    is opened for writing and every SQLite connection to it is mode=ro or immutable;
    and the folder is byte-identical afterwards (root ignores chmod, so no chmod test)."""
    folder = tmp_path / system
    shutil.copytree(PROVIDERS / system / "before", folder)
    target = folder / FOREIGN[system] if FOREIGN[system] else folder
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    first = cli("ls", "--json", db=target)
    ids = [m["id"] for m in json.loads(first.stdout)] if first.exit_code == 0 else []
    commands = [*READ_COMMANDS, *([["show", ids[0]], ["trace", ids[0]]] if ids else [])]
    _WATCH.update(root=folder.resolve(), writes=[])
    try:
        codes = {}
        for argv in commands:
            codes[argv[0]] = cli(*argv, db=target).exit_code
    finally:
        root_writes = list(_WATCH["writes"])  # type: ignore[call-overload]
        _WATCH.update(root=None, writes=[])
    assert root_writes == []
    after = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert after == before
    assert set(codes.values()) <= {0, 3, 4, 6}, codes  # ok, residue, findings, unsupported


# -- credentials -------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://alice:s3cretpw@127.0.0.1:1/memories",
        "postgres://alice:s3cretpw@127.0.0.1:1/memories?sslmode=disable",
        "postgresql://127.0.0.1:1/memories?user=alice&password=s3cretpw",
        "mysql://alice:s3cretpw@localhost/memories",
        "redis://:s3cretpw@localhost:6379/0",
    ],
)
def test_database_url_passwords_are_never_printed(url, cli, monkeypatch):
    outputs = []
    for argv in (["ls"], ["stats"], ["show", "x"], ["audit"], ["verify", "--content", "x"]):
        r = cli(*argv, db=url)  # type: ignore[arg-type]
        outputs.append(r.stdout + r.stderr)
    monkeypatch.setenv("MEMAUDIT_DB", url)
    r = cli("ls")
    outputs.append(r.stdout + r.stderr)
    r = cli("adapters", "--detect", url)
    outputs.append(r.stdout + r.stderr)
    joined = "\n".join(outputs)
    assert "s3cretpw" not in joined
    assert "***" in joined  # the location is still named, with the password masked


# -- owner-only files --------------------------------------------------------


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_ledgers_sidecars_and_locks_are_owner_only(tmp_path, cli, monkeypatch):
    old = os.umask(0)  # the most permissive umask: modes must not depend on it
    try:
        db = tmp_path / "new.db"
        assert cli("init", str(db)).exit_code == 0
        assert cli("stage", "The user likes tea.", "-t", "user_statement", db=db).exit_code == 0
        with Ledger.open(db, readonly=False) as led:  # keeps -wal/-shm while we look
            review.stage(led, review.Candidate("Another note.", SourceType.USER_STATEMENT))
            for side in (db, db.with_name("new.db-wal"), db.with_name("new.db-shm")):
                assert _mode(side) == 0o600, side
        assert cli("decay", db=db).exit_code == 0  # takes the run lock
        home = tmp_path / "memaudit-home"
        hermes = tmp_path / "hermes_home"
        shutil.copytree(PROVIDERS / "hermes" / "before" / "hermes_home", hermes)
        assert cli("reject", "6a573627", "--reason", "not now", db=hermes).exit_code == 0
        folders = [home, home / "sidecars", home / "locks"]
        files = [*(home / "sidecars").glob("*.db"), *(home / "locks").glob("*.lock")]
        assert len(files) >= 2
        for folder in folders:
            assert _mode(folder) == 0o700, folder
        for f in files:
            assert _mode(f) == 0o600, f
        assert not list(tmp_path.glob(".*.init-*"))  # no half-built ledger left behind
    finally:
        os.umask(old)


# -- the event log -----------------------------------------------------------


def test_events_refuse_update_and_delete(sample):
    db = sample("zebra")
    conn = sqlite3.connect(str(db))
    before = conn.execute("SELECT count(*), max(id) FROM events").fetchone()
    for sql in (
        "UPDATE events SET reason = 'rewritten'",
        "UPDATE events SET actor = 'nobody' WHERE id = 1",
        "DELETE FROM events",
        "DELETE FROM events WHERE id = (SELECT max(id) FROM events)",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute(sql)
    assert conn.execute("SELECT count(*), max(id) FROM events").fetchone() == before
    conn.close()


def _words(text: str) -> list[str]:
    return [w for w in text.split() if len(w) > 3]


def test_tombstones_and_events_never_hold_forgotten_content(sample, cli):
    db = sample("zebra")
    with Ledger.open(db) as led:
        texts = {m.id: m.content for m in led.query()}
        rejected_text = None
    r = cli("forget", "zebra-secret", "--reason", "user request #42", "--yes", db=db)
    assert r.exit_code == 0, r.stderr
    with Ledger.open(db, readonly=False, clock=fixed_clock(NOW)) as led:
        staged = review.stage(
            led,
            review.Candidate(
                "Rejected secret: PLATYPUS-4417 lives here", SourceType.USER_STATEMENT
            ),
        )
        rejected_text = "Rejected secret: PLATYPUS-4417 lives here"
        review.reject(led, staged.id, "wrong")
        forgotten = [
            texts[e.memory_id] for e in led.events(actions=["forget"]) if e.memory_id in texts
        ]
    assert forgotten and any(TOKEN in t for t in forgotten)
    conn = stdlib_sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = [
        " ".join(str(v) for v in row)
        for table in ("events", "tombstones")
        for row in conn.execute(f"SELECT * FROM {table}")
    ]
    conn.close()
    dump = "\n".join(rows).lower()
    for text in [*forgotten, rejected_text]:
        assert text.lower() not in dump
        assert "zebra-7731" not in dump and "platypus-4417" not in dump
        # no run of four of its words survives either
        words = _words(text.lower())
        for i in range(max(0, len(words) - 3)):
            assert " ".join(words[i : i + 4]) not in dump


# -- terminal output ---------------------------------------------------------

ESCAPES = "\x1b]0;pwned\x07 \x1b[31mRED\x1b[0m \x9b2J \u202eevil\u202c a\u200bb \x08\x7f\r"


REASON_ESCAPES = "\x1b]2;gone\x07 \x9b33m \u202eoops\u202c \x08\x7f\r"
EVIL_ID = "evil\x1b]0;id\x07"


def test_stage_refuses_ids_with_control_characters(ledger):
    for bad in (EVIL_ID, "a\u202eb", "x\u200by", "bell\x07"):
        with pytest.raises(InvalidInput, match="control or invisible"):
            review.stage(ledger, review.Candidate("text", SourceType.USER_STATEMENT, id=bad))
    assert ledger.count() == 0


def raw_controls(text: str) -> set[str]:
    return {
        f"U+{ord(c):04X}"
        for c in text
        if c not in "\n\t" and unicodedata.category(c) in ("Cc", "Cf")
    }


def test_stored_escape_sequences_never_reach_the_terminal_raw(tmp_path, cli):
    db = tmp_path / "hostile.db"
    Ledger.init(db, clock=fixed_clock(NOW)).close()
    with Ledger.open(db, readonly=False, clock=fixed_clock(NOW), actor="agent\x1b[5m") as led:
        parent = review.stage(
            led,
            review.Candidate(
                "The project uses poetry for packaging " + ESCAPES,
                SourceType.USER_STATEMENT,
                id="plain-id",
                source_ref="ref" + ESCAPES,
                scope="scope" + ESCAPES,
                tags=["tag" + ESCAPES],
                summary="summary" + ESCAPES,
            ),
        )
        review.approve(led, parent.id)
        # memaudit refuses such an id at stage; a store written by anything else may
        # still hold one (rendering is the last line of defence).
        with led.transaction():
            led.conn.execute("UPDATE memories SET id = ? WHERE id = 'plain-id'", (EVIL_ID,))
        parent.id = EVIL_ID
        child = review.stage(
            led,
            review.Candidate(
                "Summary: the project moved from poetry to uv " + ESCAPES,
                SourceType.SUMMARY,
                derived_from=[parent.id],
            ),
        )
        other = review.stage(led, review.Candidate("Doomed " + ESCAPES, SourceType.USER_STATEMENT))
        # Its own hostile bytes: a reason repeating the content's tokens is refused.
        review.reject(led, other.id, "reason" + REASON_ESCAPES)
    commands = [
        ["ls"],
        ["ls", "--search", "poetry"],
        ["show", parent.id],
        ["show", child.id],
        ["log"],
        ["stats"],
        ["conflicts"],
        ["audit"],
        ["trace", child.id],
        ["forget", parent.id, "--dry-run"],
        ["verify", "--content", "poetry " + ESCAPES],
        ["verify", "--all"],
        ["decay", "--dry-run"],
        ["reject", "nope" + ESCAPES, "--reason", "x"],
        ["show", "missing" + ESCAPES],
    ]
    seen = {}
    for argv in commands:
        r = cli(*argv, db=db)
        seen[argv[0] + " " + (argv[1][:8] if len(argv) > 1 else "")] = raw_controls(
            r.stdout + r.stderr
        )
        assert "internal error" not in r.stderr, (argv, r.stderr)
    assert {k: v for k, v in seen.items() if v} == {}


# -- SQL only with parameters -------------------------------------------------

INJECTIONS = [
    "' OR '1'='1",
    "x'); DROP TABLE memories; --",
    '" OR ""="',
    "'; DELETE FROM events; --",
    "a;b",
    "%' --",
]


@pytest.mark.parametrize("value", INJECTIONS)
def test_filters_take_quotes_and_semicolons_as_data(value, sample, cli):
    """Each filter gets the value; a filter built by string concatenation would match
    everything, break, or change the store."""
    db = sample("pending_queue")
    before = file_bytes(db)
    runs = {
        "ls --search": cli("ls", "--search", value, "--json", db=db),
        "ls --status": cli("ls", "--status", value, "--json", db=db),
        "ls --since": cli("ls", "--since", value, "--json", db=db),
        "ls --source-type": cli("ls", "--source-type", value, "--json", db=db),
        "log --memory": cli("log", "--memory", value, "--json", db=db),
        "log --action": cli("log", "--action", value, "--json", db=db),
        "log --by": cli("log", "--by", value, "--json", db=db),
        "log --since": cli("log", "--since", value, "--json", db=db),
        "forget --match": cli("forget", "--match", value, "--dry-run", "--json", db=db),
        "verify --content": cli("verify", "--content", value, "--json", db=db),
        "show": cli("show", value, db=db),
    }
    for name, r in runs.items():
        assert "internal error" not in r.stderr, (name, r.stderr)
        assert "syntax error" not in (r.stdout + r.stderr).lower(), name
        assert r.exit_code in (0, 1, 2), (name, r.exit_code, r.stderr)
        if r.exit_code == 0 and name.split()[0] in ("ls", "log"):
            assert json.loads(r.stdout) == [], f"{name} {value!r} matched rows"
    assert file_bytes(db) == before
    with Ledger.open(db) as led:
        assert led.count() == 13 and led.events()
