"""A player's statistics of one game, the same shape for every game: a small table of counts
and averages that a player's page shows as it is, whatever the game.

Each game package that keeps statistics has a ``stats`` module (``games/bismarck/stats.py``)
whose ``STATS`` reads the game's finished states and the player's seat in each into a
:class:`StatsTable`; :func:`scorekeeper.games.registry.stats_for` finds it by kind. What the
numbers are is each game's own (Bismarck: the average score by contract; Klaberjass: how often
the maker made it; Sviten Special: bids taken and made). Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.games.text import Text

#: A cell: a count, an average (None when there is nothing to average).
Cell = int | Fraction | None


@dataclass(frozen=True)
class Tally:
    """How many scores were added up, and their sum."""

    count: int = 0
    total: int = 0

    def plus(self, score: int) -> Tally:
        return Tally(self.count + 1, self.total + score)

    @property
    def average(self) -> Fraction | None:
        return Fraction(self.total, self.count) if self.count else None


@dataclass(frozen=True)
class Column:
    """A column's heading, and whether its cells are averages (shown signed: +1½, −2) rather
    than counts."""

    heading: Text
    average: bool = False


@dataclass(frozen=True)
class Row:
    """A row: its label (a message id, or a name said the same in every language, such as a
    Bismarck contract's) and a cell for each column."""

    label: Text | str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class StatsTable:
    """One game's statistics of a player over their finished games (``games`` of them)."""

    kind: str
    games: int
    heading: Text
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    #: What the numbers are, in a sentence under the table.
    explained: Text | None = None


#: A game's player statistics: its finished states, each with the player's seat, as a table.
PlayerStats = Callable[[Iterable[tuple[Any, int]]], StatsTable]


def finished(played: Iterable[tuple[Any, int]]) -> list[tuple[Any, int]]:
    """Only the games that are over (what a player's statistics count)."""
    return [(state, seat) for state, seat in played if state.finished]
