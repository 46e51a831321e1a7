"""A server with every kind of thing in it, made through the app's own pages and services as
phones and organisers make them — what a backup must give back whole:

- a club made on its pages: members added, renamed, retired and merged both ways (into an
  older entry and into a newer one), an evening whose tables confirm each other's entries and
  hide the standings of its last round (played, confirmed from other seats and by the
  organiser's page, closed, then revealed), a second evening, a game of the club, two seasons
  (by dates and chosen evenings), a wrong PIN and a right one from another phone;
- a second club with years behind it, made through the clubs' services
  (:func:`tests.clubs.season_club.season_club`);
- an evening of no club, a round played; casual games of every kind, with corrections and
  undos; a game of a kind this version does not know.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

import sqlalchemy as sa

from scorekeeper.backup import tables
from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.table import services as games
from tests.clubs.season_club import play, season_club
from tests.conftest import csrf_token
from tests.e2e.table import example_events
from tests.games.bismarck.examples import MODERN_GAME
from tests.web.bismarck.client import Table
from tests.web.clubs.club import PIN, add, evening_token, make_club, member_ids, plan_evening, post
from tests.web.evenings.helpers import new_evening
from tests.web.free.client import FreeTable
from tests.web.klaberjass.client import KlaberjassTable
from tests.web.sviten.client import SvitenTable

CONFIRM = re.compile(r'action="([^"]+/confirm/(\d+))"')


@dataclass
class Server:
    """What was made: the clubs', evenings' and games' addresses."""

    clubs: list[str] = field(default_factory=list)
    evenings: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)


def _start(client, evening: str, number: int) -> None:
    data = {"csrf_token": csrf_token(client, f"/e/{evening}"), "anyway": "y"}
    response = client.post(f"/e/{evening}/round/{number}/start", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)


def _tables(app, evening: str, number: int) -> list[str]:
    with app.app_context():
        return [table.game.token for table in evenings.load(evening).tables(number)]


def _play_confirmed(app, client, game: str, deals: int) -> None:
    """``deals`` deals entered by seat 0's phone; each confirmed by seat 1's (through the
    service a phone's tap calls), but the last, which the organiser confirms on the page."""
    with app.app_context():
        loaded = games.load(game)
        for event in example_events(deals):
            loaded = games.enter(loaded, event, loaded.seq, seat="0")
            assert isinstance(loaded, games.LoadedGame)
            if event.kind == "record" and event.data["deal"] < deals:
                confirmed = games.confirm(loaded, loaded.seq - 1, "1")
                assert isinstance(confirmed, games.LoadedGame), confirmed
                loaded = confirmed
    box = client.get(f"/g/{game}").get_data(as_text=True)
    action = CONFIRM.search(box)
    assert action, "an entry waiting for the organiser"
    data = {"csrf_token": csrf_token(client, f"/g/{game}")}
    assert client.post(action.group(1), data=data).status_code == 303


def _play(app, game: str, deals: list, *, undo_after: int | None = None) -> None:
    with app.app_context():
        play(games.load(game), deals, undo_after=undo_after)


def _club_on_its_pages(app, client, server: Server) -> None:
    games = ("bismarck", "klaberjass", "sviten", "free")
    token = make_club(client, name="Torsdagsklubben", games=games)
    server.clubs.append(token)
    add(client, token, "Anna", "Ben", "Carla", "Dag", "Eva", "Fred", "Gun", "Anna S", "Bengt")
    ids = member_ids(client, token)
    hidden = evening_token(
        plan_evening(client, token, name="Vecka 1", rounds="2", hide_last="1", confirms="y")
    )
    server.evenings.append(hidden)
    _start(client, hidden, 1)
    first, second, third = _tables(app, hidden, 1)
    _play_confirmed(app, client, first, 12)
    _play_confirmed(app, client, second, 3)
    _start(client, hidden, 2)
    _play_confirmed(app, client, _tables(app, hidden, 2)[0], 2)
    assert post(client, f"/c/{token}/e/{hidden}/close").status_code == 303
    assert post(client, f"/c/{token}/e/{hidden}/reveal").status_code == 303
    assert post(client, f"/c/{token}/e/{hidden}/reveal/next").status_code == 303
    server.games += [first, second, third]
    # The register changes: a rename, a retirement, merges into an older and a newer entry.
    assert post(client, f"/c/{token}/m/{ids['Eva']}", name="Eva L").status_code == 303
    assert post(client, f"/c/{token}/m/{ids['Fred']}/retire").status_code == 303
    merges = [(ids["Anna"], ids["Anna S"]), (ids["Bengt"], ids["Ben"])]
    for keep, merged in merges:
        response = post(client, f"/c/{token}/members/merge", keep=keep, merged=merged)
        assert response.status_code == 303, response.get_data(as_text=True)
    plain = evening_token(plan_evening(client, token, name="Vecka 2", rounds="1"))
    server.evenings.append(plain)
    _start(client, plain, 1)
    for game, deals in zip(_tables(app, plain, 1), (MODERN_GAME, MODERN_GAME[:5]), strict=False):
        _play(app, game, deals, undo_after=3)
    _club_game(app, client, token, server)
    _seasons(client, token, [hidden, plain])
    _other_phones(app, token)


