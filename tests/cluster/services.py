"""Throwaway PostgreSQL, Redis and `kingdom serve` processes for the cluster tests.

Everything here is real: PostgreSQL 15 from Debian's `postgresql` package (its `initdb` and
`pg_ctl`), `redis-server` from Debian's `redis-server` package, and the server started as
`python -m kingdom_cli.main serve` with `DATABASE_URL` and `REDIS_URL`, each on a free loopback
port. When a binary is missing the test is skipped with a message naming the Debian package
to install (`make test` installs both; see the Makefile's `cluster-deps`).

PostgreSQL refuses to run as root. When the tests run as root, `initdb`, `pg_ctl` and the
server run as the `postgres` system user (created by Debian's package) through
`runuser -u postgres --`, in a data directory under the system's temporary folder owned by that
user (pytest's own temporary folders are private to root). Otherwise they run as the current
user. The server trusts local connections (it listens on 127.0.0.1 only, for one test run).

Each PostgreSQL server lives for the whole test session; every test gets a database of its own
(`CREATE DATABASE`). Redis and the game servers live for one test.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from kingdom_cli.cluster import port_open, postgres_bin, postgres_user_prefix, program

ROOT = Path(__file__).resolve().parents[2]

SKIPPED: list[str] = []
"""Why cluster tests were skipped (printed as a banner at the end of the run by conftest.py)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: object, timeout: float, what: str) -> None:
    """Poll `check()` until it is true; fail the test with `what` after `timeout` seconds."""
    assert callable(check)
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.05)


def skip_missing(what: str, package: str) -> None:
    reason = (
        f"CLUSTER TESTS SKIPPED: {what} is not installed. "
        f"Install Debian's `{package}` package (sudo apt-get install -y {package}; "
        f"`make test` does it by itself)."
    )
    SKIPPED.append(reason)
    pytest.skip(reason)


# --- PostgreSQL ----------------------------------------------------------------------------


def as_postgres_user() -> list[str]:
    """The command prefix that runs PostgreSQL's programs: none for an ordinary user; as root
    `runuser -u postgres --` (PostgreSQL will not run as root)."""
    prefix = postgres_user_prefix()
    if prefix is None:
        skip_missing("the `postgres` system user (or runuser)", "postgresql")
    assert prefix is not None
    return prefix


class Postgres:
    """A PostgreSQL server in a temporary data directory on a free loopback port."""

    def __init__(self) -> None:
        folder = postgres_bin()
        if folder is None:
            skip_missing("PostgreSQL (initdb, pg_ctl)", "postgresql")
        assert folder is not None
        self.bin = folder
        self.prefix = as_postgres_user()
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="kingdom-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self._databases = 0
        if self.prefix:  # the data directory and the log belong to the postgres user
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--no-sync")

    def _run(self, program: str, *args: str, timeout: float = 60) -> None:
        out = subprocess.run([*self.prefix, str(self.bin / program), *args],
                             capture_output=True, text=True, timeout=timeout)
        if out.returncode != 0:
            raise RuntimeError(f"{program} failed ({out.returncode}):\n{out.stdout}{out.stderr}")

    def start(self) -> Postgres:
        """Start the server (again, on the same port and data) and wait until it accepts."""
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options,
                  "-w", "-t", "60", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: 'fast' (clients are disconnected) or 'immediate' (like a crash)."""
        if self.running:
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists() and port_open(self.port)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its URL."""
        self._databases += 1
        name = f"kingdom_{os.getpid()}_{self._databases}"
        createdb = self.bin / "createdb"
        out = subprocess.run([str(createdb), "-h", "127.0.0.1", "-p", str(self.port),
                              "-U", "postgres", name], capture_output=True, text=True, timeout=60)
        if out.returncode != 0:
            raise RuntimeError(f"createdb failed:\n{out.stdout}{out.stderr}")
        return self.url(name)

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


# --- Redis ---------------------------------------------------------------------------------


