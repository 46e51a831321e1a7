"""An evening of the club: players ticked in the register (most recent first) and new members
typed on the spot, made through the evenings' own service and listed on the club's page."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from tests.web.clubs.club import add, make_club, member_ids, post


def _evening(client, token, kind="bismarck", **fields):
    data = {"name": "Vecka 1", "rounds": "2", "scoring": "totals", "variant": "modern", **fields}
    return post(client, f"/c/{token}/evening/new/{kind}", **data)


def test_an_evening_of_ticked_and_new_members_is_made_and_listed(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    response = _evening(
        client, token, members=[ids["Anna"], ids["Carla"], ids["Dag"]], new_members="Eva\n\nFrans"
    )
    assert response.status_code == 303
    evening_token = re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        evening = evenings.load(evening_token)
        assert evening.setup.players == ("Anna", "Carla", "Dag", "Eva", "Frans")
        assert evening.setup.rounds == 2
        link = db.session.execute(sa.select(models.ClubEvening)).scalar_one()
        assert link.evening_id == evening.id
        names = dict(db.session.execute(sa.select(models.Member.id, models.Member.name)).all())
        assert [names[m] for m in link.members] == list(evening.setup.players)
    page = client.get(f"/c/{token}").get_data(as_text=True)
    assert f'href="/e/{evening_token}">Vecka 1</a>' in page
    assert "6 members" in page and "5 players" in page
    # The evening's players come first on the next evening's tick boxes, the newest first.
    assert list(member_ids(client, token))[-1] == "Ben"


def test_a_club_of_one_game_goes_straight_to_its_form(client):
    token = make_club(client)
    response = client.get(f"/c/{token}/evening/new")
    assert response.headers["Location"] == f"/c/{token}/evening/new/bismarck"
    two = make_club(client, name="Två", games=("bismarck", "klaberjass"))
    page = client.get(f"/c/{two}/evening/new").get_data(as_text=True)
    assert f"/c/{two}/evening/new/klaberjass" in page
    assert client.get(f"/c/{token}/evening/new/klaberjass").status_code == 404
    assert client.get(f"/c/{token}/evening/new/chess").status_code == 404


def test_too_few_players_are_refused_beside_the_tick_boxes_and_kept(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    ids = member_ids(client, token)
    response = _evening(client, token, members=[ids["Anna"]], new_members="Carla", name="Kväll")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'id="members-error">[^<]*needs 3 players: there are only 2', page)
    anna = re.search(rf'<input[^>]*value="{ids["Anna"]}"[^>]*>', page).group()
    ben = re.search(rf'<input[^>]*value="{ids["Ben"]}"[^>]*>', page).group()
    assert "checked" in anna and "checked" not in ben
    assert "Carla</textarea>" in page and 'value="Kväll"' in page
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Evening)) == 0
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Member)) == 2


def test_a_new_member_with_a_members_name_is_refused_beside_the_new_names(app, client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    ids = member_ids(client, token)
    response = _evening(client, token, members=list(ids.values()), new_members="ben")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'id="new_members-error">The club already has a member called ben.', page)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(models.Member)) == 3


def test_bad_input_to_the_club_evening_form_is_refused_without_a_500(client):
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla")
    ids = list(member_ids(client, token).values())
    for fields in (
        {"members": ["x"]},
        {"members": [99999, *ids]},
        {"members": ids, "rounds": "0"},
        {"members": ids, "rounds": "abc"},
        {"members": ids, "scoring": "best"},
        {"members": ids, "variant": "nonsense"},
        {"members": ids, "name": ""},
        {"members": ids, "new_members": "Tab\tname"},
    ):
        assert _evening(client, token, **fields).status_code == 422, fields


def test_the_evening_its_new_members_and_its_link_to_the_club_are_stored_together(
    app, client, monkeypatch
):
    """One transaction: when linking the evening to the club fails, neither the evening nor
    the new members nor the log's lines are stored."""
    from scorekeeper.clubs import services as clubs
    from scorekeeper.clubs import store_evenings as club_store

    token = make_club(client)
    add(client, token, "Anna", "Ben")
    ids = member_ids(client, token)

    def broken(*args, **kwargs):
        raise RuntimeError("the link could not be written")

    monkeypatch.setattr(club_store, "link_evening", broken)
    with app.app_context():
        club = clubs.load(token)
        before = db.session.scalar(sa.select(sa.func.count()).select_from(models.OrganiserAction))
        evening = {"name": "Vecka 1", "kind": "bismarck", "rounds": 1, "scoring": "totals"}
        try:
            clubs.new_evening(club, list(ids.values()), ["Carla"], evening, "test")
        except RuntimeError:
            pass
        else:
            raise AssertionError("the broken link was not noticed")
        counts = [
            db.session.scalar(sa.select(sa.func.count()).select_from(table))
            for table in (models.Evening, models.ClubEvening, models.Member, models.OrganiserAction)
        ]
    assert counts == [0, 0, 2, before]
    monkeypatch.undo()
    response = _evening(client, token, members=list(ids.values()), new_members="Carla")
    assert response.status_code == 303  # and the same evening then goes through
