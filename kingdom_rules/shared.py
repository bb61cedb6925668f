"""JSON built once from immutable objects and shared: the views a server pushes after every
move repeat most of the previous move's (the kingdoms, hands and discard pile a move leaves
alone are the same objects in the next state).

>>> cache = IdentityCache(2)
>>> key = ("a",)
>>> cache.get(key, list) is cache.get(key, list)
True
>>> _ = cache.get(("b",), list), cache.get(("c",), list)
>>> len(cache)
2
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityCache(Generic[K, V]):
    """``make(key)`` kept by the key's identity, for keys that never change (frozen state
    objects, tuples). An entry holds its key, so the identity is never reused while the entry
    lives; past ``size`` entries the least recently used one goes (one at a time: no pause).
    Values are shared by every caller: read-only."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int) -> None:
        self._entries: OrderedDict[int, tuple[K, V]] = OrderedDict()
        self._size = max(1, size)

    def get(self, key: K, make: Callable[[K], V]) -> V:
        entries = self._entries
        entry = entries.get(id(key))
        if entry is not None and entry[0] is key:
            entries.move_to_end(id(key))
            return entry[1]
        value = make(key)
        entries[id(key)] = (key, value)
        entries.move_to_end(id(key))
        if len(entries) > self._size:
            entries.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._entries)
