"""Hostile stores and inputs for the files / SQL / resources defences.

Run ``python -m tests.hostile.corpus_files`` to rebuild the committed part, under
``tests/hostile/files/`` (small: each store is a few KB to ~100 KB). What git cannot
hold or what would be too big to commit is made at test time by the functions below
from the same recipes: symlinks to targets in the test's own folder, FIFOs, a link to
``/dev/zero``, a 100,000-deep derivation chain, a 400,000-sentence content file.

Each store attacks one defence:

| store | attack | defence |
|---|---|---|
| ``hermes_drift`` | MEMORY.md that does not round-trip + a staged replace; at test time symlinks at ``MEMORY.md.bak.<ts>`` and ``MEMORY.md.lock`` | ``memaudit.confined`` (writes) |
| ``wal_no_shm`` | WAL store with a ``-wal`` and no ``-shm`` | ``memaudit.scratch`` (private, bounded, removed copies) |
| ``wal_stale_shm`` | WAL store whose ``-shm`` is stale | ``connect_ro`` (``readonly_shm``) |
| ``langgraph_marker`` | LangGraph store with a ``memaudit_meta`` marker table | ledger detection; read-only opens never migrate |
| ``old_ledger`` | native ledger written before ``m006`` | read-only opens say "needs migration" |
| ``trigram_injection`` | Hermes ``state.db`` with a trigram FTS table named ``notes_tri" WHERE 0 --`` | ``sqlite_probe.quote_ident`` |
| ``mem0_bomb`` | mem0 store with a ~300-byte point of shared list references | ``safepickle.plain`` value budget |
| ``recursive_view`` | LangGraph-shaped store whose ``store`` is a recursive view | no SQL through a store's views |
| ``byterover_tree`` | ByteRover context tree; at test time a topic file symlinked out of the store | ``confined.walk_files`` / ``read_text`` |
"""

from __future__ import annotations

import base64
import os
import pickle
import shutil
import sqlite3
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = HERE / "files"
PROVIDERS = HERE.parent / "fixtures" / "providers"
SECRET = "ZEBRA-7731-QUOKKA"
HOSTILE_FTS = 'notes_tri" WHERE 0 --'
DRIFT_ENTRY = "The user's deploy key lives in the vault."


# -- committed stores -----------------------------------------------------------------


def _fresh(name: str) -> Path:
    path = FILES / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def hermes_drift() -> Path:
    """A HERMES_HOME whose MEMORY.md was edited by hand (it does not round-trip: two
    delimiters in a row) and a staged replace that must pass Hermes' drift check."""
    home = _fresh("hermes_drift") / "hermes_home"
    (home / "memories").mkdir(parents=True)
    (home / "pending" / "memory").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(
        f"{DRIFT_ENTRY}\n§\n\n§\nProject uses uv for packaging.", encoding="utf-8"
    )
    (home / "memories" / "USER.md").write_text("User prefers short answers.", encoding="utf-8")
    (home / "config.yaml").write_text("memory:\n  write_approval: true\n", encoding="utf-8")
    (home / "pending" / "memory" / "d1f7a001.json").write_text(
        '{"id": "d1f7a001", "subsystem": "memory", "action": "replace", "summary": '
        '"replace uv", "origin": "tool", "created_at": 1780000000, "payload": {"action": '
        '"replace", "target": "memory", "old_text": "uv for packaging", "content": '
        '"echo pwned >> ~/.bashrc"}}',
        encoding="utf-8",
    )
    return home


def _wal_store(folder: Path, *, keep_shm: bool) -> Path:
    """The Holographic fixture in WAL mode with uncheckpointed frames (a secret only in
    the -wal), as a killed writer leaves it."""
    db = folder / "memory_store.db"
    shutil.copyfile(PROVIDERS / "holographic" / "before" / "memory_store.db", db)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    writer = sqlite3.connect(db)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    cols = [r[1] for r in writer.execute("PRAGMA table_info(facts)")]
    row = {c: None for c in cols}
    row.update(content=f"Only in the WAL: the vault code is {SECRET}.", category="general")
    row = {k: v for k, v in row.items() if v is not None}
    writer.execute(
        f"INSERT INTO facts({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
        list(row.values()),
    )
    writer.commit()
    wal = Path(f"{db}-wal").read_bytes()
    shm = Path(f"{db}-shm").read_bytes()
    main = db.read_bytes()
    writer.close()  # checkpoints and removes -wal/-shm: put back what a crash leaves
    db.write_bytes(main)
    Path(f"{db}-wal").write_bytes(wal)
    if keep_shm:
        # Stale: a valid-looking header that no longer matches the WAL (as after the
        # WAL was reset by another writer). ``mode=ro`` would rebuild it in place.
        stale = bytearray(shm)
        stale[0:136] = bytes(136)
        Path(f"{db}-shm").write_bytes(bytes(stale))
    return db


