"""Spire: the solo roguelike run (R36-R40; docs/spire.md).

- :mod:`kingdom_rules.spire.maps`: each act's map, after Slay the Spire's generator.
- :mod:`kingdom_rules.spire.run`: the run as a frozen value and its transitions.
- :mod:`kingdom_rules.spire.content`: relics, events, enemies and bosses.
- :mod:`kingdom_rules.spire.autoplay`: fights played by bots, and a bot making the run's
  choices (``kingdom spire --bot``, ``kingdom simulate --spire``).
"""

from kingdom_rules.spire.content import BOSSES, EVENTS, RELICS, Choice, Enemy, Event, Relic
from kingdom_rules.spire.maps import (
    BOSS_X,
    COLUMNS,
    FLOORS,
    ActMap,
    MapNode,
    act_seed,
    generate_map,
)
from kingdom_rules.spire.run import (
    SUIT_PERKS,
    Combat,
    Offer,
    Reward,
    Run,
    RunRefused,
    Shop,
    act_map,
)

__all__ = [
    "BOSSES", "BOSS_X", "COLUMNS", "EVENTS", "FLOORS", "RELICS", "ActMap", "Choice", "Combat",
    "Enemy", "Event", "MapNode", "Offer", "Relic", "Reward", "Run", "RunRefused", "SUIT_PERKS",
    "Shop",
    "act_map", "act_seed", "generate_map",
]
