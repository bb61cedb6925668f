"""Constructed: each account's card collection and decks (/api/collection, /api/decks), and
the `chooseDeck` socket call of a Constructed room."""

from kingdom_server.accounts import USER_DELETED, Accounts
from kingdom_server.constructed.routes import ROUTES, DeckCalls, constructed_key
from kingdom_server.constructed.service import Constructed
from kingdom_server.constructed.tables import TABLES
from kingdom_server.core.feature import Env, Feature, on


def _start(env: Env) -> None:
    env.app[constructed_key] = env.provide(Constructed(env.storage))


FEATURE = Feature(
    name="constructed",
    tables=TABLES,
    routes=ROUTES,
    start=_start,
    socket_calls=lambda env: DeckCalls(env.hub.lobby, env.need(Constructed)).calls(),
    subscriptions=(on(USER_DELETED, lambda env: env.need(Constructed).forget_user),),
    needs=(Accounts,),
    provides=(Constructed,),
)

__all__ = ["FEATURE", "TABLES", "Constructed", "constructed_key"]
