"""A player at the table, driving the Bismarck pages through the Flask test client."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from werkzeug.test import TestResponse

from tests.conftest import csrf_token
from tests.games.bismarck.examples import MODERN_GAME, Deal
from tests.web.table import GameTable


class Table(GameTable):
    def start(
        self,
        players: Sequence[str] = ("Anna", "Ben", "Carla"),
        variant: str = "modern",
        first_dealer: str = "0",
        **options: bool,
    ) -> TestResponse:
        self.token = csrf_token(self.client)
        data = {
            "csrf_token": self.token,
            "player_0": players[0],
            "player_1": players[1],
            "player_2": players[2],
            "variant": variant,
            "first_dealer": first_dealer,
            **{name: "y" for name, on in options.items() if on},
        }
        return self.opened(self.client.post("/bismarck/new", data=data))

    def announce(
        self, deal: int, contract: str, trump: str | None = None, seq: int | None = None
    ) -> TestResponse:
        data: dict[str, Any] = {"deal": deal, "contract": contract}
        if trump:
            data["trump"] = trump
        return self.post("announce", seq, **data)

    def record(
        self, deal: int, tricks: Sequence[int | str], seq: int | None = None
    ) -> TestResponse:
        data = {"deal": deal, **{f"tricks_{i}": str(t) for i, t in enumerate(tricks)}}
        return self.post("record", seq, **data)


def play_modern_game(table: Table, deals: Sequence[Deal] = MODERN_GAME) -> None:
    """Announce and record ``deals`` (contract, trump, tricks) one after the other."""
    for number, (contract, trump, tricks) in enumerate(deals, start=1):
        assert table.announce(number, contract, trump).status_code == 303
        assert table.record(number, tricks).status_code == 303
