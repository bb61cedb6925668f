"""Accounts through real HTTP on loopback: register, sign in and out, sessions, the sign-in
page, cross-origin refusal, the sign-in limit, changing and deleting an account, the always-200
session call and uploaded profile pictures."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from PIL import Image

from kingdom_server.accounts import COOKIE
from kingdom_server.accounts.avatars import MAX_BYTES, SIZE
from kingdom_server.accounts.service import PICTURE_UPLOAD
from tests.databases import SERVER_ON_POSTGRES
from tests.server.browsers import PASSWORD, Browser
from tests.server.helpers import database_rows


def db_rows(tmp_path: Path, sql: str) -> list[tuple[Any, ...]]:
    return database_rows(tmp_path, sql)


async def test_register_signs_in_and_user_is_returned(browser: Browser) -> None:
    user = await browser.register("Alice", email="alice@example.com", firstName="Alice")
    assert user["username"] == "Alice"
    assert user["email"] == "alice@example.com"
    assert set(user) == {"id", "username", "firstName", "lastName", "email", "profileImageUrl",
                         "isBot"}
    assert user["isBot"] is False  # a person's account (`kingdom user bot NAME` marks bots)
    status, me, r = await browser.call("GET", "/api/auth/user")
    assert status == 200 and me == user
    assert r.headers["Cache-Control"] == "no-store"


async def test_session_cookie_flags(server: TestServer, browser: Browser) -> None:
    async with browser.http.post(browser.url("/api/auth/register"),
                                 json={"username": "Bob_1", "password": PASSWORD}) as r:
        header = r.headers["Set-Cookie"]
    assert header.startswith(f"{COOKIE}=")
    lowered = header.lower()
    assert "httponly" in lowered and "samesite=lax" in lowered and "path=/" in lowered
    assert "max-age=2592000" in lowered
    assert "secure" not in lowered.replace("samesite", "")


async def test_secure_cookie_when_behind_tls(start_server: Any) -> None:
    server = await start_server(secure_cookies=True)
    async with aiohttp.ClientSession() as http, http.post(
        str(server.make_url("/api/auth/register")),
        json={"username": "Tls", "password": PASSWORD},
    ) as r:
        assert "; secure" in r.headers["Set-Cookie"].lower()


async def test_signed_out_user_is_401(browser: Browser) -> None:
    status, data, _ = await browser.call("GET", "/api/auth/user")
    assert (status, data) == (401, {"message": "Unauthorized"})


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"username": "ab", "password": PASSWORD},
         "A username has 3 to 24 characters: letters, digits, _ and -"),
        ({"username": "has space", "password": PASSWORD},
         "A username has 3 to 24 characters: letters, digits, _ and -"),
        ({"username": "x" * 25, "password": PASSWORD},
         "A username has 3 to 24 characters: letters, digits, _ and -"),
        ({"username": "Émile", "password": PASSWORD},
         "A username has 3 to 24 characters: letters, digits, _ and -"),
        ({"username": "Carol", "password": "short"}, "Password must be at least 8 characters"),
        ({"username": "Carol", "password": "p" * 129}, "Password must be at most 128 characters"),
        ({"username": "Carol", "password": PASSWORD, "email": "nope"},
         "That is not an email address"),
        ({"username": "Carol", "password": PASSWORD, "profileImageUrl": "javascript:alert(1)"},
         PICTURE_UPLOAD),
        ([1, 2], "Expected a JSON object"),
    ],
)
async def test_register_refuses_bad_input(
    browser: Browser, tmp_path: Path, body: Any, message: str
) -> None:
    status, data, _ = await browser.call("POST", "/api/auth/register", body)
    assert (status, data) == (400, {"message": message})
    assert browser.token() is None
    assert db_rows(tmp_path, "SELECT count(*) FROM users") == [(0,)]


async def test_duplicate_username_is_refused_without_regard_to_case(
    browser: Browser, other: Browser, tmp_path: Path
) -> None:
    await browser.register("Alice")
    status, data, _ = await other.call(
        "POST", "/api/auth/register", {"username": "aLICE", "password": PASSWORD}
    )
    assert (status, data) == (409, {"message": "That username is taken"})
    assert db_rows(tmp_path, "SELECT count(*) FROM users") == [(1,)]


async def test_login_wrong_password_and_unknown_name_answer_the_same(
    browser: Browser, other: Browser
) -> None:
    await browser.register("Alice")
    wrong = await other.call("POST", "/api/auth/login", {"username": "Alice", "password": "x" * 9})
    unknown = await other.call("POST", "/api/auth/login",
                               {"username": "Nobody", "password": "x" * 9})
    assert wrong[:2] == unknown[:2] == (401, {"message": "Wrong username or password"})
    assert other.token() is None
    status, user, _ = await other.call(
        "POST", "/api/auth/login", {"username": "alice", "password": PASSWORD}
    )
    assert status == 200 and user["username"] == "Alice"
    assert (await other.call("GET", "/api/auth/user"))[1] == user


async def test_sign_in_issues_a_new_token_each_time(browser: Browser, tmp_path: Path) -> None:
    await browser.register("Alice")
    first = browser.token()
    await browser.call("POST", "/api/auth/login", {"username": "Alice", "password": PASSWORD})
    second = browser.token()
    assert first and second and first != second
    # The old session ended with the new sign-in (no fixation, no pile of sessions).
    hashes = {h for (h,) in db_rows(tmp_path, "SELECT token_hash FROM sessions")}
    assert hashes == {hashlib.sha256(second.encode()).hexdigest()}


async def test_sign_out_kills_the_cookie_everywhere(
    server: TestServer, browser: Browser, other: Browser
) -> None:
    await browser.register("Alice")
    token = browser.token()
    assert token
    # The same cookie used from another client works until the owner signs out.
    other.http.cookie_jar.update_cookies({COOKIE: token}, server.make_url("/"))
    assert (await other.call("GET", "/api/auth/user"))[0] == 200
    status, _, r = await browser.call("POST", "/api/auth/logout")
    assert status == 204
    assert browser.token() is None
    assert (await other.call("GET", "/api/auth/user"))[0] == 401
    assert (await browser.call("GET", "/api/auth/user"))[0] == 401


async def test_get_logout_signs_out_and_goes_home(browser: Browser) -> None:
    await browser.register("Alice")
    status, _, r = await browser.call("GET", "/api/logout")
    assert status == 302 and r.headers["Location"] == "/"
    assert (await browser.call("GET", "/api/auth/user"))[0] == 401


async def test_hashes_never_stored_or_sent_in_clear(browser: Browser, tmp_path: Path) -> None:
    user = await browser.register("Alice")
    token = browser.token()
    assert token is not None
    (password_hash,) = db_rows(tmp_path, "SELECT password_hash FROM users")[0]
    assert password_hash.startswith("$argon2id$")
    assert PASSWORD not in password_hash
    # Every value of every table (either database) ...
    tables = [t for (t,) in db_rows(tmp_path, "SELECT name FROM sqlite_master WHERE type = "
                                             "'table'" if not SERVER_ON_POSTGRES else
                                    "SELECT tablename FROM pg_tables WHERE schemaname = "
                                    "'public'")]
    stored = " ".join(str(v) for t in tables for row in db_rows(tmp_path, f'SELECT * FROM "{t}"')
                      for v in row).encode()
    # ... and, on SQLite, the file's bytes (free pages and the write-ahead log too).
    raw = stored
    if not SERVER_ON_POSTGRES:
        raw += (tmp_path / "kingdom.db").read_bytes()
        wal = tmp_path / "kingdom.db-wal"
        raw += wal.read_bytes() if wal.exists() else b""
    assert PASSWORD.encode() not in raw and token.encode() not in raw
    assert hashlib.sha256(token.encode()).hexdigest().encode() in stored
    _, me, _ = await browser.call("GET", "/api/auth/user")
    for value in (user, me):
        text = str(value)
        assert "argon2" not in text and "password" not in text.lower()


async def test_foreign_origin_writes_are_refused(browser: Browser, tmp_path: Path) -> None:
    body = {"username": "Mallory", "password": PASSWORD}
    for headers in (
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ):
        status, data, _ = await browser.call("POST", "/api/auth/register", body, headers=headers)
        assert (status, data) == (403, {"message": "Cross-origin request refused"}), headers
    assert db_rows(tmp_path, "SELECT count(*) FROM users") == [(0,)]
    same = {"Origin": str(browser.server.make_url("/")).rstrip("/")}
    status, _, _ = await browser.call("POST", "/api/auth/register", body, headers=same)
    assert status == 201
    status, _, _ = await browser.call("DELETE", "/api/auth/user", {"password": PASSWORD},
                                      headers={"Origin": "https://evil.example"})
    assert status == 403
    assert db_rows(tmp_path, "SELECT count(*) FROM users") == [(1,)]


async def test_sign_in_limit_per_username(browser: Browser, other: Browser) -> None:
    await browser.register("Alice")
    for _ in range(10):
        status, _, _ = await other.call("POST", "/api/auth/login",
                                        {"username": "Alice", "password": "wrong-password"})
        assert status == 401
    status, data, r = await other.call("POST", "/api/auth/login",
                                       {"username": "ALICE", "password": PASSWORD})
    assert status == 429
    assert 1 <= int(r.headers["Retry-After"]) <= 15 * 60
    assert data == {"message": "Too many failed sign-ins. Please wait a few minutes and try again."}
    assert other.token() is None


async def test_sign_in_limit_per_address(browser: Browser, other: Browser) -> None:
    for i in range(100):  # one address trying many names
        await other.call("POST", "/api/auth/login",
                         {"username": f"guess{i}", "password": "wrong-password"})
    await browser.register("Alice")
    await browser.call("POST", "/api/auth/logout")
    status, _, r = await browser.call("POST", "/api/auth/login",
                                      {"username": "Alice", "password": PASSWORD})
    assert status == 429 and "Retry-After" in r.headers


async def test_patch_user_changes_profile_and_password(
    server: TestServer, browser: Browser, other: Browser
) -> None:
    await browser.register("Alice")
    old = browser.token()
    assert old
    other.http.cookie_jar.update_cookies({COOKIE: old}, server.make_url("/"))
    # Another site's picture would never show under the app's CSP: refused, nothing changed.
    status, data, _ = await browser.call(
        "PATCH", "/api/auth/user",
        {"firstName": "Eve", "profileImageUrl": "https://example.com/a.png"},
    )
    assert (status, data) == (400, {"message": PICTURE_UPLOAD})
    status, user, _ = await browser.call(
        "PATCH", "/api/auth/user",
        {"firstName": " Alice ", "lastName": "Liddell", "email": "a@b.co",
         "profileImageUrl": None},
    )
    assert status == 200
    assert (user["firstName"], user["lastName"], user["email"], user["profileImageUrl"]) == (
        "Alice", "Liddell", "a@b.co", None)
    status, data, _ = await browser.call(
        "PATCH", "/api/auth/user", {"newPassword": "another password", "currentPassword": "bad"})
    assert (status, data) == (403, {"message": "The current password is not right"})
    status, _, _ = await browser.call(
        "PATCH", "/api/auth/user",
        {"newPassword": "another password", "currentPassword": PASSWORD})
    assert status == 200
    assert browser.token() not in (None, old)
    assert (await other.call("GET", "/api/auth/user"))[0] == 401  # other sessions ended
    await browser.call("POST", "/api/auth/logout")
    assert (await browser.call("POST", "/api/auth/login",
                               {"username": "Alice", "password": "another password"}))[0] == 200


async def test_patch_username_taken(browser: Browser, other: Browser) -> None:
    await browser.register("Alice")
    await other.register("Bob")
    status, data, _ = await other.call("PATCH", "/api/auth/user", {"username": "ALICE"})
    assert (status, data) == (409, {"message": "That username is taken"})
    status, user, _ = await other.call("PATCH", "/api/auth/user", {"username": "Bobby"})
    assert status == 200 and user["username"] == "Bobby"


async def test_delete_account_needs_the_password(browser: Browser, tmp_path: Path) -> None:
    await browser.register("Alice", email="alice@example.com")
    status, data, _ = await browser.call("DELETE", "/api/auth/user", {"password": "nope-nope"})
    assert (status, data) == (403, {"message": "The password is not right"})
    status, _, _ = await browser.call("DELETE", "/api/auth/user", {"password": PASSWORD})
    assert status == 204
    assert db_rows(tmp_path, "SELECT count(*) FROM users") == [(0,)]
    assert db_rows(tmp_path, "SELECT count(*) FROM sessions") == [(0,)]
    assert (await browser.call("GET", "/api/auth/user"))[0] == 401
    status, _, _ = await browser.call("POST", "/api/auth/login",
                                      {"username": "Alice", "password": PASSWORD})
    assert status == 401


async def test_sign_in_page_without_javascript(browser: Browser) -> None:
    status, html, r = await browser.call("GET", "/api/login?next=/profile")
    assert status == 200 and r.content_type == "text/html"
    assert 'action="/api/login"' in html and 'action="/api/register"' in html
    assert 'name="next" value="/profile"' in html
    # Create an account with a plain form post.
    origin = {"Origin": str(browser.server.make_url("/")).rstrip("/")}
    async with browser.http.post(
        browser.url("/api/register"),
        data={"username": "Dora", "password": PASSWORD, "next": "/profile", "email": ""},
        headers=origin, allow_redirects=False,
    ) as r:
        assert r.status == 303 and r.headers["Location"] == "/profile"
    assert (await browser.call("GET", "/api/auth/user"))[1]["username"] == "Dora"
    # Signed in: the page sends you straight back.
    status, _, r = await browser.call("GET", "/api/login?next=/profile")
    assert status == 302 and r.headers["Location"] == "/profile"
    await browser.call("GET", "/api/logout")
    async with browser.http.post(
        browser.url("/api/login"),
        data={"username": "Dora", "password": "wrong pass", "next": "/profile"},
        headers=origin,
    ) as r:
        assert r.status == 401
        assert "Wrong username or password" in await r.text()
    async with browser.http.post(
        browser.url("/api/login"),
        data={"username": "dora", "password": PASSWORD, "next": "https://evil.example/"},
        headers=origin, allow_redirects=False,
    ) as r:
        assert r.status == 303 and r.headers["Location"] == "/"


@pytest.mark.parametrize(
    "target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:1",
               "/api/logout"],
)
async def test_sign_in_page_next_is_same_site_only(browser: Browser, target: str) -> None:
    _, html, _ = await browser.call("GET", "/api/login", params={"next": target})
    assert 'name="next" value="/"' in html


async def test_form_sign_in_from_another_site_is_refused(browser: Browser) -> None:
    await browser.register("Alice")
    await browser.call("GET", "/api/logout")
    async with browser.http.post(
        browser.url("/api/login"), data={"username": "Alice", "password": PASSWORD},
        headers={"Origin": "https://evil.example"}, allow_redirects=False,
    ) as r:
        assert r.status == 403
    assert browser.token() is None


# -- the sign-in page's stylesheet, the session call, profile pictures ----------------------


def picture(fmt: str, size: tuple[int, int] = (640, 480), mode: str = "RGB") -> bytes:
    img = Image.new(mode, size, (200, 40, 60) if mode == "RGB" else (200, 40, 60, 128))
    out = io.BytesIO()
    img.save(out, fmt)
    return out.getvalue()


async def put(b: Browser, body: bytes, content_type: str) -> tuple[int, object]:
    async with b.http.put(b.url("/api/auth/avatar"), data=body,
                          headers={"Content-Type": content_type}) as r:
        return r.status, await r.json(content_type=None)


async def test_sign_in_page_styles_come_from_its_own_origin(browser: Browser) -> None:
    status, html, r = await browser.call("GET", "/api/login")
    assert status == 200
    csp = r.headers["Content-Security-Policy"]
    assert "style-src 'self'" in csp and "unsafe-inline" not in csp
    assert "<style" not in html and " style=" not in html
    assert '<link rel="stylesheet" href="/api/login.css">' in html
    status, css, r = await browser.call("GET", "/api/login.css")
    assert status == 200 and r.content_type == "text/css"
    assert ".error{" in css and "body{" in css


async def test_session_answers_200_signed_in_or_not(browser: Browser) -> None:
    status, data, _ = await browser.call("GET", "/api/auth/session")
    assert (status, data) == (200, {"user": None})
    me = await browser.register("Alice")
    status, data, r = await browser.call("GET", "/api/auth/session")
    assert (status, data) == (200, {"user": me})
    assert r.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(("fmt", "mime", "mode"), [
    ("PNG", "image/png", "RGBA"), ("JPEG", "image/jpeg", "RGB"), ("WEBP", "image/webp", "RGB"),
])
async def test_upload_is_reencoded_and_served_from_the_same_origin(
    browser: Browser, other: Browser, fmt: str, mime: str, mode: str
) -> None:
    me = await browser.register("Alice")
    status, user = await put(browser, picture(fmt, mode=mode), mime)
    assert status == 200 and isinstance(user, dict)
    url = user["profileImageUrl"]
    assert url == f"/api/avatars/{me['id']}?v=1"
    assert (await browser.call("GET", "/api/auth/user"))[1]["profileImageUrl"] == url
    # Anyone may see it (a leaderboard shows it), as a square WebP of its own making.
    async with other.http.get(other.url(url)) as r:
        assert r.status == 200 and r.content_type == "image/webp"
        stored = Image.open(io.BytesIO(await r.read()))
        assert stored.format == "WEBP" and stored.size == (SIZE, SIZE)
    # A second upload gets a new address; removing it goes back to no picture.
    status, user = await put(browser, picture(fmt, (50, 90), mode), mime)
    assert status == 200 and isinstance(user, dict)
    assert user["profileImageUrl"].endswith("?v=2")
    status, data, _ = await browser.call("DELETE", "/api/auth/avatar")
    assert status == 200 and data["profileImageUrl"] is None
    assert (await other.call("GET", url))[0] == 404


async def test_bad_uploads_are_refused_and_change_nothing(browser: Browser) -> None:
    await browser.register("Alice")
    assert (await put(browser, picture("PNG"), "image/png"))[0] == 200
    before = (await browser.call("GET", "/api/auth/user"))[1]["profileImageUrl"]
    gif = io.BytesIO()
    Image.new("RGB", (8, 8)).save(gif, "GIF")
    for body, mime, status in [
        (gif.getvalue(), "image/gif", 415),
        (picture("PNG"), "image/jpeg", 400),  # not what it says it is
        (b"not a picture at all", "image/png", 400),
        (b"\0" * (MAX_BYTES + 1), "image/png", 413),
    ]:
        got, data = await put(browser, body, mime)
        assert got == status, (mime, data)
        assert isinstance(data, dict) and data["message"]
    assert (await browser.call("GET", "/api/auth/user"))[1]["profileImageUrl"] == before


async def test_signed_out_upload_is_401(browser: Browser) -> None:
    assert (await put(browser, picture("PNG"), "image/png"))[0] == 401


async def test_the_picture_goes_with_the_account(browser: Browser, other: Browser) -> None:
    me = await browser.register("Alice")
    _, user = await put(browser, picture("PNG"), "image/png")
    assert isinstance(user, dict)
    status, _, _ = await browser.call("DELETE", "/api/auth/user",
                                      {"password": "correct horse battery"})
    assert status == 204
    assert (await other.call("GET", f"/api/avatars/{me['id']}"))[0] == 404
