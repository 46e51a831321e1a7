"""Hidden means hidden (issue 35): while a club evening's standings are hidden, a player's phone
reaches its own table's game and nothing that tells another table's result of a hidden round.

The phone of a player at table 1 follows every link of the evening's pages, its projector view
and its organiser's view, of its own games and the club's page, and fetches every record, CSV
and PDF it reaches, besides every round's table cards, the standings PDF and the evening record:
no response holds the address of another table's game of a hidden round (an address is the key
to everything of a game), nor its winners, nor the standings' points. Its own table's game it
reaches by its address, as the QR code on its table card gives it (the organiser prints the
cards: the cards a player fetches of a hidden round carry no addresses). The organiser sees
everything; after the reveal, which goes from the last place up, everybody does."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from scorekeeper.clubs import services as clubs
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.evenings import store as evening_store
from scorekeeper.games.events import Event
from scorekeeper.games.text import points
from scorekeeper.table import store
from tests.e2e.table import example_events
from tests.printing.pdfs import Pdf
from tests.web.clubs.club import member_ids, post
from tests.web.clubs.locked import MEMBERS, club_of_every_game

#: Rounds 2 and 3 of 3 are hidden. How many deals each table has played, and how its tricks
#: are turned round from the worked example's (so that no two tables' totals are alike).
PLAYED = {
    (1, 1): (12, 0),
    (1, 2): (12, 0),
    (2, 1): (12, 0),
    (2, 2): (12, 1),
    (3, 1): (3, 0),
    (3, 2): (5, 2),
}
#: What a crawl never fetches: the app's own files, and the switch of language.
NOT_FOLLOWED = ("/static/", "/assets/", "/language/")


def _events(deals: int, turn: int) -> list[Event]:
    """The worked example's first ``deals`` deals, each deal's tricks turned ``turn`` seats."""
    events = []
    for event in example_events(deals):
        if event.kind == "record":
            tricks = list(event.data["tricks"])
            event = Event("record", {**event.data, "tricks": tricks[turn:] + tricks[:turn]})
        events.append(event)
    return events


def _evening(app, client) -> tuple[str, str]:
    """A club of six members and its Bismarck evening of three rounds at two tables, the last
    two hidden, played as :data:`PLAYED`: the club's and the evening's tokens."""
    club = club_of_every_game(client)
    ids = member_ids(client, club)
    with app.app_context():
        made = clubs.new_evening(
            clubs.load(club),
            [ids[name] for name in MEMBERS],
            [],
            {
                "name": "Vecka 5",
                "kind": "bismarck",
                "rounds": 3,
                "scoring": "totals",
                "hide_last": 2,
                "settings": {},
            },
            "test",
        )
        for number in (1, 2, 3):
            loaded = evening_store.start_round(
                db.session, evenings.load(made.token), number, [0, 0]
            )
            for table in loaded.tables(number):
                game = table.game
                for seq, event in enumerate(_events(*PLAYED[number, table.number])):
                    game = store.append(db.session, game, event, seq)
    return club, made.token


def _read(response) -> str:
    """What a response says: its text, a PDF's text, and where a redirect leads."""
    if response.mimetype == "application/pdf":
        body = Pdf(response.data).text
        body += "\n" + "".join(body.split())  # an address broken over two lines, whole
    else:
        body = response.get_data(as_text=True)
    return body + "\n" + response.headers.get("Location", "")


def _links(url: str, text: str) -> list[str]:
    """The app's addresses a page links to (no fragment), as a browser would follow them, and
    where its forms that only ask (GET: the score sheet's print form) lead."""
    found = []
    asks = [
        re.search(r'action="?([^"\s>]+)', form)
        for form in re.findall(r"<form\b([^>]*)>", text)
        if "post" not in form.lower()
    ]
    links = re.findall(r'(?:href|src)="?([^"\s>]+)', text) + [a[1] for a in asks if a]
    for link in links:
        parts = urlsplit(urljoin(url, link))
        if parts.netloc not in ("", "localhost") or parts.path.startswith(NOT_FOLLOWED):
            continue
        found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return found


def _crawl(phone, starts: list[str], most: int = 400) -> dict[str, tuple[int, str]]:
    """Every address the phone reaches from ``starts`` by following links and redirects:
    each one's status and what it said."""
    seen: dict[str, tuple[int, str]] = {}
    waiting = list(starts)
    while waiting and len(seen) < most:
        url = waiting.pop(0)
        if url in seen:
            continue
        response = phone.get(url)
        said = _read(response)
        seen[url] = (response.status_code, said)
        waiting += _links(url, said)
    assert len(seen) < most, "the crawl went on and on"
    return seen


def _games(app, evening: str) -> dict[tuple[int, int], tuple[str, tuple[str, ...]]]:
    """The evening's games: each one's token and players, by (round, table)."""
    with app.app_context():
        loaded = evenings.load(evening)
        return {
            (t.round, t.number): (t.game.token, loaded.names(t.seats))
            for t in loaded.all_tables()
            if t.game is not None
        }


