"""`kingdom user create` and the sign-in of `kingdom connect --user`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiohttp
import click
import pytest
from aiohttp.test_utils import TestServer
from click.testing import CliRunner

from kingdom_cli.account import sign_in
from kingdom_cli.main import cli
from kingdom_server import create_app
from kingdom_server.accounts import COOKIE, Accounts, accounts_key
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
        await accounts.register({"username": "Remy", "password": "a good password"}, "local")
        token = await sign_in(url, "Remy", "a good password")
        who = accounts.user_for_token(token)
        assert who is not None and who.username == "Remy"
        with pytest.raises(click.ClickException, match="Wrong username or password"):
            await sign_in(url, "Remy", "not the password")
    finally:
        await server.close()


def test_user_admin_grants_and_revokes(tmp_path: Path) -> None:
    db = tmp_path / "kingdom.db"
    runner = CliRunner()
    env = {"KINGDOM_PASSWORD": "a good password", "KINGDOM_ADMINS": ""}
    assert runner.invoke(cli, ["user", "create", "Ada", "--db", str(db)], env=env).exit_code == 0
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_admin FROM users").fetchall() == [(0,)]
    made = runner.invoke(cli, ["user", "admin", "ada", "--db", str(db)], env=env)
    assert made.exit_code == 0, made.output
    assert "Ada is now an administrator." in made.output
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_admin FROM users").fetchall() == [(1,)]
    gone = runner.invoke(cli, ["user", "admin", "Ada", "--revoke", "--db", str(db)], env=env)
    assert gone.exit_code == 0 and "Ada is no longer an administrator." in gone.output
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_admin FROM users").fetchall() == [(0,)]
    missing = runner.invoke(cli, ["user", "admin", "Nobody", "--db", str(db)], env=env)
    assert missing.exit_code == 1 and "No account named Nobody" in missing.output
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM users").fetchone() == (1,)


def test_user_bot_marks_and_unmarks_a_bot_account(tmp_path: Path) -> None:
    db = tmp_path / "kingdom.db"
    runner = CliRunner()
    env = {"KINGDOM_PASSWORD": "a good password"}
    assert runner.invoke(cli, ["user", "create", "Robo", "--db", str(db)], env=env).exit_code == 0
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_bot FROM users").fetchall() == [(0,)]
    made = runner.invoke(cli, ["user", "bot", "robo", "--db", str(db)])
    assert made.exit_code == 0 and "Robo is now a bot account" in made.output
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_bot, is_admin FROM users").fetchall() == [(1, 0)]
    gone = runner.invoke(cli, ["user", "bot", "Robo", "--revoke", "--db", str(db)])
    assert gone.exit_code == 0 and "Robo is no longer a bot account." in gone.output
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT is_bot FROM users").fetchall() == [(0,)]
    missing = runner.invoke(cli, ["user", "bot", "Nobody", "--db", str(db)])
    assert missing.exit_code == 1 and "No account named Nobody" in missing.output


async def test_an_administrator_from_the_shell_may_change_a_collection(tmp_path: Path) -> None:
    server = TestServer(create_app(make_settings(tmp_path)))
    await server.start_server()
    try:
        accounts: Accounts = server.app[accounts_key]
        _, token = await accounts.register(
            {"username": "Grace", "password": "a good password"}, "local")
        url = str(server.make_url("/api/collection/update"))
        body = {"cardRank": "Q", "cardSuit": "hearts", "quantity": 9}
        cookies = {COOKIE: token}
        async with aiohttp.ClientSession(cookies=cookies) as http:
            async with http.patch(url, json=body) as r:
                assert r.status == 403
            # The server's own database file (make_settings), changed from the shell.
            db = str(tmp_path / "kingdom.db")
            made = CliRunner().invoke(cli, ["user", "admin", "Grace", "--db", db])
            assert made.exit_code == 0, made.output
            async with http.patch(url, json=body) as r:
                assert r.status == 200
                assert [(e["cardRank"], e["cardSuit"], e["quantity"]) for e in await r.json()] == [
                    ("Q", "hearts", 9)]
    finally:
        await server.close()


def test_the_clients_cookie_name_is_the_servers() -> None:
    from kingdom_cli.account import SESSION_COOKIE
    from kingdom_server.accounts import COOKIE

    assert SESSION_COOKIE == COOKIE
