"""A Klaberjass player's statistics over their finished games: how often they made trumps and
made it (scored more than the opponent), or went bete (level or less: the maker scores 0), and
how the opponent fared when the opponent made trumps. Hands thrown in are counted on their own.
Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.games.klaberjass.rules import KIND, Outcome, State
from scorekeeper.games.stats import Column, Row, StatsTable, finished
from scorekeeper.games.text import T_


@dataclass(frozen=True)
class Making:
    """Hands with one maker: how many, and how many the maker made (the rest went bete)."""

    hands: int = 0
    made: int = 0

    @property
    def bete(self) -> int:
        return self.hands - self.made

    def plus(self, made: bool) -> Making:
        return Making(self.hands + 1, self.made + made)


@dataclass(frozen=True)
class KlaberjassStats:
    #: The finished games counted.
    games: int
    #: The hands the seat made trumps, and those its opponent did.
    as_maker: Making
    against: Making
    thrown_in: int


def stats(played: Iterable[tuple[State, int]]) -> KlaberjassStats:
    """The statistics of the player in each game's ``seat`` (only finished games count)."""
    games = finished(played)
    as_maker, against, thrown_in = Making(), Making(), 0
    for state, seat in games:
        for hand in state.hands:
            if hand.maker is None:
                thrown_in += 1
                continue
            made = hand.outcome is Outcome.MAKER_AHEAD
            if hand.maker == seat:
                as_maker = as_maker.plus(made)
            else:
                against = against.plus(made)
    return KlaberjassStats(len(games), as_maker, against, thrown_in)


def table(played: Iterable[tuple[State, int]]) -> StatsTable:
    """:func:`stats` as the player's page shows it: the hands this player made trumps and the
    hands the other did, each with how many the maker made and how many went bete."""
    found = stats(played)
    rows = tuple(
        Row(label, (making.hands, making.made, making.bete))
        for label, making in (
            (T_("As maker"), found.as_maker),
            (T_("The other as maker"), found.against),
        )
    )
    return StatsTable(
        KIND,
        found.games,
        T_("Hands as maker"),
        (Column(T_("Hands")), Column(T_("Made")), Column(T_("Went bete"))),
        rows,
        T_(
            "The maker makes it by scoring more than the other; level or less is bete. "
            "Hands thrown in: %(n)s.",
            n=found.thrown_in,
        ),
    )


#: What :func:`scorekeeper.games.registry.stats_for` gives for Klaberjass.
STATS = table
