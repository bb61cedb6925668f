"""The tutorial: lessons played against tutorial bots in a tutorial room. The games consult its
`Lessons` (`Games.lesson`) for hints, lesson steps and the bot's pauses; its socket calls deal
the lesson (`startTutorialGame`) and let the bot go on (`resumeTutorialBot`)."""

from kingdom_server.core.feature import Env, Feature
from kingdom_server.tutorial.routes import TutorialCalls
from kingdom_server.tutorial.service import Lessons


def _start(env: Env) -> None:
    env.hub.games.lesson = env.provide(Lessons())


FEATURE = Feature(
    name="tutorial",
    start=_start,
    socket_calls=lambda env: TutorialCalls(env.hub.lobby).calls(),
    provides=(Lessons,),
)

__all__ = ["FEATURE", "Lessons"]
