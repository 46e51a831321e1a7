"""The free game's rules: a deal's points for each player or team, which total wins, the three
ways a game ends, zero-sum deals, corrections that add up the later deals again, and the
shared undo; worked examples and hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import free
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.registry import game_for
from tests.games import state_after, state_of
from tests.games.free.legal import FOUR, deals, games, point


def chicago(**options) -> free.Setup:
    return free.Setup(FOUR, 0, "Chicago", options=free.Options(**options))


def test_the_registry_knows_the_free_game():
    assert game_for("free") is free.GAME
    assert (free.GAME.fewest, free.GAME.most, free.GAME.seats) == (2, 8, 4)
    assert free.GAME.named(chicago()) == "Chicago"


def test_a_chicago_to_52_highest_wins_worked_through():
    # deal: Anna Ben Carla Dan → totals
    #  1     10    0    5    0 → 10  0  5  0
    #  2      0   20    0    8 → 10 20  5  8
    #  3     15    0   12    0 → 25 20 17  8
    #  4      0   30    0    0 → 25 50 17  8
    #  5     27    0    0    5 → 52 50 17 13: Anna reaches 52 and wins
    state = state_of(
        chicago(target=52),
        deals([10, 0, 5, 0], [0, 20, 0, 8], [15, 0, 12, 0], [0, 30, 0, 0], [27, 0, 0, 5]),
    )
    assert [d.totals for d in state.deals][-2:] == [(25, 50, 17, 8), (52, 50, 17, 13)]
    assert [d.dealer for d in state.deals] == [0, 1, 2, 3, 0]
    assert state.finished and state.winners == (0,) and state.winner == 0
    assert state.standings == (0, 1, 2, 3)
    with pytest.raises(RuleError, match="a total reached 52"):
        state_after(chicago(target=52), deals([52, 0, 0, 0]), free.deal_event(2, [1, 0, 0, 0]))


def test_lowest_wins_ranks_the_lowest_total_first():
    setup = free.Setup(FOUR, 2, options=free.Options(wins=free.Wins.LOWEST, deals=2))
    state = state_of(setup, deals([5, -3, 7, 0], [4, 2, 0, 0]))
    assert state.totals == (9, -1, 7, 0) and state.finished
    assert state.winners == (1,) and state.standings == (1, 3, 2, 0)
    assert [d.dealer for d in state.deals] == [2, 3]
    assert free.scoreboard(state).places() == (4, 1, 3, 2)


def test_two_teams_score_as_teams_and_the_deal_goes_round_the_players():
    setup = free.Setup(FOUR, 3, teams=((1, 3), (0, 2)), options=free.Options(deals=5))
    assert setup.teams == ((0, 2), (1, 3)) and setup.side_names == ("Anna & Carla", "Ben & Dan")
    state = state_of(setup, deals([10, 4], [3, 9], [0, 6], [7, 7], [2, 0]))
    assert state.totals == (22, 26) and state.finished and state.winners == (1,)
    assert [d.dealer for d in state.deals] == [3, 0, 1, 2, 3]
    board = free.scoreboard(state)
    assert board.sides == ((0, 2), (1, 3)) and board.side_of(3) == 1
    with pytest.raises(RuleError, match=r"every team \(2\)"):
        state_of(setup, deals([1, 2, 3, 4]))


def test_a_tie_shares_the_win():
    state = state_of(free.Setup(("Anna", "Ben"), options=free.Options(deals=1)), deals([3, 3]))
    assert state.winners == (0, 1) and state.winner is None


def test_a_zero_sum_deal_that_does_not_add_up_is_refused_with_the_difference():
    setup = free.Setup(FOUR, options=free.Options(zero_sum=True))
    with pytest.raises(RuleError) as refused:
        state_of(setup, deals([5, -3, 0, 3]))
    assert str(refused.value) == "The points add up to +5: in this game every deal adds up to 0."
    assert refused.value.field == "points" and refused.value.deal == 1
    with pytest.raises(RuleError, match="add up to -2"):
        state_of(setup, deals([1, -3, 0, 0]))
    assert state_of(setup, deals([5, -3, 0, -2])).totals == (5, -3, 0, -2)


def test_the_table_ends_the_game_and_undo_takes_it_back():
    setup = chicago()
    played = free.GAME.replay(setup, [*deals([1, 2, 3, 4]), free.end_event(2)])
    state = played.state
    assert state.finished and state.ended and state.winners == (3,)
    assert str(state.history[-1].summary) == "ended the game after deal 1"
    assert state.history[-1].deal is None
    with pytest.raises(RuleError, match="the table ended it after deal 1"):
        free.GAME.apply(played, free.deal_event(2, [0, 0, 0, 0]))
    undone = free.GAME.apply(played, Event("undo")).state
    assert not undone.finished and undone.current == 2
    with pytest.raises(RuleError, match="no game to end"):
        state_of(setup, [free.end_event(1)])
    with pytest.raises(RuleError, match="This is deal 2, not deal 3"):
        state_of(setup, [*deals([1, 2, 3, 4]), free.end_event(3)])


def test_a_correction_adds_the_later_deals_up_again():
    setup = chicago(target=30)
    events = deals([10, 0, 0, 0], [10, 0, 0, 0], [5, 0, 0, 0])
    state = state_after(setup, events, free.correct_event(1, [12, 1, 0, -1]))
    assert [d.totals for d in state.deals] == [(12, 1, 0, -1), (22, 1, 0, -1), (27, 1, 0, -1)]
    assert str(state.history[-1].summary) == "corrected: points +10 / 0 / 0 / 0 → +12 / +1 / 0 / −1"
    with pytest.raises(RuleError, match="already says"):
        state_after(setup, events, free.correct_event(2, [10, 0, 0, 0]))
    with pytest.raises(RuleError, match="not been played yet"):
        state_after(setup, events, free.correct_event(4, [1, 0, 0, 0]))
    # Anna would reach 30 in deal 2: deal 3 could not have been played.
    with pytest.raises(RuleError) as refused:
        state_after(setup, events, free.correct_event(1, [20, 0, 0, 0]))
    assert str(refused.value) == (
        "This correction would make deal 3 illegal: The game is over: a total reached 30."
    )


def test_a_correction_of_a_finished_game_keeps_its_end():
    setup = chicago()
    events = [*deals([1, 2, 3, 4], [4, 3, 2, 1]), free.end_event(3)]
    state = state_after(setup, events, free.correct_event(2, [0, 0, 0, 9]))
    assert state.ended and state.winners == (3,) and state.totals == (1, 2, 3, 13)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"players": ["Anna"]}, "for 2 to 8 players"),
        ({"players": [str(n) for n in range(9)]}, "for 2 to 8 players"),
        ({"players": ["Anna", "ANNA"]}, "Both players are called ANNA"),
        ({"players": ["Anna", "Ben"], "first_dealer": 2}, "one of the players"),
        ({"players": ["Anna", "Ben"], "name": "x" * 31}, "at most 30 characters"),
        ({"players": ["Anna", "Ben"], "name": "Chi\tcago"}, "control character"),
        ({"players": ["A", "B", "C"], "teams": [[0], [1]]}, "exactly one team"),
        ({"players": ["A", "B", "C"], "teams": [[0, 1, 2]]}, "2 to 4 teams"),
        ({"players": ["A", "B", "C"], "teams": [[0, 1], [1, 2]]}, "exactly one team"),
        ({"players": ["A", "B"], "teams": [[0], [5]]}, "numbers from 0 to 1"),
        ({"players": ["A", "B"], "options": {"target": 5, "rounds": 5}}, "not both"),
        ({"players": ["A", "B"], "options": {"target": 0}}, "above 0"),
        ({"players": ["A", "B"], "options": {"rounds": 201}}, "1 to 200 deals"),
        ({"players": ["A", "B"], "options": {"wins": "most"}}, "highest or lowest"),
        ({"players": ["A", "B"], "options": {"zero_sum": 1}}, "true or false"),
        ({"players": ["A", "B"], "options": {"trumps": True}}, "Unknown option: trumps"),
    ],
)
def test_a_setup_the_rules_refuse(raw, message):
    with pytest.raises(RuleError, match=message):
        free.Setup.from_dict(raw)


def test_the_game_name_follows_the_rule_of_every_name():
    setup = free.Setup.from_dict({"players": ["A", "B"], "name": "  Chi\u200bcago  "})
    assert setup.name == "Chicago" and setup.to_dict()["name"] == "Chicago"
    assert "name" not in free.Setup(("A", "B")).to_dict()


@pytest.mark.parametrize("points", [[1, 2, 3], [1, True, 0, 0], [1, 100_000, 0, 0], "1234"])
def test_points_the_rules_refuse(points):
    with pytest.raises(RuleError) as refused:
        state_of(chicago(), [Event("deal", {"deal": 1, "points": points})])
    assert refused.value.field == "points"


@given(games())
def test_totals_are_the_sum_of_the_deals(game):
    setup, rows = game
    state = state_of(setup, deals(*rows))
    assert state.totals == tuple(sum(row[s] for row in rows) for s in range(len(setup.players)))
    assert [d.dealer for d in state.deals] == [
        (setup.first_dealer + k) % len(setup.players) for k in range(len(rows))
    ]


@given(games(zero_sum=True))
def test_a_zero_sum_games_totals_add_up_to_zero(game):
    setup, rows = game
    state = state_of(setup, deals(*rows))
    assert sum(state.totals) == 0 and all(sum(d.totals) == 0 for d in state.deals)


@given(games(), st.data())
def test_folding_event_by_event_equals_replaying_the_whole_log(game, data):
    setup, rows = game
    events = deals(*rows)
    if rows:
        number = data.draw(st.integers(1, len(rows)))
        fixed = data.draw(st.lists(point, min_size=len(setup.players), max_size=len(setup.players)))
        if fixed != rows[number - 1]:
            events.append(free.correct_event(number, fixed))
        events.append(Event("undo") if data.draw(st.booleans()) else free.end_event(len(rows) + 1))
    played = free.GAME.replay(setup, [])
    for event in events:
        played = free.GAME.apply(played, event)
    assert played.state == free.GAME.replay(setup, events).state
