"""Server settings: one frozen value built once by the CLI or a test and handed to `create_app`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import attrs

from kingdom_server.core.clocks import CLOCK_LIMITS
from kingdom_server.core.limits import RateLimits

#: Where `make web` puts the built browser app: the checkout's web/dist, two folders up.
DEFAULT_WEB_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"


def user_data_dir() -> Path:
    """The per-user data directory for the default SQLite file (no extra dependency needed)."""
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    elif sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kingdom"


def default_database_url() -> str:
    """`DATABASE_URL` when set (PostgreSQL in production), else the SQLite file in the data dir."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return "sqlite:///" + str(user_data_dir() / "kingdom.db")


def admin_usernames_from(text: str) -> frozenset[str]:
    """`KINGDOM_ADMINS`'s comma-separated usernames, lower-cased."""
    return frozenset(n.strip().lower() for n in text.split(",") if n.strip())


def turn_clocks_from(text: str) -> dict[str, tuple[float, float]]:
    """The clock settings of docs/rules.md, with those named in `text` (`name=turn/bank`,
    comma-separated) changed."""
    limits = dict(CLOCK_LIMITS)
    for part in text.split(","):
        name, _, value = part.strip().partition("=")
        turn, _, bank = value.partition("/")
        if name.strip() in limits and turn:
            limits[name.strip()] = (float(turn), float(bank or 0))
    return limits


def _lowered(names: frozenset[str] | set[str] | tuple[str, ...]) -> frozenset[str]:
    return frozenset(n.lower() for n in names)


