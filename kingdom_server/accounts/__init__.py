"""Accounts: built-in users with argon2id passwords, cookie sessions (only the token's sha256
stored), the /api/auth JSON API, the sign-in page, profile pictures, and the signed-in user of
a request or a socket.

For other features:
- `await current_user(request) -> User | None`, `await require_user(request) -> User` (401
  `{"message": "Unauthorized"}` otherwise).
- `request.app[accounts_key]` / `env.need(Accounts)` is the app's `Accounts` (`by_id`,
  `by_username`); a feature that keeps something about a user subscribes to `USER_DELETED`
  (called in the deleting transaction).
- A socket's user: `(await sio.get_session(sid)).get("userId")` (None for guests), stored at
  connect by the hub through `Hub.identify`, which this feature sets.
"""

from kingdom_server.accounts.routes import (
    COOKIE,
    ROUTES,
    accounts_key,
    current_user,
    require_user,
)
from kingdom_server.accounts.service import Accounts, DeleteHook
from kingdom_server.accounts.tables import TABLES, Session, User
from kingdom_server.core.feature import Env, Feature, Hook

USER_DELETED: Hook[DeleteHook] = Hook(
    "accounts.user_deleted", lambda env: env.need(Accounts).on_user_deleted)
"""(db, user id) inside the transaction that deletes an account."""


def _start(env: Env) -> None:
    limits = env.settings.rate_limits
    accounts = env.app[accounts_key] = env.provide(
        Accounts(env.storage, limits.sign_ups_per_address if limits is not None else ()))
    env.hub.identify = accounts.user_for_token


def _purge(env: Env) -> None:
    env.need(Accounts).purge_expired()


FEATURE = Feature(
    name="accounts",
    tables=TABLES,
    routes=ROUTES,
    start=_start,
    tasks=(_purge,),
    provides=(Accounts,),
)

__all__ = [
    "COOKIE",
    "FEATURE",
    "TABLES",
    "USER_DELETED",
    "Accounts",
    "DeleteHook",
    "Session",
    "User",
    "accounts_key",
    "current_user",
    "require_user",
]
