"""A club's evenings played and its seasons made through its pages, and the season table read
back from them."""

from __future__ import annotations

import re

from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.web.clubs.club import add, make_club, member_ids, post


def sang_deal(game, deal: int, tricks: dict[str, int]) -> tuple[object, dict[str, int]]:
    """One deal of Sang at ``game``, each player's tricks by name (the seats are drawn); the
    game after it and each player's score by hand: tricks less the quota (8 for the declarer,
    4 for the others)."""
    game = store.append(
        db.session, game, Event("announce", {"deal": deal, "contract": "sang"}), game.seq
    )
    players = game.setup.players
    declarer = players[game.state.current.declarer]
    taken = [tricks[name] for name in players]
    game = store.append(
        db.session, game, Event("record", {"deal": deal, "tricks": taken}), game.seq
    )
    return game, {name: tricks[name] - (8 if name == declarer else 4) for name in players}


def play_round_one(app, evening_token: str, tricks: dict[str, int]) -> dict[str, int]:
    """Start round 1 and play one deal of Sang at its one table; the scores by hand."""
    with app.app_context():
        evening = evenings.start_round(evenings.load(evening_token), 1)
        (table,) = evening.tables(1)
        return sang_deal(table.game, 1, tricks)[1]


def new_club_evening(client, token, name, members):
    response = post(
        client,
        f"/c/{token}/evening/new/bismarck",
        name=name,
        rounds="1",
        scoring="totals",
        variant="modern",
        members=members,
    )
    assert response.status_code == 303
    return re.search(r"/e/([\w-]+)$", response.headers["Location"]).group(1)


def points_text(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def season_points(client, token: str) -> dict[str, str]:
    """Each member's season points as the season table shows them."""
    page = client.get(f"/c/{token}/season").get_data(as_text=True)
    row = (
        r'<th scope="row"><a [^>]+>([^<]+?)</a>\s*<span class="hint places">.*?</span></th>'
        r"\s*<td>\d+</td>"
        r"\s*<td>([^<]+)</td>"
    )
    return dict(re.findall(row, page))


def season_rows(client, token: str, query: str) -> list[tuple[str, str, str]]:
    """(place, name, points) of each row of the season table as ``query`` chooses it."""
    page = client.get(f"/c/{token}/season?{query}").get_data(as_text=True)
    row = (
        r'<tr>\s*<td>([^<]*)</td>\s*<th scope="row"><a [^>]+>([^<]+?)</a>'
        r'\s*<span class="hint places">.*?</span></th>\s*<td>.*?</td>\s*<td>([^<]+)</td>'
    )
    return re.findall(row, page, re.S)


def two_evenings(app, client):
    """A club of Anna, Ben, Carla and Dag; Vecka 1 (Anna, Ben, Carla) and Vecka 2 (Anna, Ben,
    Dag), one deal each: the club's token, the members' ids and each deal's scores by hand."""
    token = make_club(client)
    add(client, token, "Anna", "Ben", "Carla", "Dag")
    ids = member_ids(client, token)
    first = new_club_evening(client, token, "Vecka 1", [ids["Anna"], ids["Ben"], ids["Carla"]])
    second = new_club_evening(client, token, "Vecka 2", [ids["Anna"], ids["Ben"], ids["Dag"]])
    one = play_round_one(app, first, {"Anna": 8, "Ben": 4, "Carla": 4})
    two = play_round_one(app, second, {"Anna": 2, "Ben": 7, "Dag": 7})
    return token, ids, one, two


def new_season(client, token, **fields):
    return post(client, f"/c/{token}/seasons/new", **fields)


def season_id_of(response) -> int:
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(re.search(r"/s/(\d+)$", response.headers["Location"]).group(1))


def evening_ids(client, token) -> dict[str, int]:
    """The club's evenings by name, read from the season form's tick boxes."""
    page = client.get(f"/c/{token}/seasons/new").get_data(as_text=True)
    found = re.findall(r'name="evenings" type="checkbox" value="(\d+)"> <span>([^<·]+) ·', page)
    return {name.strip(): int(value) for value, name in found}
