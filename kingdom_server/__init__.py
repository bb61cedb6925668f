"""Kingdom's realtime server: aiohttp + python-socketio in front of kingdom_rules."""

from kingdom_server.app import create_app
from kingdom_server.core.settings import Settings

__all__ = ["Settings", "create_app"]
