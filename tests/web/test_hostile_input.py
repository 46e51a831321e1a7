"""Hostile input on the web: whatever is typed or sent, a page answers with a message beside
the field and keeps what was typed, never a 5xx, and stores nothing refused.

Numbers of any length (a refusal quotes them: Babel's 28-digit decimal context once made that a
500), whole numbers in other forms than ASCII digits (``1_0``, ``+5``, full-width ``５``,
Arabic-Indic ``١٢``)."""

from __future__ import annotations

import io
import json
import re

import pytest
import sqlalchemy as sa

from scorekeeper.data import models
from scorekeeper.data.db import db
from tests.conftest import csrf_token
from tests.records.examples import example
from tests.web import error_of, text
from tests.web.bismarck.client import Table
from tests.web.evenings.helpers import new_evening
from tests.web.klaberjass.client import HANDS as KLABERJASS_HANDS
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.records import field_errors, upload
from tests.web.sviten.client import HANDS as SVITEN_HANDS
from tests.web.sviten.client import SvitenTable, quick_fields

#: 30 digits: the most a whole number may have, and more than Babel's decimal context holds.
THIRTY = "9" * 30
#: Longer than any number is read, and than Python's int() reads from text (4300 digits).
ENDLESS = "9" * 5000
#: What Python's int() reads as a number and a player's field must not.
NOT_DIGITS = ["1_0", "+5", "５", "١٢", "1e1", "0x1", " 1 2 "]


def events(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Event)) or 0


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(models.Game)) or 0


def errors(page: str) -> list[str]:
    """Every message a page shows beside a field or at the top of a form."""
    return [text(m).strip() for m in re.findall(r'<p class="error"[^>]*>(.*?)</p>', page, re.S)]


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


# --- whole numbers are ASCII digits -----------------------------------------------------------


@pytest.mark.parametrize("typed", NOT_DIGITS)
def test_a_whole_number_field_takes_ascii_digits_only(app, client, typed):
    table = _bismarck_announced(client)
    response = table.post("record", deal="1", tricks_0=typed, tricks_1="5", tricks_2="6")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Type a whole number from 0 to 16." in errors(page)
    # What was typed is kept, in an input that can hold it (a number input cannot), with the
    # numeric keypad and the message tied to it.
    field = re.search(r'<input[^>]*name="tricks_0"[^>]*>', page)
    assert field, page
    assert f'value="{typed.strip()}"' in field.group() or f'value="{typed}"' in field.group()
    assert 'type="text"' in field.group() and 'inputmode="numeric"' in field.group()
    assert 'aria-invalid="true"' in field.group()
    assert "min=" not in field.group() and "max=" not in field.group()
    assert events(app) == 1


@pytest.mark.parametrize("typed", ["5_00", "+500", "５００", "٥٠٠"])
def test_a_setting_takes_ascii_digits_only(app, client, typed):
    token = csrf_token(client, "/klaberjass/new")
    data = {"csrf_token": token, "player_0": "A", "player_1": "B", "first_dealer": "0"}
    response = client.post("/klaberjass/new", data={**data, "target": typed})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert error_of(page, "target") == "Type a whole number from 0 to 100000."
    assert games(app) == 0


def test_a_number_input_keeps_the_keypad_without_a_pattern(client):
    """``pattern`` is not allowed on ``type=number`` (the Nu HTML checker): the keypad comes
    from ``inputmode``; a number typed is shown in the number input, with its range."""
    table = _bismarck_announced(client)
    page = table.page()
    inputs = re.findall(r'<input[^>]*name="tricks_[012]"[^>]*>', page)
    assert len(inputs) == 3
    for field in inputs:
        assert 'type="number"' in field and 'inputmode="numeric"' in field
        assert 'min="0"' in field and 'max="16"' in field
        assert "pattern" not in field
    response = table.post("record", deal="1", tricks_0="17", tricks_1="5", tricks_2="6")
    field = re.search(r'<input[^>]*name="tricks_0"[^>]*>', response.get_data(as_text=True))
    assert field and 'type="number"' in field.group() and 'value="17"' in field.group()
    for path in ("/klaberjass/new", "/sviten/new", "/evening/new/bismarck"):
        assert "pattern=" not in client.get(path).get_data(as_text=True), path


