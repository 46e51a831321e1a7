"""The three pages that make an evening (an evening of no club, a club's evening, a club's game)
go through one flow (``web/evenings/new.py``): a refusal from the making of the evening is said
beside the field it names, the evening's own or the game's setting, the input is kept and
nothing is stored, on each page alike. The forms' own checks refuse most input first, so the
evenings' service is made to refuse here, as a refusal the forms do not foresee would."""

from __future__ import annotations

import re

import pytest

from scorekeeper.data.db import db
from scorekeeper.data.models import Evening, Member
from scorekeeper.evenings import services
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_
from tests.conftest import csrf_token
from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.evenings.helpers import NINE

PAGES = ("evening", "club evening", "club game")


def _send(client, page: str):
    """The page's form for a Bismarck evening (or game), filled in as a phone would."""
    if page == "evening":
        data = {
            "csrf_token": csrf_token(client, "/evening/new/bismarck"),
            "players": "\n".join(NINE),
        }
        data |= {"name": "Club night", "rounds": "2", "scoring": "totals", "variant": "modern"}
        return client.post("/evening/new/bismarck", data=data)
    token = make_club(client)
    add(client, token, "Anna", "Ben")
    members = list(member_ids(client, token).values())
    fields = {"name": "Club night", "members": members, "new_members": "Carla", "variant": "modern"}
    if page == "club evening":
        return post(
            client, f"/c/{token}/evening/new/bismarck", rounds="2", scoring="totals", **fields
        )
    return post(client, f"/c/{token}/game/new/bismarck", **fields)


def _refusing(monkeypatch, field: str | None) -> str:
    """The evenings' service refuses every new evening, naming ``field``: its message."""
    message = f"Refused, naming {field}."

    def refuse(*args, **kwargs):
        raise RuleError(T_(message), field=field)

    monkeypatch.setattr(services, "create", refuse)
    return message


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("field", ["name", "variant"])
def test_a_refusal_is_said_beside_the_field_it_names_and_nothing_is_stored(
    app, client, monkeypatch, page, field
):
    message = _refusing(monkeypatch, field)
    response = _send(client, page)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    beside = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', html)
    assert beside and beside.group(1) == message, html
    assert html.count(message) == 1  # said once, there
    assert 'value="Club night"' in html  # what was typed is kept
    with app.app_context():
        assert db.session.query(Evening).count() == 0
        assert db.session.query(Member).filter_by(name="Carla").count() == 0


@pytest.mark.parametrize("page", PAGES)
def test_a_refusal_about_the_players_is_said_beside_them(app, client, monkeypatch, page):
    """The evening's refusals about its players are said beside the names typed, or, in a
    club, beside the register's tick boxes."""
    message = _refusing(monkeypatch, "players")
    html = _send(client, page).get_data(as_text=True)
    where = "players" if page == "evening" else "members"
    assert re.search(rf'<p class="error" id="{where}-error">{re.escape(message)}</p>', html), html


@pytest.mark.parametrize("page", PAGES)
def test_a_refusal_naming_no_field_is_said_at_the_top_of_the_form(app, client, monkeypatch, page):
    message = _refusing(monkeypatch, None)
    html = _send(client, page).get_data(as_text=True)
    assert re.search(rf'<p class="error" role="alert"[^>]*>{re.escape(message)}</p>', html), html