def _results(app, evening: str) -> dict[tuple[int, int], list[str]]:
    """What tells how a table went: each player's total beside their name, as a game's page
    writes it, and for a finished game its winners' line on the evening's pages."""
    found = {}
    with app.app_context():
        loaded = evenings.load(evening)
        for (round_, number), game in loaded.games.items():
            board = game.rules.scoreboard(game.state)
            names = game.state.players
            said = [
                f"{name} <b>{points(total, True)}</b>"
                for name, total in zip(names, game.state.totals, strict=True)
            ]
            if board.finished:
                winners = [names[w] for w in game.state.winners]
                said.append(f"Finished: {' and '.join(winners)}")
            found[round_, number] = said
    return found


def _standings_points(app, evening: str) -> set[str]:
    with app.app_context():
        rows = evenings.standings_of(evenings.load(evening)).rows
    return {points(row.points, True) for row in rows} - {"0"}


def _shows(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w+−.,]){re.escape(value)}(?![\w½.,])", text) is not None


def test_a_player_of_table_1_cannot_tell_another_tables_result_of_a_hidden_round(app, client):
    club, evening = _evening(app, client)
    tables = _games(app, evening)
    # The player: the first seat of table 1 in round 3, whose phone scanned its table's card
    # in rounds 2 and 3 (and opened its games).
    me = tables[3, 1][1][0]
    mine = {
        tables[3, 1][0],
        next(t for (r, _n), (t, names) in tables.items() if r == 2 and me in names),
    }
    others = {
        key: token for key, (token, _names) in tables.items() if key[0] >= 2 and token not in mine
    }
    assert len(others) == 2
    results = _results(app, evening)
    hidden_points = _standings_points(app, evening)
    assert len(hidden_points) >= 3  # something to look for
    phone = app.test_client()
    for token in mine:
        assert phone.get(f"/g/{token}").status_code == 200
    fetched = _crawl(
        phone,
        [
            f"/e/{evening}",
            f"/e/{evening}/screen",
            f"/e/{evening}/tables",
            f"/c/{club}",
            *(f"/g/{token}" for token in mine),
            f"/e/{evening}/evening.json",
            f"/e/{evening}/standings.pdf",
            *(f"/e/{evening}/round/{n}/cards.pdf" for n in (1, 2, 3)),
        ],
    )
    assert any(url.endswith("/record.json") for url in fetched)  # its own games' records
    assert any(url.endswith("/deals.csv") for url in fetched)
    assert any(url.endswith("/sheet.pdf") for url in fetched)
    evening_pages = {
        url: said
        for url, (_status, said) in fetched.items()
        if url.startswith((f"/e/{evening}", f"/c/{club}"))
    }
    assert len(evening_pages) >= 8
    for url, (status, said) in fetched.items():
        assert status < 500, url
        for key, token in others.items():
            assert token not in url and token not in said, (url, key)
    for url, said in evening_pages.items():
        # The evening's page lists round 1 too, which is not hidden: the rest of it is.
        hidden_part = said.split('id="round-2"', 1)[1] if url == f"/e/{evening}" else said
        assert not re.search(r"Finished: [^<]*(won|share the win)", hidden_part), url
        for key, lines in results.items():
            if key[0] >= 2:
                for line in lines:
                    assert line not in hidden_part, (url, key, line)
        for value in hidden_points:
            assert not _shows(said, value), (url, value)
    # Round 1 is not hidden: its tables' games and winners stay on the evening's page.
    page = fetched[f"/e/{evening}"][1]
    assert tables[1, 1][0] in page and "Finished: " in page.split('id="round-2"')[0]
    assert "each table reaches its game by the QR code on its table card" in page
    # The player's own table's game, by its card: the organiser's cards of round 3 carry
    # every table's address; the player's carry none.
    cards = Pdf(client.get(f"/e/{evening}/round/3/cards.pdf").data).text
    assert all(token in "".join(cards.split()) for token in (tables[3, 1][0], tables[3, 2][0]))
    assert tables[3, 1][0] not in fetched[f"/e/{evening}/round/3/cards.pdf"][1]


def test_the_organiser_sees_every_table_and_the_reveal_goes_from_the_last_place_up(app, client):
    club, evening = _evening(app, client)
    tables = _games(app, evening)
    mine = client.get(f"/e/{evening}").text
    assert all(token in mine for token, _names in tables.values())
    assert all(tables[3, n][0] in client.get(f"/e/{evening}/tables").text for n in (1, 2))
    phone = app.test_client()
    with app.app_context():
        rows = evenings.standings_of(evenings.load(evening)).rows
    places = sorted({row.place for row in rows})
    assert post(client, f"/c/{club}/e/{evening}/reveal").status_code == 303
    for step in range(1, len(places) + 1):
        screen = phone.get(f"/e/{evening}/screen").text
        shown = re.findall(r'<th scope="row">([^<]+)</th>', screen)
        expected = [row.name for row in rows if row.place >= places[-step]]
        assert shown == expected, step
        if step < len(places):
            # Still hidden from the players until the first place is shown.
            page = phone.get(f"/e/{evening}").text
            assert tables[2, 2][0] not in page and tables[3, 2][0] not in page
            assert post(client, f"/c/{club}/e/{evening}/reveal/next").status_code == 303
    # Every place shown: every table's game and winner on everybody's evening page.
    page = phone.get(f"/e/{evening}").text
    assert all(token in page for token, _names in tables.values())
    assert "Finished: " in page.split('id="round-2"')[1]
    cards = Pdf(phone.get(f"/e/{evening}/round/3/cards.pdf").data).text
    assert tables[3, 2][0] in "".join(cards.split())
