"""A Sviten Special player's statistics over their finished games: the bids their pair took
and how many it made (the player's own bids among them), and the other pair's. Pure Python:
no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.games.stats import Column, Row, StatsTable, finished
from scorekeeper.games.sviten.rules import KIND, State
from scorekeeper.games.sviten.table import pair_of
from scorekeeper.games.text import T_


@dataclass(frozen=True)
class Bids:
    """Bids taken, and how many were made (laid at least the melds bid)."""

    taken: int = 0
    made: int = 0

    @property
    def failed(self) -> int:
        return self.taken - self.made

    def plus(self, made: bool) -> Bids:
        return Bids(self.taken + 1, self.made + made)


@dataclass(frozen=True)
class SvitenStats:
    #: The finished games counted.
    games: int
    #: The bids of the seat's pair; of the seat itself (some of the pair's); of the other pair.
    pair: Bids
    own: Bids
    others: Bids


def stats(played: Iterable[tuple[State, int]]) -> SvitenStats:
    """The statistics of the player in each game's ``seat`` (only finished games count)."""
    games = finished(played)
    pair, own, others = Bids(), Bids(), Bids()
    for state, seat in games:
        mine = pair_of(seat)
        for hand in state.hands:
            if hand.declarers != mine:
                others = others.plus(hand.made)
                continue
            pair = pair.plus(hand.made)
            if hand.declarer == seat:
                own = own.plus(hand.made)
    return SvitenStats(len(games), pair, own, others)


def table(played: Iterable[tuple[State, int]]) -> StatsTable:
    """:func:`stats` as the player's page shows it: bids taken, made and failed, by the
    player's pair, by the player, and by the other pair."""
    found = stats(played)
    rows = tuple(
        Row(label, (bids.taken, bids.made, bids.failed))
        for label, bids in (
            (T_("Their pair"), found.pair),
            (T_("Of which their own"), found.own),
            (T_("The other pair"), found.others),
        )
    )
    return StatsTable(
        KIND,
        found.games,
        T_("Bids taken and made"),
        (Column(T_("Bids")), Column(T_("Made")), Column(T_("Failed"))),
        rows,
        T_("A bid is made when the declaring pair lays at least as many melds as it bid."),
    )


#: What :func:`scorekeeper.games.registry.stats_for` gives for Sviten Special.
STATS = table