# --- the language switch's way back ------------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "/\r\nSet-Cookie: x=1",
        "/?x=\n",
        "/\x00",
        "/\x85",
        "/\u2028",
        "/\t/evil.example",
        "/g/abc\rLocation: https://evil.example/",
    ],
)
def test_the_switch_ignores_a_way_back_with_a_control_character(client, target):
    response = client.get("/language/sv", query_string={"next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"  # the safe default: home
    cookies = response.headers.getlist("Set-Cookie")
    assert len(cookies) == 1 and cookies[0].startswith("lang=sv;")
    assert all("x=1" not in value for _name, value in response.headers)


def test_the_crlf_of_the_issue_answers_without_a_5xx(client):
    response = client.get("/language/sv?next=/%0d%0aSet-Cookie:%20x=1")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert [c.split("=")[0] for c in response.headers.getlist("Set-Cookie")] == ["lang"]


# --- names: the error on the seat at fault, a long name refused, not cut -------------------------

#: Each form of names: its address, how its name fields are named, the seats, what else it needs.
NAME_FORMS = {
    "bismarck new game": ("/bismarck/new", "player_{}", 3, {"variant": "modern"}),
    "klaberjass new game": ("/klaberjass/new", "player_{}", 2, {"target": "500"}),
    "sviten new game": ("/sviten/new", "player_{}", 4, {"failed_bid": "minus_bid"}),
    "bismarck blank sheet": ("/print/blank", "player_{}", 3, {}),
    "klaberjass blank sheet": ("/print/blank/klaberjass", "kj-player_{}", 2, {}),
    "sviten blank sheet": ("/print/blank/sviten", "sv-player_{}", 4, {}),
}
OTHERS = ["Carla", "Dan", "Eva", "Fred"]


def send_names(client, form: str, names: list[str]):
    path, field, _seats, extra = NAME_FORMS[form]
    data = {field.format(seat): name for seat, name in enumerate(names)} | extra
    if path.startswith("/print/"):
        return client.get(path, query_string=data)
    token = csrf_token(client, path)
    return client.post(path, data={"csrf_token": token, "first_dealer": "0", **data})


def name_input(page: str, name: str) -> str:
    match = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', page)
    assert match, f"no input {name}"
    return match.group()


@pytest.mark.parametrize("form", NAME_FORMS)
def test_a_repeated_name_is_refused_beside_the_seat_that_repeats_it(app, client, form):
    _path, field, seats, _extra = NAME_FORMS[form]
    names = ["Anna", "anna", *OTHERS][:seats]  # "Anna, Anna, Carla": the second Anna repeats
    response = send_names(client, form, names)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    repeated = field.format(1)
    both = "Both" if seats == 2 else "Two"
    assert error_of(page, repeated) == f"{both} players are called anna."
    assert 'aria-invalid="true"' in name_input(page, repeated)
    for seat in {0, seats - 1} - {1}:
        assert "aria-invalid" not in name_input(page, field.format(seat)), seat
        assert f'id="{field.format(seat)}-error"' not in page
    assert games(app) == 0


def test_a_name_repeated_later_is_refused_on_the_later_seat(client):
    response = send_names(client, "sviten new game", ["Anna", "Ben", "Carla", "ANNA"])
    page = response.get_data(as_text=True)
    assert error_of(page, "player_3") == "Two players are called ANNA."
    assert "aria-invalid" not in name_input(page, "player_0")


@pytest.mark.parametrize("form", NAME_FORMS)
def test_a_name_longer_than_30_characters_is_refused_and_kept(app, client, language, form):
    _path, field, seats, _extra = NAME_FORMS[form]
    long_name = "Bartholomew-Maximilian Svensson"  # 31 characters, as if pasted
    assert len(long_name) == 31
    names = [long_name, *OTHERS][:seats]
    response = send_names(client, form, names)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    said = {
        "en": "A name can be at most 30 characters.",
        "sv": "Ett namn får vara högst 30 tecken långt.",
    }
    assert error_of(page, field.format(0)) == said[language]
    shown = name_input(page, field.format(0))
    # Kept as sent (a field's maxlength, issue 37, stops typing past 30; a name sent by other
    # means is refused in words, and what was sent stays in the field to be shortened).
    assert f'value="{long_name}"' in shown and 'maxlength="30"' in shown
    assert 'aria-invalid="true"' in shown
    assert games(app) == 0


def test_a_name_of_30_characters_with_spaces_around_it_is_taken(client):
    name = "B" * 30
    response = send_names(client, "klaberjass new game", [f" {name} ", "Anna"])
    assert response.status_code == 303


def test_every_name_field_says_the_limit_while_typing(client):
    """Issue 37: the limit is learned while typing (``maxlength``), not after sending."""
    for path in ("/bismarck/new", "/klaberjass/new", "/sviten/new", "/"):
        page = client.get(path).get_data(as_text=True)
        fields = re.findall(r'<input[^>]*name="(?:\w+-)?player_\d"[^>]*>', page)
        assert fields and all('maxlength="30"' in field for field in fields), path


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Anna\nBen\nAnna\nDan", "Two players are called Anna."),
        ("Anna\nBen\nCarla\n" + "D" * 31, "A name can be at most 30 characters."),
    ],
)
def test_the_evenings_players_are_refused_beside_the_list_and_kept(client, players, message):
    response = new_evening(client, players=players)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in error_of(page, "players")
    assert players in page
    assert re.search(r'<textarea[^>]*aria-invalid="true"[^>]*name="players"', page) or re.search(
        r'<textarea[^>]*name="players"[^>]*aria-invalid="true"', page
    )


@pytest.mark.parametrize(
    ("typed", "kind"),
    [("", "number"), ("7", "number"), ("-1", "number"), ("99", "number"), ("abc", "text")]
    + [(typed, "text") for typed in NOT_DIGITS],
)
def test_a_template_that_writes_the_input_itself_is_told_its_type(app, typed, kind):
    """Sviten's quick entry writes its number inputs by hand: the field says which type can
    hold what it shows."""
    from werkzeug.datastructures import MultiDict

    from scorekeeper.web.forms import AppForm, WholeNumberField

    class Form(AppForm):
        count = WholeNumberField()

    with app.test_request_context():
        form = Form(MultiDict({"count": typed}), meta={"csrf": False})
        assert form.count.input_type == kind
        assert f'type="{kind}"' in form.count()


def test_an_evening_record_with_a_long_number_is_refused_on_import(app, client, language):
    from tests.cli.evening_text import evening_text

    raw = json.loads(evening_text()[0])
    raw["tables"][1]["record"]["history"][1]["data"]["deal"] = -int(THIRTY)
    upload = (io.BytesIO(json.dumps(raw).encode()), "evening.json")
    response = client.post(
        "/evening/import",
        data={"csrf_token": csrf_token(client, "/"), "evening_record": upload},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    problems = re.search(r'id="evening_record-error"[^>]*>(.*?)</ul>', page)
    assert problems and text(problems.group(1)).strip()
    assert games(app) == 0
