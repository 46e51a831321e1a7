"""Hostile input on the web: whatever is typed or sent, a page answers with a message beside
the field and keeps what was typed, never a 5xx, and stores nothing refused.

Numbers of any length (a refusal quotes them: Babel's 28-digit decimal context once made that a
500)."""

from __future__ import annotations

import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper import models
from scorekeeper.db import db
from tests.conftest import csrf_token
from tests.records.test_records import example
from tests.web import text
from tests.web.bismarck.client import Table
from tests.web.evenings.test_pages import new_evening
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable, quick_fields
from tests.web.test_records_pages import field_errors, upload

#: 30 digits: the most a whole number may have, and more than Babel's decimal context holds.
THIRTY = "9" * 30
#: Longer than any number is read, and than Python's int() reads from text (4300 digits).
ENDLESS = "9" * 5000


def events(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Event)) or 0


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Game)) or 0


def errors(page: str) -> list[str]:
    """Every message a page shows beside a field or at the top of a form."""
    return [text(m).strip() for m in re.findall(r'<p class="error"[^>]*>(.*?)</p>', page, re.S)]


def error_of(page: str, field: str) -> str:
    match = re.search(rf'<p class="error" id="{field}-error">(.*?)</p>', page, re.S)
    assert match, f"no error next to {field}"
    return text(match.group(1)).strip()


@pytest.fixture(params=["en", "sv"])
def language(request, client) -> str:
    client.set_cookie("lang", request.param)
    return request.param


# --- numbers of any length, in every form -----------------------------------------------------


def _bismarck(client):
    table = Table(client)
    table.start()
    return table


def _bismarck_announced(client):
    table = _bismarck(client)
    assert table.announce(1, "spader").status_code == 303
    return table


def _bismarck_recorded(client):
    table = _bismarck_announced(client)
    assert table.record(1, (5, 5, 6)).status_code == 303
    return table


def _klaberjass(client):
    table = KlaberjassTable(client)
    table.start()
    return table


def _klaberjass_recorded(client):
    table = _klaberjass(client)
    assert table.hand(1, KLABERJASS_HANDS[0]).status_code == 303
    return table


def _sviten(client):
    table = SvitenTable(client)
    table.start()
    return table


def _sviten_recorded(client):
    table = _sviten(client)
    assert table.quick(1, SVITEN_HANDS[0]).status_code == 303
    return table


def _correct_bismarck(table, number: str):
    data = {"deal": 1, "contract": "spader", "tricks_0": number, "tricks_1": "5", "tricks_2": "6"}
    return table.client.post(
        f"{table.url}/deal/1/correct", data={"csrf_token": table.token, "seq": table.seq(), **data}
    )


def _sviten_quick(number: str, **changes: str) -> dict[str, str]:
    return {**quick_fields(SVITEN_HANDS[0]), **changes}


#: Each form that takes a number: the game it needs, and how it sends ``number`` where a
#: number goes.
ENTRIES = {
    "bismarck announce, deal": (
        _bismarck,
        lambda t, n: t.post("announce", deal=n, contract="spader"),
    ),
    "bismarck record, deal": (
        _bismarck_announced,
        lambda t, n: t.post("record", deal=n, tricks_0="5", tricks_1="5", tricks_2="6"),
    ),
    "bismarck record, tricks": (
        _bismarck_announced,
        lambda t, n: t.post("record", deal="1", tricks_0=n, tricks_1="5", tricks_2="6"),
    ),
    "bismarck correction, tricks": (_bismarck_recorded, _correct_bismarck),
    "klaberjass hand, hand": (
        _klaberjass,
        lambda t, n: t.hand(n, KLABERJASS_HANDS[0]),
    ),
    "klaberjass hand, card points": (
        _klaberjass,
        lambda t, n: t.hand(1, {**KLABERJASS_HANDS[0], "card_points": [None, 60]}, card_points_0=n),
    ),
    "klaberjass correction, card points": (
        _klaberjass_recorded,
        lambda t, n: t.correct(
            1, {**KLABERJASS_HANDS[0], "card_points": [None, 60]}, card_points_0=n
        ),
    ),
    "sviten hand, hand": (
        _sviten,
        lambda t, n: t.step(n, "quick", **_sviten_quick(n)),
    ),
    "sviten hand, tricks": (
        _sviten,
        lambda t, n: t.step(1, "quick", **_sviten_quick(n, tricks_0=n)),
    ),
    "sviten hand, melds": (
        _sviten,
        lambda t, n: t.step(1, "quick", **_sviten_quick(n, melds_1=n)),
    ),
    "sviten correction, points": (
        _sviten_recorded,
        lambda t, n: t.correct(1, "quick", **_sviten_quick(n, points_0=n)),
    ),
}


