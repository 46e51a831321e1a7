"""A game of the club: its players ticked in the register (a table's worth, new members typed on
the spot), started at once, and counted in the season and the ratings as any evening's table."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.data.models import Evening, Member
from scorekeeper.table import services as games
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.web.clubs.club import add, make_club, member_ids, post


def _new_game(client, token: str, **fields):
    return post(client, f"/c/{token}/game/new/bismarck", name="Tisdag", variant="modern", **fields)


def test_a_game_of_three_members_starts_at_once_and_counts_in_the_season(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    assert "New game of the club" in client.get(f"/c/{token}").text
    response = _new_game(client, token, members=[ids["Anna"], ids["Ben"]], new_members="Eva")
    assert response.status_code == 303
    game = re.search(r"/g/([\w-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        loaded = games.load(game)
        assert set(loaded.setup.players) == {"Anna", "Ben", "Eva"}
        for seq, event in enumerate(example_events(12)):
            loaded = store.append(db.session, loaded, event, seq)
        assert loaded.rules.scoreboard(loaded.state).finished
        assert db.session.query(Member).filter_by(name="Eva").count() == 1
    club_page = client.get(f"/c/{token}").text
    assert "Tisdag" in club_page
    season = client.get(f"/c/{token}/season").text
    for name in ("Anna", "Ben", "Eva"):
        assert f">{name}</a>" in season
    assert ">Carla</a>" not in season
    # Rated as a finished game: the ratings table lists its three players.
    assert len(re.findall(r'<span class="hint">±', season)) >= 3


def test_a_game_of_the_wrong_number_of_players_is_refused_and_keeps_what_was_ticked(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    with app.app_context():
        evenings_before = db.session.query(Evening).count()
    for chosen in ([ids["Anna"], ids["Ben"]], list(ids.values())):
        refused = _new_game(client, token, members=chosen, new_members="")
        assert refused.status_code == 422
        assert "A game is for 3 players: tick 3 (or type the new ones)." in refused.text
        for member in chosen:
            assert re.search(
                rf'value="{member}"[^>]*checked|checked[^>]*value="{member}"', refused.text
            )
    # A new member's name already taken is refused beside the new names, nothing stored.
    refused = _new_game(client, token, members=[ids["Anna"], ids["Ben"]], new_members="carla")
    assert refused.status_code == 422
    with app.app_context():
        assert db.session.query(Evening).count() == evenings_before
        assert db.session.query(Member).count() == 4


def test_a_phone_without_the_pin_cannot_start_a_club_game(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    phone = app.test_client()
    assert phone.get(f"/c/{token}/game/new/bismarck").status_code == 303  # to the PIN form
    assert (
        _new_game(phone, token, members=list(member_ids(client, token).values())).status_code == 403
    )


def test_the_game_form_speaks_swedish(client):
    token = make_club(client)
    client.set_cookie("lang", "sv")
    page = client.get(f"/c/{token}/game/new/bismarck").text
    assert "Nytt parti Bismarck" in page and "Starta spelet" in page
