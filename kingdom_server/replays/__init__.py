"""Replays of finished games (docs/protocol.md, "Replays"): records and step-by-step tables."""

from kingdom_server.accounts import Accounts
from kingdom_server.core.feature import Env, Feature
from kingdom_server.replays.routes import ROUTES, replays_key
from kingdom_server.replays.service import Replays
from kingdom_server.stats import Results


def _start(env: Env) -> None:
    env.app[replays_key] = env.provide(Replays(env.storage, env.need(Results)))


FEATURE = Feature(
    name="replays",
    routes=ROUTES,
    start=_start,
    needs=(Accounts, Results),
    provides=(Replays,),
)

__all__ = ["FEATURE", "Replays", "replays_key"]