@attrs.frozen
class Settings:
    """Everything the server can be tuned with. Times are in seconds."""

    database_url: str = attrs.field(factory=default_database_url)
    """peewee database URL: `sqlite:///path`, `sqlite:///:memory:` or `postgresql://...`."""

    web_dist: Path = attrs.field(
        factory=lambda: Path(os.environ.get("KINGDOM_WEB_DIST", DEFAULT_WEB_DIST))
    )
    """Built web app served at `/` (index.html fallback for app routes)."""

    bot_delay: float = 0.8
    """Pause before a bot (or a bot standing in for an absent player) acts; 0 in tests."""

    bot_workers: int | None = None
    """Worker processes in which slow bots (SearchBot) think; None: one per core but one (at
    least one), so the event loop keeps a core; 0: a thread of the server's own process."""

    score_screen_seconds: int = 30
    """Length of the score screen between hands of a match (R31)."""

    absence_seconds: float = 60.0
    """How long a disconnected player keeps the seat to themselves during play; then a bot
    plays it until they come back."""
    turn_clocks: dict[str, tuple[float, float]] = attrs.field(
        factory=lambda: turn_clocks_from(os.environ.get("KINGDOM_TURN_CLOCKS", ""))
    )
    """(seconds per turn, seconds of time bank) of each clock setting (docs/rules.md, "Turn
    clocks"). `KINGDOM_TURN_CLOCKS` changes some, e.g. `normal=0.5/0.2,fast=0.2/0` (tests)."""
    clock_checkpoint_seconds: float = attrs.field(
        factory=lambda: float(os.environ.get("KINGDOM_CLOCK_CHECKPOINT_SECONDS") or 5.0)
    )
    """While a turn clock runs, what is left of it is stored this often (and at each turn's
    end): a server killed meanwhile gives back at most this much time."""
    ranked_wave_seconds: float = attrs.field(
        factory=lambda: float(os.environ.get("KINGDOM_RANKED_WAVE_SECONDS") or 3.0)
    )
    """Seconds between two waves of the ranked queue's matcher (`KINGDOM_RANKED_WAVE_SECONDS`:
    shorter in tests)."""

    admin_usernames: frozenset[str] = attrs.field(
        factory=lambda: admin_usernames_from(os.environ.get("KINGDOM_ADMINS", "")),
        converter=_lowered,
    )
    """Administrators' usernames (lower-cased), from `KINGDOM_ADMINS` (comma-separated): only
    they may change a Constructed collection by hand (`PATCH /api/collection/update`)."""

    unattended_seconds: float = 24 * 3600.0
    """A room with no person connected for this long is closed (its game is given up). Counted
    from the last disconnection, or from the server's start for rooms loaded at startup."""

    closed_room_days: float = 7.0
    """Closed rooms (with their seats, games and action logs) are deleted from the database
    this many days after they closed."""

    sweep_seconds: float = 3600.0
    """How often the deletion of old closed rooms runs (also once at startup)."""

    max_string_length: int = 1000
    """Longest string accepted anywhere in a call's payload."""

    max_message_bytes: int = 64 * 1024
    """Largest message a client may send: a websocket frame, a long-polling POST body, an HTTP
    request body. Every legal call is far smaller; bigger ones are refused (413) or close the
    connection."""

    rematch_seconds: float = 60.0
    """How long a rematch offer waits for everyone's answer (docs/protocol.md, "Rematch")."""

    max_spectators: int = 50
    """How many sockets may watch one game at a time (docs/protocol.md, "Spectators")."""

    max_name_length: int = 24
    """Longest player name (after trimming)."""

    rate_limits: RateLimits | None = attrs.field(factory=RateLimits)
    """Calls, room creations and join attempts per connection and per address
    (kingdom_server/core/limits.py); None: no limits (load tests from one address)."""

    client_address_header: str | None = attrs.field(
        factory=lambda: os.environ.get("KINGDOM_CLIENT_ADDRESS_HEADER") or None)
    """Behind a reverse proxy: the header carrying the client's address (for example
    `X-Forwarded-For`, whose last entry is used; `KINGDOM_CLIENT_ADDRESS_HEADER`). None: the
    TCP peer's address."""

    cors_allowed_origins: str | list[str] | None = None
    """Passed to python-socketio; None means same origin only."""

    secure_cookies: bool = attrs.field(
        factory=lambda: os.environ.get("KINGDOM_SECURE_COOKIES", "") not in ("", "0")
    )
    """The server is reached over TLS (directly or behind a proxy): the session cookie is
    marked Secure. `kingdom serve --tls` or KINGDOM_SECURE_COOKIES=1."""

    redis_url: str | None = attrs.field(factory=lambda: os.environ.get("REDIS_URL") or None)
    """`redis://host:port/db` (`REDIS_URL`, `kingdom serve --redis-url`): this process is one of
    several serving the same database as one service (docs/deploy.md): pushes reach sockets on
    every process, each room has one owner process (kingdom_server/core/cluster.py). None: one
    process serves everything, as before."""

    action_journal: bool = True
    """On a SQLite file: accepted actions are appended to a journal beside it
    (`<database>-actions`) before the acknowledgement and moved into the database in groups
    (kingdom_server/core/journal.py, actionlog.py). False: each action is committed on its own."""

    database_threads: int = 4
    """Threads in which the HTTP calls' database work runs, off the event loop
    (`Storage.run`); 0: on the event loop (a database in memory always is)."""

    action_flush_seconds: float = 1.0
    """How long a journaled action may wait before it is moved into the database (`kingdom
    serve` reads KINGDOM_ACTION_FLUSH_SECONDS)."""

    gc_threshold: tuple[int, int, int] | None = (50_000, 20, 100)
    """The garbage collector's thresholds while the app runs (None: Python's, 700/10/10).
    With 2,000 sockets a full collection stops every room for 100-300 ms; the higher first
    threshold lets short-lived objects die by reference counting before any collection sees
    them, so collections become rare (bench/RESULTS.md, server load)."""

    @classmethod
    def for_sqlite_file(cls, path: str | os.PathLike[str], **kwargs: object) -> Settings:
        return cls(database_url="sqlite:///" + str(Path(path).expanduser().resolve()), **kwargs)  # type: ignore[arg-type]
