"""A phone at a game's table, driving its pages through the Flask test client: what the clients
of every game (``tests/web/<kind>/client.py``) share. Each adds the game's new-game form
(``start``) and its entry forms."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.data.db import db
from scorekeeper.games.events import Event
from scorekeeper.table import store

SEQ = re.compile(r'data-seq="(\d+)"')  # the page's live watch: there even at game over


@dataclass
class GameTable:
    client: FlaskClient
    url: str = ""
    token: str = field(default="", repr=False)

    def opened(self, response: TestResponse) -> TestResponse:
        """The answer to the new-game form: a redirect to the new game, whose address is kept."""
        assert response.status_code == 303, response.get_data(as_text=True)
        self.url = response.headers["Location"]
        return response

    @property
    def game_token(self) -> str:
        return self.url.rsplit("/", 1)[-1]

    def page(self) -> str:
        return self.client.get(self.url).get_data(as_text=True)

    def seq(self) -> int:
        page = self.page()
        match = SEQ.search(page)
        assert match, page
        return int(match.group(1))

    def post(self, action: str, seq: int | None = None, **data: Any) -> TestResponse:
        """Send the form of ``action`` with the session's token and the log position
        (``seq``: the page's own when not given)."""
        payload = {"csrf_token": self.token, "seq": self.seq() if seq is None else seq, **data}
        return self.client.post(f"{self.url}/{action}", data=payload)


def events(app: Flask, table: GameTable) -> list[Event]:
    """The events stored for ``table``'s game."""
    with app.app_context():
        return list(store.load(db.session, table.url.rsplit("/", 1)[-1]).events)
