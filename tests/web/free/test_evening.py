"""Free games in evenings and clubs: an evening of Chicago at three tables of four, two rounds,
played through the game pages; its standings by placings (totals of different games do not
compare), a lowest-wins evening whose lowest totals place first, and the club's season table,
ratings and players' statistics that count them."""

from __future__ import annotations

import re
from fractions import Fraction

import sqlalchemy as sa

from scorekeeper.clubs import services as clubs
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from tests.conftest import csrf_token
from tests.web.clubs.club import add, make_club, member_ids, post
from tests.web.clubs.seasons import season_points
from tests.web.free.client import FreeTable

MEMBERS = ("Anna", "Ben", "Carla", "Dan", "Eva", "Fred", "Gun", "Hans", "Ida", "Jon", "Kim", "Lena")
#: Each table's deals, by seat (round 1, round 2): the seats' totals and places worked by hand.
#: Round 1, table 1: 3+5=8, 1+9=10, 4+2=6, 1+6=7 → seats 1, 0, 3, 2 → 3, 2, 1, 0 points.
#: Table 2 ties its first: 8, 8, 6, 7 → 2½, 2½, 0, 1. Table 3: 0, 0, 0, 1 → 1, 1, 1, 3.
ROUND_1 = (
    ([3, 1, 4, 1], [5, 9, 2, 6]),
    ([3, 1, 4, 1], [5, 7, 2, 6]),
    ([0, 0, 0, 0], [0, 0, 0, 1]),
)
PLACINGS_1 = ((2, 3, 0, 1), (Fraction(5, 2), Fraction(5, 2), 0, 1), (1, 1, 1, 3))
#: Round 2: every table alike: 20, −5, 7, 7 → 3, 0, 1½, 1½.
ROUND_2 = (([20, -5, 7, 7], [0, 0, 0, 0]),) * 3
PLACINGS_2 = ((3, 0, Fraction(3, 2), Fraction(3, 2)),) * 3


def _club(client) -> tuple[str, dict[str, int]]:
    token = make_club(client, games=("bismarck", "free"))
    add(client, token, *MEMBERS)
    return token, member_ids(client, token)


def _evening(client, token: str, ids: dict[str, int], name: str, rounds: str, **settings) -> str:
    response = post(
        client,
        f"/c/{token}/evening/new/free",
        name=name,
        rounds=rounds,
        scoring="placings",
        members=list(ids.values()),
        **settings,
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)


def _play_round(app, client, evening: str, number: int, deals) -> dict[str, Fraction]:
    """Start round ``number`` on the evening's page and play each table's deals through its
    game's page; each player's placing points as worked by hand (the table's seat order)."""
    started = client.post(
        f"/e/{evening}/round/{number}/start",
        data={"csrf_token": csrf_token(client, f"/e/{evening}"), "anyway": "y"},
    )
    assert started.status_code == 303, started.get_data(as_text=True)
    with app.app_context():
        loaded = evenings.load(evening)
        tables = [(t.game.token, loaded.names(t.seats)) for t in loaded.tables(number)]
    assert len(tables) == 3 and all(len(names) == 4 for _token, names in tables)
    seated = {}
    for (game, names), table_deals in zip(tables, deals, strict=True):
        table = FreeTable(client, url=f"/g/{game}")
        table.token = csrf_token(client, table.url)
        assert "Chicago" in table.page() or "lowest wins" in table.page()
        table.play(list(table_deals))
        assert "<h1>Game over</h1>" in table.page()
        seated[game] = names
    return seated


def _fraction(shown: str) -> Fraction:
    """Points as the pages write them (``5``, ``4.5``, ``0.5``: decimals, issue 37) as a
    number."""
    return Fraction(shown.replace("−", "-"))


def _by_hand(seated, placings) -> dict[str, Fraction]:
    points = {}
    for names, table_points in zip(seated.values(), placings, strict=True):
        for name, got in zip(names, table_points, strict=True):
            points[name] = Fraction(got)
    return points


