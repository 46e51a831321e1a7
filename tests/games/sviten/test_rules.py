"""The Sviten Special engine: worked hands, the match rules, corrections and undo, properties."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import sviten
from scorekeeper.games.cards import full_pack
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.sviten import (
    Options,
    Setup,
    derived_hand_dict,
    hand_to_dict,
    meld_check,
    parse_hand,
)
from tests.games import state_after, state_of
from tests.games.sviten.legal import PLAYERS, SETUP, hand, play, quick, quick_hands

PACK = [card.code for card in full_pack()]
SPADES = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]


def setup(**options) -> Setup:
    return Setup(players=PLAYERS, options=Options(**options))


def correct(number: int, **fields) -> Event:
    return Event("correct", {**fields, "number": number})


# Four tricks for N–S: the whole spade suit and three odd cards.
RUN_PILE = [*SPADES, "2H", "5D", "9C"]


# --- one hand --------------------------------------------------------------------------------


def test_the_other_pile_is_the_rest_of_the_pack():
    state = play(SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[RUN_PILE, None]))
    result = state.hands[0]
    assert result.tricks == (4, 9)
    east_west = set(PACK) - set(RUN_PILE)
    assert len(result.hand.captured[1]) == 36
    assert {card.code for card in result.hand.captured[1]} == east_west
    assert result.chosen == (True, True)
    assert result.melds[0] == (tuple(SPADES),)
    assert result.meld_points[0] == 55
    for meld in result.melds[1]:
        assert set(meld) <= east_west
    assert result.scores == (4 + 55, 9 + result.meld_points[1])
    # The same with E–W's pile given instead.
    other = play(SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[None, sorted(east_west)]))
    assert other.hands[0].scores == result.scores


def test_a_pile_that_is_not_whole_tricks_is_refused():
    event = hand(1, declarer=1, bid=2, trump="hearts", captured=[None, PACK[:22]])
    with pytest.raises(RuleError) as error:
        play(SETUP, event)
    assert str(error.value) == "E–W captured 22 cards: that is not a whole number of tricks"
    assert (error.value.field, error.value.deal) == ("captured", 1)


def test_piles_must_make_the_pack_exactly_once():
    with pytest.raises(RuleError, match="all 52 are played"):
        play(SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[PACK[:24], PACK[24:48]]))
    with pytest.raises(RuleError, match="Q♠ is in both pairs' cards"):
        play(SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[PACK[:24], PACK[2:30]]))
    with pytest.raises(RuleError, match="listed twice in N–S's cards"):
        play(SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[["AS"] * 4, None]))
    with pytest.raises(RuleError, match="do not match the captured cards") as error:
        play(
            SETUP, hand(1, declarer=0, bid=1, trump=None, captured=[RUN_PILE, None], tricks=[5, 8])
        )
    assert error.value.field == "tricks"


def test_a_bid_reached_only_by_splitting_a_run():
    state = play(SETUP, hand(1, declarer=2, bid=2, trump=None, captured=[RUN_PILE, None]))
    result = state.hands[0]
    assert result.declarers == 0 and result.made
    assert result.meld_counts[0] == 2 and result.meld_points[0] == 45
    assert sorted(len(meld) for meld in result.melds[0]) in ([3, 10], [4, 9], [5, 8], [6, 7])
    assert result.scores[0] == 4 + 45
    three = play(SETUP, hand(1, declarer=0, bid=3, trump=None, captured=[RUN_PILE, None]))
    assert three.hands[0].meld_points[0] == 35 and three.hands[0].scores[0] == 39


def test_a_failed_bid_scores_minus_ten_a_meld_or_keeps_the_points():
    event = hand(1, declarer=0, bid=5, trump=None, captured=[RUN_PILE, None])
    minus = play(setup(failed_bid="minus_bid"), event).hands[0]
    assert not minus.made
    assert minus.scores[0] == -50
    keep = play(setup(failed_bid="keep_points"), event).hands[0]
    assert not keep.made
    assert keep.meld_points[0] == 55  # then the most points, whatever the melds
    assert keep.scores[0] == 4 + 55 - 50
    # The defenders score tricks and melds either way.
    assert minus.scores[1] == keep.scores[1] == 9 + keep.meld_points[1]


def test_declarers_who_lay_fewer_melds_than_they_bid_fail():
    melds = [[SPADES], None]
    result = play(
        SETUP, hand(1, declarer=0, bid=2, trump=None, captured=[RUN_PILE, None], melds=melds)
    ).hands[0]
    assert result.chosen == (False, True)
    assert result.meld_counts[0] == 1 and not result.made and result.scores[0] == -20


def test_slam_adds_25_unless_switched_off():
    event = hand(1, declarer=3, bid=6, trump="spades", captured=[None, PACK])
    result = play(SETUP, event).hands[0]
    assert result.tricks == (0, 13) and result.slam == 1
    assert result.meld_points[1] == 55 * 2 + 3 * 55 - 2 * 10  # six melds: two runs split
    assert result.scores == (0, 13 + result.meld_points[1] + 25)
    off = play(setup(slam_bonus=False), event).hands[0]
    assert off.scores == (0, 13 + result.meld_points[1])
    assert play(SETUP, hand(1, **quick(0, 1, (13, 0), (20, 0), (2, 0)))).hands[0].scores == (
        13 + 20 + 25,
        0,
    )


def test_double_trump_runs_count_three_times():
    pile = ["8C", "9C", "10C", "JC", "2S", "5H", "6D", "KD"]
    single = play(SETUP, hand(1, declarer=0, bid=1, trump="clubs", captured=[pile, None]))
    triple = play(
        setup(double_trump_runs=True),
        hand(1, declarer=0, bid=1, trump="clubs", captured=[pile, None]),
    )
    assert single.hands[0].meld_points[0] == 20
    assert triple.hands[0].meld_points[0] == 30


def test_laid_melds_are_checked():
    base = {"declarer": 0, "bid": 1, "trump": None, "captured": [RUN_PILE, None]}
    with pytest.raises(RuleError, match="K♠ is in two melds") as error:
        play(SETUP, hand(1, **base, melds=[[["JS", "QS", "KS"], ["KS", "KH", "KD"]], None]))
    assert (error.value.field, error.value.deal) == ("melds", 1)
    with pytest.raises(RuleError, match="a run cannot turn the corner K-A-2"):
        play(SETUP, hand(1, **base, melds=[[["KS", "AS", "2S"]], None]))
    with pytest.raises(RuleError, match="7♣ 8♣ 10♣ is not a run or a set"):
        play(SETUP, hand(1, **base, melds=[None, [["7C", "8C", "10C"]]]))
    with pytest.raises(RuleError, match="N–S did not capture 3♥"):
        play(SETUP, hand(1, **base, melds=[[["2H", "3H", "4H"]], None]))
    laid = play(SETUP, hand(1, **base, melds=[[["AS", "2S", "3S"], ["4S", "5S", "6S"]], []]))
    assert laid.hands[0].meld_points == (10, 0) and laid.hands[0].chosen == (False, False)


def test_quick_mode_with_tricks_and_typed_meld_points():
    result = play(SETUP, hand(1, **quick(1, 2, (5, 8), (15, 40), (1, 3), "hearts")))
    first = result.hands[0]
    assert first.tricks == (5, 8) and first.made
    assert first.scores == (5 + 15, 8 + 40)
    failed = play(SETUP, hand(1, **quick(1, 4, (5, 8), (15, 40), (1, 3)))).hands[0]
    assert not failed.made and failed.scores == (20, -40)
    with pytest.raises(RuleError, match="their meld points and meld count") as error:
        play(SETUP, hand(1, declarer=0, bid=1, trump=None, tricks=[6, 7], meld_points=[5, 5]))
    assert error.value.field == "meld_counts"
    with pytest.raises(RuleError, match="multiple of 5"):
        play(SETUP, hand(1, **quick(0, 1, (6, 7), (7, 5), (1, 1))))
    with pytest.raises(RuleError, match="at least 5"):
        play(SETUP, hand(1, **quick(0, 1, (6, 7), (5, 5), (2, 1))))
    with pytest.raises(RuleError, match="Record N–S's melds"):
        play(SETUP, hand(1, declarer=0, bid=1, trump=None, tricks=[6, 7]))
    with pytest.raises(RuleError, match="add up to 12"):
        play(SETUP, hand(1, **quick(0, 1, (6, 6), (5, 5), (1, 1))))
    laid = {"declarer": 0, "bid": 1, "trump": None, "tricks": [1, 12]}
    with pytest.raises(RuleError, match="3♣ is in both pairs' melds"):
        play(SETUP, hand(1, **laid, melds=[[["2C", "3C", "4C"]], [["3C", "3D", "3H"]]]))
    with pytest.raises(RuleError, match="use 6 cards, but 1 trick hold only 4"):
        play(SETUP, hand(1, **laid, melds=[[["2C", "3C", "4C"], ["5C", "6C", "7C"]], []]))


def test_options_are_enforced():
    with pytest.raises(RuleError, match="no-trump only") as error:
        play(setup(no_trump_only=True), hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1), "spades")))
    assert error.value.field == "trump"
    assert play(setup(no_trump_only=True), hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1))))
    with pytest.raises(RuleError, match="without jokers") as error:
        play(SETUP, hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1)), jokers=[1, 0]))
    assert error.value.field == "jokers"
    with pytest.raises(RuleError, match="only 2 jokers"):
        play(setup(jokers=True), hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1)), jokers=[2, 1]))


def test_jokers_go_to_the_pair_that_holds_them():
    pile = ["QS", "QH", "5C", "7C", "2D", "9H", "JD", "4S"]
    event = hand(1, declarer=0, bid=2, trump=None, captured=[pile, None], jokers=[2, 0])
    result = play(setup(jokers=True), event).hands[0]
    assert result.meld_counts[0] == 2 and result.made
    assert sorted(result.melds[0]) == sorted([("QS", "QH", "JOKER"), ("5C", "JOKER", "7C")])
    with pytest.raises(RuleError, match="laid 1 joker but held no jokers"):
        play(
            setup(jokers=True),
            hand(
                1,
                declarer=0,
                bid=1,
                trump=None,
                captured=[pile, None],
                melds=[None, [["6S", "6H", "JOKER"]]],
                jokers=[2, 0],
            ),
        )


# --- the match -------------------------------------------------------------------------------


def test_the_deal_goes_clockwise():
    game = Setup(players=PLAYERS, first_dealer=2)
    state = play(game)
    assert state.current_hand == 1 and state.current_dealer == 2
    events = [hand(k, **quick(k % 4, 1, (6, 7), (5, 5), (1, 1))) for k in range(1, 4)]
    state = play(game, *events)
    assert [result.dealer for result in state.hands] == [2, 3, 0]
    assert state.current_hand == 4 and state.current_dealer == 1


def test_reaching_100():
    state = play(SETUP, hand(1, **quick(0, 1, (8, 5), (90, 5), (3, 1))))
    assert state.totals == (98, 10) and not state.finished
    state = play(
        SETUP,
        hand(1, **quick(0, 1, (8, 5), (90, 5), (3, 1))),
        hand(2, **quick(1, 1, (4, 9), (0, 5), (0, 1))),
    )
    assert state.totals == (102, 24) and state.finished and state.winner == 0
    assert state.current_hand is None and state.current_dealer is None
    with pytest.raises(RuleError, match="The match is over: N–S won") as error:
        state_after(
            SETUP,
            [
                hand(1, **quick(0, 1, (8, 5), (90, 5), (3, 1))),
                hand(2, **quick(1, 1, (4, 9), (0, 5), (0, 1))),
            ],
            hand(3, **quick(1, 1, (4, 9), (0, 5), (0, 1))),
        )
    assert error.value.deal == 3


def test_when_both_reach_100_the_declarers_win():
    events = [
        hand(1, **quick(1, 1, (7, 6), (85, 75), (3, 3))),  # N–S 92, E–W 81
        hand(2, **quick(3, 1, (4, 9), (10, 10), (1, 2))),  # N–S 106, E–W 100; W declared
    ]
    state = play(SETUP, *events)
    assert state.totals == (106, 100)
    assert state.finished and state.winner == 1


def test_the_hand_cap_lets_the_leader_win_and_a_tie_play_on():
    game = setup(hand_cap=2)
    one = hand(1, **quick(0, 1, (7, 6), (10, 10), (1, 1)))  # 17 - 16
    state = play(game, one, hand(2, **quick(1, 1, (6, 7), (10, 10), (1, 1))))  # 33 - 33
    assert state.totals == (33, 33) and not state.finished and state.current_hand == 3
    assert "play on" in state.result_text
    state = play(
        game,
        one,
        hand(2, **quick(1, 1, (6, 7), (10, 10), (1, 1))),
        hand(3, **quick(2, 1, (7, 6), (5, 5), (1, 1))),
    )
    assert state.finished and state.winner == 0
    state = play(game, one, hand(2, **quick(1, 1, (7, 6), (10, 10), (1, 1))))
    assert state.finished and state.winner == 0 and len(state.hands) == 2


def test_a_hand_out_of_turn_is_refused():
    with pytest.raises(RuleError, match="This is hand 1, not hand 2"):
        play(SETUP, hand(2, **quick(0, 1, (6, 7), (5, 5), (1, 1))))
    with pytest.raises(RuleError, match="already recorded"):
        play(
            SETUP,
            hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1))),
            hand(1, **quick(0, 1, (6, 7), (5, 5), (1, 1))),
        )
    with pytest.raises(RuleError, match="number is missing") as error:
        play(SETUP, Event("hand", quick(0, 1, (6, 7), (5, 5), (1, 1))))
    assert error.value.field == "number"


# --- corrections and undo --------------------------------------------------------------------


def test_a_correction_rescores_every_later_hand():
    events = [
        hand(1, **quick(0, 1, (7, 6), (10, 10), (1, 1))),
        hand(2, **quick(1, 2, (6, 7), (20, 20), (2, 2))),
    ]
    state = play(SETUP, *events, correct(1, **quick(0, 3, (7, 6), (10, 10), (1, 1))))
    assert state.hands[0].scores == (-30, 16)
    assert state.hands[1].totals == (-30 + 26, 16 + 27)
    assert state.totals == state.hands[1].totals
    assert [entry.summary.startswith("corrected") for entry in state.history] == [
        False,
        False,
        True,
    ]


def test_a_correction_that_breaks_a_later_hand_names_it():
    events = [
        hand(1, **quick(0, 1, (7, 6), (10, 10), (1, 1))),
        hand(2, **quick(1, 2, (6, 7), (20, 20), (2, 2))),
    ]
    with pytest.raises(RuleError) as error:
        state_after(SETUP, events, correct(1, **quick(0, 1, (13, 0), (95, 0), (5, 0))))
    assert error.value.deal == 2
    assert str(error.value).startswith("This correction would make hand 2 illegal")
    with pytest.raises(RuleError, match="already says"):
        state_after(SETUP, events, correct(1, **quick(0, 1, (7, 6), (10, 10), (1, 1))))
    with pytest.raises(RuleError, match="nothing to correct"):
        state_after(SETUP, events, correct(3, **quick(0, 1, (7, 6), (10, 10), (1, 1))))
    with pytest.raises(RuleError, match="no-trump only") as error:
        state_after(
            setup(no_trump_only=True),
            events,
            correct(1, **quick(0, 1, (7, 6), (10, 10), (1, 1), "hearts")),
        )
    assert error.value.deal == 1


def test_undo_takes_back_the_latest_action():
    one = hand(1, **quick(0, 1, (7, 6), (10, 10), (1, 1)))
    two = hand(2, **quick(1, 2, (6, 7), (20, 20), (2, 2)))
    fix = correct(1, **quick(0, 3, (7, 6), (10, 10), (1, 1)))
    undo = Event("undo")
    after_one = play(SETUP, one)
    assert play(SETUP, one, two, undo).hands == after_one.hands
    assert play(SETUP, one, two, fix, undo).totals == play(SETUP, one, two).totals
    assert play(SETUP, one, two, undo, undo).hands == ()
    state = play(SETUP, one, two, undo, two)
    assert state.totals == play(SETUP, one, two).totals
    assert [entry.undone for entry in state.history] == [False, True, False, False]
    with pytest.raises(RuleError, match="nothing to undo"):
        play(SETUP, one, undo, undo)
    assert state.log_length == 4


# --- the record format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"declarer": True}, "declarer"),
        ({"declarer": 1.0}, "declarer"),
        ({"declarer": "N"}, "declarer"),
        ({"declarer": 4}, "declarer"),
        ({"bid": 0}, "bid"),
        ({"bid": "2"}, "bid"),
        ({"bid": False}, "bid"),
        ({"trump": 3}, "trump"),
        ({"trump": "roses"}, "trump"),
        ({"tricks": [6.0, 7]}, "tricks"),
        ({"tricks": [True, 12]}, "tricks"),
        ({"tricks": "6-7"}, "tricks"),
        ({"tricks": [6, 7, 0]}, "tricks"),
        ({"captured": "QS KS", "tricks": None}, "captured"),
        ({"captured": [["QS", 7], None], "tricks": None}, "captured"),
        ({"melds": "none"}, "melds"),
        ({"melds": [["7C 8C 9C"], None]}, "melds"),
        ({"meld_points": [True, 5]}, "meld_points"),
        ({"meld_counts": [1, "1"]}, "meld_counts"),
        ({"jokers": [1.5, 0]}, "jokers"),
    ],
)
def test_parse_hand_refuses_wrong_types_naming_the_field(fields, field):
    record = {**quick(0, 1, (6, 7), (5, 5), (1, 1)), **fields}
    with pytest.raises(RuleError) as error:
        parse_hand(record, 5)
    assert error.value.field == field and error.value.deal == 5


def test_parse_hand_refuses_what_is_not_a_record():
    with pytest.raises(RuleError):
        parse_hand(["declarer", 0], 1)  # type: ignore[arg-type]


def test_parse_hand_with_a_setup_checks_the_options():
    record = quick(0, 1, (6, 7), (5, 5), (1, 1), "clubs")
    assert parse_hand(record, 1).trump is not None
    with pytest.raises(RuleError, match="no-trump only"):
        parse_hand(record, 1, setup(no_trump_only=True))


def test_records_round_trip():
    records = [
        quick(2, 3, (6, 7), (15, 25), (3, 2), "hearts"),
        {
            "declarer": 1,
            "bid": 2,
            "trump": "spades",
            "captured": [RUN_PILE, None],
            "melds": [[list(SPADES)], None],
        },
        {
            "declarer": 0,
            "bid": 1,
            "trump": None,
            "tricks": [1, 12],
            "melds": [[["2C", "JOKER", "4C"]], []],
            "jokers": [1, 1],
        },
    ]
    for record in records:
        parsed = parse_hand(record, 1)
        assert parse_hand(hand_to_dict(parsed), 1) == parsed
    result = play(SETUP, hand(1, **records[1])).hands[0]
    derived = derived_hand_dict(result)
    assert set(derived) == {
        "number",
        "dealer",
        "tricks",
        "melds",
        "meld_points",
        "made",
        "slam",
        "scores",
    }
    # A record carrying its derived fields reads back the same.
    again = parse_hand({**hand_to_dict(result.hand), **derived}, 1)
    assert sviten.score_hand(SETUP, again, 1).scores == result.scores


def test_setup_round_trip_and_checks():
    game = Setup(players=PLAYERS, first_dealer=3, options=Options(hand_cap=12, jokers=True))
    assert Setup.from_dict(game.to_dict()) == game
    assert Setup.from_dict({"players": list(PLAYERS)}) == SETUP
    assert game.pair_label(1) == "E–W (Ben & Dan)"
    for bad in (
        {"players": ["A", "B", "C"]},
        {"players": ["A", "B", "C", "a"]},
        {"players": ["A", "B", "C", " "]},
        {"players": list(PLAYERS), "first_dealer": 4},
        {"players": list(PLAYERS), "first_dealer": True},
        {"players": list(PLAYERS), "options": {"hand_cap": 0}},
        {"players": list(PLAYERS), "options": {"hand_cap": True}},
        {"players": list(PLAYERS), "options": {"failed_bid": "forgive"}},
        {"players": list(PLAYERS), "options": {"slam_bonus": 1}},
        {"players": list(PLAYERS), "options": {"wild": True}},
    ):
        with pytest.raises(RuleError):
            Setup.from_dict(bad)


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=60)
@given(
    records=st.lists(quick_hands(), min_size=1, max_size=12),
    failed_bid=st.sampled_from(["minus_bid", "keep_points"]),
    cap=st.sampled_from([None, 3, 6]),
)
def test_property_totals_are_the_sum_of_hand_scores(records, failed_bid, cap):
    game = setup(failed_bid=failed_bid, hand_cap=cap)
    events: list[Event] = []
    for record in records:
        if state_of(game, events).finished:
            break
        events.append(hand(len(events) + 1, **record))
    state = state_of(game, events)
    assert state == state_of(game, events)  # the same log always gives the same state
    for pair in range(2):
        assert state.totals[pair] == sum(result.scores[pair] for result in state.hands)
    running = (0, 0)
    for result in state.hands:
        running = (running[0] + result.scores[0], running[1] + result.scores[1])
        assert result.totals == running
        assert result.made == (result.meld_counts[result.declarers] >= result.bid)
    assert state.winner == sviten.match_winner(game, state.hands)
    if state.winner is not None:
        assert (state.finished and max(state.totals) >= 100) or cap is not None
    # Undoing the last hand gives the state before it.
    if state.hands:
        undone = state_of(game, [*events, Event("undo")])
        assert undone.hands == state.hands[:-1]


@settings(max_examples=25)
@given(
    cards=st.lists(st.sampled_from(PACK), min_size=0, max_size=13, unique=True),
    declarer=st.integers(0, 3),
    bid=st.integers(1, 6),
)
def test_property_chosen_melds_are_legal_and_the_piles_complete(cards, declarer, bid):
    pile = cards[: len(cards) // 4 * 4]
    state = play(
        SETUP, hand(1, declarer=declarer, bid=bid, trump="diamonds", captured=[pile, None])
    )
    result = state.hands[0]
    assert sum(result.tricks) == 13
    for pair in range(2):
        own = [card.code for card in result.hand.captured[pair]]
        points = meld_check.meld_points(result.melds[pair], "diamonds", cards=own)
        assert points == result.meld_points[pair]
    assert set(PACK) == {card.code for pile in result.hand.captured for card in pile}


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 60)
    | st.floats(allow_nan=False)
    | st.text(max_size=4)
    | st.sampled_from(["QS", "10H", "JOKER", "spades", "hearts"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)
FIELDS = [
    "declarer",
    "bid",
    "trump",
    "captured",
    "tricks",
    "melds",
    "meld_points",
    "meld_counts",
    "jokers",
]


@settings(max_examples=300)
@given(
    base=quick_hands(),
    changes=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=3),
)
def test_property_bad_records_give_rule_errors_not_crashes(base, changes):
    record = {**base, **changes}
    try:
        parsed = parse_hand(record, 2, setup(jokers=True))
    except RuleError as error:
        assert error.deal == 2 and str(error)
    else:
        assert isinstance(parsed, sviten.Hand)
    with contextlib.suppress(RuleError):
        play(SETUP, hand(1, **record))
