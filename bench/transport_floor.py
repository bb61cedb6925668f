"""The transport floor (issue 4): bench/server_load.py's clients against a server that does no
game work, to tell what python-socketio on aiohttp itself costs on this machine.

The same load generator (bench/server_load.py: its client processes, measurement window and
figures, imported, not copied) is pointed at a minimal python-socketio AsyncServer on aiohttp
(the real server's packet class: orjson, no binary-attachment search). It keeps rooms of 4
sockets and a turn that moves round the table; on each action event from the seat whose turn
it is, it pushes 4 pre-serialised gameState messages (one per socket of the room) and answers
the acknowledgement at once, in the real server's order (pushes queued first, then the ack).
No engine, no store, no view building, no JSON encoding of pushes.

The messages are real gameState pushes: at start-up the floor deals random 4-player games with
the engine, builds every push the real server would send after every action (engine view +
room fields, kingdom_server/core/views.py), and keeps, from the step closest to the medians, the
view of the player to act (with its legal actions, so the clients have something to play) and
the view of a waiting player. Their sizes are printed with the figures.

    python bench/transport_floor.py --rooms 50 --seconds 20
    python bench/transport_floor.py --rooms 500 --seconds 20 --json

    python bench/transport_floor.py --game-work   # the real server's own work per action

Options are bench/server_load.py's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import server_load  # noqa: E402  (bench/server_load.py, the load generator)

ROOM_SIZE = server_load.ROOM_SIZE


# --- the real messages -------------------------------------------------------------------------


def real_pushes(games: int = 6, seed: int = 4242) -> dict[str, Any]:
    """Deal `games` random 4-player games; after each action, the 4 gameState pushes the real
    server would send (JSON text). Returns the pushes of the step nearest the median sizes."""
    import orjson

    import kingdom_rules as kr
    from kingdom_server.core.rooms import Room, Seat
    from kingdom_server.core.views import game_views

    rng = random.Random(seed)
    room = Room(code="ABCDEF", host_id="p_0")
    room.seats = [Seat(player_id=f"p_{i}", name=f"Player {i}", sid=f"s{i}")
                  for i in range(ROOM_SIZE)]
    steps: list[tuple[int, int, bytes, bytes]] = []  # (acting size, waiting size, texts)
    for _ in range(games):
        state = kr.new_game(player_count=ROOM_SIZE, seed=rng.randrange(2**31), mode="game")
        while state.phase not in ("finished", "handComplete"):
            acting = kr.players_to_act(state)
            p = acting[0]
            texts = [orjson.dumps(v) for v in game_views(room, room.seats, state, 0.0)]
            waiting = [n for n in range(1, ROOM_SIZE + 1) if n not in acting]
            if waiting:
                w = texts[waiting[0] - 1]
                steps.append((len(texts[p - 1]), len(w), texts[p - 1], w))
            legal = kr.legal_actions(state, p)
            state, _ = kr.apply(state, legal[rng.randrange(len(legal))])
    a_med = statistics.median(s[0] for s in steps)
    w_med = statistics.median(s[1] for s in steps)
    best = min(steps, key=lambda s: abs(s[0] - a_med) + abs(s[1] - w_med))
    return {
        "acting": best[2],
        "waiting": best[3],
        "median_acting_bytes": a_med,
        "median_waiting_bytes": w_med,
        "steps": len(steps),
    }


# --- the server's own work per action, in process (no sockets) ---------------------------------


def game_work(games: int = 4, seed: int = 99) -> dict[str, float]:
    """Processor time of what the real server does per action beyond the transport, measured
    in this process over random 4-player games: the engine's apply, the four seats' views
    (kingdom_server.core.views, as the pushes build them), their JSON text, the log row (SQLite
    WAL, alone and in groups of 8). Microseconds per action."""
    import datetime as dt
    import tempfile

    import kingdom_rules as kr
    from kingdom_server.core.rooms import Room, Seat
    from kingdom_server.core.storage import GameStart, Storage
    from kingdom_server.core.views import push_parts
    from kingdom_server.core.wire import encode_event_parts

    rng = random.Random(seed)
    steps = []
    for _ in range(games):
        state = kr.new_game(player_count=ROOM_SIZE, seed=rng.randrange(2**31), mode="game")
        while state.phase != "finished":
            p = kr.players_to_act(state)[0]
            legal = kr.legal_actions(state, p)
            action = legal[rng.randrange(len(legal))]
            steps.append((state, action))
            state, _ = kr.apply(state, action)
    room = Room(code="ABCDEF", host_id="p_0")
    room.seats = [Seat(player_id=f"p_{i}", name=f"Player {i}", sid=f"s{i}")
                  for i in range(ROOM_SIZE)]
    seats = room.seats
    numbers = list(range(1, ROOM_SIZE + 1))

    def timed(fn: Any) -> float:
        t0 = time.process_time()
        for state, action in steps:
            fn(state, action)
        return 1e6 * (time.process_time() - t0) / len(steps)

    out: dict[str, float] = {"actions": len(steps)}
    out["engine_apply_us"] = timed(lambda s, a: (kr.apply(s, a), kr.players_to_act(s)))
    out["action_json_us"] = timed(lambda s, a: kr.action_from_json(a.to_json()))
    out["views_4_seats_us"] = timed(lambda s, a: push_parts(room, seats, s, 0.0))
    out["views_4_seats_engine_only_us"] = timed(lambda s, a: [kr.view(s, n) for n in numbers])
    parts = [push_parts(room, seats, s, 0.0) for s, _ in steps]
    t0 = time.process_time()
    for shared, own in parts:
        encode_event_parts("gameState", shared, own)
    out["json_4_pushes_us"] = 1e6 * (time.process_time() - t0) / len(steps)
    with tempfile.TemporaryDirectory() as tmp:
        store = Storage(f"sqlite:///{tmp}/log.db")
        store.save_room(room, status="playing")
        game = store.start_game(room, GameStart(seed=1, player_count=4, mode="game", deck=None,
                                                started_at=dt.datetime(2026, 1, 1)))
        rows = [(game, i, a.to_json()) for i, (_, a) in enumerate(steps)]
        half = len(rows) // 2
        t0 = time.process_time()
        for row in rows[:half]:
            store.append_action(*row)
        out["log_row_alone_us"] = 1e6 * (time.process_time() - t0) / half
        t0 = time.process_time()
        for i in range(half, len(rows), 8):
            store.append_actions(rows[i:i + 8])
        out["log_row_in_groups_of_8_us"] = 1e6 * (time.process_time() - t0) / (len(rows) - half)
        store.close()
    return {k: round(v, 1) for k, v in out.items()}


# --- the floor server --------------------------------------------------------------------------


def serve(port: int) -> None:
    import gc

    import socketio
    from aiohttp import web

    from kingdom_server.core.settings import Settings
    from kingdom_server.core.wire import JsonPacket

    msgs = real_pushes()
    threshold = Settings().gc_threshold  # as the real server runs (kingdom_server/app.py)
    if threshold is not None:
        gc.set_threshold(*threshold)
    # Socket.IO EVENT packets, encoded once: '2["gameState",{...}]'.
    acting = '2["gameState",' + msgs["acting"].decode() + "]"
    waiting = '2["gameState",' + msgs["waiting"].decode() + "]"

    sio = socketio.AsyncServer(async_mode="aiohttp", logger=False, engineio_logger=False,
                               serializer=JsonPacket)
    app = web.Application()
    sio.attach(app)
    eio_of: dict[str, str] = {}  # sid -> engine.io sid
    seat_of: dict[str, tuple[str, int]] = {}  # sid -> (room code, seat index)
    rooms: dict[str, dict[str, Any]] = {}  # code -> {"sids": [...], "turn": int}
    ok = {"success": True, "error": None}
    stats = {"acks": 0, "pushes": 0}

    async def push(room: dict[str, Any]) -> None:
        turn = room["turn"]
        for i, sid in enumerate(room["sids"]):
            eio = eio_of.get(sid)
            if eio is not None:
                stats["pushes"] += 1
                await sio.eio.send(eio, acting if i == turn else waiting)

    @sio.event
    async def connect(sid: str, environ: Any, auth: Any = None) -> None:
        eio_of[sid] = sio.manager.eio_sid_from_sid(sid, "/")

    @sio.event
    async def disconnect(sid: str, *args: Any) -> None:
        eio_of.pop(sid, None)

    @sio.on("createRoom")
    async def create_room(sid: str, data: Any = None) -> dict[str, Any]:
        code = f"R{len(rooms):05d}"
        rooms[code] = {"sids": [sid], "turn": 0}
        seat_of[sid] = (code, 0)
        return {**ok, "roomCode": code, "playerId": sid, "playerNumber": 1}

    @sio.on("joinRoom")
    async def join_room(sid: str, data: Any = None) -> dict[str, Any]:
        room = rooms[data["roomCode"]]
        seat_of[sid] = (data["roomCode"], len(room["sids"]))
        room["sids"].append(sid)
        return {**ok, "roomCode": data["roomCode"], "playerNumber": len(room["sids"])}

    @sio.on("startGame")
    async def start_game(sid: str, data: Any = None) -> dict[str, Any]:
        room = rooms[seat_of[sid][0]]
        room["turn"] = 0
        await push(room)
        return ok

    async def action(event: str, sid: str, *args: Any) -> dict[str, Any]:
        stats["acks"] += 1
        code, index = seat_of[sid]
        room = rooms[code]
        if room["turn"] != index:
            return {"success": False, "error": "It is not your turn"}
        room["turn"] = (index + 1) % len(room["sids"])
        await push(room)
        return ok

    sio.on("*", action)

    async def health(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok", "rooms": len(rooms), **stats})

    app.router.add_get("/api/health", health)

    async def main() -> None:
        runner = web.AppRunner(app, handle_signals=True, shutdown_timeout=1)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        print(f"floor listening on http://127.0.0.1:{port} acting_bytes={len(acting)} "
              f"waiting_bytes={len(waiting)} median_acting_bytes={msgs['median_acting_bytes']} "
              f"median_waiting_bytes={msgs['median_waiting_bytes']}", flush=True)
        while True:
            await asyncio.sleep(3600)

    asyncio.run(main())


SIZES: dict[str, str] = {}


def launch_floor(db: Path, port: int) -> subprocess.Popen[str]:
    """bench/server_load.py's launcher: this file in --serve mode (the db path is unused)."""
    proc = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--serve", "--port", str(port)],
        cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env=dict(os.environ),
        preexec_fn=server_load.raise_fd_limit,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening" not in line:
        proc.kill()
        raise SystemExit(f"floor server did not start: {line}")
    SIZES.update(kv.split("=", 1) for kv in line.split() if "=" in kv)
    return proc


def main() -> None:
    ap = server_load.build_parser(__doc__.split("\n\n")[0])
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--game-work", action="store_true",
                    help="instead of a load: the real server's own work per action, in process "
                         "(processor time: engine, views, JSON, log row)")
    args = ap.parse_args()
    if args.game_work:
        server_load.report(game_work(), args.json)
        return
    if args.serve:
        server_load.raise_fd_limit()
        serve(args.port)
        return
    figures = server_load.measure(args, launch_floor)
    figures = {"server": "transport floor (no game work)",
               **{k: (float(v) if "." in v else int(v)) for k, v in SIZES.items()},
               **figures}
    server_load.report(figures, args.json)


if __name__ == "__main__":
    main()
