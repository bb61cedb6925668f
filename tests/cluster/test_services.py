"""The cluster fixtures themselves: real processes that can be killed, restarted and stopped,
on a PostgreSQL database and a Redis that can be stopped and started."""

from __future__ import annotations

import json
import subprocess
import urllib.request
from typing import Any

import pytest

from kingdom_cli.cluster import default_haproxy_config, port_open, program
from tests.cluster.services import ROOT, Services
from tests.server.helpers import Client


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


async def test_servers_share_one_database_and_survive_a_sigkill(services: Services) -> None:
    one, two = services.start_servers(2)
    assert get_json(f"{one.url}/api/health")["status"] == "ok"
    ana = await Client(one.url, "ana").connect()
    try:
        await ana.ok("createRoom", {"playerName": "Ana"})
        assert get_json(f"{one.url}/api/health")["rooms"] == 1
    finally:
        await ana.close()
    pid = two.pid
    two.kill()
    assert not two.running and not port_open(two.port)
    two.start()
    assert two.pid != pid and two.running
    assert get_json(f"{two.url}/api/health")["status"] == "ok"


def test_redis_and_postgres_stop_and_start_on_their_ports(services: Services) -> None:
    redis, postgres = services.redis, services.postgres
    assert port_open(redis.port) and postgres.running
    redis.stop()
    assert not port_open(redis.port)
    redis.start()
    assert port_open(redis.port)
    postgres.stop()
    assert not postgres.running
    postgres.start()
    assert postgres.running


def test_the_shipped_haproxy_config_is_the_launchers_and_haproxy_accepts_it() -> None:
    shipped = (ROOT / "deploy" / "haproxy.cfg").read_text()
    assert shipped == default_haproxy_config()
    assert "option httpchk GET /api/health" in shipped
    haproxy = program("haproxy")
    if haproxy is None:
        pytest.skip("haproxy is not installed (Debian's haproxy package): config not checked")
    out = subprocess.run([haproxy, "-c", "-f", str(ROOT / "deploy" / "haproxy.cfg")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
