"""Klaberjass card points that no deal can produce are refused, typed or tapped (issue 13).

Only 18 of the 32 cards are played (the two hands of nine), in nine tricks of two; the player
who took the last trick has a trick; every declared card (sequences, bella) is among the 18.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import records
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import RuleError
from scorekeeper.games.klaberjass import (
    PLAYED_CARDS,
    Setup,
    card_value,
    count_card_points,
    hand_event,
    pack,
    parse_hand,
)
from tests.games import state_of

PLAYERS = ("Anna", "Ben")
SETUP = Setup(PLAYERS)


def hand(
    card_points: list[int] | None,
    *,
    trump: str = "hearts",
    last_trick: int = 0,
    sequences: tuple[list, list] = ([], []),
    bella: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "maker": 0,
        "trump": trump,
        "sequences": [list(sequences[0]), list(sequences[1])],
        "bella": bella,
        "last_trick": last_trick,
        **extra,
    }
    if card_points is not None:
        data["card_points"] = card_points
    return data


def refusal(data: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as info:
        state_of(SETUP, [hand_event(1, data)])
    assert info.value.deal == 1
    return info.value


# --- totals 18 cards cannot make ---------------------------------------------------------


@pytest.mark.parametrize("last_trick", [0, 1])
@pytest.mark.parametrize("points", [[143, 3], [141, 5], [3, 143], [5, 141]])
def test_a_split_of_the_best_18_cards_that_leaves_one_player_a_sliver_is_refused(
    points, last_trick
):
    # 146 in all means the 18 played cards are the 18 most valuable: any trick holds 6 or more.
    error = refusal(hand(points, last_trick=last_trick))
    assert error.field == "card_points"
    assert error.message.startswith(f"No deal gives Anna {points[0]} and Ben {points[1]} card")


def test_all_146_to_one_player_needs_the_last_trick_too():
    assert state_of(SETUP, [hand_event(1, hand([146, 0], last_trick=0))]).hands[0].card_points == (
        146,
        0,
    )
    error = refusal(hand([146, 0], last_trick=1))
    assert (
        error.message
        == "No deal gives Anna 146 and Ben 0 card points when Ben takes the last trick."
    )
    assert error.field == "card_points"
    # Ben took the last trick, so Ben has a trick: Anna cannot have all 18 cards.
    error = refusal(hand([0, 146], last_trick=0))
    assert "when Anna takes the last trick" in error.message


@pytest.mark.parametrize("points", [[0, 0], [10, 0], [0, 17], [9, 8]])
def test_totals_below_what_any_18_cards_hold_are_refused(points):
    # The 11 cards worth nothing, then the three plain jacks and four queens: 18 at least.
    error = refusal(hand(points))
    assert error.message == (
        f"Anna and Ben's card points add up to {sum(points)}, but any 18 played cards are worth "
        "at least 18."
    )
    assert error.field == "card_points"


def test_the_least_18_cards_hold_is_accepted():
    state = state_of(SETUP, [hand_event(1, hand([18, 0]))])
    assert state.hands[0].card_points == (18, 0)


# --- the declared cards are among the played ones ---------------------------------------------


def test_a_declared_sequence_counts_among_the_played_cards():
    # A K Q J of spades (not trumps) are worth 11 + 4 + 3 + 2 = 20 in tricks, whoever won them.
    spades = [["AS", "KS", "QS", "JS"]]
    error = refusal(hand([0, 0], sequences=(spades, [])))
    assert error.message == (
        "Anna and Ben's card points add up to 0, but the 18 played cards include the declared "
        "A♠ K♠ Q♠ J♠ and are worth at least 27."
    )
    assert error.field == "card_points"
    # 20 is enough for 18 cards, not for 18 cards with these four among them.
    assert "worth at least 27" in refusal(hand([10, 10], sequences=(spades, []))).message
    assert state_of(SETUP, [hand_event(1, hand([17, 10], sequences=(spades, [])))])


def test_bella_and_a_trump_sequence_count_among_the_played_cards():
    # Trumps spades: bella K♠ Q♠ and the sequence A♠ K♠ Q♠ are worth 18; with 15 more cards
    # at least 27, so 10 and 10 cannot be right.
    data = hand([10, 10], trump="spades", sequences=([["AS", "KS", "QS"]], []), bella=0)
    error = refusal(data)
    assert "include the declared A♠ K♠ Q♠ and are worth at least 27" in error.message
    # Bella in hearts beside A K Q of spades: 7 + 18.
    data = hand([10, 10], sequences=([], [["AS", "KS", "QS"]]), bella=0)
    assert refusal(data).message == (
        "Anna and Ben's card points add up to 20, but the 18 played cards include the declared "
        "K♥ Q♥ A♠ K♠ Q♠ and are worth at least 29."
    )


def test_declared_cards_worth_nothing_leave_room_for_fewer_valuable_ones():
    # 9 8 7 of a plain suit are played, so only 15 cards can count: 146 is out of reach.
    data = hand([146, 0], sequences=([["9S", "8S", "7S"]], []))
    error = refusal(data)
    assert error.message == (
        "Anna and Ben's card points add up to 146, but the 18 played cards include the declared "
        "9♠ 8♠ 7♠ and are worth at most 137."
    )


# --- tapped cards follow the same rules ------------------------------------------------------


def test_a_declared_card_that_counts_must_be_among_the_tapped_ones():
    data = hand(
        None,
        sequences=([["AS", "KS", "QS"]], []),
        captured=[["JH", "9H", "7C", "8C"], ["10H", "AH"]],
    )
    error = refusal(data)
    assert error.message == "A♠ was in Anna's hand, but it is not among the captured cards."
    assert error.field == "captured"


def test_tapped_cards_that_leave_too_little_for_the_rest_are_refused():
    # 4 cards tapped worth 15; the other 14 played cards would all have to be worth nothing,
    # and only 11 cards are.
    error = refusal(hand(None, captured=[["AS", "KS"], ["7H", "8H"]]))
    assert error.message.startswith("4 cards are tapped as captured, and the other 14 of the 18")
    assert error.field == "captured"


def test_the_record_reader_names_the_hand():
    record = {
        "format": "scorekeeper-record/1",
        "game": "klaberjass",
        "players": list(PLAYERS),
        "first_dealer": 0,
        "options": {"target": 500},
        "hands": [
            {"maker": 0, "trump": "hearts", "last_trick": 0, "card_points": [60, 50]},
            {"maker": 1, "trump": "clubs", "last_trick": 1, "card_points": [143, 3]},
        ],
    }
    with pytest.raises(records.RecordError) as info:
        records.loads(json.dumps(record))
    assert any(line.startswith("hand 2: No deal gives Anna 143") for line in info.value.problems)


# --- the rule is exact -------------------------------------------------------------------------


def _by_enumeration(trump: Suit) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Every (Anna, Ben) card points that 18 cards split into tricks of two can make, by
    listing every (points, cards) both piles can reach class of equal values by class; one set
    for each player taking the last trick."""
    counts: dict[int, int] = {}
    for card in pack():
        value = card_value(card, trump)
        counts[value] = counts.get(value, 0) + 1
    states = {(0, 0, 0, 0)}  # (Anna's points, Ben's points, Anna's cards, Ben's cards)
    for value, k in counts.items():
        states = {
            (p0 + value * a, p1 + value * b, n0 + a, n1 + b)
            for p0, p1, n0, n1 in states
            for a in range(k + 1)
            for b in range(k + 1 - a)
            if n0 + n1 + a + b <= PLAYED_CARDS
        }
    found: tuple[set[tuple[int, int]], set[tuple[int, int]]] = (set(), set())
    for p0, p1, n0, n1 in states:
        if n0 + n1 == PLAYED_CARDS and n0 % 2 == 0 and n1 % 2 == 0:
            for last_trick in (0, 1):
                if (n0, n1)[last_trick]:
                    found[last_trick].add((p0, p1))
    return found


