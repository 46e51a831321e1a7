"""A phone at a Tally game's table (the fourth game, registered by the tests), driving its pages
through the Flask test client."""

from __future__ import annotations

from tests.conftest import csrf_token
from tests.web.table import SEQ


class TallyTable:
    def __init__(self, client):
        self.client = client
        self.url = ""

    def start(self, *names: str) -> None:
        token = csrf_token(self.client, "/tally/new")
        form = {"csrf_token": token, "player_0": names[0], "player_1": names[1]}
        response = self.client.post(
            "/tally/new", data={**form, "first_dealer": "0", "target": "10"}
        )
        assert response.status_code == 303, response.get_data(as_text=True)
        self.url = response.headers["Location"]

    def seq(self) -> int:
        return int(SEQ.search(self.client.get(self.url).get_data(as_text=True)).group(1))

    def post(self, path: str, **fields):
        # The session's token (a game that is over has no form of its own to read it from)
        data = {"csrf_token": csrf_token(self.client, "/tally/new"), "seq": self.seq(), **fields}
        return self.client.post(self.url + path, data=data)

    def deal(self, number: int, a: int | str, b: int | str):
        return self.post("/points", deal=number, points_0=a, points_1=b)