def _club_game(app, client, token: str, server: Server) -> None:
    ids = member_ids(client, token)
    chosen = [ids["Anna"], ids["Carla"]]
    response = post(
        client,
        f"/c/{token}/game/new/bismarck",
        name="Tisdag",
        variant="modern",
        members=chosen,
        new_members="Hugo",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    game = re.search(r"/g/([\w-]+)$", response.headers["Location"]).group(1)
    _play(app, game, MODERN_GAME)
    server.games.append(game)


def _seasons(client, token: str, held: list[str]) -> None:
    by_dates = {"name": "Våren", "rule": "total", "absence": "none", "by": "dates"}
    assert post(client, f"/c/{token}/seasons/new", **by_dates).status_code == 303
    page = client.get(f"/c/{token}/seasons/new").get_data(as_text=True)
    chosen = re.findall(r'name="evenings" type="checkbox" value="(\d+)"', page)
    assert len(chosen) >= 2, page
    best = {"name": "Bästa", "rule": "best", "n": "1", "absence": "lowest", "by": "chosen"}
    response = post(client, f"/c/{token}/seasons/new", evenings=chosen[:1], **best)
    assert response.status_code == 303, response.get_data(as_text=True)


def _other_phones(app, token: str) -> None:
    """A wrong PIN and the right one, from two other phones (each logged)."""
    for pin, status in (("000000000000", 422), (PIN, 303)):
        phone = app.test_client()
        data = {"csrf_token": csrf_token(phone, f"/c/{token}/pin"), "pin": pin}
        assert phone.post(f"/c/{token}/pin", data=data).status_code == status


def _club_of_years(app, server: Server) -> None:
    with app.app_context():
        club = season_club("Söndagsklubben")
        server.clubs.append(club.token)
        for evening in clubs.page_of(club).evenings:
            server.evenings.append(evening.token)


def _casual(app, client, server: Server) -> None:
    bismarck = Table(client)
    bismarck.start(players=("Åsa", "Björn", "Cécile"))
    for number, (contract, trump, tricks) in enumerate(MODERN_GAME[:5], 1):
        assert bismarck.announce(number, contract, trump).status_code == 303
        assert bismarck.record(number, tricks).status_code == 303
    assert bismarck.post("undo").status_code == 303
    klaberjass = KlaberjassTable(client)
    klaberjass.start()
    klaberjass.play()
    sviten = SvitenTable(client)
    sviten.start()
    sviten.play()
    chicago = FreeTable(client)
    chicago.start(game_name="Chicago", player_teams="2", end="target", target="40")
    chicago.play([[30, 2], [-5, 9], [15, 0]])
    tables = (bismarck, klaberjass, sviten, chicago)
    server.games += [t.url.removeprefix("/g/") for t in tables]
    evening = evening_token(new_evening(client, name="Fredagskväll"))
    server.evenings.append(evening)
    _start(client, evening, 1)
    _play(app, _tables(app, evening, 1)[0], MODERN_GAME)
    with app.app_context():
        plugin = models.Game(
            token="plugin-game", kind="tally", setup={"players": ["A"]}, created_at=datetime.now()
        )
        db.session.add(plugin)
        db.session.flush()
        db.session.add(models.Event(game_id=plugin.id, seq=0, kind="add", data={"n": 3}))
        db.session.commit()


def fill(app, client) -> Server:
    """The server: every kind of thing (see the module's docstring)."""
    server = Server()
    _club_on_its_pages(app, client, server)
    _club_of_years(app, server)
    _casual(app, client, server)
    return server


def every_row(app, *, derived: bool = False) -> dict[str, list[tuple]]:
    """Every row of every table of the models (and the schema revision), ids and all, in the
    order of their keys: what an identical server holds. A table of derived results (a
    cache, ``info={"derived": True}``, which a backup leaves out) only with ``derived``."""
    found = {}
    with app.app_context(), db.engine.connect() as connection:
        for table in models.Model.metadata.sorted_tables:
            if tables.derived(table) and not derived:
                continue
            query = sa.select(table).order_by(*table.primary_key.columns)
            found[table.name] = [tuple(row) for row in connection.execute(query)]
        found["alembic_version"] = sorted(
            connection.execute(sa.text("SELECT version_num FROM alembic_version")).all()
        )
    return found


def row_counts(app) -> dict[str, int]:
    return {name: len(rows) for name, rows in every_row(app).items()}


def club_records(app, tokens: list[str]) -> dict[str, str]:
    """Every club's record (``scorekeeper-club/1``), as the organiser's download writes it."""
    with app.app_context():
        return {token: clubs.record_of(clubs.load(token)) for token in tokens}


def evening_records(app, tokens: list[str]) -> dict[str, str]:
    """Every evening's record, as its download writes it."""
    with app.app_context():
        return {token: evenings.record_of(evenings.load(token)) for token in tokens}
