"""Public profiles (docs/protocol.md, "Public profiles"): `GET /api/profile/{username}`."""

from kingdom_server.accounts import Accounts
from kingdom_server.core.feature import Feature
from kingdom_server.profiles.routes import ROUTES
from kingdom_server.ranked import RankedStore
from kingdom_server.stats import Results

FEATURE = Feature(
    name="profiles",
    routes=ROUTES,
    needs=(Accounts, Results, RankedStore),
)

__all__ = ["FEATURE"]
