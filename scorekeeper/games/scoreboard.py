"""A game's scores the same way for every game: who plays on which side, each side's running
total deal by deal, and who won. What a chart of the game and a club evening's standings read.

    board = game_for(state.kind).scoreboard(state)
    board.totals          # (12, -5, -7): each side's total now
    board.deals[2]        # each side's running total after the third scored deal
    board.places()        # (1, 2, 3): each side's place, ties sharing one

A *side* is who scores together: one player in Bismarck and Klaberjass, a pair (seats 0 and 2,
1 and 3) in Sviten Special. Each engine says how its state reads as a :class:`Scoreboard`
(``Game.scoreboard``); nothing here names a game. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.games.text import Text


@dataclass(frozen=True)
class Detail:
    """One number a game keeps a statistic of: ``seat`` scored ``score`` in a deal of kind
    ``label`` (Bismarck: the declarer's score in a deal of a contract, labelled ``Spader``)."""

    seat: int
    label: str
    score: int


@dataclass(frozen=True)
class Scoreboard:
    """A game's scores by side, whatever the game (see the module's docstring)."""

    #: The seats of each side, in side order: ``((0,), (1,), (2,))`` or ``((0, 2), (1, 3))``.
    sides: tuple[tuple[int, ...], ...]
    #: Each side's running total after each deal that scored (a hand game's hands), in order.
    deals: tuple[tuple[int, ...], ...]
    finished: bool
    #: The sides that won (several when they share the win); empty while the game goes on.
    winners: tuple[int, ...] = ()
    #: The game's own statistic (Bismarck: each declarer's score by contract), if it keeps one.
    details: tuple[Detail, ...] = ()
    #: What the details are (``Average as declarer, by contract``) and their labels in order.
    detail_heading: Text | None = None
    detail_labels: tuple[str, ...] = ()
    #: The lowest total is the best (a free game played so: Hearts, golf); the highest otherwise.
    lowest_wins: bool = False

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total now (zeros before the first deal)."""
        return self.deals[-1] if self.deals else (0,) * len(self.sides)

    @property
    def started(self) -> bool:
        """Whether a deal has scored yet."""
        return bool(self.deals)

    def side_of(self, seat: int) -> int:
        """The side of the player in ``seat``."""
        for side, seats in enumerate(self.sides):
            if seat in seats:
                return side
        raise ValueError(f"No side has seat {seat}.")

    def places(self) -> tuple[int, ...]:
        """Each side's place (1 is first); sides level share a place (1, 1, 3). Once the game
        is over its winners are first whatever their totals (the rules may say so: in Sviten
        Special the declarers win when both pairs pass 100 in one hand); the others follow by
        their totals, the lowest first in a game the lowest total wins."""
        return places(self.ranked, self.winners if self.finished else ())

    @property
    def ranked(self) -> tuple[int, ...]:
        """Each side's total as it ranks, the higher the better: the totals, or in a game the
        lowest total wins the totals with their signs turned."""
        return tuple(-t for t in self.totals) if self.lowest_wins else self.totals


def places(
    totals: Sequence[int] | Sequence[Fraction], winners: Sequence[int] = ()
) -> tuple[int, ...]:
    """Places for ``totals`` (higher is better), ``winners`` ahead of everyone else; equal keys
    share the best place they cover (1, 2, 2, 4)."""
    keys = [(side in winners, total) for side, total in enumerate(totals)]
    return tuple(1 + sum(other > key for other in keys) for key in keys)
