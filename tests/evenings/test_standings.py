"""An evening's standings: worked examples of both scorings, sit-outs and ties, and properties
of random evenings (the points are the games' points plus the sit-outs'; ties share a place)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.evenings.standings import (
    PLACINGS,
    TOTALS,
    TableResult,
    TableState,
    game_points,
    standings,
    table_state,
)
from scorekeeper.games.scoreboard import Detail, Scoreboard

SOLO3 = ((0,), (1,), (2,))
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gus")


def board(*rounds: tuple[int, ...], finished: bool = True, winners=None, sides=SOLO3):
    if winners is None and finished:
        best = max(rounds[-1])
        winners = tuple(i for i, t in enumerate(rounds[-1]) if t == best)
    return Scoreboard(sides, tuple(rounds), finished, winners or ())


def test_game_points_totals_and_placings_with_a_tie():
    over = board((4, -2, -2))
    assert game_points(over, TOTALS) == (4, -2, -2)
    assert game_points(over, PLACINGS) == (2, Fraction(1, 2), Fraction(1, 2))
    level = board((0, 0), sides=((0,), (1,)), finished=False)
    assert game_points(level, PLACINGS) == (Fraction(1, 2), Fraction(1, 2))


def test_placings_put_the_winners_first_even_with_fewer_points():
    # Sviten Special: both pairs past 100 in one hand, the declarers (E–W) win with less.
    over = Scoreboard(((0, 2), (1, 3)), ((60, 40), (112, 104)), True, (1,))
    assert game_points(over, PLACINGS) == (0, 1)
    assert game_points(over, TOTALS) == (112, 104)


def test_a_worked_evening_of_seven_at_tables_of_three_with_one_sitting_out():
    # Round 1: Anna, Ben, Carla | Dan, Eva, Fred; Gus sits out.
    # Round 2: Gus, Anna, Dan | Ben, Eva, Carla; Fred sits out. Round 2's second table not begun.
    tables = [
        TableResult(1, 1, (0, 1, 2), board((3, 0, -3))),
        TableResult(1, 2, (3, 4, 5), board((1, 1, -2))),
        TableResult(2, 1, (6, 0, 3), board((2, -1, -1), finished=False)),
        TableResult(2, 2, (1, 4, 2), None),
    ]
    result = standings(NAMES, TOTALS, tables)
    points = {row.name: row.points for row in result.rows}
    # Zero-sum tables: sitting out scores the round's average, 0.
    assert points == {
        "Anna": 3 - 1,
        "Ben": 0,
        "Carla": -3,
        "Dan": 1 - 1,
        "Eva": 1,
        "Fred": -2,
        "Gus": 2,
    }
    places = {row.name: (row.place, row.shared) for row in result.rows}
    assert places["Anna"] == (1, True) and places["Gus"] == (1, True)
    assert places["Eva"] == (3, False)
    assert places["Ben"] == (4, True) and places["Dan"] == (4, True)
    assert [row.name for row in result.rows][:2] == ["Anna", "Gus"]  # a tie: by name
    gus = result.row_of(6)
    assert (gus.games, gus.finished, gus.sat_out) == (1, 0, 1)
    fred = result.row_of(5)
    # Fred sits out round 2, where only one game counts yet: its average is 0.
    assert (fred.games, fred.sat_out, fred.sit_out_points) == (1, 1, 0)
    assert result.in_play == 1 and result.provisional
    assert result.rounds == (1, 2)
    assert result.places[6] == (4, 1)  # Gus: sat out (0 points, fourth), then first


def test_placings_sit_out_award_is_the_rounds_average():
    # Three at tables of two: one sits out each round.
    two = ((0,), (1,))
    tables = [
        TableResult(1, 1, (0, 1), board((5, 3), sides=two)),
        TableResult(2, 1, (2, 0), board((1, 1), sides=two, finished=False)),
    ]
    result = standings(NAMES[:3], PLACINGS, tables)
    by_name = {row.name: row for row in result.rows}
    # Round 1: Anna wins (1), Ben 0; Carla sits out: (1 + 0) / 2.
    # Round 2: Carla and Anna level (½ each); Ben sits out: ½.
    assert by_name["Anna"].points == Fraction(3, 2)
    assert by_name["Ben"].points == Fraction(1, 2)
    assert by_name["Carla"].points == 1
    assert by_name["Anna"].wins == 1 and by_name["Carla"].wins == 0


def test_nothing_scored_yet_everyone_shares_first_place():
    tables = [
        TableResult(1, 1, (0, 1, 2), None),
        TableResult(1, 2, (3, 4, 5), board(finished=False)),
    ]
    result = standings(NAMES[:6], TOTALS, tables)
    assert {row.place for row in result.rows} == {1}
    assert all(row.shared and row.points == 0 and row.games == 0 for row in result.rows)
    assert result.rounds == () and result.places == ((),) * 6


def test_details_are_averaged_per_player_and_label():
    details = (Detail(0, "Sang", 2), Detail(1, "Pass", -1), Detail(0, "Sang", -1))
    over = Scoreboard(SOLO3, ((1, -1, 0),), True, (0,), details, None, ("Spader", "Sang", "Pass"))
    result = standings(NAMES[:3], TOTALS, [TableResult(1, 1, (2, 0, 1), over)])
    assert result.detail_labels == ("Spader", "Sang", "Pass")
    carla = result.row_of(2)  # seat 0
    assert carla.details == (None, Fraction(1, 2), None)
    assert result.row_of(0).details == (None, None, -1)


# --- properties ----------------------------------------------------------------------------------


@st.composite
def evenings(draw):
    """A random evening: 3 to 7 players at tables of 2 or 3, some rounds, each table's game
    at some point of play (or not begun), zero-sum or not."""
    size = draw(st.sampled_from((2, 3)))
    count = draw(st.integers(size, 7))
    rounds = draw(st.integers(1, 4))
    zero_sum = draw(st.booleans())
    tables = []
    sides = tuple((seat,) for seat in range(size))
    for number in range(1, rounds + 1):
        order = draw(st.permutations(range(count)))
        for index in range(count // size):
            seats = tuple(order[index * size : (index + 1) * size])
            played = draw(st.integers(0, 3))
            running, totals = [], [0] * size
            for _ in range(played):
                scores = draw(st.lists(st.integers(-5, 5), min_size=size, max_size=size))
                if zero_sum:
                    scores[-1] = -sum(scores[:-1])
                totals = [a + b for a, b in zip(totals, scores, strict=True)]
                running.append(tuple(totals))
            finished = played > 0 and draw(st.booleans())
            best = max(totals)
            winners = tuple(i for i, t in enumerate(totals) if t == best) if finished else ()
            game = Scoreboard(sides, tuple(running), finished, winners)
            tables.append(TableResult(number, index + 1, seats, game))
    return count, zero_sum, tables


@given(evenings(), st.sampled_from((TOTALS, PLACINGS)))
def test_points_are_the_games_points_plus_the_sit_outs(evening, scoring):
    count, _zero_sum, tables = evening
    result = standings(NAMES[:count], scoring, tables)
    expected = [Fraction(0)] * count
    for table in tables:
        if table.counts:
            side_points = game_points(table.board, scoring)
            for seat, player in enumerate(table.seats):
                expected[player] += side_points[table.board.side_of(seat)]
    for row in result.rows:
        assert row.points == expected[row.player] + row.sit_out_points


@given(evenings())
def test_totals_of_zero_sum_games_sum_to_zero(evening):
    count, zero_sum, tables = evening
    result = standings(NAMES[:count], TOTALS, tables)
    if zero_sum:
        assert sum(row.points for row in result.rows) == 0
        assert all(row.sit_out_points == 0 for row in result.rows)


@given(evenings())
def test_placings_share_each_game_out(evening):
    count, _zero_sum, tables = evening
    result = standings(NAMES[:count], PLACINGS, tables)
    games = [table for table in tables if table.counts]
    size = len(tables[0].seats)
    per_game = Fraction(size * (size - 1), 2)
    assert sum(row.points - row.sit_out_points for row in result.rows) == per_game * len(games)


@given(evenings(), st.sampled_from((TOTALS, PLACINGS)))
def test_ties_share_a_place_and_places_count_those_ahead(evening, scoring):
    count, _zero_sum, tables = evening
    result = standings(NAMES[:count], scoring, tables)
    rows = result.rows
    for row in rows:
        assert row.place == 1 + sum(other.points > row.points for other in rows)
        assert row.shared == any(o.points == row.points for o in rows if o is not row)
    assert [row.place for row in rows] == sorted(row.place for row in rows)
    # The running position after the last counted round is the final place.
    if result.rounds:
        for row in rows:
            assert result.places[row.player][-1] == row.place


def test_table_state_from_not_made_to_won_by_a_pair():
    assert table_state(TableResult(1, 1, (0, 1, 2, 3))) == TableState(made=False)
    fresh = Scoreboard(sides=((0, 2), (1, 3)), deals=(), finished=False)
    assert table_state(TableResult(1, 1, (5, 6, 7, 8), fresh)) == TableState(made=True)
    going = Scoreboard(sides=((0, 2), (1, 3)), deals=((10, 0), (30, 40)), finished=False)
    state = table_state(TableResult(1, 1, (5, 6, 7, 8), going))
    assert (state.scored, state.playing, state.winners) == (2, True, ())
    over = Scoreboard(
        sides=((0, 2), (1, 3)), deals=((10, 0), (100, 90)), finished=True, winners=(0,)
    )
    state = table_state(TableResult(2, 1, (5, 6, 7, 8), over))
    assert (state.finished, state.playing, state.winners) == (True, False, (5, 7))
