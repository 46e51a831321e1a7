"""Bismarck through the web pages, as phones at the table use them (Flask test client)."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.data.db import alembic, db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.games.bismarck.examples import MODERN_GAME
from tests.games.bismarck.examples import game as engine_state
from tests.web import text
from tests.web.bismarck.client import Table, play_modern_game


def stored_events(app, table: Table) -> int:
    token = table.url.rsplit("/", 1)[-1]
    with app.app_context():
        return len(store.load(db.session, token).events)


# --- home and new game ---


def test_home_lists_the_games_this_browser_started(client):
    assert "Games you start or join" in client.get("/").get_data(as_text=True)
    table = Table(client)
    table.start(("Dora", "Eli", "Fay"))
    home = client.get("/").get_data(as_text=True)
    assert "Dora, Eli, Fay" in home
    assert table.url.rsplit("/", 1)[-1] in home


def test_a_random_first_dealer_is_drawn_and_announced(client):
    table = Table(client)
    table.start(first_dealer="random")
    page = text(table.page())
    match = re.search(r"The draw: (\w+) deals first\.", page)
    assert match and match.group(1) in ("Anna", "Ben", "Carla")
    assert f"{match.group(1)} deals ·" in page


def test_new_game_form_keeps_what_was_typed_and_says_what_is_wrong(client):
    token = Table(client)
    token.token = __import__("tests.conftest", fromlist=["csrf_token"]).csrf_token(client)
    response = client.post(
        "/bismarck/new",
        data={
            "csrf_token": token.token,
            "player_0": "Anna",
            "player_1": "",
            "player_2": "anna",
            "variant": "modern",
            "first_dealer": "0",
        },
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Enter a name." in page
    assert 'value="Anna"' in page and 'value="anna"' in page
    response = client.post(
        "/bismarck/new",
        data={
            "csrf_token": token.token,
            "player_0": "Anna",
            "player_1": "Ben",
            "player_2": "anna",
            "variant": "modern",
            "first_dealer": "0",
        },
    )
    assert response.status_code == 422
    assert "Two players are called anna." in response.get_data(as_text=True)
    response = client.post(
        "/bismarck/new",
        data={
            "csrf_token": token.token,
            "player_0": "A",
            "player_1": "B",
            "player_2": "C",
            "variant": "nonsense",
            "first_dealer": "7",
        },
    )
    assert response.status_code == 422
    assert "Not a valid choice" in response.get_data(as_text=True)


# --- a whole game ---


def test_a_full_modern_game_through_the_forms(client):
    table = Table(client)
    table.start()
    play_modern_game(table)
    expected = engine_state()
    assert expected.finished
    page = text(table.page())
    assert "Game over" in page
    totals = dict(zip(("Anna", "Ben", "Carla"), expected.totals, strict=True))
    best = max(totals.values())
    winners = [name for name, total in totals.items() if total == best]
    assert len(winners) == 1
    assert f"{winners[0]} wins with +{best}." in page
    for name, total in totals.items():
        shown = f"+{total}" if total > 0 else ("0" if total == 0 else f"−{-total}")
        assert re.search(rf"<li><span>{name}</span> <b>{re.escape(shown)}</b></li>", table.page())
    # The phone that finished the game cannot record a 13th deal.
    response = table.announce(13, "sang")
    assert response.status_code == 422
    assert "The game is over: all 12 deals are recorded." in text(response.get_data(as_text=True))


def test_the_current_deal_and_forehand_are_shown(client):
    table = Table(client)
    table.start(first_dealer="2")
    page = text(table.page())
    assert "Deal 1 of 12" in page and "Carla deals · Anna is forehand" in page
    table.announce(1, "sang")
    table.record(1, (6, 6, 4))
    table.announce(2, "pass")
    table.record(2, (9, 2, 5))
    page = text(table.page())
    assert "Deal 3 of 12" in page and "Ben deals · Carla is forehand" in page
    assert "Deal 2: Anna −3 · Ben +2 · Carla +1 sum 0 ✓" in page


def test_the_forced_last_contract_is_preselected(client):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:9])
    page = table.page()
    assert re.search(r'value="pass" checked', page)
    assert re.search(r'value="sang"\s+disabled', page)
    assert "used in deal 1" in page  # Ben played Sang in deal 1


# --- validation messages ---


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        (("6", "6", "3"), "The tricks add up to 15, but a deal has 16 tricks."),
        (("six", "6", "4"), "Type a whole number from 0 to 16."),
        (("-1", "13", "4"), "Tricks are from 0 to 16."),
        (("99999999999999999999", "0", "0"), "Tricks are from 0 to 16."),
        (("", "", "8"), "Enter the tricks."),
        (("4.5", "7.5", "4"), "Type a whole number from 0 to 16."),
    ],
)
def test_bad_tricks_get_a_message_next_to_the_field_and_keep_the_input(
    client, app, tricks, message
):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    before = stored_events(app, table)
    response = table.record(1, tricks)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'<p class="error" id="tricks-error" role="alert">{message}' in page
    assert 'aria-describedby="tricks-error" id="latest"' in page  # where the page lands
    assert page.count(message) == 1  # said once, beside the counts
    for typed in tricks:
        if typed:
            assert f'value="{typed}"' in page
    assert stored_events(app, table) == before


def test_contract_rules_are_enforced_even_for_crafted_requests(client, app):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:3])
    before = stored_events(app, table)
    response = table.announce(4, "sang")  # Ben used Sang in deal 1; the button is disabled
    assert response.status_code == 422
    assert "Ben has already played Sang (deal 1)." in response.get_data(as_text=True)
    response = table.announce(4, "valfri")
    assert "Name the trump suit for Valfri." in response.get_data(as_text=True)
    response = table.announce(4, "nonsense")
    assert "Not a valid choice" in response.get_data(as_text=True)
    response = table.announce(7, "pass")
    assert "This is deal 4, not deal 7." in response.get_data(as_text=True)
    response = table.post("announce", deal=4)
    assert "Choose a contract." in response.get_data(as_text=True)
    assert stored_events(app, table) == before
    # A suit left selected from a contract chosen before (Valfri ♥, then Pass) is not part
    # of the announcement: the contract names no trumps, so none is stored.
    assert table.announce(4, "pass", "hearts").status_code == 303
    with app.app_context():
        announced = store.load(db.session, table.url.rsplit("/", 1)[-1]).events[-1]
    assert announced.data == {"deal": 4, "contract": "pass", "trump": None}


def test_missing_or_garbled_fields_never_give_a_server_error(client):
    table = Table(client)
    table.start()
    for action in ("announce", "record", "redeal", "undo"):
        for payload in ({}, {"seq": "x", "deal": "y"}, {"seq": "-5", "deal": "1e9"}):
            data = {"csrf_token": table.token, **payload}
            response = client.post(f"{table.url}/{action}", data=data)
            assert response.status_code in (303, 409, 422), (action, payload)


# --- two phones ---


def test_two_phones_submitting_the_same_deal(app):
    phone_a, phone_b = Table(app.test_client()), Table(app.test_client())
    phone_a.start()
    phone_b.url = phone_a.url
    phone_b.token = __import__("tests.conftest", fromlist=["csrf_token"]).csrf_token(
        phone_b.client, phone_b.url
    )
    phone_a.announce(1, "sang")
    seq = phone_b.seq()
    assert phone_a.record(1, (8, 4, 4), seq=seq).status_code == 303
    response = phone_b.record(1, (9, 3, 4), seq=seq)
    assert response.status_code == 409
    page = text(response.get_data(as_text=True))
    assert "Already recorded from another phone" in page
    assert "Deal 1: tricks 8/4/4" in page
    assert "Your tricks, not saved: 9 / 3 / 4" in page
    assert stored_events(app, phone_a) == 2


def test_a_stale_form_is_a_conflict_not_a_guess(client, app):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    response = table.announce(1, "pass", seq=0)
    assert response.status_code == 409
    assert stored_events(app, table) == 1


def test_the_unique_log_position_refuses_the_second_write(app):
    with app.app_context():
        setup = bismarck.Setup(("Anna", "Ben", "Carla"))
        game = store.create_game(db.session, "bismarck", setup)
        game_id = db.session.scalar(sa.text("select id from game"))
        db.session.execute(
            sa.text(
                "insert into event (game_id, seq, kind, data, created_at) "
                "values (:g, 0, 'announce', '{\"deal\": 1, \"contract\": \"sang\"}', '2026-01-01')"
            ),
            {"g": game_id},
        )
        db.session.commit()
        # A writer that loaded the game before that insert still believes position 0 is free.
        with pytest.raises(store.Conflict) as info:
            store.append(db.session, game, Event("announce", {"deal": 1, "contract": "pass"}), 0)
        assert info.value.current.seq == 1


def test_polling_endpoint_reports_the_log_position(client):
    table = Table(client)
    table.start()
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 0}
    table.announce(1, "sang")
    assert client.get(f"{table.url}/seq").get_json() == {"seq": 1}
    assert client.get("/g/nope/seq").status_code == 404


# --- redeal, correct, undo ---


def test_redeal_is_logged_and_scores_nothing(client):
    table = Table(client)
    table.start()
    table.announce(1, "valfri", "hearts")
    assert table.post("redeal", deal=1, trump="clubs").status_code == 303
    page = text(table.page())
    assert "Deal 1 of 12" in page and "1 redeal" in page
    assert "Deal 1: redealt (Valfri ♣)" in page


def test_correcting_an_earlier_deal_rederives_the_totals(client):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:6])
    url = f"{table.url}/deal/3/correct"
    form = client.get(url).get_data(as_text=True)
    assert 'value="5"' in form and 'value="spader" checked' in form
    seq = table.seq()
    response = client.post(
        url,
        data={
            "csrf_token": table.token,
            "seq": seq,
            "deal": 3,
            "contract": "spader",
            "tricks_0": "9",
            "tricks_1": "2",
            "tricks_2": "5",
        },
    )
    assert response.status_code == 303
    corrected = list(MODERN_GAME[:6])
    corrected[2] = ("spader", None, (9, 2, 5))
    expected = engine_state(corrected)
    page = table.page()
    for seat, name in enumerate(("Anna", "Ben", "Carla")):
        total = expected.totals[seat]
        shown = f"+{total}" if total > 0 else ("0" if total == 0 else f"−{-total}")
        assert re.search(
            rf"<th scope=row>{name}</th>.*?<td class=total>{re.escape(shown)}</td>", page, re.S
        )
    assert "corrected: tricks 5/2/9 → 9/2/5" in text(page)


def test_a_correction_that_breaks_a_later_deal_is_refused(client, app):
    table = Table(client)
    table.start()
    play_modern_game(table, MODERN_GAME[:4])
    before = stored_events(app, table)
    # Ben declared Sang in deal 1 and Valfri in deal 4; making deal 1 Valfri breaks deal 4.
    response = client.post(
        f"{table.url}/deal/1/correct",
        data={
            "csrf_token": table.token,
            "seq": table.seq(),
            "deal": 1,
            "contract": "valfri",
            "trump": "spades",
            "tricks_0": "4",
            "tricks_1": "10",
            "tricks_2": "2",
        },
    )
    assert response.status_code == 422
    assert (
        "This correction would make deal 4 illegal: Ben has already played Valfri (deal 1)."
        in text(response.get_data(as_text=True))
    )
    assert stored_events(app, table) == before


def test_undo_takes_back_the_last_action(client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (6, 6, 4))
    assert table.post("undo").status_code == 303
    page = text(table.page())
    assert "Record tricks" in page and "(undone)" in page
    assert table.post("undo").status_code == 303
    assert "Carla's contract" not in page
    assert "Ben's contract" in text(table.page())


# --- safety ---


def test_a_post_without_csrf_token_is_refused_and_stores_nothing(client, app):
    table = Table(client)
    table.start()
    response = client.post(f"{table.url}/announce", data={"seq": 0, "deal": 1, "contract": "sang"})
    assert response.status_code == 400
    assert "Nothing was changed" in response.get_data(as_text=True)
    assert stored_events(app, table) == 0
    response = client.post(
        "/bismarck/new", data={"player_0": "A", "player_1": "B", "player_2": "C"}
    )
    assert response.status_code == 400


def test_player_names_are_escaped_everywhere(client):
    table = Table(client)
    evil = "<script>alert(1)</script>"
    table.start((evil, "Ben", "Carla"))
    table.announce(1, "sang")
    table.record(1, (6, 6, 4))
    for page in (
        table.page(),
        client.get("/").get_data(as_text=True),
        client.get(f"{table.url}/deal/1/correct").get_data(as_text=True),
    ):
        assert evil not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_unknown_game_is_a_friendly_404(client):
    response = client.get("/g/does-not-exist")
    assert response.status_code == 404
    assert "There is no game at this address" in response.get_data(as_text=True)


def test_get_never_changes_anything(client, app):
    table = Table(client)
    table.start()
    for url in (table.url, f"{table.url}/seq", "/", f"{table.url}/deal/1/correct"):
        client.get(url)
    assert stored_events(app, table) == 0


def test_the_qr_code_never_points_at_localhost(client, monkeypatch):
    monkeypatch.setattr("scorekeeper.server.qr.lan_address", lambda: "192.0.2.7")
    table = Table(client)
    table.start()
    page = client.get(table.url, base_url="http://localhost:8000").get_data(as_text=True)
    assert "http://192.0.2.7:8000/g/" in page
    assert 'class="qr"' in page


def test_a_secret_key_is_generated_into_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    first = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite3'}"})
    assert len(first.config["SECRET_KEY"]) == 64
    key_file = first.instance_path + "/secret_key"
    with open(key_file) as file:
        assert file.read() == first.config["SECRET_KEY"]
    again = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite3'}"})
    assert again.config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_migration_creates_the_schema_on_an_empty_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "x", "AUTO_MIGRATE": False})
    with app.app_context():
        assert sa.inspect(db.engine).get_table_names() == []
        assert alembic.needs_upgrade()
    with app.app_context():  # as the ``scorekeeper``/``flask`` command line provides it
        result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        tables = set(sa.inspect(db.engine).get_table_names())
        assert {"game", "event", "alembic_version"} <= tables
        assert not alembic.needs_upgrade()
        assert db.session.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
