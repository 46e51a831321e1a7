"""A player at the table, driving the Sviten Special pages through the Flask test client, and a
whole match to 100 that the web, printing and browser tests share."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from werkzeug.test import TestResponse

from scorekeeper.games import sviten
from scorekeeper.games.cards import full_pack
from tests.conftest import csrf_token
from tests.games import state_of
from tests.web.table import GameTable

PLAYERS = ("Anna", "Ben", "Carla", "Dan")
PACK = [card.code for card in full_pack()]
SPADES = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]


def pile(seed: int, size: int) -> list[str]:
    """``size`` cards of a shuffled pack, in pack order (a pair's captured cards)."""
    cards = PACK.copy()
    random.Random(seed).shuffle(cards)
    chosen = set(cards[:size])
    return [code for code in PACK if code in chosen]


# A whole match with Anna (N) dealing first, in the record format (docs/records.md). Hand 1 in
# quick mode. Hand 2: the cards N–S captured, the solver's melds. Hand 3: the cards of E–W, who
# hold the whole spade suit (trumps) and bid 3: the solver proposes it as three melds, the bid
# made. Both pairs pass 100 in hand 3, and the declarers E–W win although N–S have more.
HANDS: list[dict[str, Any]] = [
    {
        "declarer": 1,
        "bid": 1,
        "trump": None,
        "tricks": [7, 6],
        "meld_points": [10, 5],
        "meld_counts": [2, 1],
    },
    {"declarer": 0, "bid": 2, "trump": "diamonds", "captured": [pile(5, 24), None]},
    {"declarer": 3, "bid": 3, "trump": "spades", "captured": [None, [*SPADES, "2H", "5D", "9C"]]},
]


def engine_state(hands: Sequence[dict[str, Any]] = HANDS, first_dealer: int = 0) -> sviten.State:
    setup = sviten.Setup(PLAYERS, first_dealer)
    events = [sviten.hand_event(number, hand) for number, hand in enumerate(hands, 1)]
    state: sviten.State = state_of(setup, events)
    return state


def bid_fields(hand: dict[str, Any]) -> dict[str, Any]:
    return {
        "declarer": str(hand["declarer"]),
        "bid": str(hand["bid"]),
        "trump": hand["trump"] or "nt",
    }


def card_fields(hand: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends for the first step of a hand recorded by its cards."""
    pair = 0 if hand["captured"][0] is not None else 1
    return {
        **bid_fields(hand),
        "entry": "cards",
        "pair": str(pair),
        **dict.fromkeys(hand["captured"][pair], "on"),
    }


def quick_fields(hand: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends for a hand in quick mode."""
    data = {**bid_fields(hand), "entry": "quick"}
    for pair in range(2):
        data[f"tricks_{pair}"] = str(hand["tricks"][pair])
        data[f"points_{pair}"] = str(hand["meld_points"][pair])
        data[f"melds_{pair}"] = str(hand["meld_counts"][pair])
    return data


class SvitenTable(GameTable):
    def start(
        self, players: Sequence[str] = PLAYERS, first_dealer: str = "0", **options: Any
    ) -> TestResponse:
        self.token = csrf_token(self.client, "/sviten/new")
        data = {
            "csrf_token": self.token,
            "first_dealer": first_dealer,
            "failed_bid": options.pop("failed_bid", "minus_bid"),
            **{f"player_{seat}": name for seat, name in enumerate(players)},
        }
        if options.pop("slam_bonus", True):
            data["slam_bonus"] = "y"
        for name, value in options.items():
            if name == "hand_cap":
                data[name] = str(value)
            elif value:
                data[name] = "y"
        return self.opened(self.client.post("/sviten/new", data=data))

    def step(self, number: int, step: str, seq: int | None = None, **fields: Any) -> TestResponse:
        """Send the hand form of hand ``number`` with the button ``step``."""
        return self.post("sviten/hand", seq, deal=number, step=step, **fields)

    def propose(
        self, number: int, hand: dict[str, Any], seq: int | None = None, **fields: Any
    ) -> TestResponse:
        return self.step(number, "propose", seq, **card_fields(hand), **fields)

    def record(
        self, number: int, hand: dict[str, Any], seq: int | None = None, **fields: Any
    ) -> TestResponse:
        """Confirm the proposal of a hand recorded by its cards (``count``, ``laid_0`` ...)."""
        return self.step(number, "record", seq, **card_fields(hand), **fields)

    def quick(
        self, number: int, hand: dict[str, Any], seq: int | None = None, **fields: Any
    ) -> TestResponse:
        return self.step(number, "quick", seq, **quick_fields(hand), **fields)

    def hand(self, number: int, hand: dict[str, Any], **fields: Any) -> TestResponse:
        """Record a hand the way a phone does: cards → proposal → record, or quick mode."""
        if "captured" in hand:
            proposal = self.propose(number, hand)
            assert proposal.status_code == 200, proposal.get_data(as_text=True)
            return self.record(number, hand, **fields)
        return self.quick(number, hand, **fields)

    def correct(
        self, number: int, step: str, seq: int | None = None, **fields: Any
    ) -> TestResponse:
        data = {
            "csrf_token": self.token,
            "seq": self.seq() if seq is None else seq,
            "deal": number,
            "step": step,
            **fields,
        }
        return self.client.post(f"{self.url}/sviten/hand/{number}/correct", data=data)

    def play(self, hands: Sequence[dict[str, Any]] = HANDS) -> None:
        for number, hand in enumerate(hands, 1):
            response = self.hand(number, hand)
            assert response.status_code == 303, response.get_data(as_text=True)
