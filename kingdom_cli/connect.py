"""`kingdom connect`: the terminal game of `kingdom play`, against people on a Kingdom server.

It speaks the browser's socket.io calls (docs/protocol.md): a lobby call takes a seat, every
``gameState`` push is drawn with kingdom_cli/terminal.py, and when the pushed view lists
``legalActions`` the player picks one; it goes out as its own event with its payload and a
refusal's text is shown before asking again.

Input never blocks the event loop: one thread reads stdin lines into a queue and each prompt
runs in a worker thread (``asyncio.to_thread``) that takes lines from it, so pushes keep
arriving while the player thinks. A prompt whose question the table has overtaken (the host's
menu when someone joins, the score screen when the next hand starts) is withdrawn and asked
again on the new view.

The seat's reconnect token is kept: after a dropped connection socket.io reconnects by itself
(the settings docs/protocol.md recommends) and the client calls ``rejoinRoom``; the token is
also written to a small file (``--seat-file``) so ``kingdom connect URL --room CODE`` after a
crash takes the seat back.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import os
import queue
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

Json = dict[str, Any]
T = TypeVar("T")

CALL_TIMEOUT = 15.0  # seconds to wait for an acknowledgement
CONNECT_TIMEOUT = 20.0  # docs/protocol.md's recommended connection timeout
# A room action's fallback texts when the server gives none.
LOBBY_FALLBACK = {
    "createRoom": "Failed to create game", "createPublicRoom": "Failed to create public game",
    "joinRoom": "Failed to join game", "joinPublicRoom": "Failed to join public game",
    "startGame": "Failed to start game", "addBot": "Failed to add bot",
    "toggleGameMode": "Failed to change game mode", "rejoinRoom": "Failed to join game",
}
# Fields of a view that change without anything to redraw (the score screen's countdown...).
VOLATILE = ("scoreScreenTimer",)
VOLATILE_PLAYER = ("connected", "botControlled", "readyForNextHand")


class Stale(Exception):
    """The table changed under an open prompt: the question is withdrawn."""


class ServerGone(Exception):
    """The session cannot go on (unreachable server, lost seat); the text is one line."""


def default_seat_file() -> Path:
    return Path(os.environ.get("KINGDOM_SEAT_FILE") or Path.home() / ".kingdom" / "seats.json")


@click.command(short_help="Play online: create or join a room on a Kingdom server.")
@click.argument("url")
@click.option("--name", "-n", default=None,
              help="Your name at the table (at most 24 characters; signed in: your username).")
@click.option("--user", "-u", "username", default=None,
              help="Sign in as this user (password from KINGDOM_PASSWORD or a prompt), so the "
                   "game counts in your statistics.")
@click.option("--room", "room_code", default=None, help="Join the room with this code.")
@click.option("--create", is_flag=True, help="Create a private room; friends join with its code.")
@click.option("--public", "public", is_flag=True, help="Create a public room anyone can join.")
@click.option("--players", "-p", type=click.IntRange(2, 4), default=None,
              help="Seats of a public room (asked when omitted).")
@click.option("--clock", "turn_clock", type=click.Choice(["off", "relaxed", "normal", "fast"]),
              default=None, help="Turn clock of a room you create (docs/rules.md, Turn clocks).")
@click.option("--seat-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where reconnect tokens are kept (default ~/.kingdom/seats.json, or "
                   "$KINGDOM_SEAT_FILE).")
@click.option("--bot", "bot_spec", default=None, metavar="BOT",
              help="Let a bot play the seat: random, greedy, search, or an import path "
                   "mypkg.mybot:MyBot (see docs/bots.md). The seat is labelled as a bot.")
@click.option("--ladder", default=None, type=click.Choice(["standard", "constructed", "bots"]),
              help="Queue for a ranked match on this ladder instead of taking a room seat "
                   "(signed in with --user; bot accounts play the 'bots' ladder).")
@click.option("--seed", type=int, default=None,
              help="With --bot: the seed of the bot's random source (default: a random one).")
@click.pass_obj
def connect(app: Any, url: str, name: str | None, username: str | None, room_code: str | None,
            create: bool, public: bool, players: int | None, turn_clock: str | None,
            seat_file: Path | None, bot_spec: str | None, ladder: str | None,
            seed: int | None) -> None:
    """Play Kingdom in the terminal against people on the server at URL.

    --create makes a private room (its code is printed), --public a public one, --room CODE
    joins one; with none of them the public games are listed to pick from. q or Ctrl-C leaves.

    With --bot a bot plays the seat instead of you: it starts the game as host once the room
    holds --players players (default 2), sends every action it chooses, and leaves at the end.
    With --ladder (and --user) it queues for a ranked match instead.
    """
    if sum([room_code is not None, create, public, ladder is not None]) > 1:
        raise click.UsageError("choose one of --room, --create, --public and --ladder")
    if players is not None and not public and not (bot_spec and create) and ladder is None:
        raise click.UsageError("--players is for --public rooms (and a bot's --create or "
                               "--ladder)")
    if ladder is not None and username is None:
        raise click.UsageError("--ladder needs --user: ranked matches are for accounts")
    if bot_spec is not None and room_code is None and not (create or public or ladder):
        raise click.UsageError("a bot needs a seat: give --room, --create, --public or "
                               "--ladder")
    if ladder is not None and ladder != "bots" and bot_spec is not None:
        raise click.UsageError("bots play the bot ladder: --ladder bots")
    bot = None
    if bot_spec is not None:
        from kingdom_rules.bots import UnknownBot, make_bot

        try:
            bot = make_bot(bot_spec)
        except UnknownBot as exc:
            raise click.ClickException(str(exc)) from None
    if turn_clock is not None and not (create or public):
        raise click.UsageError("--clock is for rooms you create (--create, --public)")
    from rich.console import Console

    console: Console = app.console if app.verbosity >= 0 else Console()
    lines = Lines(io.StringIO("") if bot is not None else sys.stdin)
    if name is None and username is None:
        raise click.UsageError("give --name, or --user to sign in")
    if "://" not in url:
        url = f"http://{url}"  # "127.0.0.1:8000" means the usual scheme
    url = url.rstrip("/")
    cookie: str | None = None
    if username is not None:
        from kingdom_cli.account import SESSION_COOKIE, password_for, sign_in

        token = asyncio.run(sign_in(url, username, password_for(username)))
        cookie = f"{SESSION_COOKIE}={token}"
        console.print(f"Signed in as {username}.")
    seats = Seats(seat_file or default_seat_file())
    session: Session
    if bot is not None:
        import random

        session = BotSession(url, name or "", console, lines, seats, cookie=cookie, bot=bot,
                             rng=random.Random(seed), start_at=players or 2)
    else:
        session = Session(url, name or "", console, lines, seats, cookie=cookie)
    session.turn_clock = turn_clock
    start = ("room", room_code) if room_code else ("create", None) if create else (
        ("public", players) if public else ("ladder", (ladder, players or 2)) if ladder
        else ("browse", None))
    code = asyncio.run(session.main(start))
    if code:
        raise SystemExit(code)


# --- reading the keyboard -------------------------------------------------------------------


class Lines:
    """stdin read by one daemon thread into a queue; prompts in worker threads take lines."""

    def __init__(self, stream: Any) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue()
        try:
            self.interactive = bool(stream.isatty())
        except (AttributeError, ValueError):
            self.interactive = False
        threading.Thread(target=self._read, args=(stream,), daemon=True,
                         name="kingdom-stdin").start()

    def _read(self, stream: Any) -> None:
        try:
            for line in iter(stream.readline, ""):
                self.queue.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.queue.put(None)

    def read(self, cancel: threading.Event) -> str:
        """The next line; EOFError at the end of input, Stale once ``cancel`` is set."""
        while not cancel.is_set():
            try:
                line = self.queue.get(timeout=0.05)
            except queue.Empty:
                continue
            if line is None:
                self.queue.put(None)  # every later read ends too
                raise EOFError
            return line
        raise Stale()

    def typed_ahead(self) -> list[str]:
        """Lines typed at a terminal while nothing was asked (dropped: they answer nothing)."""
        if not self.interactive:
            return []  # scripted input is meant for the prompts, in order
        out: list[str] = []
        with contextlib.suppress(queue.Empty):
            while True:
                line = self.queue.get_nowait()
                if line is None:
                    self.queue.put(None)
                    break
                out.append(line)
        return out


# --- the seat file ----------------------------------------------------------------------------


class Seats:
    """Reconnect tokens by server and room code, in a JSON file only this user can read."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _all(self) -> dict[str, Json]:
        try:
            data = json.loads(self.path.read_text())
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def get(self, url: str, code: str) -> Json | None:
        return self._all().get(f"{url} {code.upper()}")

    def put(self, url: str, seat: Json | None, code: str) -> None:
        data = self._all()
        key = f"{url} {code.upper()}"
        if seat is None:
            if data.pop(key, None) is None:
                return
        else:
            data[key] = seat
        # Written beside the file and renamed over it, so a reader (another `kingdom connect`
        # on this machine) sees the old file or the new one, never a half-written one.
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as f:
                json.dump(data, f)
            os.replace(temp, self.path)
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


