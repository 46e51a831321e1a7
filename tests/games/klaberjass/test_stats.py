"""A Klaberjass player's statistics: how often they made trumps and made it or went bete, and
how the other fared as maker, over finished games; worked out by hand, and a property of random
legal games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.klaberjass import Options, Setup
from scorekeeper.games.klaberjass.stats import Making, stats, table
from scorekeeper.games.registry import stats_for
from tests.games.klaberjass.legal import PLAYERS, hand, legal_hands, play, play_until_over

SHORT = Setup(PLAYERS, options=Options(target=150))


def test_a_game_by_hand():
    """Anna makes trumps and scores more (made); a hand is thrown in; Ben makes trumps and
    ties at 60 (bete: Anna takes 60 and reaches 170)."""
    state = play(
        hand(maker=0, card_points=(100, 40), last_trick=0),
        {"thrown_in": True},
        hand(maker=1, card_points=(60, 50), last_trick=1),
        setup=SHORT,
    )
    assert state.finished and state.totals == (170, 40)
    anna, ben = stats([(state, 0)]), stats([(state, 1)])
    assert anna.as_maker == Making(1, 1) and anna.against == Making(1, 0)
    assert ben.as_maker == Making(1, 0) and ben.as_maker.bete == 1
    assert ben.against == Making(1, 1)
    assert anna.thrown_in == ben.thrown_in == 1 and anna.games == 1


def test_the_opponent_ahead_is_bete_too_and_games_add_up():
    first = play(
        hand(maker=0, card_points=(100, 40), last_trick=0),
        hand(maker=1, card_points=(60, 50), last_trick=1),
        setup=SHORT,
    )
    second = play(
        hand(maker=0, card_points=(20, 100), last_trick=1),  # Ben takes 130
        hand(maker=1, card_points=(60, 70), last_trick=1),  # Ben 80, made: 210
        setup=SHORT,
    )
    assert second.finished and second.winner == 1
    anna = stats([(first, 0), (second, 0)])
    assert anna.games == 2
    assert anna.as_maker == Making(2, 1) and anna.against == Making(2, 1)
    shown = table([(first, 0), (second, 0)])
    assert [(row.label, row.cells) for row in shown.rows] == [
        ("As maker", (2, 1, 1)),
        ("The other as maker", (2, 1, 1)),
    ]
    assert "Hands thrown in: 0." in shown.explained
    assert stats_for("klaberjass") is table


def test_a_game_still_in_play_does_not_count():
    state = play(hand(maker=0, card_points=(100, 40), last_trick=0), setup=SHORT)
    assert not state.finished
    assert stats([(state, 0)]) == stats([])


@settings(max_examples=30)
@given(st.lists(legal_hands(), min_size=1, max_size=8), st.integers(0, 1))
def test_property_every_hand_counts_once_for_each_player(hands, first_dealer):
    setup = Setup(PLAYERS, first_dealer=first_dealer, options=Options(target=150))
    _events, state = play_until_over(setup, hands)
    anna, ben = stats([(state, 0)]), stats([(state, 1)])
    if not state.finished:
        assert anna.as_maker == anna.against == Making() and anna.games == 0
        return
    counted = anna.as_maker.hands + anna.against.hands + anna.thrown_in
    assert counted == len(state.hands)
    # One player's hands as maker are the other's against the maker, made or bete alike.
    assert anna.as_maker == ben.against and ben.as_maker == anna.against
    assert anna.as_maker.made + anna.as_maker.bete == anna.as_maker.hands
    # A maker who makes it scores more than the other (so above 0); one who goes bete, 0.
    made = sum(h.scores[h.maker] > 0 for h in state.hands if h.maker is not None)
    assert anna.as_maker.made + ben.as_maker.made == made
