"""Accounts' limits and text rule through real HTTP on loopback: sign-ups per address, common
passwords, sign-in throttling that a stranger cannot turn into a lock-out, and the one text rule
(lone surrogates, NUL, control and direction characters) at every text field."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from kingdom_server.core.limits import RateLimits
from tests.server.browsers import PASSWORD, Browser
from tests.server.helpers import database_rows

COMMON = "That password is one of the most common ones and easy to guess: please choose another"
Start = Callable[..., Awaitable[TestServer]]


def user_count(server: TestServer, tmp_path: Path) -> int:
    return int(database_rows(tmp_path, "SELECT count(*) FROM users")[0][0])


async def call(server: TestServer, method: str, path: str, body: Any,
               address: str | None = None, cookies: dict[str, str] | None = None,
               ) -> tuple[int, Any, dict[str, str]]:
    """One request from `address` (the proxy header the server is told to trust)."""
    headers = {"X-Forwarded-For": address} if address else {}
    async with aiohttp.ClientSession(cookies=cookies) as http, http.request(
        method, str(server.make_url(path)), json=body, headers=headers, allow_redirects=False
    ) as r:
        return r.status, await r.json(content_type=None), dict(r.headers)


async def test_thirty_sign_ups_from_one_address(start_server: Start, tmp_path: Path) -> None:
    server = await start_server(rate_limits=RateLimits(), client_address_header="X-Forwarded-For")
    answers = []
    for i in range(30):
        answers.append(await call(server, "POST", "/api/auth/register",
                                  {"username": f"farm{i:02}", "password": PASSWORD},
                                  address="198.51.100.7"))
    assert [status for status, _, _ in answers[:5]] == [201] * 5
    for status, data, headers in answers[5:]:
        assert status == 429
        assert data["message"].startswith("Too many new accounts from your address.")
        assert 1 <= int(headers["Retry-After"]) <= 24 * 3600
    assert user_count(server, tmp_path) == 5
    # Another address is not held up; the form of the sign-in page is limited too.
    status, _, _ = await call(server, "POST", "/api/auth/register",
                              {"username": "neighbour", "password": PASSWORD},
                              address="198.51.100.8")
    assert status == 201
    async with aiohttp.ClientSession() as http, http.post(
        str(server.make_url("/api/register")),
        data={"username": "formfarm", "password": PASSWORD},
        headers={"X-Forwarded-For": "198.51.100.7"}, allow_redirects=False,
    ) as r:
        assert r.status == 429 and "Retry-After" in r.headers
        assert "Too many new accounts" in await r.text()
    assert user_count(server, tmp_path) == 6


async def test_common_passwords_are_refused(
    server: TestServer, browser: Browser, tmp_path: Path
) -> None:
    for password in ("password", "12345678", "aaaaaaaa", "PassWord1", "Ursula99"):
        status, data, _ = await browser.call(
            "POST", "/api/auth/register", {"username": "Ursula99", "password": password})
        assert (status, data) == (400, {"message": COMMON}), password
    assert user_count(server, tmp_path) == 0
    await browser.register("Ursula99")
    status, data, _ = await browser.call(
        "PATCH", "/api/auth/user", {"newPassword": "qwertyuiop", "currentPassword": PASSWORD})
    assert (status, data) == (400, {"message": COMMON})
    await browser.call("POST", "/api/auth/logout")
    assert (await browser.call("POST", "/api/auth/login",
                               {"username": "Ursula99", "password": PASSWORD}))[0] == 200


async def test_a_stranger_cannot_lock_the_owner_out(start_server: Start) -> None:
    server = await start_server(client_address_header="X-Forwarded-For")
    home, stranger = "192.0.2.10", "203.0.113.66"
    status, _, _ = await call(server, "POST", "/api/auth/register",
                              {"username": "Olive", "password": PASSWORD}, address=home)
    assert status == 201
    wrong = {"username": "olive", "password": "not her password"}
    for _ in range(10):
        assert (await call(server, "POST", "/api/auth/login", wrong, address=stranger))[0] == 401
    # The stranger is slowed down...
    status, data, headers = await call(server, "POST", "/api/auth/login",
                                       {"username": "Olive", "password": PASSWORD},
                                       address=stranger)
    assert status == 429 and int(headers["Retry-After"]) >= 1
    assert data == {"message": "Too many failed sign-ins. Please wait a few minutes and try again."}
    # ... and the owner signs in from their own address, and from a new one.
    for address in (home, "192.0.2.99"):
        status, user, _ = await call(server, "POST", "/api/auth/login",
                                     {"username": "Olive", "password": PASSWORD},
                                     address=address)
        assert status == 200 and user["username"] == "Olive", address


BAD_TEXTS = {
    "lone surrogate": ("\ud800", "contains a character that is not valid Unicode"),
    "NUL": ("\x00", "contains a control character"),
    "escape": ("\x1b[31m", "contains a control character"),
    "direction override": ("\u202e", "contains a text direction control character"),
}


@pytest.mark.parametrize("bad", sorted(BAD_TEXTS))
async def test_bad_text_at_every_account_field(
    server: TestServer, browser: Browser, other: Browser, tmp_path: Path, bad: str
) -> None:
    chars, problem = BAD_TEXTS[bad]
    base = {"username": "Vera", "password": PASSWORD}
    for field, label in [("username", "Username"), ("password", "Password"),
                         ("firstName", "First name"), ("lastName", "Last name"),
                         ("email", "Email"), ("profileImageUrl", "Profile image URL")]:
        value = f"{base.get(field, 'https://x.example/a')}{chars}long enough"
        status, data, _ = await browser.call("POST", "/api/auth/register",
                                             {**base, field: value})
        assert (status, data) == (400, {"message": f"{label} {problem}"}), field
    assert user_count(server, tmp_path) == 0
    await browser.register("Vera")
    for body, message in [
        ({"username": "Vera", "password": f"pw{chars}pw"}, f"Password {problem}"),
        ({"username": f"Ve{chars}ra", "password": PASSWORD}, f"Username {problem}"),
    ]:
        status, data, _ = await other.call("POST", "/api/auth/login", body)
        assert (status, data) == (400, {"message": message}), body
    for body, message in [
        ({"firstName": f"V{chars}"}, f"First name {problem}"),
        ({"lastName": f"V{chars}"}, f"Last name {problem}"),
        ({"username": f"V{chars}era"}, f"Username {problem}"),
        ({"newPassword": f"another{chars}password", "currentPassword": PASSWORD},
         f"The new password {problem}"),
        ({"newPassword": "another password", "currentPassword": f"x{chars}"},
         f"The current password {problem}"),
    ]:
        status, data, _ = await browser.call("PATCH", "/api/auth/user", body)
        assert (status, data) == (400, {"message": message}), body
    status, data, _ = await browser.call("DELETE", "/api/auth/user",
                                         {"password": f"x{chars}"})
    assert (status, data) == (400, {"message": f"Password {problem}"})
    status, user, _ = await browser.call("GET", "/api/auth/user")
    assert status == 200 and user["firstName"] is None and user["username"] == "Vera"
