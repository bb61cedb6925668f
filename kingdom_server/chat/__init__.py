"""Quick chat (docs/protocol.md, "Quick chat"): fixed phrases said at the table, one every 2 s
per seat, a mute per player. Its socket calls: `quickChat` and `muteChat`."""

from kingdom_server.chat.calls import CHAT_INTERVAL_SECONDS, PHRASES, QuickChat
from kingdom_server.core.feature import Feature

FEATURE = Feature(
    name="chat",
    socket_calls=lambda env: QuickChat(env.hub.room_list, env.hub.pushes).calls(),
)

__all__ = ["CHAT_INTERVAL_SECONDS", "FEATURE", "PHRASES", "QuickChat"]
