"""Who is at this phone (issue 26): a phone says which seat it is at (a player, or a pair in
Sviten); the game page's head says it; every entry records the seat of the phone that made it;
the changes list says who entered what."""

from __future__ import annotations

from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import CSRF, csrf_token
from tests.web.bismarck.client import Table
from tests.web.seats import changes, choose, said_in_head, seat_page
from tests.web.sviten.client import HANDS, SvitenTable


def seats_of(app, table) -> tuple[str | None, ...]:
    with app.app_context():
        store.REPLAYS.clear()
        game = store.load(db.session, table.url.rsplit("/", 1)[-1])
        return tuple(game.seat_of(seq) for seq in range(game.seq))


def test_a_phone_says_who_it_is_and_can_change_it(client):
    table = Table(client)
    table.start()
    assert said_in_head(table.page()) == "I am …"
    page = seat_page(table)
    assert "Who is at this phone?" in page and 'name="seat" value="1">Ben</button>' in page
    assert "Nobody" not in page  # nothing to forget yet
    response = choose(table, "1")
    assert response.status_code == 303 and response.headers["Location"] == table.url
    assert said_in_head(table.page()) == "You: Ben"
    page = seat_page(table)
    assert 'name="seat" value="1" aria-current="true">Ben</button>' in page and "Nobody" in page
    choose(table, "2")
    assert said_in_head(table.page()) == "You: Carla"
    choose(table, "")  # Nobody
    assert said_in_head(table.page()) == "I am …"


def test_choosing_a_seat_works_as_a_plain_form(client):
    """What a phone without the script sends: the seat page's form, its CSRF token and the
    button tapped."""
    table = Table(client)
    table.start()
    token = CSRF.search(seat_page(table))
    assert token
    sent = client.post(f"{table.url}/seat", data={"csrf_token": token.group(1), "seat": "0"})
    assert sent.status_code == 303
    assert said_in_head(client.get(sent.headers["Location"]).get_data(as_text=True)) == "You: Anna"


def test_the_seat_is_remembered_for_that_game_only(client):
    first, second = Table(client), Table(client)
    first.start()
    second.start(players=("Dora", "Emil", "Frida"))
    choose(first, "0")
    assert said_in_head(first.page()) == "You: Anna"
    assert said_in_head(second.page()) == "I am …"


def test_a_phone_keeps_the_seats_of_its_latest_games_whatever_their_addresses(app, client):
    """A phone at more games than its session keeps seats for (a season of club nights) still
    knows its seat in each of the latest: the oldest are forgotten, never a recent one (the
    session's JSON sorts a mapping's keys, so the seats are kept as a list)."""
    from scorekeeper.games import bismarck
    from scorekeeper.table import services
    from scorekeeper.web.seats import SEATS_KEPT

    token = csrf_token(client)
    with app.app_context():
        games = [
            services.create("bismarck", bismarck.Setup(("Anna", "Ben", "Carla"))).token
            for _ in range(SEATS_KEPT + 5)
        ]
    for game in games:
        client.post(f"/g/{game}/seat", data={"csrf_token": token, "seat": "2"})
    heads = [said_in_head(client.get(f"/g/{game}").get_data(as_text=True)) for game in games]
    assert heads == ["I am …"] * 5 + ["You: Carla"] * SEATS_KEPT


def test_a_seat_the_game_does_not_have_is_refused_and_nothing_changes(client):
    """Only the game's own seat ids are seats: not another way of writing one (``00``, a
    full-width ``０``, a superscript ``²``, spaces), which once slipped through as seat 0 or
    answered 500. Each is refused on the seat page with a message, and nothing is kept."""
    table = Table(client)
    table.start()
    choose(table, "1")
    for bad in ("3", "-1", "x", "organiser", "1" * 40, "00", "01", "０", "²", "¹", " 1", "1 "):
        refused = choose(table, bad)
        assert refused.status_code == 422, bad
        page = refused.get_data(as_text=True)
        assert "Choose one of this game&#39;s seats." in page, bad
        assert 'name="seat" value="1" aria-current="true">Ben</button>' in page, bad
    no_token = client.post(f"{table.url}/seat", data={"seat": "0"})
    assert no_token.status_code == 400
    assert said_in_head(table.page()) == "You: Ben"


def test_a_seat_kept_in_another_form_by_an_older_session_is_no_seat(client):
    """A session that kept ``00`` (before seats were checked exactly) says no seat at all."""
    table = Table(client)
    table.start()
    token = table.url.rsplit("/", 1)[-1]
    for kept in ("00", "０", "²"):
        with client.session_transaction() as session:
            session["seats"] = [[token, kept]]
        assert said_in_head(table.page()) == "I am …", kept
        assert seat_page(table).count('aria-current="true"') == 0, kept


def test_every_entry_records_the_seat_and_the_changes_list_says_who(app, client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")  # before the phone said who it is: not known
    choose(table, "1")
    table.record(1, (4, 10, 2))
    table.announce(2, "pass")
    assert table.post("undo").status_code == 303  # takes back deal 2's announcement
    assert seats_of(app, table) == (None, "1", "1", "1")
    lines = [line.split(" ", 1)[1] for line in changes(table.page())]  # without the time
    assert lines == [
        "Deal 2: undid: Carla announced Pass by Ben",
        "Deal 2: Carla announced Pass by Ben (undone)",
        "Deal 1: tricks 4/10/2 by Ben",
        "Deal 1: Ben announced Sang",  # before the phone said who it is
    ]


def test_a_correction_records_the_seat_of_its_phone(app, client):
    table = Table(client)
    table.start()
    table.announce(1, "sang")
    table.record(1, (4, 10, 2))
    choose(table, "2")
    response = client.post(
        f"{table.url}/deal/1/correct",
        data={
            "csrf_token": table.token,
            "seq": table.seq(),
            "deal": 1,
            "contract": "sang",
            "tricks_0": "5",
            "tricks_1": "9",
            "tricks_2": "2",
        },
    )
    assert response.status_code == 303
    assert seats_of(app, table) == (None, None, "2")
    assert changes(table.page())[0].endswith("by Carla")


def test_two_phones_at_different_seats_each_appear_on_their_own_entries(app):
    anna, ben = Table(app.test_client()), Table(app.test_client())
    anna.start()
    ben.url = anna.url  # Ben's phone opens the game by its address
    ben.token = csrf_token(ben.client, ben.url)
    choose(anna, "0")
    choose(ben, "1")
    assert anna.announce(1, "sang").status_code == 303
    assert ben.record(1, (4, 10, 2)).status_code == 303
    assert seats_of(app, anna) == ("0", "1")
    for page in (anna.page(), ben.page()):
        lines = changes(page)
        assert lines[0].endswith("tricks 4/10/2 by Ben") and lines[1].endswith("Sang by Anna")
    assert said_in_head(anna.page()) == "You: Anna" and said_in_head(ben.page()) == "You: Ben"


def test_in_sviten_a_phone_is_at_a_pair(app, client):
    table = SvitenTable(client)
    table.start()
    page = seat_page(table)
    assert 'value="1">Ben &amp; Dan</button>' in page
    assert choose(table, "2").status_code == 422  # two pairs, not four players
    choose(table, "1")
    assert said_in_head(table.page()) == "You: Ben &amp; Dan"
    assert table.hand(1, HANDS[0]).status_code == 303
    assert seats_of(app, table) == ("1",)
    assert changes(table.page())[0].endswith("by Ben & Dan")
