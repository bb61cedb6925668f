"""The accounts' HTTP side: the session cookie, `current_user` / `require_user`, the JSON API
(/api/auth/...), the sign-in page (/api/login) and /api/logout."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from kingdom_server.accounts import avatars
from kingdom_server.accounts.page import STYLE as LOGIN_STYLE
from kingdom_server.accounts.page import login_page
from kingdom_server.accounts.service import SESSION_DAYS, Accounts
from kingdom_server.accounts.tables import User
from kingdom_server.core.http import (
    SESSION_COOKIE,
    Refused,
    database,
    json_object,
    no_store,
    request_address,
    session_token,
)
from kingdom_server.core.keys import settings_key

COOKIE = SESSION_COOKIE
accounts_key: web.AppKey[Accounts] = web.AppKey("accounts")
_USER = "kingdom.user"
_MISSING = object()


def _accounts(request: web.Request) -> Accounts:
    return request.app[accounts_key]


async def current_user(request: web.Request) -> User | None:
    """The signed-in user of this request, or None (looked up once per request)."""
    cached = request.get(_USER, _MISSING)
    if cached is not _MISSING:
        return cached if isinstance(cached, User) else None
    user = await database(request, _accounts(request).user_for_token, session_token(request))
    request[_USER] = user
    return user


def unauthorized() -> web.HTTPUnauthorized:
    return web.HTTPUnauthorized(
        text=json.dumps({"message": "Unauthorized"}), content_type="application/json"
    )


async def require_user(request: web.Request) -> User:
    """The signed-in user; otherwise the request is answered 401 {"message": "Unauthorized"}."""
    user = await current_user(request)
    if user is None:
        raise unauthorized()
    return user


def set_session_cookie(request: web.Request, response: web.StreamResponse, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=request.app[settings_key].secure_cookies,
    )
    request[_USER] = _MISSING


def clear_session_cookie(request: web.Request, response: web.StreamResponse) -> None:
    response.del_cookie(
        COOKIE, path="/", httponly=True, samesite="Lax",
        secure=request.app[settings_key].secure_cookies,
    )


# -- JSON API ------------------------------------------------------------------------------


async def register(request: web.Request) -> web.StreamResponse:
    user, token = await _accounts(request).register(
        await json_object(request), request_address(request)
    )
    response = web.json_response(user.to_json(), status=201)
    set_session_cookie(request, response, token)
    return no_store(response)


async def login(request: web.Request) -> web.StreamResponse:
    accounts = _accounts(request)
    data = await json_object(request)
    user, token = await accounts.login(data, request_address(request))
    await database(request, accounts.sign_out, session_token(request))  # the old one ends
    response = web.json_response(user.to_json())
    set_session_cookie(request, response, token)
    return no_store(response)


async def logout(request: web.Request) -> web.StreamResponse:
    await database(request, _accounts(request).sign_out, session_token(request))
    response = web.Response(status=204)
    clear_session_cookie(request, response)
    return response


async def get_user(request: web.Request) -> web.StreamResponse:
    user = await require_user(request)
    return no_store(web.json_response(user.to_json()))


async def get_session(request: web.Request) -> web.StreamResponse:
    """GET /api/auth/session: `{"user": user}` when signed in, `{"user": null}` otherwise -
    always 200, so that a signed-out visitor's page load is not a failed request."""
    user = await current_user(request)
    return no_store(web.json_response({"user": user.to_json() if user else None}))


async def patch_user(request: web.Request) -> web.StreamResponse:
    user = await require_user(request)
    fresh, token = await _accounts(request).update(user, await json_object(request))
    response = web.json_response(fresh.to_json())
    if token is not None:
        set_session_cookie(request, response, token)
    return no_store(response)


async def put_avatar(request: web.Request) -> web.StreamResponse:
    """PUT /api/auth/avatar: the body is a PNG, JPEG or WebP picture (accounts/avatars.py)."""
    user = await require_user(request)
    content_type = request.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if content_type not in avatars.FORMATS:
        raise Refused(415, avatars.NOT_AN_IMAGE)
    data = await avatars.read_upload(request)
    webp = await asyncio.get_running_loop().run_in_executor(
        None, avatars.reencode, data, content_type)
    url = await database(request, _accounts(request).avatars.store, user.id, webp)
    return no_store(web.json_response(avatars.user_json_with(user, url)))


async def delete_avatar(request: web.Request) -> web.StreamResponse:
    """DELETE /api/auth/avatar: back to the initials."""
    user = await require_user(request)
    await database(request, _accounts(request).avatars.remove, user.id)
    return no_store(web.json_response(avatars.user_json_with(user, None)))