def wal_no_shm() -> Path:
    return _wal_store(_fresh("wal_no_shm"), keep_shm=False)


def wal_stale_shm() -> Path:
    return _wal_store(_fresh("wal_stale_shm"), keep_shm=True)


def langgraph_marker() -> Path:
    """A real LangGraph store with a ``memaudit_meta`` table claiming to be a ledger."""
    db = _fresh("langgraph_marker") / "store.db"
    shutil.copyfile(PROVIDERS / "langgraph" / "before" / "store.db", db)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE memaudit_meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO memaudit_meta VALUES ('format', 'memaudit-ledger')")
    conn.commit()
    conn.close()
    return db


def old_ledger() -> Path:
    """A native ledger as memaudit wrote it before m006 (events could be REPLACEd)."""
    from sqlite_utils import Database

    from memaudit.ledger import schema

    path = _fresh("old_ledger") / "old.db"
    db = Database(path)
    schema.migrations.apply(db, stop_before="m006_events_refuse_replace")
    db.execute(
        "INSERT INTO memories(id, content, source_type, status, created_at, updated_at, "
        "content_hash) VALUES ('old-1', 'The user likes tea.', 'user_statement', 'active', "
        "'2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'b2:x')"
    )
    db.execute(
        "INSERT INTO events(at, actor, action, memory_id) VALUES "
        "('2026-01-01T00:00:00Z', 'alice', 'approve', 'old-1')"
    )
    db.conn.commit()
    db.conn.close()
    return path


def trigram_injection() -> Path:
    """A HERMES_HOME whose ``state.db`` holds the secret in messages and in a trigram
    FTS index whose name ends the SELECT early if pasted into SQL unquoted."""
    home = _fresh("trigram_injection") / "hermes_home"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text("Project uses uv.", encoding="utf-8")
    conn = sqlite3.connect(home / "state.db")
    conn.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT)")
    conn.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT)")
    conn.execute(
        'CREATE VIRTUAL TABLE "notes_tri"" WHERE 0 --" USING fts5(content, tokenize="trigram")'
    )
    text = f"Remember: the vault code is {SECRET}."
    conn.execute("INSERT INTO messages(session_id, content) VALUES ('s1', ?)", (text,))
    conn.execute('INSERT INTO "notes_tri"" WHERE 0 --"(content) VALUES (?)', (text,))
    conn.commit()
    # The message is deleted; its terms stay in the index segments.
    conn.execute("DELETE FROM messages")
    conn.commit()
    conn.execute("VACUUM")
    conn.close()
    return home


def mem0_bomb() -> Path:
    """The mem0 fixture plus one point whose pickle (a few hundred bytes) references one
    list from two places, forty levels deep: 2**40 values if expanded."""
    folder = _fresh("mem0_bomb")
    shutil.copytree(PROVIDERS / "mem0" / "before", folder, dirs_exist_ok=True)
    nested: list[object] = ["boom"]
    for _ in range(40):
        nested = [nested, nested]
    blob = pickle.dumps(nested, protocol=4)
    storage = folder / "qdrant" / "collection" / "memaudit" / "storage.sqlite"
    conn = sqlite3.connect(storage)
    conn.execute(
        "INSERT INTO points(id, point) VALUES (?, ?)",
        (base64.b64encode(pickle.dumps("bomb")).decode(), blob),
    )
    conn.commit()
    conn.close()
    return folder


def recursive_view() -> Path:
    """LangGraph's schema, except that ``store`` is a view that never ends."""
    db = _fresh("recursive_view") / "store.db"
    conn = sqlite3.connect(db)
    conn.executescript(
        """
        CREATE TABLE store_migrations (v INTEGER PRIMARY KEY);
        CREATE TABLE vector_migrations (v INTEGER PRIMARY KEY);
        CREATE VIEW store AS
          WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
          SELECT 'ns' AS prefix, printf('k%d', n) AS key,
                 printf('{"content": "%s"}', hex(zeroblob(1000))) AS value,
                 '2026-01-01' AS created_at, '2026-01-01' AS updated_at,
                 NULL AS expires_at, NULL AS ttl_minutes
          FROM r;
        """
    )
    conn.commit()
    conn.close()
    return db


def byterover_tree() -> Path:
    """The ByteRover fixture's context tree (a topic file pointing out of the store is
    planted at test time by ``escape_topic``)."""
    folder = _fresh("byterover_tree")
    shutil.copytree(PROVIDERS / "byterover" / "before", folder, dirs_exist_ok=True)
    return folder


BUILDERS = {
    "hermes_drift": hermes_drift,
    "wal_no_shm": wal_no_shm,
    "wal_stale_shm": wal_stale_shm,
    "langgraph_marker": langgraph_marker,
    "old_ledger": old_ledger,
    "trigram_injection": trigram_injection,
    "mem0_bomb": mem0_bomb,
    "recursive_view": recursive_view,
    "byterover_tree": byterover_tree,
}

