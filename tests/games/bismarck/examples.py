"""Bismarck games the tests play, built through the engine (no database)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from tests.games import state_of

PLAYERS = ("Anna", "Ben", "Carla")
#: A deal as the tests write it: contract, trump (or None), each player's tricks.
Deal = tuple[str, str | None, tuple[int, int, int]]
#: A deal that may be announced only (its tricks None).
Announced = tuple[str, str | None, tuple[int, int, int] | None]

# A whole modern game with Anna dealing first, so Ben, Carla, Anna declare in turn.
# (contract, trump, tricks); Ben wins with +2.
MODERN_GAME = [
    ("sang", None, (4, 10, 2)),
    ("pass", None, (7, 7, 2)),
    ("spader", None, (5, 2, 9)),
    ("valfri", "hearts", (3, 9, 4)),
    ("spader", None, (4, 3, 9)),
    ("pass", None, (3, 6, 7)),
    ("spader", None, (5, 8, 3)),
    ("sang", None, (2, 6, 8)),
    ("valfri", "diamonds", (7, 5, 4)),
    ("pass", None, (4, 4, 8)),
    ("valfri", "clubs", (6, 4, 6)),
    ("sang", None, (7, 4, 5)),
]

# A classic game (Trumf ×3, Sang ×3, Noll ×3) that ends in a tie: Anna and Ben share.
CLASSIC_TIE = [
    ("trumf", "hearts", (5, 8, 3)),
    ("trumf", "clubs", (4, 5, 7)),
    ("trumf", "diamonds", (8, 4, 4)),
    ("sang", None, (4, 8, 4)),
    ("sang", None, (4, 4, 8)),
    ("sang", None, (8, 4, 4)),
    ("pass", None, (6, 4, 6)),
    ("pass", None, (6, 6, 4)),
    ("pass", None, (4, 6, 6)),
]


def events_for(deals: Iterable[Announced], redeal_in: int | None = None) -> list[Event]:
    events: list[Event] = []
    for number, (contract, trump, tricks) in enumerate(deals, start=1):
        events.append(Event("announce", {"deal": number, "contract": contract, "trump": trump}))
        if number == redeal_in:
            events.append(Event("redeal", {"deal": number}))
        if tricks is not None:
            events.append(Event("record", {"deal": number, "tricks": list(tricks)}))
    return events


def game(
    deals: Sequence[Announced] = MODERN_GAME,
    *,
    variant: str = "modern",
    first_dealer: int = 0,
    players: tuple[str, str, str] = PLAYERS,
    options: Iterable[str] = frozenset(),
    redeal_in: int | None = None,
) -> bismarck.State:
    setup = bismarck.Setup(players, first_dealer, bismarck.Variant(variant), frozenset(options))
    state: bismarck.State = state_of(setup, events_for(deals, redeal_in))
    return state
