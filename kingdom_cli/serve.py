"""`kingdom serve`: run the realtime server (and the built web app) on one address."""

from __future__ import annotations

import contextlib
import os

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--db",
    "db",
    type=click.Path(dir_okay=False),
    default=None,
    help="SQLite file (default: DATABASE_URL if set, else kingdom.db in the user data dir).",
)
@click.option(
    "--bot-delay",
    type=float,
    default=None,
    help="Seconds a bot waits before acting (default 0.8).",
)
@click.option(
    "--no-rate-limits",
    is_flag=True,
    help="Turn off the per-connection and per-address limits (load tests from one address).",
)
@click.option(
    "--sign-ups-per-hour",
    type=click.IntRange(min=0),
    default=None,
    help="New accounts one address may create in an hour (default 5; a day: four times as "
    "many). 0: no sign-up limit.",
)
@click.option(
    "--redis-url",
    default=None,
    help="Redis server shared with the service's other processes, e.g. redis://host:6379/0 "
    "(default: REDIS_URL if set; none: this process serves alone). See docs/deploy.md.",
)
@click.option(
    "--tls",
    is_flag=True,
    default=False,
    help="Players reach the server over https (directly or through a proxy): the session "
    "cookie is marked Secure (also KINGDOM_SECURE_COOKIES=1).",
)
@click.pass_obj
def serve(
    obj: object, host: str, port: int, db: str | None, bot_delay: float | None,
    no_rate_limits: bool, tls: bool, redis_url: str | None, sign_ups_per_hour: int | None,
) -> None:
    """Start the game server and print its address."""
    import asyncio

    from aiohttp import web

    from kingdom_server import Settings, create_app
    from kingdom_server.core.limits import RateLimits

    kwargs: dict[str, object] = {}
    if bot_delay is not None:
        kwargs["bot_delay"] = bot_delay
    if tls:
        kwargs["secure_cookies"] = True
    if redis_url:
        kwargs["redis_url"] = redis_url
    if no_rate_limits:
        if sign_ups_per_hour is not None:
            raise click.UsageError("--sign-ups-per-hour is a rate limit: it cannot be set "
                                   "with --no-rate-limits")
        kwargs["rate_limits"] = None
    elif sign_ups_per_hour is not None:
        kwargs["rate_limits"] = RateLimits().with_sign_ups_per_hour(sign_ups_per_hour)
    if os.environ.get("KINGDOM_BOT_WORKERS"):
        kwargs["bot_workers"] = int(os.environ["KINGDOM_BOT_WORKERS"])
    if os.environ.get("KINGDOM_ABSENCE_SECONDS"):
        kwargs["absence_seconds"] = float(os.environ["KINGDOM_ABSENCE_SECONDS"])
    if os.environ.get("KINGDOM_ACTION_FLUSH_SECONDS"):
        kwargs["action_flush_seconds"] = float(os.environ["KINGDOM_ACTION_FLUSH_SECONDS"])
    settings = (
        Settings.for_sqlite_file(db, **kwargs)
        if db is not None
        else Settings(**kwargs)  # type: ignore[arg-type]
    )
    app = create_app(settings)
    shown = f"[{host}]" if ":" in host else host
    where = _without_password(settings.database_url)

    def announce(*_: object) -> None:
        redis = settings.redis_url
        shared = f", redis: {_without_password(redis)}" if redis else ""
        click.echo(f"Kingdom server listening on http://{shown}:{port}  "
                   f"(database: {where}{shared})")

    async def main() -> None:
        runner = web.AppRunner(app, handle_signals=True, shutdown_timeout=3)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            await site.start()
            announce()
            while True:
                await asyncio.sleep(3600)
        finally:
            await runner.cleanup()

    try:
        with contextlib.suppress(KeyboardInterrupt, web.GracefulExit):
            asyncio.run(main())
    except OSError as e:  # the port is taken, the address is not ours, ...
        raise click.ClickException(f"Cannot listen on {shown}:{port}: {e.strerror or e}") from e


def _without_password(url: str) -> str:
    """A database or Redis URL as printed: never with its password."""
    if "@" in url:
        return url.split("://", 1)[0] + "://…@" + url.rsplit("@", 1)[1]
    return url
