"""An evening made, started and played through its pages, as the organiser's phone does."""

from __future__ import annotations

import re

from scorekeeper.evenings import services
from scorekeeper.games.events import Event
from scorekeeper.table import services as game_services
from tests.conftest import csrf_token

NINE = ["Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gus", "Hanna", "Ida"]


def new_evening(client, kind="bismarck", **fields):
    token = csrf_token(client, f"/evening/new/{kind}")
    data = {
        "csrf_token": token,
        "name": "Club night",
        "players": "\n".join(NINE),
        "rounds": "4",
        "scoring": "totals",
        **fields,
    }
    return client.post(f"/evening/new/{kind}", data=data)


def evening_token(response) -> str:
    match = re.search(r"/e/([\w-]+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def start(client, token: str, number: int, *, anyway: bool = False):
    """Tap *Start round N* (with *Start round N anyway* ticked: while a table of the round
    before still plays, the page asks for it)."""
    data = {"csrf_token": csrf_token(client, f"/e/{token}")}
    if anyway:
        data["anyway"] = "y"
    return client.post(f"/e/{token}/round/{number}/start", data=data)


def play_deal(game, number: int):
    """A Trumf deal in which the declarer takes 8 tricks and the others 4 each, whoever
    declares: every table playing it scores the same totals, seat for seat of the declarer."""
    declarer = game.state.current.declarer
    tricks = [8 if seat == declarer else 4 for seat in range(3)]
    game = game_services.enter(
        game, Event("announce", {"deal": number, "contract": "trumf", "trump": "hearts"}), game.seq
    )
    return game_services.enter(game, Event("record", {"deal": number, "tricks": tricks}), game.seq)


def play_out(app, token: str, number: int, tables: slice = slice(None)):
    """These tables (all) of round ``number`` play their games to the end."""
    from tests.evenings.played import play_out as played

    with app.app_context():
        played(services.load(token), number, tables)


def start_seated(app, token: str, number: int):
    """Start round ``number`` with every table's first seat dealing (the worked example's)."""
    from scorekeeper.data.db import db
    from scorekeeper.evenings import store

    with app.app_context():
        evening = services.load(token)
        store.start_round(db.session, evening, number, [0] * len(evening.tables(number)))
