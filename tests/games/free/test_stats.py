"""A free game player's statistics: by the games' names, the finished games, those won and
the points a deal of their side; worked out by hand."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.games import free
from scorekeeper.games.free.stats import stats, table
from scorekeeper.games.registry import stats_for
from tests.games import state_of
from tests.games.free.legal import FOUR, deals


def game(name: str, *rows, teams=(), **options):
    setup = free.Setup(FOUR, 0, name, teams, free.Options(**options))
    return state_of(setup, deals(*rows))


def test_by_name_the_games_won_and_points_a_deal():
    chicago = game("Chicago", [10, 0, 0, 0], [0, 6, 0, 0], deals=2)  # Anna wins
    whist = game("Whist", [3, 5], [4, 0], teams=((0, 2), (1, 3)), deals=2)  # Anna & Carla
    rummy = game("", [5, 1, 1, 1], wins=free.Wins.LOWEST, deals=1)  # Ben, Carla, Dan share
    playing = game("Chicago", [99, 0, 0, 0])  # not over: not counted
    found = stats([(chicago, 0), (whist, 2), (rummy, 0), (playing, 0), (chicago, 0)])
    assert list(found) == ["Chicago", "Whist", ""]
    assert (found["Chicago"].games, found["Chicago"].won) == (2, 2)
    assert found["Chicago"].deals.average == Fraction(20, 4)
    assert (found["Whist"].won, found["Whist"].deals.average) == (1, Fraction(7, 2))
    assert (found[""].won, found[""].deals.total) == (0, 5)
    carla = stats([(rummy, 2)])[""]
    assert (carla.won, carla.deals.average) == (1, 1)


def test_the_table_the_players_page_shows():
    assert stats_for("free") is table
    played = [game("Chicago", [1, 2, 3, 4], deals=1), game("", [1, 1, 0, 0], deals=1)]
    shown = table([(played[0], 3), (played[1], 0)])
    assert shown.kind == "free" and shown.games == 2
    assert [row.label for row in shown.rows] == ["Chicago", "Without a name"]
    assert shown.rows[0].cells == (1, 1, 4)
    assert [str(column.heading) for column in shown.columns] == ["Games", "Won", "Average a deal"]