class Redis:
    """A redis-server on a free loopback port. With `persist`, its data survives `stop()` and
    `start()` (an append-only file in its folder), as a production Redis with AOF would;
    without, a restart comes back empty, as a cache-only Redis does."""

    def __init__(self, persist: bool = False) -> None:
        binary = program("redis-server")
        if binary is None:
            skip_missing("redis-server", "redis-server")
        assert binary is not None
        self.binary = binary
        self.persist = persist
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="kingdom-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        """Start it (again, on the same port) and wait until it accepts connections."""
        assert self.proc is None or self.proc.poll() is not None, "redis is running"
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", str(self.root), "--save", "", "--protected-mode", "no",
                "--appendonly", "yes" if self.persist else "no", "--daemonize", "no"]
        self._log = open(self.root / "redis.log", "ab")  # noqa: SIM115 (closed in stop())
        self.proc = subprocess.Popen(args, stdout=self._log, stderr=subprocess.STDOUT)
        wait_until(lambda: port_open(self.port) or self.proc is None
                   or self.proc.poll() is not None, 20, "redis-server to listen")
        if self.proc.poll() is not None:
            raise RuntimeError(f"redis-server exited:\n{self.logs()}")
        return self

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop it: SIGTERM (it saves when persisting) or SIGKILL (a crash)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(20)
        if self._log is not None:
            self._log.close()
            self._log = None
        wait_until(lambda: not port_open(self.port), 10, "redis-server to stop listening")

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def logs(self) -> str:
        path = self.root / "redis.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def destroy(self) -> None:
        with contextlib.suppress(Exception):
            self.stop(signal.SIGKILL)
        shutil.rmtree(self.root, ignore_errors=True)


# --- Game servers --------------------------------------------------------------------------


class Server:
    """One `kingdom serve` process. `kill()` is SIGKILL; `start()` starts it again on the same
    port with the same environment. Its output goes to a log file, shown when a test fails."""

    def __init__(self, name: str, env: dict[str, str], log_dir: Path,
                 args: tuple[str, ...] = ()) -> None:
        self.name = name
        self.env = env
        self.args = args
        self.port = free_port()
        self.log_path = log_dir / f"{name}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self, timeout: float = 60) -> Server:
        """Start the process and wait for its 'listening' line."""
        assert not self.running, f"{self.name} is running"
        self.starts += 1
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in _closed())
        self._log.write(f"--- start {self.starts} ---\n".encode())
        self._log.flush()
        offset += len(f"--- start {self.starts} ---\n")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kingdom_cli.main", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), *self.args],
            stdout=self._log, stderr=subprocess.STDOUT, env=self.env, cwd=ROOT,
        )
        announce = f"listening on http://127.0.0.1:{self.port}"

        def ready() -> bool:
            if not self.running:
                return True
            with open(self.log_path, "rb") as f:
                f.seek(offset)
                return announce in f.read().decode(errors="replace")

        wait_until(ready, timeout, f"{self.name} to listen on port {self.port}")
        if not self.running:
            raise RuntimeError(f"{self.name} exited at start:\n{self.logs()}")
        return self

    def kill(self) -> None:
        """SIGKILL: the process dies at once, as in a crash."""
        self._signal(signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM: the server shuts down cleanly."""
        self._signal(signal.SIGTERM)

    def restart(self) -> Server:
        """SIGKILL, then start again on the same port."""
        self.kill()
        return self.start()

    def _signal(self, sig: int) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self._log is not None:
            self._log.close()
            self._log = None

    def logs(self, tail: int = 200) -> str:
        if not self.log_path.exists():
            return ""
        lines = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(lines[-tail:])


class Services:
    """What one cluster test runs on: PostgreSQL (a fresh database), Redis, and the game
    servers it starts with `start_servers`."""

    def __init__(self, postgres: Postgres, database_url: str, redis: Redis,
                 log_dir: Path) -> None:
        self.postgres = postgres
        self.database_url = database_url
        self.redis = redis
        self.log_dir = log_dir
        self.servers: list[Server] = []

    def server_env(self, **extra: str) -> dict[str, str]:
        env = dict(os.environ)
        for key in ("DATABASE_URL", "REDIS_URL", "KINGDOM_BOT_WORKERS"):
            env.pop(key, None)
        env.update(
            DATABASE_URL=self.database_url,
            REDIS_URL=self.redis.url,
            KINGDOM_ABSENCE_SECONDS="600",
            PYTHONUNBUFFERED="1",
        )
        env.update(extra)
        return env

    def start_servers(self, count: int, *args: str, **env: str) -> list[Server]:
        """Start `count` more `kingdom serve` processes on this PostgreSQL database and Redis,
        one after another (the first creates the tables). `args` are added to `kingdom serve`
        (default `--bot-delay 0`); `env` adds environment variables (e.g.
        KINGDOM_ABSENCE_SECONDS)."""
        started = []
        for _ in range(count):
            server = Server(f"server{len(self.servers) + 1}", self.server_env(**env),
                            self.log_dir, args or ("--bot-delay", "0"))
            self.servers.append(server)
            started.append(server.start())
        return started

    def stop_all(self) -> None:
        for server in self.servers:
            server.kill()

    def logs(self) -> str:
        parts = [f"===== {s.name} (port {s.port}) =====\n{s.logs()}" for s in self.servers]
        parts.append(f"===== redis (port {self.redis.port}) =====\n{self.redis.logs()[-4000:]}")
        return "\n".join(parts)


@contextlib.contextmanager
def postgres_server() -> Iterator[Postgres]:
    """A started PostgreSQL server, destroyed (data and all) at the end."""
    pg = Postgres()
    try:
        pg.start()
        yield pg
    finally:
        pg.destroy()