# --- the session ------------------------------------------------------------------------------


def _fingerprint(view: Json) -> str:
    """The view without the fields that change nothing worth redrawing."""
    v = {k: x for k, x in view.items() if k not in VOLATILE}
    v["players"] = [{k: x for k, x in p.items() if k not in VOLATILE_PLAYER}
                    for p in view.get("players", [])]
    return json.dumps(v, sort_keys=True, default=str)


def _action_key(view: Json | None, connected: bool) -> Any:
    if view is None:
        return None
    return (connected, view.get("phase"), view.get("currentHand"),
            json.dumps(view.get("legalActions"), sort_keys=True))


class Session:
    """One connection and one seat: the lobby step, then the table until the game is over."""

    def __init__(self, url: str, name: str, console: Any, lines: Lines, seats: Seats,
                 cookie: str | None = None) -> None:
        import socketio

        self.cookie = cookie
        """The session cookie of a signed-in player (`kingdom connect --user`)."""
        self.url = url
        self.name = name
        self.console = console
        self.lines = lines
        self.seats = seats
        self.sio = socketio.AsyncClient(
            reconnection=True, reconnection_attempts=0, reconnection_delay=1,
            reconnection_delay_max=5, randomization_factor=0.5,
            handle_sigint=False)  # Ctrl-C is ours: asyncio.run cancels main(), which leaves
        self.view: Json | None = None
        self.games: list[Json] = []
        self.version = 0  # bumped by every push the table loop cares about
        self.changed = asyncio.Event()
        self.seat: Json | None = None  # roomCode, playerId, reconnectToken
        self.ended: str | None = None  # why the session cannot go on
        self.connected_once = False
        self.leaving = False
        self.match: Json | None = None  # the rankedMatchFound push, once a match is made
        self.turn_clock: str | None = None
        """The clock of a room this session creates (None: the server's default, off)."""
        self.watching: str | None = None
        """The code of the game this session watches (`kingdom watch`), else None."""
        for event, handler in (("gameState", self._on_state),
                               ("rankedMatchFound", self._on_match),
                               ("rankedQueueStatus", self._on_queue),
                               ("publicGamesUpdated", self._on_games),
                               ("royalFamilyCompleted", self._on_family),
                               ("drawPhaseSkipped", self._on_skipped),
                               ("turnTimedOut", self._on_timed_out),
                               ("quickChat", self._on_chat),
                               ("error", self._on_error),
                               ("connect", self._on_connect),
                               ("disconnect", self._on_disconnect)):
            self.sio.on(event, handler)

    # --- pushes ---

    def _bump(self) -> None:
        self.version += 1
        self.changed.set()

    def _on_state(self, view: Json) -> None:
        if self.view is not None and self.view.get("roomCode") == view.get("roomCode"):
            self._note_players(self.view, view)
        self.view = view
        self._bump()

    def _on_match(self, data: Json) -> None:
        self.match = data
        self._bump()

    def _on_queue(self, data: Json) -> None:
        self.notice(f"[dim]Ranked queue ({data.get('ladder')}): {data.get('playersWaiting')} "
                    f"waiting, {data.get('secondsWaited')} s...[/]")

    def _on_games(self, games: list[Json]) -> None:
        self.games = list(games or [])
        self._bump()

    def _on_family(self, data: Json) -> None:
        self.notice(f"[bold green]{data.get('playerName', 'A player')} completed the Royal "
                    f"Family![/]")

    def _on_skipped(self, data: Json) -> None:
        self.notice(f"[yellow]{data.get('message', 'The draw phase was skipped.')}[/]")

    def _on_timed_out(self, data: Json) -> None:
        who = data.get("playerName") or "A player"
        mine = self.view is not None and data.get("playerNumber") == self.view.get(
            "myPlayerNumber")
        if data.get("abandoned"):
            text = ("You ran out of time three times and left the game" if mine
                    else f"{who} ran out of time three times and left the game")
            if mine:
                self.ended = text
                self._bump()
                return
        else:
            text = (f"{'Your' if mine else who + chr(39) + 's'} time ran out: the server played "
                    f"for {'you' if mine else 'them'} ({data.get('timeouts')} of 3)")
        self.notice(f"[bold red]{text}[/]")

    def _on_chat(self, data: Json) -> None:
        """A quick chat phrase said at the table (docs/protocol.md, "Quick chat")."""
        from rich.markup import escape

        who = str((data or {}).get("playerName") or "A player")
        self.notice(f"[cyan]{escape(who)}: {escape(str(data.get('text') or ''))}[/]")

    def _on_error(self, data: Json) -> None:
        message = (data or {}).get("message") or "Failed to connect to game server"
        self.ended = f"Connection Error: {message}"
        self._bump()

    def _on_connect(self) -> None:
        if self.connected_once and self.seat is not None:
            # Handlers run inside socket.io's reader: a call here would wait for itself.
            self.sio.start_background_task(self._rejoin)
        elif self.connected_once and self.watching is not None:
            self.sio.start_background_task(self._rewatch)
        self.connected_once = True

    def _on_disconnect(self, *_: Any) -> None:
        if not self.leaving:
            self.notice("[yellow]Connection lost; reconnecting (Ctrl-C to leave)...[/]")
            self._bump()  # an open question waits for the table to come back

    async def _rewatch(self) -> None:
        assert self.watching is not None
        ack = await self.call("watchGame", {"roomCode": self.watching})
        if ack.get("success"):
            self.notice("[green]Reconnected: watching again.[/]")
        elif self.sio.connected:
            self.ended = f"Cannot watch any more: {ack.get('error')}"

    async def _rejoin(self) -> None:
        assert self.seat is not None
        ack = await self.call("rejoinRoom", dict(self.seat))
        if ack.get("success"):
            self.notice("[green]Reconnected: you have your seat back.[/]")
        elif self.sio.connected:
            self.ended = f"Could not take your seat back: {ack.get('error')}"
            self._bump()

    def notice(self, markup: str) -> None:
        self.console.print(markup)

    def error_line(self, text: str) -> None:
        """A refusal or the reason the session ends: one red line on stderr, never wrapped."""
        from rich.console import Console

        Console(stderr=True).print(text, style="red", markup=False, soft_wrap=True)

    def _note_players(self, old: Json, new: Json) -> None:
        """One line for each arrival, departure and connection change at the table."""
        before = {p.get("id"): p for p in old.get("players", [])}
        after = {p.get("id"): p for p in new.get("players", [])}
        mine = new.get("myPlayerId")
        for pid, p in after.items():
            if pid == mine:
                continue
            name = p.get("name", "A player")
            q = before.get(pid)
            if q is None:
                self.notice(f"[cyan]{name} joined{' (bot)' if p.get('isBot') else ''}.[/]")
            elif q.get("connected") and not p.get("connected") and not p.get("isBot"):
                self.notice(f"[yellow]{name} lost the connection.[/]")
            elif not q.get("connected") and p.get("connected") and not p.get("isBot"):
                self.notice(f"[cyan]{name} is back.[/]")
            elif p.get("isBot") and not q.get("isBot"):
                self.notice(f"[yellow]{name} left; a bot plays the seat.[/]")
        for pid, q in before.items():
            if pid not in after and pid != mine:
                self.notice(f"[yellow]{q.get('name', 'A player')} left.[/]")

    # --- calls ---

    async def call(self, event: str, payload: Json | None = None) -> Json:
        """An acknowledged call; never raises: a lost connection is an ``error`` too."""
        import socketio

        try:
            ack = await self.sio.call(event, payload if payload is not None else {},
                                      timeout=CALL_TIMEOUT)
        except socketio.exceptions.TimeoutError:
            return {"success": False, "error": "No answer from the server"}
        except socketio.exceptions.SocketIOError:
            return {"success": False, "error": "Not connected"}
        if not isinstance(ack, dict):
            return {"success": False, "error": f"Unexpected answer to {event}"}
        return ack

    def error_text(self, event: str, ack: Json) -> str:
        text = ack.get("error") or LOBBY_FALLBACK.get(event) or f"{event} failed"
        return str(text)

    # --- prompts ---

    async def prompt(self, question: Callable[[Callable[[str], str]], T],
                     key: Callable[[], Any] = lambda: None) -> T | None:
        """Run ``question(ask)`` in a worker thread; None if ``key()`` changes first."""
        from kingdom_cli.terminal import LeaveGame

        if any(line.strip().lower() in ("q", "quit", "exit") for line in
               self.lines.typed_ahead()):
            raise LeaveGame()
        cancel = threading.Event()

        def ask(text: str) -> str:
            self.console.print(text, end="")
            line = self.lines.read(cancel)
            if not self.lines.interactive:  # scripted input: show the answer in the log
                self.console.print(line, markup=False, highlight=False)
            return line

        asked = key()
        task = asyncio.ensure_future(asyncio.to_thread(question, ask))
        try:
            while True:
                self.changed.clear()
                if key() != asked or self.ended:
                    cancel.set()
                if task.done():
                    break
                waiter = asyncio.ensure_future(self.changed.wait())
                await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
            try:
                return task.result()
            except Stale:
                self.console.print()
                return None
        finally:
            cancel.set()  # a cancelled prompt's thread ends within 50 ms
            if not task.done():  # Ctrl-C: nobody will read the thread's last word
                task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def pick(self, title: str, labels: list[str],
                   key: Callable[[], Any] = lambda: None) -> int | None:
        from kingdom_cli.terminal import pick

        return await self.prompt(lambda ask: pick(self.console, ask, title, labels), key)

    async def next_change(self, seen: int) -> None:
        while self.version == seen and not self.ended:
            self.changed.clear()
            await self.changed.wait()

    # --- the whole session ---

    async def main(self, start: tuple[str, Any]) -> int:
        from kingdom_cli.terminal import LeaveGame

        try:
            await self.open()
            if not await self.take_seat(*start):
                await self.close()
                return 1
            return await self.table()
        except ServerGone as exc:
            self.error_line(str(exc))
            await self.close()
            return 1
        except (LeaveGame, EOFError, KeyboardInterrupt, asyncio.CancelledError) as exc:
            task = asyncio.current_task()
            if isinstance(exc, asyncio.CancelledError) and task is not None:
                task.uncancel()  # Ctrl-C: asyncio.run cancelled us; leave politely first
            await self.leave()
            self.console.print("\nYou left the game.")
            return 130

    async def open(self) -> None:
        import socketio

        try:
            await self.sio.connect(self.url, transports=["websocket"],
                                   wait_timeout=CONNECT_TIMEOUT,
                                   headers={"Cookie": self.cookie} if self.cookie else {})
        except (socketio.exceptions.ConnectionError, ValueError, OSError) as exc:
            reason = str(exc) or type(exc).__name__
            raise ServerGone(f"Cannot reach a Kingdom server at {self.url} ({reason}).") from None

    async def close(self) -> None:
        self.leaving = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sio.disconnect(), 3)

    async def leave(self) -> None:
        self.leaving = True
        if self.seat is not None and self.sio.connected:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.sio.call("leaveRoom", {}, timeout=3), 3)
            self.seats.put(self.url, None, self.seat["roomCode"])
        await self.close()

    async def take_seat(self, how: str, arg: Any) -> bool:
        """The lobby step: a seat in a room (True), or a printed refusal (False)."""
        if how == "room":
            return await self.join(str(arg))
        if how == "create":
            return await self.seated("createRoom", {"playerName": self.name, **self._clock()})
        if how == "public":
            return await self.create_public(arg)
        if how == "ladder":
            return await self.queue(*arg)
        if how == "watch":
            return await self.watch(str(arg))
        return await self.browse()

    def lobby_payload(self, payload: Json) -> Json:
        """A lobby call's payload as this client sends it (a bot says it is one)."""
        return payload

    async def queue(self, ladder: str, count: int) -> bool:
        """Queue for a ranked match on ``ladder`` and take the seat it gives."""
        event = "joinRankedQueue"
        ack = await self.call(event, {"playerCount": count, "ladder": ladder})
        if not ack.get("success"):
            self.error_line(f"Error: {self.error_text(event, ack)}")
            return False
        self.console.print(f"Queued for a {count}-player match on the {ladder} ladder "
                           f"({ack.get('playersWaiting')} waiting).")
        while self.match is None:
            if self.ended:
                raise ServerGone(self.ended)
            await self.next_change(self.version)
        found = self.match
        self.seat = {k: found[k] for k in ("roomCode", "playerId", "reconnectToken")}
        self.seats.put(self.url, {**self.seat, "name": self.name}, found["roomCode"])
        self.console.print(f"Match found: room {found['roomCode']}, you are player "
                           f"{found.get('playerNumber')}.")
        return True

    async def watch(self, code: str) -> bool:
        """Watch a game in progress: the public view only, no seat, nothing to play."""
        code = code.strip().upper()
        ack = await self.call("watchGame", {"roomCode": code})
        if not ack.get("success"):
            self.error_line(f"Error: {self.error_text('watchGame', ack)}")
            return False
        self.watching = code
        self.console.print(f"Watching room {code} (Ctrl-C to stop).")
        return True

    async def seated(self, event: str, payload: Json) -> bool:
        ack = await self.call(event, self.lobby_payload(payload))
        if not ack.get("success"):
            self.error_line(f"Error: {self.error_text(event, ack)}")
            return False
        self.seat = {k: ack[k] for k in ("roomCode", "playerId", "reconnectToken")}
        self.seats.put(self.url, {**self.seat, "name": self.name}, ack["roomCode"])
        code = ack["roomCode"]
        if event in ("createRoom", "createPublicRoom"):
            self.console.print(f"Room code: [bold]{code}[/]  (friends join with: kingdom connect "
                               f"{self.url} --name NAME --room {code})", soft_wrap=True)
        else:
            self.console.print(f"You joined room {code} as player {ack.get('playerNumber')}.")
        return True

    async def join(self, code: str) -> bool:
        code = code.strip().upper()
        kept = self.seats.get(self.url, code) if code else None
        if kept:
            seat = {k: kept.get(k) for k in ("roomCode", "playerId", "reconnectToken")}
            ack = await self.call("rejoinRoom", seat)
            if ack.get("success"):
                self.seat = seat
                self.console.print(f"You have your seat back in room {code}.")
                return True
            self.seats.put(self.url, None, code)  # that seat is gone: join as a newcomer
        return await self.seated("joinRoom", {"playerName": self.name, "roomCode": code})

    async def create_public(self, players: int | None) -> bool:
        if players is None:
            i = await self.pick("How many players?", ["2 players", "3 players", "4 players"])
            players = 2 + (i or 0)
        return await self.seated("createPublicRoom",
                                 {"playerName": self.name, "desiredPlayerCount": players,
                                  **self._clock()})

    def _clock(self) -> Json:
        return {"turnClock": self.turn_clock} if self.turn_clock else {}

    async def browse(self) -> bool:
        ack = await self.call("getPublicGames")
        if not ack.get("success"):
            raise ServerGone(f"Error: {self.error_text('getPublicGames', ack)}")
        self.games = list(ack.get("games") or [])
        while True:
            games = list(self.games)
            labels = [f"Join {g['roomCode']} · {g.get('hostName')}'s table · {g.get('gameMode')}"
                      f" · {g.get('currentPlayers')}/{g.get('desiredPlayers')} players"
                      f" · {g.get('status')}" for g in games]
            labels += ["Create a public room", "Create a private room"]
            title = "Public games" if games else "No public games yet"
            i = await self.pick(title, labels, key=lambda: json.dumps(self.games, sort_keys=True))
            if i is None:
                continue  # the list changed: show it again
            if i < len(games):
                payload = {"playerName": self.name, "roomCode": games[i]["roomCode"]}
                if await self.seated("joinPublicRoom", payload):
                    return True
            elif i == len(games):
                return await self.create_public(None)
            else:
                return await self.seated("createRoom", {"playerName": self.name, **self._clock()})

    async def table(self) -> int:
        """Draw each new view and ask when this seat has something to do, to the end."""
        shown: str | None = None
        said_wait = False
        while True:
            if self.ended:
                raise ServerGone(self.ended)
            seen = self.version
            view = self.view
            if view is None or not self.sio.connected:
                await self.next_change(seen)
                continue
            fp = _fingerprint(view)
            if fp != shown:
                shown = fp
                said_wait = False
                self.show(view)
            phase = view.get("phase")
            if phase == "finished":
                await self.game_over(view)
                return 0
            if phase == "waiting":
                if view.get("isHost"):
                    await self.host_menu(view, fp)
                    continue
                if not said_wait:
                    self.console.print("[dim]Waiting for the host to start the game "
                                       "(Ctrl-C to leave)...[/]")
                    said_wait = True
            elif view.get("legalActions"):
                await self.act(view)
                continue
            await self.next_change(seen)

    def names(self, view: Json) -> dict[int, str]:
        out: dict[int, str] = {}
        for p in view.get("players", []):
            n = p.get("number")
            if n is None:
                continue
            out[n] = "You" if n == view.get("myPlayerNumber") else (
                str(p.get("name") or f"Player {n}") + (" (bot)" if p.get("isBot") else ""))
        return out

    def show(self, view: Json) -> None:
        from kingdom_cli.terminal import render_scores, render_view

        phase = view.get("phase")
        names = self.names(view)
        if phase == "waiting":
            self.show_waiting(view)
        elif phase == "handComplete":
            last = view.get("currentHand") == view.get("totalHands")
            self.console.rule("Match Complete! Final Results" if last
                              else f"Hand {view.get('currentHand')} Complete!")
            render_scores(view, self.console, names)
            timer = view.get("scoreScreenTimer")
            if timer is not None and not last:
                self.console.print(f"Next hand starts in: {timer // 60}:{timer % 60:02d}")
        elif phase in ("choosing_resources", "playing"):
            render_view(view, self.console, names)
        watching = int(view.get("spectators") or 0)
        if watching and phase != "waiting":
            self.console.print(f"[dim]{watching} watching[/]")

    def show_waiting(self, view: Json) -> None:
        players = view.get("players", [])
        seats = view.get("desiredPlayerCount") if view.get("isPublic") else 4
        seats = max(int(seats or 4), len(players))
        kind = "public" if view.get("isPublic") else "private"
        self.console.rule(f"Waiting room {view.get('roomCode')} · {kind} · "
                          f"{view.get('gameMode', 'game')} mode · turn clock: "
                          f"{view.get('turnClock', 'off')}")
        for i in range(seats):
            if i < len(players):
                p = players[i]
                tags = [t for t, on in (("bot", p.get("isBot")),
                                        ("host", p.get("id") == view.get("hostId")),
                                        ("you", p.get("id") == view.get("myPlayerId")),
                                        ("disconnected", not p.get("connected", True)))
                        if on]
                extra = f" [dim]({', '.join(tags)})[/]" if tags else ""
                self.console.print(f"  Player {p.get('number', i + 1)}: {p.get('name')}{extra}")
            else:
                self.console.print("  [dim]Waiting for player...[/]")
        need = 2 - len(players)
        self.console.print("[green]Ready[/]" if need <= 0 else f"Need {need} more")

    async def host_menu(self, view: Json, fp: str) -> None:
        other = "match" if view.get("gameMode") != "match" else "game"
        players = len(view.get("players", []))
        seats = view.get("desiredPlayerCount") if view.get("isPublic") else 4
        seats = max(int(seats or 4), players)
        # Only what the host can do now: a game needs 2 players, a full room takes no bot.
        entries: list[tuple[str, tuple[str, Json] | None]] = []
        if players >= 2:
            entries.append((f"Start the game ({players} players)", ("startGame", {})))
        if players < seats:
            entries.append(("Add a bot", ("addBot", {})))
        why = (" (one hand per player, each starting one: fair seats)" if other == "match" else
               " (one hand: player 1 starts it and wins more often)")
        entries.append((f"Switch to {other} mode{why}",
                        ("toggleGameMode", {"gameMode": other})))
        if not view.get("isRanked"):
            from kingdom_server.core.clocks import TURN_CLOCKS

            clocks = list(TURN_CLOCKS)
            nxt = clocks[(clocks.index(view.get("turnClock", "off")) + 1) % len(clocks)]
            entries.append((f"Turn clock: {view.get('turnClock', 'off')} (switch to {nxt})",
                            ("setTurnClock", {"turnClock": nxt})))
        entries.append(("Leave the room", None))
        i = await self.pick("Waiting room (you are the host)", [label for label, _ in entries],
                            key=lambda: self.view and _fingerprint(self.view))
        if i is None:
            return
        call = entries[i][1]
        if call is None:
            from kingdom_cli.terminal import LeaveGame

            raise LeaveGame()
        event, payload = call
        ack = await self.call(event, payload)
        if not ack.get("success"):
            self.console.print(f"[red]Error: {self.error_text(event, ack)}[/]")

    async def act(self, view: Json) -> None:
        from kingdom_cli.terminal import choose_action

        names = self.names(view)
        chosen = await self.prompt(
            lambda ask: choose_action(view, self.console, ask=ask, names=names),
            key=lambda: _action_key(self.view, self.sio.connected))
        if chosen is None:
            return
        event = chosen["type"]
        payload = {k: v for k, v in chosen.items() if k not in ("type", "player")}
        ack = await self.call(event, payload)
        if not ack.get("success"):
            self.console.print(f"[red]{self.error_text(event, ack)}[/]")

    async def game_over(self, view: Json) -> None:
        from kingdom_cli.terminal import render_scores, render_view

        names = self.names(view)
        render_view(view, self.console, names)
        self.console.rule("Game over")
        render_scores(view, self.console, names)
        await self.leave()


