"""A club evening whose last round's standings are hidden, and the standings read back."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.games.text import points
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.web.clubs.club import add, evening_token, make_club, plan_evening


def hidden_evening(app, client, hide_last="1", rounds="2") -> tuple[str, str]:
    """A club of three members and its evening of two rounds at one table, the last hidden:
    round 1 played to its end, round 2 started and three deals into it. The club's and the
    evening's tokens."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 1", rounds=rounds, hide_last=hide_last)
    assert response.status_code == 303, response.get_data(as_text=True)
    evening = evening_token(response)
    with app.app_context():
        # Anna deals first at both tables, as in the worked example: the same points each run.
        (table,) = evening_store.start_round(db.session, evenings.load(evening), 1, [0]).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(12)):
            game = store.append(db.session, game, event, seq)
        (table,) = evening_store.start_round(db.session, evenings.load(evening), 2, [0]).tables(2)
        game = table.game
        for seq, event in enumerate(example_events(3)):
            game = store.append(db.session, game, event, seq)
    return token, evening


def standings_of(app, evening: str) -> list[tuple[int, str, str]]:
    """The evening's places, names and points (as the pages write them), best first."""
    with app.app_context():
        found = evenings.standings_of(evenings.load(evening))
    return [(row.place, row.name, points(row.points, True)) for row in found.rows]


def text_shows(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w+−.,]){re.escape(value)}(?![\w½.,])", text) is not None
