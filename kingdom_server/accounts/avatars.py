"""Profile pictures: uploaded by their owner, re-encoded and stored by the server, served from
its own origin (the Content-Security-Policy allows images from 'self' only, never another site).

- `PUT /api/auth/avatar`: the body is the image itself (`Content-Type` image/png, image/jpeg or
  image/webp, at most `MAX_BYTES`). The picture is decoded with Pillow, cut to a centred square,
  scaled to `SIZE` pixels and stored as WebP (nothing of the uploaded file is kept: no metadata,
  no second frame). The user's `profileImageUrl` becomes `/api/avatars/{userId}?v={version}`.
- `DELETE /api/auth/avatar`: the picture goes; the app shows the initials again.
- `GET /api/avatars/{userId}`: the stored picture (404 when there is none).

Without a picture the web app draws the player's initials.
"""

from __future__ import annotations

import io
import warnings
from typing import Any

import peewee as pw
from aiohttp import web
from PIL import Image, ImageOps, UnidentifiedImageError

from kingdom_server.accounts.tables import User
from kingdom_server.core.http import Refused
from kingdom_server.core.tables import now

MAX_BYTES = 512 * 1024
"""The largest upload accepted."""
SIZE = 256
"""The stored picture's width and height in pixels."""
MAX_PIXELS = 40_000_000
"""A picture with more pixels is refused before it is decoded (a 'decompression bomb')."""
FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WEBP"}

TOO_LARGE = "A profile picture is at most 512 KB"
NOT_AN_IMAGE = "A profile picture is a PNG, JPEG or WebP image"


def avatar_url(user_id: str, version: int) -> str:
    return f"/api/avatars/{user_id}?v={version}"


def reencode(data: bytes, content_type: str) -> bytes:
    """The upload as a SIZE x SIZE WebP picture; Refused when it is not a picture of the
    declared kind (PNG, JPEG or WebP) or is too large."""
    expected = FORMATS.get(content_type)
    if expected is None:
        raise Refused(415, NOT_AN_IMAGE)
    if len(data) > MAX_BYTES:
        raise Refused(413, TOO_LARGE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[expected]) as img:
                if img.width * img.height > MAX_PIXELS:
                    raise Refused(400, "That picture has too many pixels")
                img.load()
                picture = ImageOps.exif_transpose(img)
                picture = picture.convert("RGBA" if "A" in picture.getbands() else "RGB")
    except Refused:
        raise
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError,
            Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise Refused(400, NOT_AN_IMAGE) from None
    square = ImageOps.fit(picture, (SIZE, SIZE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    square.save(out, "WEBP", quality=85, method=4)
    return out.getvalue()


class Avatars:
    """The avatars table of one store, and the users' `profile_image_url` kept in step."""

    def __init__(self, db: pw.Database, avatars: Any, users: Any) -> None:
        self.db = db
        self.Avatar = avatars
        self.User = users

    def store(self, user_id: str, webp: bytes) -> str:
        """Save the picture (replacing any earlier one); the user's new profileImageUrl."""
        with self.db.atomic():
            row = self.Avatar.get_or_none(self.Avatar.user_id == user_id)
            version = row.version + 1 if row is not None else 1
            self.Avatar.delete().where(self.Avatar.user_id == user_id).execute()
            self.Avatar.create(user_id=user_id, image=webp, version=version, updated_at=now())
            url = avatar_url(user_id, version)
            self.User.update(profile_image_url=url, updated_at=now()).where(
                self.User.id == user_id).execute()
        return url

    def remove(self, user_id: str) -> None:
        with self.db.atomic():
            self.Avatar.delete().where(self.Avatar.user_id == user_id).execute()
            self.User.update(profile_image_url=None, updated_at=now()).where(
                self.User.id == user_id).execute()

    def image(self, user_id: str) -> bytes | None:
        row = self.Avatar.get_or_none(self.Avatar.user_id == user_id)
        return bytes(row.image) if row is not None else None

    def forget_user(self, db: pw.Database, user_id: str) -> None:
        """(in the account deletion's transaction) The picture goes with the account."""
        self.Avatar.delete().where(self.Avatar.user_id == user_id).execute()


async def read_upload(request: web.Request) -> bytes:
    """The request's body, refused (413) beyond MAX_BYTES before more is read."""
    if request.content_length is not None and request.content_length > MAX_BYTES:
        raise Refused(413, TOO_LARGE)
    chunks: list[bytes] = []
    total = 0
    async for chunk in request.content.iter_chunked(64 * 1024):
        total += len(chunk)
        if total > MAX_BYTES:
            raise Refused(413, TOO_LARGE)
        chunks.append(chunk)
    return b"".join(chunks)


def user_json_with(user: User, url: str | None) -> dict[str, Any]:
    data = user.to_json()
    data["profileImageUrl"] = url
    return data


