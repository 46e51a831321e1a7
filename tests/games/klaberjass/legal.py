"""Klaberjass hands for the tests: written by hand, drawn legal by hypothesis, played to a game's
end."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.games.cards import Card, Suit
from scorekeeper.games.events import Event
from scorekeeper.games.klaberjass import (
    PACK_RANKS,
    Setup,
    State,
    hand_event,
    pack,
)
from tests.games import state_after, state_of

PLAYERS = ("Anna", "Ben")

SETUP = Setup(PLAYERS)  # Anna deals hand 1, so Ben is the elder hand in odd hands


def hand(
    maker: int = 0,
    trump: str = "hearts",
    sequences: tuple[list, list] = ([], []),
    bella: int | None = None,
    last_trick: int = 0,
    card_points: tuple[int, int] | None = (0, 0),
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "maker": maker,
        "trump": trump,
        "sequences": [list(sequences[0]), list(sequences[1])],
        "bella": bella,
        "last_trick": last_trick,
    }
    if card_points is not None:
        data["card_points"] = list(card_points)
    data.update(extra)
    return data


def events_for(*hands: dict[str, Any]) -> list[Event]:
    return [hand_event(number, data) for number, data in enumerate(hands, 1)]


def play(*hands: dict[str, Any], setup: Setup = SETUP) -> State:
    return state_of(setup, events_for(*hands))


PACK = pack()


def runs_in(cards: list[Card]) -> list[list[Card]]:
    """The maximal sequences (3+ cards in a row in one suit) among ``cards``."""
    runs = []
    for suit in Suit:
        indices = sorted(PACK_RANKS.index(c.rank) for c in cards if c.suit is suit)
        current: list[int] = []
        for index in [*indices, 99]:
            if current and index != current[-1] + 1:
                if len(current) >= 3:
                    runs.append([Card(PACK_RANKS[i], suit) for i in current])
                current = []
            current.append(index)
    return runs


# The seed's card values, written out again so that the engine's table is checked against them.
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}

PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def points_of(codes: list[str], trump: Suit) -> int:
    total = 0
    for code in codes:
        rank, suit = code[:-1], Suit(code[-1])
        total += (TRUMP_VALUES if suit is trump else PLAIN_VALUES).get(rank, 0)
    return total


@st.composite
def legal_hands(draw) -> dict[str, Any]:
    if draw(st.integers(0, 9)) == 0:
        return {"thrown_in": True}
    order = draw(st.permutations(PACK))
    held = (list(order[:9]), list(order[9:18]))
    trump = draw(st.sampled_from(list(Suit)))
    sequences = [
        [[c.code for c in run] for run in runs_in(cards) if draw(st.integers(0, 4)) > 0]
        for cards in held
    ]
    bella = None
    for seat in (0, 1):
        if {Card("K", trump), Card("Q", trump)} <= set(held[seat]) and draw(st.booleans()):
            bella = seat
    winners = draw(st.lists(st.integers(0, 1), min_size=9, max_size=9))
    captured: list[list[str]] = [[], []]
    for trick, winner in enumerate(winners):
        captured[winner] += [held[0][trick].code, held[1][trick].code]
    data: dict[str, Any] = {
        "maker": draw(st.integers(0, 1)),
        "trump": trump.record_name,
        "sequences": sequences,
        "bella": bella,
        "last_trick": winners[-1],
    }
    if draw(st.booleans()):
        data["captured"] = captured
    else:
        data["card_points"] = [points_of(pile, trump) for pile in captured]
    return data


def play_until_over(setup: Setup, hands: list[dict[str, Any]]) -> tuple[list[Event], State]:
    events: list[Event] = []
    state = state_of(setup, events)
    for data in hands:
        if state.finished:
            break
        event = hand_event(state.current_hand, data)
        state = state_after(setup, events, event)
        events.append(event)
    return events, state
