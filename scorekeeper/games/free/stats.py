"""A free game player's statistics over their finished games, by the name each game had
(``Chicago``, ``Whist``; a game without one on a row of its own): how many they played, how many
they won (a shared win is a win) and their side's average points a deal. Pure Python: no Flask,
no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scorekeeper.games.free.rules import State
from scorekeeper.games.free.setup import KIND
from scorekeeper.games.stats import Column, Row, StatsTable, Tally, finished
from scorekeeper.games.text import T_


@dataclass(frozen=True)
class Named:
    """The games of one name: how many, how many won, and the side's points of every deal."""

    games: int = 0
    won: int = 0
    deals: Tally = field(default_factory=Tally)


def stats(played: Iterable[tuple[State, int]]) -> dict[str, Named]:
    """By the games' names (in the order first played; "" for a game without one), the
    statistics of the player in each game's ``seat`` (only finished games count)."""
    found: dict[str, Named] = {}
    for state, seat in finished(played):
        side = next(s for s, seats in enumerate(state.sides) if seat in seats)
        named = found.get(state.name, Named())
        deals = named.deals
        for deal in state.deals:
            deals = deals.plus(deal.points[side])
        found[state.name] = Named(named.games + 1, named.won + (side in state.winners), deals)
    return found


def table(played: Iterable[tuple[State, int]]) -> StatsTable:
    """:func:`stats` as the player's page shows it: a row for each name."""
    played = list(played)
    found = stats(played)
    rows = tuple(
        Row(name or T_("Without a name"), (named.games, named.won, named.deals.average))
        for name, named in found.items()
    )
    return StatsTable(
        KIND,
        sum(named.games for named in found.values()),
        T_("Games by name"),
        (Column(T_("Games")), Column(T_("Won")), Column(T_("Average a deal"), average=True)),
        rows,
        T_(
            "A row for each name the games had: the finished games, those won (a shared win "
            "counts) and the points a deal of this player or their team."
        ),
    )


#: What :func:`scorekeeper.games.registry.stats_for` gives for a free game.
STATS = table
