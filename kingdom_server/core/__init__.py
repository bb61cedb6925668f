"""The server's core: rooms, the lobby, games, pushes, storage and its journal, the wire, limits
and the hub that ties them to socket.io, plus the shared HTTP kit (`core.http`) and the
`Feature` declaration (`core.feature`). The core imports no feature; features import the core."""
