"""The signed-in pages' server side through real HTTP on loopback: the sign-in page under the
server's own Content-Security-Policy, the always-200 session call, uploaded profile pictures."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestServer
from PIL import Image

from kingdom_server.accounts.avatars import MAX_BYTES, SIZE
from tests.server.test_accounts import Browser


@pytest.fixture
async def browser(server: TestServer) -> AsyncIterator[Browser]:
    b = Browser(server)
    yield b
    await b.http.close()


@pytest.fixture
async def other(server: TestServer) -> AsyncIterator[Browser]:
    b = Browser(server)
    yield b
    await b.http.close()


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
