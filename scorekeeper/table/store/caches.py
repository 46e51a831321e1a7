"""The store's two caches in each process: the games replayed, by (token, log position)
(:data:`REPLAYS`), and how long each game's log was when last read or written (:data:`POSITIONS`,
which the poll answers from). Both stay right with several processes on one database: a log
only grows, and what stands at a position never changes."""

from __future__ import annotations

import time

from scorekeeper.data.cache import LRUCache
from scorekeeper.table.store.loaded import LoadedGame


class _Replays:
    """The latest replayed games by (token, seq), least recently used dropped first; and of
    each game the longest log kept (a game another process wrote to since is folded on from
    there: :func:`~scorekeeper.table.store.reading.replayed`)."""

    def __init__(self, size: int = 1024):
        self._games: LRUCache[LoadedGame] = LRUCache(size)
        self._longest: LRUCache[int] = LRUCache(size)

    def get(self, token: str, seq: int) -> LoadedGame | None:
        return self._games.get((token, seq))

    def put(self, game: LoadedGame) -> None:
        self._games.put((game.token, game.seq), game)
        longest = self._longest.get(game.token)
        if longest is None or longest <= game.seq or self.get(game.token, longest) is None:
            self._longest.put(game.token, game.seq)

    def longest(self, token: str, most: int) -> LoadedGame | None:
        """The game at ``token`` with the longest log kept, if no longer than ``most``."""
        seq = self._longest.get(token)
        return None if seq is None or seq > most else self.get(token, seq)

    def clear(self) -> None:
        self._games.clear()
        self._longest.clear()


REPLAYS = _Replays()


class _Positions:
    """How long each game's log was when this process last read or wrote it, and when
    (``time.monotonic``): the poll answers from here while that is recent enough. A log only
    grows, so a later-read shorter length never replaces a longer one."""

    def __init__(self, size: int = 4096):
        self._seen: LRUCache[tuple[int, float]] = LRUCache(size)

    def get(self, token: str, max_age: float) -> int | None:
        """The length seen less than ``max_age`` seconds ago, or None."""
        seen = self._seen.get(token)
        if seen is None or time.monotonic() - seen[1] >= max_age:
            return None
        return seen[0]

    def put(self, token: str, seq: int) -> None:
        now = time.monotonic()
        seen = self._seen.get(token)
        self._seen.put(token, (max(seq, seen[0]) if seen is not None else seq, now))

    def clear(self) -> None:
        self._seen.clear()


POSITIONS = _Positions()


def kept(game: LoadedGame) -> LoadedGame:
    """``game``, once committed, kept for the next request at its log position."""
    REPLAYS.put(game)
    return game