def test_an_evening_of_chicago_at_three_tables_by_placings(app, client):
    token, ids = _club(client)
    page = client.get(f"/c/{token}/evening/new/free").get_data(as_text=True)
    assert 'name="game_name"' in page and 'name="player_teams"' not in page
    evening = _evening(
        client, token, ids, "Chicago-kväll", "2", game_name="Chicago", end="rounds", deals="2"
    )
    first = _by_hand(_play_round(app, client, evening, 1, ROUND_1), PLACINGS_1)
    second = _by_hand(_play_round(app, client, evening, 2, ROUND_2), PLACINGS_2)
    expected = {name: first[name] + second[name] for name in MEMBERS}
    assert sum(expected.values()) == 2 * 3 * 6  # six points at a table of four, each round
    with app.app_context():
        standings = evenings.standings_of(evenings.load(evening))
    assert standings.scoring == "placings" and not standings.provisional
    assert {row.name: row.points for row in standings.rows} == expected
    shown = client.get(f"/e/{evening}").get_data(as_text=True)
    assert "Chicago" in shown
    best = max(expected.values())
    leaders = [name for name, got in expected.items() if got == best]
    assert all(row.place == 1 for row in standings.rows if row.name in leaders)
    # The season counts the evening: its points are the season's (the one evening so far).
    season = season_points(client, token)
    assert {name: _fraction(got) for name, got in season.items()} == expected
    # A half in Swedish is written with the language's comma, as every page writes points.
    halves = {got for got in expected.values() if got.denominator == 2}
    client.set_cookie("lang", "sv")
    swedish = client.get(f"/e/{evening}").get_data(as_text=True)
    assert halves and all(f">{got.numerator // 2},5<" in swedish for got in halves)


def test_lowest_wins_places_the_lowest_totals_first_and_the_season_adds_both_evenings(app, client):
    token, ids = _club(client)
    chicago = _evening(
        client, token, ids, "Vecka 1", "1", game_name="Chicago", end="rounds", deals="2"
    )
    first = _by_hand(_play_round(app, client, chicago, 1, ROUND_1), PLACINGS_1)
    hearts = _evening(
        client,
        token,
        ids,
        "Vecka 2",
        "1",
        game_name="Hearts",
        wins="lowest",
        end="rounds",
        deals="1",
    )
    # One deal a table, by seat: 13, 0, 5, 8 → the lowest first: seats 1, 2, 3, 0 → 3, 2, 1, 0.
    seated = _play_round(app, client, hearts, 1, (([13, 0, 5, 8],),) * 3)
    second = _by_hand(seated, ((0, 3, 2, 1),) * 3)
    with app.app_context():
        standings = evenings.standings_of(evenings.load(hearts))
        page = clubs.page_of(clubs.load(token))
        ratings = clubs.ratings_of(page)
        stats = clubs.stats_of(page, ids["Anna"])
    assert {row.name: row.points for row in standings.rows} == second
    assert all(row.wins == (second[row.name] == 3) for row in standings.rows)
    season = season_points(client, token)
    total = {name: first[name] + second[name] for name in MEMBERS}
    assert {name: _fraction(got) for name, got in season.items()} == total
    # Every member rated from the six finished games; the statistics name each game.
    assert len(ratings.now) == len(MEMBERS) and all(r.games == 2 for r in ratings.now.values())
    (free,) = [table for table in stats if table.kind == "free"]
    assert free.games == 2 and {row.label for row in free.rows} == {"Chicago", "Hearts"}
    anna = client.get(f"/c/{token}/p/{ids['Anna']}").get_data(as_text=True)
    assert "Games by name" in anna and ">Chicago<" in anna and ">Hearts<" in anna


def test_an_evening_of_free_games_to_a_target_not_typed_is_refused_beside_it(app, client):
    """The end chosen is a target, the target left empty: refused as a single free game is
    ("Enter a number." beside it), the evening's fields kept, no evening made (it was accepted
    as an evening of games that end when the table says so)."""
    token, ids = _club(client)
    before = _evenings(app)
    response = post(
        client,
        f"/c/{token}/evening/new/free",
        name="Chicago night",
        rounds="2",
        scoring="placings",
        members=list(ids.values()),
        end="target",
        target="",
        wins="highest",
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert re.search(r'id="?target-error"?[^>]*>[^<]*Enter a number', page), page
    assert 'value="Chicago night"' in page
    assert _evenings(app) == before


def _evenings(app) -> int:
    with app.app_context():
        return db.session.execute(sa.text("SELECT count(*) FROM evening")).scalar_one()
