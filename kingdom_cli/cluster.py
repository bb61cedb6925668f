"""`kingdom cluster`: the whole service on this machine, as docs/deploy.md describes it on
several: PostgreSQL, Redis, N `kingdom serve` processes and HAProxy in front, all started
here and all stopped by Ctrl-C (`make cluster`).

PostgreSQL and Redis keep their data under `--data` (default `.cluster/` in the current folder,
ignored by git), so a second run finds the same accounts and games. PostgreSQL refuses to run
as root: as root its programs run as the `postgres` user of Debian's package (`runuser`).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

import click

FRONT_PORT = 8000
DATABASE = "kingdom"


# --- finding the programs (the cluster tests use these too) -------------------------------


def postgres_bin() -> Path | None:
    """The folder holding PostgreSQL's `initdb` and `pg_ctl`: Debian's newest
    /usr/lib/postgresql/<version>/bin, else wherever `initdb` is on PATH."""

    def version(folder: str) -> int:
        name = Path(folder).parent.name
        return int(name) if name.isdigit() else 0

    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def program(name: str) -> str | None:
    """`redis-server`, `haproxy`, ...: on PATH or in Debian's sbin folders."""
    return shutil.which(name) or next(
        (f"{d}/{name}" for d in ("/usr/sbin", "/usr/bin", "/sbin")
         if os.path.exists(f"{d}/{name}")), None)