@pytest.mark.slow
def test_exactly_the_totals_some_18_cards_make_are_accepted():
    possible = _by_enumeration(Suit.CLUBS)
    for last_trick in (0, 1):
        for a, b in itertools.product(range(147), repeat=2):
            if a + b > 146:
                continue
            data = hand([a, b], trump="clubs", last_trick=last_trick)
            try:
                parse_hand(data, 1, PLAYERS)
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == ((a, b) in possible[last_trick]), (a, b, last_trick)


@st.composite
def played_deals(draw) -> tuple[dict[str, Any], list[list[str]]]:
    """A real deal: two hands of nine from the shuffled pack, sequences and bella the hands
    really hold, and a winner for each of the nine tricks."""
    order = draw(st.permutations(pack()))
    held = (list(order[:9]), list(order[9:18]))
    trump = draw(st.sampled_from(list(Suit)))
    sequences: list[list[list[str]]] = [[], []]
    for seat in (0, 1):
        for suit in Suit:
            ranks = [c for c in pack() if c.suit is suit and c in held[seat]]
            # A top run of three in this suit, when the hand holds one.
            for i in range(len(ranks) - 2):
                trio = ranks[i : i + 3]
                codes = [c.code for c in trio]
                positions = [c.rank for c in trio]
                order_ranks = ["A", "K", "Q", "J", "10", "9", "8", "7"]
                indices = [order_ranks.index(r) for r in positions]
                if indices == list(range(indices[0], indices[0] + 3)) and draw(st.booleans()):
                    sequences[seat].append(codes)
                    break
    bella = None
    bella_cards = {c for c in pack() if c.suit is trump and c.rank in ("K", "Q")}
    for seat in (0, 1):
        if bella_cards <= set(held[seat]) and draw(st.booleans()):
            bella = seat
    winners = draw(st.lists(st.integers(0, 1), min_size=9, max_size=9))
    captured: list[list[str]] = [[], []]
    for trick, winner in enumerate(winners):
        captured[winner] += [held[0][trick].code, held[1][trick].code]
    data = hand(None, trump=trump.record_name, last_trick=winners[-1], bella=bella)
    data["sequences"] = sequences
    return data, captured


@settings(max_examples=150)
@given(played_deals())
def test_points_a_real_deal_gives_are_accepted_typed_or_tapped(deal):
    data, captured = deal
    trump = Suit.from_name(data["trump"])
    cards = [[c for c in pack() if c.code in pile] for pile in captured]
    typed = {**data, "card_points": [count_card_points(pile, trump) for pile in cards]}
    # Overlapping sequences in one suit would be refused for another reason; skip those.
    try:
        parse_hand(typed, 1, PLAYERS)
    except RuleError as error:
        assert error.field == "sequences", error.message
        return
    parse_hand({**data, "captured": captured}, 1, PLAYERS)
