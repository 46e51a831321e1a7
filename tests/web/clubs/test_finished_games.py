"""Finished means finished in a club's evening: once a table's game is over and round 2 has
started, a phone without the club's PIN cannot change it (refused with a message, nothing
stored); the organiser can, and the change is logged. A game still being played, and any game
of an evening of no club, stay open."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.table import services as games
from scorekeeper.table import store
from tests.conftest import csrf_token
from tests.e2e.table import example_events
from tests.web.clubs.club import add, evening_token, make_club, plan_evening, post

LOCKED = "This game is over and round 2 has started: only the organiser can change it now"


def _club_evening(app, client) -> tuple[str, str]:
    """A club of three members and an evening of two rounds at one table; round 1's game played
    to its end and round 2 started. The club's token and round 1's game's token."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 1", rounds="2")
    evening = evening_token(response)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(12)):
            game = store.append(db.session, game, event, seq)
        assert game.rules.scoreboard(game.state).finished
        evenings.start_round(evenings.load(evening), 2)
    return token, game.token


def _undo(client, game: str):
    """*Undo it*, as a phone whose page showed the game as it is (a locked game's page offers no
    Undo to a player: the form is sent all the same, as from a page opened before the lock)."""
    seq = client.get(f"/g/{game}/seq").get_json()["seq"]
    return client.post(f"/g/{game}/undo", data={"csrf_token": csrf_token(client), "seq": seq})


def _length(app, game: str) -> int:
    with app.app_context():
        return games.load(game).seq


def test_a_finished_game_of_an_earlier_round_is_the_organisers_to_change(app, client):
    token, game = _club_evening(app, client)
    before = _length(app, game)
    phone = app.test_client()  # a player's phone: the club's link, not its PIN
    refused = _undo(phone, game)
    assert refused.status_code == 403
    assert refused.text.count(LOCKED) == 1  # said once, at the top (issue 37)
    assert _length(app, game) == before
    # The organiser's phone (it made the club, so it has the PIN) changes it, and it is logged.
    done = _undo(client, game)
    assert done.status_code == 303
    assert _length(app, game) == before + 1
    log = client.get(f"/c/{token}/log").text
    assert "Changed a finished game (round:table): Vecka 1 (1:1)" in log
    # The game's changes list says who: the organiser (its log keeps that seat).
    with app.app_context():
        assert games.load(game).seat_of(before) == games.ORGANISER
    assert "by the organiser" in client.get(f"/g/{game}?all=1").text


def test_a_correction_typed_before_the_lock_is_refused_once_and_keeps_nothing(app, client):
    """A phone that opened deal 3's correction before round 2 started sends it afterwards: the
    game's page answers, saying once at its top why, with no form to send it again."""
    _token, game = _club_evening(app, client)
    before = _length(app, game)
    page = client.get(f"/g/{game}/deal/3/correct").text  # the organiser's phone: the form
    fields = dict(re.findall(r'name="(\w+)" type="hidden" value="([^"]*)"', page))
    phone = app.test_client()
    fields.update(csrf_token=csrf_token(phone), contract="sang")
    fields.update({f"tricks_{seat}": str(t) for seat, t in enumerate((5, 4, 4))})
    refused = phone.post(f"/g/{game}/deal/3/correct", data=fields)
    assert refused.status_code == 403
    assert refused.text.count(LOCKED) == 1  # at the top, where the page lands (issue 37)
    assert "Save correction" not in refused.text and "/correct" not in refused.text
    assert _length(app, game) == before
    # Opening a correction there now leads to the game's page, which says so first.
    opened = phone.get(f"/g/{game}/deal/3/correct")
    assert opened.status_code == 303 and opened.headers["Location"] == f"/g/{game}"


def test_the_refusal_speaks_swedish(app, client):
    _token, game = _club_evening(app, client)
    phone = app.test_client()
    phone.set_cookie("lang", "sv")
    refused = _undo(phone, game)
    assert refused.status_code == 403
    assert "Det här spelet är slut och rond 2 har börjat" in refused.text


def test_a_game_still_being_played_stays_the_tables(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 2", rounds="2")
    evening = evening_token(response)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(4)):
            game = store.append(db.session, game, event, seq)
        evenings.start_round(evenings.load(evening), 2, anyway=True)
    assert _undo(app.test_client(), game.token).status_code == 303


def _closed_evening(app, client) -> tuple[str, str, str]:
    """A club evening of one round in play (4 deals at its table), closed by its organiser:
    the club's, the evening's and the game's tokens."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    response = plan_evening(client, token, name="Vecka 3", rounds="1")
    evening = evening_token(response)
    with app.app_context():
        (table,) = evenings.start_round(evenings.load(evening), 1).tables(1)
        game = table.game
        for seq, event in enumerate(example_events(4)):
            game = store.append(db.session, game, event, seq)
    closed = post(client, f"/c/{token}/e/{evening}/close")
    assert closed.status_code == 303 and closed.headers["Location"].endswith(f"/e/{evening}/tables")
    return token, evening, game.token


def test_the_organiser_closes_and_reopens_an_evening_and_both_are_logged(app, client):
    token, evening, game = _closed_evening(app, client)
    for page in (f"/e/{evening}", f"/e/{evening}/screen", f"/e/{evening}/tables"):
        assert "This evening is closed: its results are final." in client.get(page).text, page
    assert "Open the evening again" in client.get(f"/e/{evening}/tables").text
    # A player's phone sees it closed and no button to reopen it; the route wants the PIN.
    phone = app.test_client()
    assert "Open the evening again" not in phone.get(f"/e/{evening}/tables").text
    assert post(phone, f"/c/{token}/e/{evening}/reopen").status_code == 403
    # The organiser's own change of a closed evening's game goes in.
    assert _undo(client, game).status_code == 303
    assert post(client, f"/c/{token}/e/{evening}/reopen").status_code == 303
    assert (
        "closed"
        not in client.get(f"/e/{evening}").text.split("<main", 1)[1].split("</h1>")[1][:200]
    )
    assert _undo(phone, game).status_code == 303
    log = client.get(f"/c/{token}/log").text
    assert "Evening closed: Vecka 3" in log and "Evening opened again: Vecka 3" in log
    assert "Changed a finished game (round:table): Vecka 3 (1:1)" in log


def test_an_evening_of_another_club_cannot_be_closed_from_this_one(app, client):
    _token, evening, _game = _closed_evening(app, client)
    other = make_club(client, name="Fredagsklubben")
    assert post(client, f"/c/{other}/e/{evening}/reopen").status_code == 404
