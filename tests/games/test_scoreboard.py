"""Every game's scoreboard: its sides, running totals deal by deal, winners and places, read
from each engine's state the same way."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import bismarck, klaberjass, sviten
from scorekeeper.games.registry import game_for, games
from scorekeeper.games.scoreboard import Scoreboard, places
from tests.games import state_of
from tests.games.bismarck import examples as bismarck_games
from tests.web.klaberjass import client as klaberjass_client
from tests.web.sviten import client as sviten_client


def test_every_registered_game_has_a_scoreboard_before_its_first_deal():
    for game in games():
        names = [f"P{seat}" for seat in range(game.seats)]
        board = game.scoreboard(game.start(game.parse_setup({"players": names})))
        assert not board.started and not board.finished and board.winners == ()
        assert board.totals == (0,) * len(board.sides)
        assert sorted(seat for side in board.sides for seat in side) == list(range(game.seats))


def test_bismarck_running_totals_winner_and_declarer_scores_by_contract():
    state = bismarck_games.game()
    board = bismarck.GAME.scoreboard(state)
    assert board.sides == ((0,), (1,), (2,))
    assert len(board.deals) == 12
    assert board.deals == tuple(deal.totals for deal in state.deals)
    assert board.totals == state.totals and sum(board.totals) == 0
    assert board.finished and board.winners == (1,)  # Ben wins with +2
    assert board.places()[1] == 1
    # Each player declares each contract once a modern game: 12 details, 4 labels.
    assert len(board.details) == 12
    assert board.detail_labels == ("Spader", "Valfri", "Sang", "Pass")
    first = board.details[0]  # deal 1: Ben declares Sang, takes 10 of quota 8
    assert (first.seat, first.label, first.score) == (1, "Sang", 2)


def test_bismarck_shared_win_shares_first_place():
    board = bismarck.GAME.scoreboard(
        bismarck_games.game(bismarck_games.CLASSIC_TIE, variant="classic")
    )
    assert board.winners == (0, 1)
    assert board.places() == (1, 1, 3)
    assert board.detail_labels == ("Trumf", "Sang", "Noll")


def test_bismarck_deal_announced_but_not_scored_is_not_on_the_scoreboard():
    state = bismarck_games.game([*bismarck_games.MODERN_GAME[:2], ("sang", None, None)])
    assert len(bismarck.GAME.scoreboard(state).deals) == 2


def test_klaberjass_hands_thrown_in_are_deals_that_score_nothing():
    setup = klaberjass.Setup(klaberjass_client.PLAYERS)
    events = [klaberjass.hand_event(n, h) for n, h in enumerate(klaberjass_client.HANDS, 1)]
    state = state_of(setup, events)
    board = game_for("klaberjass").scoreboard(state)
    assert board.sides == ((0,), (1,))
    assert board.deals[1] == board.deals[0]  # hand 2 thrown in
    assert board.totals == state.totals == (449, 509)
    assert board.winners == (1,) and board.places() == (2, 1)


def test_sviten_pairs_and_the_declarers_who_win_with_fewer_points():
    state = sviten_client.engine_state()
    board = sviten.GAME.scoreboard(state)
    assert board.sides == ((0, 2), (1, 3))
    assert board.side_of(2) == 0 and board.side_of(3) == 1
    assert board.totals[0] > board.totals[1]
    assert board.winners == (1,)
    assert board.places() == (2, 1)  # the winners first, whatever their totals


def test_places_in_play_follow_the_totals():
    board = Scoreboard(sides=((0,), (1,), (2,)), deals=((3, -1, -2),), finished=False)
    assert board.places() == (1, 2, 3)


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=6))
def test_places_share_ties_and_count_those_ahead(totals):
    found = places(totals)
    for side, total in enumerate(totals):
        assert found[side] == 1 + sum(other > total for other in totals)
    for a, b in zip(totals, found, strict=True):
        for c, d in zip(totals, found, strict=True):
            assert (a == c) == (b == d)
