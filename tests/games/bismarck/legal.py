"""Bismarck games for the tests: events written by hand and hypothesis strategies of legal games."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.games.bismarck import (
    Setup,
    Variant,
)
from scorekeeper.games.cards import Suit
from scorekeeper.games.events import Event
from tests.games import state_of

PLAYERS = ("Anna", "Ben", "Carla")


def announce(deal: int, contract: str, trump: str | None = None) -> Event:
    data = {"deal": deal, "contract": contract}
    if trump:
        data["trump"] = trump
    return Event("announce", data)


def record(deal: int, *tricks: int) -> Event:
    return Event("record", {"deal": deal, "tricks": list(tricks)})


def play(deal: int, contract: str, tricks: tuple[int, int, int], trump: str | None = None):
    return [announce(deal, contract, trump), record(deal, *tricks)]


def swap_game() -> tuple[Setup, list[Event]]:
    """Ben is forehand in deals 1, 4, 7 and 10: Spader in deal 1, Sang in deal 10 (and Pass,
    Valfri in between); the others play whatever is left to them."""
    setup = Setup(PLAYERS)
    events = [*play(1, "spader", (4, 8, 4)), *play(2, "sang", (4, 4, 8))]
    events += [*play(3, "sang", (8, 4, 4)), *play(4, "pass", (6, 4, 6))]
    events += [*play(5, "spader", (4, 4, 8)), *play(6, "spader", (8, 4, 4))]
    events += [*play(7, "valfri", (4, 8, 4), "hearts"), *play(8, "pass", (6, 6, 4))]
    events += [*play(9, "pass", (4, 6, 6)), *play(10, "sang", (4, 9, 3))]
    return setup, events


tricks_strategy = (
    st.tuples(st.integers(0, 16), st.integers(0, 16))
    .filter(lambda t: sum(t) <= 16)
    .map(lambda t: (t[0], t[1], 16 - t[0] - t[1]))
)


@st.composite
def legal_games(draw):
    variant = draw(st.sampled_from(list(Variant)))
    setup = Setup(PLAYERS, first_dealer=draw(st.integers(0, 2)), variant=variant)
    events: list[Event] = []
    state = state_of(setup, events)
    deals = draw(st.integers(0, variant.deal_count))
    for _ in range(deals):
        number = state.current.number
        contract = draw(st.sampled_from(state.allowed))
        trump = draw(st.sampled_from(list(Suit))).record_name if contract.needs_trump else None
        events.append(announce(number, contract.value, trump))
        if draw(st.booleans()) and draw(st.booleans()):
            events.append(Event("redeal", {"deal": number}))
        events.append(record(number, *draw(tricks_strategy)))
        state = state_of(setup, events)
    return setup, events
