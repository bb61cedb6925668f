"""`kingdom user create` and the sign-in of `kingdom connect --user`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
import pytest
from aiohttp.test_utils import TestServer
from click.testing import CliRunner

from kingdom_cli.account import sign_in
from kingdom_cli.main import cli
from kingdom_server import create_app
from kingdom_server.accounts import Accounts, accounts_key
from tests.server.helpers import make_settings


def test_user_create_makes_an_account(tmp_path: Path) -> None:
    db = tmp_path / "kingdom.db"
    runner = CliRunner()
    env = {"KINGDOM_PASSWORD": "a good password"}
    result = runner.invoke(cli, ["user", "create", "Shelly", "--db", str(db)], env=env)
    assert result.exit_code == 0, result.output
    assert "Account Shelly created" in result.output
    with sqlite3.connect(db) as con:
        (name, hashed), = con.execute("SELECT username, password_hash FROM users").fetchall()
        assert con.execute("SELECT count(*) FROM sessions").fetchone() == (0,)
    assert name == "Shelly" and hashed.startswith("$argon2id$")
    again = runner.invoke(cli, ["user", "create", "shelly", "--db", str(db)], env=env)
    assert again.exit_code == 1 and "That username is taken" in again.output
    short = runner.invoke(cli, ["user", "create", "Other", "--db", str(db)],
                          env={"KINGDOM_PASSWORD": "short"})
    assert short.exit_code == 1 and "at least 8 characters" in short.output


def test_user_create_prompts_for_the_password_twice(tmp_path: Path) -> None:
    db = tmp_path / "kingdom.db"
    result = CliRunner().invoke(cli, ["user", "create", "Pat", "--db", str(db)],
                                input="secret words\nsecret words\n", env={"KINGDOM_PASSWORD": ""})
    assert result.exit_code == 0, result.output


def test_connect_needs_a_name_or_a_user() -> None:
    result = CliRunner().invoke(cli, ["connect", "127.0.0.1:1", "--create"])
    assert result.exit_code == 2 and "give --name, or --user" in result.output


async def test_sign_in_returns_a_session_the_server_knows(tmp_path: Path) -> None:
    server = TestServer(create_app(make_settings(tmp_path)))
    await server.start_server()
    try:
        url = str(server.make_url("")).rstrip("/")
        accounts: Accounts = server.app[accounts_key]
        await accounts.register({"username": "Remy", "password": "a good password"})
        token = await sign_in(url, "Remy", "a good password")
        who = accounts.user_for_token(token)
        assert who is not None and who.username == "Remy"
        with pytest.raises(click.ClickException, match="Wrong username or password"):
            await sign_in(url, "Remy", "not the password")
    finally:
        await server.close()
