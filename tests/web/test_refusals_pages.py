"""Issue 13 through the pages: what no table can produce is refused next to its field, names
follow one rule everywhere, and the Bismarck texts say who holds the 20 cards."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from scorekeeper import records
from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.conftest import csrf_token
from tests.web import error_of, text
from tests.web.bismarck.client import Table
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import SvitenTable

# TAB, NUL, ESC, NEL (U+0085), LINE SEPARATOR and RIGHT-TO-LEFT OVERRIDE.
CONTROL = ["\t", "\x00", "\x1b", "\x85", "\u2028", "\u202e"]

NEW_GAMES = {
    "bismarck": ("/bismarck/new", {"variant": "modern"}, 3),
    "klaberjass": ("/klaberjass/new", {"target": "500"}, 2),
    "sviten": ("/sviten/new", {"failed_bid": "minus_bid"}, 4),
}


def games_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Game))


# --- one name rule -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(NEW_GAMES))
@pytest.mark.parametrize("bad", CONTROL)
@pytest.mark.parametrize("where", ["inside", "end"])
def test_a_name_with_a_control_character_is_refused_before_anything_is_stored(
    app, client, kind, bad, where
):
    url, extra, count = NEW_GAMES[kind]
    name = f"An{bad}na" if where == "inside" else f"Anna{bad}"
    names = [name, "Ben", "Carla", "Dan"][:count]
    data = {
        "csrf_token": csrf_token(client, url),
        "first_dealer": "0",
        **extra,
        **{f"player_{seat}": n for seat, n in enumerate(names)},
    }
    response = client.post(url, data=data)
    assert response.status_code == 422
    assert f"U+{ord(bad):04X}" in text(response.get_data(as_text=True))
    assert "A name cannot hold a tab, a line break or another control character" in text(
        response.get_data(as_text=True)
    )
    assert games_stored(app) == 0


@pytest.mark.parametrize("bad", CONTROL)
def test_the_record_reader_refuses_the_same_names(bad):
    record = {
        "format": "scorekeeper-record/1",
        "game": "klaberjass",
        "players": [f"An{bad}na", "Ben"],
        "first_dealer": 0,
        "hands": [],
    }
    with pytest.raises(records.RecordError) as info:
        records.loads(json.dumps(record))
    assert f"U+{ord(bad):04X}" in info.value.problems[0]


def test_every_name_the_form_takes_can_be_exported_and_read_back(client):
    table = KlaberjassTable(client)
    table.start(players=("Çağla ✓", "Åsa 👩\u200d💻"))
    exported = client.get(f"{table.url}/record.json").get_data(as_text=True)
    assert records.loads(exported).setup.players == ("Çağla ✓", "Åsa 👩\u200d💻")


# --- Bismarck: who holds the 20 cards, and Sang also called Spel ---------------------------------


def test_the_british_redeal_hint_names_the_dealer(client):
    table = Table(client)
    table.start(variant="british")
    assert table.announce(1, "sang").status_code == 303
    page = text(table.page())
    assert "The dealer started with 20 cards?" in page
    assert "Forehand started with 20 cards?" not in page


def test_the_modern_redeal_hint_names_forehand(client):
    table = Table(client)
    table.start()
    assert table.announce(1, "sang").status_code == 303
    assert "Forehand started with 20 cards?" in text(table.page())


def test_the_contract_buttons_explain_sang_and_keep_its_id(client):
    table = Table(client)
    table.start()
    page = table.page()
    assert 'value="sang"' in page
    assert "Sang (Spel)" in text(page)
    assert table.announce(1, "sang").status_code == 303


@pytest.mark.parametrize("number", [-1, 0])
def test_a_deal_number_below_1_gets_a_plain_message(client, number):
    table = Table(client)
    table.start()
    response = table.announce(number, "sang")
    assert response.status_code == 422
    page = text(response.get_data(as_text=True))
    assert f"There is no deal {number}: deals are numbered from 1." in page
    assert "already recorded" not in page


# --- impossible points next to their fields ---------------------------------------------------


def test_klaberjass_card_points_no_deal_gives_are_refused_next_to_them(client):
    table = KlaberjassTable(client)
    table.start()
    hand = {"maker": 0, "trump": "clubs", "last_trick": 1, "card_points": [143, 3]}
    response = table.hand(1, hand)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "card_points") == (
        "No deal gives Anna 143 and Ben 3 card points: 18 played cards cannot be split into "
        "tricks of two that way."
    )


def test_sviten_meld_points_a_trick_cannot_hold_are_refused_next_to_them(client):
    table = SvitenTable(client)
    table.start()
    hand = {
        "declarer": 0,
        "bid": 1,
        "trump": "spades",
        "tricks": [1, 12],
        "meld_points": [500, 5],
        "meld_counts": [1, 1],
    }
    response = table.quick(1, hand)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "meld_points") == (
        "N–S took 1 trick (4 cards): 1 meld from them makes at most 20 points, not 500."
    )
