"""A player at the table, driving the free game's pages through the Flask test client, and the
hand-worked Chicago that the web, printing and browser tests share."""

from __future__ import annotations

from collections.abc import Sequence

from werkzeug.test import TestResponse

from tests.conftest import csrf_token
from tests.web.table import GameTable

PLAYERS = ("Anna", "Ben", "Carla", "Dan")
#: A Chicago to 52, highest wins, Anna dealing first (deal: Anna Ben Carla Dan → totals):
#:  1   10   0   5   0 → 10  0  5  0
#:  2    0  20   0   8 → 10 20  5  8
#:  3   15   0  12   0 → 25 20 17  8
#:  4    0  30   0   0 → 25 50 17  8
#:  5   27   0   0   5 → 52 50 17 13: Anna reaches 52 and wins
CHICAGO = ([10, 0, 5, 0], [0, 20, 0, 8], [15, 0, 12, 0], [0, 30, 0, 0], [27, 0, 0, 5])


def points_data(points: Sequence[int | str | None]) -> dict[str, str]:
    """A deal's points as the form's fields (None: left empty)."""
    return {f"points_{side}": "" if p is None else str(p) for side, p in enumerate(points)}


class FreeTable(GameTable):
    def start(
        self, players: Sequence[str] = PLAYERS, first_dealer: str = "0", **options: str
    ) -> TestResponse:
        """A new free game (``options``: the form's fields, ``game_name``, ``end``,
        ``target``, ``deals``, ``wins``, ``zero_sum``, ``player_teams``)."""
        self.token = csrf_token(self.client, "/free/new")
        data = {
            "csrf_token": self.token,
            **{f"player_{seat}": name for seat, name in enumerate(players)},
            "first_dealer": first_dealer,
            **options,
        }
        return self.opened(self.client.post("/free/new", data=data))

    def deal(
        self, number: int, points: Sequence[int | str | None], seq: int | None = None
    ) -> TestResponse:
        return self.post("scores", seq, deal=number, **points_data(points))

    def end(self, number: int, seq: int | None = None) -> TestResponse:
        return self.post("end", seq, deal=number)

    def correct(
        self, number: int, points: Sequence[int | str | None], seq: int | None = None
    ) -> TestResponse:
        return self.post(f"deal/{number}/correct", seq, deal=number, **points_data(points))

    def play(self, deals: Sequence[Sequence[int | str | None]] = CHICAGO, first: int = 1) -> None:
        """Deals ``first`` and on of ``deals`` (each a list of points, by side)."""
        for number, points in enumerate(deals[first - 1 :], first):
            response = self.deal(number, points)
            assert response.status_code == 303, response.get_data(as_text=True)