class BotSession(Session):
    """`kingdom connect --bot`: the same session, with a bot answering instead of a person.

    Each pushed view with legal actions is turned back into the library's
    :class:`~kingdom_rules.PlayerView` (``PlayerView.from_json``) and handed to the bot's
    ``choose(view, legal_actions, rng)`` in a worker thread, so pushes and keep-alives go on
    while it thinks; the chosen action goes out as its event. A bot host starts the game once
    the room holds ``start_at`` players. One line per action is printed instead of the
    table."""

    def __init__(self, url: str, name: str, console: Any, lines: Lines, seats: Seats, *,
                 cookie: str | None, bot: Any, rng: Any, start_at: int) -> None:
        super().__init__(url, name, console, lines, seats, cookie=cookie)
        self.bot = bot
        self.rng = rng
        self.start_at = start_at
        self.refused: Any = None  # the view key of the last refused action: not sent again

    def lobby_payload(self, payload: Json) -> Json:
        return {**payload, "isBot": True}

    def show(self, view: Json) -> None:
        phase = view.get("phase")
        if phase == "waiting":
            n = len(view.get("players", []))
            self.console.print(f"Room {view.get('roomCode')}: {n} of {self.start_at} players.")
        elif phase == "handComplete":
            from kingdom_cli.terminal import render_scores

            self.console.rule(f"Hand {view.get('currentHand')} complete")
            render_scores(view, self.console, self.names(view))

    async def host_menu(self, view: Json, fp: str) -> None:
        if len(view.get("players", [])) < self.start_at:
            await self.next_change(self.version)
            return
        ack = await self.call("startGame", {})
        if not ack.get("success"):
            raise ServerGone(f"Error: {self.error_text('startGame', ack)}")

    async def act(self, view: Json) -> None:
        from kingdom_rules import PlayerView
        from kingdom_rules.bots import BotError
        from kingdom_rules.engine import headline

        key = _action_key(view, self.sio.connected)
        if key == self.refused:  # the server said no to this view's choice: wait for news
            await self.next_change(self.version)
            return
        seen = self.version
        pv = PlayerView.from_json(view)
        try:
            action = await asyncio.to_thread(self.bot.choose, pv, pv.legal_actions, self.rng)
        except Exception as exc:  # a bot's crash ends its session, with the reason
            raise ServerGone(str(BotError(f"the bot failed: {exc!r}"))) from exc
        if action not in pv.legal_actions:
            raise ServerGone(f"The bot chose an action that is not legal: {action}")
        if self.version != seen and _action_key(self.view, self.sio.connected) != key:
            return  # the table moved on while the bot thought: decide again
        wire = action.to_json()
        event = wire.pop("type")
        wire.pop("player", None)
        ack = await self.call(event, wire)
        if ack.get("success"):
            self.console.print(f"[dim]{headline(action)}[/]")
        else:
            self.refused = key
            self.console.print(f"[red]{self.error_text(event, ack)}[/]")
@click.command(short_help="Watch a game in progress on a Kingdom server.")
@click.argument("url")
@click.argument("code")
@click.pass_obj
def watch(app: Any, url: str, code: str) -> None:
    """Watch the game of room CODE on the server at URL: a public game, or a private one whose
    host allows spectators. You see what every player sees (no hand); Ctrl-C stops."""
    from rich.console import Console

    console: Console = app.console if app.verbosity >= 0 else Console()
    if "://" not in url:
        url = f"http://{url}"
    session = Session(url.rstrip("/"), "", console, Lines(sys.stdin),
                      Seats(default_seat_file()))
    status = asyncio.run(session.main(("watch", code)))
    if status:
        raise SystemExit(status)
