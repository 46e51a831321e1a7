"""A player at the table, driving the Klaberjass pages through the Flask test client, and a whole
game to 500 that the web, printing and browser tests share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from werkzeug.test import TestResponse

from scorekeeper.games import klaberjass
from scorekeeper.games.cards import Suit, parse_card
from tests.conftest import csrf_token
from tests.games import state_of
from tests.web.table import GameTable

PLAYERS = ("Anna", "Ben")

# A whole game with Anna dealing first, in the record format (docs/records.md). Ben wins 509 to
# 449 in hand 9. Every settlement is here: the maker ahead (1, 3, 9), thrown in (2, 8), the
# opponent ahead (4, 5, 6) and a tie (7); sequences decided by length (1), by the only one
# declared (4) and by the top card (7); bella; card points counted from captured cards (5).
HANDS: list[dict[str, Any]] = [
    {
        "maker": 1,
        "trump": "spades",
        "sequences": [[["9D", "8D", "7D"]], [["AS", "KS", "QS", "JS"]]],
        "bella": 1,
        "last_trick": 0,
        "card_points": [50, 60],
    },
    {"thrown_in": True},
    {"maker": 0, "trump": "hearts", "last_trick": 1, "card_points": [70, 40]},
    {
        "maker": 1,
        "trump": "clubs",
        "sequences": [[["KH", "QH", "JH"]], []],
        "last_trick": 1,
        "card_points": [62, 52],
    },
    {
        "maker": 0,
        "trump": "diamonds",
        "bella": 0,
        "last_trick": 1,
        "captured": [
            ["JD", "9D", "7C", "8C"],
            ["AD", "10D", "AS", "10S", "AH", "10H", "KD", "QD"],
        ],
    },
    {"maker": 1, "trump": "hearts", "last_trick": 0, "card_points": [60, 60]},
    {
        "maker": 0,
        "trump": "spades",
        "sequences": [[["10C", "9C", "8C", "7C"], ["AD", "KD", "QD"]], [["KH", "QH", "JH", "10H"]]],
        "last_trick": 0,
        "card_points": [80, 40],
    },
    {"thrown_in": True},
    {"maker": 1, "trump": "diamonds", "bella": 1, "last_trick": 1, "card_points": [45, 75]},
]


def engine_state(
    hands: Sequence[dict[str, Any]] = HANDS, first_dealer: int = 0
) -> klaberjass.State:
    setup = klaberjass.Setup(PLAYERS, first_dealer)
    events = [klaberjass.hand_event(number, hand) for number, hand in enumerate(hands, 1)]
    state: klaberjass.State = state_of(setup, events)
    return state


def form_data(hand: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends for a hand in the record format: the form's field names."""
    if hand.get("thrown_in"):
        return {"maker": "thrown"}
    data: dict[str, Any] = {"maker": str(hand["maker"]), "trump": hand["trump"]}
    for seat, runs in enumerate(hand.get("sequences") or [[], []]):
        for row, run in enumerate(runs):
            cards = [parse_card(code) for code in run]
            top = min(cards, key=lambda card: klaberjass.PACK_RANKS.index(card.rank))
            data[f"run{seat}{row}l"] = str(len(cards))
            data[f"run{seat}{row}s"] = cards[0].suit.symbol
            data[f"run{seat}{row}t"] = top.rank
    data["bella"] = "" if hand.get("bella") is None else str(hand["bella"])
    if hand.get("last_trick") is not None:
        data["last_trick"] = str(hand["last_trick"])
    for seat, points in enumerate(hand.get("card_points") or [None, None]):
        if points is not None:
            data[f"card_points_{seat}"] = str(points)
    for seat, pile in enumerate(hand.get("captured") or [[], []]):
        if pile:
            data[f"c{seat}"] = [parse_card(code).label for code in pile]
    return data


def suit_symbol(name: str) -> str:
    return Suit.from_name(name).symbol


class KlaberjassTable(GameTable):
    def start(
        self, players: Sequence[str] = PLAYERS, first_dealer: str = "0", target: str = "500"
    ) -> TestResponse:
        self.token = csrf_token(self.client, "/klaberjass/new")
        data = {
            "csrf_token": self.token,
            "player_0": players[0],
            "player_1": players[1],
            "first_dealer": first_dealer,
            "target": target,
        }
        return self.opened(self.client.post("/klaberjass/new", data=data))

    def hand(
        self,
        number: int,
        hand: dict[str, Any] | None = None,
        seq: int | None = None,
        **fields: Any,
    ) -> TestResponse:
        """Record hand ``number``: a hand in the record format, and/or raw form fields."""
        data = {"deal": number, **(form_data(hand) if hand is not None else {}), **fields}
        return self.post("hand", seq, **data)

    def correct(
        self,
        number: int,
        hand: dict[str, Any] | None = None,
        seq: int | None = None,
        **fields: Any,
    ) -> TestResponse:
        data = {
            "csrf_token": self.token,
            "seq": self.seq() if seq is None else seq,
            "deal": number,
            **(form_data(hand) if hand is not None else {}),
            **fields,
        }
        return self.client.post(f"{self.url}/hand/{number}/correct", data=data)

    def play(self, hands: Sequence[dict[str, Any]] = HANDS) -> None:
        for number, hand in enumerate(hands, 1):
            response = self.hand(number, hand)
            assert response.status_code == 303, response.get_data(as_text=True)
