"""A Bismarck player's statistics over their finished games: the average score of the deals
they declared, by contract, and their average deal score declaring and not declaring.

A contract is counted by its name in the game's variant (a classic game's *Noll* and a modern
game's *Pass* are rows of their own: their deals are not alike), in the order of the contracts.
Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.games.bismarck.contracts import Contract
from scorekeeper.games.bismarck.state import KIND, State
from scorekeeper.games.stats import Column, Row, StatsTable, Tally, finished
from scorekeeper.games.text import T_


@dataclass(frozen=True)
class BismarckStats:
    #: The finished games counted.
    games: int
    #: The deals the seat declared, by contract name, in the order of the contracts.
    by_contract: tuple[tuple[str, Tally], ...]
    #: Every deal the seat declared, and every deal another seat did.
    declaring: Tally
    not_declaring: Tally


def stats(played: Iterable[tuple[State, int]]) -> BismarckStats:
    """The statistics of the player in each game's ``seat`` (only finished games count)."""
    games = finished(played)
    by_contract: dict[tuple[int, str], Tally] = {}
    order = {contract: i for i, contract in enumerate(Contract)}
    declaring, not_declaring = Tally(), Tally()
    for state, seat in games:
        for deal in state.scored:
            assert deal.scores is not None
            score = deal.scores[seat]
            if deal.declarer == seat:
                key = (order[deal.contract], deal.contract.name_in(state.variant))
                by_contract[key] = by_contract.get(key, Tally()).plus(score)
                declaring = declaring.plus(score)
            else:
                not_declaring = not_declaring.plus(score)
    return BismarckStats(
        len(games),
        tuple((name, tally) for (_order, name), tally in sorted(by_contract.items())),
        declaring,
        not_declaring,
    )


def table(played: Iterable[tuple[State, int]]) -> StatsTable:
    """:func:`stats` as the player's page shows it: a row per contract declared, then the
    deals declaring and not declaring; the number of deals and their average score."""
    found = stats(played)
    rows = [Row(name, (tally.count, tally.average)) for name, tally in found.by_contract]
    rows.append(Row(T_("As declarer"), (found.declaring.count, found.declaring.average)))
    rows.append(Row(T_("Not declaring"), (found.not_declaring.count, found.not_declaring.average)))
    return StatsTable(
        KIND,
        found.games,
        T_("Average score by contract"),
        (Column(T_("Deals")), Column(T_("Average"), average=True)),
        tuple(rows),
        T_(
            "A contract’s row: the deals this player declared it, and their average score in "
            "them. As declarer and not declaring: every deal of their finished games."
        ),
    )


#: What :func:`scorekeeper.games.registry.stats_for` gives for Bismarck.
STATS = table
