"""Passwords: argon2id with argon2-cffi's default parameters, hashed off the event loop, and
the list of common passwords refused for a new one (common-passwords.txt beside this file: its
source and licence are in its first lines)."""

from __future__ import annotations

import asyncio
import functools
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_hasher = PasswordHasher()  # argon2id, the library's recommended (RFC 9106 low-memory) defaults
_dummy_hash: str | None = None


@functools.cache
def common_passwords() -> frozenset[str]:
    """The shipped list, lower-cased (read once)."""
    text = resources.files(__package__).joinpath("common-passwords.txt").read_text("utf-8")
    return frozenset(
        line.strip().casefold() for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


def is_common_password(password: str) -> bool:
    """One of the list (in any letter case), or one character repeated ('aaaaaaaa')."""
    return password.casefold() in common_passwords() or len(set(password)) == 1


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def _verify(encoded: str, password: str) -> bool:
    try:
        return _hasher.verify(encoded, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


async def hash_password_async(password: str) -> str:
    """The hash, computed in a worker thread (tens of milliseconds of work)."""
    return await asyncio.to_thread(hash_password, password)


async def verify_password(encoded: str | None, password: str) -> bool:
    """Whether `password` matches. With no hash (no such user) a dummy hash is verified, so a
    wrong name costs the same time as a wrong password."""
    global _dummy_hash
    if encoded is None:
        if _dummy_hash is None:
            _dummy_hash = await hash_password_async("kingdom: no such user")
        await asyncio.to_thread(_verify, _dummy_hash, password)
        return False
    return await asyncio.to_thread(_verify, encoded, password)


def needs_rehash(encoded: str) -> bool:
    return _hasher.check_needs_rehash(encoded)
