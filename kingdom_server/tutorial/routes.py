"""The tutorial's socket calls: `startTutorialGame` (the scripted deal of the room's lesson)
and `resumeTutorialBot` (docs/protocol.md, "Tutorial games")."""

from __future__ import annotations

import kingdom_rules as kr
from kingdom_rules import tutorial
from kingdom_server.core import bots as botlib
from kingdom_server.core import validation as v
from kingdom_server.core.answers import Ack, Call, CallError, Payload, ok
from kingdom_server.core.lobby import Lobby
from kingdom_server.core.rooms import Seat, new_player_id
from kingdom_server.tutorial.service import end_lesson


class TutorialCalls:
    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def calls(self) -> dict[str, Call]:
        return {
            "startTutorialGame": self.start_tutorial_game,
            "resumeTutorialBot": self.resume_tutorial_bot,
        }

    async def start_tutorial_game(self, sid: str, p: Payload) -> Ack:
        """The scripted deal of the room's tutorial mode (kingdom_rules.tutorial), the learner
        in seat 1 with the lesson's starting resource chosen, tutorial bots in the other seats
        (added as needed: the multiplayer lesson has four)."""
        guided = v.field(p, "guided", bool, required=False, default=True)
        room, _ = self.lobby.rooms.host_seat(sid, "start the game")
        lobby = self.lobby
        mode = lobby.tutorial_mode(p) if "tutorialMode" in p else room.tutorial_mode or "basics"
        async with room.lock:
            if room.started and room.phase != "finished":
                raise CallError("Game already in progress")
            need = tutorial.player_count(mode)
            if len(room.humans()) > 1 or len(room.seats) > need:
                raise CallError(f"The {mode} tutorial is played by one player and "
                                f"{need - 1} bot{'s' if need > 2 else ''}")
            undo = room.snapshot()
            while len(room.seats) < need:
                taken = {s.name for s in room.seats}
                room.seats.append(Seat(player_id=new_player_id(), is_bot=True,
                                       bot_kind="TutorialBot", name=botlib.pick_bot_name(taken)))
            learner = room.humans()[0]
            room.seats.remove(learner)
            room.seats.insert(tutorial.LEARNER - 1, learner)
            room.is_tutorial = True
            room.tutorial_mode = mode
            room.game_mode = "game"
            card = tutorial.STARTING_RESOURCE.get(mode)
            first: list[kr.Action] = []
            if card is not None:
                first.append(kr.ChooseStartingResource(player=tutorial.LEARNER, card=card))
            try:
                await self.lobby.deal(room, undo, deck=tutorial.tutorial_deck(mode), seed=0,
                                  first=first)
            except CallError:
                undo()
                raise
            if not guided:  # no lesson shown (tutorialCompleted): no pause, no guard
                end_lesson(room)
        return ok()

    async def resume_tutorial_bot(self, sid: str, p: Payload) -> Ack:
        everything = v.field(p, "all", bool, required=False, default=False)
        room, _ = self.lobby.rooms.seat_of(sid)
        if not room.is_tutorial:
            raise CallError("This is not a tutorial game")
        async with room.lock:
            if room.state is not None:
                room.tutorial_resumed.add(room.state.round)
                if everything:  # the lesson was skipped or finished
                    end_lesson(room)
            self.lobby.games.kick_bots(room)
        return ok()

