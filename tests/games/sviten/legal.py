"""Sviten hands for the tests: written by hand, quickly, and drawn by hypothesis."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.games import sviten
from scorekeeper.games.events import Event
from scorekeeper.games.sviten import (
    Setup,
)
from scorekeeper.games.sviten.meld_bounds import possible_points
from tests.games import state_of

PLAYERS = ("Anna", "Ben", "Carla", "Dan")

SETUP = Setup(players=PLAYERS)


def hand(number: int, **fields) -> Event:
    return Event("hand", {**fields, "number": number})


def quick(declarer, bid, tricks, points, counts, trump=None) -> dict:
    """A hand in quick mode: trick counts and typed meld points and counts."""
    return {
        "declarer": declarer,
        "bid": bid,
        "trump": trump,
        "tricks": list(tricks),
        "meld_points": list(points),
        "meld_counts": list(counts),
    }


def play(game: Setup, *events: Event) -> sviten.State:
    return state_of(game, list(events))


@st.composite
def quick_hands(draw) -> dict:
    tricks = draw(st.integers(0, 13))
    trump = draw(st.sampled_from([None, "spades", "hearts", "diamonds", "clubs"]))
    counts, points = [], []
    for pair_tricks in (tricks, 13 - tricks):
        count = draw(st.integers(0, min(5, 4 * pair_tricks // 3)))
        counts.append(count)
        # Meld points the pair's tricks can hold (trump runs double).
        held = possible_points(4 * pair_tricks, 0, count, trumps=trump is not None, factor=2)
        points.append(draw(st.sampled_from(sorted(held))))
    return quick(
        draw(st.integers(0, 3)),
        draw(st.integers(1, 6)),
        (tricks, 13 - tricks),
        points,
        counts,
        trump,
    )