# What `--db` to give for each committed store (relative to its folder).
TARGETS = {
    "hermes_drift": "hermes_home",
    "wal_no_shm": "memory_store.db",
    "wal_stale_shm": "memory_store.db",
    "langgraph_marker": "store.db",
    "old_ledger": "old.db",
    "trigram_injection": "hermes_home",
    "mem0_bomb": "",
    "recursive_view": "store.db",
    "byterover_tree": "hermes_home",
}


def build() -> list[Path]:
    """Rebuild every committed store of this corpus."""
    return [make() for make in BUILDERS.values()]


def copy_store(name: str, dest: Path) -> Path:
    """Copy a committed store into ``dest`` (symlinks kept as symlinks); returns the
    path to give as ``--db``."""
    folder = dest / name
    shutil.copytree(FILES / name, folder, symlinks=True)
    return folder / TARGETS[name] if TARGETS[name] else folder


# -- made at test time ----------------------------------------------------------------


def plant_backup_links(home: Path, target: Path, start: int, seconds: int = 30) -> None:
    """Symlinks at every ``MEMORY.md.bak.<ts>`` name Hermes' drift check may pick in
    the next ``seconds``, all pointing at ``target`` (a stand-in for ``~/.bashrc``)."""
    mem = home / "memories"
    for ts in range(start, start + seconds):
        os.symlink(target, mem / f"MEMORY.md.bak.{ts}")


def plant_lock_link(home: Path, target: Path) -> None:
    """A symlink at ``MEMORY.md.lock``: opening it to lock would create ``target``."""
    lock = home / "memories" / "MEMORY.md.lock"
    lock.unlink(missing_ok=True)
    os.symlink(target, lock)


def plant_pending_specials(home: Path) -> list[str]:
    """A FIFO and a link to ``/dev/zero`` among the pending records, and a record
    symlinked to a file outside the store."""
    pending = home / "pending" / "memory"
    pending.mkdir(parents=True, exist_ok=True)
    os.mkfifo(pending / "f1f0f1f0.json")
    os.symlink("/dev/zero", pending / "2e202e20.json")
    outside = home.parent / "outside-secret.json"
    outside.write_text('{"action": "add", "payload": {"content": "outside the store"}}')
    os.symlink(outside, pending / "0u7s1de0.json")
    return ["f1f0f1f0", "2e202e20", "0u7s1de0"]


def plant_wal_to_dev_zero(db: Path) -> None:
    """Replace a store's ``-wal`` (and drop its ``-shm``) with a link to /dev/zero."""
    Path(f"{db}-shm").unlink(missing_ok=True)
    Path(f"{db}-wal").unlink(missing_ok=True)
    os.symlink("/dev/zero", f"{db}-wal")


def escape_topic(home: Path) -> Path:
    """A ByteRover topic file that is a symlink to a file outside the store; returns
    the outside file (its text must never be read)."""
    outside = home.parent.parent / "outside-notes.md"
    outside.write_text(f"---\ntitle: Stolen\n---\nOutside the store: {SECRET}\n")
    topic = next((home / "byterover" / ".brv" / "context-tree" / "project").glob("*.md"))
    link = topic.with_name("stolen_notes.md")
    os.symlink(outside, link)
    return outside


def deep_chain_ledger(path: Path, depth: int = 100_000) -> list[str]:
    """A native ledger holding one derivation chain ``depth`` long (m0 ← m1 ← ...);
    returns the ids, root first. Written with plain SQL: the gate would take minutes."""
    from memaudit.clock import fixed_clock
    from memaudit.ledger import Ledger

    Ledger.init(path, clock=fixed_clock("2026-11-30T12:00:00Z")).close()
    ids = [f"c{n}" for n in range(depth)]
    conn = sqlite3.connect(path)
    at = "2026-11-30T12:00:00Z"
    conn.executemany(
        "INSERT INTO memories(id, content, source_type, status, derived, created_at, "
        "updated_at, content_hash) VALUES (?, ?, ?, 'active', ?, ?, ?, ?)",
        (
            (
                mid,
                f"Step {n} of a long summary chain.",
                "user_statement" if n == 0 else "summary",
                int(n > 0),
                at,
                at,
                f"b2:{n}",
            )
            for n, mid in enumerate(ids)
        ),
    )
    conn.executemany(
        "INSERT INTO edges(child_id, parent_id, relation, created_at) VALUES (?, ?, ?, ?)",
        ((ids[n], ids[n - 1], "summarizes", at) for n in range(1, depth)),
    )
    conn.commit()
    conn.close()
    return ids


def many_sentences(path: Path, count: int = 400_000) -> Path:
    """A ``verify --content-file`` input of ``count`` distinct sentences."""
    with path.open("w", encoding="utf-8") as fh:
        for n in range(count):
            fh.write(f"Code {n} is {n * 7919}. ")
    return path


if __name__ == "__main__":
    for made in build():
        print(made.relative_to(HERE.parent.parent))
