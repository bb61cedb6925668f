"""Accounts from the terminal: `kingdom user create NAME`, `kingdom user admin NAME
[--revoke]` and `kingdom user bot NAME [--revoke]` (straight into the server's database),
and the sign-in that `kingdom connect --user NAME` does before it opens its socket."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import click

PASSWORD_ENV = "KINGDOM_PASSWORD"
SESSION_COOKIE = "kingdom_session"
"""The server's session cookie (docs/protocol.md), named here so that `kingdom connect --user`
needs only the `cli` extra (tests/cli/test_account.py checks it is the server's name)."""


def password_for(username: str, *, confirm: bool = False) -> str:
    """KINGDOM_PASSWORD when set, else a hidden prompt."""
    from_env = os.environ.get(PASSWORD_ENV)
    if from_env:
        return from_env
    value: str = click.prompt(f"Password for {username}", hide_input=True,
                              confirmation_prompt=confirm)
    return value


async def sign_in(url: str, username: str, password: str) -> str:
    """POST /api/auth/login; the session token (sent as the cookie on the socket)."""
    import aiohttp

    try:
        async with aiohttp.ClientSession() as http, http.post(
            f"{url}/api/auth/login", json={"username": username, "password": password},
            timeout=aiohttp.ClientTimeout(total=20),
        ) as r:
            body: Any = await r.json(content_type=None) if r.content_length != 0 else None
            if r.status != 200:
                message = body.get("message") if isinstance(body, dict) else None
                raise click.ClickException(f"Cannot sign in: {message or r.reason}")
            cookie = r.cookies.get(SESSION_COOKIE)
            if cookie is None:
                raise click.ClickException("Cannot sign in: the server sent no session")
            return str(cookie.value)
    except aiohttp.ClientError as e:
        raise click.ClickException(f"Cannot reach a Kingdom server at {url} ({e})") from None


@click.group()
def user() -> None:
    """Accounts on this machine's server database."""


@user.command("create")
@click.argument("username")
@click.option("--db", "db", type=click.Path(dir_okay=False), default=None,
              help="SQLite file (default: DATABASE_URL if set, else kingdom.db in the user data "
                   "dir), as for `kingdom serve`.")
@click.option("--email", default=None, help="Optional email address.")
def create(username: str, db: str | None, email: str | None) -> None:
    """Create the account USERNAME (password from KINGDOM_PASSWORD or a prompt)."""
    from kingdom_server.accounts import TABLES, Accounts
    from kingdom_server.core.http import Refused
    from kingdom_server.core.settings import Settings
    from kingdom_server.core.storage import Storage

    settings = Settings.for_sqlite_file(db) if db is not None else Settings()
    password = password_for(username, confirm=True)
    storage = Storage(settings.database_url)
    try:
        storage.tables.create(TABLES)
        data: dict[str, Any] = {"username": username, "password": password}
        if email:
            data["email"] = email
        try:
            made, _token = asyncio.run(Accounts(storage).register(data, "local"))
        except Refused as e:
            raise click.ClickException(e.message) from None
        Accounts(storage).sign_out(_token)  # the shell needs no session
        click.echo(f"Account {made.username} created (id {made.id}).")
    finally:
        storage.close()


def _set_flag(username: str, db: str | None, field: str, on: bool) -> Any:
    """Set a yes/no field of the account USERNAME; the account (before the change)."""
    from kingdom_server.accounts import TABLES, User
    from kingdom_server.core.settings import Settings
    from kingdom_server.core.storage import Storage

    settings = Settings.for_sqlite_file(db) if db is not None else Settings()
    storage = Storage(settings.database_url)
    try:
        storage.tables.create(TABLES)
        users = storage.tables[User]
        found = users.get_or_none(users.username_key == username.strip().lower())
        if found is None:
            raise click.ClickException(f"No account named {username}")
        users.update(**{field: on}).where(users.id == found.id).execute()
        return found
    finally:
        storage.close()


@user.command("bot")
@click.argument("username")
@click.option("--revoke", is_flag=True, help="Make it a person's account again.")
@click.option("--db", "db", type=click.Path(dir_okay=False), default=None,
              help="SQLite file (default: DATABASE_URL if set, else kingdom.db in the user data "
                   "dir), as for `kingdom serve`.")
def bot(username: str, revoke: bool, db: str | None) -> None:
    """Mark the account USERNAME as a bot account (or no longer one with --revoke).

    A bot account is labelled as a bot at the table and on its profile; it may play casual
    games and the bot ladder (`kingdom connect URL --bot SPEC --user NAME --ladder bots`),
    never the ranked queue of people. It takes effect at the account's next connection."""
    found = _set_flag(username, db, "is_bot", not revoke)
    if revoke:
        click.echo(f"{found.username} is no longer a bot account.")
    else:
        click.echo(f"{found.username} is now a bot account: labelled as a bot, it plays casual "
                   "games and the bot ladder.")


@user.command("admin")
@click.argument("username")
@click.option("--revoke", is_flag=True, help="Take the administrator's rights back.")
@click.option("--db", "db", type=click.Path(dir_okay=False), default=None,
              help="SQLite file (default: DATABASE_URL if set, else kingdom.db in the user data "
                   "dir), as for `kingdom serve`.")
def admin(username: str, revoke: bool, db: str | None) -> None:
    """Make the account USERNAME an administrator (or no longer one with --revoke).

    Administrators may change a Constructed collection by hand (PATCH /api/collection/update).
    The usernames in the server's KINGDOM_ADMINS are administrators whatever this says."""
    from kingdom_server.core.settings import Settings

    found = _set_flag(username, db, "is_admin", not revoke)
    if revoke:
        click.echo(f"{found.username} is no longer an administrator.")
    else:
        click.echo(f"{found.username} is now an administrator.")
    settings = Settings.for_sqlite_file(db) if db is not None else Settings()
    if found.username.lower() in settings.admin_usernames:
        click.echo(f"{found.username} stays an administrator while named in KINGDOM_ADMINS.")
