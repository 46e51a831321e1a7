"""The Klaberjass engine: settlement, sequences, card points, game end, corrections, undo,
validation messages, and properties of random legal games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.klaberjass import (
    PACK_RANKS,
    Hand,
    Options,
    Outcome,
    Setup,
    card_value,
    correct_event,
    count_card_points,
    derived_hand_dict,
    hand_event,
    hand_to_dict,
    max_card_points,
    pack,
    parse_hand,
)
from tests.games import state_after, state_of
from tests.games.klaberjass.legal import (
    PLAYERS,
    SETUP,
    events_for,
    hand,
    legal_hands,
    play,
    play_until_over,
)

UNDO = Event("undo")


def scoring(anna: int, ben: int) -> dict[str, Any]:
    """A hand in which the maker wins with card points and the last trick, so that the two
    players score exactly ``anna`` and ``ben``."""
    if anna > ben:
        return hand(maker=0, last_trick=0, card_points=(anna - 10, ben))
    return hand(maker=1, last_trick=1, card_points=(anna, ben - 10))


def refused(events: list[Event], event: Event, setup: Setup = SETUP) -> RuleError:
    with pytest.raises(RuleError) as info:
        state_after(setup, events, event)
    return info.value


# --- setup ---------------------------------------------------------------------------------------


def test_setup_round_trips_and_defaults_to_500():
    setup = Setup.from_dict({"players": [" Anna ", "Ben"], "first_dealer": 1})
    assert setup.players == ("Anna", "Ben")
    assert setup.target == 500
    assert setup.to_dict() == {
        "players": ["Anna", "Ben"],
        "first_dealer": 1,
        "options": {"target": 500},
    }
    assert Setup.from_dict(setup.to_dict()) == setup
    assert Setup.from_dict({"players": ["A", "B"], "options": {"target": 300}}).target == 300
    assert Setup(["A", "B"], options={"target": 250}) == Setup(("A", "B"), 0, Options(250))


@pytest.mark.parametrize(
    ("raw", "message", "field"),
    [
        ({"players": ["Anna"]}, "Klaberjass needs exactly two players.", "players"),
        ({"players": ["Anna", "Ben", "Cy"]}, "Klaberjass needs exactly two players.", "players"),
        ({"players": ["Anna", " "]}, "Every player needs a name.", "players"),
        ({"players": ["Anna", "anna"]}, "Both players are called anna.", "players"),
        ({"players": "Anna, Ben"}, "players must be a list of two names.", "players"),
        (
            {"players": ["Anna", "Ben"], "first_dealer": 2},
            "The first dealer must be one of the two players (seat 0 or 1).",
            "first_dealer",
        ),
        (
            {"players": ["Anna", "Ben"], "first_dealer": True},
            "The first dealer must be one of the two players (seat 0 or 1).",
            "first_dealer",
        ),
        (
            {"players": ["Anna", "Ben"], "first_dealer": 0.0},
            "The first dealer must be one of the two players (seat 0 or 1).",
            "first_dealer",
        ),
        (
            {"players": ["Anna", "Ben"], "options": {"target": "500"}},
            "The target must be a whole number of points.",
            "target",
        ),
        (
            {"players": ["Anna", "Ben"], "options": {"target": 0}},
            "The target must be between 1 and 100000 points.",
            "target",
        ),
        (
            {"players": ["Anna", "Ben"], "options": {"goal": 300}},
            "Unknown Klaberjass option: goal.",
            "options",
        ),
    ],
)
def test_bad_setups_are_refused(raw, message, field):
    with pytest.raises(RuleError) as info:
        Setup.from_dict(raw)
    assert info.value.message == message
    assert info.value.field == field


def test_the_deal_alternates_and_the_non_dealer_is_elder():
    setup = Setup(PLAYERS, first_dealer=1)
    state = play(scoring(20, 30), {"thrown_in": True}, scoring(30, 20), setup=setup)
    assert [h.dealer for h in state.hands] == [1, 0, 1]
    assert [h.elder for h in state.hands] == [0, 1, 0]
    assert state.current_hand == 4
    assert state.current_dealer == 0
    assert state.current_elder == 1


# --- settlement ----------------------------------------------------------------------------------


def test_maker_ahead_both_keep_their_own_totals():
    state = play(hand(maker=0, card_points=(80, 50), last_trick=0))
    result = state.hands[0]
    assert result.card_points == (80, 50)
    assert result.last_trick_points == (10, 0)
    assert result.hand_totals == (90, 50)
    assert result.scores == (90, 50)
    assert result.outcome is Outcome.MAKER_AHEAD
    assert result.settlement == "Anna made trumps and scored more: Anna takes 90, Ben takes 50"
    assert state.totals == (90, 50)


def test_a_tie_gives_the_maker_nothing():
    state = play(hand(maker=0, card_points=(60, 70), last_trick=0))
    result = state.hands[0]
    assert result.hand_totals == (70, 70)
    assert result.scores == (0, 70)
    assert result.outcome is Outcome.TIE
    assert result.settlement == "Anna made trumps and tied at 70: Ben takes 70, Anna 0"


def test_opponent_ahead_takes_both_totals():
    state = play(hand(maker=0, card_points=(60, 81), last_trick=1))
    result = state.hands[0]
    assert result.hand_totals == (60, 91)
    assert result.scores == (0, 151)
    assert result.outcome is Outcome.OPPONENT_AHEAD
    assert result.settlement == "Anna made trumps and scored less: Ben takes 151"


def test_hand_total_adds_sequences_bella_card_points_and_last_trick():
    sequences = ([["7S", "8S", "9S", "10S"]], [["7C", "8C", "9C"]])
    state = play(
        hand(maker=1, sequences=sequences, bella=1, card_points=(40, 62), last_trick=0),
    )
    result = state.hands[0]
    assert result.sequence_points == (50, 0)
    assert result.bella_points == (0, 20)
    assert result.hand_totals == (50 + 40 + 10, 20 + 62)
    assert result.scores == (100 + 82, 0)  # Ben made trumps and scored less


def test_a_thrown_in_hand_scores_nothing_and_the_deal_passes():
    state = play(scoring(40, 30), {"thrown_in": True})
    result = state.hands[1]
    assert result.thrown_in and result.maker is None and result.trump is None
    assert result.scores == (0, 0) and result.hand_totals == (0, 0)
    assert result.totals == (40, 30) == state.totals
    assert result.outcome is Outcome.THROWN_IN
    assert result.dealer == 1
    assert result.settlement == "Thrown in: no score; Anna deals next"
    assert state.current_hand == 3 and state.current_dealer == 0


# --- the end of the game -------------------------------------------------------------------------


def test_the_game_ends_when_someone_reaches_500():
    hands = [scoring(140, 10)] * 4
    state = play(*hands[:3])
    assert state.totals == (420, 30) and not state.finished and state.winner is None
    state = play(*hands)
    assert state.totals == (560, 40)
    assert state.finished and state.winner == 0
    assert state.current_hand is None and state.current_dealer is None
    error = refused(events_for(*hands), hand_event(5, scoring(20, 30)))
    assert error.message == "The game is over: Anna won. No more hands can be recorded."
    assert error.deal == 5


def test_reaching_exactly_the_target_wins():
    state = play(scoring(90, 0), setup=Setup(PLAYERS, options=Options(target=90)))
    assert state.winner == 0


# Seven hands that bring Anna to 440 and Ben to 460.
TO_440_460 = [scoring(60, 70)] * 4 + [scoring(100, 40)] * 2 + [scoring(0, 100)]


def test_both_reach_500_in_one_hand_the_higher_wins():
    assert play(*TO_440_460).totals == (440, 460)
    state = play(*TO_440_460, scoring(90, 50))
    assert state.totals == (530, 510)
    assert state.finished and state.winner == 0  # Ben was ahead before the hand, Anna after


def test_both_reach_500_level_play_another_hand():
    state = play(*TO_440_460, scoring(80, 60))
    assert state.totals == (520, 520)
    assert not state.finished and state.winner is None
    assert state.current_hand == 9
    assert state.result_text == "Both have 520: play another hand"
    state = play(*TO_440_460, scoring(80, 60), scoring(0, 30))
    assert state.totals == (520, 550)
    assert state.winner == 1


# --- sequences -----------------------------------------------------------------------------------


def contest(anna: list, ben: list, trump: str = "hearts", setup: Setup = SETUP):
    # Card points any of these declarations allows: the declared cards are among the 18 played.
    data = hand(trump=trump, sequences=(anna, ben), card_points=(60, 40))
    return play(data, setup=setup).hands[0]


def test_a_longer_sequence_beats_a_shorter_one_even_in_trumps():
    result = contest([["AH", "KH", "QH"]], [["7C", "8C", "9C", "10C"]])
    assert result.sequence_winner == 1
    assert result.sequence_points == (0, 50)
    assert result.sequence_reason == "Ben's 4-card run beats Anna's 3-card run"


def test_at_equal_length_a_sequence_in_trumps_beats_a_plain_one():
    result = contest([["AS", "KS", "QS"]], [["7H", "8H", "9H"]])
    assert result.sequence_winner == 1
    assert result.sequence_points == (0, 20)
    assert result.sequence_reason == "Ben's 3-card run in trumps beats Anna's 3-card run"


def test_at_equal_length_both_plain_the_higher_top_card_wins():
    result = contest([["AS", "KS", "QS"]], [["KC", "QC", "JC"]])
    assert result.sequence_winner == 0
    assert result.sequence_points == (20, 0)
    assert result.sequence_reason == "Anna's 3-card run to the A♠ beats Ben's to the K♣"


def test_both_in_trumps_the_higher_top_card_wins():
    result = contest([["7H", "8H", "9H"]], [["JH", "QH", "KH"]])
    assert result.sequence_winner == 1


@pytest.mark.parametrize(("first_dealer", "non_dealer"), [(0, 1), (1, 0)])
def test_fully_equal_sequences_go_to_the_non_dealer(first_dealer, non_dealer):
    setup = Setup(PLAYERS, first_dealer=first_dealer)
    result = contest([["KS", "QS", "JS"]], [["KC", "QC", "JC"]], setup=setup)
    assert result.sequence_winner == non_dealer
    assert result.sequence_points[non_dealer] == 20
    assert result.sequence_points[1 - non_dealer] == 0
    assert "ties" in result.sequence_reason and "non-dealer" in result.sequence_reason


def test_the_best_sequence_scores_all_its_owners_sequences():
    result = contest([["10S", "9S", "8S"]], [["AC", "KC", "QC", "JC"], ["7D", "8D", "9D"]])
    assert result.sequence_points == (0, 70)


def test_only_one_player_with_a_sequence_scores_it():
    result = contest([], [["7D", "8D", "9D"]])
    assert result.sequence_winner == 1
    assert result.sequence_reason == "Only Ben declared a sequence"
    assert contest([], []).sequence_winner is None


@pytest.mark.parametrize(
    ("run", "value"),
    [
        (["QD", "KD", "JD"], 20),
        (["7D", "8D", "9D", "10D"], 50),
        (["7D", "8D", "9D", "10D", "JD", "QD", "KD"], 50),  # the seed: a 7-card run is 50
        (["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"], 50),
    ],
)
def test_three_cards_score_20_and_four_or_more_50(run, value):
    result = contest([run], [])
    assert result.sequence_points == (value, 0)
    assert len(result.sequences[0]) == 1 and result.sequences[0][0].length == len(run)


# --- card points ---------------------------------------------------------------------------------


def test_card_values_follow_the_seed():
    trump = Suit.HEARTS
    values = {rank: card_value(Card(rank, Suit.HEARTS), trump) for rank in PACK_RANKS}
    assert values == {"A": 11, "K": 4, "Q": 3, "J": 20, "10": 10, "9": 14, "8": 0, "7": 0}
    values = {rank: card_value(Card(rank, Suit.CLUBS), trump) for rank in PACK_RANKS}
    assert values == {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0}
    for suit in Suit:
        assert count_card_points(pack(), suit) == 152
        assert max_card_points(suit) == 146  # the 18 best cards: J 9 of trumps, A 10 K Q


def test_card_points_counted_from_captured_cards_equal_typed_numbers():
    anna = ["JH", "7H", "AS", "10S", "KC", "8D"]  # 20 + 0 + 11 + 10 + 4 + 0
    ben = ["9H", "QH", "JC", "7C"]  # 14 + 3 + 2 + 0
    counted = play(hand(card_points=None, captured=[anna, ben], last_trick=1))
    typed = play(hand(card_points=(45, 19), last_trick=1))
    assert counted.hands[0].card_points == (45, 19)
    assert counted.hands[0].hand_totals == typed.hands[0].hand_totals == (45, 29)
    assert counted.hands[0].scores == typed.hands[0].scores == (45, 29)
    both = play(hand(card_points=(45, 19), captured=[anna, ben], last_trick=1))
    assert both.totals == typed.totals


# --- validation ----------------------------------------------------------------------------------

SEQ = "sequences"
CP = "card_points"
CAP = "captured"


@pytest.mark.parametrize(
    ("data", "message", "field"),
    [
        (
            hand(card_points=(170, 0)),
            "Anna's card points (170) are more than 9 tricks can hold (146 at most).",
            CP,
        ),
        (
            hand(card_points=(100, 60)),
            "Anna and Ben's card points add up to 160, more than the 18 played cards hold "
            "(146 at most).",
            CP,
        ),
        (hand(card_points=(-1, 0)), "Anna's card points (-1) cannot be negative.", CP),
        (
            hand(card_points=(0, 1)),
            "Ben's card points (1) are not a total that cards can make.",
            CP,
        ),
        (hand(card_points=(12.0, 0)), "Anna's card points must be a whole number, not 12.0.", CP),
        (hand(card_points=(True, 0)), "Anna's card points must be a whole number, not true.", CP),
        (hand(card_points=("12", 0)), 'Anna\'s card points must be a whole number, not "12".', CP),
        (
            hand(card_points=[10]),
            "card_points must give both players' card points, like [81, 62].",
            CP,
        ),
        (
            hand(card_points=None),
            "Record each player's card points, or the cards each captured.",
            CP,
        ),
        (hand(sequences=([["6S", "7S", "8S"]], [])), "6♠ is not in a 32-card pack.", SEQ),
        (
            hand(sequences=([["QH", "KH", "JH"]], [["QH", "10H", "JH"]])),
            "Q♥ is in two sequences.",
            SEQ,
        ),
        (
            hand(sequences=([["AH", "KH", "QH"], ["QH", "JH", "10H"]], [])),
            "Q♥ is in two sequences.",
            SEQ,
        ),
        (
            hand(sequences=([["7H", "8H"]], [])),
            "A sequence needs at least three cards: Anna's 8♥ 7♥ is too short.",
            SEQ,
        ),
        (
            hand(sequences=([["7H", "8H", "9S"]], [])),
            "9♠ 8♥ 7♥ is not a sequence: its cards must all be of one suit.",
            SEQ,
        ),
        (
            hand(sequences=([], [["7H", "8H", "10H"]])),
            "10♥ 8♥ 7♥ is not a sequence: the cards must follow each other (A K Q J 10 9 8 7).",
            SEQ,
        ),
        (
            hand(sequences=([["7H", "8H", "9H"], ["10H", "JH", "QH"]], [])),
            "9♥ 8♥ 7♥ and Q♥ J♥ 10♥ follow each other: declare Q♥ J♥ 10♥ 9♥ 8♥ 7♥ as one sequence.",
            SEQ,
        ),
        (
            hand(sequences=([["XX", "8H", "9H"]], [])),
            "'XX' is not a card code (like QS or 10H).",
            SEQ,
        ),
        ({**hand(), "sequences": "7H 8H 9H"}, "sequences must give both players' sequences", SEQ),
        (
            hand(sequences=([["AS", "KS", "QS"], ["AC", "KC", "QC"], ["AD", "KD", "QD"]], []))
            | {"bella": 0},
            "Anna's sequences and bella need 11 cards, but a player holds only 9.",
            "bella",
        ),
        (
            hand(sequences=([], [["KH", "QH", "JH"]]), bella=0),
            "Anna holds bella (K♥ Q♥), so Ben cannot have K♥ in a sequence.",
            "bella",
        ),
        (hand(bella=2), "Bella must be one of the two players (seat 0 or 1).", "bella"),
        (
            hand(maker=None),
            "Who made trumps? Record the maker, or that the hand was thrown in.",
            "maker",
        ),
        (hand(maker=2), "The maker must be one of the two players (seat 0 or 1).", "maker"),
        (hand(maker=True), "The maker must be one of the two players (seat 0 or 1).", "maker"),
        (hand(maker="0"), "The maker must be one of the two players (seat 0 or 1).", "maker"),
        (hand(trump="stars"), "The trump suit must be spades, hearts, diamonds or clubs.", "trump"),
        (hand(trump=None), "Record the trump suit.", "trump"),
        (hand(last_trick=None), "Record who took the last trick.", "last_trick"),
        (
            hand(last_trick=1.0),
            "The last trick must be one of the two players (seat 0 or 1).",
            "last_trick",
        ),
        (hand(bid="spel"), "Unknown hand field: bid.", "bid"),
        ({"thrown_in": "yes"}, "thrown_in must be true or false.", "thrown_in"),
        (
            {"thrown_in": True, "maker": 0},
            "A thrown-in hand scores nothing: leave out maker.",
            "maker",
        ),
        (
            hand(card_points=None, captured=[["AS", "KS", "QS"], []]),
            "Anna captured 3 cards, but tricks have two cards each: it must be an even number.",
            CAP,
        ),
        (
            hand(card_points=None, captured=[["AS", "AS"], []]),
            "A♠ is listed twice in Anna's captured cards.",
            CAP,
        ),
        (
            hand(card_points=None, captured=[["AS", "KS"], ["AS", "QS"]]),
            "A♠ is in both Anna's and Ben's captured cards.",
            CAP,
        ),
        (
            hand(card_points=None, captured=[[], ["5S", "QS"]]),
            "5♠ is not in a 32-card pack.",
            CAP,
        ),
        (
            hand(card_points=None, captured=[[c.code for c in pack()[:20]], []]),
            "The captured cards number 20, but only 18 cards (9 tricks) are played.",
            CAP,
        ),
        (
            hand(card_points=None, captured=[[], ["AS", "KS"]], last_trick=0),
            "Anna took the last trick but has no captured cards.",
            "last_trick",
        ),
        (
            hand(
                card_points=None,
                sequences=([["AH", "KH", "QH"]], []),
                captured=[[c.code for c in pack()[:8] + pack()[16:26]], []],
            ),
            "A♥ was in Anna's hand, but it is not among the captured cards.",
            CAP,
        ),
        (
            hand(card_points=(40, 0), captured=[["JH", "9H"], []]),
            "Anna's card points (40) do not match the cards Anna captured (34).",
            CP,
        ),
    ],
)
def test_invalid_hands_are_refused_with_a_message(data, message, field):
    error = refused([], hand_event(1, data))
    assert error.message.startswith(message)
    assert error.field == field
    assert error.deal == 1


@pytest.mark.parametrize(
    ("event", "message", "field"),
    [
        (hand_event(2, scoring(10, 20)), "This is hand 1, not hand 2.", "number"),
        (
            Event("hand", scoring(10, 20)),
            "Which hand is this for? The hand number is missing.",
            "number",
        ),
        (
            Event("hand", {**scoring(10, 20), "number": "1"}),
            "Which hand is this for? The hand number is missing.",
            "number",
        ),
        (
            correct_event(1, scoring(10, 20)),
            "Hand 1 has not been played yet: there is nothing to correct.",
            "number",
        ),
        (Event("redeal", {"number": 1}), "Unknown action 'redeal'.", "kind"),
    ],
)
def test_events_must_fit_the_game(event, message, field):
    error = refused([], event)
    assert error.message == message
    assert error.field == field


def test_a_recorded_hand_cannot_be_recorded_again():
    error = refused(events_for(scoring(10, 20)), hand_event(1, scoring(20, 10)))
    assert error.message == "Hand 1 is already recorded; use Correct to change it."


HAND_KEYS = ["maker", "trump", "sequences", "bella", "last_trick", "card_points", "captured"]


@pytest.mark.slow
@given(
    st.dictionaries(
        st.sampled_from([*HAND_KEYS, "thrown_in", "number", "extra"]),
        st.recursive(
            st.none()
            | st.booleans()
            | st.integers(-5, 200)
            | st.floats()
            | st.text(max_size=4)
            | st.sampled_from(["hearts", "JH", "7S", "10C", "6D"]),
            lambda inner: st.lists(inner, max_size=4),
            max_leaves=12,
        ),
    )
)
@settings(max_examples=200)
def test_any_junk_is_a_rule_error_never_a_crash(data):
    try:
        result = parse_hand(data, 1, PLAYERS)
    except RuleError as error:
        assert error.message and error.deal == 1
    else:
        assert isinstance(result, Hand)
        assert parse_hand(hand_to_dict(result), 1, PLAYERS) == result


# --- corrections and undo ------------------------------------------------------------------------


def test_a_correction_re_derives_later_totals():
    events = events_for(scoring(60, 20), scoring(30, 40), scoring(50, 10))
    assert state_of(SETUP, events).totals == (140, 70)
    state = state_after(
        SETUP, events, correct_event(1, hand(maker=0, card_points=(60, 81), last_trick=1))
    )
    assert state.hands[0].scores == (0, 151)
    assert [h.totals for h in state.hands] == [(0, 151), (30, 191), (80, 201)]
    assert state.totals == (80, 201)
    assert state.hands[0].settlement == "Anna made trumps and scored less: Ben takes 151"
    assert state.history[-1].summary.startswith("corrected: hand 1")


def test_a_correction_that_would_end_the_game_earlier_is_refused():
    events = events_for(*[scoring(140, 10)] * 3, scoring(20, 30))
    assert state_of(SETUP, events).totals == (440, 60)
    runs = [["AS", "KS", "QS", "JS"], ["AD", "KD", "QD", "JD"]]
    big = hand(maker=0, sequences=(runs, []), card_points=(136, 0), last_trick=0)  # 246
    error = refused(events, correct_event(2, big))
    assert error.message == (
        "This correction would make hand 4 illegal: The game was over after hand 3 "
        "(Anna won), so hand 4 cannot be played."
    )
    assert error.deal == 4


def test_a_correction_can_reopen_a_finished_game():
    events = events_for(*[scoring(140, 10)] * 4)
    assert state_of(SETUP, events).finished
    state = state_after(SETUP, events, correct_event(4, {"thrown_in": True}))
    assert not state.finished and state.totals == (420, 30) and state.current_hand == 5


def test_a_correction_that_changes_nothing_is_refused():
    events = events_for(scoring(60, 20))
    error = refused(events, correct_event(1, scoring(60, 20)))
    assert error.message == "That is what hand 1 already says."


def test_an_invalid_correction_names_its_hand():
    events = events_for(scoring(60, 20), scoring(30, 40))
    error = refused(events, correct_event(1, hand(card_points=(200, 0))))
    assert error.deal == 1 and error.field == "card_points"


def test_undo_takes_back_hands_and_corrections():
    events = events_for(scoring(60, 20), scoring(30, 40))
    corrected = [*events, correct_event(1, scoring(20, 60))]
    assert state_of(SETUP, corrected).totals == (50, 100)
    state = state_of(SETUP, [*corrected, UNDO])
    assert state.totals == (90, 60)
    assert state.history[2].undone and not state.history[1].undone
    state = state_of(SETUP, [*corrected, UNDO, UNDO])
    assert state.totals == (60, 20) and state.current_hand == 2
    state = state_of(SETUP, [*corrected, UNDO, UNDO, hand_event(2, scoring(0, 30))])
    assert state.totals == (60, 50)


def test_undo_reopens_a_finished_game_and_needs_something_to_undo():
    events = events_for(*[scoring(140, 10)] * 4)
    state = state_of(SETUP, [*events, UNDO])
    assert not state.finished and state.current_hand == 4
    assert refused([], UNDO).message == "There is nothing to undo."
    assert refused([hand_event(1, scoring(10, 20)), UNDO], UNDO).message == (
        "There is nothing to undo."
    )


def test_records_round_trip_and_show_derived_fields():
    data = hand(
        maker=1,
        trump="spades",
        sequences=([["9D", "8D", "7D"]], [["QS", "KS", "AS", "JS"]]),
        bella=1,
        last_trick=0,
        card_points=(50, 60),
    )
    parsed = parse_hand(data, 1, PLAYERS)
    assert hand_to_dict(parsed) == {
        **data,
        "sequences": [[["9D", "8D", "7D"]], [["AS", "KS", "QS", "JS"]]],
    }
    result = play(data).hands[0]
    assert derived_hand_dict(result) == {
        "number": 1,
        "dealer": 0,
        "sequence_winner": 1,
        "hand_totals": [60, 130],
        "scores": [60, 130],
    }
    assert parse_hand({**hand_to_dict(parsed), **derived_hand_dict(result)}, 1) == parsed


# --- properties of random legal games ------------------------------------------------------------


@settings(max_examples=40)
@given(
    st.lists(legal_hands(), min_size=1, max_size=8),
    st.integers(0, 1),
    st.sampled_from([150, 300, 500]),
)
def test_random_legal_games(hands, first_dealer, target):
    setup = Setup(PLAYERS, first_dealer=first_dealer, options=Options(target=target))
    events, state = play_until_over(setup, hands)
    running = (0, 0)
    for result in state.hands:
        assert min(result.scores) >= 0
        assert sum(result.scores) <= sum(result.hand_totals)
        running = (running[0] + result.scores[0], running[1] + result.scores[1])
        assert result.totals == running
        assert result.dealer == (first_dealer + result.number - 1) % 2
        if result.sequence_winner is not None:
            assert result.sequence_points[1 - result.sequence_winner] == 0
    assert state.totals == running
    assert state_of(setup, events) == state
    if state.finished:
        assert state.totals[state.winner] >= target
        assert state.totals[state.winner] > state.totals[1 - state.winner]
        with pytest.raises(RuleError):
            state_after(setup, events, hand_event(len(state.hands) + 1, {"thrown_in": True}))
    else:
        assert max(state.totals) < target or state.totals[0] == state.totals[1]
    if events:
        undone = state_of(setup, [*events, UNDO])
        assert undone.hands == state.hands[:-1] == state_of(setup, events[:-1]).hands


@settings(max_examples=40)
@given(legal_hands())
def test_captured_and_typed_card_points_score_the_same(data):
    parsed = parse_hand(data, 1, PLAYERS)
    assert parse_hand(hand_to_dict(parsed), 1, PLAYERS) == parsed
    if parsed.captured is None:
        return
    typed = {k: v for k, v in data.items() if k != "captured"}
    typed["card_points"] = list(parsed.points)
    a, b = play(data).hands[0], play(typed).hands[0]
    assert (a.card_points, a.hand_totals, a.scores) == (b.card_points, b.hand_totals, b.scores)