@pytest.mark.parametrize("number", [THIRTY, f"-{THIRTY}", "9" * 31, ENDLESS])
@pytest.mark.parametrize("entry", ENTRIES)
def test_a_number_of_any_length_in_a_game_form_is_refused_with_a_message(
    app, client, language, entry, number
):
    start, send = ENTRIES[entry]
    table = start(client)
    before = events(app)
    response = send(table, number)
    assert response.status_code == 422, entry
    said = errors(response.get_data(as_text=True))
    assert said and all(said), entry
    assert events(app) == before


@pytest.mark.parametrize(
    ("path", "field", "data"),
    [
        ("/klaberjass/new", "target", {"player_0": "Anna", "player_1": "Ben"}),
        (
            "/sviten/new",
            "hand_cap",
            {f"player_{seat}": name for seat, name in enumerate(["Anna", "Ben", "Carla", "Dan"])},
        ),
    ],
)
@pytest.mark.parametrize("number", [THIRTY, ENDLESS])
def test_a_number_of_any_length_in_a_new_game_is_refused_beside_its_field(
    app, client, language, path, field, data, number
):
    token = csrf_token(client, path)
    payload = {"csrf_token": token, "first_dealer": "0", **data, field: number}
    response = client.post(path, data=payload)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_of(page, field)
    assert f'value="{number}"' in page  # what was typed is kept
    assert games(app) == 0


@pytest.mark.parametrize("number", [THIRTY, ENDLESS])
def test_a_number_of_any_length_of_rounds_is_refused_beside_the_field(client, language, number):
    response = new_evening(client, rounds=number)
    assert response.status_code == 422
    assert error_of(response.get_data(as_text=True), "rounds")


def _bismarck_record(**deal_changes) -> bytes:
    raw = json.loads(example("seed-002.json"))
    raw["deals"][0].update(deal_changes)
    return json.dumps(raw).encode()


@pytest.mark.parametrize(
    "record",
    [
        _bismarck_record(number=int(THIRTY)),
        _bismarck_record(number=-int(THIRTY)),
        _bismarck_record(tricks=[int(THIRTY), 2, 5]),
        _bismarck_record(declarer=int(THIRTY)),
        _bismarck_record(number=int("9" * 31)),
        example("sviten.json").replace(b'"declarer": 1', b'"declarer": ' + THIRTY.encode(), 1),
        example("sviten.json").replace(b'"bid": 1', b'"bid": -' + THIRTY.encode(), 1),
    ],
    ids=[
        "deal number",
        "negative deal number",
        "tricks",
        "declarer",
        "31 digits",
        "sviten declarer",
        "sviten bid",
    ],
)
def test_a_record_with_a_long_number_is_refused_on_import_and_nothing_stored(
    app, client, language, record
):
    assert THIRTY.encode() in record or b"9" * 31 in record
    response = upload(client, record)
    assert response.status_code == 422
    problems = field_errors(response.get_data(as_text=True))
    assert problems and all(problems)
    assert (games(app), events(app)) == (0, 0)
