"""Accounts: built-in users with argon2id passwords, cookie sessions (only the token's sha256
stored), the /api/auth JSON API, the sign-in page, and the signed-in user of a request or a
socket.

For other modules:
- `await current_user(request) -> User | None`, `await require_user(request) -> User` (401
  `{"message": "Unauthorized"}` otherwise).
- `request.app[accounts_key]` is the app's `Accounts` (`by_id`, `by_username`,
  `on_user_deleted` hooks run in the deleting transaction).
- A socket's user: `(await sio.get_session(sid)).get("userId")` (None for guests), stored at
  connect by the hub through `user_for_environ`.
"""

from kingdom_server.accounts.avatars import TABLES as AVATAR_TABLES
from kingdom_server.accounts.models import TABLES as USER_TABLES
from kingdom_server.accounts.models import Session, User
from kingdom_server.accounts.service import Accounts, DeleteHook
from kingdom_server.accounts.web import (
    COOKIE,
    accounts_key,
    add_routes,
    current_user,
    require_user,
    token_from_cookie_header,
)

TABLES = (*USER_TABLES, *AVATAR_TABLES)

__all__ = [
    "COOKIE",
    "TABLES",
    "Accounts",
    "DeleteHook",
    "Session",
    "User",
    "accounts_key",
    "add_routes",
    "current_user",
    "require_user",
    "token_from_cookie_header",
]
