"""Sviten Special quick entry: meld points the pair's tricks cannot make are refused (issue 13).

Every meld is worth 5 x (its cards - 2), runs in trumps twice that (three times with
double-trump runs); a joker is one more card of its meld; a pair holds 4 cards a trick.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.games.cards import RANKS, Suit, full_pack
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.sviten import Options, Setup
from scorekeeper.games.sviten.meld_bounds import possible_points
from scorekeeper.games.sviten.melds import best_melds, meld_tradeoff
from tests.games import state_of

PLAYERS = ("Anna", "Ben", "Carla", "Dan")
SETUP = Setup(players=PLAYERS)


def quick(tricks, points, counts, trump=None, **extra) -> Event:
    data = {
        "declarer": 0,
        "bid": 1,
        "trump": trump,
        "tricks": list(tricks),
        "meld_points": list(points),
        "meld_counts": list(counts),
        **extra,
    }
    return Event("hand", {**data, "number": 1})


def refusal(event: Event, setup: Setup = SETUP) -> RuleError:
    with pytest.raises(RuleError) as info:
        state_of(setup, [event])
    assert (info.value.field, info.value.deal) == ("meld_points", 1)
    return info.value


def test_one_trick_cannot_hold_500_meld_points():
    error = refusal(quick((1, 12), (500, 5), (1, 1), "spades"))
    assert error.message == (
        "N–S took 1 trick (4 cards): 1 meld from them makes at most 20 points, not 500."
    )


def test_the_whole_pack_makes_at_most_220_in_no_trump():
    error = refusal(quick((13, 0), (300, 0), (4, 0)))
    assert error.message == (
        "N–S took 13 tricks (52 cards): 4 melds from them make at most 220 points, not 300."
    )
    # Four whole suits are four runs of 13: 4 x 55.
    state = state_of(SETUP, [quick((13, 0), (220, 0), (4, 0))])
    assert state.hands[0].meld_points == (220, 0)


def test_one_meld_worth_50_from_one_trick_is_refused_even_with_every_option():
    generous = Setup(players=PLAYERS, options=Options(double_trump_runs=True, jokers=True))
    error = refusal(quick((1, 12), (50, 5), (1, 1), "hearts", jokers=[1, 0]), generous)
    # Four trumps and a joker: a run of five, 15 x 3.
    assert error.message == (
        "N–S took 1 trick (4 cards and 1 joker): 1 meld from them makes at most 45 points, not 50."
    )
    assert state_of(generous, [quick((1, 12), (45, 5), (1, 1), "hearts", jokers=[1, 0])])


@pytest.mark.parametrize(
    ("options", "trump", "jokers", "most"),
    [
        ({}, None, 0, 10),  # A K Q J of one suit, or four of a rank
        ({}, "clubs", 0, 20),  # four trumps in a row, counted double
        ({"double_trump_runs": True}, "clubs", 0, 30),
        ({"jokers": True}, "clubs", 1, 30),  # a run of five in trumps with the joker
    ],
)
def test_one_meld_from_one_trick_is_bounded_by_the_rulings(options, trump, jokers, most):
    game = Setup(players=PLAYERS, options=Options(**options))
    extra = {"jokers": [jokers, 0]} if jokers else {}
    state_of(game, [quick((1, 12), (most, 5), (1, 1), trump, **extra)])
    error = refusal(quick((1, 12), (most + 5, 5), (1, 1), trump, **extra), game)
    assert f"makes at most {most} points" in error.message


def test_a_total_below_the_bound_that_no_cards_make_is_refused():
    # One trick, one meld, trumps doubled: 5 or 10 (plain), 10 or 20 (trumps); never 15.
    error = refusal(quick((1, 12), (15, 5), (1, 1), "spades"))
    assert (
        error.message
        == "N–S took 1 trick (4 cards): 1 meld from them cannot make exactly 15 points."
    )


def test_the_defenders_are_bounded_too():
    error = refusal(quick((12, 1), (5, 60), (1, 1), "spades"))
    assert error.message.startswith("E–W took 1 trick (4 cards): 1 meld from them makes at most")


def test_the_record_reader_names_the_hand():
    record = {
        "format": "scorekeeper-record/1",
        "game": "sviten",
        "players": list(PLAYERS),
        "first_dealer": 0,
        "hands": [
            {"declarer": 0, "bid": 1, "trump": None, "tricks": [7, 6],
             "meld_points": [20, 10], "meld_counts": [2, 1]},
            {"declarer": 1, "bid": 1, "trump": "spades", "tricks": [12, 1],
             "meld_points": [20, 500], "meld_counts": [2, 1]},
        ],
    }  # fmt: skip
    with pytest.raises(records.RecordError) as info:
        records.loads(json.dumps(record))
    assert (
        "hand 2: E–W took 1 trick (4 cards): 1 meld from them makes at most 20 points, "
        "not 500" in info.value.problems
    )


# --- the bound is a true bound: the solver's best melds of real cards are always accepted ------

PACK = [card.code for card in full_pack()]


@st.composite
def rich_piles(draw) -> list[str]:
    """A pile of whole tricks made of long runs and sets (what bounds are about), filled up
    with other cards."""
    tricks = draw(st.integers(1, 13))
    pile: list[str] = []
    for _ in range(draw(st.integers(0, 5))):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(list(Suit)))
            start = draw(st.integers(0, 12))
            length = draw(st.integers(3, 13))
            ranks = [*RANKS, "A"][start : start + length]
            block = [f"{rank}{suit.value}" for rank in ranks]
        else:
            rank = draw(st.sampled_from(RANKS))
            block = [f"{rank}{suit.value}" for suit in Suit]
        pile += [code for code in block if code not in pile]
    rest = [code for code in PACK if code not in pile]
    draw(st.randoms(use_true_random=False)).shuffle(rest)
    return [*pile, *rest][: 4 * tricks]


@pytest.mark.slow
@settings(max_examples=30)
@given(
    pile=rich_piles(),
    trump=st.sampled_from([None, "spades", "hearts"]),
    jokers=st.integers(0, 2),
    factor=st.sampled_from([2, 3]),
)
def test_what_real_cards_make_is_always_within_the_bound(pile, trump, jokers, factor):
    for count, points in meld_tradeoff(
        pile, trump=trump, jokers=jokers, trump_run_factor=factor
    ).items():
        assert points in possible_points(
            len(pile), jokers, count, trumps=trump is not None, factor=factor
        ), (count, points)
    # And the engine takes the solver's best as a quick entry.
    game = Setup(players=PLAYERS, options=Options(double_trump_runs=factor == 3, jokers=jokers > 0))
    tricks = len(pile) // 4
    best = best_melds(pile, trump=trump, jokers=jokers, trump_run_factor=factor)
    extra = {"jokers": [jokers, 0]} if jokers else {}
    state = state_of(
        game,
        [quick((tricks, 13 - tricks), (best.points, 0), (best.count, 0), trump, **extra)],
    )
    assert state.hands[0].meld_points[0] == best.points
