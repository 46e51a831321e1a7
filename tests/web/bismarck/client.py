"""A player at the table, driving the Bismarck pages through the Flask test client."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.conftest import csrf_token
from tests.games.bismarck.examples import MODERN_GAME

SEQ = re.compile(r'data-seq="(\d+)"')  # the page's live watch: there even at game over


@dataclass
class Table:
    client: object
    url: str = ""
    token: str = field(default="", repr=False)

    def start(
        self, players=("Anna", "Ben", "Carla"), variant="modern", first_dealer="0", **options
    ):
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
        response = self.client.post("/bismarck/new", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        self.url = response.headers["Location"]
        return response

    def page(self) -> str:
        return self.client.get(self.url).get_data(as_text=True)

    def seq(self) -> int:
        return int(SEQ.search(self.page()).group(1))

    def post(self, action: str, seq: int | None = None, **data):
        payload = {"csrf_token": self.token, "seq": self.seq() if seq is None else seq, **data}
        return self.client.post(f"{self.url}/{action}", data=payload)

    def announce(self, deal: int, contract: str, trump: str | None = None, seq=None):
        data = {"deal": deal, "contract": contract}
        if trump:
            data["trump"] = trump
        return self.post("announce", seq, **data)

    def record(self, deal: int, tricks, seq=None):
        data = {"deal": deal, **{f"tricks_{i}": str(t) for i, t in enumerate(tricks)}}
        return self.post("record", seq, **data)


def play_modern_game(table: Table, deals=MODERN_GAME) -> None:
    """Announce and record ``deals`` (contract, trump, tricks) one after the other."""
    for number, (contract, trump, tricks) in enumerate(deals, start=1):
        assert table.announce(number, contract, trump).status_code == 303
        assert table.record(number, tricks).status_code == 303
