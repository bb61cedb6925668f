"""The accounts' tables: `users`, `sessions` and `avatars` (docs/protocol.md,
"HTTP API: accounts, statistics and match history")."""

from __future__ import annotations

import uuid
from typing import Any

import peewee as pw

from kingdom_server.core.tables import FeatureTable, now


def new_user_id() -> str:
    return str(uuid.uuid4())


class User(FeatureTable):
    """A built-in account. `username_key` is the lower-cased name: names are unique without
    regard to case. `password_hash` is argon2id's encoded hash, never sent anywhere."""

    id = pw.CharField(primary_key=True, max_length=36, default=new_user_id)
    username = pw.CharField(max_length=24)
    username_key = pw.CharField(max_length=24, unique=True)
    password_hash = pw.CharField(max_length=255)
    email = pw.CharField(max_length=254, null=True)
    first_name = pw.CharField(max_length=50, null=True)
    last_name = pw.CharField(max_length=50, null=True)
    profile_image_url = pw.CharField(max_length=2048, null=True)
    preferences = pw.TextField(default="{}")
    created_at = pw.DateTimeField(default=now)
    updated_at = pw.DateTimeField(default=now)
    last_seen = pw.DateTimeField(default=now)
    is_admin = pw.BooleanField(default=False)
    """Granted by `kingdom user admin NAME` (`--revoke` takes it back); the usernames in the
    server's `KINGDOM_ADMINS` are administrators as well."""
    is_bot = pw.BooleanField(default=False)
    """A bot account (`kingdom user bot NAME`): labelled as a bot at the table and on its
    profile; plays casual games and the bot ladder, never the ranked queue of people."""

    class Meta:
        table_name = "users"

    def to_json(self, *, with_email: bool = True) -> dict[str, Any]:
        """The user as the API shows it (docs/protocol.md); the email to its owner only."""
        return {
            "id": self.id,
            "username": self.username,
            "firstName": self.first_name,
            "lastName": self.last_name,
            "email": self.email if with_email else None,
            "profileImageUrl": self.profile_image_url,
            "isBot": bool(self.is_bot),
        }


class Session(FeatureTable):
    """A signed-in browser or client. Only the sha256 of the cookie's token is kept."""

    token_hash = pw.CharField(primary_key=True, max_length=64)
    user_id = pw.CharField(max_length=36, index=True)
    created_at = pw.DateTimeField(default=now)
    expires_at = pw.DateTimeField(index=True)

    class Meta:
        table_name = "sessions"



class Avatar(FeatureTable):
    """One stored picture per user (WebP bytes); `version` changes its address on each upload."""

    user_id = pw.CharField(primary_key=True, max_length=36)
    image = pw.BlobField()
    version = pw.IntegerField(default=1)
    updated_at = pw.DateTimeField(default=now)

    class Meta:
        table_name = "avatars"


TABLES = (User, Session, Avatar)
