"""What an account can do, independent of HTTP: register, sign in and out, change, delete.

One `Accounts` per app (`request.app[accounts_key]`), bound to the store's database."""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import re
import secrets
from collections.abc import Callable
from typing import Any

import peewee as pw

from kingdom_server.accounts.avatars import Avatars
from kingdom_server.accounts.passwords import (
    hash_password_async,
    is_common_password,
    needs_rehash,
    verify_password,
)
from kingdom_server.accounts.tables import Avatar, Session, User
from kingdom_server.accounts.throttle import SignInThrottle, SignUpLimit
from kingdom_server.core.http import Refused
from kingdom_server.core.limits import Rate
from kingdom_server.core.storage import Storage
from kingdom_server.core.tables import now
from kingdom_server.core.validation import text_problem

SESSION_DAYS = 30
LAST_SEEN_EVERY = dt.timedelta(minutes=5)

USERNAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
MIN_PASSWORD = 8
MAX_PASSWORD = 128
MAX_NAME = 50
MAX_EMAIL = 254
MAX_URL = 2048

WRONG_LOGIN = "Wrong username or password"
USERNAME_TAKEN = "That username is taken"
USERNAME_RULES = "A username has 3 to 24 characters: letters, digits, _ and -"
PICTURE_UPLOAD = (
    "Upload a profile picture (PNG, JPEG or WebP, at most 512 KB): pictures from other sites "
    "cannot be shown"
)
TOO_MANY = "Too many failed sign-ins. Please wait a few minutes and try again."
TOO_MANY_SIGN_UPS = "Too many new accounts from your address. Please try again in {} minutes."
COMMON_PASSWORD = (
    "That password is one of the most common ones and easy to guess: please choose another"
)

#: Called inside the deleting transaction with (db, user id): a feature module removes or
#: anonymises what it keeps about that user (stats, rankings, decks, ...).
DeleteHook = Callable[[pw.Database, str], None]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def username_key(name: str) -> str:
    return name.lower()


def checked_text(value: str, label: str, *, status: int = 400) -> str:
    """`value` if the server may keep (or hash) it (kingdom_server/core/validation.py,
    `text_problem`); Refused '<label> contains ...' otherwise."""
    problem = text_problem(value)
    if problem is not None:
        raise Refused(status, f"{label} {problem}")
    return value


def check_username(value: Any) -> str:
    if isinstance(value, str):
        checked_text(value, "Username")
    if not isinstance(value, str) or not USERNAME.fullmatch(value):
        raise Refused(400, USERNAME_RULES)
    return value


def check_password(value: Any, what: str = "Password", username: str | None = None) -> str:
    """A new password: its length, the text rule, and not a common one (nor the username)."""
    if not isinstance(value, str) or len(value) < MIN_PASSWORD:
        raise Refused(400, f"{what} must be at least {MIN_PASSWORD} characters")
    if len(value) > MAX_PASSWORD:
        raise Refused(400, f"{what} must be at most {MAX_PASSWORD} characters")
    checked_text(value, what)
    if is_common_password(value) or (
        username is not None and value.casefold() == username.casefold()
    ):
        raise Refused(400, COMMON_PASSWORD)
    return value


def given_password(value: Any, what: str = "Password") -> str | None:
    """A password given to prove who one is (sign-in, a change, deletion): None when it is
    not text; the text rule applies before any hash is computed."""
    if not isinstance(value, str):
        return None
    return checked_text(value, what)


def _optional_text(data: dict[str, Any], key: str, label: str, limit: int) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise Refused(400, f"{label} must be text")
    value = checked_text(value, label).strip()
    if len(value) > limit:
        raise Refused(400, f"{label} must be at most {limit} characters")
    return value or None


