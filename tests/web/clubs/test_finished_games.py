"""Finished means finished in a club's evening: once a table's game is over and round 2 has
started, a phone without the club's PIN cannot change it (refused with a message, nothing
stored); the organiser can, and the change is logged. A game still being played, and any game
of an evening of no club, stay open."""

from __future__ import annotations

import re

from scorekeeper import services as games
from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.evenings import services as evenings
from tests.conftest import csrf_token
from tests.e2e.table import example_events
from tests.web.clubs.club import add, make_club, member_ids, post

LOCKED = "This game is over and round 2 has started: only the organiser can change it now"


def _club_evening(app, client) -> tuple[str, str]:
    """A club of three members and an evening of two rounds at one table; round 1's game played
    to its end and round 2 started. The club's token and round 1's game's token."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    ids = member_ids(client, token)
    response = post(
        client,
        f"/c/{token}/evening/new/bismarck",
        name="Vecka 1",
        rounds="2",
        scoring="totals",
        variant="modern",
        members=list(ids.values()),
    )
    evening = re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(12)):
            game = store.append(db.session, game, event, seq)
        assert game.rules.scoreboard(game.state).finished
        evenings.start_round(evenings.load(evening), 2)
    return token, game.token


def _undo(client, game: str):
    seq = re.search(r'name="seq" type="hidden" value="(\d+)"', client.get(f"/g/{game}/undo").text)
    return client.post(
        f"/g/{game}/undo", data={"csrf_token": csrf_token(client, f"/g/{game}"), "seq": seq[1]}
    )


def _length(app, game: str) -> int:
    with app.app_context():
        return games.load(game).seq


def test_a_finished_game_of_an_earlier_round_is_the_organisers_to_change(app, client):
    token, game = _club_evening(app, client)
    before = _length(app, game)
    phone = app.test_client()  # a player's phone: the club's link, not its PIN
    refused = _undo(phone, game)
    assert refused.status_code == 422
    assert LOCKED in refused.text
    assert _length(app, game) == before
    # The organiser's phone (it made the club, so it has the PIN) changes it, and it is logged.
    done = _undo(client, game)
    assert done.status_code == 303
    assert _length(app, game) == before + 1
    log = client.get(f"/c/{token}/log").text
    assert "Changed a finished game (round:table): Vecka 1 (1:1)" in log


def test_a_correction_is_refused_beside_its_form_and_keeps_nothing(app, client):
    _token, game = _club_evening(app, client)
    before = _length(app, game)
    phone = app.test_client()
    page = phone.get(f"/g/{game}/deal/3/correct").text
    fields = dict(re.findall(r'name="(\w+)" type="hidden" value="([^"]*)"', page))
    fields.update(csrf_token=csrf_token(phone, f"/g/{game}"), contract="sang")
    fields.update({f"tricks_{seat}": str(t) for seat, t in enumerate((5, 4, 4))})
    refused = phone.post(f"/g/{game}/deal/3/correct", data=fields)
    assert refused.status_code == 422 and LOCKED in refused.text
    assert _length(app, game) == before


def test_the_refusal_speaks_swedish(app, client):
    _token, game = _club_evening(app, client)
    phone = app.test_client()
    phone.set_cookie("lang", "sv")
    refused = _undo(phone, game)
    assert refused.status_code == 422
    assert "Det här spelet är slut och rond 2 har börjat" in refused.text


def test_a_game_still_being_played_stays_the_tables(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = post(
        client,
        f"/c/{token}/evening/new/bismarck",
        name="Vecka 2",
        rounds="2",
        scoring="totals",
        variant="modern",
        members=list(member_ids(client, token).values()),
    )
    evening = re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(4)):
            game = store.append(db.session, game, event, seq)
        evenings.start_round(evenings.load(evening), 2, anyway=True)
    assert _undo(app.test_client(), game.token).status_code == 303
