"""The Spire (docs/spire.md): runs stored per owner (a signed-in user or a guest's cookie), the
/api/spire calls, and fights hosted as rooms of one human and one bot."""

from kingdom_server.accounts import USER_DELETED, Accounts
from kingdom_server.constructed import Constructed
from kingdom_server.core.feature import GAME_FINISHED, Env, Feature, Hook, on
from kingdom_server.spire.routes import ROUTES
from kingdom_server.spire.service import GUEST_COOKIE, CardsEarnedHook, Spire, spire_key
from kingdom_server.spire.tables import RETIRED_TABLES, TABLES, SpireRun, SpireStats

CARDS_EARNED: Hook[CardsEarnedHook] = Hook(
    "spire.cards_earned", lambda env: env.need(Spire).cards_earned_hooks)
"""(user id, cards) inside the transaction that saves a signed-in run whose deck gained cards."""


def _start(env: Env) -> None:
    env.app[spire_key] = env.provide(Spire(env.storage, env.hub))


def _settle(env: Env) -> None:
    spire = env.need(Spire)
    spire.purge_guests()
    spire.settle_all()


FEATURE = Feature(
    name="spire",
    tables=TABLES,
    retired_tables=RETIRED_TABLES,
    routes=ROUTES,
    start=_start,
    subscriptions=(
        on(USER_DELETED, lambda env: env.need(Spire).forget_user),
        on(GAME_FINISHED, lambda env: env.need(Spire).combat_finished),
        on(CARDS_EARNED, lambda env: env.need(Constructed).add_earned),  # R40
    ),
    tasks=(_settle,),
    needs=(Accounts, Constructed),
    provides=(Spire,),
)

__all__ = ["CARDS_EARNED", "FEATURE", "GUEST_COOKIE", "TABLES", "Spire", "SpireRun", "SpireStats",
           "spire_key"]