def _profile_fields(data: dict[str, Any]) -> dict[str, str | None]:
    """The optional profile fields present in `data`, checked (absent keys are left out)."""
    out: dict[str, str | None] = {}
    if "firstName" in data:
        out["first_name"] = _optional_text(data, "firstName", "First name", MAX_NAME)
    if "lastName" in data:
        out["last_name"] = _optional_text(data, "lastName", "Last name", MAX_NAME)
    if "email" in data:
        email = _optional_text(data, "email", "Email", MAX_EMAIL)
        if email is not None and not EMAIL.fullmatch(email):
            raise Refused(400, "That is not an email address")
        out["email"] = email
    if "profileImageUrl" in data:
        # A picture is uploaded (PUT /api/auth/avatar, accounts/avatars.py): the app shows
        # images of its own origin only, so another site's address would never show. Here the
        # field can only be cleared (null or "") or sent back unchanged (see `update`).
        url = _optional_text(data, "profileImageUrl", "Profile image URL", MAX_URL)
        if url is not None:
            raise Refused(400, PICTURE_UPLOAD)
        out["profile_image_url"] = None
    return out


class Accounts:
    """Accounts and sessions of one app."""

    def __init__(self, storage: Storage, sign_ups: tuple[Rate, ...] = ()) -> None:
        self.storage = storage
        self.db = storage.db
        self.User = storage.tables[User]
        self.Session = storage.tables[Session]
        self.throttle = SignInThrottle()
        self.sign_ups = SignUpLimit(sign_ups)
        """New accounts per address (`RateLimits.sign_ups_per_address`; none: no limit)."""
        self.avatars = Avatars(self.db, storage.tables[Avatar], self.User)
        self.on_user_deleted: list[DeleteHook] = [self.avatars.forget_user]
        """Feature modules append a hook here; all run in the account deletion's transaction."""

    # -- sessions --------------------------------------------------------------------------

    def _new_session(self, user_id: str) -> str:
        """A new random token for `user_id` (its sha256 is stored); the token itself."""
        token = secrets.token_urlsafe(32)
        created = now()
        self.Session.create(
            token_hash=hash_token(token),
            user_id=user_id,
            created_at=created,
            expires_at=created + dt.timedelta(days=SESSION_DAYS),
        )
        return token

    def user_for_token(self, token: str | None) -> User | None:
        """The signed-in user of a session token, or None (unknown, expired, or no token)."""
        if not token or len(token) > 200:
            return None
        session = self.Session.get_or_none(self.Session.token_hash == hash_token(token))
        if session is None:
            return None
        moment = now()
        if session.expires_at <= moment:
            session.delete_instance()
            return None
        user: User | None = self.User.get_or_none(self.User.id == session.user_id)
        if user is not None and moment - user.last_seen >= LAST_SEEN_EVERY:
            self.User.update(last_seen=moment).where(self.User.id == user.id).execute()
            user.last_seen = moment
        return user

    def sign_out(self, token: str | None) -> None:
        """The session's row is deleted: the cookie is dead everywhere at once."""
        if token:
            self.Session.delete().where(self.Session.token_hash == hash_token(token)).execute()

    def purge_expired(self) -> int:
        return int(self.Session.delete().where(self.Session.expires_at <= now()).execute())

    # -- accounts --------------------------------------------------------------------------

    def by_username(self, name: str) -> User | None:
        found: User | None = self.User.get_or_none(self.User.username_key == username_key(name))
        return found

    def by_id(self, user_id: str) -> User | None:
        found: User | None = self.User.get_or_none(self.User.id == user_id)
        return found

    async def register(self, data: dict[str, Any], address: str) -> tuple[User, str]:
        """A new account, signed in: (user, session token). 400, 409 or 429 (too many from
        `address`) otherwise."""
        name = check_username(data.get("username"))
        password = check_password(data.get("password"), username=name)
        fields = _profile_fields(data)
        if await self.storage.run(self.by_username, name) is not None:
            raise Refused(409, USERNAME_TAKEN)
        wait = self.sign_ups.take(address)
        if wait is not None:
            raise Refused(429, TOO_MANY_SIGN_UPS.format(math.ceil(wait / 60)),
                               retry_after=wait)
        encoded = await hash_password_async(password)

        def create() -> tuple[User, str]:
            try:
                with self.db.atomic():
                    user = self.User.create(
                        username=name, username_key=username_key(name), password_hash=encoded,
                        **fields,
                    )
                    return user, self._new_session(user.id)
            except pw.IntegrityError:  # the same name registered meanwhile
                raise Refused(409, USERNAME_TAKEN) from None

        return await self.storage.run(create)

    async def login(self, data: dict[str, Any], address: str) -> tuple[User, str]:
        """Check the password (same answer and time for a wrong name) and open a new session."""
        name = data.get("username")
        password = data.get("password")
        if not isinstance(name, str) or not isinstance(password, str) or not name or not password:
            raise Refused(400, "Enter your username and password")
        checked_text(name, "Username")
        checked_text(password, "Password")
        if len(name) > 100 or len(password) > MAX_PASSWORD:
            raise Refused(401, WRONG_LOGIN)
        key = username_key(name)
        wait = self.throttle.retry_after(key, address)
        if wait is not None:
            raise Refused(429, TOO_MANY, retry_after=wait)
        user = await self.storage.run(self.by_username, name)
        if not await verify_password(user.password_hash if user else None, password):
            self.throttle.failed(key, address)
            raise Refused(401, WRONG_LOGIN)
        assert user is not None
        self.throttle.succeeded(key, address)
        updates: dict[str, Any] = {"last_seen": now()}
        if needs_rehash(user.password_hash):
            updates["password_hash"] = await hash_password_async(password)
        def sign_in() -> str:
            with self.db.atomic():
                self.User.update(**updates).where(self.User.id == user.id).execute()
                self.Session.delete().where(
                    (self.Session.user_id == user.id) & (self.Session.expires_at <= now())
                ).execute()
                return self._new_session(user.id)

        return user, await self.storage.run(sign_in)

    async def update(self, user: User, data: dict[str, Any]) -> tuple[User, str | None]:
        """Change names, email, profile image URL, username, or the password (with the
        current one). A new password signs out every other session: (user, new token|None)."""
        if data.get("profileImageUrl") and data["profileImageUrl"] == user.profile_image_url:
            data = {k: v for k, v in data.items() if k != "profileImageUrl"}  # unchanged
        fields: dict[str, Any] = _profile_fields(data)
        if "username" in data:
            name = check_username(data["username"])
            other = await self.storage.run(self.by_username, name)
            if other is not None and other.id != user.id:
                raise Refused(409, USERNAME_TAKEN)
            fields["username"] = name
            fields["username_key"] = username_key(name)
        new_password = data.get("newPassword")
        if new_password is not None:
            check_password(new_password, "The new password", username=fields.get("username",
                                                                            user.username))
            current = given_password(data.get("currentPassword"), "The current password")
            if current is None or not await verify_password(
                user.password_hash, current
            ):
                raise Refused(403, "The current password is not right")
            fields["password_hash"] = await hash_password_async(new_password)
        fields["updated_at"] = now()

        def change() -> tuple[User, str | None]:
            token = None
            try:
                with self.db.atomic():
                    self.User.update(**fields).where(self.User.id == user.id).execute()
                    if "profile_image_url" in fields:  # cleared: the stored picture goes too
                        self.avatars.forget_user(self.db, user.id)
                    if new_password is not None:
                        self.Session.delete().where(self.Session.user_id == user.id).execute()
                        token = self._new_session(user.id)
            except pw.IntegrityError:
                raise Refused(409, USERNAME_TAKEN) from None
            fresh = self.by_id(user.id)
            assert fresh is not None
            return fresh, token

        return await self.storage.run(change)

    async def delete(self, user: User, data: dict[str, Any]) -> None:
        """With the password: the user row, sessions and personal data go; feature modules'
        hooks anonymise what others still need (past matches show 'Deleted player')."""
        password = given_password(data.get("password"))
        if password is None or not await verify_password(
            user.password_hash, password
        ):
            raise Refused(403, "The password is not right")

        def forget() -> None:
            with self.db.atomic():
                for hook in self.on_user_deleted:
                    hook(self.db, user.id)
                self.Session.delete().where(self.Session.user_id == user.id).execute()
                self.User.delete().where(self.User.id == user.id).execute()

        await self.storage.run(forget)
