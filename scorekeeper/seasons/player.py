"""A member's story in the club: their games, wins, places and scores, and how they fared
against each other member they met at a table. Pure Python, derived from the games.

A game counts once a round of it has scored; its place and score are the member's side's as
the game stands (a game still in play counts as it stands, and is said to). A win is first
place, shared or not. Against another member: the games in which they sat on opposing sides,
and in how many of them the member placed above, level with or below the other.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

#: A member: any hashable id.
Member = Any


@dataclass(frozen=True)
class TableGame:
    """One game of the club as the member's story reads it: when its last entry was, its
    sides' members, totals and places (1 first), and whether it is over."""

    key: Hashable
    ended: datetime
    sides: tuple[tuple[Member, ...], ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    finished: bool

    def side_of(self, member: Member) -> int | None:
        return next((i for i, side in enumerate(self.sides) if member in side), None)


@dataclass(frozen=True)
class Meeting:
    """How the member fared against ``other`` in the games they played on opposing sides."""

    other: Member
    games: int
    above: int
    level: int
    below: int


@dataclass(frozen=True)
class Story:
    member: Member
    #: The member's games, latest first: (game, side).
    games: tuple[tuple[TableGame, int], ...]
    wins: int
    finished: int
    average_place: Fraction | None
    average_score: Fraction | None
    #: By the number of games together, most first.
    meetings: tuple[Meeting, ...]

    @property
    def in_play(self) -> int:
        return len(self.games) - self.finished


def story(member: Member, games: Sequence[TableGame]) -> Story:
    """``member``'s story in ``games`` (any order; those without them are left out)."""
    theirs = sorted(
        ((g, side) for g in games if (side := g.side_of(member)) is not None),
        key=lambda gs: (gs[0].ended, repr(gs[0].key)),
        reverse=True,
    )
    places = [g.places[side] for g, side in theirs]
    scores = [g.totals[side] for g, side in theirs]
    return Story(
        member,
        tuple(theirs),
        sum(place == 1 for place in places),
        sum(g.finished for g, _side in theirs),
        Fraction(sum(places), len(places)) if places else None,
        Fraction(sum(scores), len(scores)) if scores else None,
        _meetings(member, theirs),
    )


def _meetings(member: Member, theirs: Sequence[tuple[TableGame, int]]) -> tuple[Meeting, ...]:
    counts: dict[Member, list[int]] = {}
    for game, side in theirs:
        mine = game.places[side]
        for other_side, members in enumerate(game.sides):
            if other_side == side:
                continue
            theirs_place = game.places[other_side]
            for other in members:
                tally = counts.setdefault(other, [0, 0, 0, 0])
                tally[0] += 1
                tally[1 if mine < theirs_place else 2 if mine == theirs_place else 3] += 1
    meetings = [Meeting(other, *tally) for other, tally in counts.items() if other != member]
    return tuple(sorted(meetings, key=lambda m: (-m.games, repr(m.other))))