def postgres_user_prefix() -> list[str] | None:
    """How PostgreSQL's programs are run: as ourselves ([]), or as root through
    `runuser -u postgres --`; None when we are root and that is impossible."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        return None
    return [runuser, "-u", "postgres", "--"] if runuser else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise click.ClickException(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.1)


def port_open(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


# --- the proxy ------------------------------------------------------------------------------


def haproxy_config(bind: str, servers: Sequence[tuple[str, str]]) -> str:
    """HAProxy's configuration for the service: `bind` (host:port) in front of `servers`
    ((name, host:port) each). deploy/haproxy.cfg is this for the three processes of
    `make cluster`; docs/deploy.md explains each choice."""
    lines = [
        "# Kingdom behind HAProxy (docs/deploy.md). Written by `kingdom cluster`; edit the",
        "# server lines for your own machines.",
        "global",
        "    # connections: as many as the file descriptor limit allows (raise `ulimit -n`)",
        "    log stdout format raw local0 info",
        "",
        "defaults",
        "    mode http",
        "    log global",
        "    option httplog",
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        "    # an open websocket is a tunnel: socket.io pings every 25 s, so idle means gone",
        "    timeout tunnel 90s",
        "    timeout http-keep-alive 10s",
        "",
        "frontend kingdom",
        f"    bind {bind}",
        "    # the servers read the client's address from the last X-Forwarded-For entry",
        "    # (KINGDOM_CLIENT_ADDRESS_HEADER=X-Forwarded-For) for the limits per address",
        "    option forwardfor",
        "    default_backend kingdom_servers",
        "",
        "backend kingdom_servers",
        "    # new browsers go to the process with the fewest connections; a browser then",
        "    # sticks to its process by a cookie, which socket.io's long-polling needs (each",
        "    # poll must reach the process that holds its session); websockets carry it too",
        "    balance leastconn",
        "    cookie kingdom_server insert indirect nocache httponly",
        "    option httpchk GET /api/health",
        "    http-check expect status 200",
        "    # a process whose health fails (503: it cannot reach PostgreSQL or Redis) gets no",
        "    # new browsers; its open sockets stay until it closes them",
        "    default-server check inter 2s fall 2 rise 2",
    ]
    lines += [f"    server {name} {address} cookie {name}" for name, address in servers]
    return "\n".join(lines) + "\n"


def default_haproxy_config() -> str:
    """deploy/haproxy.cfg: three processes on ports 8001-8003 behind port 8000."""
    return haproxy_config(f"127.0.0.1:{FRONT_PORT}",
                          [(f"kingdom{i}", f"127.0.0.1:{FRONT_PORT + i}") for i in (1, 2, 3)])


# --- the services -------------------------------------------------------------------------


class Launched:
    """The processes started, stopped in the reverse order."""

    def __init__(self) -> None:
        self.children: list[tuple[str, subprocess.Popen[bytes], IO[bytes]]] = []
        self.stops: list[Callable[[], None]] = []

    def spawn(self, name: str, args: Sequence[str], log: Path,
              env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        out = open(log, "ab")  # noqa: SIM115 (closed in stop_all)
        proc = subprocess.Popen(list(args), stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)
        self.children.append((name, proc, out))
        return proc

    def stop_all(self) -> None:
        for name, proc, out in reversed(self.children):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    click.echo(f"{name} did not stop: killed")
                    proc.kill()
            out.close()
        for stop in reversed(self.stops):
            with contextlib.suppress(Exception):
                stop()


def start_postgres(data: Path, launched: Launched, options: str = "") -> str:
    """PostgreSQL on a free port with its data under `data/postgres` (`options`: more of the
    server's `-c name=value` settings); its URL."""
    folder = postgres_bin()
    prefix = postgres_user_prefix()
    if folder is None or prefix is None:
        raise click.ClickException(
            "PostgreSQL is not installed: sudo apt-get install -y postgresql")
    root = data / "postgres"
    pgdata = root / "data"
    root.mkdir(parents=True, exist_ok=True)
    if prefix:
        shutil.chown(root, "postgres", "postgres")
        check = subprocess.run([*prefix, "test", "-w", str(root)], capture_output=True)
        if check.returncode != 0:
            raise click.ClickException(
                f"the postgres user cannot reach {root}: choose --data in a folder it can "
                "reach (every parent folder readable by others)")

    def run(name: str, *args: str) -> None:
        out = subprocess.run([*prefix, str(folder / name), *args], capture_output=True,
                             text=True)
        if out.returncode != 0:
            raise click.ClickException(f"{name} failed:\n{out.stdout}{out.stderr}")

    if not (pgdata / "PG_VERSION").exists():
        click.echo(f"PostgreSQL: new database cluster in {pgdata}")
        run("initdb", "-D", str(pgdata), "-U", "postgres", "-A", "trust", "-E", "UTF8")
    port = free_port()
    run("pg_ctl", "-D", str(pgdata), "-l", str(root / "postgres.log"), "-w", "-t", "60", "-o",
        f"-p {port} -k {root} -c listen_addresses=127.0.0.1 {options}".strip(), "start")
    launched.stops.append(lambda: run("pg_ctl", "-D", str(pgdata), "-m", "fast", "-w", "stop"))
    exists = subprocess.run(
        [str(folder / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-tAc",
         f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'"],
        capture_output=True, text=True)
    if exists.stdout.strip() != "1":
        subprocess.run([str(folder / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U",
                        "postgres", DATABASE], check=True)
    return f"postgresql://postgres@127.0.0.1:{port}/{DATABASE}"


def start_redis(data: Path, launched: Launched) -> str:
    """redis-server on a free port, its append-only file under `data/redis`; its URL."""
    binary = program("redis-server")
    if binary is None:
        raise click.ClickException(
            "redis-server is not installed: sudo apt-get install -y redis-server")
    root = data / "redis"
    root.mkdir(parents=True, exist_ok=True)
    port = free_port()
    proc = launched.spawn("redis", [binary, "--port", str(port), "--bind", "127.0.0.1",
                                    "--dir", str(root), "--appendonly", "yes", "--save", ""],
                          root / "redis.log")
    wait_until(lambda: port_open(port) or proc.poll() is not None, 20, "Redis")
    if proc.poll() is not None:
        raise click.ClickException(f"redis-server exited: see {root / 'redis.log'}")
    return f"redis://127.0.0.1:{port}/0"


def start_servers(count: int, database_url: str, redis_url: str, data: Path,
                  launched: Launched, extra: Sequence[str] = ()) -> list[tuple[str, int]]:
    """`count` processes of `kingdom serve` (one after another: the first makes the tables;
    `extra`: more of its options); (name, port) of each."""
    servers = []
    for i in range(1, count + 1):
        port = free_port()
        env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=redis_url,
                   KINGDOM_CLIENT_ADDRESS_HEADER="X-Forwarded-For", PYTHONUNBUFFERED="1")
        name = f"kingdom{i}"
        proc = launched.spawn(name, [sys.executable, "-m", "kingdom_cli.main", "serve",
                                     "--host", "127.0.0.1", "--port", str(port), *extra],
                              data / f"{name}.log", env)

        def ready(port: int = port, proc: subprocess.Popen[bytes] = proc) -> bool:
            if proc.poll() is not None:
                return True
            with contextlib.suppress(Exception), urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/health", timeout=2) as answer:
                return bool(answer.status == 200)
            return False

        wait_until(ready, 60, f"{name} to start")
        if proc.poll() is not None:
            raise click.ClickException(f"{name} exited: see {data / f'{name}.log'}")
        servers.append((name, port))
    return servers


def start_haproxy(bind: str, servers: list[tuple[str, int]], data: Path,
                  launched: Launched) -> None:
    binary = program("haproxy")
    if binary is None:
        raise click.ClickException("HAProxy is not installed: sudo apt-get install -y haproxy")
    config = data / "haproxy.cfg"
    config.write_text(haproxy_config(bind, [(n, f"127.0.0.1:{p}") for n, p in servers]))
    check = subprocess.run([binary, "-c", "-q", "-f", str(config)], capture_output=True,
                           text=True)
    if check.returncode != 0:
        raise click.ClickException(f"HAProxy refuses {config}:\n{check.stderr}")
    proc = launched.spawn("haproxy", [binary, "-db", "-f", str(config)], data / "haproxy.log")
    port = int(bind.rsplit(":", 1)[1])
    wait_until(lambda: port_open(port) or proc.poll() is not None, 20, "HAProxy")
    if proc.poll() is not None:
        raise click.ClickException(f"HAProxy exited: see {data / 'haproxy.log'}")


@click.command()
@click.option("--processes", default=3, show_default=True, type=click.IntRange(1, 16),
              help="How many `kingdom serve` processes.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address HAProxy listens on.")
@click.option("--port", default=FRONT_PORT, show_default=True, type=int,
              help="Port HAProxy listens on.")
@click.option("--data", default=".cluster", show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder for PostgreSQL's and Redis's data and every log.")
def cluster(processes: int, host: str, port: int, data: Path) -> None:
    """Start PostgreSQL, Redis, several server processes and HAProxy on this machine (the
    service of docs/deploy.md); Ctrl-C stops them all."""
    data = data.resolve()
    data.mkdir(parents=True, exist_ok=True)
    data.chmod(0o755)  # PostgreSQL's user reaches its folder inside
    launched = Launched()
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        database_url = start_postgres(data, launched)
        click.echo(f"PostgreSQL: {database_url}")
        redis_url = start_redis(data, launched)
        click.echo(f"Redis:      {redis_url}")
        servers = start_servers(processes, database_url, redis_url, data, launched)
        for name, server_port in servers:
            click.echo(f"{name}:   http://127.0.0.1:{server_port}  (log {data / name}.log)")
        shown = f"[{host}]" if ":" in host else host
        start_haproxy(f"{host}:{port}", servers, data, launched)
        click.echo(f"HAProxy:    stats in {data / 'haproxy.log'}")
        click.echo(f"\nKingdom cluster listening on http://{shown}:{port}  (Ctrl-C stops it)")
        while not stopping:
            time.sleep(0.5)
            for name, proc, _ in launched.children:
                if proc.poll() is not None and not getattr(proc, "reported", False):
                    proc.reported = True  # type: ignore[attr-defined]
                    click.echo(f"{name} exited ({proc.returncode}); the others carry on")
    except KeyboardInterrupt:
        pass
    finally:
        click.echo("stopping…")
        launched.stop_all()
        click.echo("stopped")
