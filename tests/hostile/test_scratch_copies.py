"""Copies of a foreign store are private, bounded and removed."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys

import pytest

from memaudit import scratch
from memaudit.adapters.support import sqlite_probe as sp
from memaudit.errors import Refused
from tests.hostile import corpus_files as cf


def test_a_wal_without_shm_is_read_from_one_private_copy_removed_at_the_end(tmp_path, tmpdir_env):
    db = cf.copy_store("wal_no_shm", tmp_path)
    with scratch.session():
        for _ in range(3):  # several connections in one command share one copy
            with sp.connect_ro(db) as conn:
                rows = conn.execute("SELECT content FROM facts").fetchall()
                assert any(cf.SECRET in r[0] for r in rows)  # the WAL's rows are read
        folder = scratch.active()
        assert folder is not None and folder.parent == tmpdir_env
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        copies = list(folder.iterdir())
        assert len(copies) == 1
        assert {"memory_store.db", "memory_store.db-wal"} <= {p.name for p in copies[0].iterdir()}
    assert os.listdir(tmpdir_env) == []
    assert sorted(p.name for p in db.parent.iterdir()) == ["memory_store.db", "memory_store.db-wal"]


def test_every_command_removes_its_copies_even_when_it_fails(tmp_path, tmpdir_env, cli):
    db = cf.copy_store("wal_no_shm", tmp_path)
    for argv in (["ls"], ["show", "no-such-id"], ["verify", "--content", cf.SECRET]):
        r = cli(*argv, db=db)
        assert r.exit_code in (0, 1, 3), r.stderr
        assert os.listdir(tmpdir_env) == [], argv


def test_ctrl_c_removes_the_copies(tmp_path, tmpdir_env, cli, monkeypatch):
    """Interrupted after the copy was made: exit with one line, nothing left."""
    db = cf.copy_store("wal_no_shm", tmp_path)
    from memaudit.adapters import holographic

    real = holographic.HolographicStore.memories

    def interrupted(self, flt=None):
        real(self, flt)  # the copy exists now
        assert os.listdir(tmpdir_env) != []
        raise KeyboardInterrupt

    monkeypatch.setattr(holographic.HolographicStore, "memories", interrupted)
    r = cli("ls", db=db)
    assert r.exit_code == 130
    assert r.stderr.strip() == "Error: interrupted; an unfinished write was rolled back"
    assert os.listdir(tmpdir_env) == []


def test_a_wal_linked_to_dev_zero_is_refused_in_one_line(tmp_path, tmpdir_env, cli):
    db = cf.copy_store("wal_no_shm", tmp_path)
    cf.plant_wal_to_dev_zero(db)
    detected = cli("ls", db=db)
    forced = cli("--adapter", "holographic", "ls", db=db)
    # not a store it can open (detection) / refused (the adapter forced)
    assert (detected.exit_code, forced.exit_code) == (1, 8), (detected.stderr, forced.stderr)
    for r in (detected, forced):
        assert len(r.stderr.strip().splitlines()) == 1
        assert "refusing to copy" in r.stderr and "-wal" in r.stderr, r.stderr
    assert os.listdir(tmpdir_env) == []


def test_copies_are_bounded_by_the_size_the_file_had(tmp_path, tmpdir_env):
    """A file that grows while it is copied is copied up to the size fstat gave."""
    src = tmp_path / "growing"
    src.write_bytes(b"x" * 1000)
    fd = os.open(src, os.O_RDONLY)
    try:
        with open(src, "ab") as grow:
            grow.write(b"y" * 5000)
        # the size was taken at open: copy_files opens, fstats, then reads
    finally:
        os.close(fd)
    with scratch.session():
        (copy,) = scratch.copy_files([(src, "copy")])
        assert copy.stat().st_size == 6000  # the size at open (now 6000)
    with scratch.session():
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(Refused, match="not a regular file"):
            scratch.copy_files([(tmp_path / "fifo", "x")])
        os.symlink(src, tmp_path / "link")
        with pytest.raises(Refused, match="symlink"):
            scratch.copy_files([(tmp_path / "link", "x")])
    assert os.listdir(tmpdir_env) == []


def test_api_use_cleans_up_at_exit(tmp_path, tmpdir_env):
    """Library use without the CLI: the copies go when the interpreter exits (atexit),
    in a child process so this one's exit handlers are left alone."""
    db = cf.copy_store("wal_no_shm", tmp_path)
    code = (
        "import os, sys\n"
        "from memaudit import scratch\n"
        "from memaudit.adapters import open_store\n"
        "store = open_store(sys.argv[1])\n"
        "assert store.count() > 0 and os.listdir(os.environ['TMPDIR'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(db)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert os.listdir(tmpdir_env) == []


def test_sigterm_removes_the_copies(tmp_path, tmpdir_env):
    """``kill`` (SIGTERM) while a command holds a copy of a store's secrets: the copy
    goes, and the process reports the conventional status 143 (128 + SIGTERM)."""
    db = cf.copy_store("wal_no_shm", tmp_path)
    code = (
        "import os, sys, time\n"
        "from memaudit.adapters import open_store\n"
        "store = open_store(sys.argv[1])\n"
        "assert store.count() > 0 and os.listdir(os.environ['TMPDIR'])\n"
        "print('copied', flush=True)\n"
        "time.sleep(60)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "copied"
        assert os.listdir(tmpdir_env) != []
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        child.kill()
        child.wait()
    assert os.listdir(tmpdir_env) == []


def test_a_host_programs_own_sigterm_handler_is_left_alone(tmp_path, tmpdir_env):
    """A server that handles SIGTERM itself keeps its handler while copies exist."""
    db = cf.copy_store("wal_no_shm", tmp_path)
    mine = signal.getsignal(signal.SIGTERM)

    def host(signum, frame):  # pragma: no cover - never delivered
        pass

    signal.signal(signal.SIGTERM, host)
    try:
        with scratch.session(), sp.connect_ro(db):
            assert scratch.active() is not None
            assert signal.getsignal(signal.SIGTERM) is host
        assert signal.getsignal(signal.SIGTERM) is host
    finally:
        signal.signal(signal.SIGTERM, mine)