async def get_avatar(request: web.Request) -> web.StreamResponse:
    """GET /api/avatars/{user_id}: the stored picture (its address changes with each upload)."""
    image = await database(request, _accounts(request).avatars.image,
                           request.match_info["user_id"])
    if image is None:
        return web.json_response({"message": "Not found"}, status=404)
    response = web.Response(body=image, content_type="image/webp")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


async def delete_user(request: web.Request) -> web.StreamResponse:
    user = await require_user(request)
    await _accounts(request).delete(user, await json_object(request))
    response = web.Response(status=204)
    clear_session_cookie(request, response)
    return response


# -- full-page navigations -----------------------------------------------------------------


def safe_next(value: Any) -> str:
    """A same-site path to return to after signing in (never another site); "/" otherwise."""
    if not isinstance(value, str) or not value.startswith("/") or value.startswith("//"):
        return "/"
    if "\\" in value or any(ord(c) < 32 for c in value) or len(value) > 500:
        return "/"
    parts = urlsplit(value)
    if parts.scheme or parts.netloc or parts.path.startswith("/api/"):
        return "/"
    return value


def redirect(location: str, status: int) -> web.Response:
    return web.Response(status=status, headers={"Location": location})


def _page(next_url: str, **kwargs: Any) -> web.Response:
    status = kwargs.pop("status", 200)
    response = web.Response(
        text=login_page(next_url=next_url, **kwargs), content_type="text/html", status=status
    )
    # The server's own Content-Security-Policy applies (add_security_headers): the page's look
    # comes from /api/login.css, no inline style.
    response.headers["Cache-Control"] = "no-store"
    return response


async def login_css(request: web.Request) -> web.StreamResponse:
    """GET /api/login.css: the sign-in page's stylesheet (a file of the server's own origin)."""
    response = web.Response(text=LOGIN_STYLE, content_type="text/css")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


async def login_form(request: web.Request) -> web.StreamResponse:
    """GET /api/login: the sign-in page (signed in already: straight back)."""
    next_url = safe_next(request.query.get("next"))
    if await current_user(request) is not None:
        return redirect(next_url, 302)
    return _page(next_url)


async def _form(request: web.Request) -> dict[str, Any]:
    post = await request.post()
    return {k: v for k, v in post.items() if isinstance(v, str)}


async def login_submit(request: web.Request) -> web.StreamResponse:
    """POST /api/login (form): sign in, then back to `next`; the page again with the error."""
    data = await _form(request)
    next_url = safe_next(data.get("next"))
    accounts = _accounts(request)
    try:
        user, token = await accounts.login(data, request_address(request))
    except Refused as e:
        response = _page(next_url, error=e.message, form="login",
                         username=str(data.get("username", ""))[:24], status=e.status)
        if e.retry_after is not None:
            response.headers["Retry-After"] = str(e.retry_after)
        return response
    await database(request, accounts.sign_out, session_token(request))
    response = redirect(next_url, 303)
    set_session_cookie(request, response, token)
    return response


async def register_submit(request: web.Request) -> web.StreamResponse:
    """POST /api/register (form): a new account, signed in, then back to `next`."""
    data = await _form(request)
    next_url = safe_next(data.get("next"))
    # Empty optional fields of a form mean "not given".
    data = {k: v for k, v in data.items() if v != "" or k in ("username", "password")}
    try:
        user, token = await _accounts(request).register(data, request_address(request))
    except Refused as e:
        response = _page(next_url, error=e.message, form="register",
                         username=str(data.get("username", ""))[:24], status=e.status)
        if e.retry_after is not None:
            response.headers["Retry-After"] = str(e.retry_after)
        return response
    await database(request, _accounts(request).sign_out, session_token(request))
    response = redirect(next_url, 303)
    set_session_cookie(request, response, token)
    return response


async def logout_page(request: web.Request) -> web.StreamResponse:
    """GET /api/logout: sign out and go home."""
    await database(request, _accounts(request).sign_out, session_token(request))
    response = redirect("/", 302)
    clear_session_cookie(request, response)
    response.headers["Cache-Control"] = "no-store"
    return response


ROUTES: list[web.RouteDef] = [
    web.post("/api/auth/register", register),
    web.post("/api/auth/login", login),
    web.post("/api/auth/logout", logout),
    web.get("/api/auth/user", get_user),
    web.get("/api/auth/session", get_session),
    web.patch("/api/auth/user", patch_user),
    web.delete("/api/auth/user", delete_user),
    web.put("/api/auth/avatar", put_avatar),
    web.delete("/api/auth/avatar", delete_avatar),
    web.get("/api/avatars/{user_id}", get_avatar),
    web.get("/api/login", login_form),
    web.get("/api/login.css", login_css),
    web.post("/api/login", login_submit),
    web.post("/api/register", register_submit),
    web.get("/api/logout", logout_page),
]
