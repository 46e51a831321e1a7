"""A Klaberjass hand as entered at the table (sequences by length, suit and top card; card points
typed or counted from tapped cards) becomes the record the engine reads, or a clear refusal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games import klaberjass
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.klaberjass.entry import card_points, hand_record, run_cards, sequences

PLAYERS = ("Anna", "Ben")
PACK = [card.code for card in klaberjass.pack()]


def test_a_sequence_is_its_length_suit_and_top_card():
    assert run_cards("4", "♠", "K", "Anna") == ["KS", "QS", "JS", "10S"]
    assert run_cards("3", "♥", "9", "Anna") == ["9H", "8H", "7H"]
    assert run_cards("", "", "", "Anna") is None


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (("4", "", "K"), "Choose the length, suit and top card of Anna's sequence."),
        (("4", "♠", "9"), "Anna's 4-card run cannot start at the 9: the top card of a run of 4"),
        (("9", "♠", "A"), "A sequence has 3 to 8 cards: Anna's has 9."),
        (("x", "♠", "A"), "Choose the length, suit and top card"),
    ],
)
def test_a_half_filled_or_impossible_sequence_is_refused(row, message):
    with pytest.raises(RuleError, match=message) as caught:
        run_cards(*row, "Anna")
    assert caught.value.field == "sequences"


def test_each_players_rows_become_their_sequences():
    rows = [[("3", "♦", "A"), ("", "", "")], [("", "", ""), ("5", "♣", "J")]]
    assert sequences(rows, PLAYERS) == [[["AD", "KD", "QD"]], [["JC", "10C", "9C", "8C", "7C"]]]


def test_typed_points_need_both_players():
    assert card_points([[], []], [None, None], Suit.SPADES, PLAYERS) == {}
    assert card_points([[], []], [80, 72], Suit.SPADES, PLAYERS) == {"card_points": [80, 72]}
    with pytest.raises(RuleError, match="Enter Ben's card points, or tap the cards Ben captured"):
        card_points([[], []], [80, None], Suit.SPADES, PLAYERS)


def test_one_pile_is_counted_and_a_typed_number_must_match_it():
    pile = ["JS", "9S", "AH", "10H"]  # trump jack 20 + nine 14 + 11 + 10
    assert card_points([pile, []], [None, 50], Suit.SPADES, PLAYERS) == {"card_points": [55, 50]}
    with pytest.raises(RuleError, match=r"Anna's card points \(54\) do not match .* \(55\)"):
        card_points([pile, []], [54, 50], Suit.SPADES, PLAYERS)
    with pytest.raises(RuleError, match="3 cards, but tricks have two cards each") as caught:
        card_points([pile[:3], []], [None, 50], Suit.SPADES, PLAYERS)
    assert caught.value.field == "captured"


def test_both_piles_keep_the_cards():
    piles = [PACK[:10], PACK[10:18]]
    assert card_points(piles, [None, None], Suit.HEARTS, PLAYERS) == {"captured": piles}


@given(st.permutations(PACK), st.integers(1, 8), st.sampled_from(list(Suit)))
def test_counted_points_equal_what_the_engine_counts(pack, tricks, trump):
    piles = [pack[: 2 * tricks], pack[2 * tricks : 18]]
    assert card_points(piles, [None, None], trump, PLAYERS) == {"captured": piles}
    entered = card_points([piles[0], []], [None, 0], trump, PLAYERS)
    counted = klaberjass.count_card_points(
        [card for card in klaberjass.pack() if card.code in piles[0]], trump
    )
    assert entered["card_points"] == [counted, 0]


def test_the_record_follows_table_order():
    assert hand_record(
        thrown_in=True,
        maker=None,
        trump=None,
        bella=None,
        last_trick=None,
        runs=[[], []],
        piles=[[], []],
        typed=[None, None],
        players=PLAYERS,
    ) == {"thrown_in": True}
    early = hand_record(
        thrown_in=False,
        maker=0,
        trump=None,
        bella=None,
        last_trick=None,
        runs=[[("4", "", "")], []],
        piles=[[], []],
        typed=[None, None],
        players=PLAYERS,
    )
    assert early == {"maker": 0, "trump": None, "bella": None, "last_trick": None}
    whole = hand_record(
        thrown_in=False,
        maker=1,
        trump="hearts",
        bella=1,
        last_trick=0,
        runs=[[("3", "♠", "A")], []],
        piles=[[], []],
        typed=[70, 60],
        players=PLAYERS,
    )
    assert whole["sequences"] == [[["AS", "KS", "QS"]], []]
    assert whole["card_points"] == [70, 60]
    hand = klaberjass.parse_hand(whole, 1, PLAYERS)
    assert hand.maker == 1 and hand.card_points == (70, 60)
